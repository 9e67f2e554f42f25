//! Bounds on what one event may hold in memory (issue 12 item 9): strings (console text and
//! arguments, WebSocket frame payloads, …) are cut at [`MAX_STRING_BYTES`] and arrays at
//! [`MAX_ARRAY_ITEMS`], each cut leaving a marker that says how much was there; and the size of
//! an event is estimated so the ring can be bounded in bytes as well as in events.
//!
//! Response bodies are not cut here: they have their own budget (`maxBodyBytes`, 64 MiB in all).

use serde_json::Value;

/// The longest string kept in an event; the rest is replaced by a marker.
pub const MAX_STRING_BYTES: usize = 64 * 1024;
/// The most items kept in one array of an event.
pub const MAX_ARRAY_ITEMS: usize = 1_000;

/// The most a console message or a network record may hold in memory (its arguments, its
/// frames, its post data); what is beyond is left out with a marker.
pub const MAX_RECORD_BYTES: usize = 256 * 1024;
/// The part of a WebSocket frame's payload a network record keeps (a preview: the events
/// stream carries frames up to [`MAX_STRING_BYTES`]).
pub const MAX_FRAME_PREVIEW_BYTES: usize = 4 * 1024;

/// Cuts `text` to at most `max` bytes (on a character boundary), with a marker saying how long
/// it was; true when it cut.
pub fn cut_text(text: &mut String, max: usize) -> bool {
    if text.len() <= max {
        return false;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let total = text.len();
    text.truncate(end);
    text.push_str(&format!("…[cut by cdt: {total} bytes in all]"));
    true
}

/// Keeps the leading `items` whose estimated size fits in `budget` (each clipped first), and a
/// marker for the rest; returns how many cuts were made.
pub fn fit_items(items: &mut Vec<Value>, budget: usize) -> u64 {
    let mut cuts = 0;
    let mut used = 0;
    let mut kept = items.len();
    for (index, item) in items.iter_mut().enumerate() {
        cuts += clip(item);
        used += estimate_bytes(item);
        if used > budget {
            kept = index;
            break;
        }
    }
    if kept < items.len() {
        let total = items.len();
        items.truncate(kept);
        items.push(Value::String(format!(
            "…[cut by cdt: {} of {total} items left out]",
            total - kept
        )));
        cuts += 1;
    }
    cuts
}

/// Cuts long strings and arrays inside `value`; returns how many cuts were made.
pub fn clip(value: &mut Value) -> u64 {
    match value {
        Value::String(text) => u64::from(cut_text(text, MAX_STRING_BYTES)),
        Value::Array(items) => {
            let mut cuts = 0;
            if items.len() > MAX_ARRAY_ITEMS {
                let total = items.len();
                items.truncate(MAX_ARRAY_ITEMS);
                items.push(Value::String(format!(
                    "…[cut by cdt: {total} items in all]"
                )));
                cuts += 1;
            }
            cuts + items.iter_mut().map(clip).sum::<u64>()
        }
        Value::Object(map) => map.values_mut().map(clip).sum(),
        _ => 0,
    }
}

/// An estimate of the heap memory a JSON value takes (its text, plus per-node overhead).
pub fn estimate_bytes(value: &Value) -> usize {
    const NODE: usize = 32;
    match value {
        Value::String(text) => NODE + text.len(),
        Value::Array(items) => NODE + items.iter().map(estimate_bytes).sum::<usize>(),
        Value::Object(map) => {
            NODE + map
                .iter()
                .map(|(key, value)| NODE + key.len() + estimate_bytes(value))
                .sum::<usize>()
        }
        _ => NODE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn long_strings_and_arrays_are_cut_with_a_marker() {
        let mut value = json!({
            "args": [{ "value": "é".repeat(MAX_STRING_BYTES) }],
            "many": vec![1; MAX_ARRAY_ITEMS + 5],
            "short": "kept",
        });
        assert_eq!(clip(&mut value), 2);
        let text = value["args"][0]["value"].as_str().unwrap_or_default();
        assert!(text.len() < MAX_STRING_BYTES + 100);
        assert!(text.ends_with(&format!(
            "[cut by cdt: {} bytes in all]",
            MAX_STRING_BYTES * 2
        )));
        assert_eq!(
            value["many"].as_array().map(Vec::len),
            Some(MAX_ARRAY_ITEMS + 1)
        );
        assert_eq!(value["short"], "kept");
        assert!(estimate_bytes(&value) > MAX_STRING_BYTES);
    }
}
