//! Console messages: `Runtime.consoleAPICalled`, `Runtime.exceptionThrown` and
//! `Log.entryAdded`, turned into one record type with a readable text.

use super::bounds;
use cdt_domain::ops::{ConsoleArg, ConsoleDetail, ConsoleSummary};
use serde_json::{Value, json};

/// One console message of a page (or of one of its iframes or workers).
#[derive(Clone, Debug)]
pub struct ConsoleMessage {
    pub id: u64,
    pub page_target_id: String,
    pub target_type: String,
    pub navigation: u32,
    /// `log`, `info`, `warn`, `error`, `debug`, `trace`, `exception`, … (console API type, or
    /// the log level for browser-generated entries).
    pub kind: String,
    /// `console-api`, `exception`, or the `Log` source (`network`, `violation`, …).
    pub source: String,
    pub text: String,
    pub args: Vec<Value>,
    pub stack: Value,
    pub url: String,
    pub line: Option<u64>,
    pub column: Option<u64>,
    pub at_ms: u64,
    /// How many values were cut to keep the message bounded (0: whole).
    pub cuts: u64,
}

impl ConsoleMessage {
    /// Bounds the message (text and arguments within [`bounds::MAX_RECORD_BYTES`]); returns
    /// how many cuts were made.
    pub fn bound(&mut self) -> u64 {
        let mut cuts = u64::from(bounds::cut_text(&mut self.text, bounds::MAX_STRING_BYTES));
        cuts += bounds::fit_items(&mut self.args, bounds::MAX_RECORD_BYTES);
        cuts += bounds::clip(&mut self.stack);
        self.cuts += cuts;
        cuts
    }

    /// Its estimated size in memory.
    pub fn bytes(&self) -> usize {
        256 + self.text.len()
            + self.url.len()
            + self.args.iter().map(bounds::estimate_bytes).sum::<usize>()
            + bounds::estimate_bytes(&self.stack)
    }
}

fn str_of<'a>(value: &'a Value, key: &str) -> &'a str {
    value.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// A RemoteObject as console text.
pub fn remote_text(object: &Value) -> String {
    match (str_of(object, "type"), object.get("value")) {
        ("string", Some(Value::String(text))) => text.clone(),
        ("undefined", _) => "undefined".into(),
        (_, Some(value)) if !value.is_null() || str_of(object, "subtype") == "null" => {
            value.to_string()
        }
        _ => {
            let description = str_of(object, "description");
            if !description.is_empty() {
                return description.to_string();
            }
            let unserializable = str_of(object, "unserializableValue");
            if unserializable.is_empty() {
                str_of(object, "type").to_string()
            } else {
                unserializable.to_string()
            }
        }
    }
}

/// Applies `%s %d %i %f %o %O %c` substitutions of the first argument, like the console does.
pub fn format_args(args: &[Value]) -> String {
    let Some(first) = args.first() else {
        return String::new();
    };
    let mut rest = args.iter().skip(1);
    let mut text = String::new();
    if str_of(first, "type") == "string" && remote_text(first).contains('%') {
        let format = remote_text(first);
        let mut chars = format.chars().peekable();
        while let Some(c) = chars.next() {
            match (c, chars.peek().copied()) {
                ('%', Some(spec @ ('s' | 'd' | 'i' | 'f' | 'o' | 'O' | 'c'))) => {
                    chars.next();
                    // `%c` consumes its CSS argument and prints nothing.
                    if let Some(arg) = rest.next()
                        && spec != 'c'
                    {
                        text.push_str(&remote_text(arg));
                    }
                }
                ('%', Some('%')) => {
                    chars.next();
                    text.push('%');
                }
                _ => text.push(c),
            }
        }
    } else {
        text = remote_text(first);
    }
    for arg in rest {
        text.push(' ');
        text.push_str(&remote_text(arg));
    }
    text
}

fn top_frame(stack: &Value) -> (String, Option<u64>, Option<u64>) {
    let frame = &stack["callFrames"][0];
    (
        str_of(frame, "url").to_string(),
        frame["lineNumber"].as_u64(),
        frame["columnNumber"].as_u64(),
    )
}

fn compact_stack(stack: &Value) -> Value {
    let frames: Vec<Value> = stack["callFrames"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| json!({ "function": f["functionName"], "url": f["url"], "line": f["lineNumber"], "column": f["columnNumber"] }))
        .collect();
    if frames.is_empty() {
        Value::Null
    } else {
        Value::Array(frames)
    }
}

/// Builds a message from a console-bearing event; `None` for other methods.
pub fn from_event(method: &str, params: &Value) -> Option<ConsoleMessage> {
    let mut message = ConsoleMessage {
        id: 0,
        page_target_id: String::new(),
        target_type: String::new(),
        navigation: 0,
        kind: String::new(),
        source: String::new(),
        text: String::new(),
        args: Vec::new(),
        stack: Value::Null,
        url: String::new(),
        line: None,
        column: None,
        at_ms: 0,
        cuts: 0,
    };
    match method {
        "Runtime.consoleAPICalled" => {
            let args = params["args"].as_array().cloned().unwrap_or_default();
            message.kind = match str_of(params, "type") {
                "warning" => "warn".into(),
                other => other.into(),
            };
            message.source = "console-api".into();
            message.text = format_args(&args);
            message.args = args;
            (message.url, message.line, message.column) = top_frame(&params["stackTrace"]);
            message.stack = compact_stack(&params["stackTrace"]);
        }
        "Runtime.exceptionThrown" => {
            let details = &params["exceptionDetails"];
            let description = str_of(&details["exception"], "description");
            message.kind = "exception".into();
            message.source = "exception".into();
            message.text = if description.is_empty() {
                str_of(details, "text").to_string()
            } else {
                description.to_string()
            };
            message.url = str_of(details, "url").to_string();
            message.line = details["lineNumber"].as_u64();
            message.column = details["columnNumber"].as_u64();
            message.stack = compact_stack(&details["stackTrace"]);
            if let Some(exception) = details.get("exception") {
                message.args = vec![exception.clone()];
            }
        }
        "Log.entryAdded" => {
            let entry = &params["entry"];
            message.kind = match str_of(entry, "level") {
                "warning" => "warn".into(),
                "verbose" => "debug".into(),
                other => other.into(),
            };
            message.source = str_of(entry, "source").to_string();
            message.text = str_of(entry, "text").to_string();
            message.url = str_of(entry, "url").to_string();
            message.line = entry["lineNumber"].as_u64();
            message.stack = compact_stack(&entry["stackTrace"]);
        }
        _ => return None,
    }
    Some(message)
}

impl ConsoleMessage {
    /// The list form: small, one line of meaning.
    pub fn summary(&self, page: Option<u32>) -> ConsoleSummary {
        let located = !self.url.is_empty();
        ConsoleSummary {
            id: self.id,
            page,
            kind: self.kind.clone(),
            text: self.text.clone(),
            source: (self.source != "console-api").then(|| self.source.clone()),
            target: (self.target_type != "page").then(|| self.target_type.clone()),
            url: located.then(|| self.url.clone()),
            // Where it was logged (none when the browser gave a URL without a line).
            line: if located { self.line } else { None },
            cut: self.cuts > 0,
        }
    }

    /// The `get` form: arguments and stack.
    pub fn detail(&self, page: Option<u32>) -> ConsoleDetail {
        ConsoleDetail {
            summary: self.summary(page),
            args: self
                .args
                .iter()
                .map(|a| ConsoleArg {
                    kind: a["type"].clone(),
                    subtype: a["subtype"].clone(),
                    text: remote_text(a),
                })
                .collect(),
            stack: self.stack.clone(),
            column: self.column,
            timestamp: self.at_ms,
            navigation: self.navigation,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_substitutions_and_objects() {
        let args = vec![
            json!({ "type": "string", "value": "%s has %d items%c" }),
            json!({ "type": "string", "value": "cart" }),
            json!({ "type": "number", "value": 3 }),
            json!({ "type": "string", "value": "color: red" }),
            json!({ "type": "object", "className": "Object", "description": "Object" }),
        ];
        assert_eq!(format_args(&args), "cart has 3 items Object");
        assert_eq!(
            remote_text(&json!({ "type": "object", "subtype": "null", "value": null })),
            "null"
        );
        assert_eq!(
            remote_text(&json!({ "type": "number", "unserializableValue": "NaN" })),
            "NaN"
        );
    }

    #[test]
    fn exceptions_and_log_entries_become_messages() {
        let thrown = json!({ "exceptionDetails": { "text": "Uncaught", "url": "http://x/a.js", "lineNumber": 4,
            "exception": { "type": "object", "subtype": "error", "description": "Error: boom\n    at a.js:5" } } });
        let message = from_event("Runtime.exceptionThrown", &thrown);
        assert_eq!(
            message
                .as_ref()
                .map(|m| (m.kind.as_str(), m.text.starts_with("Error: boom"))),
            Some(("exception", true))
        );
        let entry = json!({ "entry": { "source": "network", "level": "error", "text": "Failed to load resource: 404", "url": "http://x/i.png" } });
        let message = from_event("Log.entryAdded", &entry);
        assert_eq!(
            message.map(|m| (m.kind, m.source)),
            Some(("error".to_string(), "network".to_string()))
        );
        assert!(from_event("Network.requestWillBeSent", &json!({})).is_none());
    }
}
