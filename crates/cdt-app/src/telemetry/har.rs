//! HAR 1.2 export of recorded requests.

use serde_json::{Map, Value, json};

use cdt_domain::time::iso8601;

use super::network::{NetworkRequest, RedirectHop, redact};

fn header_list(headers: &Map<String, Value>, include_secrets: bool) -> Vec<Value> {
    let redacted = redact(headers, include_secrets);
    let mut list: Vec<Value> = redacted
        .as_object()
        .into_iter()
        .flatten()
        .flat_map(|(name, value)| {
            let text = value
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| value.to_string());
            // Chrome joins repeated headers with newlines.
            text.split('\n')
                .map(|v| json!({ "name": name, "value": v }))
                .collect::<Vec<_>>()
        })
        .collect();
    list.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    list
}

fn query_string(url: &str) -> Vec<Value> {
    let query = url
        .split_once('?')
        .map(|(_, q)| q.split('#').next().unwrap_or_default())
        .unwrap_or_default();
    query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            json!({ "name": name, "value": value })
        })
        .collect()
}

fn phase(timing: &Value, start: &str, end: &str) -> f64 {
    match (timing[start].as_f64(), timing[end].as_f64()) {
        (Some(s), Some(e)) if s >= 0.0 && e >= s => e - s,
        _ => -1.0,
    }
}

/// An entry for one redirect hop (its own URL, status, headers and `redirectURL`).
fn hop_entry(hop: &RedirectHop, pageref: &str, include_secrets: bool) -> Value {
    let version = if hop.protocol.is_empty() {
        "HTTP/1.1"
    } else {
        &hop.protocol
    };
    json!({
        "pageref": pageref,
        "startedDateTime": iso8601(hop.started_wall_ms),
        "time": 0,
        "request": {
            "method": hop.method, "url": hop.url, "httpVersion": version, "cookies": [],
            "headers": header_list(&hop.request_headers, include_secrets), "queryString": query_string(&hop.url), "headersSize": -1, "bodySize": 0,
        },
        "response": {
            "status": hop.status, "statusText": hop.status_text, "httpVersion": version, "cookies": [],
            "headers": header_list(&hop.response_headers, include_secrets), "content": { "size": 0, "mimeType": "" },
            "redirectURL": hop.location, "headersSize": -1, "bodySize": -1,
        },
        "cache": {},
        "timings": { "blocked": -1, "dns": -1, "connect": -1, "ssl": -1, "send": 0, "wait": 0, "receive": 0 },
    })
}

fn entry(request: &NetworkRequest, pageref: &str, include_secrets: bool) -> Value {
    let total = request.duration_ms().unwrap_or(0.0);
    let timing = &request.timing;
    let send = phase(timing, "sendStart", "sendEnd").max(0.0);
    let wait = phase(timing, "sendEnd", "receiveHeadersEnd").max(0.0);
    let receive = (total - timing["receiveHeadersEnd"].as_f64().unwrap_or(total)).max(0.0);
    let mut post = Value::Null;
    if let Some(data) = &request.post_data {
        let mime = request
            .request_headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case("content-type"))
            .and_then(|(_, v)| v.as_str())
            .unwrap_or("");
        post = json!({ "mimeType": mime, "text": data });
    }
    let size = match &request.body {
        Some((body, true)) => {
            body.len() / 4 * 3 - body.bytes().rev().take_while(|b| *b == b'=').count()
        }
        Some((body, false)) => body.len(),
        None => 0,
    };
    let mut content = json!({ "size": size, "mimeType": request.mime_type });
    if let Some((body, base64)) = &request.body {
        content["text"] = json!(body);
        if *base64 {
            content["encoding"] = json!("base64");
        }
    }
    let location = request
        .response_headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("location"))
        .and_then(|(_, v)| v.as_str())
        .unwrap_or("");
    let mut request_json = json!({
        "method": request.method, "url": request.url, "httpVersion": if request.protocol.is_empty() { "HTTP/1.1" } else { &request.protocol },
        "cookies": [], "headers": header_list(&request.request_headers, include_secrets), "queryString": query_string(&request.url),
        "headersSize": -1, "bodySize": match (&request.post_data, request.has_post_data) {
            (Some(data), _) => data.len() as i64,
            (None, true) => -1,
            (None, false) => 0,
        },
    });
    if !post.is_null() {
        request_json["postData"] = post;
    }
    let mut out = json!({
        "pageref": pageref,
        "startedDateTime": iso8601(request.started_wall_ms),
        "time": total,
        "request": request_json,
        "response": {
            "status": request.status.unwrap_or(0), "statusText": request.status_text,
            "httpVersion": if request.protocol.is_empty() { "HTTP/1.1" } else { &request.protocol },
            "cookies": [], "headers": header_list(&request.response_headers, include_secrets), "content": content,
            "redirectURL": location, "headersSize": -1, "bodySize": request.encoded_length.map(|l| l as i64).unwrap_or(-1),
        },
        "cache": {},
        "timings": {
            "blocked": -1, "dns": phase(timing, "dnsStart", "dnsEnd"), "connect": phase(timing, "connectStart", "connectEnd"),
            "ssl": phase(timing, "sslStart", "sslEnd"), "send": send, "wait": wait, "receive": receive,
        },
        "_resourceType": request.resource_type,
    });
    if request.failed {
        out["_error"] = json!(request.error_text);
    }
    if !request.remote_address.is_empty() && !request.remote_address.starts_with(':') {
        out["serverIPAddress"] = json!(
            request
                .remote_address
                .rsplit_once(':')
                .map(|(ip, _)| ip)
                .unwrap_or_default()
        );
    }
    out
}

/// A HAR 1.2 document for `requests` of one page.
pub fn build(
    requests: &[NetworkRequest],
    page_id: u32,
    title: &str,
    include_secrets: bool,
) -> Value {
    let pageref = format!("page_{page_id}");
    let started = requests
        .iter()
        .map(|r| r.started_wall_ms)
        .filter(|t| *t > 0.0)
        .fold(f64::INFINITY, f64::min);
    let started = if started.is_finite() { started } else { 0.0 };
    let entries: Vec<Value> = requests
        .iter()
        .flat_map(|r| {
            let hops = r
                .redirects
                .iter()
                .map(|hop| hop_entry(hop, &pageref, include_secrets));
            hops.chain(std::iter::once(entry(r, &pageref, include_secrets)))
                .collect::<Vec<_>>()
        })
        .collect();
    json!({
        "log": {
            "version": "1.2",
            "creator": { "name": "cdt", "version": cdt_domain::CDT_VERSION },
            "pages": [{ "startedDateTime": iso8601(started), "id": pageref, "title": title, "pageTimings": { "onContentLoad": -1, "onLoad": -1 } }],
            "entries": entries,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_have_the_required_fields() {
        let mut request = NetworkRequest::default();
        request.apply("Network.requestWillBeSent", &json!({ "timestamp": 1.0, "wallTime": 1000.0,
            "request": { "url": "http://x/a?b=1", "method": "GET", "headers": { "Cookie": "s" } } }));
        request.apply("Network.responseReceived", &json!({ "response": { "status": 200, "statusText": "OK", "mimeType": "text/html", "headers": {} } }));
        request.apply(
            "Network.loadingFinished",
            &json!({ "timestamp": 1.25, "encodedDataLength": 5 }),
        );
        let har = build(&[request], 1, "T", false);
        let entry = &har["log"]["entries"][0];
        for key in [
            "startedDateTime",
            "time",
            "request",
            "response",
            "cache",
            "timings",
        ] {
            assert!(entry.get(key).is_some(), "missing {key}");
        }
        assert_eq!(
            entry["request"]["queryString"],
            json!([{ "name": "b", "value": "1" }])
        );
        assert_eq!(
            entry["request"]["headers"],
            json!([{ "name": "Cookie", "value": "<redacted>" }])
        );
        assert_eq!(entry["time"], json!(250.0));
    }
}
