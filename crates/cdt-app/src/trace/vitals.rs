//! The Core Web Vitals of a trace: LCP with its breakdown and element, CLS with the shifting
//! nodes, INP with the slowest interactions. Thresholds are web.dev's (see `docs/insights.md`).

use serde_json::{Value, json};

use super::insight::{Insight, Rating, rate};
use super::model::{TraceModel, round};
use cdt_domain::ops::InsightName;

/// web.dev: LCP good ≤ 2.5 s, poor > 4 s.
pub const LCP_MS: (f64, f64) = (2500.0, 4000.0);
/// web.dev: CLS good ≤ 0.1, poor > 0.25.
pub const CLS: (f64, f64) = (0.1, 0.25);
/// web.dev: INP good ≤ 200 ms, poor > 500 ms.
pub const INP_MS: (f64, f64) = (200.0, 500.0);

pub fn lcp(model: &TraceModel) -> Insight {
    let mut insight = Insight::new(InsightName::Lcp, "Largest Contentful Paint");
    insight.thresholds = json!({ "goodMs": LCP_MS.0, "poorMs": LCP_MS.1 });
    let Some(candidate) = model
        .of_navigation("largestContentfulPaint::Candidate")
        .filter(|e| e.data()["isOutermostMainFrame"] != false)
        .last()
    else {
        insight.summary =
            "no LCP candidate in the trace (record a page load: cdt trace start --reload)".into();
        return insight;
    };
    let data = candidate.data();
    let node = data["nodeId"].as_i64().unwrap_or(-1);
    let element = model.label(node);
    let kind = data["type"].as_str().unwrap_or("unknown").to_string();
    let lcp_ms = model.ms(candidate.ts);
    let image_url = model
        .events
        .iter()
        .filter(|e| e.name == "LargestImagePaint::Candidate" && e.data()["DOMNodeId"] == node)
        .filter_map(|e| e.data()["imageUrl"].as_str())
        .next_back()
        .map(str::to_string);
    let document = model.document();
    let ttfb = document.and_then(|d| d.response_start).map(|t| model.ms(t));
    let resource = image_url
        .as_deref()
        .and_then(|url| model.requests.iter().find(|r| r.url == url));
    let mut breakdown = json!({ "ttfbMs": ttfb });
    match (ttfb, resource) {
        (Some(ttfb), Some(request)) => {
            let start = model.ms(request.start).max(ttfb);
            let end = request.finish.map_or(start, |f| model.ms(f)).max(start);
            breakdown["loadDelayMs"] = json!(round(start - ttfb));
            breakdown["loadDurationMs"] = json!(round(end - start));
            breakdown["renderDelayMs"] = json!(round((lcp_ms - end).max(0.0)));
        }
        (Some(ttfb), None) => {
            breakdown["renderDelayMs"] = json!(round((lcp_ms - ttfb).max(0.0)));
        }
        _ => {}
    }
    insight.rating = rate(lcp_ms, LCP_MS);
    insight.summary = format!(
        "LCP {lcp_ms} ms ({}) on {element}{}",
        insight.rating.as_str(),
        image_url
            .as_deref()
            .map(|u| format!(" loading {u}"))
            .unwrap_or_default()
    );
    insight.metrics = json!({
        "lcpMs": lcp_ms, "type": kind, "element": element, "nodeId": node, "size": data["size"],
        "url": image_url, "breakdown": breakdown,
    });
    if let Some(request) = resource {
        insight.items.push(json!({
            "url": request.url, "startMs": model.ms(request.start),
            "endMs": request.finish.map(|f| model.ms(f)), "transferBytes": request.encoded_bytes,
        }));
    }
    insight
}

/// One layout shift that counts (no recent input).
struct Shift {
    ts: f64,
    score: f64,
    nodes: Vec<(i64, Value, Value)>,
}

pub fn cls(model: &TraceModel) -> Insight {
    let mut insight = Insight::new(InsightName::Cls, "Cumulative Layout Shift");
    insight.thresholds = json!({ "good": CLS.0, "poor": CLS.1 });
    let shifts: Vec<Shift> = model
        .events
        .iter()
        .filter(|e| e.name == "LayoutShift" && e.ts >= model.origin_ts)
        .filter(|e| e.data()["had_recent_input"] != true)
        .map(|e| {
            let data = e.data();
            Shift {
                ts: e.ts,
                score: data["weighted_score_delta"]
                    .as_f64()
                    .or_else(|| data["score"].as_f64())
                    .unwrap_or(0.0),
                nodes: data["impacted_nodes"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|n| {
                        Some((
                            n["node_id"].as_i64()?,
                            n["old_rect"].clone(),
                            n["new_rect"].clone(),
                        ))
                    })
                    .collect(),
            }
        })
        .collect();
    // Session windows: shifts less than 1 s apart, a window at most 5 s long; CLS is the
    // largest window's sum (web.dev "Evolving CLS").
    let mut windows: Vec<(usize, usize, f64)> = Vec::new();
    for (index, shift) in shifts.iter().enumerate() {
        match windows.last_mut() {
            Some((start, end, sum))
                if shift.ts - shifts[*end].ts < 1_000_000.0
                    && shift.ts - shifts[*start].ts < 5_000_000.0 =>
            {
                *end = index;
                *sum += shift.score;
            }
            _ => windows.push((index, index, shift.score)),
        }
    }
    let worst = windows.iter().max_by(|a, b| a.2.total_cmp(&b.2)).copied();
    let cls = worst.map_or(0.0, |w| w.2);
    let cls_rounded = (cls * 10_000.0).round() / 10_000.0;
    insight.rating = rate(cls, CLS);
    if let Some((start, end, _)) = worst {
        for shift in &shifts[start..=end] {
            for (node, old, new) in &shift.nodes {
                insight.items.push(json!({
                    "element": model.label(*node), "nodeId": node, "atMs": model.ms(shift.ts),
                    "score": (shift.score * 10_000.0).round() / 10_000.0, "oldRect": old, "newRect": new,
                }));
            }
        }
    }
    let culprits: Vec<String> = insight
        .items
        .iter()
        .filter_map(|i| i["element"].as_str().map(str::to_string))
        .collect();
    insight.summary = if shifts.is_empty() {
        "no layout shift".into()
    } else {
        format!(
            "CLS {cls_rounded} ({}); shifted: {}",
            insight.rating.as_str(),
            culprits.join(", ")
        )
    };
    insight.metrics = json!({
        "cls": cls_rounded, "shifts": shifts.len(), "windows": windows.len(),
        "worstWindowMs": worst.map(|(s, e, _)| json!({ "startMs": model.ms(shifts[s].ts), "endMs": model.ms(shifts[e].ts) })),
    });
    insight
}

pub fn inp(model: &TraceModel) -> Insight {
    let mut insight = Insight::new(InsightName::Inp, "Interaction to Next Paint");
    insight.thresholds = json!({ "goodMs": INP_MS.0, "poorMs": INP_MS.1 });
    // The events of one interaction (pointerdown, pointerup, click share an id) are merged as
    // DevTools does: input delay up to the first handler, processing from the first handler's
    // start to the last one's end, presentation from there to the next paint.
    #[derive(Default)]
    struct Merged {
        id: i64,
        at: f64,
        stamp: f64,
        start: f64,
        end: f64,
        finish: f64,
        duration: f64,
        kind: String,
        node: i64,
    }
    let mut merged: Vec<Merged> = Vec::new();
    for event in model
        .events
        .iter()
        .filter(|e| e.name == "EventTiming" && e.ph == "b")
    {
        let data = event.data();
        let id = data["interactionId"].as_i64().unwrap_or(0);
        if id == 0 {
            continue;
        }
        let number = |key: &str| data[key].as_f64().unwrap_or(0.0);
        let (stamp, duration) = (number("timeStamp"), number("duration"));
        let kind = data["type"].as_str().unwrap_or("").to_string();
        let node = data["nodeId"].as_i64().unwrap_or(0);
        match merged.iter_mut().find(|m| m.id == id) {
            Some(m) => {
                m.stamp = m.stamp.min(stamp);
                m.start = m.start.min(number("processingStart"));
                m.end = m.end.max(number("processingEnd"));
                m.finish = m.finish.max(stamp + duration);
                m.duration = m.duration.max(duration);
                if matches!(kind.as_str(), "click" | "keydown" | "keypress") {
                    m.kind = kind;
                }
                if m.node <= 0 {
                    m.node = node;
                }
            }
            None => merged.push(Merged {
                id,
                at: event.ts,
                stamp,
                start: number("processingStart"),
                end: number("processingEnd"),
                finish: stamp + duration,
                duration,
                kind,
                node,
            }),
        }
    }
    let mut interactions: Vec<Value> = merged
        .iter()
        .map(|m| {
            json!({
                "interactionId": m.id, "type": m.kind, "durationMs": round(m.duration),
                "atMs": model.ms(m.at),
                "inputDelayMs": round(m.start - m.stamp), "processingMs": round(m.end - m.start),
                "presentationDelayMs": round((m.finish - m.end).max(0.0)),
                "element": (m.node > 0).then(|| model.label(m.node)),
            })
        })
        .collect();
    if interactions.is_empty() {
        insight.rating = Rating::NotApplicable;
        insight.summary = "no interaction in the trace (click or type while tracing)".into();
        return insight;
    }
    interactions.sort_by(|a, b| {
        b["durationMs"]
            .as_f64()
            .unwrap_or(0.0)
            .total_cmp(&a["durationMs"].as_f64().unwrap_or(0.0))
    });
    // web.dev: with many interactions, ignore the worst one per 50.
    let skip = (interactions.len() / 50).min(interactions.len() - 1);
    let inp = interactions[skip]["durationMs"].as_f64().unwrap_or(0.0);
    insight.rating = rate(inp, INP_MS);
    insight.summary = format!(
        "INP {inp} ms ({}) over {} interaction(s); slowest: {} on {}",
        insight.rating.as_str(),
        interactions.len(),
        interactions[skip]["type"].as_str().unwrap_or("?"),
        interactions[skip]["element"]
            .as_str()
            .unwrap_or("an unknown element")
    );
    insight.metrics = json!({ "inpMs": inp, "interactions": interactions.len() });
    insight.items = interactions.into_iter().take(5).collect();
    insight
}
