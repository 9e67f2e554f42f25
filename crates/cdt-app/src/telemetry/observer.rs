//! The ring as seen per page (seed 002's observer over MCP): the newest events of a page,
//! clearing the ring, and turning a page's share of the ring off and on.
//!
//! Console and network records are not touched here: `console list`, `network list` and their
//! waits keep working whatever a page's observer state is.

use super::{Event, ReadFilter, ReadResult, TargetOptions, TelemetryStore, lock};
use cdt_domain::ops::EventFilters;
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
            Some(page) => self.drop_events_of(&mut inner, page),
            None => {
                inner.ring.clear();
                inner.ring_bytes = 0;
                inner.targets.values_mut().for_each(|t| t.count = 0);
            }
        }
        before - inner.ring.len()
    }

    /// Reads one page target's events from `offset` in its own numbering (seed 002: `seq`
    /// from 0 per target), at most `limit` that `filter` accepts.
    pub fn read_target(
        &self,
        page_target_id: &str,
        offset: u64,
        limit: usize,
        filter: &ReadFilter,
    ) -> ReadResult {
        let now = self.clock.now_unix_ms();
        let mut inner = lock(&self.inner);
        self.expire(&mut inner, now);
        let next = inner.targets.get(page_target_id).map_or(0, |t| t.next_seq);
        let reset = offset > next;
        let offset = if reset { 0 } else { offset };
        let mut own = inner
            .ring
            .iter()
            .filter(|e| e.page_target_id == page_target_id)
            .peekable();
        let oldest = own.peek().map_or(next, |e| e.target_seq);
        let mut events = Vec::new();
        let mut next_offset = offset.max(oldest);
        for event in own.filter(|e| e.target_seq >= offset) {
            if events.len() >= limit {
                break;
            }
            next_offset = event.target_seq + 1;
            if filter.accepts(event) {
                events.push(event.clone());
            }
        }
        if events.len() < limit {
            next_offset = next_offset.max(next);
        }
        ReadResult {
            next_offset,
            dropped: oldest.saturating_sub(offset),
            reset,
            events,
        }
    }

    /// The number one page target's next event will get.
    pub fn target_next_seq(&self, page_target_id: &str) -> u64 {
        lock(&self.inner)
            .targets
            .get(page_target_id)
            .map_or(0, |t| t.next_seq)
    }

    /// What `events observe` asked for a page target (buffer size, TTL, workers, iframes).
    pub fn set_target_options(&self, page_target_id: &str, options: TargetOptions) {
        let mut inner = lock(&self.inner);
        inner
            .targets
            .entry(page_target_id.to_string())
            .or_default()
            .options = options;
        while inner
            .targets
            .get(page_target_id)
            .is_some_and(|t| options.buffer_size.is_some_and(|cap| t.count > cap.max(1)))
        {
            inner.pop_oldest_of(page_target_id);
        }
    }

    /// A page target's filters: its own, else the context's.
    pub fn target_filters(&self, page_target_id: &str) -> EventFilters {
        let inner = lock(&self.inner);
        inner
            .targets
            .get(page_target_id)
            .and_then(|t| t.filters.clone())
            .unwrap_or_else(|| inner.filters.clone())
    }

    /// Gives a page target filters of its own; returns the number of its next event, the first
    /// they apply to.
    pub fn set_target_filters(&self, page_target_id: &str, filters: EventFilters) -> u64 {
        let mut inner = lock(&self.inner);
        let target = inner.targets.entry(page_target_id.to_string()).or_default();
        target.filters = Some(filters);
        target.next_seq
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
        TelemetryStore::new(TelemetryConfig::default(), Arc::new(FakeClock::at(1)), None)
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
        assert_eq!(read.events[0].to_json(Some(1), false)["reqid"], json!(id));
    }
}
