//! The ring as seen per page (seed 002's observer over MCP): the newest events of a page,
//! clearing the ring, and turning a page's share of the ring off and on.
//!
//! Console and network records are not touched here: `console list`, `network list` and their
//! waits keep working whatever a page's observer state is.

use super::{Event, ReadFilter, ReadResult, TelemetryStore, lock};
use std::sync::Arc;

impl TelemetryStore {
    /// The newest `limit` events that `filter` accepts, oldest first; `next_offset` is where
    /// the next event will be.
    pub fn read_tail(&self, limit: usize, filter: &ReadFilter) -> ReadResult {
        let now = self.clock.now_unix_ms();
        let mut inner = lock(&self.inner);
        self.expire(&mut inner, now);
        let mut events: Vec<Arc<Event>> = inner
            .ring
            .iter()
            .rev()
            .filter(|e| filter.accepts(e))
            .take(limit)
            .cloned()
            .collect();
        events.reverse();
        ReadResult {
            next_offset: inner.next_seq,
            dropped: 0,
            reset: false,
            events,
        }
    }

    /// The sequence number the next event will get.
    pub fn next_seq(&self) -> u64 {
        lock(&self.inner).next_seq
    }

    /// Removes the events of one page (by target id), or all, from the ring; sequence numbers
    /// go on from where they were. Returns how many were removed.
    pub fn clear_events(&self, page_target_id: Option<&str>) -> usize {
        let mut inner = lock(&self.inner);
        let before = inner.ring.len();
        match page_target_id {
            Some(page) => inner.ring.retain(|e| e.page_target_id != page),
            None => inner.ring.clear(),
        }
        before - inner.ring.len()
    }

    /// Whether the ring takes the events of a page (target id). Every page starts observed.
    pub fn set_observed(&self, page_target_id: &str, observed: bool) {
        let mut inner = lock(&self.inner);
        if observed {
            inner.unobserved.remove(page_target_id);
        } else {
            inner.unobserved.insert(page_target_id.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicU64;

    use cdt_domain::telemetry::{RawEvent, TelemetrySink};
    use serde_json::json;

    use super::*;
    use crate::telemetry::TelemetryConfig;
    use cdt_testkit::FakeClock;

    fn log(page: &str, text: &str) -> RawEvent {
        RawEvent {
            at_ms: 1,
            session_id: "S".into(),
            target_id: page.into(),
            target_type: "page".into(),
            page_target_id: page.into(),
            method: "Runtime.consoleAPICalled".into(),
            params: json!({ "type": "log", "args": [{ "type": "string", "value": text }] }),
        }
    }

    fn store() -> TelemetryStore {
        TelemetryStore::new(
            TelemetryConfig::default(),
            Arc::new(FakeClock(AtomicU64::new(1))),
            None,
        )
    }

    fn page(target: &str) -> ReadFilter {
        ReadFilter {
            page_target_id: Some(target.into()),
            ..ReadFilter::default()
        }
    }

    fn texts(result: &ReadResult) -> Vec<String> {
        result
            .events
            .iter()
            .map(|e| e.body["text"].as_str().unwrap_or_default().to_string())
            .collect()
    }

    #[test]
    fn tail_returns_the_newest_events_of_one_page() {
        let store = store();
        for i in 0..5 {
            store.push(log("A", &format!("a{i}")));
            store.push(log("B", &format!("b{i}")));
        }
        let tail = store.read_tail(2, &page("A"));
        assert_eq!(texts(&tail), vec!["a3", "a4"]);
        assert_eq!(tail.next_offset, 10);
        assert_eq!(
            store.read_tail(100, &ReadFilter::default()).events.len(),
            10
        );
    }

    #[test]
    fn clearing_one_page_keeps_offsets_readable() {
        let store = store();
        for i in 0..4 {
            store.push(log("A", &format!("a{i}")));
            store.push(log("B", &format!("b{i}")));
        }
        assert_eq!(store.clear_events(Some("A")), 4);
        // seqs 1, 3, 5, 7 remain: reading from 4 starts at 5, not at the 4th remaining event.
        let read = store.read(4, 100, &ReadFilter::default());
        assert_eq!(texts(&read), vec!["b2", "b3"]);
        assert_eq!(read.next_offset, 8);
        assert_eq!(store.clear_events(None), 4);
        store.push(log("A", "after"));
        assert_eq!(store.read(8, 10, &ReadFilter::default()).events[0].seq, 8);
    }

    #[test]
    fn an_unobserved_page_stays_out_of_the_ring_but_not_out_of_the_console_table() {
        let store = store();
        store.set_observed("A", false);
        store.push(log("A", "hidden"));
        store.push(log("B", "shown"));
        store.set_observed("A", true);
        store.push(log("A", "back"));
        let read = store.read(0, 100, &ReadFilter::default());
        assert_eq!(texts(&read), vec!["shown", "back"]);
        assert_eq!(store.console_where(|_| true).len(), 3);
    }

    #[test]
    fn network_events_carry_the_record_id_that_network_body_takes() {
        let store = store();
        let mut event = log("A", "");
        event.method = "Network.requestWillBeSent".into();
        event.params =
            json!({ "requestId": "9.1", "request": { "url": "http://x/api", "method": "GET" } });
        store.push(event);
        let read = store.read(0, 10, &ReadFilter::default());
        let id = store.requests_where(|_| true)[0].id;
        assert_eq!(read.events[0].to_json(Some(1))["reqid"], json!(id));
    }
}
