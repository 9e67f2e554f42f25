//! Choosing an option of a drop-down the page draws itself (a `div` or button of role combobox,
//! a list box: Material UI's and Radix's Select, Headless UI's Listbox, a text combobox's
//! suggestions), as a user chooses: the drop-down pressed open, then the option pressed.

use std::time::Duration;

use cdt_domain::interact::{DispatchOutcome, MouseButton};
use cdt_domain::ops::op;
use cdt_domain::probe::ProbeCommand;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::json;
use tokio::time::Instant;

use super::pointing::{Aim, aim, press_element};
use super::probe_result;
use crate::context::PageCtx;

/// How long the list of options may take to show after the drop-down is pressed (or after
/// typing into a combobox, which may fetch its suggestions).
const LIST_WAIT: Duration = Duration::from_millis(1500);

/// How often the page is asked whether the list shows.
const LIST_POLL: Duration = Duration::from_millis(50);

/// Presses `uid` in `frame` (unless its list already shows: `open`), then the option named
/// `value` in the list it shows. A list it opened without that option is closed again
/// (Escape), as a user leaves it, and the error names the options.
pub(super) async fn choose(
    ctx: &PageCtx,
    frame: &str,
    what: &str,
    (uid, open): (&str, bool),
    value: &str,
) -> Result<DispatchOutcome, CdtError> {
    if !open {
        let outcome = press(ctx, frame, what, uid).await?;
        if outcome.dialog.is_some() {
            return Ok(outcome);
        }
    }
    press_option(ctx, frame, what, (uid, !open), value).await
}

/// Presses the option named `value` once the list `uid` shows it; when none does, closes the
/// list if `opened` here (Escape), and answers why.
async fn press_option(
    ctx: &PageCtx,
    frame: &str,
    what: &str,
    (uid, opened): (&str, bool),
    value: &str,
) -> Result<DispatchOutcome, CdtError> {
    match option_of(ctx, frame, what, uid, value, LIST_WAIT).await {
        Ok(option) => press(ctx, frame, what, &option).await,
        Err(error) => {
            if opened {
                close(ctx, frame, uid).await?;
            }
            Err(error)
        }
    }
}

/// Closes the list `uid` shows by Escape, and waits (a while at most) until it is gone: a
/// menu's backdrop over the page goes with it.
async fn close(ctx: &PageCtx, frame: &str, uid: &str) -> Result<(), CdtError> {
    ctx.browser
        .key(&ctx.target, &super::keys::parse_keys("Escape")?)
        .await?;
    let until = Instant::now() + LIST_WAIT;
    while Instant::now() < until {
        let shown = ctx
            .probe(
                frame,
                ProbeCommand::Option,
                json!({ "uid": uid, "value": "" }),
            )
            .await?;
        // (Gone, or nothing left to ask: the drop-down itself went.)
        if shown["pending"] == true || shown["error"].as_str().is_some_and(|e| e != "no-option") {
            break;
        }
        tokio::time::sleep(LIST_POLL).await;
    }
    Ok(())
}

/// How long a text combobox's list may take to show when it is pressed: many show every option
/// then (react-select, Material UI's Autocomplete); one that does not is typed into.
const PRESSED_LIST_WAIT: Duration = Duration::from_millis(500);

/// Chooses `value` in the text combobox `uid` (focused): pressed, its option pressed if its list
/// shows it then; else the value typed over what it holds and the suggestion of that name
/// pressed (a list that filters by something else than the words shown, Ant Design's by value,
/// shows nothing for them when typed). A suggestion never shown is an error that names those
/// shown, the list closed (Escape).
pub(super) async fn choose_typed(
    ctx: &PageCtx,
    frame: &str,
    what: &str,
    uid: &str,
    value: &str,
) -> Result<DispatchOutcome, CdtError> {
    let pressed = press(ctx, frame, what, uid).await?;
    if pressed.dialog.is_some() {
        return Ok(pressed);
    }
    if let Ok(option) = option_of(ctx, frame, what, uid, value, PRESSED_LIST_WAIT).await {
        return press(ctx, frame, what, &option).await;
    }
    super::keys::select_all(ctx).await?;
    let typed = super::keys::type_into_focus(ctx, value).await?;
    if typed.dialog.is_some() {
        return Ok(typed);
    }
    press_option(ctx, frame, what, (uid, true), value).await
}

/// The uid of the option named `value` in the list `uid` shows, once it shows (`wait` at most).
async fn option_of(
    ctx: &PageCtx,
    frame: &str,
    what: &str,
    uid: &str,
    value: &str,
    wait: Duration,
) -> Result<String, CdtError> {
    let until = Instant::now() + wait;
    loop {
        // (The last look answers with the options drawn by then, if a list shows.)
        let last = Instant::now() >= until;
        let asked = json!({ "uid": uid, "value": value, "last": last });
        let found = probe_result(ctx.probe(frame, ProbeCommand::Option, asked).await?, what)?;
        if let Some(option) = found["uid"].as_str() {
            return Ok(option.to_string());
        }
        if last {
            return Err(CdtError::new(
                ErrorCode::TargetNotInteractable,
                format!(
                    "{what} is a drop-down drawn by the page, and no list of options (role listbox) showed within {} ms",
                    wait.as_millis()
                ),
            )
            .run_then::<op::ElementClick>(uid, " to open it, then click the option by its uid or --text")
            .run::<op::ElementInspect>(uid));
        }
        tokio::time::sleep(LIST_POLL).await;
    }
}

/// Presses `uid` where a user would, guarded against the page moving it.
async fn press(
    ctx: &PageCtx,
    frame: &str,
    what: &str,
    uid: &str,
) -> Result<DispatchOutcome, CdtError> {
    let args = json!({ "uid": uid, "press": true });
    let Aim { x, y, .. } = aim(ctx, frame, args.clone(), what).await?;
    press_element(ctx, frame, &args, what, (x, y), uid, (1, MouseButton::Left)).await
}
