//! Recording: a console or network event of the browser into the context's tables (bounded
//! by bytes and count), and what a full table drops first.

use cdt_domain::telemetry::{RESPONSE_BODY_EVENT, RawEvent};
use serde_json::{Value, json};

use super::console;
use super::network::NetworkRequest;
use super::{Inner, STARTS_A_RECORD, TelemetryStore, TelemetryStream};

impl TelemetryStore {
    pub(super) fn record_console(&self, inner: &mut Inner, event: &RawEvent) {
        let Some(mut message) = console::from_event(&event.method, &event.params) else {
            return;
        };
        inner.next_console_id += 1;
        message.id = inner.next_console_id;
        message.page_target_id.clone_from(&event.page_target_id);
        message.target_type.clone_from(&event.target_type);
        message.navigation = inner
            .navigations
            .get(&event.page_target_id)
            .copied()
            .unwrap_or(0);
        message.at_ms = event.at_ms;
        inner.cuts += message.bound();
        let bytes = message.bytes();
        while !inner.console.is_empty()
            && (inner.console.len() >= self.config.table_capacity
                || inner.console_bytes + bytes > self.config.table_max_bytes)
        {
            if let Some(old) = inner.console.pop_front() {
                inner.console_bytes = inner.console_bytes.saturating_sub(old.bytes());
            }
            inner.console_dropped += 1;
        }
        inner.console_bytes += bytes;
        self.persist(TelemetryStream::Console, &json!({ "ts": event.at_ms, "page": event.page_target_id, "message": message.summary(None) }));
        inner.console.push_back(message);
    }

    /// Applies a network event to its request record; returns the record's id and URL.
    pub(super) fn record_network(
        &self,
        inner: &mut Inner,
        event: &RawEvent,
    ) -> Option<(u64, String)> {
        let request_id = event
            .params
            .get("requestId")
            .and_then(Value::as_str)?
            .to_string();
        // Keyed by page, not session: an out-of-process iframe's document request starts on the
        // parent's session and finishes on the child's.
        let key = (event.page_target_id.clone(), request_id.clone());
        let is_new_navigation = event.method == "Network.requestWillBeSent"
            && event.params["type"] == "Document"
            && event.params["frameId"].as_str() == Some(event.page_target_id.as_str())
            && event.params.get("redirectResponse").is_none();
        if is_new_navigation {
            *inner
                .navigations
                .entry(event.page_target_id.clone())
                .or_default() += 1;
        }
        let id = match inner.request_index.get(&key) {
            Some(id) => *id,
            None => {
                if !STARTS_A_RECORD.contains(&event.method.as_str()) {
                    return None;
                }
                inner.next_request_id += 1;
                let id = inner.next_request_id;
                inner.request_index.insert(key, id);
                if inner.requests.len() >= self.config.table_capacity {
                    drop_oldest_request(inner);
                }
                let navigation = inner
                    .navigations
                    .get(&event.page_target_id)
                    .copied()
                    .unwrap_or(0);
                let record = NetworkRequest {
                    id,
                    session_id: event.session_id.clone(),
                    request_id,
                    page_target_id: event.page_target_id.clone(),
                    target_type: event.target_type.clone(),
                    navigation,
                    ..NetworkRequest::default()
                };
                inner.requests_bytes += record.bytes();
                inner.requests.push_back(record);
                id
            }
        };
        let position = inner.requests.iter().rposition(|r| r.id == id)?;
        if matches!(
            event.method.as_str(),
            "Network.loadingFinished" | "Network.responseReceived"
        ) {
            // Bodies are fetched from the session that finished loading.
            inner.requests[position]
                .session_id
                .clone_from(&event.session_id);
        }
        if event.method == RESPONSE_BODY_EVENT {
            let body = event.params["body"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            let base64 = event.params["base64Encoded"].as_bool().unwrap_or(false);
            inner.body_bytes += body.len();
            if let Some((previous, _)) = inner.requests[position].body.replace((body, base64)) {
                inner.body_bytes -= previous.len();
            }
            self.evict_bodies(inner);
        } else {
            let record = &mut inner.requests[position];
            let (bytes_before, cuts_before) = (record.bytes(), record.cuts);
            record.apply(&event.method, &event.params);
            let (bytes_after, cuts) = (record.bytes(), record.cuts - cuts_before);
            inner.cuts += cuts;
            inner.requests_bytes =
                (inner.requests_bytes + bytes_after).saturating_sub(bytes_before);
            // Over its budget, the table lets its oldest records go (never the one just
            // updated).
            while inner.requests_bytes > self.config.table_max_bytes && inner.requests.len() > 1 {
                if inner.requests.front().is_some_and(|r| r.id == id) {
                    break;
                }
                drop_oldest_request(inner);
            }
        }
        let position = inner.requests.iter().rposition(|r| r.id == id)?;
        let request = &inner.requests[position];
        let done = matches!(
            event.method.as_str(),
            "Network.loadingFinished" | "Network.loadingFailed" | "Network.webSocketClosed"
        );
        if done {
            self.persist(TelemetryStream::Network, &json!({ "ts": event.at_ms, "page": event.page_target_id, "request": request.detail(None, false, 0) }));
        }
        Some((request.id, request.url.clone()))
    }

    pub(super) fn evict_bodies(&self, inner: &mut Inner) {
        let mut index = 0;
        while inner.body_bytes > self.config.body_budget_bytes && index < inner.requests.len() {
            if let Some((body, _)) = inner.requests[index].body.take() {
                inner.body_bytes -= body.len();
            }
            index += 1;
        }
    }
}

/// Lets the oldest network record go, with its body.
pub(super) fn drop_oldest_request(inner: &mut Inner) {
    if let Some(old) = inner.requests.pop_front() {
        inner.requests_dropped += 1;
        inner.requests_bytes = inner.requests_bytes.saturating_sub(old.bytes());
        inner
            .request_index
            .remove(&(old.page_target_id, old.request_id));
        inner.body_bytes -= old.body.map(|b| b.0.len()).unwrap_or(0);
    }
}
