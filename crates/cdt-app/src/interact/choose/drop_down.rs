//! A drop-down the page draws, as choosing meets it: what its list offers for a value, how many
//! options it takes, and its presses (opened, an option pressed, closed by Escape).

use std::time::Duration;

use cdt_domain::interact::DispatchOutcome;
use cdt_domain::ops::op;
use cdt_domain::probe::ProbeCommand;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};
use tokio::time::Instant;

use crate::context::PageCtx;
use crate::interact::pointing::press_uid;
use crate::interact::{keys, probe_result};

/// How long the list of options may take to show after the drop-down is pressed (or after
/// typing into a combobox, which may fetch its suggestions).
pub(super) const LIST_WAIT: Duration = Duration::from_millis(1500);

/// How long a text combobox's list that lacks the value is looked at again before that is
/// its answer: it may be redrawn for what was typed a moment after the typing.
const TYPED_MISS_WAIT: Duration = Duration::from_millis(400);

/// How often the page is asked whether the list shows.
pub(super) const LIST_POLL: Duration = Duration::from_millis(50);

/// A drop-down being chosen from: the element `uid` (named `what` in errors) in `frame`, how
/// its list shows (`shows`), whether its list was opened here (`opened`: it is closed again
/// when done or on a miss), and the text a text combobox held before (`held`: typed back when
/// what was typed found nothing). `at`: the element pressed to open it (itself, or what draws
/// a field kept out of sight).
#[derive(Clone, Copy)]
pub(super) struct DropDown<'a> {
    pub(super) frame: &'a str,
    pub(super) what: &'a str,
    pub(super) uid: &'a str,
    pub(super) at: &'a str,
    pub(super) shows: Shows,
    pub(super) opened: bool,
    pub(super) held: &'a str,
}

/// How a drop-down's list shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shows {
    /// Once pressed open.
    Pressed,
    /// Once pressed open, as words with no roles, in it or over the page: a drop-down drawn
    /// with no roles over a `<select>` kept out of sight (Fomantic UI's, Chosen's).
    Drawn,
    /// A text combobox's: what was typed into it.
    Typed,
    /// A text field's that offers suggestions without saying it is a combobox (jQuery UI's
    /// autocomplete, Tagify): a list shown since it was typed into, or words in a layer over
    /// the page, none while nothing was typed.
    Suggested,
}

/// An option a drop-down's list shows: its uid, and whether it shows as chosen already.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Choice {
    pub(super) uid: String,
    pub(super) selected: bool,
}

/// What a drop-down's list offers for a value (the probe's `option` answer).
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Offer {
    /// The option named by the whole value.
    One(Choice),
    /// The options of its comma-separated parts, in their order.
    Several(Vec<Choice>),
}

/// How many options a drop-down's list takes, as the page tells it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Takes {
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
    pub(super) fn of(multi: &Value) -> Takes {
        match multi.as_bool() {
            Some(true) => Takes::Several,
            Some(false) => Takes::One,
            None => Takes::Untold,
        }
    }
}

impl Offer {
    /// The option offered first: the one of the whole value, or that of its first part.
    pub(super) fn first(self) -> Choice {
        match self {
            Offer::One(choice) => choice,
            Offer::Several(mut choices) => choices.remove(0),
        }
    }

    /// The probe's answer: `uid` and `selected`, or `parts`, each with them.
    pub(super) fn of(answer: &Value) -> Option<(Offer, Takes)> {
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

/// How long a drop-down drawn with no roles may take to close after Escape before it is
/// pressed closed instead.
const DRAWN_CLOSE_WAIT: Duration = Duration::from_millis(700);

/// How long the list may take to show again after one of several options was pressed (it is
/// drawn anew, or shows still): longer, and the list closed.
pub(super) const AGAIN_WAIT: Duration = Duration::from_millis(300);

/// What shows of a drop-down's list: whether it is still there (an answer with its options,
/// or one still drawing), whether the drop-down still says it is open (`aria-expanded`), and
/// whether something else still covers the drop-down (its menu's backdrop).
pub(super) struct Shown {
    pub(super) listed: bool,
    pub(super) expanded: bool,
    pub(super) covered: bool,
    /// Gone from sight, but its layer still takes room (a menu that faded out, hidden a frame
    /// or two later).
    pub(super) leaving: bool,
}

/// What shows of the list `drop_down` shows.
pub(super) async fn list_shows(ctx: &PageCtx, drop_down: &DropDown<'_>) -> Result<Shown, CdtError> {
    let shown = ctx
        .probe(
            drop_down.frame,
            ProbeCommand::Option,
            json!({ "uid": drop_down.uid, "value": "", "drawn": drop_down.shows == Shows::Drawn }),
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
        leaving: shown["leaving"] == true,
    })
}

/// Closes the list as [`close`] does, if it was opened here.
pub(super) async fn close_if_opened(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
) -> Result<(), CdtError> {
    if drop_down.opened {
        close(ctx, drop_down).await?;
    }
    Ok(())
}

/// Closes the list the drop-down shows by Escape, and waits (a while at most) until it is
/// gone and the drop-down shows again: a menu's backdrop over the page goes with it. Nothing is
/// pressed where no list shows (Escape would close a dialog around it). A drop-down that still
/// says it is open a moment later (the page had not moved the focus into its list yet) is sent
/// Escape again.
pub(super) async fn close(ctx: &PageCtx, drop_down: &DropDown<'_>) -> Result<(), CdtError> {
    let escape = keys::parse_keys("Escape")?;
    let drawn = drop_down.shows == Shows::Drawn;
    // (One drawn with no roles whose layer takes room but shows no words is being drawn anew —
    // Naive UI's, for what was typed back — or fading: waited for before it is asked.)
    let redrawn = |shown: &Shown| drawn && !shown.listed && shown.leaving;
    if !shown_while(ctx, drop_down, AGAIN_WAIT, redrawn)
        .await?
        .listed
    {
        return Ok(());
    }
    ctx.browser.key(&ctx.target, &escape).await?;
    // (One drawn with no roles says nothing of being open: still showing more words a moment
    // after Escape, it is pressed again, as a user closes it. A moment long enough for a menu
    // that fades out to be gone: Naive UI's takes 250-350 ms; pressed while it fades, it would
    // open again. Gone from sight, its layer may stay laid out a moment: waited for, not
    // pressed.)
    if drawn {
        let there = |shown: &Shown| shown.listed || shown.leaving;
        if shown_while(ctx, drop_down, DRAWN_CLOSE_WAIT, there)
            .await?
            .listed
        {
            press_open(ctx, drop_down).await?;
            shown_while(ctx, drop_down, DRAWN_CLOSE_WAIT, there).await?;
        }
        return Ok(());
    }
    let start = Instant::now();
    let mut sent = start;
    while start.elapsed() < LIST_WAIT {
        let Shown {
            listed,
            expanded,
            covered,
            ..
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

/// What shows of the list `drop_down` shows, asked again every `LIST_POLL` while `going_on`
/// holds of it (`wait` at most): the last answer.
pub(super) async fn shown_while(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
    wait: Duration,
    going_on: impl Fn(&Shown) -> bool,
) -> Result<Shown, CdtError> {
    let start = Instant::now();
    loop {
        let shown = list_shows(ctx, drop_down).await?;
        if !going_on(&shown) || start.elapsed() >= wait {
            return Ok(shown);
        }
        tokio::time::sleep(LIST_POLL).await;
    }
}

/// What the list `drop_down` shows offers for `value` (and its `parts`), once it shows (`wait`
/// at most).
pub(super) async fn option_of(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
    value: &str,
    parts: &[String],
    wait: Duration,
) -> Result<(Offer, Takes), CdtError> {
    let DropDown {
        frame, what, uid, ..
    } = *drop_down;
    let started = Instant::now();
    let until = started + wait;
    loop {
        // (The last look answers with the options drawn by then, if a list shows.)
        let last = Instant::now() >= until;
        let asked = json!({
            "uid": uid, "value": value, "parts": parts, "last": last,
            "suggested": drop_down.shows == Shows::Suggested, "drawn": drop_down.shows == Shows::Drawn,
        });
        let answer = ctx.probe(frame, ProbeCommand::Option, asked).await?;
        // (A text combobox's list may show what it showed before the typing a moment longer:
        // Tom Select's its options, before its "Add Lyon…".)
        let early = drop_down.shows == Shows::Typed && started.elapsed() < TYPED_MISS_WAIT;
        if early && !last && answer["error"] == "no-option" {
            tokio::time::sleep(LIST_POLL).await;
            continue;
        }
        let found = probe_result(answer, what)?;
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
pub(super) async fn press_open(
    ctx: &PageCtx,
    drop_down: &DropDown<'_>,
) -> Result<DispatchOutcome, CdtError> {
    let DropDown {
        frame, what, at, ..
    } = *drop_down;
    press_uid(ctx, frame, what, (at, at != drop_down.uid)).await
}

/// Presses `uid` where a user would, guarded against the page moving it.
pub(super) async fn press(
    ctx: &PageCtx,
    frame: &str,
    what: &str,
    uid: &str,
) -> Result<DispatchOutcome, CdtError> {
    press_uid(ctx, frame, what, (uid, false)).await
}

#[cfg(test)]
mod tests {
    use super::*;

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
