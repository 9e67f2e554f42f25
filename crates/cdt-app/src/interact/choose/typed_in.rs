//! A drop-down drawn with no roles whose press puts the focus in a text field of its own
//! (Naive UI's filterable select, and its select of tags that takes words it does not list):
//! what its list does not show is typed there, as a user types it, and the option it then
//! shows pressed.

use std::ops::ControlFlow;

use cdt_domain::interact::DispatchOutcome;
use cdt_domain::probe::ProbeCommand;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::json;

use super::drop_down::{DropDown, LIST_WAIT, Shows};
use super::drop_down::{close_if_opened, list_shows, option_of, press_open};
use super::{press_part, typed_in_vain};
use crate::context::PageCtx;
use crate::interact::keys;

/// Whether `drop_down`, drawn with no roles and pressed open, holds the focus in a text field
/// of its own (in it, or beside it in what holds it).
pub(super) async fn takes_typing(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
) -> Result<bool, CdtError> {
    if drop_down.shows != Shows::Drawn {
        return Ok(false);
    }
    let typed = ctx
        .probe(
            drop_down.frame,
            ProbeCommand::Typed,
            json!({ "uid": drop_down.uid }),
        )
        .await?;
    Ok(typed["fieldBeside"] == true)
}

/// Chooses `value` (each of its comma-separated `parts`, or the whole) in `drop_down`, whose
/// focused field takes typing ([`takes_typing`]): each typed there, and the option of those
/// words that shows then pressed (one shown chosen already is left so). A part none offers:
/// what was typed taken back, the list closed, and `missed` (the list's own "no option",
/// naming its options) answered for it.
pub(super) async fn choose_typed_in(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
    (value, parts): (&str, &[String]),
    missed: CdtError,
) -> Result<Option<DispatchOutcome>, CdtError> {
    let whole = [value.to_string()];
    let words = if parts.is_empty() { &whole[..] } else { parts };
    let mut outcome = None;
    for part in words {
        if !list_shows(ctx, drop_down).await?.listed {
            press_open(ctx, drop_down).await?;
        }
        keys::select_all(ctx).await?;
        keys::type_into_focus(ctx, part).await?;
        let choice = match option_of(ctx, drop_down, part, &[], LIST_WAIT).await {
            Ok((offer, _)) => offer.first(),
            Err(error) if error.code == ErrorCode::ElementNotFound => {
                let mut missed = typed_in_vain(ctx, drop_down, ("", part), missed).await?;
                missed.details["missing"] = json!(part);
                return Err(missed);
            }
            Err(error) => return Err(error),
        };
        match press_part(ctx, drop_down, (part, &choice), true).await? {
            ControlFlow::Break(dialog) => return Ok(Some(dialog)),
            ControlFlow::Continue(pressed) => outcome = pressed.or(outcome),
        }
    }
    close_if_opened(ctx, drop_down).await?;
    Ok(outcome)
}
