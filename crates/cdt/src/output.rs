//! The one printer: the JSON envelope (or the text rendering) on stdout, diagnostics on
//! stderr, `--fields` projection, and a quiet exit on a closed stdout.

use std::io::{IsTerminal, Write};

use cdt_domain::{CdtError, env};
use serde_json::{Map, Value, json};

use crate::args::OutputFormat;

pub struct Meta {
    pub request_id: String,
    pub duration_ms: u64,
    pub context: Option<String>,
    pub warnings: Vec<cdt_domain::Warning>,
}

/// Keeps only the dotted `paths` of `data`; a path through an array applies to each element.
pub fn project(data: &Value, paths: &[Vec<&str>]) -> Value {
    match data {
        Value::Array(items) => {
            Value::Array(items.iter().map(|item| project(item, paths)).collect())
        }
        Value::Object(map) => {
            let mut out = Map::new();
            for path in paths {
                let Some((head, rest)) = path.split_first() else {
                    continue;
                };
                let Some(value) = map.get(*head) else {
                    continue;
                };
                let projected = if rest.is_empty() {
                    value.clone()
                } else {
                    let nested = project(value, &[rest.to_vec()]);
                    match (out.get(*head), nested) {
                        (Some(existing), nested) => merge(existing.clone(), nested),
                        (None, nested) => nested,
                    }
                };
                out.insert((*head).to_string(), projected);
            }
            Value::Object(out)
        }
        other => other.clone(),
    }
}

fn merge(a: Value, b: Value) -> Value {
    match (a, b) {
        (Value::Object(mut a), Value::Object(b)) => {
            for (key, value) in b {
                let merged = match a.remove(&key) {
                    Some(existing) => merge(existing, value),
                    None => value,
                };
                a.insert(key, merged);
            }
            Value::Object(a)
        }
        (Value::Array(a), Value::Array(b)) => {
            Value::Array(a.into_iter().zip(b).map(|(x, y)| merge(x, y)).collect())
        }
        (_, b) => b,
    }
}

/// Whether `path` names something in `data` (through arrays, in any element).
fn resolves(data: &Value, path: &[&str]) -> bool {
    match (data, path.split_first()) {
        (_, None) => true,
        (Value::Array(items), Some(_)) => items.iter().any(|item| resolves(item, path)),
        (Value::Object(map), Some((head, rest))) => {
            map.get(*head).is_some_and(|value| resolves(value, rest))
        }
        _ => false,
    }
}

/// The fields a reply offers: its top-level keys, and `list.field` for the items of each list.
fn offered_fields(data: &Value) -> Vec<String> {
    let Value::Object(map) = data else {
        return Vec::new();
    };
    let mut offered = Vec::new();
    for (key, value) in map {
        offered.push(key.clone());
        let mut item_keys: Vec<&String> = value
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_object)
            .flat_map(|item| item.keys())
            .collect();
        item_keys.sort();
        item_keys.dedup();
        offered.extend(item_keys.into_iter().map(|item| format!("{key}.{item}")));
    }
    offered
}

/// `--fields`: keeps the named fields of a reply. A name is a dotted path from the top
/// (`pages.id`), or a field of the items of the reply's list (`id,url,status` on `network
/// list` keeps `requests[*].{id,url,status}`). A name that matches nothing is refused,
/// naming the fields there are — never a silently empty `data`.
pub fn select_fields(data: &Value, fields: &str) -> Result<Value, CdtError> {
    let lists: Vec<&String> = match data {
        Value::Object(map) => map
            .iter()
            .filter(|(_, value)| value.is_array())
            .map(|(key, _)| key)
            .collect(),
        _ => Vec::new(),
    };
    let all_empty = !lists.is_empty()
        && lists
            .iter()
            .all(|list| data[list.as_str()].as_array().is_some_and(Vec::is_empty));
    let mut paths: Vec<Vec<&str>> = Vec::new();
    let mut unknown = Vec::new();
    for path in parse_fields(fields) {
        if resolves(data, &path) {
            paths.push(path);
            continue;
        }
        // A field of the list's items: under every list whose items have it, or, when every
        // list is empty (nothing to tell by), under each list.
        let holding: Vec<&String> = lists
            .iter()
            .copied()
            .filter(|list| resolves(&data[list.as_str()], &path))
            .collect();
        let under = if holding.is_empty() && all_empty {
            lists.clone()
        } else {
            holding
        };
        if under.is_empty() {
            unknown.push(path.join("."));
        }
        for list in under {
            let mut full = vec![list.as_str()];
            full.extend(path.iter().copied());
            paths.push(full);
        }
    }
    if !unknown.is_empty() {
        let offered = offered_fields(data);
        let example = offered
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join(",");
        return Err(CdtError::validation(format!(
            "--fields {} matches nothing in this reply",
            unknown.join(",")
        ))
        .with_details(json!({ "unknown": unknown, "fields": offered }))
        .hinted(format!(
            "Pick from error.details.fields, e.g. --fields {example}"
        )));
    }
    Ok(project(data, &paths))
}

pub fn parse_fields(fields: &str) -> Vec<Vec<&str>> {
    fields
        .split(',')
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .map(|f| f.split('.').collect())
        .collect()
}

fn colour(enabled: bool, code: &str, text: &str) -> String {
    if enabled {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

fn text_lines(value: &Value, indent: usize, out: &mut String) {
    let pad = "  ".repeat(indent);
    match value {
        Value::Object(map) => {
            for (key, value) in map {
                match value {
                    Value::Object(_) | Value::Array(_) if !is_empty(value) => {
                        out.push_str(&format!("{pad}{key}:\n"));
                        text_lines(value, indent + 1, out);
                    }
                    _ => out.push_str(&format!("{pad}{key}: {}\n", scalar(value))),
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                match item {
                    Value::Object(map) => {
                        let line: Vec<String> = map
                            .iter()
                            .filter(|(_, v)| !v.is_object() && !v.is_array())
                            .map(|(k, v)| format!("{k}={}", scalar(v)))
                            .collect();
                        out.push_str(&format!("{pad}- {}\n", line.join("  ")));
                    }
                    other => out.push_str(&format!("{pad}- {}\n", scalar(other))),
                }
            }
        }
        other => out.push_str(&format!("{pad}{}\n", scalar(other))),
    }
}

fn is_empty(value: &Value) -> bool {
    value.as_object().is_some_and(Map::is_empty) || value.as_array().is_some_and(Vec::is_empty)
}

fn scalar(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Null => "-".into(),
        other => other.to_string(),
    }
}

/// A human rendering of `data`, with a compact form for page lists.
pub fn render_text(op: &str, data: &Value) -> String {
    if let Some(text) = crate::render::compact(op, data) {
        return text;
    }
    let mut out = String::new();
    if let Some(pages) = data
        .get("pages")
        .and_then(Value::as_array)
        .filter(|_| op == "page.list")
    {
        for page in pages {
            let marker = if page["current"] == true { "*" } else { " " };
            out.push_str(&format!(
                "{marker} {:>3}  {}  {}\n",
                scalar(&page["id"]),
                scalar(&page["title"]),
                scalar(&page["url"])
            ));
        }
        return out;
    }
    if let Some(messages) = data
        .get("messages")
        .and_then(Value::as_array)
        .filter(|_| op == "console.list")
    {
        for message in messages {
            out.push_str(&format!(
                "{:>5} {:<9} {}\n",
                scalar(&message["id"]),
                scalar(&message["type"]),
                scalar(&message["text"])
            ));
        }
        return out;
    }
    if let Some(requests) = data
        .get("requests")
        .and_then(Value::as_array)
        .filter(|_| op == "network.list")
    {
        for request in requests {
            let status = if request["failed"] == true {
                scalar(&request["errorText"])
            } else {
                scalar(&request["status"])
            };
            let (id, method, kind, url) = (
                scalar(&request["id"]),
                scalar(&request["method"]),
                scalar(&request["type"]),
                scalar(&request["url"]),
            );
            out.push_str(&format!(
                "{id:>5} {method:<6} {status:<4} {kind:<10} {url}\n"
            ));
        }
        return out;
    }
    if let Some(lines) = data
        .get("lines")
        .and_then(Value::as_array)
        .filter(|_| op == "daemon.logs")
    {
        for line in lines {
            out.push_str(&format!("{}\n", scalar(line)));
        }
        return out;
    }
    text_lines(data, 0, &mut out);
    out
}

pub struct Printer {
    pub format: OutputFormat,
    pub fields: Option<String>,
}

impl Printer {
    /// Writes `text` to stdout; a closed pipe ends the process quietly.
    #[allow(clippy::print_stdout)]
    fn stdout(text: &str) {
        let mut stdout = std::io::stdout().lock();
        if stdout
            .write_all(text.as_bytes())
            .and_then(|()| stdout.flush())
            .is_err()
        {
            std::process::exit(0);
        }
    }

    /// Text that is the command's whole output (help, completion scripts, man pages).
    pub fn raw(text: &str) {
        Self::stdout(text);
    }

    #[allow(clippy::print_stderr)]
    pub fn stderr(text: &str) {
        let _ = std::io::stderr().write_all(text.as_bytes());
    }

    /// The reply's data as `--fields` asks for it.
    pub fn select(&self, data: Value) -> Result<Value, CdtError> {
        match &self.fields {
            Some(fields) => select_fields(&data, fields),
            None => Ok(data),
        }
    }

    /// Prints a success envelope of `data` (already [`Printer::select`]ed).
    pub fn success(&self, op: &str, data: &Value, meta: &Meta) {
        for warning in &meta.warnings {
            Self::stderr(&format!("warning: {warning}\n"));
        }
        match self.format {
            OutputFormat::Json => {
                let mut meta_json =
                    json!({ "requestId": meta.request_id, "durationMs": meta.duration_ms });
                if let Some(context) = &meta.context {
                    meta_json["context"] = json!(context);
                }
                if !meta.warnings.is_empty() {
                    meta_json["warnings"] = json!(meta.warnings);
                }
                // Written from the reply as it is (a snapshot's data is hundreds of kB: not
                // copied into another value first); keys in the order `json!` sorts them.
                #[derive(serde::Serialize)]
                struct Envelope<'a> {
                    data: &'a Value,
                    meta: &'a Value,
                    ok: bool,
                }
                let envelope = Envelope {
                    data,
                    meta: &meta_json,
                    ok: true,
                };
                let mut text = serde_json::to_string(&envelope).unwrap_or_default();
                text.push('\n');
                Self::stdout(&text);
            }
            OutputFormat::Text => Self::stdout(&render_text(op, data)),
        }
    }

    pub fn failure(&self, error: &CdtError, meta: &Meta) {
        match self.format {
            OutputFormat::Json => {
                let mut meta_json = json!({ "requestId": meta.request_id, "durationMs": meta.duration_ms, "retryable": error.code.retryable() });
                if let Some(context) = &meta.context {
                    meta_json["context"] = json!(context);
                }
                Self::stdout(&format!(
                    "{}\n",
                    json!({ "ok": false, "error": error.rendered(), "meta": meta_json })
                ));
            }
            OutputFormat::Text => {
                let paint =
                    std::io::stderr().is_terminal() && std::env::var_os(env::NO_COLOR).is_none();
                let mut text = format!(
                    "{} {}\n",
                    colour(paint, "31;1", &format!("error[{}]:", error.code)),
                    error.message
                );
                for suggestion in &error.suggestions {
                    text.push_str(&format!(
                        "  {} {suggestion}\n",
                        colour(paint, "36", "hint:")
                    ));
                }
                Self::stderr(&text);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn projects_nested_and_array_paths() {
        let data = json!({ "pages": [{ "id": 1, "url": "a", "title": "x" }, { "id": 2, "url": "b", "title": "y" }], "other": 1 });
        let projected = project(&data, &parse_fields("pages.id,pages.url"));
        assert_eq!(
            projected,
            json!({ "pages": [{ "id": 1, "url": "a" }, { "id": 2, "url": "b" }] })
        );
        assert_eq!(
            project(&json!({ "a": { "b": 1, "c": 2 } }), &parse_fields("a.c")),
            json!({ "a": { "c": 2 } })
        );
        assert_eq!(
            project(&json!({ "a": 1 }), &parse_fields("missing")),
            json!({})
        );
    }

    #[test]
    fn fields_of_list_items_keep_the_list_and_unknown_fields_are_refused() {
        let reply = json!({ "page": 1, "total": 2, "requests": [
            { "id": 1, "url": "http://a/", "status": 200, "method": "GET" },
            { "id": 2, "url": "http://b/", "status": 404, "method": "GET" },
        ] });
        assert_eq!(
            select_fields(&reply, "id,url,status").ok(),
            Some(json!({ "requests": [
                { "id": 1, "url": "http://a/", "status": 200 },
                { "id": 2, "url": "http://b/", "status": 404 },
            ] }))
        );
        assert_eq!(
            select_fields(&reply, "total,requests.id").ok(),
            Some(json!({ "total": 2, "requests": [{ "id": 1 }, { "id": 2 }] }))
        );
        let error = select_fields(&reply, "id,colour").err();
        assert_eq!(
            error.as_ref().map(|e| e.code),
            Some(cdt_domain::ErrorCode::ValidationError)
        );
        let details = error.map(|e| e.details).unwrap_or_default();
        assert_eq!(details["unknown"], json!(["colour"]));
        assert!(
            details["fields"]
                .as_array()
                .is_some_and(|f| f.contains(&json!("requests.status")))
        );
        // An empty list keeps its name: nothing says the field is wrong.
        assert_eq!(
            select_fields(&json!({ "requests": [], "total": 0 }), "id,url").ok(),
            Some(json!({ "requests": [] }))
        );
        assert!(select_fields(&json!({ "a": 1 }), "missing").is_err());
    }

    #[test]
    fn page_list_text_marks_the_current_page() {
        let data =
            json!({ "pages": [{ "id": 1, "url": "http://x/", "title": "X", "current": true }] });
        assert_eq!(render_text("page.list", &data), "*   1  X  http://x/\n");
    }
}
