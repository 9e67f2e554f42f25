//! The event ring end to end: a burst read back exactly once by offset, overflow counted,
//! server-side filters, and persisted logs with secrets redacted.

use std::collections::BTreeSet;
use std::time::Duration;

use cdt_e2e::{HttpServer, TestEnv, eventually};
use serde_json::Value;

use crate::telemetry::fixture;

#[test]
fn a_burst_of_20000_events_is_read_once_each_with_next_offset() {
    let server = HttpServer::start();
    server.page(
        "/burst.html",
        "Burst",
        "<script>for (let i = 0; i < 20000; i++) console.log('b' + i)</script>",
    );
    let env = TestEnv::new().with_env("CDT_EVENTS_CAPACITY", "50000");
    env.ctx("b", &["session", "start"]).ok();
    env.ctx("b", &["page", "open", &server.url("/burst.html")])
        .ok();

    let mut offset = 0u64;
    let mut seqs = Vec::new();
    let mut texts = BTreeSet::new();
    let done = eventually(Duration::from_secs(30), || {
        let run = env.ctx(
            "b",
            &[
                "events",
                "read",
                "--offset",
                &offset.to_string(),
                "--limit",
                "3000",
                "--kinds",
                "console",
            ],
        );
        let data = run.ok();
        assert_eq!(data["dropped"], 0);
        for event in data["events"].as_array().unwrap() {
            seqs.push(event["seq"].as_u64().unwrap());
            let text = event["text"].as_str().unwrap().to_string();
            assert!(texts.insert(text.clone()), "{text} was read twice");
        }
        offset = data["nextOffset"].as_u64().unwrap();
        texts.iter().filter(|t| t.starts_with('b')).count() == 20_000
    });
    assert!(done, "read {} of 20000 burst messages", texts.len());
    assert!(
        seqs.windows(2).all(|w| w[0] < w[1]),
        "seqs out of order or repeated"
    );
    let again = env.ctx(
        "b",
        &[
            "events",
            "read",
            "--offset",
            &offset.to_string(),
            "--kinds",
            "console",
        ],
    );
    assert!(
        again.ok()["events"].as_array().unwrap().is_empty(),
        "reading from nextOffset repeated events"
    );
}

#[test]
fn a_ring_that_overflowed_reports_the_drop_count_and_unknown_events_are_kind_other() {
    let server = HttpServer::start();
    server.page(
        "/burst.html",
        "Burst",
        "<script>for (let i = 0; i < 3000; i++) console.log('b' + i)</script>",
    );
    let env = TestEnv::new().with_env("CDT_EVENTS_CAPACITY", "1000");
    env.ctx("d", &["page", "open", &server.url("/burst.html")])
        .ok();
    assert!(eventually(Duration::from_secs(15), || {
        let run = env.ctx(
            "d",
            &["events", "read", "--offset", "0", "--limit", "10000"],
        );
        let data = run.ok();
        data["dropped"].as_u64().is_some_and(|d| d >= 2000)
            && data["events"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["text"] == "b2999")
    }));

    // Unknown-to-cdt events are delivered as `other` with their raw method.
    let fresh = TestEnv::new();
    fresh.ctx("o", &["page", "open", &server.url("/")]).ok();
    let run = fresh.ctx("o", &["events", "read", "--kinds", "other"]);
    let events = run.ok()["events"].as_array().unwrap().clone();
    assert!(
        events
            .iter()
            .any(|e| e["cdpMethod"] == "Runtime.executionContextCreated" && e["params"].is_object()),
        "{events:#?}"
    );
    fresh
        .ctx("o", &["events", "read", "--kinds", "bogus"])
        .err("VALIDATION_ERROR", 2);
}

#[test]
fn filters_are_server_side_and_persisted_logs_redact_secrets() {
    let server = fixture();
    let env = TestEnv::new();
    env.ctx("f", &["session", "start"]).ok();
    let set = env.ctx(
        "f",
        &[
            "events",
            "filters",
            "set",
            "--kinds",
            "request,response",
            "--url-block",
            "missing",
        ],
    );
    assert_eq!(
        set.ok()["filters"]["kinds"],
        serde_json::json!(["request", "response"])
    );
    let from = set.ok()["appliesFromOffset"].as_u64().unwrap().to_string();
    assert_eq!(
        env.ctx("f", &["events", "filters", "get"]).ok()["filters"]["maxBodyBytes"],
        64000
    );
    env.ctx("f", &["page", "open", &server.url("/app.html")])
        .ok();
    assert!(eventually(Duration::from_secs(15), || {
        let read = env.ctx(
            "f",
            &["events", "read", "--offset", &from, "--limit", "10000"],
        );
        read.ok()["events"].as_array().unwrap().iter().any(|e| {
            e["kind"] == "response" && e["url"].as_str().is_some_and(|u| u.ends_with("/api/echo"))
        })
    }));
    let read = env.ctx(
        "f",
        &["events", "read", "--offset", &from, "--limit", "10000"],
    );
    let events = read.ok()["events"].as_array().unwrap().clone();
    assert!(
        events
            .iter()
            .all(|e| e["kind"] == "request" || e["kind"] == "response"),
        "a filtered kind got in"
    );
    assert!(
        events
            .iter()
            .all(|e| !e["url"].as_str().unwrap_or("").contains("missing")),
        "a blocked URL got in"
    );
    let posts = env.ctx(
        "f",
        &[
            "events", "read", "--limit", "10000", "--method", "POST", "--kinds", "request",
        ],
    );
    let posts = posts.ok()["events"].as_array().unwrap().clone();
    assert_eq!(posts.len(), 1);
    assert_eq!(posts[0]["headers"]["Authorization"], "<redacted>");

    let key = env.ctx("f", &["session", "status"]).ok()["context"]["key"]
        .as_str()
        .unwrap()
        .trim_start_matches("ctx_")
        .to_string();
    let dir = env.home.join("contexts").join(key);
    assert!(eventually(Duration::from_secs(10), || {
        let network = std::fs::read_to_string(dir.join("network.jsonl")).unwrap_or_default();
        let console = std::fs::read_to_string(dir.join("console.jsonl")).unwrap_or_default();
        network.contains("/api/echo") && console.contains("log line")
    }));
    let network = std::fs::read_to_string(dir.join("network.jsonl")).unwrap();
    assert!(
        !network.contains("secret-token") && !network.contains("session=abc123"),
        "secrets persisted"
    );
    assert!(
        network
            .lines()
            .all(|l| serde_json::from_str::<Value>(l).is_ok())
    );
}
