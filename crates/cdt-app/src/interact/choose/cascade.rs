//! A path through a cascade's groups (`Asia / Japan`): PrimeVue's CascadeSelect and Element
//! Plus's cascader show a group's options only once the group is pressed, each step pressed in
//! turn as a user presses them.

use cdt_domain::CdtError;
use cdt_domain::interact::DispatchOutcome;

use super::drop_down::{AGAIN_WAIT, DropDown, LIST_WAIT, close_if_opened, option_of};
use super::press_choice;
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
/// that does not is the error (naming the options shown at that step), the list closed.
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
    for step in steps {
        let choice = match option_of(ctx, drop_down, step, &[], LIST_WAIT).await {
            Ok((offer, _)) => offer.first(),
            Err(error) => {
                close_if_opened(ctx, drop_down).await?;
                return Err(error);
            }
        };
        let pressed = press_choice(ctx, drop_down, step, &choice).await?;
        if pressed.dialog.is_some() {
            return Ok(Some(Some(pressed)));
        }
        outcome = Some(pressed);
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
