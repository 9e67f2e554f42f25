//! Choosing an option of a drop-down the page draws itself (a `div` or button of role combobox,
//! a list box: Material UI's and Radix's Select, Headless UI's Listbox, a text combobox's
//! suggestions), as a user chooses: the drop-down pressed open, then the option pressed.

use std::time::Duration;

use cdt_domain::interact::{DispatchOutcome, MouseButton};
use cdt_domain::ops::op;
use cdt_domain::probe::ProbeCommand;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};
use tokio::time::Instant;

use super::pointing::{Aim, aim, press_element};
use super::probe_result;
use crate::context::PageCtx;

/// How long the list of options may take to show after the drop-down is pressed (or after
/// typing into a combobox, which may fetch its suggestions).
const LIST_WAIT: Duration = Duration::from_millis(1500);

/// How often the page is asked whether the list shows.
const LIST_POLL: Duration = Duration::from_millis(50);

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
    value: &str,
) -> Result<DispatchOutcome, CdtError> {
    let drop_down = DropDown {
        frame,
        what,
        uid,
        at,
        typed: false,
        opened: !open,
        held: "",
    };
    if !open {
        let outcome = press_open(ctx, &drop_down).await?;
        if outcome.dialog.is_some() {
            return Ok(outcome);
        }
    }
    press_option(ctx, &drop_down, value).await
}

/// A drop-down being chosen from: the element `uid` (named `what` in errors) in `frame`,
/// whether it is a text combobox (`typed`: its list shows what was typed into it), and whether
/// its list was opened here (`opened`: it is closed again when done or on a miss), and the
/// text a text combobox held before (`held`: typed back when what was typed found nothing).
/// `at`: the element pressed to open it (itself, or what draws a field kept out of sight).
#[derive(Clone, Copy)]
struct DropDown<'a> {
    frame: &'a str,
    what: &'a str,
    uid: &'a str,
    at: &'a str,
    typed: bool,
    opened: bool,
    held: &'a str,
}

/// An option a drop-down's list shows: its uid, and whether it shows as chosen already.
#[derive(Debug, Clone, PartialEq)]
struct Choice {
    uid: String,
    selected: bool,
}

/// What a drop-down's list offers for a value (the probe's `option` answer).
#[derive(Debug, Clone, PartialEq)]
enum Offer {
    /// The option named by the whole value.
    One(Choice),
    /// The options of its comma-separated parts, in their order.
    Several(Vec<Choice>),
}

/// How many options a drop-down's list takes, as the page tells it.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Takes {
    /// Several: its list says so (`aria-multiselectable`), or the drop-down's class names it a
    /// multiple select.
    Several,
    /// One: a list box that does not say it takes several.
    One,
    /// The page does not tell (options drawn without a list box, a menu): a list that stays
    /// open after an option takes several.
    Untold,
}

impl Takes {
    /// The probe's `multi`: true, false or null.
    fn of(multi: &Value) -> Takes {
        match multi.as_bool() {
            Some(true) => Takes::Several,
            Some(false) => Takes::One,
            None => Takes::Untold,
        }
    }
}

impl Offer {
    /// The probe's answer: `uid` and `selected`, or `parts`, each with them.
    fn of(answer: &Value) -> Option<(Offer, Takes)> {
        let choice = |c: &Value| {
            Some(Choice {
                uid: c["uid"].as_str()?.to_string(),
                selected: c["selected"] == true,
            })
        };
        let offer = match answer["parts"].as_array() {
            Some(parts) => Offer::Several(parts.iter().map(choice).collect::<Option<_>>()?),
            None => Offer::One(choice(answer)?),
        };
        Some((offer, Takes::of(&answer["multi"])))
    }
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
) -> Result<DispatchOutcome, CdtError> {
    let parts = parts_of(value);
    match option_of(ctx, drop_down, value, &parts, LIST_WAIT).await {
        Ok((Offer::One(choice), takes)) => press_one(ctx, drop_down, choice, takes).await,
        Ok((Offer::Several(choices), takes)) => {
            choose_each(ctx, drop_down, (value, &parts), (Some(choices), takes)).await
        }
        Err(error) => {
            if drop_down.opened {
                close(ctx, drop_down).await?;
            }
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
    choice: Choice,
    takes: Takes,
) -> Result<DispatchOutcome, CdtError> {
    if choice.selected && takes != Takes::One {
        if drop_down.opened {
            close(ctx, drop_down).await?;
        }
        return Ok(DispatchOutcome::default());
    }
    let pressed = press(ctx, drop_down.frame, drop_down.what, &choice.uid).await?;
    if takes == Takes::Several && drop_down.opened && pressed.dialog.is_none() {
        close(ctx, drop_down).await?;
    }
    Ok(pressed)
}

/// How long the list may take to show again after one of several options was pressed (it is
/// drawn anew, or shows still): longer, and the list closed.
const AGAIN_WAIT: Duration = Duration::from_millis(300);

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
) -> Result<DispatchOutcome, CdtError> {
    let mut outcome = DispatchOutcome::default();
    for (at, part) in parts.iter().enumerate() {
        let (choice, typed) = match (&first, at) {
            (Some(first), 0) => (first[0].clone(), false),
            (None, 0) => match typed_first(ctx, drop_down, (value, part)).await? {
                (Offer::One(whole), _) => {
                    return press(ctx, drop_down.frame, drop_down.what, &whole.uid).await;
                }
                (Offer::Several(mut choices), told) => {
                    takes = told;
                    (choices.remove(0), true)
                }
            },
            _ => again(ctx, drop_down, part, (takes, &parts[at - 1])).await?,
        };
        if choice.selected {
            if typed {
                take_back(ctx, "").await?;
            }
            continue;
        }
        outcome = press(ctx, drop_down.frame, drop_down.what, &choice.uid).await?;
        if outcome.dialog.is_some() {
            return Ok(outcome);
        }
    }
    if drop_down.opened {
        close(ctx, drop_down).await?;
    }
    Ok(outcome)
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
    super::keys::select_all(ctx).await?;
    super::keys::type_into_focus(ctx, part).await?;
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
    let one = |(offer, _): (Offer, Takes)| match offer {
        Offer::One(choice) => choice,
        Offer::Several(mut choices) => choices.remove(0),
    };
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
    if !drop_down.typed {
        press_open(ctx, drop_down).await?;
        return Ok((
            one(option_of(ctx, drop_down, part, &[], LIST_WAIT).await?),
            false,
        ));
    }
    super::keys::select_all(ctx).await?;
    super::keys::type_into_focus(ctx, part).await?;
    match option_of(ctx, drop_down, part, &[], LIST_WAIT).await {
        Ok(found) => Ok((one(found), true)),
        Err(error) => Err(typed_in_vain(ctx, drop_down, ("", part), error).await?),
    }
}

/// What shows of a drop-down's list: whether it is still there (an answer with its options,
/// or one still drawing), whether the drop-down still says it is open (`aria-expanded`), and
/// whether something else still covers the drop-down (its menu's backdrop).
struct Shown {
    listed: bool,
    expanded: bool,
    covered: bool,
}

/// What shows of the list `drop_down` shows.
async fn list_shows(ctx: &PageCtx, drop_down: &DropDown<'_>) -> Result<Shown, CdtError> {
    let shown = ctx
        .probe(
            drop_down.frame,
            ProbeCommand::Option,
            json!({ "uid": drop_down.uid, "value": "" }),
        )
        .await?;
    let expanded = shown["expanded"] == true;
    // (Gone, or nothing left to ask: the drop-down itself went.)
    let gone = (shown["pending"] == true && !expanded)
        || shown["error"].as_str().is_some_and(|e| e != "no-option");
    Ok(Shown {
        listed: !gone,
        expanded,
        covered: shown["covered"] == true,
    })
}

/// Closes the list the drop-down shows by Escape, and waits (a while at most) until it is
/// gone and the drop-down shows again: a menu's backdrop over the page goes with it. Nothing is
/// pressed where no list shows (Escape would close a dialog around it). A drop-down that still
/// says it is open a moment later (the page had not moved the focus into its list yet) is sent
/// Escape again.
async fn close(ctx: &PageCtx, drop_down: &DropDown<'_>) -> Result<(), CdtError> {
    let escape = super::keys::parse_keys("Escape")?;
    if !list_shows(ctx, drop_down).await?.listed {
        return Ok(());
    }
    ctx.browser.key(&ctx.target, &escape).await?;
    let start = Instant::now();
    let mut sent = start;
    while start.elapsed() < LIST_WAIT {
        let Shown {
            listed,
            expanded,
            covered,
        } = list_shows(ctx, drop_down).await?;
        if !listed && !covered {
            break;
        }
        if expanded && sent.elapsed() >= AGAIN_WAIT {
            ctx.browser.key(&ctx.target, &escape).await?;
            sent = Instant::now();
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
/// shown, the list closed (Escape) and the text the combobox held (`was`) typed back. A value
/// of several (comma-separated) for a list that takes several is chosen a part at a time. `at`:
/// what is pressed to open it (itself, or what draws a field that takes no pointer).
pub(super) async fn choose_typed(
    ctx: &PageCtx,
    frame: &str,
    what: &str,
    (uid, at, was): (&str, &str, &str),
    value: &str,
) -> Result<DispatchOutcome, CdtError> {
    let drop_down = DropDown {
        frame,
        what,
        uid,
        at,
        typed: true,
        opened: true,
        held: was,
    };
    let pressed = press_open(ctx, &drop_down).await?;
    if pressed.dialog.is_some() {
        return Ok(pressed);
    }
    let parts = parts_of(value);
    let shown = match option_of(ctx, &drop_down, value, &parts, PRESSED_LIST_WAIT).await {
        Ok((Offer::One(choice), takes)) => {
            return press_one(ctx, &drop_down, choice, takes).await;
        }
        Ok((Offer::Several(choices), takes)) => {
            let first = (Some(choices), takes);
            return choose_each(ctx, &drop_down, (value, &parts), first).await;
        }
        // (A list that shows every option but one of several: typing them all in finds none.)
        Err(error) if !parts.is_empty() && error.code == ErrorCode::ElementNotFound => {
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

/// Types `value` over what the text combobox holds, then presses its suggestion of that name.
/// A suggestion never shown: what was typed goes, what it held typed back, and the error
/// names the options its list showed when pressed (`shown`, an error naming them), if it did.
async fn type_then_choose(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
    value: &str,
    shown: Option<CdtError>,
) -> Result<DispatchOutcome, CdtError> {
    super::keys::select_all(ctx).await?;
    let typed = super::keys::type_into_focus(ctx, value).await?;
    if typed.dialog.is_some() {
        return Ok(typed);
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
        chosen => return chosen,
    };
    // What was typed goes, as a user takes back a search that found nothing.
    take_back(ctx, drop_down.held).await?;
    close(ctx, drop_down).await?;
    if missed.code == ErrorCode::ElementNotFound {
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
    .with_details(json!({ "options": [] }))
    .run_then::<op::ElementFill>(
        &format!("{} <part of it>", drop_down.uid),
        " to see what it suggests",
    )
    .run::<op::CaptureSnapshot>("")
}

/// What the list `drop_down` shows offers for `value` (and its `parts`), once it shows (`wait`
/// at most).
async fn option_of(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
    value: &str,
    parts: &[String],
    wait: Duration,
) -> Result<(Offer, Takes), CdtError> {
    let DropDown {
        frame, what, uid, ..
    } = *drop_down;
    let until = Instant::now() + wait;
    loop {
        // (The last look answers with the options drawn by then, if a list shows.)
        let last = Instant::now() >= until;
        let asked = json!({ "uid": uid, "value": value, "parts": parts, "last": last });
        let found = probe_result(ctx.probe(frame, ProbeCommand::Option, asked).await?, what)?;
        if let Some(offer) = Offer::of(&found) {
            return Ok(offer);
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

/// Presses the drop-down open: itself, or what draws it where it is kept out of sight, at a
/// point of that where none of its own controls shows (a chosen value's remove button).
async fn press_open(ctx: &PageCtx, drop_down: &DropDown<'_>) -> Result<DispatchOutcome, CdtError> {
    let DropDown {
        frame, what, at, ..
    } = *drop_down;
    press_as(ctx, frame, what, (at, at != drop_down.uid)).await
}

/// Presses `uid` where a user would, guarded against the page moving it.
async fn press(
    ctx: &PageCtx,
    frame: &str,
    what: &str,
    uid: &str,
) -> Result<DispatchOutcome, CdtError> {
    press_as(ctx, frame, what, (uid, false)).await
}

/// Presses `uid`, guarded; with `clear`, where none of its own controls shows.
async fn press_as(
    ctx: &PageCtx,
    frame: &str,
    what: &str,
    (uid, clear): (&str, bool),
) -> Result<DispatchOutcome, CdtError> {
    let args = json!({ "uid": uid, "press": true, "clear": clear });
    let Aim { x, y, .. } = aim(ctx, frame, args.clone(), what).await?;
    press_element(ctx, frame, &args, what, (x, y), uid, (1, MouseButton::Left)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_of_several_is_its_comma_separated_parts() {
        assert!(parts_of("Germany").is_empty());
        assert_eq!(parts_of("Ada, Linus,,Grace "), ["Ada", "Linus", "Grace"]);
    }

    #[test]
    fn the_probes_answer_is_one_option_or_the_options_of_the_parts() {
        let one = json!({ "uid": "e4", "selected": true, "multi": true });
        let choice = |uid: &str, selected| Choice {
            uid: uid.to_string(),
            selected,
        };
        assert_eq!(
            Offer::of(&one),
            Some((Offer::One(choice("e4", true)), Takes::Several))
        );
        let several =
            json!({ "parts": [{ "uid": "e5" }, { "uid": "e6", "selected": true }], "multi": null });
        assert_eq!(
            Offer::of(&several),
            Some((
                Offer::Several(vec![choice("e5", false), choice("e6", true)]),
                Takes::Untold
            ))
        );
        // Still drawing: no answer yet.
        assert_eq!(
            Offer::of(&json!({ "pending": true, "expanded": true })),
            None
        );
    }
}
