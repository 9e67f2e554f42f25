//! Sliders and spin buttons of ARIA's moved by their keys, as a keyboard user moves them: to a
//! number (Page Up / Page Down, then the arrows), or to the words one shows for a value (a time
//! field's AM and PM).

use cdt_domain::interact::{DispatchOutcome, KeyInput};
use cdt_domain::ops::op;
use cdt_domain::probe::ProbeCommand;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};

use crate::context::PageCtx;

/// Keys pressed one at a time, each followed by a read, at most to move a slider or spin
/// button to its value; and keys pressed in a row, read once after (a long way by small steps).
const STEP_KEYS: usize = 200;
const BATCH_KEYS: usize = 5000;

/// How many times, and how often, a slider's value is read again after a key that seems to
/// have moved nothing (its page may draw the new value a frame or two later).
const REDRAWN_READS: usize = 3;
const REDRAWN_WAIT: std::time::Duration = std::time::Duration::from_millis(40);

/// Moves a slider or spin button of ARIA's (focused, at `now`) toward `want` by its keys, as a
/// keyboard user does: Page Up / Page Down while a page's step still fits, then a step at a time
/// (the up or down arrow, or the right or left one where only those move it). It stops at `want`,
/// at the end of its range (a key that moves it no more), or at the nearer of the two values
/// either side of `want` when no step lands on it. One that none of its keys moves, short of the
/// end of its `range` (`aria-valuemin`, `aria-valuemax`), is refused: it is moved some other way.
/// None where it is at `want` already. `now` is what it says as prepared, with the words it
/// shows ([`reading`]).
pub(super) async fn step_to(
    ctx: &PageCtx,
    frame: &str,
    uid: &str,
    ((mut now, mut shown), want): ((f64, String), f64),
    range: (Option<f64>, Option<f64>),
) -> Result<Option<DispatchOutcome>, CdtError> {
    let asked = &want.to_string();
    let at = |value: f64| (value - want).abs() <= 1e-9 * want.abs().max(1.0);
    if at(now) {
        return Ok(None);
    }
    let distance = |value: f64| (value - want).abs();
    // One key of `kind`, up or down, from `from`, and the value it left with the words it
    // shows. (A slider that draws its new value a frame or two after the key, Ionic's range,
    // is read again a moment later before the key is taken to move nothing.)
    let press = |kind: StepKey, up: bool, from: (f64, String)| async move {
        let outcome = ctx.browser.key(&ctx.target, &kind.keys(up)?).await?;
        let after = read_after(ctx, (frame, uid, asked), &from).await?;
        Ok::<_, CdtError>((outcome, after))
    };
    let mut outcome = DispatchOutcome::default();
    // The keys to try, biggest first: a kind of key that moves nothing is not pressed again.
    let mut kinds = vec![StepKey::Page, StepKey::Vertical, StepKey::Horizontal];
    let mut presses = 0;
    let mut batched = 0;
    let mut moved = false;
    while !at(now) && presses < STEP_KEYS {
        let Some(&kind) = kinds.first() else { break };
        let up = want > now;
        let (pressed, (after, words)) = press(kind, up, (now, shown.clone())).await?;
        outcome = pressed;
        presses += 1;
        let passed = if up { after > want } else { after < want };
        // (A key may move it without its number, by the words it shows: an empty segment of a
        // time field, `--`, to `00`, Calcite's. The same key is pressed again.)
        let reworded = words != shown;
        shown = words;
        moved |= after != now || reworded;
        if after == now {
            // This kind moves nothing (or the range ends here): a smaller one may.
            if !reworded {
                kinds.remove(0);
            }
            continue;
        }
        if at(after) || (!passed && distance(after) < distance(now)) {
            // (Many steps still to go by the step this key made — a range of a thousand by
            // ones —: all but the last are pressed in a row, and the value read once after.)
            let steps = (distance(after) / (after - now).abs()).floor();
            now = after;
            if steps >= 3.0 && batched < BATCH_KEYS {
                let many = (steps as usize - 1).min(BATCH_KEYS - batched);
                let key = kind.keys(up)?;
                for _ in 0..many {
                    outcome = ctx.browser.key(&ctx.target, &key).await?;
                }
                batched += many;
                now = settled_value(ctx, frame, uid, asked).await?;
            }
            continue;
        }
        // Past `want` (or the other way: a slider whose up is down). A smallest step past it
        // keeps the nearer value and ends; otherwise the key is undone and not pressed again.
        let smallest = kind != StepKey::Page && passed;
        if smallest && distance(after) <= distance(now) {
            break;
        }
        (outcome, (now, shown)) = press(kind, !up, (after, shown)).await?;
        presses += 1;
        if smallest {
            break;
        }
        kinds.remove(0);
    }
    let at_end = match range {
        (_, Some(max)) if want > now => now >= max,
        (Some(min), _) if want < now => now <= min,
        _ => false,
    };
    // (Refused where it stops short: it is moved some other way, dragged.)
    let refused = |why: String| {
        CdtError::new(ErrorCode::TargetNotInteractable, format!("{uid} {why}"))
            .with_details(json!({ "uid": uid, "value": now, "wanted": want }))
            .run_then::<op::ElementInspect>(uid, " (its box), then drag its handle")
            .run::<op::InputDrag>("<x1> <y1> <x2> <y2>")
    };
    if at(now) || at_end {
        return Ok(Some(outcome));
    }
    if !moved {
        return Err(refused(format!(
            "stayed at {now}: none of its keys (Page Up/Down, the arrows) moves it"
        )));
    }
    if presses >= STEP_KEYS {
        let keys = presses + batched;
        return Err(refused(format!(
            "stopped at {now} after {keys} keys, short of {want}"
        )));
    }
    Ok(Some(outcome))
}

/// The keys that move a slider or spin button, by how far.
#[derive(Clone, Copy, PartialEq, Eq)]
enum StepKey {
    Page,
    Vertical,
    Horizontal,
}

impl StepKey {
    fn keys(self, up: bool) -> Result<KeyInput, CdtError> {
        let key = match (self, up) {
            (StepKey::Page, true) => "PageUp",
            (StepKey::Page, false) => "PageDown",
            (StepKey::Vertical, true) => "ArrowUp",
            (StepKey::Vertical, false) => "ArrowDown",
            (StepKey::Horizontal, true) => "ArrowRight",
            (StepKey::Horizontal, false) => "ArrowLeft",
        };
        super::super::keys::parse_keys(key)
    }
}

/// What a slider or spin button says once its value holds still after keys pressed in a row:
/// read until two reads a moment apart agree (a page may draw it a frame or two late), a few
/// times at most.
async fn settled_value(
    ctx: &PageCtx,
    frame: &str,
    uid: &str,
    asked: &str,
) -> Result<f64, CdtError> {
    let (mut value, _) = range_now(ctx, frame, uid, asked).await?;
    for _ in 0..REDRAWN_READS {
        tokio::time::sleep(REDRAWN_WAIT).await;
        let (again, _) = range_now(ctx, frame, uid, asked).await?;
        if again == value {
            break;
        }
        value = again;
    }
    Ok(value)
}

/// What a slider or spin button says its value is now (`aria-valuenow`), and the words it shows
/// for it (`aria-valuetext`): prepared again for the same value, so focused again too.
async fn range_now(
    ctx: &PageCtx,
    frame: &str,
    uid: &str,
    asked: &str,
) -> Result<(f64, String), CdtError> {
    let read = ctx
        .probe(
            frame,
            ProbeCommand::PrepareFill,
            json!({ "uid": uid, "value": asked }),
        )
        .await?;
    reading(&read).ok_or_else(|| {
        CdtError::new(
            ErrorCode::TargetNotInteractable,
            format!("{uid} no longer says its value (aria-valuenow) while it was being moved"),
        )
        .run::<op::ElementInspect>(uid)
    })
}

/// What the probe's answer for a slider or spin button says of it: its value
/// (`aria-valuenow`) and the words it shows for it (`aria-valuetext`); none without a value.
pub(super) fn reading(answer: &Value) -> Option<(f64, String)> {
    let now = answer["now"].as_f64()?;
    Some((
        now,
        answer["shown"].as_str().unwrap_or_default().to_string(),
    ))
}

/// How many arrows, each way, a spin button that shows words is stepped through at most.
const WORD_KEYS: usize = 60;

/// Moves a spin button that shows words for its values (`aria-valuetext`: a time field's AM and
/// PM, Calcite's) to the value that shows `words` (regardless of case), by its arrows: up until
/// they show, or until what it shows comes round again or stays, then down likewise. One that
/// never shows them is refused, naming what it showed. None where it shows them already.
/// `now` is what it says as prepared ([`reading`]).
pub(super) async fn step_to_words(
    ctx: &PageCtx,
    frame: &str,
    uid: &str,
    mut now: (f64, String),
    words: &str,
) -> Result<Option<DispatchOutcome>, CdtError> {
    let wanted = words.trim().to_lowercase();
    if now.1.to_lowercase() == wanted {
        return Ok(None);
    }
    let mut seen = vec![now.1.clone()];
    for up in [true, false] {
        let key = StepKey::Vertical.keys(up)?;
        let mut here = vec![now.1.clone()];
        for _ in 0..WORD_KEYS {
            let outcome = ctx.browser.key(&ctx.target, &key).await?;
            now = read_after(ctx, (frame, uid, words), &now).await?;
            if now.1.to_lowercase() == wanted {
                return Ok(Some(outcome));
            }
            if here.contains(&now.1) {
                break;
            }
            here.push(now.1.clone());
            if !seen.contains(&now.1) {
                seen.push(now.1.clone());
            }
        }
    }
    Err(CdtError::new(
        ErrorCode::ElementNotFound,
        format!(
            "{uid} shows no {words:?} by its arrows; it showed: {}",
            seen.iter()
                .map(|s| format!("{s:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    )
    .with_details(json!({ "uid": uid, "missing": words, "options": seen }))
    .hinted("Pass one of the values in error.details.options"))
}

/// What a slider or spin button says after a key, read again a moment later while it still
/// says what it did before (`from`): a page may draw the new value a frame or two late.
async fn read_after(
    ctx: &PageCtx,
    (frame, uid, asked): (&str, &str, &str),
    from: &(f64, String),
) -> Result<(f64, String), CdtError> {
    let mut after = range_now(ctx, frame, uid, asked).await?;
    for _ in 0..REDRAWN_READS {
        if after != *from {
            break;
        }
        tokio::time::sleep(REDRAWN_WAIT).await;
        after = range_now(ctx, frame, uid, asked).await?;
    }
    Ok(after)
}
