//! Choosing an option of a drop-down the page draws itself (a `div` or button of role combobox,
//! a list box: Material UI's and Radix's Select, Headless UI's Listbox, a text combobox's
//! suggestions), as a user chooses: the drop-down pressed open, then the option pressed.

use std::ops::ControlFlow;
use std::time::Duration;

use cdt_domain::interact::DispatchOutcome;
use cdt_domain::ops::op;
use cdt_domain::probe::ProbeCommand;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::json;

use super::probe_result;
use crate::context::PageCtx;

mod cascade;
mod drop_down;
mod typed_in;

pub use drop_down::Shows;

use drop_down::{
    AGAIN_WAIT, Choice, DropDown, LIST_WAIT, Offer, Takes, close, close_if_opened, option_of,
    press, press_open, shown_while,
};

/// Presses `uid` in `frame` (unless its list already shows: `open`; where the element that
/// draws it is pressed instead, `at`), then the option named `value` in the list it shows (or,
/// for a list that takes several, the option of each of its comma-separated parts). A list it
/// opened without that option is closed again (Escape), as a user leaves it, and the error
/// names the options.
pub(super) async fn choose(
    ctx: &PageCtx,
    frame: &str,
    what: &str,
    (uid, at, open): (&str, &str, bool),
    (value, shows): (&str, Shows),
) -> Result<Option<DispatchOutcome>, CdtError> {
    let drop_down = DropDown {
        frame,
        what,
        uid,
        at,
        shows,
        opened: !open,
        held: "",
    };
    if !open {
        let outcome = press_open(ctx, &drop_down).await?;
        if outcome.dialog.is_some() {
            return Ok(Some(outcome));
        }
    }
    press_option(ctx, &drop_down, value).await
}

/// The comma-separated parts of `value` (blank ones left out): none when it has no comma.
fn parts_of(value: &str) -> Vec<String> {
    if !value.contains(',') {
        return Vec::new();
    }
    value
        .split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(str::to_string)
        .collect()
}

/// Presses the option named `value` once the list shows it (or the option of each part, for a
/// list that takes several); when none does, closes the list if it was opened here (Escape),
/// and answers why.
async fn press_option(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
    value: &str,
) -> Result<Option<DispatchOutcome>, CdtError> {
    // (A path through a cascade's groups, `Asia / Japan`: each step pressed in turn.)
    if let Some(steps) = cascade::steps_of(value)
        && let Some(followed) = cascade::follow(ctx, drop_down, value, &steps).await?
    {
        return Ok(followed);
    }
    let parts = parts_of(value);
    match option_of(ctx, drop_down, value, &parts, LIST_WAIT).await {
        Ok((Offer::One(choice), takes)) => press_one(ctx, drop_down, (value, choice), takes).await,
        Ok((Offer::Several(choices), takes)) => {
            choose_each(ctx, drop_down, (value, &parts), (Some(choices), takes)).await
        }
        // (Drawn with no roles, with a field of its own the press focused: typed into.)
        Err(error)
            if error.code == ErrorCode::ElementNotFound
                && typed_in::takes_typing(ctx, drop_down).await? =>
        {
            typed_in::choose_typed_in(ctx, drop_down, (value, &parts), error).await
        }
        Err(error) => {
            close_if_opened(ctx, drop_down).await?;
            Err(error)
        }
    }
}

/// Presses the one option `choice` of the list `drop_down` shows. One a list of several shows
/// chosen already is left so (pressed again, it would be taken back); a list of several, which
/// stays open after one, is closed as after several.
async fn press_one(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
    (words, choice): (&str, Choice),
    takes: Takes,
) -> Result<Option<DispatchOutcome>, CdtError> {
    if choice.selected && takes != Takes::One {
        close_if_opened(ctx, drop_down).await?;
        return Ok(None);
    }
    let pressed = press_choice(ctx, drop_down, words, &choice).await?;
    if pressed.dialog.is_some() {
        return Ok(Some(pressed));
    }
    if let Some(confirmed) = confirm(ctx, drop_down).await? {
        return Ok(Some(confirmed));
    }
    if takes == Takes::Several && drop_down.opened {
        close(ctx, drop_down).await?;
    } else if drop_down.opened {
        // A list a choice ends may go a moment later (Ionic's select modal starts to close
        // 200 ms after the press): waited for, so that the reply shows the page it left.
        shown_while(ctx, drop_down, CLOSING_WAIT, |shown| shown.listed).await?;
    }
    Ok(Some(pressed))
}

/// How long a list one choice ends may take to start closing.
const CLOSING_WAIT: Duration = Duration::from_millis(500);

/// Presses the button that confirms what was chosen, where the list is a dialog of options
/// that waits for it (Ionic's alert: its radios or checkboxes, then OK), as a user ends the
/// choice: what that press caused. None where the list asks for none (or went with the press).
async fn confirm(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
) -> Result<Option<DispatchOutcome>, CdtError> {
    let asked = json!({ "uid": drop_down.uid, "value": "", "confirm": true });
    let answer = ctx
        .probe(drop_down.frame, ProbeCommand::Option, asked)
        .await?;
    match answer["confirm"].as_str() {
        Some(button) => press(ctx, drop_down.frame, drop_down.what, button)
            .await
            .map(Some),
        None => Ok(None),
    }
}

/// Presses the option of each of `parts` (`first`: their options as the list showed them
/// first; none where a text combobox shows its list only once typed into), each looked for
/// again as the list shows it then: one shown chosen is left as it is (what was typed to find
/// it taken back), and a list that closed is opened again (pressed, or a text combobox typed
/// into). A list opened here is closed at the end. A list that closed after its first option
/// without saying it takes several took one: an error says so.
async fn choose_each(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
    (value, parts): (&str, &[String]),
    (first, mut takes): (Option<Vec<Choice>>, Takes),
) -> Result<Option<DispatchOutcome>, CdtError> {
    let mut outcome = None;
    for (at, part) in parts.iter().enumerate() {
        let (choice, typed) = match (&first, at) {
            (Some(first), 0) => (first[0].clone(), false),
            (None, 0) => match typed_first(ctx, drop_down, (value, part)).await? {
                (Offer::One(whole), _) => {
                    return press_choice(ctx, drop_down, value, &whole).await.map(Some);
                }
                (Offer::Several(mut choices), told) => {
                    takes = told;
                    (choices.remove(0), true)
                }
            },
            _ => again(ctx, drop_down, part, (takes, &parts[at - 1])).await?,
        };
        match press_part(ctx, drop_down, (part, &choice), typed).await? {
            ControlFlow::Break(dialog) => return Ok(Some(dialog)),
            ControlFlow::Continue(pressed) => outcome = pressed.or(outcome),
        }
    }
    if let Some(confirmed) = confirm(ctx, drop_down).await? {
        return Ok(Some(confirmed));
    }
    close_if_opened(ctx, drop_down).await?;
    Ok(outcome)
}

/// Presses `choice`, the option of `words`, one of several pressed in turn, unless it shows
/// chosen already (left so; what was typed to find it taken back, where it was: `typed`):
/// `Break` where the press opened a dialog (nothing more is pressed), else `Continue` with what
/// it caused, if it was pressed.
async fn press_part(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
    (words, choice): (&str, &Choice),
    typed: bool,
) -> Result<ControlFlow<DispatchOutcome, Option<DispatchOutcome>>, CdtError> {
    if choice.selected {
        if typed {
            take_back(ctx, "").await?;
        }
        return Ok(ControlFlow::Continue(None));
    }
    let pressed = press_choice(ctx, drop_down, words, choice).await?;
    Ok(match pressed.dialog {
        Some(_) => ControlFlow::Break(pressed),
        None => ControlFlow::Continue(Some(pressed)),
    })
}

/// Presses the option `choice` the list showed for `words`. One the page drew anew meanwhile
/// (a list redrawn a moment after what was typed: Tom Select's, Element Plus's) is gone: the
/// option of those words is looked for again, and pressed.
async fn press_choice(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
    words: &str,
    choice: &Choice,
) -> Result<DispatchOutcome, CdtError> {
    match press(ctx, drop_down.frame, drop_down.what, &choice.uid).await {
        Err(error) if error.code == ErrorCode::UidStale => {
            let again = option_of(ctx, drop_down, words, &[], LIST_WAIT)
                .await?
                .0
                .first();
            press(ctx, drop_down.frame, drop_down.what, &again.uid).await
        }
        pressed => pressed,
    }
}

/// The first of the `part`s of `value` typed into a text combobox that shows no list until
/// typed into: the whole value if its list shows that (`One`), else the part's option. A list
/// box of one option has none of several: refused, as is a part it lacks, what it held typed
/// back.
async fn typed_first(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
    (value, part): (&str, &str),
) -> Result<(Offer, Takes), CdtError> {
    type_over(ctx, drop_down, part).await?;
    // (The part asked as a value of several, twice over: its option, unless a list box that
    // takes one answers that it has none of several.)
    let twice = [part.to_string(), part.to_string()];
    match option_of(ctx, drop_down, value, &twice, LIST_WAIT).await {
        Ok(found) => Ok(found),
        Err(error) => Err(typed_in_vain(ctx, drop_down, (drop_down.held, part), error).await?),
    }
}

/// After `part` typed into a text combobox found no option (`error`): what was typed taken
/// back (`held`: what it held before), its list closed, and the error to answer — one that
/// suggested nothing is told so.
async fn typed_in_vain(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
    (held, part): (&str, &str),
    error: CdtError,
) -> Result<CdtError, CdtError> {
    take_back(ctx, held).await?;
    close(ctx, drop_down).await?;
    Ok(match error.code {
        ErrorCode::TargetNotInteractable => suggested_none(drop_down, part),
        _ => error,
    })
}

/// Types `text` over what the text combobox `drop_down` holds, focused first: its press
/// focuses it as a user's does, but what draws it may not pass the focus on.
async fn type_over(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
    text: &str,
) -> Result<DispatchOutcome, CdtError> {
    let focus = json!({ "uid": drop_down.uid });
    let focused = ctx
        .probe(drop_down.frame, ProbeCommand::Focus, focus)
        .await?;
    probe_result(focused, drop_down.what)?;
    super::keys::select_all(ctx).await?;
    super::keys::type_into_focus(ctx, text).await
}

/// Takes back what was typed into the focused field, leaving what it `held` before.
async fn take_back(ctx: &PageCtx, held: &str) -> Result<(), CdtError> {
    super::keys::select_all(ctx).await?;
    if held.is_empty() {
        let key = super::keys::parse_keys("Backspace")?;
        ctx.browser.key(&ctx.target, &key).await?;
    } else {
        super::keys::type_into_focus(ctx, held).await?;
    }
    Ok(())
}

/// The option of `part` as the list shows it after the option of `before` was pressed: in the
/// list still shown, or in the list opened again where it closed and takes several (`takes`);
/// and whether it was typed into a text combobox to find it.
async fn again(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
    part: &str,
    (takes, before): (Takes, &str),
) -> Result<(Choice, bool), CdtError> {
    let one = |(offer, _): (Offer, Takes)| offer.first();
    if let Ok(found) = option_of(ctx, drop_down, part, &[], AGAIN_WAIT).await {
        return Ok((one(found), false));
    }
    if takes != Takes::Several {
        return Err(CdtError::validation(format!(
            "{} took one option: its list closed once {before:?} was chosen (it is chosen now), and it does not say it takes several",
            drop_down.what
        ))
        .run::<op::ElementSelect>(&format!("{} {:?}", drop_down.uid, part))
        .hinted("A drop-down that takes one option is given one"));
    }
    if matches!(drop_down.shows, Shows::Pressed | Shows::Drawn) {
        press_open(ctx, drop_down).await?;
        return Ok((
            one(option_of(ctx, drop_down, part, &[], LIST_WAIT).await?),
            false,
        ));
    }
    type_over(ctx, drop_down, part).await?;
    match option_of(ctx, drop_down, part, &[], LIST_WAIT).await {
        Ok(found) => Ok((one(found), true)),
        Err(error) => Err(typed_in_vain(ctx, drop_down, ("", part), error).await?),
    }
}

/// How long a text combobox's list may take to show when it is pressed: many show every option
/// then (react-select, Material UI's Autocomplete); one that does not is typed into.
const PRESSED_LIST_WAIT: Duration = Duration::from_millis(500);

/// Chooses `value` in the text combobox `uid`: pressed (focusing it), its option pressed if its list
/// shows it then; else the value typed over what it holds and the suggestion of that name
/// pressed (a list that filters by something else than the words shown, Ant Design's by value,
/// shows nothing for them when typed). A suggestion never shown is an error that names those
/// shown, the list closed (Escape) and the text the combobox held (`was`) typed back. A value
/// of several (comma-separated) for a list that takes several is chosen a part at a time. `at`:
/// what is pressed to open it (itself, or what draws a field that takes no pointer).
pub(super) async fn choose_typed(
    ctx: &PageCtx,
    frame: &str,
    what: &str,
    (uid, at, was): (&str, &str, &str),
    value: &str,
) -> Result<Option<DispatchOutcome>, CdtError> {
    let drop_down = DropDown {
        frame,
        what,
        uid,
        at,
        shows: Shows::Typed,
        opened: true,
        held: was,
    };
    pressed_then_typed(ctx, &drop_down, value)
        .await
        .map_err(|error| own_words_hint(error, uid))
}

/// [`choose_typed`] of the text combobox `drop_down`: pressed, then typed into where its list
/// lacks `value`.
async fn pressed_then_typed(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
    value: &str,
) -> Result<Option<DispatchOutcome>, CdtError> {
    let drop_down = *drop_down;
    let pressed = press_open(ctx, &drop_down).await?;
    if pressed.dialog.is_some() {
        return Ok(Some(pressed));
    }
    let parts = parts_of(value);
    let shown = match option_of(ctx, &drop_down, value, &parts, PRESSED_LIST_WAIT).await {
        Ok((Offer::One(choice), takes)) => {
            return press_one(ctx, &drop_down, (value, choice), takes).await;
        }
        Ok((Offer::Several(choices), takes)) => {
            let first = (Some(choices), takes);
            return choose_each(ctx, &drop_down, (value, &parts), first).await;
        }
        // (A list that shows every option but one of several: typing them all in finds none,
        // unless the one it lacks is offered once typed — "Add family…" —, each part then typed
        // in turn.)
        Err(error) if !parts.is_empty() && error.code == ErrorCode::ElementNotFound => {
            let missing = error.details["missing"].as_str().unwrap_or_default();
            if offered_once_typed(ctx, &drop_down, missing).await? {
                let first = (None, Takes::Untold);
                return choose_each(ctx, &drop_down, (value, &parts), first).await;
            }
            close(ctx, &drop_down).await?;
            return Err(error);
        }
        // (No list until typed into: each part typed in turn.)
        Err(_) if !parts.is_empty() => {
            let first = (None, Takes::Untold);
            return choose_each(ctx, &drop_down, (value, &parts), first).await;
        }
        Err(error) => Some(error).filter(|e| e.code == ErrorCode::ElementNotFound),
    };
    type_then_choose(ctx, &drop_down, value, shown).await
}

/// Whether the text combobox `drop_down` offers `part` once it is typed into: an option of
/// those words, or one that adds them as its own (Tom Select's "Add family…", react-select's
/// `Create "family"`). What was typed is taken back.
async fn offered_once_typed(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
    part: &str,
) -> Result<bool, CdtError> {
    if part.is_empty() {
        return Ok(false);
    }
    type_over(ctx, drop_down, part).await?;
    let offered = option_of(ctx, drop_down, part, &[], LIST_WAIT)
        .await
        .is_ok();
    take_back(ctx, drop_down.held).await?;
    Ok(offered)
}

/// A text combobox's "no option" `error`, with how to give it words it does not list where it
/// takes them (a tag added by Enter: Vuetify's combobox, Material UI's free solo).
fn own_words_hint(error: CdtError, uid: &str) -> CdtError {
    if error.code != ErrorCode::ElementNotFound {
        return error;
    }
    let words = error.details["missing"]
        .as_str()
        .map(str::to_string)
        .unwrap_or_else(|| "<words>".to_string());
    error.run_then::<op::ElementFill>(
        &format!("{uid} {words:?}"),
        " then cdt input key Enter, where it takes words it does not list (a new tag)",
    )
}

/// After `value` was typed into the text field `uid` that offers suggestions without saying it
/// is a combobox (jQuery UI's autocomplete, Tagify), presses its suggestion of that name once
/// one shows; none showing, what was typed stays (`None`), as a fill's.
pub(super) async fn press_suggestion(
    ctx: &PageCtx,
    (frame, what): (&str, &str),
    uid: &str,
    value: &str,
) -> Result<Option<DispatchOutcome>, CdtError> {
    let field = DropDown {
        frame,
        what,
        uid,
        at: uid,
        shows: Shows::Suggested,
        opened: false,
        held: "",
    };
    match option_of(ctx, &field, value, &[], LIST_WAIT).await {
        Ok((Offer::One(choice), _)) => Ok(Some(press(ctx, frame, what, &choice.uid).await?)),
        Ok((Offer::Several(_), _)) | Err(_) => Ok(None),
    }
}

/// Types `value` over what the text combobox holds, then presses its suggestion of that name.
/// A suggestion never shown: what was typed goes, what it held typed back, and the error
/// names the options its list showed when pressed (`shown`, an error naming them), if it did.
async fn type_then_choose(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
    value: &str,
    shown: Option<CdtError>,
) -> Result<Option<DispatchOutcome>, CdtError> {
    let typed = type_over(ctx, drop_down, value).await?;
    if typed.dialog.is_some() {
        return Ok(Some(typed));
    }
    // (The list is closed below, once what was typed is taken back: closing it first may take
    // the focus from the field.)
    let kept_open = DropDown {
        opened: false,
        ..*drop_down
    };
    let missed = match press_option(ctx, &kept_open, value).await {
        Err(missed)
            if [ErrorCode::ElementNotFound, ErrorCode::TargetNotInteractable]
                .contains(&missed.code) =>
        {
            missed
        }
        // (Chosen already: what was typed to find it goes.)
        Ok(None) => {
            take_back(ctx, drop_down.held).await?;
            close(ctx, drop_down).await?;
            return Ok(None);
        }
        chosen => return chosen,
    };
    // What was typed goes, as a user takes back a search that found nothing.
    take_back(ctx, drop_down.held).await?;
    close(ctx, drop_down).await?;
    // (What it listed when pressed names more than a typed search that listed nothing.)
    let listed_none = missed.details["options"]
        .as_array()
        .is_some_and(Vec::is_empty);
    if missed.code == ErrorCode::ElementNotFound && !(listed_none && shown.is_some()) {
        return Err(missed);
    }
    Err(shown.unwrap_or_else(|| suggested_none(drop_down, value)))
}

/// The error of a text combobox that showed no suggestions for `value` typed into it.
fn suggested_none(drop_down: &DropDown<'_>, value: &str) -> CdtError {
    CdtError::new(
        ErrorCode::ElementNotFound,
        format!(
            "{} suggested no option {value:?}: no list of suggestions showed within {} ms of typing it (what it held is typed back)",
            drop_down.what,
            LIST_WAIT.as_millis()
        ),
    )
    .with_details(json!({ "options": [], "missing": value }))
    .run_then::<op::ElementFill>(
        &format!("{} <part of it>", drop_down.uid),
        " to see what it suggests",
    )
    .run::<op::CaptureSnapshot>("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_of_several_is_its_comma_separated_parts() {
        assert!(parts_of("Germany").is_empty());
        assert_eq!(parts_of("Ada, Linus,,Grace "), ["Ada", "Linus", "Grace"]);
    }
}
