//! Page-load insights of a trace: long main-thread tasks and what ran in them, render-blocking
//! requests, the main document's latency, DOM size, and third-party cost. Thresholds come from
//! web.dev and Lighthouse (see `docs/insights.md`).

use std::collections::BTreeMap;

use serde_json::json;

use super::insight::{Insight, Rating, rate};
use super::model::{TraceEvent, TraceModel, round, site_of};
use cdt_domain::ops::InsightName;

/// A long task: longer than 50 ms (W3C Long Tasks API, web.dev).
pub const LONG_TASK_MS: f64 = 50.0;
/// Total blocking time: good ≤ 200 ms, poor > 600 ms (Lighthouse).
pub const TBT_MS: (f64, f64) = (200.0, 600.0);
/// TTFB: good ≤ 800 ms, poor > 1800 ms (web.dev).
pub const TTFB_MS: (f64, f64) = (800.0, 1800.0);
/// Server response time flagged above 600 ms (Lighthouse `server-response-time`).
pub const SERVER_MS: f64 = 600.0;
/// DOM size: warn above 800 elements, error above 1400 (Lighthouse `dom-size`).
pub const DOM_ELEMENTS: (f64, f64) = (800.0, 1400.0);
pub const DOM_DEPTH: i64 = 32;
pub const DOM_CHILDREN: i64 = 60;
/// Third-party main-thread time flagged from 250 ms (Lighthouse `third-party-summary`).
pub const THIRD_PARTY_MS: f64 = 250.0;

/// Events that say what a task ran, with the script they belong to.
const WORK: &[&str] = &[
    "FunctionCall",
    "EvaluateScript",
    "TimerFire",
    "EventDispatch",
    "FireAnimationFrame",
    "ParseHTML",
    "Layout",
    "UpdateLayoutTree",
    "v8.compile",
    "V8.GCFinalizeMC",
    "MajorGC",
    "MinorGC",
    "XHRReadyStateChange",
    "RunMicrotasks",
];

fn on_main(model: &TraceModel, event: &TraceEvent) -> bool {
    model.main_threads.is_empty() || model.main_threads.contains(&event.thread())
}

fn describe_work(event: &TraceEvent) -> serde_json::Value {
    let data = event.data();
    let mut work =
        json!({ "event": event.name, "durationMs": round(event.dur.unwrap_or(0.0) / 1000.0) });
    for key in ["url", "functionName", "type"] {
        if let Some(value) = data[key].as_str().filter(|v| !v.is_empty()) {
            work[key] = json!(value);
        }
    }
    if let Some(line) = data["lineNumber"].as_i64() {
        work["line"] = json!(line + 1);
    }
    work
}

/// `url:line (function)` of the first attributed script, else the longest event's name.
fn culprit(attribution: &serde_json::Value) -> String {
    let works = attribution.as_array().cloned().unwrap_or_default();
    if let Some(script) = works.iter().find(|w| w["url"].is_string()) {
        let mut text = script["url"].as_str().unwrap_or_default().to_string();
        if let Some(line) = script["line"].as_i64() {
            text.push_str(&format!(":{line}"));
        }
        if let Some(function) = script["functionName"].as_str() {
            text.push_str(&format!(" ({function})"));
        }
        return format!(
            "{} in {}",
            script["event"].as_str().unwrap_or("script"),
            text
        );
    }
    works
        .first()
        .and_then(|w| w["event"].as_str())
        .unwrap_or("unattributed work")
        .to_string()
}

pub fn long_tasks(model: &TraceModel) -> Insight {
    let mut insight = Insight::new(InsightName::LongTasks, "Long main-thread tasks");
    insight.thresholds =
        json!({ "longTaskMs": LONG_TASK_MS, "tbtGoodMs": TBT_MS.0, "tbtPoorMs": TBT_MS.1 });
    let tasks: Vec<&TraceEvent> = model
        .events
        .iter()
        .filter(|e| e.name == "RunTask" && e.ph == "X" && on_main(model, e))
        .filter(|e| e.dur.unwrap_or(0.0) > LONG_TASK_MS * 1000.0)
        .collect();
    let mut blocking = 0.0;
    for task in &tasks {
        let duration = task.dur.unwrap_or(0.0) / 1000.0;
        blocking += duration - LONG_TASK_MS;
        let mut inside: Vec<&TraceEvent> = model
            .events
            .iter()
            .filter(|e| e.thread() == task.thread() && e.ph == "X")
            .filter(|e| e.ts >= task.ts && e.end() <= task.end() && !std::ptr::eq(*e, *task))
            .filter(|e| WORK.contains(&e.name.as_str()))
            .collect();
        inside.sort_by(|a, b| b.dur.unwrap_or(0.0).total_cmp(&a.dur.unwrap_or(0.0)));
        let attribution: Vec<serde_json::Value> =
            inside.iter().take(3).map(|e| describe_work(e)).collect();
        insight.items.push(json!({
            "startMs": model.ms(task.ts), "durationMs": round(duration),
            "blockingMs": round(duration - LONG_TASK_MS), "attribution": attribution,
        }));
    }
    insight.items.sort_by(|a, b| {
        b["durationMs"]
            .as_f64()
            .unwrap_or(0.0)
            .total_cmp(&a["durationMs"].as_f64().unwrap_or(0.0))
    });
    let longest = insight
        .items
        .first()
        .and_then(|t| t["durationMs"].as_f64())
        .unwrap_or(0.0);
    insight.rating = if tasks.is_empty() {
        Rating::Good
    } else {
        rate(blocking, TBT_MS).max_with(Rating::NeedsImprovement)
    };
    insight.summary = match insight.items.first() {
        None => "no task longer than 50 ms on the main thread".into(),
        Some(top) => format!(
            "{} long task(s), longest {longest} ms, total blocking {} ms; longest ran {}",
            tasks.len(),
            round(blocking),
            culprit(&top["attribution"])
        ),
    };
    insight.metrics =
        json!({ "count": tasks.len(), "longestMs": longest, "totalBlockingMs": round(blocking) });
    insight
}

pub fn render_blocking(model: &TraceModel) -> Insight {
    let mut insight = Insight::new(InsightName::RenderBlocking, "Render-blocking requests");
    let fcp = model.fcp();
    let blocking: Vec<_> = model
        .requests
        .iter()
        .filter(|r| {
            matches!(
                r.render_blocking.as_str(),
                "blocking" | "in_body_parser_blocking"
            )
        })
        .filter(|r| r.start >= model.origin_ts && fcp.is_none_or(|f| r.start <= f))
        .collect();
    for request in &blocking {
        let end = request.finish.unwrap_or(request.start);
        insight.items.push(json!({
            "url": request.url, "type": request.resource_type, "renderBlocking": request.render_blocking,
            "startMs": model.ms(request.start), "endMs": model.ms(end),
            "durationMs": round((end - request.start) / 1000.0), "transferBytes": request.encoded_bytes,
        }));
    }
    let worst_end = blocking
        .iter()
        .filter_map(|r| r.finish)
        .fold(f64::MIN, f64::max);
    insight.rating = if blocking.is_empty() {
        Rating::Good
    } else {
        Rating::NeedsImprovement
    };
    insight.summary = if blocking.is_empty() {
        "no render-blocking request".into()
    } else {
        format!(
            "{} render-blocking request(s) before the first paint{}: {}",
            blocking.len(),
            fcp.map(|f| format!(" at {} ms", model.ms(f)))
                .unwrap_or_default(),
            blocking
                .iter()
                .map(|r| r.url.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    insight.metrics = json!({
        "count": blocking.len(), "fcpMs": fcp.map(|f| model.ms(f)),
        "blockedUntilMs": (!blocking.is_empty()).then(|| model.ms(worst_end)),
    });
    insight
}

pub fn document_latency(model: &TraceModel) -> Insight {
    let mut insight = Insight::new(InsightName::DocumentLatency, "Document request latency");
    insight.thresholds =
        json!({ "ttfbGoodMs": TTFB_MS.0, "ttfbPoorMs": TTFB_MS.1, "serverMs": SERVER_MS });
    let Some(document) = model.document() else {
        insight.summary =
            "no main document request in the trace (record a load: cdt trace start --reload)"
                .into();
        return insight;
    };
    let timing = &document.timing;
    let server_ms = match (
        timing["sendEnd"].as_f64(),
        timing["receiveHeadersStart"]
            .as_f64()
            .or_else(|| timing["receiveHeadersEnd"].as_f64()),
    ) {
        (Some(sent), Some(headers)) if sent >= 0.0 && headers >= sent => {
            Some(round(headers - sent))
        }
        _ => None,
    };
    let ttfb = document.response_start.map(|t| model.ms(t));
    let encoding = document.header("content-encoding").map(str::to_string);
    let textual = document.mime.starts_with("text/")
        || document.mime.contains("json")
        || document.mime.contains("javascript")
        || document.mime.contains("xml");
    let uncompressed = encoding.is_none() && textual && document.decoded_bytes > 1400.0;
    let mut problems = Vec::new();
    if document.redirects > 0 {
        problems.push(format!(
            "{} redirect(s) costing {} ms",
            document.redirects,
            round(document.redirect_us / 1000.0)
        ));
    }
    if server_ms.is_some_and(|s| s > SERVER_MS) {
        problems.push(format!("slow server ({} ms)", server_ms.unwrap_or(0.0)));
    }
    if uncompressed {
        problems.push(format!(
            "not compressed ({} bytes of {})",
            document.decoded_bytes, document.mime
        ));
    }
    let ttfb_rating = ttfb.map_or(Rating::NotApplicable, |t| rate(t, TTFB_MS));
    insight.rating = if problems.is_empty() {
        ttfb_rating
    } else {
        ttfb_rating.max_with(Rating::NeedsImprovement)
    };
    insight.summary = format!(
        "{} answered in {} ms (TTFB, {}){}",
        document.url,
        ttfb.unwrap_or(0.0),
        ttfb_rating.as_str(),
        if problems.is_empty() {
            "; no redirect, fast server, compressed or small".to_string()
        } else {
            format!("; {}", problems.join(", "))
        }
    );
    insight.metrics = json!({
        "url": document.url, "status": document.status, "ttfbMs": ttfb, "serverMs": server_ms,
        "redirects": document.redirects, "redirectMs": round(document.redirect_us / 1000.0),
        "contentEncoding": encoding,
        "transferBytes": document.encoded_bytes, "decodedBytes": document.decoded_bytes,
        "compressionNeeded": uncompressed,
    });
    insight.items = vec![json!({
        "url": document.url, "type": "Document", "ttfbMs": ttfb, "serverMs": server_ms,
        "redirects": document.redirects, "compressionNeeded": uncompressed,
    })];
    insight
}

pub fn dom_size(model: &TraceModel) -> Insight {
    let mut insight = Insight::new(InsightName::DomSize, "DOM size");
    insight.thresholds = json!({ "warnElements": DOM_ELEMENTS.0, "errorElements": DOM_ELEMENTS.1, "maxDepth": DOM_DEPTH, "maxChildren": DOM_CHILDREN });
    let frame = model.navigation.as_ref().map(|n| n.frame.clone());
    let Some(stats) = model
        .events
        .iter()
        .filter(|e| e.name == "DOMStats")
        .rfind(|e| {
            frame
                .as_ref()
                .is_none_or(|f| e.data()["frame"].as_str().is_none_or(|x| x == f))
        })
    else {
        insight.summary =
            "no DOMStats event in the trace (the default categories record it)".into();
        return insight;
    };
    let data = stats.data();
    let elements = data["totalElements"].as_f64().unwrap_or(0.0);
    let depth = data["maxDepth"]["depth"].as_i64().unwrap_or(0);
    let children = data["maxChildren"]["numChildren"].as_i64().unwrap_or(0);
    let deepest = data["maxDepth"]["nodeId"]
        .as_i64()
        .map(|n| model.label(n))
        .or_else(|| data["maxDepth"]["nodeName"].as_str().map(str::to_string));
    let widest = data["maxChildren"]["nodeId"]
        .as_i64()
        .map(|n| model.label(n))
        .or_else(|| data["maxChildren"]["nodeName"].as_str().map(str::to_string));
    let mut rating = rate(elements, DOM_ELEMENTS);
    if depth > DOM_DEPTH || children > DOM_CHILDREN {
        rating = rating.max_with(Rating::NeedsImprovement);
    }
    let slowest_style = model
        .events
        .iter()
        .filter(|e| e.name == "UpdateLayoutTree" && on_main(model, e))
        .map(|e| e.dur.unwrap_or(0.0))
        .fold(0.0, f64::max);
    let slowest_layout = model
        .events
        .iter()
        .filter(|e| e.name == "Layout" && on_main(model, e))
        .map(|e| e.dur.unwrap_or(0.0))
        .fold(0.0, f64::max);
    insight.rating = rating;
    insight.summary = format!(
        "{elements} elements ({}), depth {depth} at {}, widest parent {} with {children} children",
        rating.as_str(),
        deepest.as_deref().unwrap_or("?"),
        widest.as_deref().unwrap_or("?")
    );
    insight.metrics = json!({
        "elements": elements, "maxDepth": depth, "maxChildren": children,
        "slowestStyleRecalcMs": round(slowest_style / 1000.0), "slowestLayoutMs": round(slowest_layout / 1000.0),
    });
    insight.items = vec![
        json!({ "kind": "deepest", "element": deepest, "depth": depth }),
        json!({ "kind": "widest", "element": widest, "children": children }),
    ];
    insight
}

pub fn third_parties(model: &TraceModel) -> Insight {
    let mut insight = Insight::new(InsightName::ThirdParties, "Third-party cost");
    insight.thresholds = json!({ "mainThreadMs": THIRD_PARTY_MS });
    let first_party = model
        .navigation
        .as_ref()
        .map(|n| site_of(&n.url))
        .or_else(|| model.document().map(|d| site_of(&d.url)))
        .unwrap_or_default();
    #[derive(Default)]
    struct Cost {
        requests: usize,
        transfer: f64,
        main_thread_us: f64,
        origins: std::collections::BTreeSet<String>,
    }
    let mut costs: BTreeMap<String, Cost> = BTreeMap::new();
    for request in &model.requests {
        let site = site_of(&request.url);
        if site.is_empty() {
            continue;
        }
        let cost = costs.entry(site).or_default();
        cost.requests += 1;
        cost.transfer += request.encoded_bytes;
        cost.origins.insert(super::model::origin_of(&request.url));
    }
    // Script time: outermost script events on a main thread, by the site of their script.
    let mut covered_until: BTreeMap<(i64, i64), f64> = BTreeMap::new();
    for event in model.events.iter().filter(|e| {
        matches!(
            e.name.as_str(),
            "EvaluateScript" | "FunctionCall" | "v8.compile"
        ) && e.ph == "X"
            && on_main(model, e)
    }) {
        let until = covered_until.entry(event.thread()).or_insert(f64::MIN);
        if event.ts < *until {
            continue;
        }
        *until = event.end();
        let site = site_of(event.data()["url"].as_str().unwrap_or_default());
        if !site.is_empty() {
            costs.entry(site).or_default().main_thread_us += event.dur.unwrap_or(0.0);
        }
    }
    let mut third: Vec<(String, Cost)> = costs
        .into_iter()
        .filter(|(site, _)| *site != first_party)
        .collect();
    third.sort_by(|a, b| {
        b.1.main_thread_us
            .total_cmp(&a.1.main_thread_us)
            .then(b.1.transfer.total_cmp(&a.1.transfer))
    });
    let total_ms = round(third.iter().map(|(_, c)| c.main_thread_us).sum::<f64>() / 1000.0);
    let total_bytes: f64 = third.iter().map(|(_, c)| c.transfer).sum();
    insight.items = third
        .iter()
        .map(|(site, cost)| {
            json!({
                "site": site, "origins": cost.origins, "requests": cost.requests,
                "transferBytes": cost.transfer, "mainThreadMs": round(cost.main_thread_us / 1000.0),
            })
        })
        .collect();
    insight.rating = if total_ms >= THIRD_PARTY_MS {
        Rating::NeedsImprovement
    } else {
        Rating::Good
    };
    insight.summary = if third.is_empty() {
        format!("no third-party request (first party: {first_party})")
    } else {
        format!(
            "{} third-party site(s): {total_ms} ms main thread, {total_bytes} bytes; most: {}",
            third.len(),
            third[0].0
        )
    };
    insight.metrics = json!({ "firstParty": first_party, "sites": third.len(), "mainThreadMs": total_ms, "transferBytes": total_bytes });
    insight
}
