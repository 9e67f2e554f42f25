//! Unit tests of the slot telemetry store.

use super::*;
use cdt_testkit::FakeClock;

fn raw(method: &str, params: Value) -> RawEvent {
    RawEvent {
        at_ms: 1,
        session_id: "S".into(),
        target_id: "P".into(),
        target_type: "page".into(),
        page_target_id: "P".into(),
        method: method.into(),
        params,
    }
}

fn store(capacity: usize) -> TelemetryStore {
    let config = TelemetryConfig {
        ring_capacity: capacity,
        ..TelemetryConfig::default()
    };
    TelemetryStore::new(config, Arc::new(FakeClock::at(1)), None)
}

#[test]
fn paging_with_next_offset_returns_each_seq_once_and_reports_drops() {
    let store = store(100);
    for i in 0..250 {
        store.push(raw(
            "Runtime.consoleAPICalled",
            json!({ "type": "log", "args": [{ "type": "number", "value": i }] }),
        ));
    }
    let first = store.read(0, 1000, &ReadFilter::default());
    assert_eq!(first.dropped, 150);
    assert_eq!(first.events.first().map(|e| e.seq), Some(150));
    assert_eq!(first.next_offset, 250);
    let mut seen = Vec::new();
    let mut offset = 150;
    loop {
        let page = store.read(offset, 7, &ReadFilter::default());
        if page.events.is_empty() {
            break;
        }
        seen.extend(page.events.iter().map(|e| e.seq));
        offset = page.next_offset;
    }
    assert_eq!(seen, (150..250).collect::<Vec<_>>());
    assert_eq!(
        store.console_where(|_| true).len(),
        250,
        "the console table keeps more than the ring"
    );
}

#[test]
fn an_offset_past_the_end_restarts_from_the_oldest_event() {
    let store = store(100);
    for _ in 0..3 {
        store.push(raw(
            "Runtime.consoleAPICalled",
            json!({ "type": "log", "args": [] }),
        ));
    }
    let read = store.read(999, 100, &ReadFilter::default());
    assert!(read.reset);
    assert_eq!(read.events.len(), 3);
    assert_eq!(read.next_offset, 3);
    assert!(!store.read(3, 100, &ReadFilter::default()).reset);
}

#[test]
fn filters_apply_at_ingest_and_network_events_carry_the_request_url() {
    let store = store(100);
    store.set_filters(EventFilters {
        kinds: vec![cdt_domain::telemetry::KindFilter::Network],
        url_block: vec!["ads".into()],
        ..store.filters()
    });
    store.push(raw(
        "Runtime.consoleAPICalled",
        json!({ "type": "log", "args": [] }),
    ));
    store.push(raw(
        "Network.requestWillBeSent",
        json!({ "requestId": "1", "request": { "url": "http://x/ads.js", "method": "GET" } }),
    ));
    store.push(raw(
        "Network.requestWillBeSent",
        json!({ "requestId": "2", "request": { "url": "http://x/api", "method": "POST" } }),
    ));
    store.push(raw(
        "Network.loadingFinished",
        json!({ "requestId": "2", "encodedDataLength": 3 }),
    ));
    let read = store.read(0, 100, &ReadFilter::default());
    let kinds: Vec<cdt_domain::telemetry::EventKind> = read.events.iter().map(|e| e.kind).collect();
    assert_eq!(
        kinds,
        vec![
            cdt_domain::telemetry::EventKind::Request,
            cdt_domain::telemetry::EventKind::LoadingFinished
        ]
    );
    assert_eq!(read.events[1].url.as_deref(), Some("http://x/api"));
    let posts = store.read(
        0,
        100,
        &ReadFilter {
            method: Some("post".into()),
            ..ReadFilter::default()
        },
    );
    assert_eq!(posts.events.len(), 1);
    assert_eq!(
        store.requests_where(|_| true).len(),
        2,
        "records are kept whatever the ring filters say"
    );
}

#[test]
fn a_document_request_starts_a_new_navigation() {
    let store = store(100);
    store.push(raw(
        "Runtime.consoleAPICalled",
        json!({ "type": "log", "args": [] }),
    ));
    store.push(raw("Network.requestWillBeSent", json!({ "requestId": "d", "type": "Document", "frameId": "P", "request": { "url": "http://x/", "method": "GET" } })));
    store.push(raw(
        "Runtime.consoleAPICalled",
        json!({ "type": "log", "args": [] }),
    ));
    let navigations: Vec<u32> = store
        .console_where(|_| true)
        .iter()
        .map(|m| m.navigation)
        .collect();
    assert_eq!(navigations, vec![0, 1]);
    assert_eq!(store.navigation("P"), 1);
}

/// Issue 20: console and network tables are bounded in bytes, not only in records: a message
/// of 1,000 arguments of 64 KiB, or WebSocket frames of 64 KiB, cannot grow the daemon.
#[test]
fn huge_console_messages_and_websocket_frames_stay_within_the_tables_budgets() {
    let config = TelemetryConfig {
        table_max_bytes: 1 << 20,
        ring_capacity: 10,
        ..TelemetryConfig::default()
    };
    let store = TelemetryStore::new(config, Arc::new(FakeClock::at(1)), None);
    let big = "x".repeat(64 * 1024);
    let args: Vec<Value> = (0..1000)
        .map(|_| json!({ "type": "string", "value": big }))
        .collect();
    for _ in 0..8 {
        store.push(raw(
            "Runtime.consoleAPICalled",
            json!({ "type": "log", "args": args }),
        ));
    }
    let counts = store.counts();
    let console_bytes = counts["consoleBytes"].as_u64().unwrap_or(u64::MAX);
    assert!(console_bytes <= 1 << 20, "{counts}");
    assert!(counts["consoleDropped"].as_u64() > Some(0), "{counts}");
    let kept = store.console_where(|_| true);
    let last = kept
        .last()
        .map(|m| m.summary(None))
        .expect("a message is kept");
    assert!(last.cut, "{last:?}");
    assert!(last.text.len() < 70 * 1024);

    store.push(raw(
        "Network.webSocketCreated",
        json!({ "requestId": "W1", "url": "ws://127.0.0.1/x" }),
    ));
    for _ in 0..150 {
        store.push(raw(
            "Network.webSocketFrameReceived",
            json!({ "requestId": "W1", "response": { "opcode": 1, "payloadData": big } }),
        ));
    }
    let counts = store.counts();
    assert!(counts["networkBytes"].as_u64() < Some(1 << 20), "{counts}");
    let socket = store.requests_where(|_| true);
    let detail = serde_json::to_value(socket[0].detail(None, false, 0)).unwrap_or_default();
    assert_eq!(detail["cut"], true);
    assert_eq!(detail["frames"][0]["payloadBytes"], 64 * 1024);
    assert!(
        detail["frames"][0]["payload"]
            .as_str()
            .unwrap_or_default()
            .len()
            < 5 * 1024
    );
}
