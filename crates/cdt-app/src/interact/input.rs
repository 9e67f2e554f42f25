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
use super::keys::{parse_keys, type_into_focus};
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
