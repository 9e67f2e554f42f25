//! Where a press goes: an element aimed at (scrolled into view, waited for while it slides
//! into place, its cover gone if the pointer held it open), the pointer brought onto it until
//! it stays put, and the press, guarded against the page moving the element under it.

use std::time::Duration;

use cdt_domain::interact::{DispatchOutcome, MouseButton, MouseEventKind, MouseInput};
use cdt_domain::ops::op;
use cdt_domain::probe::ProbeCommand;
use cdt_domain::{CdtError, ErrorCode, Warning};
use serde_json::{Value, json};

use super::locate::{self, Located};
use super::{frame_of, probe_result};
use crate::context::PageCtx;

/// Where a frame's viewport sits in the page's viewport (zero for the main frame).
pub async fn frame_offset(ctx: &PageCtx, frame: &str) -> Result<(f64, f64), CdtError> {
    let mut offset = (0.0, 0.0);
    let mut current = frame.to_string();
    let children = if frame.is_empty() {
        Vec::new()
    } else {
        ctx.browser.child_frames(&ctx.target).await?
    };
    while !current.is_empty() {
        let Some((_, owner)) = children.iter().find(|(prefix, _)| *prefix == current) else {
            return Err(
                CdtError::new(ErrorCode::UidStale, format!("frame {current} is gone"))
                    .run::<op::CaptureSnapshot>(""),
            );
        };
        let parent = frame_of(owner)?.to_string();
        let owner_box = probe_result(
            ctx.probe(&parent, ProbeCommand::Box, json!({ "uid": owner }))
                .await?,
            owner,
        )?;
        offset.0 += owner_box["content"]["x"].as_f64().unwrap_or(0.0);
        offset.1 += owner_box["content"]["y"].as_f64().unwrap_or(0.0);
        current = parent;
    }
    Ok(offset)
}

/// Where an action aims at an element: its checked action point in page viewport coordinates,
/// its uid, and what a press there may start.
pub(super) struct Aim {
    pub(super) x: f64,
    pub(super) y: f64,
    pub(super) uid: String,
    /// An HTML5 drag source.
    pub(super) draggable: bool,
    /// A link that saves its target (`<a download>`).
    pub(super) saves: bool,
    /// A field to type into or choose from: a click's outcome is its focus.
    pub(super) field: bool,
    /// The text that named it matched other elements as well.
    pub(super) ambiguous: Option<Warning>,
}

pub(super) async fn aim(
    ctx: &PageCtx,
    frame: &str,
    args: Value,
    what: &str,
) -> Result<Aim, CdtError> {
    let named = args.clone();
    let Located {
        mut frame,
        mut args,
        warning,
    } = locate::in_any_frame(ctx, frame.to_string(), args, what).await?;
    let mut found = ctx
        .probe(&frame, ProbeCommand::ActionPoint, args.clone())
        .await?;
    // A target still sliding into place is aimed at where it comes to rest (a row after a
    // filter would otherwise be covered by its neighbour, or pressed where it was).
    let mut waited = Duration::ZERO;
    let mut moved_away = false;
    let mut busy_for = Duration::ZERO;
    loop {
        while let Some(moving) = found["moving"].as_u64().filter(|ms| *ms > 0) {
            let wait = Duration::from_millis(moving + 20).min(MOTION_WAIT.saturating_sub(waited));
            if wait.is_zero() {
                break;
            }
            tokio::time::sleep(wait).await;
            waited += wait;
            found = ctx
                .probe(&frame, ProbeCommand::ActionPoint, args.clone())
                .await?;
            // One named by its text or a selector that the page drew anew meanwhile (a long
            // list redraws its rows as it scrolls) is the one that has that text now.
            if found["error"] == "stale" && named.get("uid").is_none() {
                let mut again = named.clone();
                again["noScroll"] = json!(true);
                Located { frame, args, .. } =
                    locate::in_any_frame(ctx, frame.clone(), again, what).await?;
                found = ctx
                    .probe(&frame, ProbeCommand::ActionPoint, args.clone())
                    .await?;
            }
        }
        // A cover that only tells the page is busy (a loading overlay) goes by itself: waited
        // for, a while at most.
        if found["error"] == "obscured" && found["busy"] == true && busy_for < BUSY_WAIT {
            tokio::time::sleep(BUSY_POLL).await;
            busy_for += BUSY_POLL;
            args["noScroll"] = json!(true);
            found = ctx
                .probe(&frame, ProbeCommand::ActionPoint, args.clone())
                .await?;
            continue;
        }
        // A cover the pointer holds open (a hover menu the last action left it over, a tip
        // shown while it rests elsewhere) goes once the pointer leaves, as a user's hand moves
        // away before aiming: moved to the viewport's corner, the target is aimed at again (not
        // scrolled again), and a cover that fades as it goes is waited for as above, afresh.
        if moved_away || found["error"] != "obscured" || found["hovered"] != true {
            break;
        }
        moved_away = true;
        ctx.browser
            .mouse(&ctx.target, &MouseInput::moved(0.0, 0.0))
            .await?;
        args["noScroll"] = json!(true);
        found = ctx
            .probe(&frame, ProbeCommand::ActionPoint, args.clone())
            .await?;
        waited = Duration::ZERO;
    }
    let found = probe_result(found, what)?;
    let (dx, dy) = frame_offset(ctx, &frame).await?;
    Ok(Aim {
        x: found["x"].as_f64().unwrap_or(0.0) + dx,
        y: found["y"].as_f64().unwrap_or(0.0) + dy,
        uid: found["uid"].as_str().unwrap_or_default().to_string(),
        draggable: found["draggable"] == true,
        saves: found["download"] == true,
        field: found["field"] == true,
        ambiguous: warning,
    })
}

/// How long an action waits, at most, for a cover that tells the page is busy (a loading
/// overlay) to go, and how often it looks.
pub(super) const BUSY_WAIT: Duration = Duration::from_millis(5000);
const BUSY_POLL: Duration = Duration::from_millis(100);

/// How long an action waits, at most, for its target's box to stop moving (an animation or a
/// transition of its position or size, on it or around it) before it aims.
const MOTION_WAIT: Duration = Duration::from_millis(1000);

/// How long a frame the pointer did not reach is given to composite before it is aimed again.
const FRAME_COMPOSITES: Duration = Duration::from_millis(100);

/// Where the pointer came to rest for a press: at a point, or a dialog its move opened (the
/// action's outcome then).
pub(super) enum Rest {
    At(f64, f64),
    Dialog(DispatchOutcome),
}

/// Moves the pointer where a press (or a hover) reaches `uid`: to the action point, then aims at the element
/// again (without scrolling) until the point stays put, three moves at most. A move can change
/// what the page shows: a hover menu that closes when the pointer leaves moves what was under
/// it, and a press at the first point would land on a neighbour. And Chromium hit-tests an
/// out-of-process frame that has not composited yet to its `iframe` element in the page around
/// it: a frame the pointer did not reach is aimed at again a moment later. A move does nothing
/// a page cannot see from any hover. When the element cannot be aimed at after a move (now
/// covered, scrolled away), the pointer stays: the press goes where a user's would.
pub(super) async fn pointer_onto(
    ctx: &PageCtx,
    frame: &str,
    args: &Value,
    what: &str,
    (mut x, mut y): (f64, f64),
    uid: &str,
) -> Result<Rest, CdtError> {
    let target_frame = frame_of(uid).unwrap_or_default();
    let mut again_args = args.clone();
    again_args["noScroll"] = json!(true);
    for attempt in 1..=3 {
        let moved = ctx
            .browser
            .mouse(&ctx.target, &MouseInput::moved(x, y))
            .await?;
        if moved.dialog.is_some() {
            return Ok(Rest::Dialog(moved));
        }
        if attempt == 3 {
            break;
        }
        let arrived = target_frame.is_empty()
            || ctx
                .probe(target_frame, ProbeCommand::PointerArrived, json!({}))
                .await
                .map_or(true, |reply| reply["arrived"] != false);
        if !arrived {
            tokio::time::sleep(FRAME_COMPOSITES).await;
        }
        let Ok(again) = aim(ctx, frame, again_args.clone(), what).await else {
            break;
        };
        if arrived && (again.x - x).abs() < 1.0 && (again.y - y).abs() < 1.0 {
            break;
        }
        (x, y) = (again.x, again.y);
    }
    Ok(Rest::At(x, y))
}

/// How many times a press that landed on something else (the page moved the element as it
/// was pressed) is aimed and made again.
const PRESS_TRIES: u32 = 3;

/// Presses `uid` where the pointer comes to rest over it ([`pointer_onto`]), `clicks` times.
/// With `press` in `args`, the page's probe guards the press: one that lands on something else
/// than the element (content loaded above it moved it since it was aimed at) is kept from the
/// page, and the element is aimed at where it is now and pressed again; `TARGET_OBSCURED` when
/// it never stays put.
pub(super) async fn press_element(
    ctx: &PageCtx,
    frame: &str,
    args: &Value,
    what: &str,
    mut aimed: (f64, f64),
    uid: &str,
    (clicks, button): (u32, MouseButton),
) -> Result<DispatchOutcome, CdtError> {
    let target_frame = frame_of(uid).unwrap_or_default();
    let mut missed = String::new();
    for _ in 0..PRESS_TRIES {
        let (x, y) = match pointer_onto(ctx, frame, args, what, aimed, uid).await? {
            Rest::At(x, y) => (x, y),
            Rest::Dialog(outcome) => return Ok(outcome),
        };
        let outcome = press_at(ctx, x, y, clicks, button).await?;
        if outcome.dialog.is_some() || args.get("press").is_none() {
            return Ok(outcome);
        }
        // (A page that navigated on the press has no guard to ask: it landed.)
        let verdict = ctx
            .probe(target_frame, ProbeCommand::Pressed, json!({}))
            .await
            .unwrap_or_default();
        match verdict["missed"].as_str() {
            Some(landed_on) => missed = landed_on.to_string(),
            None => return Ok(outcome),
        }
        // (Scrolled to again: what moved it may have pushed it out of view.)
        let Aim { x, y, .. } = aim(ctx, frame, args.clone(), what).await?;
        aimed = (x, y);
    }
    Err(CdtError::new(
        ErrorCode::TargetObscured,
        format!(
            "{uid} kept moving as it was pressed: the press landed on {missed} each time, and was kept from the page"
        ),
    )
    .with_details(json!({ "covering": missed }))
    .run_then::<op::PageWaitIdle>("", " (the page is still loading or moving things)")
    .run_then::<op::ElementClick>(uid, " again"))
}

/// Presses `uid` once where a user would, guarded against the page moving it (see
/// [`press_element`]); with `clear`, where none of its own controls shows (what draws a
/// drop-down field, its chosen values' remove buttons inside).
pub(super) async fn press_uid(
    ctx: &PageCtx,
    frame: &str,
    what: &str,
    (uid, clear): (&str, bool),
) -> Result<DispatchOutcome, CdtError> {
    let args = json!({ "uid": uid, "press": true, "clear": clear });
    let Aim { x, y, .. } = aim(ctx, frame, args.clone(), what).await?;
    press_element(ctx, frame, &args, what, (x, y), uid, (1, MouseButton::Left)).await
}

/// Moves to `(x, y)` and clicks `clicks` times (2 = double click).
pub async fn click_at(
    ctx: &PageCtx,
    x: f64,
    y: f64,
    clicks: u32,
    button: MouseButton,
) -> Result<DispatchOutcome, CdtError> {
    let moved = ctx
        .browser
        .mouse(&ctx.target, &MouseInput::moved(x, y))
        .await?;
    if moved.dialog.is_some() {
        return Ok(moved);
    }
    press_at(ctx, x, y, clicks, button).await
}

/// Presses and releases `clicks` times at `(x, y)`, where the pointer is.
async fn press_at(
    ctx: &PageCtx,
    x: f64,
    y: f64,
    clicks: u32,
    button: MouseButton,
) -> Result<DispatchOutcome, CdtError> {
    for count in 1..=clicks {
        for kind in [MouseEventKind::Pressed, MouseEventKind::Released] {
            let outcome = ctx
                .browser
                .mouse(
                    &ctx.target,
                    &MouseInput {
                        click_count: count,
                        button,
                        ..MouseInput::at(kind, x, y)
                    },
                )
                .await?;
            if outcome.dialog.is_some() {
                return Ok(outcome);
            }
        }
    }
    Ok(DispatchOutcome::default())
}
