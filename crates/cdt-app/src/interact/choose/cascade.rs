//! A path through a cascade's groups (`Asia / Japan`): PrimeVue's CascadeSelect and Element
//! Plus's cascader show a group's options only once the group is pressed, each step pressed in
//! turn as a user presses them.

use std::ops::ControlFlow;
use std::time::Duration;

use cdt_domain::CdtError;
use cdt_domain::interact::DispatchOutcome;

use super::drop_down::{AGAIN_WAIT, DropDown, LIST_WAIT};
use super::drop_down::{close_if_opened, option_of, shown_while};
use super::press_part;
use crate::context::PageCtx;

/// The steps of `value` where it reads as a path (`Asia / Japan`, `Asia > Japan`): none for a
/// value of one step.
pub(super) fn steps_of(value: &str) -> Option<Vec<&str>> {
    let separator = [" / ", " > "].into_iter().find(|s| value.contains(s))?;
    let steps: Vec<&str> = value.split(separator).map(str::trim).collect();
    (steps.len() > 1 && steps.iter().all(|s| !s.is_empty())).then_some(steps)
}

/// Chooses the path `steps` in the list `drop_down` shows, unless the whole `value` is one of its
/// options (`None`: chosen as any value is). Each step's option is pressed once it shows; one
/// that does not is the error (naming the options shown at that step), the list closed. A
/// last step shown chosen already is left so, and the list closed.
pub(super) async fn follow(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
    value: &str,
    steps: &[&str],
) -> Result<Option<Option<DispatchOutcome>>, CdtError> {
    if option_of(ctx, drop_down, value, &[], AGAIN_WAIT)
        .await
        .is_ok()
    {
        return Ok(None);
    }
    let mut outcome = None;
    for (at, step) in steps.iter().enumerate() {
        // (A group whose options show already, chosen before, is not pressed: pressed, a tree's
        // branch would fold.)
        let next = steps.get(at + 1);
        if let Some(next) = next
            && option_of(ctx, drop_down, next, &[], Duration::ZERO)
                .await
                .is_ok()
        {
            continue;
        }
        let choice = match option_of(ctx, drop_down, step, &[], LIST_WAIT).await {
            Ok((offer, _)) => offer.first(),
            Err(error) => {
                close_if_opened(ctx, drop_down).await?;
                return Err(error);
            }
        };
        match press_part(ctx, drop_down, (step, &choice), false).await? {
            ControlFlow::Break(dialog) => return Ok(Some(Some(dialog))),
            ControlFlow::Continue(pressed) => outcome = pressed.or(outcome),
        }
    }
    // (A list its last step leaves open — Element Plus's, where that step was chosen already —
    // is closed, as a user leaves it, once it did not close itself a moment later.)
    if shown_while(ctx, drop_down, AGAIN_WAIT, |shown| shown.listed)
        .await?
        .listed
    {
        close_if_opened(ctx, drop_down).await?;
    }
    Ok(Some(outcome))
}

#[cfg(test)]
mod tests {
    use super::steps_of;

    #[test]
    fn a_path_is_read_by_its_separators() {
        assert_eq!(steps_of("Asia / Japan"), Some(vec!["Asia", "Japan"]));
        assert_eq!(
            steps_of("Europe > France > Paris"),
            Some(vec!["Europe", "France", "Paris"])
        );
        assert_eq!(steps_of("AC/DC"), None);
        assert_eq!(steps_of("Japan"), None);
        assert_eq!(steps_of("Asia / "), None);
    }
}
