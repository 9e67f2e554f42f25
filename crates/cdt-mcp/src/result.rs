//! Replies of the daemon as MCP tool results: compact text for the model (the snapshot as
//! text, lists as one line per item, anything else as one line of JSON), the reply's `data`
//! as `structuredContent`, screenshots as image content (or their path past a size cap), and
//! failures as tool errors (`isError`) carrying cdt's error code, message and suggestions.

use cdt_domain::ops::{Op, op};
use cdt_domain::snapshot_change::{self, Change};
use cdt_domain::{CdtError, Suggestion, Warning};
use rmcp::model::{CallToolResult, ContentBlock};
use serde_json::{Map, Value, json};

use crate::tools::{self, Family};

/// Largest screenshot returned as image content (bytes of the encoded image); larger ones are
/// returned as their file path.
pub const INLINE_IMAGE_CAP: u64 = 1 << 20;

fn scalar(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Null => "-".into(),
        other => other.to_string(),
    }
}

fn lines(items: Option<&Vec<Value>>, line: impl Fn(&Value) -> String) -> String {
    items
        .map(|items| items.iter().map(|item| line(item) + "\n").collect())
        .unwrap_or_default()
}

/// The text the model reads for a successful reply of `op` (the operations are named by their
/// marker types, so a renamed or removed one does not compile rather than silently fall
/// through to JSON).
fn text(op: &str, data: &Value) -> String {
    let is = |name: &str| op == name;
    match op {
        _ if is(<op::CaptureSnapshot as Op>::NAME) && data["snapshot"].is_string() => format!(
            "page {} {} {}\n{}",
            scalar(&data["page"]),
            scalar(&data["url"]),
            scalar(&data["title"]),
            scalar(&data["snapshot"])
        ),
        _ if is(<op::CaptureSnapshot as Op>::NAME) && data["changes"].is_array() => {
            let changes: Vec<Change> =
                serde_json::from_value(data["changes"].clone()).unwrap_or_default();
            let head = format!(
                "page {} {} {}\nversion {}",
                scalar(&data["page"]),
                scalar(&data["url"]),
                scalar(&data["title"]),
                scalar(&data["version"])
            );
            if changes.is_empty() {
                format!("{head}: unchanged since your last snapshot\n")
            } else {
                format!(
                    "{head}, changes since version {}:\n{}",
                    scalar(&data["base"]),
                    snapshot_change::text(&changes)
                )
            }
        }
        _ if is(<op::PageList as Op>::NAME) => lines(data["pages"].as_array(), |p| {
            let marker = if p["current"] == true {
                " (selected)"
            } else {
                ""
            };
            format!(
                "{} {} {}{marker}",
                scalar(&p["id"]),
                scalar(&p["url"]),
                scalar(&p["title"])
            )
        }),
        _ if is(<op::ConsoleList as Op>::NAME) => lines(data["messages"].as_array(), |m| {
            format!(
                "msgid={} {} {}",
                scalar(&m["id"]),
                scalar(&m["type"]),
                scalar(&m["text"])
            )
        }),
        _ if is(<op::NetworkList as Op>::NAME) => lines(data["requests"].as_array(), |r| {
            let status = if r["failed"] == true {
                scalar(&r["errorText"])
            } else {
                scalar(&r["status"])
            };
            format!(
                "reqid={} {} {status} {} {}",
                scalar(&r["id"]),
                scalar(&r["method"]),
                scalar(&r["type"]),
                scalar(&r["url"])
            )
        }),
        _ => data.to_string(),
    }
}

fn structured(data: Value, warnings: &[Warning]) -> Value {
    let mut object = match data {
        Value::Object(object) => object,
        other => {
            let mut wrapped = Map::new();
            wrapped.insert("result".into(), other);
            wrapped
        }
    };
    if !warnings.is_empty() {
        object.insert("warnings".into(), json!(warnings));
    }
    Value::Object(object)
}

fn warning_lines(warnings: &[Warning]) -> String {
    warnings.iter().map(|w| format!("\nwarning {w}")).collect()
}

/// A successful reply of `op` as a tool result.
pub fn success(op: &str, mut data: Value, warnings: &[Warning]) -> CallToolResult {
    if op == "capture.screenshot" {
        return screenshot(data, warnings);
    }
    let mut text = text(op, &data);
    text.push_str(&warning_lines(warnings));
    if op == "capture.snapshot"
        && let Value::Object(object) = &mut data
    {
        // The uid map is for programs; the model reads the uids in the text.
        object.remove("uids");
    }
    let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
    result.structured_content = Some(structured(data, warnings));
    result
}

fn screenshot(mut data: Value, warnings: &[Warning]) -> CallToolResult {
    let image = data
        .as_object_mut()
        .and_then(|object| object.remove("base64"))
        .and_then(|b| b.as_str().map(str::to_string));
    let bytes = data["bytes"].as_u64().unwrap_or(u64::MAX);
    let mime = format!("image/{}", data["format"].as_str().unwrap_or("png"));
    let mut content = Vec::new();
    let mut line = format!(
        "{}x{} {} saved to {}",
        scalar(&data["width"]),
        scalar(&data["height"]),
        scalar(&data["format"]),
        scalar(&data["path"])
    );
    match image {
        Some(image) if bytes <= INLINE_IMAGE_CAP => content.push(ContentBlock::image(image, mime)),
        Some(_) => line.push_str(&format!(
            " ({bytes} bytes: over the {INLINE_IMAGE_CAP}-byte inline cap, read the file)"
        )),
        None => {}
    }
    line.push_str(&warning_lines(warnings));
    content.push(ContentBlock::text(line));
    let mut result = CallToolResult::success(content);
    result.structured_content = Some(structured(data, warnings));
    result
}

/// The observer tools' replies in seed 002's shapes (§3.2): `cleared: true`, filters named
/// `urlAllowlist`/`urlBlocklist`, the observed target's `resourceUri`. cdt's own fields stay.
pub fn seed_002_shape(op: &str, data: &mut Value) {
    let is = |name: &str| op == name;
    if is(<op::EventsObserve as Op>::NAME) {
        crate::resources::add_uri(data);
    } else if is(<op::EventsClear as Op>::NAME) {
        data["clearedEvents"] = data["cleared"].take();
        data["cleared"] = json!(true);
    } else if is(<op::EventsFiltersGet as Op>::NAME) || is(<op::EventsFiltersSet as Op>::NAME) {
        let filters = &mut data["filters"];
        if filters.is_object() {
            filters["urlAllowlist"] = filters["urlAllow"].clone();
            filters["urlBlocklist"] = filters["urlBlock"].clone();
        }
    }
}

/// A suggestion as an MCP client reads it: a command names the tool that runs the same
/// operation (`Run: cdt page list (tool list_pages)`), read from the typed hint, not from its
/// text.
fn with_tool(suggestion: &Suggestion, families: &[Family]) -> Suggestion {
    let text = suggestion.to_string();
    Suggestion::Text(match suggestion {
        Suggestion::Run(run) => format!("{text} (tool {})", tools::tool_for(&run.op, families)),
        Suggestion::Text(_) => text,
    })
}

/// A failure as a tool error: the model reads code, message, details and suggestions; the
/// same error is the structured content.
pub fn failure(error: CdtError, families: &[Family]) -> CallToolResult {
    let mut error = error.ensure_suggestion();
    error.suggestions = error
        .suggestions
        .iter()
        .map(|s| with_tool(s, families))
        .collect();
    let mut text = format!("error[{}]: {}", error.code, error.message);
    if !error.details.is_null() {
        text.push_str(&format!(" {}", error.details));
    }
    for suggestion in &error.suggestions {
        text.push_str(&format!("\nhint: {suggestion}"));
    }
    let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
    result.structured_content =
        Some(json!({ "error": error, "retryable": error.code.retryable() }));
    result
}

#[cfg(test)]
mod tests {
    use cdt_domain::ops::op;
    use cdt_domain::{ErrorCode, WarningCode};

    use super::*;

    #[test]
    fn errors_carry_code_message_and_suggestions_naming_the_tool() {
        let error = CdtError::new(ErrorCode::PageNotFound, "no page 9 in this context")
            .with_details(json!({ "known": [1] }))
            .run::<op::PageList>("");
        let defaults = tools::families("default").unwrap_or_default();
        let result = failure(error, &defaults);
        assert_eq!(result.is_error, Some(true));
        let structured = result.structured_content.unwrap_or_default();
        assert_eq!(structured["error"]["code"], "PAGE_NOT_FOUND");
        assert_eq!(
            structured["error"]["suggestions"][0],
            "Run: cdt page list (tool list_pages)"
        );
        let filters = CdtError::validation("x").run::<op::EventsFiltersGet>("");
        assert_eq!(
            with_tool(&filters.suggestions[0], &defaults),
            "Run: cdt events filters get (tool cdp_get_filters)"
        );
        // An operation without a shaped tool is reached through `cdt` (or its own tool when
        // those are listed).
        let title = CdtError::validation("x").run::<op::ConsoleClear>("");
        assert_eq!(
            with_tool(&title.suggestions[0], &defaults),
            "Run: cdt console clear (tool cdt op=console.clear)"
        );
        let all = tools::families("all").unwrap_or_default();
        assert_eq!(
            with_tool(&title.suggestions[0], &all),
            "Run: cdt console clear (tool console_clear)"
        );
        // Text is never parsed for a command: only typed hints name a tool.
        assert_eq!(
            with_tool(&"Run: cdt page list".into(), &defaults),
            "Run: cdt page list"
        );
    }

    #[test]
    fn lists_read_as_lines_and_warnings_are_kept() {
        let data =
            json!({ "pages": [{ "id": 1, "url": "http://x/", "title": "X", "current": true }] });
        let warning = Warning::new(WarningCode::ActionNoEffect, "nothing changed");
        let result = success("page.list", data, std::slice::from_ref(&warning));
        let Some(ContentBlock::Text(text)) = result.content.first() else {
            panic!("no text")
        };
        assert!(
            text.text.starts_with("1 http://x/ X (selected)\n"),
            "{}",
            text.text
        );
        assert!(text.text.contains("ACTION_NO_EFFECT"), "{}", text.text);
        let structured = result.structured_content.unwrap_or_default();
        assert_eq!(structured["warnings"][0]["code"], "ACTION_NO_EFFECT");
    }

    #[test]
    fn small_screenshots_are_images_large_ones_paths() {
        let small = json!({ "path": "/a.png", "bytes": 10, "format": "png", "width": 1, "height": 1, "base64": "AAAA" });
        let result = success("capture.screenshot", small, &[]);
        assert!(matches!(
            result.content.first(),
            Some(ContentBlock::Image(_))
        ));
        assert!(
            result
                .structured_content
                .unwrap_or_default()
                .get("base64")
                .is_none()
        );
        let large = json!({ "path": "/a.png", "bytes": INLINE_IMAGE_CAP + 1, "format": "png", "base64": "AAAA" });
        let result = success("capture.screenshot", large, &[]);
        assert_eq!(result.content.len(), 1);
        assert!(
            matches!(result.content.first(), Some(ContentBlock::Text(t)) if t.text.contains("/a.png"))
        );
    }
}
