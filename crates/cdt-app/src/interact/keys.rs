//! Keys as a keyboard gives them: a chord (`Control+Shift+R`, `Enter`, `a`, `F5`) parsed into a
//! key event, and text typed into what has the focus the way a user's typing ends.

use cdt_domain::CdtError;
use cdt_domain::interact::{DispatchOutcome, KeyInput};
use cdt_domain::probe::ProbeCommand;
use serde_json::json;

use crate::context::PageCtx;

const MODIFIERS: &[(&str, u32)] = &[
    ("alt", 1),
    ("control", 2),
    ("ctrl", 2),
    ("meta", 4),
    ("cmd", 4),
    ("command", 4),
    ("shift", 8),
];

/// Named keys: (name, code, Windows key code, text).
const NAMED: &[(&str, &str, u32, Option<&str>)] = &[
    ("Enter", "Enter", 13, Some("\r")),
    ("Tab", "Tab", 9, None),
    ("Escape", "Escape", 27, None),
    ("Backspace", "Backspace", 8, None),
    ("Delete", "Delete", 46, None),
    ("Space", "Space", 32, Some(" ")),
    ("ArrowLeft", "ArrowLeft", 37, None),
    ("ArrowUp", "ArrowUp", 38, None),
    ("ArrowRight", "ArrowRight", 39, None),
    ("ArrowDown", "ArrowDown", 40, None),
    ("Home", "Home", 36, None),
    ("End", "End", 35, None),
    ("PageUp", "PageUp", 33, None),
    ("PageDown", "PageDown", 34, None),
    ("Insert", "Insert", 45, None),
];

/// Parses `Control+Shift+R`, `Enter`, `a`, `F5` into a key event.
pub fn parse_keys(chord: &str) -> Result<KeyInput, CdtError> {
    let parts: Vec<&str> = chord.split('+').filter(|p| !p.is_empty()).collect();
    let Some((key, modifier_names)) = parts.split_last() else {
        return Err(CdtError::validation("no key given")
            .hinted("Examples: cdt input key Enter; cdt input key Control+A"));
    };
    let mut modifiers = 0;
    for name in modifier_names {
        let found = MODIFIERS.iter().find(|(m, _)| m.eq_ignore_ascii_case(name));
        modifiers |= found.map(|(_, bit)| *bit).ok_or_else(|| {
            CdtError::validation(format!("unknown modifier {name:?}"))
                .hinted("Modifiers: Alt, Control, Meta, Shift (e.g. Control+Shift+R)")
        })?;
    }
    let command_held = modifiers & (2 | 4) != 0;
    if let Some((name, code, key_code, text)) =
        NAMED.iter().find(|(n, ..)| n.eq_ignore_ascii_case(key))
    {
        let key = if *name == "Space" { " " } else { name };
        return Ok(KeyInput {
            key: key.to_string(),
            code: code.to_string(),
            key_code: *key_code,
            text: text.filter(|_| !command_held).map(str::to_string),
            modifiers,
        });
    }
    if let Some(number) = key
        .strip_prefix(['F', 'f'])
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|n| (1..=24).contains(n))
    {
        return Ok(KeyInput {
            key: format!("F{number}"),
            code: format!("F{number}"),
            key_code: 111 + number,
            text: None,
            modifiers,
        });
    }
    let mut chars = key.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Err(CdtError::validation(format!("unknown key {key:?}"))
            .hinted("Use a single character or a key name: Enter, Tab, Escape, Backspace, Delete, ArrowUp, Home, PageDown, F5, …"));
    };
    Ok(char_key(c, modifiers))
}

/// The key that types `c`, with `modifiers` held (Shift types a letter's capital; Control or
/// Meta held types nothing, and a letter's key is then its small one, as a keyboard gives it:
/// `Control+A` is `a` with Control).
fn char_key(c: char, modifiers: u32) -> KeyInput {
    let command_held = modifiers & (2 | 4) != 0;
    let shifted = modifiers & 8 != 0;
    let text = if shifted {
        c.to_uppercase().to_string()
    } else if command_held {
        c.to_lowercase().to_string()
    } else {
        c.to_string()
    };
    let (code, key_code) = if c.is_ascii_alphabetic() {
        (
            format!("Key{}", c.to_ascii_uppercase()),
            u32::from(c.to_ascii_uppercase()),
        )
    } else if c.is_ascii_digit() {
        (format!("Digit{c}"), u32::from(c))
    } else if c == ' ' {
        ("Space".to_string(), 32)
    } else {
        (String::new(), 0)
    };
    KeyInput {
        key: text.clone(),
        code,
        key_code,
        text: (!command_held).then_some(text),
        modifiers,
    }
}

/// Selects everything the focused field holds as a user does, by its own select-all
/// (`Control+A`): an editor that types through a hidden field of its own (CodeMirror) takes it
/// as its select-all, where a selection set by script would not reach it.
pub async fn select_all(ctx: &PageCtx) -> Result<(), CdtError> {
    ctx.browser
        .key(&ctx.target, &parse_keys("Control+A")?)
        .await?;
    Ok(())
}

/// Types `text` into what has the focus as a user's typing ends: all but its last character
/// inserted at once (one `input` event: fast, whatever its length), the last typed as its key
/// (`keydown`, `keypress`, `input`, `keyup`), so a page that reacts to keys sees the whole
/// value (mdBook's search runs on `keyup`, a counter on `keydown`). A last character that is
/// no printable one is inserted too (a line break's key, Enter, would submit a form).
pub async fn type_into_focus(ctx: &PageCtx, text: &str) -> Result<DispatchOutcome, CdtError> {
    let Some((at, last)) = text.char_indices().last().filter(|(_, c)| !c.is_control()) else {
        return ctx.browser.insert_text(&ctx.target, text).await;
    };
    // What comes before a comma goes in on its own (a tag input makes a tag of the words before
    // each comma it is given, and of the rest too when they come with it: Tagify made "cl" a
    // tag of "rust, cli" and left the "i").
    for chunk in text[..at].split_inclusive(',') {
        let inserted = ctx.browser.insert_text(&ctx.target, chunk).await?;
        if inserted.dialog.is_some() {
            return Ok(inserted);
        }
        // The page may pass what was inserted on and move the focus after it, on a task of its
        // own (a code's boxes, each taking a digit: Chakra's pin input): the last key goes where
        // the focus is once that ran, as a hand's next key does.
        ctx.probe("", ProbeCommand::Tick, json!({})).await?;
    }
    // (A capital letter's key comes with Shift held, as a hand types it.)
    let shift = if last.is_ascii_uppercase() { 8 } else { 0 };
    ctx.browser.key(&ctx.target, &char_key(last, shift)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chords_parse() {
        let enter = parse_keys("Enter").ok();
        assert_eq!(
            enter
                .as_ref()
                .map(|k| (k.key.as_str(), k.key_code, k.text.as_deref())),
            Some(("Enter", 13, Some("\r")))
        );
        let select_all = parse_keys("Control+A").ok();
        assert_eq!(
            select_all.as_ref().map(|k| (
                k.modifiers,
                k.key.as_str(),
                k.code.as_str(),
                k.text.is_none()
            )),
            Some((2, "a", "KeyA", true)),
            "a keyboard's Control+A is `a` with Control"
        );
        let reload = parse_keys("Control+Shift+R").ok();
        assert_eq!(reload.map(|k| k.modifiers), Some(10));
        assert_eq!(parse_keys("F5").ok().map(|k| k.key_code), Some(116));
        assert!(parse_keys("Hyper+A").is_err());
        assert!(parse_keys("Nope").is_err());
    }
}
