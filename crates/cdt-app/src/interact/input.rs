//! `input …`: keys, text and the mouse by coordinates, each with feedback.

use cdt_domain::interact::{DispatchOutcome, KeyInput, MouseButton, MouseEventKind, MouseInput};
use cdt_domain::ops::{
    ActionReply, ClickAtParams, ClickButton, KeyParams, PointDragParams, PointParams, ScrollParams,
    TypeParams,
};
use cdt_domain::probe::ProbeCommand;
use cdt_domain::{CdtError, Warning, WarningCode};
use serde_json::json;
use tokio::time::Instant;

use super::element::{finish, finish_moving_focus, finish_with};
use super::feedback;
use super::pointing::click_at;
use super::why::{self, Why};
use crate::context::PageCtx;
use crate::context::Scope;
use crate::dispatch::use_case;

use_case!(InputKey, |scope, params, until| key(scope, &params, until)
    .await);
use_case!(InputType, |scope, params, until| type_text(
    scope, &params, until
)
.await);
use_case!(InputMouseMove, |scope, params, until| mouse(
    scope,
    &params,
    MouseAction::Move,
    until
)
.await);
use_case!(InputClick, |scope, params, until| click(
    scope, &params, until
)
.await);
use_case!(InputMouseDown, |scope, params, until| mouse(
    scope,
    &params,
    MouseAction::Down,
    until
)
.await);
use_case!(InputMouseUp, |scope, params, until| mouse(
    scope,
    &params,
    MouseAction::Up,
    until
)
.await);
use_case!(InputDrag, |scope, params, until| drag(
    scope, &params, until
)
.await);
use_case!(InputScroll, |scope, params, until| scroll(
    scope, &params, until
)
.await);

const MODIFIERS: &[(&str, u32)] = &[
    ("alt", 1),
    ("control", 2),
    ("ctrl", 2),
    ("meta", 4),
    ("cmd", 4),
    ("command", 4),
    ("shift", 8),
];

/// Named keys: (name, code, Windows key code, text).
const NAMED: &[(&str, &str, u32, Option<&str>)] = &[
    ("Enter", "Enter", 13, Some("\r")),
    ("Tab", "Tab", 9, None),
    ("Escape", "Escape", 27, None),
    ("Backspace", "Backspace", 8, None),
    ("Delete", "Delete", 46, None),
    ("Space", "Space", 32, Some(" ")),
    ("ArrowLeft", "ArrowLeft", 37, None),
    ("ArrowUp", "ArrowUp", 38, None),
    ("ArrowRight", "ArrowRight", 39, None),
    ("ArrowDown", "ArrowDown", 40, None),
    ("Home", "Home", 36, None),
    ("End", "End", 35, None),
    ("PageUp", "PageUp", 33, None),
    ("PageDown", "PageDown", 34, None),
    ("Insert", "Insert", 45, None),
];

/// Parses `Control+Shift+R`, `Enter`, `a`, `F5` into a key event.
pub fn parse_keys(chord: &str) -> Result<KeyInput, CdtError> {
    let parts: Vec<&str> = chord.split('+').filter(|p| !p.is_empty()).collect();
    let Some((key, modifier_names)) = parts.split_last() else {
        return Err(CdtError::validation("no key given")
            .hinted("Examples: cdt input key Enter; cdt input key Control+A"));
    };
    let mut modifiers = 0;
    for name in modifier_names {
        let found = MODIFIERS.iter().find(|(m, _)| m.eq_ignore_ascii_case(name));
        modifiers |= found.map(|(_, bit)| *bit).ok_or_else(|| {
            CdtError::validation(format!("unknown modifier {name:?}"))
                .hinted("Modifiers: Alt, Control, Meta, Shift (e.g. Control+Shift+R)")
        })?;
    }
    let command_held = modifiers & (2 | 4) != 0;
    if let Some((name, code, key_code, text)) =
        NAMED.iter().find(|(n, ..)| n.eq_ignore_ascii_case(key))
    {
        let key = if *name == "Space" { " " } else { name };
        return Ok(KeyInput {
            key: key.to_string(),
            code: code.to_string(),
            key_code: *key_code,
            text: text.filter(|_| !command_held).map(str::to_string),
            modifiers,
        });
    }
    if let Some(number) = key
        .strip_prefix(['F', 'f'])
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|n| (1..=24).contains(n))
    {
        return Ok(KeyInput {
            key: format!("F{number}"),
            code: format!("F{number}"),
            key_code: 111 + number,
            text: None,
            modifiers,
        });
    }
    let mut chars = key.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Err(CdtError::validation(format!("unknown key {key:?}"))
            .hinted("Use a single character or a key name: Enter, Tab, Escape, Backspace, Delete, ArrowUp, Home, PageDown, F5, …"));
    };
    Ok(char_key(c, modifiers))
}

/// The key that types `c`, with `modifiers` held (Shift types a letter's capital; Control or
/// Meta held types nothing, and a letter's key is then its small one, as a keyboard gives it:
/// `Control+A` is `a` with Control).
fn char_key(c: char, modifiers: u32) -> KeyInput {
    let command_held = modifiers & (2 | 4) != 0;
    let shifted = modifiers & 8 != 0;
    let text = if shifted {
        c.to_uppercase().to_string()
    } else if command_held {
        c.to_lowercase().to_string()
    } else {
        c.to_string()
    };
    let (code, key_code) = if c.is_ascii_alphabetic() {
        (
            format!("Key{}", c.to_ascii_uppercase()),
            u32::from(c.to_ascii_uppercase()),
        )
    } else if c.is_ascii_digit() {
        (format!("Digit{c}"), u32::from(c))
    } else if c == ' ' {
        ("Space".to_string(), 32)
    } else {
        (String::new(), 0)
    };
    KeyInput {
        key: text.clone(),
        code,
        key_code,
        text: (!command_held).then_some(text),
        modifiers,
    }
}

/// Types `text` into what has the focus as a user's typing ends: all but its last character
/// inserted at once (one `input` event: fast, whatever its length), the last typed as its key
/// (`keydown`, `keypress`, `input`, `keyup`), so a page that reacts to keys sees the whole
/// value (mdBook's search runs on `keyup`, a counter on `keydown`). A last character that is
/// no printable one is inserted too (a line break's key, Enter, would submit a form).
pub async fn type_into_focus(ctx: &PageCtx, text: &str) -> Result<DispatchOutcome, CdtError> {
    let Some((at, last)) = text.char_indices().last().filter(|(_, c)| !c.is_control()) else {
        return ctx.browser.insert_text(&ctx.target, text).await;
    };
    if at > 0 {
        let inserted = ctx.browser.insert_text(&ctx.target, &text[..at]).await?;
        if inserted.dialog.is_some() {
            return Ok(inserted);
        }
    }
    // (A capital letter's key comes with Shift held, as a hand types it.)
    let shift = if last.is_ascii_uppercase() { 8 } else { 0 };
    ctx.browser.key(&ctx.target, &char_key(last, shift)).await
}

/// Does `work` on the page and reports what it caused (the reply still to be finished);
/// `activates`: the work activates something (see [`feedback::Before::activating`]).
async fn observed(
    ctx: &PageCtx,
    activates: bool,
    work: impl std::future::Future<Output = Result<DispatchOutcome, CdtError>>,
) -> Result<ActionReply, CdtError> {
    let mut before = feedback::before(ctx).await;
    if activates {
        before.activating();
    }
    let outcome = work.await?;
    Ok(feedback::after(ctx, before, outcome, false).await)
}

async fn with_feedback(
    ctx: &PageCtx,
    action: &str,
    what: &str,
    work: impl std::future::Future<Output = Result<DispatchOutcome, CdtError>>,
) -> Result<ActionReply, CdtError> {
    Ok(finish(
        observed(ctx, false, work).await?,
        action,
        what,
        false,
    ))
}

pub async fn key(
    scope: &Scope<'_>,
    params: &KeyParams,
    until: Instant,
) -> Result<ActionReply, CdtError> {
    let input = parse_keys(&params.keys)?;
    let (ctx, _mutating) = scope.page_for_action(params.page, until).await?;
    let mut reply = observed(
        &ctx,
        input.activates(),
        ctx.browser.key(&ctx.target, &input),
    )
    .await?;
    let why = blocked(&ctx, &reply, Some(&input)).await;
    // (Page Down, End, Space, the arrows: a key that scrolls says what it moved, and where the
    // page came to rest: the browser animates it.)
    if reply.stayed_in_page() {
        let state = ctx.probe("", ProbeCommand::State, json!({})).await?;
        if let Some(scrolled) = state["scrolled"].as_str() {
            reply.scrolled = Some(scrolled.to_string());
            reply.scroll = super::probe_read(&at_rest(&ctx, state).await?, "scroll").ok();
        }
    }
    Ok(finish_moving_focus(reply, "key", &params.keys, why))
}

/// The page's state once its scroll position stays put (50 ms apart, 1 s at most): a scroll
/// the browser animates (a key's) is read where it ends.
async fn at_rest(
    ctx: &PageCtx,
    mut state: serde_json::Value,
) -> Result<serde_json::Value, CdtError> {
    for _ in 0..20 {
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        let now = ctx.probe("", ProbeCommand::State, json!({})).await?;
        if now["scroll"] == state["scroll"] {
            return Ok(now);
        }
        state = now;
    }
    Ok(state)
}

pub async fn type_text(
    scope: &Scope<'_>,
    params: &TypeParams,
    until: Instant,
) -> Result<ActionReply, CdtError> {
    let submit = params.submit.as_deref().map(parse_keys).transpose()?;
    let (ctx, _mutating) = scope.page_for_action(params.page, until).await?;
    let mut before = feedback::before(&ctx).await;
    // Suggestions come once typing pauses; after a submitting key, what it caused.
    if submit.is_none() && !params.text.is_empty() {
        before.typing_into_focus();
    }
    if submit.as_ref().is_some_and(KeyInput::activates) {
        before.activating();
    }
    let typed = type_into_focus(&ctx, &params.text).await?;
    let outcome = match &submit {
        Some(key) if typed.dialog.is_none() => ctx.browser.key(&ctx.target, key).await?,
        _ => typed,
    };
    let observed = feedback::after(&ctx, before, outcome, false).await;
    let why = blocked(&ctx, &observed, submit.as_ref()).await;
    Ok(finish_with(
        observed,
        "type",
        "the focused element",
        false,
        why,
    ))
}

/// Enter in a field of a form whose fields are not valid submits nothing: the browser shows its
/// message by the first invalid field (outside the page, so no snapshot line shows it) and
/// focuses that field. The reply says so, as a click's does (`result`, `invalid`).
async fn blocked(ctx: &PageCtx, reply: &ActionReply, key: Option<&KeyInput>) -> Option<Why> {
    let enter = key.is_some_and(|key| key.key == "Enter");
    if !(enter && reply.stayed_in_page()) {
        return None;
    }
    why::of_submission(ctx).await
}

fn button(button: Option<ClickButton>) -> MouseButton {
    button.unwrap_or_default().into()
}

/// `input click x y`: a click (or a double click) at a point, with its feedback.
pub async fn click(
    scope: &Scope<'_>,
    params: &ClickAtParams,
    until: Instant,
) -> Result<ActionReply, CdtError> {
    let button = button(params.button);
    let (ctx, _mutating) = scope.page_for_action(params.page, until).await?;
    let (x, y) = (params.x, params.y);
    let count = if params.double { 2 } else { 1 };
    let reply = observed(&ctx, true, click_at(&ctx, x, y, count, button)).await?;
    Ok(finish(reply, "click", &format!("{x},{y}"), false))
}

/// What `input mouse-move|mouse-down|mouse-up` does at a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MouseAction {
    Move,
    Down,
    Up,
}

impl MouseAction {
    /// The name the reply's `action` field carries.
    pub fn name(self) -> &'static str {
        match self {
            MouseAction::Move => "mouse-move",
            MouseAction::Down => "mouse-down",
            MouseAction::Up => "mouse-up",
        }
    }
}

/// `mouse-move`, `mouse-down`, `mouse-up` at a point.
pub async fn mouse(
    scope: &Scope<'_>,
    params: &PointParams,
    action: MouseAction,
    until: Instant,
) -> Result<ActionReply, CdtError> {
    let button = button(params.button);
    let (ctx, _mutating) = scope.page_for_action(params.page, until).await?;
    let (x, y) = (params.x, params.y);
    let what = format!("{x},{y}");
    let work = async {
        match action {
            MouseAction::Down => {
                ctx.browser
                    .mouse(
                        &ctx.target,
                        &MouseInput {
                            button,
                            ..MouseInput::at(MouseEventKind::Pressed, x, y)
                        },
                    )
                    .await
            }
            MouseAction::Up => {
                ctx.browser
                    .mouse(
                        &ctx.target,
                        &MouseInput {
                            button,
                            ..MouseInput::at(MouseEventKind::Released, x, y)
                        },
                    )
                    .await
            }
            MouseAction::Move => {
                ctx.browser
                    .mouse(&ctx.target, &MouseInput::moved(x, y))
                    .await
            }
        }
    };
    with_feedback(&ctx, action.name(), &what, work).await
}

pub async fn drag(
    scope: &Scope<'_>,
    params: &PointDragParams,
    until: Instant,
) -> Result<ActionReply, CdtError> {
    let (ctx, _mutating) = scope.page_for_action(params.page, until).await?;
    let what = format!("{},{} → {},{}", params.x1, params.y1, params.x2, params.y2);
    with_feedback(
        &ctx,
        "drag",
        &what,
        ctx.browser.drag(
            &ctx.target,
            (params.x1, params.y1),
            (params.x2, params.y2),
            false,
        ),
    )
    .await
}

pub async fn scroll(
    scope: &Scope<'_>,
    params: &ScrollParams,
    until: Instant,
) -> Result<ActionReply, CdtError> {
    let at = params.at.map(|point| (point.x, point.y));
    let (ctx, _mutating) = scope.page_for_action(params.page, until).await?;
    let (x, y) = match at {
        Some(point) => point,
        None => {
            let state = ctx.probe("", ProbeCommand::State, json!({})).await?;
            (
                state["viewport"]["width"].as_f64().unwrap_or(800.0) / 2.0,
                state["viewport"]["height"].as_f64().unwrap_or(600.0) / 2.0,
            )
        }
    };
    let wheel = MouseInput {
        button: MouseButton::None,
        delta_x: params.dx,
        delta_y: params.dy,
        ..MouseInput::at(MouseEventKind::Wheel, x, y)
    };
    let observed = observed(&ctx, false, ctx.browser.mouse(&ctx.target, &wheel)).await?;
    let state = ctx.probe("", ProbeCommand::State, json!({})).await?;
    let scrolled = state["scrolled"].as_str().map(str::to_string);
    let at = format!("{x},{y}");
    // Moving the page (or a pane under the wheel) is what a scroll is for: an effect. Nothing
    // moved: the page (and what is under the wheel) is at its end that way.
    let mut result = finish(observed, "scroll", &at, true);
    if scrolled.is_none() && result.no_effect() {
        let message = format!(
            "scroll at {at} moved nothing: the page (y={}, down to {}) and what is under the point are at their end that way",
            state["scroll"]["y"], state["scroll"]["maxY"]
        );
        result
            .warnings
            .push(Warning::new(WarningCode::ActionNoEffect, message));
    }
    result.scroll = super::probe_read(&state, "scroll").ok();
    result.scrolled = scrolled;
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chords_parse() {
        let enter = parse_keys("Enter").ok();
        assert_eq!(
            enter
                .as_ref()
                .map(|k| (k.key.as_str(), k.key_code, k.text.as_deref())),
            Some(("Enter", 13, Some("\r")))
        );
        let select_all = parse_keys("Control+A").ok();
        assert_eq!(
            select_all.as_ref().map(|k| (
                k.modifiers,
                k.key.as_str(),
                k.code.as_str(),
                k.text.is_none()
            )),
            Some((2, "a", "KeyA", true)),
            "a keyboard's Control+A is `a` with Control"
        );
        let reload = parse_keys("Control+Shift+R").ok();
        assert_eq!(reload.map(|k| k.modifiers), Some(10));
        assert_eq!(parse_keys("F5").ok().map(|k| k.key_code), Some(116));
        assert!(parse_keys("Hyper+A").is_err());
        assert!(parse_keys("Nope").is_err());
    }
}
