//! Reply size limits (issue 12 item 8): the client refuses a reply line over
//! [`MAX_REPLY_BYTES`], so the daemon bounds every large result at its source — a string cut
//! with `truncated: true` and its full size, a list cut with an offset to continue from, or
//! `RESULT_TOO_LARGE` naming a way that works (`--file`, a narrower query) — and the server
//! refuses to send anything bigger as a last resort.
//!
//! Sizes here are measured as serialized JSON, escapes included, never as characters.

/// The longest line either side of the socket accepts (hello, request or reply).
pub const MAX_REPLY_BYTES: usize = 8 * 1024 * 1024;

/// How much serialized JSON one large field of a reply (an eval value, an HTML string, an
/// inline image, a body, a page of events) may take: the rest of the envelope, the
/// other fields and the warnings fit in what is left.
pub const FIELD_BUDGET_BYTES: usize = 6 * 1024 * 1024;

/// Serialized size of a JSON value.
pub fn json_len(value: &serde_json::Value) -> usize {
    serde_json::to_vec(value)
        .map(|v| v.len())
        .unwrap_or(usize::MAX)
}

/// Bytes `c` takes inside a JSON string as `serde_json` writes it.
fn escaped_len(c: char) -> usize {
    match c {
        '"' | '\\' | '\n' | '\r' | '\t' | '\u{08}' | '\u{0c}' => 2,
        c if (c as u32) < 0x20 => 6,
        c => c.len_utf8(),
    }
}

/// The longest prefix of `text` whose JSON string (quotes included) takes at most `budget`
/// bytes, or `None` when the whole text fits. Cuts on a character boundary.
pub fn cut_to_budget(text: &str, budget: usize) -> Option<&str> {
    let mut used = 2; // the quotes
    for (index, c) in text.char_indices() {
        used += escaped_len(c);
        if used > budget {
            return Some(&text[..index]);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_measure_the_escaped_form() {
        assert_eq!(cut_to_budget("abc", 5), None);
        assert_eq!(cut_to_budget("abcd", 5), Some("abc"));
        // A quote costs two bytes, a control character six.
        assert_eq!(cut_to_budget("a\"b", 5), Some("a\""));
        assert_eq!(cut_to_budget("\u{1}x", 7), Some(""));
        // Never inside a multi-byte character.
        assert_eq!(cut_to_budget("éé", 4), Some("é"));
        let long = "\"".repeat(1000);
        let cut = cut_to_budget(&long, 101).unwrap_or_default();
        assert!(json_len(&serde_json::Value::from(cut)) <= 101);
    }
}
