//! The telemetry of one slot: everything its browser's pages, iframes and workers emit.
//!
//! - a ring buffer of normalized events (SPEC §8.3) with monotonically increasing `seq`,
//!   bounded by count and age, that reports what it dropped;
//! - console messages and network requests as records with short ids (SPEC §8.1–8.2);
//! - waiters woken by every new event (`console wait`, `network wait`);
//! - persistence of finished records to the context's JSONL files, with secrets redacted.
//!
//! [`TelemetryStore::push`] runs on the adapter's event path: one short lock, no I/O.

pub mod bounds;
pub mod console;
pub mod events;
pub mod har;
pub mod network;
mod observer;
mod record;
mod ring;

use ring::newer_than;
pub use ring::{Event, ReadFilter, ReadResult};

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use cdt_domain::ContextKey;
use cdt_domain::ops::EventFilters;
use cdt_domain::telemetry::{
    RESPONSE_BODY_EVENT, RawEvent, TelemetryLog, TelemetrySink, TelemetryStream,
};
use serde_json::{Value, json};
use tokio::sync::Notify;

use crate::sync::lock;
use console::ConsoleMessage;
use network::NetworkRequest;

/// Network events that may open a request record; any other event for an unknown request
/// (data chunks, priority changes, …) is not a request of its own.
const STARTS_A_RECORD: &[&str] = &[
    "Network.requestWillBeSent",
    "Network.requestWillBeSentExtraInfo",
    "Network.responseReceived",
    "Network.responseReceivedExtraInfo",
    "Network.webSocketCreated",
    "Network.webSocketWillSendHandshakeRequest",
];

/// Limits of one slot's telemetry.
#[derive(Clone, Debug)]
pub struct TelemetryConfig {
    pub ring_capacity: usize,
    pub ring_ttl_ms: u64,
    /// Records kept per table (console messages, network requests).
    pub table_capacity: usize,
    /// Response bodies kept in memory, in total.
    pub body_budget_bytes: usize,
    /// Estimated memory of the ring's events, at most (`CDT_EVENTS_MAX_BYTES`).
    pub ring_max_bytes: usize,
    /// Estimated memory of each table (console messages, network records), at most; the
    /// oldest records go first.
    pub table_max_bytes: usize,
}

impl Default for TelemetryConfig {
    fn default() -> Self {
        TelemetryConfig {
            ring_capacity: 10_000,
            ring_ttl_ms: 3_600_000,
            table_capacity: 10_000,
            body_budget_bytes: 64 << 20,
            ring_max_bytes: 64 << 20,
            table_max_bytes: 32 << 20,
        }
    }
}

#[derive(Default)]
struct Inner {
    ring: VecDeque<Arc<Event>>,
    next_seq: u64,
    filters: EventFilters,
    filtered_out: u64,
    console: VecDeque<ConsoleMessage>,
    console_dropped: u64,
    next_console_id: u64,
    /// Estimated memory of `console`.
    console_bytes: usize,
    requests: VecDeque<NetworkRequest>,
    requests_dropped: u64,
    /// Estimated memory of `requests` (bodies aside).
    requests_bytes: usize,
    next_request_id: u64,
    /// (page target, CDP requestId) → record id.
    request_index: HashMap<(String, String), u64>,
    navigations: HashMap<String, u32>,
    body_bytes: usize,
    /// Estimated memory of the events in `ring`.
    ring_bytes: usize,
    /// Events dropped early to keep `ring_bytes` under its bound.
    ring_dropped_for_bytes: u64,
    /// Strings and arrays cut in events (console text, frame payloads, …).
    cuts: u64,
    /// Pages (by target id) whose events the ring does not take (`events unobserve`).
    unobserved: HashSet<String>,
    /// Per page target: its own numbering and what `events observe`/`filters set` gave it.
    targets: HashMap<String, TargetState>,
}

/// A page target's share of the ring (seed 002: one buffer per target).
#[derive(Clone, Debug, Default)]
pub struct TargetState {
    /// The number its next event gets (from 0).
    pub next_seq: u64,
    /// Its events now in the ring.
    pub count: usize,
    /// When its last event came (ms since the epoch).
    pub last_at: u64,
    /// Its own filters, when set for it (else the context's).
    pub filters: Option<EventFilters>,
    pub options: TargetOptions,
}

/// What `events observe` sets for a target.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TargetOptions {
    /// At most this many of its events stay (the oldest go first).
    pub buffer_size: Option<usize>,
    /// Its events go when none came for this long.
    pub ttl_ms: Option<u64>,
    pub exclude_workers: bool,
    pub exclude_iframes: bool,
}

impl Inner {
    fn pop_oldest(&mut self) {
        if let Some(event) = self.ring.pop_front() {
            self.forget(&event);
        }
    }

    /// Accounts for `event` leaving the ring.
    fn forget(&mut self, event: &Event) {
        self.ring_bytes = self.ring_bytes.saturating_sub(event.bytes);
        if let Some(target) = self.targets.get_mut(&event.page_target_id) {
            target.count = target.count.saturating_sub(1);
        }
    }

    /// Removes the oldest event of one page target.
    fn pop_oldest_of(&mut self, page_target_id: &str) {
        if let Some(position) = self
            .ring
            .iter()
            .position(|e| e.page_target_id == page_target_id)
            && let Some(event) = self.ring.remove(position)
        {
            self.forget(&event);
        }
    }
}

pub struct TelemetryStore {
    inner: Mutex<Inner>,
    notify: Notify,
    config: TelemetryConfig,
    max_body: AtomicU64,
    clock: Arc<dyn cdt_domain::ports::Clock>,
    log: Option<(Arc<dyn TelemetryLog>, ContextKey)>,
    events_total: AtomicU64,
}

impl TelemetryStore {
    pub fn new(
        config: TelemetryConfig,
        clock: Arc<dyn cdt_domain::ports::Clock>,
        log: Option<(Arc<dyn TelemetryLog>, ContextKey)>,
    ) -> Self {
        let inner = Inner {
            filters: EventFilters {
                max_body_bytes: cdt_domain::ops::default_max_body_bytes(),
                ..EventFilters::default()
            },
            ..Inner::default()
        };
        TelemetryStore {
            inner: Mutex::new(inner),
            notify: Notify::new(),
            max_body: AtomicU64::new(cdt_domain::ops::default_max_body_bytes()),
            config,
            clock,
            log,
            events_total: AtomicU64::new(0),
        }
    }

    pub fn filters(&self) -> EventFilters {
        lock(&self.inner).filters.clone()
    }

    /// Replaces the filters; returns the first sequence number they apply to.
    pub fn set_filters(&self, filters: EventFilters) -> u64 {
        self.max_body
            .store(filters.max_body_bytes, Ordering::Relaxed);
        let mut inner = lock(&self.inner);
        inner.filters = filters;
        inner.next_seq
    }

    /// Counts for `session status --verbose`.
    pub fn counts(&self) -> Value {
        let inner = lock(&self.inner);
        json!({
            "eventsSeen": self.events_total.load(Ordering::Relaxed), "eventsBuffered": inner.ring.len(),
            "consoleMessages": inner.console.len(), "networkRequests": inner.requests.len(), "bodyBytes": inner.body_bytes,
            "ringBytes": inner.ring_bytes, "ringMaxBytes": self.config.ring_max_bytes, "ringCapacity": self.config.ring_capacity,
            "ringDroppedForBytes": inner.ring_dropped_for_bytes, "cutValues": inner.cuts,
            "consoleBytes": inner.console_bytes, "networkBytes": inner.requests_bytes, "tableMaxBytes": self.config.table_max_bytes,
            "consoleDropped": inner.console_dropped, "networkDropped": inner.requests_dropped,
        })
    }

    fn persist(&self, stream: TelemetryStream, record: &Value) {
        if let Some((log, key)) = &self.log {
            log.append(key, stream, record);
        }
    }

    /// Reads the ring from `offset`, applying read-side filters, at most `limit` events.
    pub fn read(&self, offset: u64, limit: usize, filter: &ReadFilter) -> ReadResult {
        let now = self.clock.now_unix_ms();
        let mut inner = lock(&self.inner);
        self.expire(&mut inner, now);
        let reset = offset > inner.next_seq;
        let offset = if reset { 0 } else { offset };
        let oldest = inner.ring.front().map(|e| e.seq).unwrap_or(inner.next_seq);
        let dropped = oldest.saturating_sub(offset);
        let start = offset.max(oldest);
        let mut events = Vec::new();
        let mut next_offset = start.max(offset);
        // Sequence numbers grow along the ring but may have gaps (`events clear --page`).
        let skip = inner.ring.partition_point(|e| e.seq < start);
        for event in inner.ring.iter().skip(skip) {
            if events.len() >= limit {
                break;
            }
            next_offset = event.seq + 1;
            if filter.accepts(event) {
                events.push(event.clone());
            }
        }
        if events.len() < limit {
            next_offset = next_offset.max(inner.next_seq.max(offset));
        }
        ReadResult {
            next_offset,
            dropped,
            reset,
            events,
        }
    }

    fn expire(&self, inner: &mut Inner, now: u64) {
        while inner
            .ring
            .front()
            .is_some_and(|e| e.at_ms + self.config.ring_ttl_ms < now)
        {
            inner.pop_oldest();
        }
        // A target with its own TTL loses its events once none came for that long.
        let stale: Vec<String> = inner
            .targets
            .iter()
            .filter(|(_, t)| {
                t.count > 0
                    && t.options
                        .ttl_ms
                        .is_some_and(|ttl| t.last_at.saturating_add(ttl) < now)
            })
            .map(|(id, _)| id.clone())
            .collect();
        for target in stale {
            self.drop_events_of(inner, &target);
        }
    }

    fn drop_events_of(&self, inner: &mut Inner, page_target_id: &str) {
        let mut freed = 0;
        inner.ring.retain(|e| {
            let keep = e.page_target_id != page_target_id;
            if !keep {
                freed += e.bytes;
            }
            keep
        });
        inner.ring_bytes = inner.ring_bytes.saturating_sub(freed);
        if let Some(target) = inner.targets.get_mut(page_target_id) {
            target.count = 0;
        }
    }

    /// Copies of the console messages `keep` accepts (only those are cloned).
    pub fn console_where(&self, keep: impl Fn(&ConsoleMessage) -> bool) -> Vec<ConsoleMessage> {
        lock(&self.inner)
            .console
            .iter()
            .filter(|m| keep(m))
            .cloned()
            .collect()
    }

    /// Messages newer than `after` that `keep` accepts, oldest first; scans only the new ones.
    pub fn console_after(
        &self,
        after: u64,
        keep: impl Fn(&ConsoleMessage) -> bool,
    ) -> Vec<ConsoleMessage> {
        newer_than(&lock(&self.inner).console, after, |m| m.id, keep)
    }

    pub fn last_console_id(&self) -> u64 {
        lock(&self.inner).next_console_id
    }

    pub fn console_dropped(&self) -> u64 {
        lock(&self.inner).console_dropped
    }

    /// Copies of the requests `keep` accepts (only those are cloned).
    pub fn requests_where(&self, keep: impl Fn(&NetworkRequest) -> bool) -> Vec<NetworkRequest> {
        lock(&self.inner)
            .requests
            .iter()
            .filter(|r| keep(r))
            .cloned()
            .collect()
    }

    /// Requests newer than `after` that `keep` accepts, oldest first; scans only the new ones.
    pub fn requests_after(
        &self,
        after: u64,
        keep: impl Fn(&NetworkRequest) -> bool,
    ) -> Vec<NetworkRequest> {
        newer_than(&lock(&self.inner).requests, after, |r| r.id, keep)
    }

    /// Waits until `find` returns something, re-checking after every new event. The caller's
    /// budget bounds the wait (the broker drops this future when it runs out).
    pub async fn wait_for<T>(&self, find: impl Fn() -> Option<T>) -> T {
        loop {
            let changed = self.notify.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            if let Some(found) = find() {
                return found;
            }
            changed.await;
        }
    }

    pub fn last_request_id(&self) -> u64 {
        lock(&self.inner).next_request_id
    }

    pub fn request(&self, id: u64) -> Option<NetworkRequest> {
        lock(&self.inner)
            .requests
            .iter()
            .find(|r| r.id == id)
            .cloned()
    }

    pub fn navigation(&self, page_target_id: &str) -> u32 {
        lock(&self.inner)
            .navigations
            .get(page_target_id)
            .copied()
            .unwrap_or(0)
    }

    /// The requests of a page's document (its current navigation's) still loading: what keeps
    /// its network from being quiet (the page's live connections, which never load, aside).
    pub fn loading(&self, page_target_id: &str) -> Vec<NetworkRequest> {
        let navigation = self.navigation(page_target_id);
        self.requests_where(|r| {
            r.page_target_id == page_target_id
                && r.navigation == navigation
                && !r.finished
                && !r.failed
                && !r.streams()
        })
    }

    /// Forgets console messages (of one page target, or all).
    pub fn clear_console(&self, page_target_id: Option<&str>) -> usize {
        let mut inner = lock(&self.inner);
        let before = inner.console.len();
        inner
            .console
            .retain(|m| page_target_id.is_some_and(|p| m.page_target_id != p));
        inner.console_bytes = inner.console.iter().map(ConsoleMessage::bytes).sum();
        before - inner.console.len()
    }

    /// Forgets network requests (of one page target, or all).
    pub fn clear_network(&self, page_target_id: Option<&str>) -> usize {
        let mut inner = lock(&self.inner);
        let before = inner.requests.len();
        inner
            .requests
            .retain(|r| page_target_id.is_some_and(|p| r.page_target_id != p));
        let kept: std::collections::HashSet<u64> = inner.requests.iter().map(|r| r.id).collect();
        inner.request_index.retain(|_, id| kept.contains(id));
        inner.body_bytes = inner
            .requests
            .iter()
            .filter_map(|r| r.body.as_ref().map(|b| b.0.len()))
            .sum();
        inner.requests_bytes = inner.requests.iter().map(NetworkRequest::bytes).sum();
        before - inner.requests.len()
    }
}

/// Whether the target's observer options leave this event's source out.
fn excluded(inner: &Inner, event: &RawEvent) -> bool {
    let Some(target) = inner.targets.get(&event.page_target_id) else {
        return false;
    };
    match event.target_type.as_str() {
        "iframe" => target.options.exclude_iframes,
        "worker" | "service_worker" | "shared_worker" => target.options.exclude_workers,
        _ => false,
    }
}

impl TelemetryStore {
    /// Normalizes `event`, applies the filters (its target's own, else the context's) and
    /// puts it in the ring, numbered in the context and in its page target.
    fn keep_event(&self, inner: &mut Inner, event: RawEvent, record: Option<(u64, String)>) {
        let filters = inner
            .targets
            .get(&event.page_target_id)
            .and_then(|t| t.filters.as_ref())
            .unwrap_or(&inner.filters);
        let max_body = usize::try_from(filters.max_body_bytes).unwrap_or(usize::MAX);
        let (reqid, url) = record.unzip();
        let (kind, url, http_method, mut body) =
            events::normalize(&event.method, &event.params, url.as_deref(), max_body);
        if let (Some(reqid), Value::Object(body)) = (reqid, &mut body) {
            // The id `network get`/`network body` take.
            body.insert("reqid".into(), json!(reqid));
        }
        let url_allowed = url.as_deref().is_none_or(|u| {
            (filters.url_allow.is_empty()
                || filters.url_allow.iter().any(|a| u.contains(a.as_str())))
                && !filters.url_block.iter().any(|b| u.contains(b.as_str()))
        });
        if !(cdt_domain::telemetry::KindFilter::any_admits(&filters.kinds, kind) && url_allowed) {
            inner.filtered_out += 1;
            return;
        }
        let seq = inner.next_seq;
        inner.next_seq += 1;
        if inner.ring.len() >= self.config.ring_capacity {
            inner.pop_oldest();
        }
        self.expire(inner, event.at_ms);
        let bytes = 160
            + bounds::estimate_bytes(&body)
            + event.method.len()
            + event.page_target_id.len()
            + event.target_id.len()
            + event.session_id.len()
            + url.as_ref().map_or(0, String::len);
        while !inner.ring.is_empty() && inner.ring_bytes + bytes > self.config.ring_max_bytes {
            inner.pop_oldest();
            inner.ring_dropped_for_bytes += 1;
        }
        let target = inner
            .targets
            .entry(event.page_target_id.clone())
            .or_default();
        let target_seq = target.next_seq;
        target.next_seq += 1;
        target.count += 1;
        target.last_at = event.at_ms;
        let over = target
            .options
            .buffer_size
            .is_some_and(|cap| target.count > cap.max(1));
        inner.ring_bytes += bytes;
        inner.ring.push_back(Arc::new(Event {
            seq,
            target_seq,
            at_ms: event.at_ms,
            kind,
            url,
            http_method,
            page_target_id: event.page_target_id,
            target_id: event.target_id,
            session_id: event.session_id,
            method: event.method,
            body,
            bytes,
        }));
        if over && let Some(page) = inner.ring.back().map(|e| e.page_target_id.clone()) {
            inner.pop_oldest_of(&page);
        }
    }
}

impl TelemetrySink for TelemetryStore {
    fn push(&self, mut event: RawEvent) {
        self.events_total.fetch_add(1, Ordering::Relaxed);
        // Bodies have their own budget; everything else is cut before it is kept anywhere.
        let cuts = if event.method == RESPONSE_BODY_EVENT {
            0
        } else {
            bounds::clip(&mut event.params)
        };
        {
            let mut inner = lock(&self.inner);
            inner.cuts += cuts;
            let record =
                if event.method.starts_with("Network.") || event.method == RESPONSE_BODY_EVENT {
                    self.record_network(&mut inner, &event)
                } else {
                    self.record_console(&mut inner, &event);
                    None
                };
            if event.method != RESPONSE_BODY_EVENT
                && !inner.unobserved.contains(&event.page_target_id)
                && !excluded(&inner, &event)
            {
                self.keep_event(&mut inner, event, record);
            }
        }
        self.notify.notify_waiters();
    }

    fn max_body_bytes(&self) -> u64 {
        self.max_body.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests;
