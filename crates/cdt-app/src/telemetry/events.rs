//! Normalized events of the ring buffer (seed 002 §4): a kind, the essentials of that kind,
//! and for anything not understood, the raw method and params (`kind: other`).

use cdt_domain::telemetry::EventKind;
use serde_json::{Value, json};

use super::console;
use super::network::{redact, redact_value};

fn str_of<'a>(value: &'a Value, key: &str) -> &'a str {
    value.get(key).and_then(Value::as_str).unwrap_or_default()
}

fn cut(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// `(kind, url, http method, body)` of an event. `url` falls back to `known_url` (the request's
/// URL, for network events that do not repeat it).
/// A console call or exception as the ring keeps it: where it came from, and
/// `{type, text, args, stack}` (the top frame).
fn console_fields(method: &str, params: &Value, max_body: usize) -> (String, Value) {
    let Some(message) = console::from_event(method, params) else {
        return (
            String::new(),
            json!({ "type": "", "text": "", "args": [], "stack": null }),
        );
    };
    let args: Vec<String> = message.args.iter().map(console::remote_text).collect();
    let top = message.stack.get(0).cloned().unwrap_or(Value::Null);
    (
        message.url,
        json!({ "type": message.kind, "text": cut(&message.text, max_body), "args": args, "stack": top }),
    )
}

pub fn normalize(
    method: &str,
    params: &Value,
    known_url: Option<&str>,
    max_body: usize,
) -> (EventKind, Option<String>, Option<String>, Value) {
    let url = |value: &str| {
        Some(value.to_string())
            .filter(|u| !u.is_empty())
            .or_else(|| known_url.map(str::to_string))
    };
    let request_id = params.get("requestId").cloned().unwrap_or(Value::Null);
    match method {
        "Runtime.consoleAPICalled" | "Runtime.exceptionThrown" => {
            let (source_url, fields) = console_fields(method, params, max_body);
            (EventKind::Console, url(&source_url), None, fields)
        }
        "Log.entryAdded" => {
            let entry = &params["entry"];
            (
                EventKind::Log,
                url(str_of(entry, "url")),
                None,
                json!({ "level": entry["level"], "source": entry["source"], "text": cut(str_of(entry, "text"), max_body) }),
            )
        }
        "Network.requestWillBeSent" => {
            let request = &params["request"];
            let headers = redact(
                &request["headers"].as_object().cloned().unwrap_or_default(),
                false,
            );
            let post = request
                .get("postData")
                .and_then(Value::as_str)
                .map(|p| cut(p, max_body));
            let http_method = str_of(request, "method").to_string();
            let body = json!({
                "requestId": request_id, "url": request["url"], "method": http_method, "headers": headers,
                "postDataPreview": post, "initiator": params["initiator"]["type"], "resourceType": params["type"],
            });
            (
                EventKind::Request,
                url(str_of(request, "url")),
                Some(http_method),
                body,
            )
        }
        "Network.responseReceived" => {
            let response = &params["response"];
            let body = json!({
                "requestId": request_id, "url": response["url"], "status": response["status"], "statusText": response["statusText"],
                "mimeType": response["mimeType"], "fromDiskCache": response["fromDiskCache"], "fromServiceWorker": response["fromServiceWorker"],
                "remoteAddress": format!("{}:{}", str_of(response, "remoteIPAddress"), response["remotePort"]),
                "timing": { "receiveHeadersEnd": response["timing"]["receiveHeadersEnd"] },
            });
            (
                EventKind::Response,
                url(str_of(response, "url")),
                None,
                body,
            )
        }
        "Network.loadingFinished" => (
            EventKind::LoadingFinished,
            url(""),
            None,
            json!({ "requestId": request_id, "encodedDataLength": params["encodedDataLength"] }),
        ),
        "Network.loadingFailed" => (
            EventKind::LoadingFailed,
            url(""),
            None,
            json!({ "requestId": request_id, "errorText": params["errorText"], "canceled": params["canceled"].as_bool().unwrap_or(false) }),
        ),
        "Network.webSocketCreated"
        | "Network.webSocketFrameSent"
        | "Network.webSocketFrameReceived"
        | "Network.webSocketClosed"
        | "Network.webSocketFrameError" => {
            let event = method.trim_start_matches("Network.webSocket");
            let response = &params["response"];
            let payload = response
                .get("payloadData")
                .and_then(Value::as_str)
                .map(|p| cut(p, max_body));
            let direction = match event {
                "FrameSent" => Value::from("sent"),
                "FrameReceived" => Value::from("recv"),
                _ => Value::Null,
            };
            let body = json!({ "requestId": request_id, "event": event, "direction": direction, "opcode": response["opcode"], "payloadPreview": payload });
            (EventKind::Websocket, url(str_of(params, "url")), None, body)
        }
        _ => (
            EventKind::Other,
            known_url.map(str::to_string),
            None,
            json!({ "params": redact_value(params, max_body) }),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_methods_are_kept_as_other_with_their_params() {
        let (kind, _, _, body) = normalize("Network.somethingNew", &json!({ "x": [1] }), None, 100);
        assert_eq!(kind, EventKind::Other);
        assert_eq!(body["params"], json!({ "x": [1] }));
    }

    #[test]
    fn request_events_redact_secrets_and_cut_bodies() {
        let params = json!({ "requestId": "1", "type": "Fetch", "request": { "url": "http://x/", "method": "POST",
            "headers": { "Authorization": "Bearer x" }, "postData": "abcdefghij" } });
        let (kind, url, method, body) = normalize("Network.requestWillBeSent", &params, None, 4);
        assert_eq!(
            (kind, url.as_deref(), method.as_deref()),
            (EventKind::Request, Some("http://x/"), Some("POST"))
        );
        assert_eq!(body["headers"]["Authorization"], "<redacted>");
        assert_eq!(body["postDataPreview"], "abcd…");
    }
}
