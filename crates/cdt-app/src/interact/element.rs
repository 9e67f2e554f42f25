//! `element …`: act on an element named by uid, selector or text. Before acting the element is
//! scrolled into view, given up to a second to stop moving (an animation of its box, on it or
//! around it), and checked (visible, enabled, not covered at the action point); the
//! pointer rests there once the point stays put ([`pointer_onto`] in `pointing.rs`, for a hover and before a
//! press); then real input events are dispatched, and the feedback says what the action caused.
//! Putting values and files into fields (`fill`, `select`, `check`, `fill-form`, `upload`) is
//! `fill.rs`, on these same aims and presses.

use cdt_domain::interact::{DispatchOutcome, MouseButton};
use cdt_domain::ops::ActionReply;
use cdt_domain::ops::{ClickParams, DragParams, ElementActionParams, ElementTarget};
use cdt_domain::probe::ProbeCommand;
use cdt_domain::{CdtError, ErrorCode, Warning, WarningCode};
use serde_json::{Value, json};
use tokio::time::Instant;

use super::locate::{self, Located};
use super::pointing::{Aim, Rest, aim, pointer_onto, press_element};
use super::why::{self, Why};
use super::{Target, feedback, probe_result};
use crate::context::PageCtx;
use crate::context::Scope;
use crate::dispatch::use_case;

use_case!(ElementClick, |scope, params, until| click(
    scope, &params, until
)
.await);
use_case!(ElementDblclick, |scope, params, until| pointer(
    scope,
    &params,
    PointerAction::DoubleClick,
    until
)
.await);
use_case!(ElementHover, |scope, params, until| pointer(
    scope,
    &params,
    PointerAction::Hover,
    until
)
.await);
use_case!(ElementDrag, |scope, params, until| drag(
    scope, &params, until
)
.await);
use_case!(ElementFocus, |scope, params, until| focus(
    scope, &params, until
)
.await);
use_case!(ElementClear, |scope, params, until| clear(
    scope, &params, until
)
.await);

/// Adds the `ACTION_NO_EFFECT` warning when nothing observable changed (never with `no_wait`:
/// nothing was watched, so nothing can be said to have had no effect).
pub fn finish(reply: ActionReply, action: &str, uid: &str, no_wait: bool) -> ActionReply {
    finish_with(reply, action, uid, no_wait, None)
}

/// [`finish`] for an action whose work may be to move the focus (a key: Tab, an arrow in a
/// group) or to scroll (Page Down): a focus or a page that moved is its effect, not nothing.
/// `why`: as [`finish_with`]'s.
pub fn finish_moving_focus(
    reply: ActionReply,
    action: &str,
    what: &str,
    why: Option<Why>,
) -> ActionReply {
    let moved = !reply.changes.is_empty() || reply.scrolled.is_some();
    finish_with(reply, action, what, moved, why)
}

/// [`finish`], with why nothing happened when the page told (`result`, and `invalid` fields).
/// `silent`: no `ACTION_NO_EFFECT` whatever the reply (nothing was watched, or what changed is
/// the action's effect though not the page's).
pub(super) fn finish_with(
    mut reply: ActionReply,
    action: &str,
    uid: &str,
    silent: bool,
    why: Option<Why>,
) -> ActionReply {
    if !silent && reply.no_effect() && reply.snapshot.is_none() {
        let message = match &why {
            Some(why) => format!(
                "{action} {uid} changed nothing observable: {}",
                why.result()
            ),
            None => format!(
                "{action} {uid} changed nothing observable (no navigation, dialog, new page or DOM change)"
            ),
        };
        reply
            .warnings
            .push(Warning::new(WarningCode::ActionNoEffect, message));
    }
    if let Some(why) = why {
        reply.result = Some(why.result());
        reply.invalid = why.invalid();
    }
    reply.action = action.to_string();
    reply.uid = uid.to_string();
    reply
}

pub(super) fn pick(target: &ElementTarget) -> Result<Target, CdtError> {
    Target::named(
        target.uid.as_deref(),
        target.selector.as_deref(),
        target.text.as_deref(),
    )
}

/// What `element click|dblclick|hover` does at the element's action point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointerAction {
    Click,
    DoubleClick,
    Hover,
}

impl PointerAction {
    /// The name the reply's `action` field carries.
    pub fn name(self) -> &'static str {
        match self {
            PointerAction::Click => "click",
            PointerAction::DoubleClick => "dblclick",
            PointerAction::Hover => "hover",
        }
    }
}

/// `element click`: a click with the button asked for (left by default).
pub async fn click(
    scope: &Scope<'_>,
    params: &ClickParams,
    until: Instant,
) -> Result<ActionReply, CdtError> {
    let button = params.button.unwrap_or_default().into();
    let action = PointerAction::Click;
    pointer_with(scope, &params.target, params.no_wait, action, button, until).await
}

/// Click, double click or hover.
pub async fn pointer(
    scope: &Scope<'_>,
    params: &ElementActionParams,
    action: PointerAction,
    until: Instant,
) -> Result<ActionReply, CdtError> {
    let (target, no_wait) = (&params.target, params.no_wait);
    pointer_with(scope, target, no_wait, action, MouseButton::Left, until).await
}

async fn pointer_with(
    scope: &Scope<'_>,
    target: &ElementTarget,
    no_wait: bool,
    action: PointerAction,
    button: MouseButton,
    until: Instant,
) -> Result<ActionReply, CdtError> {
    let Target {
        frame,
        mut args,
        what,
    } = pick(target)?;
    if action != PointerAction::Hover {
        // The press is guarded from the aim on (see `press_element`).
        args["press"] = json!(true);
    }
    let (ctx, _mutating) = scope.page_for_action(target.page, until).await?;
    let mut before = feedback::before(&ctx).await;
    let Aim {
        x,
        y,
        uid,
        saves,
        field,
        ambiguous,
        ..
    } = aim(&ctx, &frame, args.clone(), &what).await?;
    // (A hover too: a menu shown on hover often waits out a pause, so a passing pointer does
    // not open it.)
    if !field {
        before.activating();
    }
    if saves && action != PointerAction::Hover {
        before.expect_download();
    }
    let outcome = match action {
        PointerAction::Hover => match pointer_onto(&ctx, &frame, &args, &what, (x, y), &uid).await?
        {
            Rest::At(..) => DispatchOutcome::default(),
            Rest::Dialog(outcome) => outcome,
        },
        PointerAction::DoubleClick | PointerAction::Click => {
            let clicks = if action == PointerAction::Click { 1 } else { 2 };
            press_element(&ctx, &frame, &args, &what, (x, y), &uid, (clicks, button)).await?
        }
    };
    let feedback_value = feedback::after(&ctx, before, outcome, no_wait).await;
    let clicked = matches!(action, PointerAction::Click | PointerAction::DoubleClick);
    // A submission that validation blocked is told even where something else changed: the
    // browser focuses the first invalid field, and an agent that acted before looking gets the
    // whole page, with nothing to compare it with.
    let why = if clicked && !no_wait && feedback_value.stayed_in_page() {
        why::of_click(&ctx, &uid)
            .await
            .filter(|why| feedback_value.no_effect() || matches!(why, Why::SubmitBlocked(_)))
    } else {
        None
    };
    let mut reply = finish_with(feedback_value, action.name(), &uid, no_wait, why);
    if button != MouseButton::Left {
        reply.button = Some(button.name().to_string());
    }
    reply.warnings.extend(ambiguous);
    Ok(reply)
}

pub async fn drag(
    scope: &Scope<'_>,
    params: &DragParams,
    until: Instant,
) -> Result<ActionReply, CdtError> {
    // Either end may be a CSS selector too: a drop zone, or a sortable list's item, whose
    // handlers were added by script shows no sign of them, so it may have no uid.
    let mut from = Target::uid_or_selector(&params.from)?;
    // (Not on text left selected by a drag before: that would start the browser's text drag.)
    from.args["unselect"] = json!(true);
    let mut to = Target::uid_or_selector(&params.to)?;
    to.args["noScroll"] = json!(true);
    let (ctx, _mutating) = scope.page_for_action(params.page, until).await?;
    let before = feedback::before(&ctx).await;
    let from_aim = aim(&ctx, &from.frame, from.args.clone(), &from.what).await?;
    let (from_aim, to_aim) = match aim(&ctx, &to.frame, to.args.clone(), &to.what).await {
        // The drop target is off screen: both ends must be on it for the drag.
        Err(error) if error.code == ErrorCode::TargetOutOfView => {
            both_in_view(&ctx, from, to).await?
        }
        to_aim => (from_aim, to_aim?),
    };
    let Aim {
        x: x1,
        y: y1,
        uid,
        draggable,
        ..
    } = from_aim;
    let Aim {
        x: x2,
        y: y2,
        uid: to_uid,
        ..
    } = to_aim;
    // A drag that goes nowhere starts no drag: say so now rather than wait for one.
    if to_uid == uid || ((x2 - x1).abs() < 2.0 && (y2 - y1).abs() < 2.0) {
        let what = if to_uid == uid {
            format!("{uid} onto itself")
        } else {
            format!("{uid} onto {to_uid}: their action points are the same spot")
        };
        return Err(CdtError::new(
            ErrorCode::ValidationError,
            format!("cannot drag {what}; a drag needs a target elsewhere"),
        )
        .hinted("Drop on another element: cdt element drag <from> <to> (droptarget lines in the snapshot take drops)"));
    }
    // An HTML5 drag source's drag is waited for; any drag the page starts becomes drag events.
    let outcome = ctx
        .browser
        .drag(&ctx.target, (x1, y1), (x2, y2), draggable)
        .await?;
    let feedback_value = feedback::after(&ctx, before, outcome, params.no_wait).await;
    Ok(finish(feedback_value, "drag", &uid, params.no_wait))
}

/// Aims at both ends of a drag, the drop target brought on screen by the least scroll (the
/// source, centred before, stays on screen where both fit).
async fn both_in_view(ctx: &PageCtx, mut from: Target, to: Target) -> Result<(Aim, Aim), CdtError> {
    let located = locate::in_any_frame(ctx, to.frame.clone(), to.args.clone(), &to.what).await?;
    let mut nearest = located.args;
    nearest["nearest"] = json!(true);
    probe_result(
        ctx.probe(&located.frame, ProbeCommand::ScrollIntoView, nearest)
            .await?,
        &to.what,
    )?;
    from.args["noScroll"] = json!(true);
    let apart = |error: CdtError| {
        if error.code != ErrorCode::TargetOutOfView {
            return error;
        }
        CdtError::new(
            ErrorCode::TargetOutOfView,
            format!("{} and {} are too far apart to be on screen together, as a drag needs", from.what, to.what),
        )
        .hinted("Drag in steps, dropping on a nearer target first; or by hand: cdt input mouse-down <x> <y>, then cdt input scroll, cdt input mouse-move, cdt input mouse-up")
    };
    let from_aim = aim(ctx, &from.frame, from.args.clone(), &from.what)
        .await
        .map_err(apart)?;
    let to_aim = aim(ctx, &to.frame, to.args.clone(), &to.what)
        .await
        .map_err(apart)?;
    Ok((from_aim, to_aim))
}

/// `element focus`: the focus given, and what that caused (a tooltip, a list that opens on
/// focus); an element that cannot take the focus is refused, not reported as unfocused.
pub async fn focus(
    scope: &Scope<'_>,
    params: &ElementActionParams,
    until: Instant,
) -> Result<ActionReply, CdtError> {
    probe_action(scope, params, ProbeCommand::Focus, "focus", until).await
}

/// `element clear`: empties a text field, with the action's feedback.
pub async fn clear(
    scope: &Scope<'_>,
    params: &ElementActionParams,
    until: Instant,
) -> Result<ActionReply, CdtError> {
    probe_action(scope, params, ProbeCommand::Clear, "clear", until).await
}

/// An action the page probe does on an element by itself (`focus`, `clear`), with its feedback.
async fn probe_action(
    scope: &Scope<'_>,
    params: &ElementActionParams,
    command: ProbeCommand,
    action: &str,
    until: Instant,
) -> Result<ActionReply, CdtError> {
    let Target { frame, args, what } = pick(&params.target)?;
    let (ctx, _mutating) = scope.page_for_action(params.target.page, until).await?;
    let Located {
        frame,
        args,
        warning,
    } = locate::in_any_frame(&ctx, frame, args, &what).await?;
    let before = feedback::before(&ctx).await;
    let done = probe_result(ctx.probe(&frame, command, args).await?, &what)?;
    window_focus(&ctx, &done).await?;
    let feedback_value =
        feedback::after(&ctx, before, DispatchOutcome::default(), params.no_wait).await;
    // A focus given is what was asked (the probe refuses an element that cannot take it), so
    // no `ACTION_NO_EFFECT`, even for an element that had it already.
    let silent = params.no_wait || command == ProbeCommand::Focus;
    let mut reply = finish(
        feedback_value,
        action,
        done["uid"].as_str().unwrap_or_default(),
        silent,
    );
    reply.warnings.extend(warning);
    Ok(reply)
}

/// Gives the page's window the focus when the element the probe focused is in a document
/// without it (no click has reached the page yet, or another page is in front): as for a user
/// at the window, the element then gets its `focus` event, which a page's tooltips and
/// suggestion lists open on.
pub(super) async fn window_focus(ctx: &PageCtx, prepared: &Value) -> Result<(), CdtError> {
    if prepared["pageFocused"] == false {
        ctx.browser.activate(&ctx.target).await?;
    }
    Ok(())
}
