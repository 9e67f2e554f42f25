//! Use-case tests of emulation, traces, storage and init scripts against the fake ports.

use cdt_domain::ports::Clock as _;
use std::path::PathBuf;
use std::time::Duration;

use cdt_domain::emulation::{ColorScheme, NetworkPreset, NetworkSetting};
use cdt_domain::ops::{
    EmulationResetParams, EmulationSetParams, NoParams, Operation, PageOpenParams,
    StorageFileParams, TraceInsightParams, TraceStartParams, TraceStopParams, WebStorageParams,
};
use cdt_domain::ports::SessionStorePort;
use cdt_domain::{CdtError, Deadline, ErrorCode};
use serde_json::Value;

use crate::runtime::BrokerConfig;
use crate::sync::lock;
use crate::testing::{World, world};

use super::{caller, handle, open};

async fn run(world: &World, who: &str, operation: Operation) -> Result<Value, CdtError> {
    let budget = operation.spec().default_timeout_ms;
    handle(world, &caller(who), operation, budget).await.result
}

#[tokio::test]
async fn emulation_is_additive_reset_is_selective_and_nothing_is_sent_when_nothing_changes() {
    let w = world(BrokerConfig::default(), Duration::ZERO);
    let dark = EmulationSetParams {
        color_scheme: Some(ColorScheme::Dark),
        ..Default::default()
    };
    let first = run(&w, "e", Operation::EmulationSet(dark.clone())).await;
    assert_eq!(
        first.ok().map(|d| d["changed"].clone()),
        Some(serde_json::json!(["colorScheme"]))
    );
    let slow = EmulationSetParams {
        network: Some(NetworkSetting::Preset(NetworkPreset::Slow4g)),
        ..Default::default()
    };
    let second = run(&w, "e", Operation::EmulationSet(slow))
        .await
        .unwrap_or_default();
    assert_eq!(second["emulation"]["colorScheme"], "dark");
    assert_eq!(second["emulation"]["network"]["preset"], "slow-4g");
    // The same value again changes nothing and sends nothing.
    let again = run(&w, "e", Operation::EmulationSet(dark))
        .await
        .unwrap_or_default();
    assert_eq!(again["changed"], serde_json::json!([]));
    let browser = lock(&w.launcher.launched)[0].clone();
    assert_eq!(lock(&browser.parity.emulation_calls).len(), 2);
    let reset = EmulationResetParams {
        only: vec![cdt_domain::emulation::EmulationField::Network],
    };
    let after = run(&w, "e", Operation::EmulationReset(reset))
        .await
        .unwrap_or_default();
    assert_eq!(after["active"], serde_json::json!(["colorScheme"]));
    let shown = run(&w, "e", Operation::EmulationShow(NoParams {}))
        .await
        .unwrap_or_default();
    assert_eq!(shown["budgetScale"], 1.0);
    // A refusal from the browser is the caller's error, and changes nothing.
    let refused = run(
        &w,
        "e",
        Operation::EmulationSet(EmulationSetParams {
            timezone: Some("Mars/Base".into()),
            ..Default::default()
        }),
    )
    .await;
    assert_eq!(
        refused.err().map(|e| e.code),
        Some(ErrorCode::ValidationError)
    );
    assert_eq!(
        browser
            .parity
            .emulation
            .lock()
            .map(|e| e.timezone.clone())
            .ok(),
        Some(None)
    );
}

#[tokio::test]
async fn default_budgets_stretch_under_throttling_but_explicit_ones_do_not() {
    let w = world(BrokerConfig::default(), Duration::from_millis(40_000));
    run(&w, "b", Operation::EmulationShow(NoParams {}))
        .await
        .ok();
    let cpu = EmulationSetParams {
        cpu: Some(4.0),
        ..Default::default()
    };
    run(&w, "b", Operation::EmulationSet(cpu)).await.ok();
    // page.open's default is 30 s; a 40 s navigation fits in the stretched 2 × 30 s but not in
    // an explicit 31 s budget.
    tokio::time::pause();
    let now = w.clock.now_unix_ms();
    let stretched = w
        .broker
        .handle(open("http://x/"), &caller("b"), Deadline::new(now, 30_000))
        .await;
    assert!(stretched.result.is_ok());
    let explicit = w
        .broker
        .handle(open("http://x/"), &caller("b"), Deadline::new(now, 31_000))
        .await;
    assert_eq!(
        explicit.result.err().map(|e| e.code),
        Some(ErrorCode::Timeout)
    );
}

#[tokio::test]
async fn a_trace_is_written_to_the_context_and_analysed_from_there() {
    let w = world(BrokerConfig::default(), Duration::ZERO);
    run(&w, "t", open("http://x/")).await.ok();
    let missing = run(
        &w,
        "t",
        Operation::TraceInsight(TraceInsightParams::default()),
    )
    .await;
    assert_eq!(
        missing.err().map(|e| e.code),
        Some(ErrorCode::TraceNotFound)
    );
    let not_running = run(&w, "t", Operation::TraceStop(TraceStopParams::default())).await;
    assert_eq!(
        not_running.err().map(|e| e.code),
        Some(ErrorCode::TraceNotRunning)
    );
    let browser = lock(&w.launcher.launched)[0].clone();
    *lock(&browser.parity.trace) = br#"{"traceEvents":[{"name":"LayoutShift","ph":"I","ts":5,"args":{"data":{"score":0.2,"had_recent_input":false,"impacted_nodes":[{"node_id":3,"old_rect":[0,0,1,1],"new_rect":[0,9,1,1]}]}}}],"metadata":{}}"#.to_vec();
    run(&w, "t", Operation::TraceStart(TraceStartParams::default()))
        .await
        .ok();
    let stopped = run(&w, "t", Operation::TraceStop(TraceStopParams::default()))
        .await
        .unwrap_or_default();
    let file = PathBuf::from(stopped["file"].as_str().unwrap_or_default());
    assert!(
        file.starts_with("/fake") && file.to_string_lossy().ends_with(".json.gz"),
        "{stopped}"
    );
    let written: Value =
        serde_json::from_slice(&w.store.read_trace(&file).unwrap_or_default()).unwrap_or_default();
    assert_eq!(written["metadata"]["source"], "cdt");
    assert_eq!(written["metadata"]["cdtNodes"]["3"], "div#node3");
    let cls = run(
        &w,
        "t",
        Operation::TraceInsight(TraceInsightParams {
            name: Some(cdt_domain::ops::InsightName::Cls),
            file: None,
        }),
    )
    .await
    .unwrap_or_default();
    assert_eq!(cls["insights"][0]["items"][0]["element"], "div#node3");
}

#[tokio::test]
async fn storage_state_moves_between_contexts_through_a_secret_file() {
    let w = world(BrokerConfig::default(), Duration::ZERO);
    run(&w, "a", open("http://app.test/")).await.ok();
    let a = lock(&w.launcher.launched)[0].clone();
    lock(&a.parity.origins).push("http://app.test".into());
    let set = WebStorageParams {
        key: Some("user".into()),
        value: Some("ada".into()),
        ..Default::default()
    };
    run(&w, "a", Operation::StorageLocalSet(set)).await.ok();
    let cookie = cdt_domain::ops::CookieSetParams {
        name: "sid".into(),
        value: "s3cret".into(),
        url: Some("http://app.test/".into()),
        ..Default::default()
    };
    run(&w, "a", Operation::StorageCookiesSet(cookie))
        .await
        .ok();
    let file = StorageFileParams {
        file: "/state/s.json".into(),
        page: None,
    };
    run(&w, "a", Operation::StorageSave(file.clone()))
        .await
        .ok();
    let saved = String::from_utf8(
        w.store
            .read_secret_file(std::path::Path::new("/state/s.json"))
            .unwrap_or_default(),
    )
    .unwrap_or_default();
    assert!(
        saved.contains("s3cret") && saved.contains("\"ada\""),
        "{saved}"
    );
    run(&w, "b", open("http://other.test/")).await.ok();
    let loaded = run(&w, "b", Operation::StorageLoad(file))
        .await
        .unwrap_or_default();
    assert_eq!(loaded["cookies"], 1);
    let b = lock(&w.launcher.launched)[1].clone();
    assert_eq!(lock(&b.parity.cookies)[0].value, "s3cret");
    let seeded = lock(&b.parity.storage)
        .get(&("http://app.test".to_string(), "local"))
        .cloned()
        .unwrap_or_default();
    assert_eq!(seeded[0].value, "ada");
    let relative = StorageFileParams {
        file: "s.json".into(),
        page: None,
    };
    let refused = run(&w, "b", Operation::StorageSave(relative)).await;
    assert_eq!(
        refused.err().map(|e| e.code),
        Some(ErrorCode::ValidationError)
    );
}

#[tokio::test]
async fn an_init_script_is_removed_after_its_navigation_unless_persisted() {
    let w = world(BrokerConfig::default(), Duration::ZERO);
    let once = PageOpenParams {
        url: "http://x/".into(),
        init_script: Some("window.a = 1".into()),
        ..Default::default()
    };
    let reply = run(&w, "i", Operation::PageOpen(once))
        .await
        .unwrap_or_default();
    assert_eq!(reply["initScript"]["persist"], false);
    let browser = lock(&w.launcher.launched)[0].clone();
    assert!(lock(&browser.parity.scripts).is_empty());
    let kept = PageOpenParams {
        url: "http://x/".into(),
        init_script: Some("window.a = 2".into()),
        persist: true,
        ..Default::default()
    };
    run(&w, "i", Operation::PageOpen(kept)).await.ok();
    assert_eq!(lock(&browser.parity.scripts).len(), 1);
}
