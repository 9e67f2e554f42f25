//! Typing a text field until it holds what was asked, as a user who sees the text did not land
//! types again: focused again where its pop-up took the focus, given the value whole where its
//! page rewrote it partway or moved the caret as the text went in.

use cdt_domain::CdtError;
use cdt_domain::interact::DispatchOutcome;
use cdt_domain::probe::ProbeCommand;
use serde_json::{Value, json};
use std::time::Duration;
use tokio::time::Instant;

use crate::context::PageCtx;
use crate::interact::{keys, probe_result};

/// Types `value` into the focused text field `uid` (`field`: one of text). One that lost the
/// focus to something else than a field while typed into, and does not hold the text (a date
/// field whose pop-up takes the focus as it opens: PrimeReact's Calendar) is focused again and
/// typed into once more, as a user who sees the text did not land clicks back and types again.
/// (Not one that passed the focus on to a field: a code's boxes, each taking a digit.)
pub(super) async fn type_kept(
    ctx: &PageCtx,
    frame: &str,
    (uid, field): (&str, bool),
    value: &str,
) -> Result<DispatchOutcome, CdtError> {
    let typed = keys::type_into_focus(ctx, value).await?;
    if !field || typed.dialog.is_some() {
        return Ok(typed);
    }
    // (A page the typing took elsewhere has nothing to ask.)
    let Ok(holds) = ctx
        .probe(frame, ProbeCommand::Typed, json!({ "uid": uid }))
        .await
    else {
        return Ok(typed);
    };
    // (A date field whose calendar opened as it was typed into takes the date as a user ends
    // it, by Enter: left open, Vaadin's holds the page's pointer and keeps the date untaken.)
    if holds["value"] == value && holds["calendar"] == true && holds["focused"] == true {
        return ctx
            .browser
            .key(&ctx.target, &keys::parse_keys("Enter")?)
            .await;
    }
    // (One whose calendar pops up beside it with no word of ARIA's — jQuery UI's,
    // bootstrap-datepicker's, Pikaday's — is left as a user leaves it once the date is typed:
    // Escape closes it and keeps the date. Left open, it covers what is below it. One that took
    // the date back as it closed is typed into again, its calendar left open.)
    if holds["value"] == value && holds["calendarBeside"] == true {
        let closed = ctx
            .browser
            .key(&ctx.target, &keys::parse_keys("Escape")?)
            .await?;
        let after = calendar_gone(ctx, frame, uid).await;
        if after.is_some_and(|after| after["value"] == "" && after["focused"] == true) {
            return keys::type_into_focus(ctx, value).await;
        }
        return Ok(closed);
    }
    if holds["value"] == value || !holds["value"].is_string() || holds["toField"] == true {
        return Ok(typed);
    }
    // (Its pop-up took the focus as it opened: PrimeReact's Calendar moves it to a day.)
    if holds["focused"] == false {
        probe_result(
            ctx.probe(frame, ProbeCommand::Focus, json!({ "uid": uid }))
                .await?,
            uid,
        )?;
    } else {
        let held = holds["value"].as_str().unwrap_or_default();
        if !rewritten_partway(held, value) && !reordered(held, value) {
            return Ok(typed);
        }
    }
    typed_whole(ctx, frame, uid, value)
        .await
        .map(|again| again.unwrap_or(typed))
}

/// How long a date field's calendar may take to go once closed (jQuery UI's fades out over
/// 400 ms, over the fields below it: a press there found it).
const CALENDAR_FADE: Duration = Duration::from_millis(800);

/// What the field `uid` holds once its calendar went (or [`CALENDAR_FADE`] passed); none where
/// the page could not be asked.
async fn calendar_gone(ctx: &PageCtx, frame: &str, uid: &str) -> Option<Value> {
    let until = Instant::now() + CALENDAR_FADE;
    loop {
        let holds = ctx
            .probe(frame, ProbeCommand::Typed, json!({ "uid": uid }))
            .await
            .ok()?;
        if holds["calendarBeside"] != true || Instant::now() >= until {
            return Some(holds);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Whether a field that holds `held` after `asked` was typed into it had its page rewrite it
/// partway through the typing: it begins as asked, for half of it at least, then differs
/// (`2026-12-042` for `2026-12-24`). Not a field that formats the whole (a mask's
/// `(555) 123-4567`, capitals), nor one that took the words away (a tag input that made a tag
/// of what came before a comma): those are what the page does with any typing.
fn rewritten_partway(held: &str, asked: &str) -> bool {
    let same = held
        .chars()
        .zip(asked.chars())
        .take_while(|(a, b)| a == b)
        .count();
    let length = asked.chars().count();
    length > 1 && same * 2 >= length
}

/// Whether a field holds the very characters `asked` typed into it, in another order: its page
/// moved the caret as the text went in (Carbon's table search re-draws itself on its first
/// input and puts the caret at the start: `aalph` for `alpha`), which formatting never does.
fn reordered(held: &str, asked: &str) -> bool {
    let sorted = |s: &str| {
        let mut chars: Vec<char> = s.chars().collect();
        chars.sort_unstable();
        chars
    };
    held != asked && asked.chars().count() > 1 && sorted(held) == sorted(asked)
}

/// Types `value` again into the focused field `uid`, whose page rewrote it as it was typed
/// into something else (PrimeVue's date picker: `2026-12-2` read as the 2nd, written back as
/// `2026-12-02`, and the last key then lands in it: `2026-12-042`): all of it inserted at once,
/// one `input` event, as a paste. Where that holds something else again (a mask that takes
/// keys one by one), it is typed as before once more (`None`: what the first typing left).
async fn typed_whole(
    ctx: &PageCtx,
    frame: &str,
    uid: &str,
    value: &str,
) -> Result<Option<DispatchOutcome>, CdtError> {
    keys::select_all(ctx).await?;
    let pasted = ctx.browser.insert_text(&ctx.target, value).await?;
    let holds = ctx
        .probe(frame, ProbeCommand::Typed, json!({ "uid": uid }))
        .await?;
    if holds["value"] == value || pasted.dialog.is_some() {
        return Ok(Some(pasted));
    }
    keys::select_all(ctx).await?;
    keys::type_into_focus(ctx, value).await?;
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::{reordered, rewritten_partway};

    #[test]
    fn a_value_rewritten_partway_is_told_from_one_formatted_whole() {
        assert!(rewritten_partway("2026-12-042", "2026-12-24"));
        assert!(!rewritten_partway("(555) 123-4567", "5551234567"));
        assert!(!rewritten_partway("b", "a,b"));
        assert!(!rewritten_partway("ABC", "abc"));
        assert!(!rewritten_partway("", "x"));
        // (The caret moved as the text went in: the same characters, in another order.)
        assert!(reordered("aalph", "alpha"));
        assert!(!reordered("alpha", "alpha"));
        assert!(!reordered("(555) 123-4567", "5551234567"));
        assert!(!reordered("ABC", "abc"));
    }
}
