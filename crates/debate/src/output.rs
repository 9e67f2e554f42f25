//! Reading an agent CLI's stdout: the reply text and the session id. JSON first (one document,
//! or JSON Lines as `codex exec --json` prints), raw text otherwise; session ids from JSON keys
//! first, then from text such as `session id: 0199…`.
//!
//! This module only reads text: it never runs anything and never fails; "nothing found" is an
//! answer the engine decides about.

use std::sync::LazyLock;

use regex_lite::Regex;
use serde_json::Value;

/// What one CLI call printed, as the engine needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedOutput {
    /// The reply text, trimmed; empty when there was none.
    pub response: String,
    /// The session id, when one could be found.
    pub session_id: Option<String>,
    /// Whether stdout was JSON (one document or JSON Lines).
    pub json: bool,
}

/// Keys that hold a session id, most specific first.
const SESSION_KEYS: [&str; 8] = [
    "session_id",
    "sessionId",
    "thread_id",
    "threadId",
    "conversation_id",
    "conversationId",
    "chat_id",
    "chatId",
];

/// Keys that hold reply text, most specific first.
const RESPONSE_KEYS: [&str; 7] = [
    "response", "result", "text", "message", "content", "output", "answer",
];

/// Objects whose `type` says they are not the reply (thinking, tool calls, usage).
const SKIPPED_TYPES: [&str; 5] = ["reasoning", "tool", "command", "usage", "error"];

static SESSION_TEXT: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:session|thread|conversation)[ _-]?id\b\s*[:=]?\s*[`'\x22]?([A-Za-z0-9][A-Za-z0-9._:-]{3,127})",
    )
    .ok()
});

static SESSION_ID_SHAPE: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$").ok());

/// Whether `id` is safe to pass as one argv element and to store: no leading `-` (it would read
/// as an option), no spaces or quotes, at most 128 characters.
pub fn is_valid_session_id(id: &str) -> bool {
    SESSION_ID_SHAPE
        .as_ref()
        .is_some_and(|shape| shape.is_match(id))
}

pub fn parse(stdout: &str) -> ParsedOutput {
    let documents = json_documents(stdout);
    if documents.is_empty() {
        return ParsedOutput {
            response: stdout.trim().to_string(),
            session_id: session_from_text(stdout),
            json: false,
        };
    }
    let session_id = documents
        .iter()
        .find_map(session_from_json)
        .or_else(|| session_from_text(stdout));
    // Streamed assistant chunks (`gemini --output-format stream-json`) make up the reply;
    // otherwise it is the last document that holds one (JSON Lines end with the final message).
    let response = assistant_chunks(&documents)
        .or_else(|| {
            documents
                .iter()
                .rev()
                .find_map(|document| response_from_json(document, 0))
        })
        .unwrap_or_default();
    ParsedOutput {
        response: response.trim().to_string(),
        session_id,
        json: true,
    }
}

/// stdout as one JSON document, or as JSON Lines (every non-empty line an object or array).
fn json_documents(stdout: &str) -> Vec<Value> {
    let trimmed = stdout.trim();
    if trimmed.is_empty() {
        return Vec::new();
    }
    if let Ok(value @ (Value::Object(_) | Value::Array(_))) = serde_json::from_str(trimmed) {
        return vec![value];
    }
    let mut documents = Vec::new();
    for line in trimmed.lines().map(str::trim).filter(|l| !l.is_empty()) {
        match serde_json::from_str(line) {
            Ok(value @ (Value::Object(_) | Value::Array(_))) => documents.push(value),
            _ => return Vec::new(),
        }
    }
    documents
}

/// `{"type":"message","role":"assistant","content":"…","delta":true}` lines, joined.
fn assistant_chunks(documents: &[Value]) -> Option<String> {
    let mut text = String::new();
    let mut found = false;
    for document in documents {
        let is_assistant_message = document["type"] == "message" && document["role"] == "assistant";
        if let (true, Value::String(content)) = (is_assistant_message, &document["content"]) {
            if found && document["delta"] != Value::Bool(true) {
                text.push('\n');
            }
            text.push_str(content);
            found = true;
        }
    }
    found.then_some(text)
}

fn session_from_json(value: &Value) -> Option<String> {
    match value {
        Value::Object(map) => {
            for key in SESSION_KEYS {
                if let Some(Value::String(id)) = map.get(key)
                    && is_valid_session_id(id)
                {
                    return Some(id.clone());
                }
            }
            // `{"session": {"id": …}}` and `{"thread": {"id": …}}`.
            for key in ["session", "thread", "conversation"] {
                if let Some(Value::Object(inner)) = map.get(key)
                    && let Some(Value::String(id)) = inner.get("id")
                    && is_valid_session_id(id)
                {
                    return Some(id.clone());
                }
            }
            map.values().find_map(session_from_json)
        }
        Value::Array(items) => items.iter().find_map(session_from_json),
        _ => None,
    }
}

fn response_from_json(value: &Value, depth: usize) -> Option<String> {
    if depth > 6 {
        return None;
    }
    match value {
        Value::Object(map) => {
            if let Some(Value::String(kind)) = map.get("type")
                && SKIPPED_TYPES.iter().any(|skipped| kind.contains(skipped))
            {
                return None;
            }
            for key in RESPONSE_KEYS {
                match map.get(key) {
                    Some(Value::String(text)) if !text.trim().is_empty() => {
                        return Some(text.clone());
                    }
                    Some(inner @ (Value::Object(_) | Value::Array(_))) => {
                        if let Some(text) = response_from_json(inner, depth + 1) {
                            return Some(text);
                        }
                    }
                    _ => {}
                }
            }
            // Wrappers such as `{"item": {...}}` or `{"data": {...}}`.
            for key in [
                "item",
                "data",
                "msg",
                "payload",
                "choices",
                "candidates",
                "parts",
            ] {
                if let Some(inner) = map.get(key)
                    && let Some(text) = response_from_json(inner, depth + 1)
                {
                    return Some(text);
                }
            }
            None
        }
        Value::Array(items) => {
            let texts: Vec<String> = items
                .iter()
                .filter_map(|item| response_from_json(item, depth + 1))
                .collect();
            (!texts.is_empty()).then(|| texts.join("\n"))
        }
        _ => None,
    }
}

fn session_from_text(text: &str) -> Option<String> {
    let regex = SESSION_TEXT.as_ref()?;
    regex
        .captures_iter(text)
        .filter_map(|captures| captures.get(1))
        .map(|id| id.as_str().trim_end_matches(['.', ':']).to_string())
        .find(|id| is_valid_session_id(id))
}

#[cfg(test)]
#[path = "output_tests.rs"]
mod tests;
