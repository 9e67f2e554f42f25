//! Raw CDP on the fake browser: what is refused before anything is sent, and a listener's
//! buffer, count and end.

use std::time::Duration;

use cdt_domain::ErrorCode;
use cdt_domain::ops::{CdpListenParams, CdpSendParams, NoParams, Operation};
use cdt_domain::raw_cdp::RawCdpEvent;
use serde_json::json;

use crate::runtime::BrokerConfig;
use crate::sync::lock;
use crate::testing::world;

use super::{caller, handle};

fn event(method: &str) -> RawCdpEvent {
    RawCdpEvent {
        method: method.into(),
        params: json!({}),
        session_id: "S".into(),
        target_id: "T".into(),
    }
}

#[tokio::test]
async fn refused_methods_never_reach_the_browser() {
    let w = world(BrokerConfig::default(), Duration::ZERO);
    let me = caller("raw");
    assert!(
        handle(&w, &me, Operation::PageList(NoParams {}), 2000)
            .await
            .result
            .is_ok()
    );
    let send = |method: &str, browser: bool| {
        Operation::CdpSend(CdpSendParams {
            method: method.into(),
            params: Some(json!({ "a": 1 })),
            browser,
            page: None,
        })
    };
    let refused = handle(&w, &me, send("Target.closeTarget", false), 2000).await;
    assert_eq!(
        refused.result.err().map(|e| e.code),
        Some(ErrorCode::SecurityBlocked)
    );
    let browser_wide = handle(&w, &me, send("Storage.clearCookies", true), 2000).await;
    assert_eq!(
        browser_wide.result.err().map(|e| e.code),
        Some(ErrorCode::SecurityBlocked)
    );
    let sent = handle(&w, &me, send("Animation.enable", false), 2000).await;
    assert!(sent.result.is_ok(), "{:?}", sent.result);
    let browser = lock(&w.launcher.launched)[0].clone();
    let log = lock(&browser.parity.raw_sent).clone();
    assert_eq!(log.len(), 1, "only the allowed method was sent: {log:?}");
    assert_eq!(log[0].1, "Animation.enable");
    assert!(log[0].0.is_some(), "to the page, not the browser");
}

#[tokio::test]
async fn a_listener_keeps_the_named_events_and_ends_after_its_count() {
    let w = world(BrokerConfig::default(), Duration::ZERO);
    let me = caller("listen");
    assert!(
        handle(&w, &me, Operation::PageList(NoParams {}), 2000)
            .await
            .result
            .is_ok()
    );
    let first = handle(
        &w,
        &me,
        Operation::CdpListen(CdpListenParams {
            events: vec!["Network.*".into()],
            count: Some(3),
            wait_ms: Some(0),
            ..Default::default()
        }),
        2000,
    )
    .await
    .result
    .unwrap_or_default();
    let id = first["listener"].as_str().unwrap_or_default().to_string();
    assert_eq!(first["events"], json!([]));
    let browser = lock(&w.launcher.launched)[0].clone();
    let page = lock(&browser.targets)[0].target_id.clone();
    for method in [
        "Network.requestWillBeSent",
        "Page.loadEventFired",
        "Network.responseReceived",
    ] {
        browser.emit_raw(Some(&page), &event(method));
    }
    let poll = |wait_ms| {
        Operation::CdpListen(CdpListenParams {
            listener: Some(id.clone()),
            wait_ms: Some(wait_ms),
            ..Default::default()
        })
    };
    let second = handle(&w, &me, poll(0), 2000)
        .await
        .result
        .unwrap_or_default();
    let methods: Vec<&str> = second["events"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e["method"].as_str())
        .collect();
    assert_eq!(
        methods,
        ["Network.requestWillBeSent", "Network.responseReceived"]
    );
    assert_eq!(second["done"], false);
    browser.emit_raw(Some(&page), &event("Network.loadingFinished"));
    browser.emit_raw(Some(&page), &event("Network.dataReceived"));
    let third = handle(&w, &me, poll(0), 2000)
        .await
        .result
        .unwrap_or_default();
    assert_eq!(
        third["events"].as_array().map(Vec::len),
        Some(1),
        "its count was 3"
    );
    assert_eq!(third["done"], true);
    let gone = handle(&w, &me, poll(0), 2000).await.result;
    assert_eq!(gone.err().map(|e| e.code), Some(ErrorCode::ValidationError));
    assert!(
        lock(&browser.parity.raw_sinks).is_empty(),
        "the subscription ended with it"
    );
}
