//! A change between two versions of a page's snapshot (issue 18, seed 003's `DOMTree.changes`):
//! what `capture snapshot --diff` and every action's feedback answer, and its text form.
//!
//! A snapshot's lines fall into segments: a line with a uid and the lines without one that follow
//! it (`^` for the lines before the first uid). A change adds, removes, rewrites or moves one
//! segment, or edits some of its lines; `after` names the segment it now follows (none: the
//! start), `parent` its nearest ancestor with a uid. Computing them is the application's
//! (`cdt-app/src/snapshot_diff.rs`).

use serde::{Deserialize, Serialize};

/// One change, as JSON: `{"op": "add"|"remove"|"change"|"edit"|"move", "uid", ...}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "op", rename_all = "camelCase")]
pub enum Change {
    /// A segment that was not there, and the new segments that come right after it, if any
    /// (`lines` holds them all; each starts at its uid line). With `at`, they go in before line
    /// `at` of segment `after` (0 is its uid line), and the lines of `after` from there on stay
    /// where they are: below the last new segment, now its lines.
    Add {
        uid: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<usize>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        parent: Option<String>,
        lines: String,
    },
    /// A segment that is gone (its node was removed, or no longer shows), and with `also` the
    /// segments that followed it and went with it, in order (a closed sidebar, a cleared list:
    /// one change, not one per line); in JSON, three or more uids numbered in a row are one
    /// range, `"e4-e23"` (e4, e5, … e23). With `keep`, the last one's last `keep` lines stay
    /// where they are: below the segment before them, now its lines.
    Remove {
        uid: String,
        #[serde(
            default,
            skip_serializing_if = "Vec::is_empty",
            serialize_with = "also_as_ranges",
            deserialize_with = "also_from_ranges"
        )]
        also: Vec<String>,
        #[serde(default, skip_serializing_if = "is_zero")]
        keep: usize,
    },
    /// A segment whose lines changed (given whole).
    Change { uid: String, lines: String },
    /// Some lines of a segment changed: `remove` lines from line `at` of the segment as it was
    /// (0 is its uid line) are replaced by `lines` (none: they are gone; `remove` 0: `lines`
    /// come before line `at`). A segment's edits come last line first, so each `at` still
    /// counts in the segment as it was. Lines that went without a replacement (a message
    /// cleared, at most [`GONE_SHOWN`]) are told in `gone`, without their indent, for the reader:
    /// rebuilding the page needs only `remove`.
    Edit {
        uid: String,
        at: usize,
        #[serde(default, skip_serializing_if = "is_zero")]
        remove: usize,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        lines: String,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        gone: String,
    },
    /// A segment that now follows another one.
    Move {
        uid: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        parent: Option<String>,
    },
}

impl Change {
    pub fn uid(&self) -> &str {
        match self {
            Change::Add { uid, .. }
            | Change::Remove { uid, .. }
            | Change::Change { uid, .. }
            | Change::Edit { uid, .. }
            | Change::Move { uid, .. } => uid,
        }
    }

    /// The lines it brings (added, rewritten or edited segments), if any.
    pub fn lines(&self) -> Option<&str> {
        match self {
            Change::Add { lines, .. } | Change::Change { lines, .. } => Some(lines),
            Change::Edit { lines, .. } if !lines.is_empty() => Some(lines),
            _ => None,
        }
    }
}

/// `also` as JSON: uids numbered in a row as ranges.
fn also_as_ranges<S: serde::Serializer>(also: &[String], out: S) -> Result<S::Ok, S::Error> {
    out.collect_seq(uid_ranges(also.iter()))
}

/// `also` from JSON: each range (`e4-e23`) as its uids, in order.
fn also_from_ranges<'de, D: serde::Deserializer<'de>>(input: D) -> Result<Vec<String>, D::Error> {
    let named: Vec<String> = Vec::deserialize(input)?;
    let mut uids = Vec::new();
    for word in named {
        let range = word.split_once('-').and_then(|(first, last)| {
            let ((prefix, from), (last_prefix, to)) = uid_parts(first).zip(uid_parts(last))?;
            (prefix == last_prefix && from <= to).then(|| (prefix.to_string(), from, to))
        });
        match range {
            Some((prefix, from, to)) => uids.extend((from..=to).map(|n| format!("{prefix}{n}"))),
            None => uids.push(word),
        }
    }
    Ok(uids)
}

/// Lines of a segment that went without a replacement, at most this many, are told by their
/// words (`gone`): a removal of more is a range.
pub const GONE_SHOWN: usize = 3;

/// Removed segments in a row that the text form names one by one.
const NAMED_REMOVALS: usize = 12;

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The uid a snapshot line starts with after its indentation (`e12`, `f1e3`), if any: what
/// makes a line the first of a segment.
pub fn line_uid(line: &str) -> Option<&str> {
    let word = line.trim_start().split(' ').next()?;
    uid_parts(word).map(|_| word)
}

/// A uid as its prefix and number (`e12` → (`e`, 12); `f1e3` → (`f1e`, 3)), if it is one.
fn uid_parts(word: &str) -> Option<(&str, u64)> {
    let number = match word.strip_prefix('f').and_then(|rest| rest.split_once('e')) {
        Some((frame, number)) if !frame.is_empty() && frame.bytes().all(|b| b.is_ascii_digit()) => {
            number
        }
        _ => word.strip_prefix('e')?,
    };
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((&word[..word.len() - number.len()], number.parse().ok()?))
}

/// A line with a uid as `(uid, role, name)`: `  e12 link "Say \"hi\""` → (`e12`, `link`,
/// `Say "hi"`); the name is empty when the line has none.
pub fn line_node(line: &str) -> Option<(&str, &str, String)> {
    let uid = line_uid(line)?;
    let rest = line.trim_start()[uid.len()..].strip_prefix(' ')?;
    let (role, rest) = rest.split_once(' ').unwrap_or((rest, ""));
    let mut name = String::new();
    if let Some(quoted) = rest.strip_prefix('"') {
        let mut chars = quoted.chars();
        while let Some(c) = chars.next() {
            match c {
                '"' => break,
                '\\' => name.extend(chars.next()),
                c => name.push(c),
            }
        }
    }
    Some((uid, role, name))
}

/// Uids in the order given, three or more numbered in a row (`e4`, `e5`, … `e23`; the same
/// frame's `f1e3`, `f1e4`, …) written as one range, `e4-e23`.
fn uid_ranges<'a>(uids: impl Iterator<Item = &'a String>) -> Vec<String> {
    // Runs of uids numbered in a row, each as its uids.
    let mut runs: Vec<Vec<&String>> = Vec::new();
    for uid in uids {
        match runs.last_mut() {
            Some(run)
                if uid_parts(uid)
                    .zip(run.last().and_then(|last| uid_parts(last)))
                    .is_some_and(|((prefix, n), (last_prefix, last))| {
                        prefix == last_prefix && n == last + 1
                    }) =>
            {
                run.push(uid)
            }
            _ => runs.push(vec![uid]),
        }
    }
    runs.into_iter()
        .flat_map(|run| match run[..] {
            [first, .., last] if run.len() >= 3 => vec![format!("{first}-{last}")],
            _ => run.into_iter().cloned().collect(),
        })
        .collect()
}

/// Where a segment goes: `after e39 in e30`, `first in e30` (it follows its parent's own line),
/// `at the start`.
fn place(after: &Option<String>, parent: &Option<String>) -> String {
    if let Some(parent) = parent
        .as_ref()
        .filter(|parent| Some(*parent) == after.as_ref())
    {
        return format!("first in {parent}");
    }
    let mut out = match after {
        Some(after) => format!("after {after}"),
        None => "at the start".to_string(),
    };
    if let Some(parent) = parent {
        out.push_str(&format!(" in {parent}"));
    }
    out
}

/// A segment's lines under a sign: the first after it (and `label`), the rest below, keeping
/// their indent relative to the shallowest (an edit that starts in a row's cells and takes in
/// the next rows shows the rows above their cells).
fn signed(sign: char, label: &str, lines: &str, suffix: &str) -> String {
    let indent = |l: &str| l.len() - l.trim_start().len();
    let base = lines.lines().map(indent).min().unwrap_or(0);
    let mut out = String::new();
    for (i, line) in lines.lines().enumerate() {
        if i == 0 {
            out.push_str(&format!("{sign} {label}{}{suffix}\n", line.trim_start()));
        } else {
            out.push_str(&format!("  {}\n", &line[indent(line).min(base)..]));
        }
    }
    out
}

/// An edit's block: a new uid line as a change of the segment (`~ e15 button "Save"`); lines
/// below it by their place in the segment (`+ e12:2 text "new"` before its line 2,
/// `~ e12:2 text "3 left"` instead of it, `- e11:2 text "Saved"` or `- e11:2-3` gone).
fn edit(uid: &str, at: usize, remove: usize, lines: &str, gone: &str) -> String {
    let count = lines.lines().count();
    let replaces = if remove > 0 && remove != count {
        format!(
            "  (replaces {remove} line{})",
            if remove == 1 { "" } else { "s" }
        )
    } else {
        String::new()
    };
    if lines.is_empty() {
        let to = at + remove.max(1) - 1;
        let place = if to > at {
            format!("{uid}:{at}-{to}")
        } else {
            format!("{uid}:{at}")
        };
        return if gone.is_empty() {
            format!("- {place}\n")
        } else {
            signed('-', &format!("{place} "), gone, "")
        };
    }
    if at == 0 {
        return signed('~', "", lines, &replaces);
    }
    let sign = if remove == 0 { '+' } else { '~' };
    signed(sign, &format!("{uid}:{at} "), lines, &replaces)
}

/// The text form of changes, one block each: `+ e40 link "New"  (after e39 in e30)`,
/// `~ e15 button "Save" disabled`, `~ e12:2 text "3 left"`, `- e12`, `> e20 after e8`.
pub fn text(changes: &[Change]) -> String {
    changes
        .iter()
        .map(|change| match change {
            Change::Add {
                after,
                parent,
                lines,
                ..
            } => signed('+', "", lines, &format!("  ({})", place(after, parent))),
            Change::Change { lines, .. } => signed('~', "", lines, ""),
            Change::Edit {
                uid,
                at,
                remove,
                lines,
                gone,
            } => edit(uid, *at, *remove, lines, gone),
            // A run of removed segments names each one, uids numbered in a row as a range
            // (`- e5 e7 e9`, `- e4-e23 e31`), up to a dozen names and ranges; else its first and
            // last (`- e33 … e147  (115 segments)`: all those between, in order).
            Change::Remove { uid, also, .. } => {
                let named = uid_ranges(std::iter::once(uid).chain(also));
                match also.last() {
                    Some(last) if named.len() > NAMED_REMOVALS => {
                        format!("- {uid} … {last}  ({} segments)\n", also.len() + 1)
                    }
                    _ => format!("- {}\n", named.join(" ")),
                }
            }
            Change::Move { uid, after, parent } => format!("> {uid} {}\n", place(after, parent)),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_change_is_one_signed_block() {
        let changes = vec![
            Change::Add {
                uid: "e40".into(),
                after: Some("e39".into()),
                at: None,
                parent: Some("e30".into()),
                lines: "    e40 row\n      text \"new\"".into(),
            },
            Change::Change {
                uid: "e15".into(),
                lines: "  e15 button \"Save\" disabled".into(),
            },
            Change::Remove {
                uid: "e12".into(),
                also: Vec::new(),
                keep: 0,
            },
            Change::Move {
                uid: "e20".into(),
                after: None,
                parent: None,
            },
            Change::Move {
                uid: "e21".into(),
                after: Some("e30".into()),
                parent: Some("e30".into()),
            },
            Change::Remove {
                uid: "e30".into(),
                also: vec!["e31".into(), "e40".into()],
                keep: 0,
            },
            Change::Remove {
                uid: "e50".into(),
                also: (51..=64).map(|n| format!("e{n}")).collect(),
                keep: 0,
            },
            Change::Remove {
                uid: "e70".into(),
                also: (1..=25).map(|n| format!("e{}", 70 + 2 * n)).collect(),
                keep: 0,
            },
            Change::Remove {
                uid: "f1e3".into(),
                also: ["f1e4", "f1e5", "e6", "e7", "e9", "e10", "e11", "e12"]
                    .map(String::from)
                    .to_vec(),
                keep: 0,
            },
        ];
        assert_eq!(
            text(&changes),
            "+ e40 row  (after e39 in e30)\n    text \"new\"\n~ e15 button \"Save\" disabled\n- e12\n> e20 at the start\n> e21 first in e30\n- e30 e31 e40\n- e50-e64\n- e70 … e120  (26 segments)\n- f1e3-f1e5 e6 e7 e9-e12\n"
        );
        let json = serde_json::to_value(&changes).unwrap_or_default();
        assert_eq!(json[2], serde_json::json!({ "op": "remove", "uid": "e12" }));
        // In JSON, `also` names uids numbered in a row as a range too, however many.
        assert_eq!(json[6]["also"], serde_json::json!(["e51-e64"]));
        assert_eq!(json[7]["also"].as_array().map(Vec::len), Some(25));
        assert_eq!(
            json[8]["also"],
            serde_json::json!(["f1e4", "f1e5", "e6", "e7", "e9-e12"])
        );
        let back: Vec<Change> = serde_json::from_value(json).unwrap_or_default();
        assert_eq!(back, changes);
    }

    #[test]
    fn an_edit_shows_a_new_uid_line_as_a_change_and_other_lines_by_their_place() {
        let edit = |at, remove, lines: &str| Change::Edit {
            uid: "e12".into(),
            at,
            remove,
            lines: lines.into(),
            gone: String::new(),
        };
        let changes = vec![
            edit(3, 2, ""),
            edit(2, 1, "  text \"3 items left\""),
            edit(1, 0, "  text \"new\"\n  text \"two\""),
            edit(0, 1, "e12 checkbox checked"),
            edit(4, 1, ""),
            Change::Edit {
                uid: "e12".into(),
                at: 5,
                remove: 2,
                lines: String::new(),
                gone: "text \"Saved\"\ntext \"just now\"".into(),
            },
        ];
        assert_eq!(
            text(&changes),
            "- e12:3-4\n~ e12:2 text \"3 items left\"\n+ e12:1 text \"new\"\n  text \"two\"\n~ e12 checkbox checked\n- e12:4\n- e12:5-6 text \"Saved\"\n  text \"just now\"\n"
        );
        // `remove` 0 and no lines are left out of the JSON.
        let json = serde_json::to_value(&changes).unwrap_or_default();
        assert_eq!(
            json[0],
            serde_json::json!({ "op": "edit", "uid": "e12", "at": 3, "remove": 2 })
        );
        assert_eq!(
            json[2],
            serde_json::json!({ "op": "edit", "uid": "e12", "at": 1, "lines": "  text \"new\"\n  text \"two\"" })
        );
        let back: Vec<Change> = serde_json::from_value(json).unwrap_or_default();
        assert_eq!(back, changes);
        assert_eq!(changes[0].lines(), None);
        assert_eq!(changes[3].lines(), Some("e12 checkbox checked"));
    }

    #[test]
    fn lines_shallower_than_the_first_keep_their_place_below_it() {
        let edit = Change::Edit {
            uid: "e12".into(),
            at: 47,
            remove: 4,
            lines: "    cell \"Guido 17\"\n    cell \"Oslo\"\n  row\n    cell \"Ken 47\"".into(),
            gone: String::new(),
        };
        assert_eq!(
            text(&[edit]),
            "~ e12:47 cell \"Guido 17\"\n    cell \"Oslo\"\n  row\n    cell \"Ken 47\"\n"
        );
    }

    #[test]
    fn a_line_node_is_its_uid_role_and_unquoted_name() {
        assert_eq!(
            line_node("    e12 link \"Say \\\"hi\\\" \\\\ now\" heading=2"),
            Some(("e12", "link", "Say \"hi\" \\ now".to_string()))
        );
        assert_eq!(
            line_node("e3 textbox value=\"x\""),
            Some(("e3", "textbox", String::new()))
        );
        assert_eq!(
            line_node("f1e2 main"),
            Some(("f1e2", "main", String::new()))
        );
        assert_eq!(line_node("  text \"e1 link\""), None);
    }

    #[test]
    fn a_line_uid_is_its_first_word_when_that_is_a_uid() {
        assert_eq!(line_uid("  f2e10 link \"x\""), Some("f2e10"));
        assert_eq!(line_uid("e1 main"), Some("e1"));
        assert_eq!(line_uid("  e12x link"), None);
        assert_eq!(line_uid("  fe2 link"), None);
        assert_eq!(line_uid("  text \"e1\""), None);
    }
}
