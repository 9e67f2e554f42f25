//! Insights computed from a real trace recorded from Chromium by `cdt trace stop`
//! (`tests/fixtures/load.json.gz`, made by `tests/fixtures/record.sh`). The expectations are
//! facts of the recorded page: a redirect to an uncompressed 6 KB document, a render-blocking
//! stylesheet and third-party script, an absolutely positioned box moved down, a late 600×400
//! image, a 200 ms busy loop in a timer and a 150 ms click handler.

use std::io::Read;

use serde_json::Value;

use super::insight::Rating;
use super::model::TraceModel;
use super::{insights, referenced_nodes};
use cdt_domain::ops::InsightName;

fn fixture() -> TraceModel {
    let gz = include_bytes!("../../tests/fixtures/load.json.gz");
    let mut json = Vec::new();
    let read = flate2::read::GzDecoder::new(&gz[..]).read_to_end(&mut json);
    assert!(read.is_ok(), "the fixture is gzip");
    match TraceModel::parse(&json) {
        Ok(model) => model,
        Err(error) => panic!("the fixture parses: {error}"),
    }
}

fn one(model: &TraceModel, name: InsightName) -> super::insight::Insight {
    insights(model, Some(name)).remove(0)
}

fn number(value: &Value) -> f64 {
    value.as_f64().unwrap_or(f64::NAN)
}

#[test]
fn lcp_names_the_late_image_and_its_breakdown_adds_up() {
    let model = fixture();
    let lcp = one(&model, InsightName::Lcp);
    let m = &lcp.metrics;
    assert_eq!(m["type"], "image");
    assert!(
        m["element"].as_str().unwrap_or("").starts_with("img#hero"),
        "{m}"
    );
    assert!(m["url"].as_str().unwrap_or("").ends_with("/hero.png"));
    let b = &m["breakdown"];
    let sum = number(&b["ttfbMs"])
        + number(&b["loadDelayMs"])
        + number(&b["loadDurationMs"])
        + number(&b["renderDelayMs"]);
    assert!(
        (sum - number(&m["lcpMs"])).abs() < 1.0,
        "breakdown {b} vs {m}"
    );
    // The server held the image 800 ms: its load dominates.
    assert!(number(&b["loadDurationMs"]) >= 800.0, "{b}");
    assert_eq!(lcp.rating, Rating::Good);
    assert_eq!(lcp.items.len(), 1);
}

#[test]
fn cls_names_the_moved_box_within_the_worst_window() {
    let model = fixture();
    let cls = one(&model, InsightName::Cls);
    assert!(number(&cls.metrics["cls"]) > 0.1);
    let elements: Vec<&str> = cls
        .items
        .iter()
        .filter_map(|i| i["element"].as_str())
        .collect();
    assert!(elements.contains(&"div#shifty"), "{elements:?}");
    let moved = cls
        .items
        .iter()
        .find(|i| i["element"] == "div#shifty")
        .cloned()
        .unwrap_or_default();
    assert_eq!(moved["oldRect"][1], 40);
    assert_eq!(moved["newRect"][1], 240);
}

#[test]
fn inp_is_the_click_with_its_handler_time() {
    let model = fixture();
    let inp = one(&model, InsightName::Inp);
    assert_ne!(inp.rating, Rating::NotApplicable);
    let slowest = &inp.items[0];
    assert!(number(&slowest["processingMs"]) >= 140.0, "{slowest}");
    assert!(number(&slowest["durationMs"]) >= number(&slowest["processingMs"]));
}

#[test]
fn long_tasks_are_attributed_to_the_busy_timer_and_the_click_handler() {
    let model = fixture();
    let tasks = one(&model, InsightName::LongTasks);
    assert_eq!(tasks.metrics["count"], 2, "{}", tasks.metrics);
    let functions: Vec<&str> = tasks
        .items
        .iter()
        .flat_map(|t| t["attribution"].as_array().into_iter().flatten())
        .filter_map(|a| a["functionName"].as_str())
        .collect();
    assert!(
        functions.contains(&"busy") && functions.contains(&"onclick"),
        "{functions:?}"
    );
    assert!(tasks.summary.contains("busy"), "{}", tasks.summary);
    // Total blocking time is the sum of each task's time past 50 ms.
    let blocking: f64 = tasks.items.iter().map(|t| number(&t["blockingMs"])).sum();
    assert!((blocking - number(&tasks.metrics["totalBlockingMs"])).abs() < 0.5);
}

#[test]
fn load_insights_see_blocking_requests_the_redirect_the_dom_and_the_third_party() {
    let model = fixture();
    let blocking = one(&model, InsightName::RenderBlocking);
    let urls: Vec<&str> = blocking
        .items
        .iter()
        .filter_map(|i| i["url"].as_str())
        .collect();
    assert!(
        urls.iter().any(|u| u.ends_with("/style.css"))
            && urls.iter().any(|u| u.ends_with("/tp.js")),
        "{urls:?}"
    );
    let document = one(&model, InsightName::DocumentLatency);
    assert_eq!(document.metrics["redirects"], 1);
    assert_eq!(document.metrics["compressionNeeded"], true);
    assert_eq!(document.rating, Rating::NeedsImprovement);
    let dom = one(&model, InsightName::DomSize);
    assert_eq!(dom.metrics["maxChildren"], 120);
    assert_eq!(dom.items[1]["element"], "ul");
    let third = one(&model, InsightName::ThirdParties);
    assert_eq!(third.metrics["firstParty"], "127.0.0.1");
    assert_eq!(third.items[0]["site"], "localhost");
    assert!(
        number(&third.items[0]["mainThreadMs"]) >= 35.0,
        "{}",
        third.items[0]
    );
}

#[test]
fn every_insight_has_a_summary_and_the_nodes_to_describe_are_found() {
    let model = fixture();
    let all = insights(&model, None);
    assert_eq!(all.len(), InsightName::ALL.len());
    assert!(all.iter().all(|i| !i.summary.is_empty()));
    assert!(!referenced_nodes(&model).is_empty());
}

#[test]
fn cls_windows_split_on_a_one_second_gap() {
    // The session-window formula on three shifts: 0.05 and 0.06 less than 1 s apart form one
    // window, a 0.08 shift 1.5 s later another; CLS is the larger window (0.11).
    let shift = |ts: f64, score: f64| super::model::TraceEvent {
        name: "LayoutShift".into(),
        ph: "I".into(),
        ts,
        args: serde_json::json!({ "data": { "weighted_score_delta": score, "had_recent_input": false, "impacted_nodes": [] } }),
        ..Default::default()
    };
    let events = vec![
        shift(1_000_000.0, 0.05),
        shift(1_500_000.0, 0.06),
        shift(3_000_000.0, 0.08),
    ];
    let model = TraceModel::from_events(events, &serde_json::Map::new());
    let cls = one(&model, InsightName::Cls);
    assert!(
        (number(&cls.metrics["cls"]) - 0.11).abs() < 1e-9,
        "{}",
        cls.metrics
    );
    assert_eq!(cls.metrics["windows"], 2);
}
