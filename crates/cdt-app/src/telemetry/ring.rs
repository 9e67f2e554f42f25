//! The ring's events and how `events read` selects them: plain data, no locking.

use std::collections::VecDeque;
use std::sync::Arc;

use cdt_domain::telemetry::{EventKind, KindFilter};
use serde_json::{Value, json};

/// One normalized event in the ring.
#[derive(Debug)]
pub struct Event {
    pub seq: u64,
    /// The event's number among its page target's events (seed 002: `seq` from 0 per target).
    pub target_seq: u64,
    pub at_ms: u64,
    pub kind: EventKind,
    pub url: Option<String>,
    pub http_method: Option<String>,
    pub page_target_id: String,
    pub target_id: String,
    pub session_id: String,
    pub method: String,
    pub body: Value,
    /// Estimated memory taken (for the ring's byte bound).
    pub bytes: usize,
}

impl Event {
    /// The event as seed 002 §4 shapes it: `seq` (the context's, or with `per_target` the
    /// observed target's own, from 0), `ts`, `targetId`, `sessionId`, `kind`, the kind's
    /// fields (a request's `method` is its HTTP method), and `cdpMethod` (the CDP event).
    pub fn to_json(&self, page: Option<u32>, per_target: bool) -> Value {
        let seq = if per_target {
            self.target_seq
        } else {
            self.seq
        };
        let mut out = json!({
            "seq": seq, "ts": self.at_ms, "kind": self.kind, "cdpMethod": self.method, "page": page,
            "targetId": self.target_id, "sessionId": self.session_id,
        });
        if let Some(url) = &self.url {
            out["url"] = json!(url);
        }
        if let (Value::Object(out), Value::Object(body)) = (&mut out, &self.body) {
            for (key, value) in body {
                out.entry(key.clone()).or_insert_with(|| value.clone());
            }
        }
        out
    }
}

/// What `events read` returns.
pub struct ReadResult {
    pub next_offset: u64,
    pub dropped: u64,
    /// The caller's offset lies beyond every event ever buffered (the buffer was recreated,
    /// e.g. after a daemon restart): reading restarted from the oldest event.
    pub reset: bool,
    pub events: Vec<Arc<Event>>,
}

/// Read-side filters of `events read`.
#[derive(Default)]
pub struct ReadFilter {
    pub kinds: Vec<KindFilter>,
    pub url_includes: Option<String>,
    pub method: Option<String>,
    /// Only events of this page (target id).
    pub page_target_id: Option<String>,
}

impl ReadFilter {
    pub(super) fn accepts(&self, event: &Event) -> bool {
        let url_ok = self
            .url_includes
            .as_deref()
            .is_none_or(|needle| event.url.as_deref().is_some_and(|u| u.contains(needle)));
        let method_ok = self.method.as_deref().is_none_or(|m| {
            event
                .http_method
                .as_deref()
                .is_some_and(|h| h.eq_ignore_ascii_case(m))
        });
        let page_ok = self
            .page_target_id
            .as_deref()
            .is_none_or(|page| event.page_target_id == page);
        KindFilter::any_admits(&self.kinds, event.kind) && url_ok && method_ok && page_ok
    }
}

/// Records with an id above `after` (ids grow towards the back) that `keep` accepts, oldest first.
pub(super) fn newer_than<T: Clone>(
    records: &VecDeque<T>,
    after: u64,
    id: impl Fn(&T) -> u64,
    keep: impl Fn(&T) -> bool,
) -> Vec<T> {
    let mut found: Vec<T> = records
        .iter()
        .rev()
        .take_while(|r| id(r) > after)
        .filter(|r| keep(r))
        .cloned()
        .collect();
    found.reverse();
    found
}
