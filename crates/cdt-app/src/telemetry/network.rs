//! Network requests: the `Network.*` events of one request (and its `ExtraInfo` companions, in
//! whatever order they arrive) merged into one record, plus WebSocket frames.

use super::bounds;
use cdt_domain::ops::{NetworkDetail, NetworkSummary, RedirectSummary};
use serde_json::{Map, Value, json};

/// Header names whose values are secrets.
const SECRET_HEADERS: &[&str] = &[
    "authorization",
    "proxy-authorization",
    "cookie",
    "set-cookie",
];
const MAX_FRAMES: usize = 200;

#[derive(Clone, Debug, Default)]
pub struct NetworkRequest {
    pub id: u64,
    pub session_id: String,
    pub request_id: String,
    pub page_target_id: String,
    pub target_type: String,
    pub navigation: u32,
    pub url: String,
    pub method: String,
    pub resource_type: String,
    pub request_headers: Map<String, Value>,
    pub post_data: Option<String>,
    pub has_post_data: bool,
    pub status: Option<u64>,
    pub status_text: String,
    pub mime_type: String,
    pub protocol: String,
    pub remote_address: String,
    pub response_headers: Map<String, Value>,
    pub timing: Value,
    pub from_cache: bool,
    /// Earlier hops of a redirect chain, oldest first.
    pub redirects: Vec<RedirectHop>,
    pub failed: bool,
    pub error_text: String,
    pub finished: bool,
    pub encoded_length: Option<f64>,
    pub started_wall_ms: f64,
    pub started_mono: f64,
    pub ended_mono: Option<f64>,
    pub initiator: String,
    /// The request was seen from its start (`requestWillBeSent`). A request already under way
    /// when observing began has none, and Chromium keeps no body for it.
    pub seen_start: bool,
    pub body: Option<(String, bool)>,
    pub frames: Vec<Value>,
    /// How many values were cut to keep the record bounded (frame payloads, post data).
    pub cuts: u64,
}

fn str_of<'a>(value: &'a Value, key: &str) -> &'a str {
    value.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// One hop of a redirect chain.
#[derive(Clone, Debug, Default)]
pub struct RedirectHop {
    pub url: String,
    pub method: String,
    pub status: u64,
    /// The hop's own status text and protocol (`http/1.1`, `h2`), as the browser reported them.
    pub status_text: String,
    pub protocol: String,
    pub location: String,
    pub request_headers: Map<String, Value>,
    pub response_headers: Map<String, Value>,
    pub started_wall_ms: f64,
}

/// A header's value by case-insensitive name.
pub fn header<'a>(headers: &'a Map<String, Value>, name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .and_then(|(_, v)| v.as_str())
}

/// Keys whose values carry cookies or raw header text, wherever they appear in an event.
const SECRET_KEYS: &[&str] = &[
    "headersText",
    "associatedCookies",
    "blockedCookies",
    "exemptedCookies",
    "cookies",
    "cookiePartitionKey",
];

/// Redacts secrets anywhere in raw event params (`headers` maps, raw header text, cookie lists)
/// and cuts long strings to `max` bytes, for events cdt does not model field by field.
pub fn redact_value(value: &Value, max: usize) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(key, value)| {
                    let lower = key.to_ascii_lowercase();
                    let redacted = match value {
                        _ if SECRET_KEYS.contains(&key.as_str())
                            || lower.ends_with("headerstext") =>
                        {
                            json!("<redacted>")
                        }
                        // `headers`, `requestHeaders`, `responseHeaders`, …
                        Value::Object(headers) if lower.ends_with("headers") => {
                            redact(headers, false)
                        }
                        other => redact_value(other, max),
                    };
                    (key.clone(), redacted)
                })
                .collect(),
        ),
        Value::Array(items) => {
            Value::Array(items.iter().map(|item| redact_value(item, max)).collect())
        }
        Value::String(text) if text.len() > max => {
            let mut end = max;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            json!(format!("{}…", &text[..end]))
        }
        other => other.clone(),
    }
}

/// Replaces secret header values unless `include_secrets`.
pub fn redact(headers: &Map<String, Value>, include_secrets: bool) -> Value {
    let mut out = Map::new();
    for (name, value) in headers {
        let secret =
            !include_secrets && SECRET_HEADERS.contains(&name.to_ascii_lowercase().as_str());
        out.insert(
            name.clone(),
            if secret {
                json!("<redacted>")
            } else {
                value.clone()
            },
        );
    }
    Value::Object(out)
}

fn headers_of(value: &Value) -> Map<String, Value> {
    value.as_object().cloned().unwrap_or_default()
}

/// `200` matches 200; `4xx` matches 400–499.
pub fn status_matches(filter: &str, status: Option<u64>) -> bool {
    let Some(status) = status else { return false };
    let filter = filter.trim().to_ascii_lowercase();
    match filter.strip_suffix("xx") {
        Some(class) => class.parse::<u64>().is_ok_and(|c| status / 100 == c),
        None => filter.parse::<u64>().is_ok_and(|s| s == status),
    }
}

impl NetworkRequest {
    /// A live connection the page keeps open (a WebSocket, an event stream): it never loads,
    /// so no wait for a quiet network counts it.
    pub fn streams(&self) -> bool {
        matches!(self.resource_type.as_str(), "websocket" | "eventsource")
    }

    /// The browser called the request off (`net::ERR_ABORTED`, or `canceled` with no text), as
    /// it does to a navigation whose response it saves as a download instead of showing it.
    pub fn aborted(&self) -> bool {
        self.failed
            && (self.error_text.starts_with("net::ERR_ABORTED") || self.error_text == "canceled")
    }

    /// Its estimated size in memory, its response body aside (bodies have their own budget).
    pub fn bytes(&self) -> usize {
        let headers = |map: &Map<String, Value>| -> usize {
            map.iter()
                .map(|(k, v)| 32 + k.len() + bounds::estimate_bytes(v))
                .sum()
        };
        512 + self.url.len()
            + headers(&self.request_headers)
            + headers(&self.response_headers)
            + self.post_data.as_ref().map_or(0, String::len)
            + self
                .frames
                .iter()
                .map(bounds::estimate_bytes)
                .sum::<usize>()
            + self
                .redirects
                .iter()
                .map(|hop| {
                    128 + hop.url.len()
                        + headers(&hop.request_headers)
                        + headers(&hop.response_headers)
                })
                .sum::<usize>()
    }

    /// Applies one network event to the record.
    pub fn apply(&mut self, method: &str, params: &Value) {
        match method {
            "Network.requestWillBeSent" => self.request_will_be_sent(params),
            "Network.requestWillBeSentExtraInfo" => {
                self.request_headers.extend(headers_of(&params["headers"]))
            }
            "Network.responseReceived" => self.response_received(params),
            "Network.responseReceivedExtraInfo" => {
                self.response_headers.extend(headers_of(&params["headers"]));
                if self.status.is_none() {
                    self.status = params["statusCode"].as_u64();
                }
            }
            "Network.loadingFinished" => {
                self.finished = true;
                self.encoded_length = params["encodedDataLength"].as_f64();
                self.ended_mono = params["timestamp"].as_f64();
            }
            "Network.loadingFailed" => {
                self.failed = true;
                self.error_text = str_of(params, "errorText").to_string();
                if params["canceled"].as_bool() == Some(true) && self.error_text.is_empty() {
                    self.error_text = "canceled".into();
                }
                if let Some(reason) = params.get("blockedReason").and_then(Value::as_str) {
                    self.error_text = format!("{} (blocked: {reason})", self.error_text);
                }
                self.ended_mono = params["timestamp"].as_f64();
            }
            "Network.webSocketCreated" => {
                self.url = str_of(params, "url").to_string();
                self.method = "GET".into();
                self.resource_type = "websocket".into();
                self.seen_start = true;
            }
            "Network.webSocketWillSendHandshakeRequest" => {
                self.request_headers
                    .extend(headers_of(&params["request"]["headers"]));
                self.started_wall_ms = params["wallTime"].as_f64().unwrap_or(0.0) * 1000.0;
                self.started_mono = params["timestamp"].as_f64().unwrap_or(0.0);
            }
            "Network.webSocketHandshakeResponseReceived" => {
                self.status = params["response"]["status"].as_u64();
                self.status_text = str_of(&params["response"], "statusText").to_string();
                self.response_headers
                    .extend(headers_of(&params["response"]["headers"]));
            }
            "Network.webSocketFrameSent" | "Network.webSocketFrameReceived"
                if self.frames.len() < MAX_FRAMES =>
            {
                let direction = if method.ends_with("Sent") {
                    "sent"
                } else {
                    "received"
                };
                let response = &params["response"];
                let mut payload = response["payloadData"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                let bytes = payload.len();
                let mut frame = json!({ "direction": direction, "opcode": response["opcode"] });
                if bounds::cut_text(&mut payload, bounds::MAX_FRAME_PREVIEW_BYTES) {
                    self.cuts += 1;
                    frame["payloadBytes"] = json!(bytes);
                }
                frame["payload"] = json!(payload);
                self.frames.push(frame);
            }
            "Network.webSocketFrameError" => {
                self.failed = true;
                self.error_text = str_of(params, "errorMessage").to_string();
            }
            "Network.webSocketClosed" => {
                self.finished = true;
                self.ended_mono = params["timestamp"].as_f64();
            }
            _ => {}
        }
    }

    /// A request starts, or a redirect ends one hop and starts the next.
    fn request_will_be_sent(&mut self, params: &Value) {
        if let Some(redirect) = params.get("redirectResponse").filter(|r| r.is_object()) {
            // The hop keeps its own headers; the record starts over for the next URL.
            let response_headers = headers_of(&redirect["headers"]);
            self.redirects.push(RedirectHop {
                url: std::mem::take(&mut self.url),
                method: std::mem::take(&mut self.method),
                status: redirect["status"].as_u64().unwrap_or(0),
                status_text: str_of(redirect, "statusText").to_string(),
                protocol: str_of(redirect, "protocol").to_string(),
                location: header(&response_headers, "location")
                    .unwrap_or_default()
                    .to_string(),
                request_headers: std::mem::take(&mut self.request_headers),
                response_headers,
                started_wall_ms: self.started_wall_ms,
            });
            self.status = None;
            self.response_headers.clear();
        }
        let request = &params["request"];
        self.url = str_of(request, "url").to_string();
        self.method = str_of(request, "method").to_string();
        self.resource_type = str_of(params, "type").to_ascii_lowercase();
        self.request_headers.extend(headers_of(&request["headers"]));
        self.post_data = request
            .get("postData")
            .and_then(Value::as_str)
            .map(str::to_string);
        if let Some(post) = self.post_data.as_mut()
            && bounds::cut_text(post, bounds::MAX_STRING_BYTES)
        {
            self.cuts += 1;
        }
        self.has_post_data = request["hasPostData"]
            .as_bool()
            .unwrap_or(self.post_data.is_some());
        self.started_wall_ms = params["wallTime"].as_f64().unwrap_or(0.0) * 1000.0;
        self.started_mono = params["timestamp"].as_f64().unwrap_or(0.0);
        self.initiator = str_of(&params["initiator"], "type").to_string();
        self.seen_start = true;
    }

    fn response_received(&mut self, params: &Value) {
        let response = &params["response"];
        self.status = response["status"].as_u64();
        self.status_text = str_of(response, "statusText").to_string();
        self.mime_type = str_of(response, "mimeType").to_string();
        self.protocol = str_of(response, "protocol").to_string();
        self.remote_address = format!(
            "{}:{}",
            str_of(response, "remoteIPAddress"),
            response["remotePort"]
        );
        self.response_headers
            .extend(headers_of(&response["headers"]));
        self.timing = response["timing"].clone();
        self.from_cache = response["fromDiskCache"].as_bool().unwrap_or(false)
            || response["fromPrefetchCache"].as_bool().unwrap_or(false);
        if self.resource_type.is_empty() {
            self.resource_type = str_of(params, "type").to_ascii_lowercase();
        }
    }

    pub fn duration_ms(&self) -> Option<f64> {
        self.ended_mono
            .map(|end| ((end - self.started_mono) * 1000.0).max(0.0))
    }

    pub fn summary(&self, page: Option<u32>) -> NetworkSummary {
        NetworkSummary {
            id: self.id,
            page,
            method: self.method.clone(),
            url: self.url.clone(),
            kind: self.resource_type.clone(),
            status: self.status,
            failed: self.failed,
            error_text: self.failed.then(|| self.error_text.clone()),
            mime_type: (!self.mime_type.is_empty()).then(|| self.mime_type.clone()),
            bytes: self.encoded_length.map(|length| length as u64),
            duration_ms: self
                .duration_ms()
                .map(|duration| (duration * 10.0).round() / 10.0),
            target: (self.target_type != "page").then(|| self.target_type.clone()),
        }
    }

    pub fn detail(
        &self,
        page: Option<u32>,
        include_secrets: bool,
        preview_bytes: usize,
    ) -> NetworkDetail {
        let preview = |text: &str| text.chars().take(preview_bytes).collect::<String>();
        NetworkDetail {
            summary: self.summary(page),
            status_text: self.status_text.clone(),
            protocol: self.protocol.clone(),
            remote_address: self.remote_address.clone(),
            from_cache: self.from_cache,
            initiator: self.initiator.clone(),
            request_headers: redact(&self.request_headers, include_secrets),
            response_headers: redact(&self.response_headers, include_secrets),
            timing: self.timing.clone(),
            redirects: self
                .redirects
                .iter()
                .map(|hop| RedirectSummary {
                    url: hop.url.clone(),
                    status: hop.status,
                    location: hop.location.clone(),
                })
                .collect(),
            started_at: self.started_wall_ms as u64,
            request_body_preview: self.post_data.as_deref().map(preview),
            response_body_preview: match &self.body {
                Some((body, false)) => Some(preview(body)),
                Some((_, true)) => Some("<binary; use cdt network body>".to_string()),
                None => None,
            },
            frames: self.frames.clone(),
            // Parts were left out to keep it bounded (frame payloads, post data; marked).
            cut: self.cuts > 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extra_info_before_the_request_still_merges_and_secrets_are_redacted() {
        let mut request = NetworkRequest::default();
        request.apply(
            "Network.requestWillBeSentExtraInfo",
            &json!({ "headers": { "Cookie": "sid=1" } }),
        );
        request.apply("Network.requestWillBeSent", &json!({ "type": "XHR", "timestamp": 1.0, "wallTime": 2.0,
            "request": { "url": "http://x/api", "method": "POST", "headers": { "Authorization": "Bearer t" }, "postData": "{}" } }));
        request.apply("Network.responseReceived", &json!({ "response": { "status": 404, "mimeType": "application/json", "headers": {} } }));
        request.apply(
            "Network.loadingFinished",
            &json!({ "timestamp": 1.5, "encodedDataLength": 10 }),
        );
        let detail = serde_json::to_value(request.detail(Some(1), false, 100)).unwrap_or_default();
        assert_eq!(
            detail["requestHeaders"],
            json!({ "Cookie": "<redacted>", "Authorization": "<redacted>" })
        );
        assert_eq!(detail["durationMs"], json!(500.0));
        assert_eq!(detail["type"], "xhr");
        assert_eq!(
            request.detail(Some(1), true, 100).request_headers["Cookie"],
            "sid=1"
        );
        assert!(
            status_matches("4xx", request.status)
                && status_matches("404", request.status)
                && !status_matches("2xx", request.status)
        );
    }

    #[test]
    fn redirects_are_kept_in_order() {
        let mut request = NetworkRequest::default();
        request.apply(
            "Network.requestWillBeSent",
            &json!({ "request": { "url": "http://x/a", "method": "GET" } }),
        );
        request.apply(
            "Network.responseReceivedExtraInfo",
            &json!({ "headers": { "Set-Cookie": "a=1" } }),
        );
        request.apply("Network.requestWillBeSent", &json!({ "request": { "url": "http://x/b", "method": "GET" },
            "redirectResponse": { "status": 302, "statusText": "Found", "protocol": "http/1.1", "headers": { "Location": "/b", "Set-Cookie": "a=1" } } }));
        assert_eq!(request.url, "http://x/b");
        let hop = &request.redirects[0];
        assert_eq!(
            (hop.url.as_str(), hop.status, hop.location.as_str()),
            ("http://x/a", 302, "/b")
        );
        assert_eq!(
            (hop.status_text.as_str(), hop.protocol.as_str()),
            ("Found", "http/1.1")
        );
        assert!(
            request.response_headers.is_empty(),
            "the final response must not carry the redirect's headers"
        );
    }

    #[test]
    fn raw_params_lose_their_secrets() {
        let params = json!({ "requestId": "1", "headers": { "Cookie": "sid=1", "Accept": "*/*" }, "headersText": "Cookie: sid=1",
            "associatedCookies": [{ "cookie": { "value": "sid=1" } }], "long": "abcdefgh",
            "response": { "headers": { "set-cookie": "x" }, "requestHeaders": { "Cookie": "sid=1" }, "requestHeadersText": "Cookie: sid=1" } });
        let clean = redact_value(&params, 4);
        let text = clean.to_string();
        assert!(!text.contains("sid=1") && !text.contains("\"x\""), "{text}");
        assert_eq!(clean["headers"]["Accept"], "*/*");
        assert_eq!(clean["long"], "abcd…");
    }
}
