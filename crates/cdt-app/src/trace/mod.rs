//! Performance traces (SPEC §6.9): `start` records a Chrome trace of a page (optionally
//! reloading it), `stop` writes it where DevTools' Performance panel and Perfetto can load it
//! (with labels of the DOM nodes it names added to its metadata), and `insight` computes the
//! insights from the trace events — cdt's own code, in [`vitals`] and [`load`].

pub mod document;
pub mod insight;
pub mod load;
pub mod model;
#[cfg(test)]
mod tests;
pub mod vitals;

use std::path::{Path, PathBuf};

use cdt_domain::ops::op;
use cdt_domain::ops::{
    InsightName, InsightSummary, Reloaded, TraceInsightParams, TraceInsightReply, TraceRecording,
    TraceStartParams, TraceStartReply, TraceStopParams, TraceStopReply,
};
use cdt_domain::{CdtError, ErrorCode, WaitUntil};
use serde_json::{Map, Value, json};
use tokio::time::Instant;

use crate::context::Scope;
use crate::dispatch::use_case;
use insight::Insight;
use model::TraceModel;

use_case!(TraceStart, |scope, params, until| start(
    scope, &params, until
)
.await);
use_case!(TraceStop, |scope, params, until| stop(
    scope, &params, until
)
.await);
use_case!(TraceInsight, |scope, params, until| insight(
    scope, &params, until
)
.await);

/// The DevTools Performance panel's categories (without screenshots, which `--screenshots`
/// adds): enough for its flame chart, network track and every insight cdt computes.
pub const DEFAULT_CATEGORIES: &[&str] = &[
    "blink.console",
    "blink.user_timing",
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame",
    "disabled-by-default-devtools.timeline.stack",
    "disabled-by-default-devtools.timeline.invalidationTracking",
    "disabled-by-default-v8.cpu_profiler",
    "disabled-by-default-lighthouse",
    "latencyInfo",
    "loading",
    "v8.execute",
    "v8",
];

const SCREENSHOTS: &str = "disabled-by-default-devtools.screenshot";

/// The file in a context's trace directory naming its last trace.
pub const LATEST: &str = "latest";

/// Every insight of a model, or one.
pub fn insights(model: &TraceModel, name: Option<InsightName>) -> Vec<Insight> {
    let compute = |name: InsightName| match name {
        InsightName::Lcp => vitals::lcp(model),
        InsightName::Cls => vitals::cls(model),
        InsightName::Inp => vitals::inp(model),
        InsightName::LongTasks => load::long_tasks(model),
        InsightName::RenderBlocking => load::render_blocking(model),
        InsightName::DocumentLatency => load::document_latency(model),
        InsightName::DomSize => load::dom_size(model),
        InsightName::ThirdParties => load::third_parties(model),
    };
    match name {
        Some(name) => vec![compute(name)],
        None => InsightName::ALL.into_iter().map(compute).collect(),
    }
}

/// DOM nodes the insights name (LCP element, shifted nodes, interaction targets).
pub fn referenced_nodes(model: &TraceModel) -> Vec<i64> {
    let mut nodes: Vec<i64> = Vec::new();
    for event in &model.events {
        let data = event.data();
        match event.name.as_str() {
            "largestContentfulPaint::Candidate" | "EventTiming" => {
                nodes.extend(data["nodeId"].as_i64());
            }
            "LayoutShift" => nodes.extend(
                data["impacted_nodes"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|n| n["node_id"].as_i64()),
            ),
            "DOMStats" => {
                nodes.extend(data["maxDepth"]["nodeId"].as_i64());
                nodes.extend(data["maxChildren"]["nodeId"].as_i64());
            }
            _ => {}
        }
    }
    nodes.sort_unstable();
    nodes.dedup();
    nodes.truncate(500);
    nodes
}

pub async fn start(
    scope: &Scope<'_>,
    params: &TraceStartParams,
    until: Instant,
) -> Result<TraceStartReply, CdtError> {
    // A bad file name is refused before anything records.
    let stop_params = TraceStopParams {
        file: params.file.clone(),
    };
    if let Some(file) = params.file.as_deref() {
        trace_file(file)?;
    }
    let ctx = scope.page(params.page, until).await?;
    ctx.no_dialog()?;
    let (slot, browser, page, target) = (&ctx.slot, &ctx.browser, ctx.page, &ctx.target);
    let mut categories: Vec<String> = if params.categories.is_empty() {
        DEFAULT_CATEGORIES.iter().map(|c| c.to_string()).collect()
    } else {
        params.categories.clone()
    };
    if params.screenshots && !categories.iter().any(|c| c == SCREENSHOTS) {
        categories.push(SCREENSHOTS.to_string());
    }
    if categories
        .iter()
        .any(|c| c.trim().is_empty() || c.contains(char::is_whitespace))
    {
        return Err(CdtError::validation(
            "trace categories must be non-empty names without spaces",
        )
        .hinted("Example: --categories devtools.timeline,loading"));
    }
    // A hidden page paints nothing to record.
    ctx.to_front().await?;
    browser.start_trace(target, &categories).await?;
    let mut reply = TraceRecording {
        tracing: true,
        page,
        categories: categories.len(),
        reloaded: None,
    };
    if params.reload {
        let _mutating = crate::mutation::lock_page(
            slot,
            browser.as_ref(),
            page,
            target,
            crate::mutation::Dialogs::Refuse,
        )
        .await?;
        match browser.reload(target, false, WaitUntil::Load).await {
            Ok(outcome) => {
                reply.reloaded = Some(Reloaded {
                    url: outcome.url,
                    title: outcome.title,
                })
            }
            Err(error) => {
                // Leave nothing recording behind a failed start.
                let _ = browser.stop_trace().await;
                return Err(error);
            }
        }
    }
    if params.auto_stop {
        // Let the loaded page settle (late paints, layout shifts, idle tasks), within budget.
        let settle = Instant::now() + AUTO_STOP_SETTLE;
        tokio::time::sleep_until(settle.min(until)).await;
        let mut stopped = stop(scope, &stop_params, until).await?;
        stopped.reloaded = reply.reloaded;
        return Ok(TraceStartReply::Stopped(stopped));
    }
    Ok(TraceStartReply::Recording(reply))
}

/// How long `trace start --auto-stop` keeps recording after the load it waited for.
const AUTO_STOP_SETTLE: std::time::Duration = std::time::Duration::from_secs(1);

/// Checks a caller-named trace file: absolute, `.json` or `.gz`.
fn trace_file(file: &str) -> Result<PathBuf, CdtError> {
    let path = PathBuf::from(file);
    if !path.is_absolute() {
        return Err(
            CdtError::validation(format!("--file {file:?} must be an absolute path"))
                .hinted(format!("Use e.g. --file /tmp/{}", path.display())),
        );
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    if !(name.ends_with(".json") || name.ends_with(".json.gz") || name.ends_with(".gz")) {
        return Err(
            CdtError::validation(format!("--file {file:?} must end in .json or .json.gz"))
                .hinted("Use e.g. --file /tmp/trace.json.gz (gzipped) or /tmp/trace.json"),
        );
    }
    Ok(path)
}

pub async fn stop(
    scope: &Scope<'_>,
    params: &TraceStopParams,
    until: Instant,
) -> Result<TraceStopReply, CdtError> {
    let file = params.file.as_deref().map(trace_file).transpose()?;
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let browser = slot.live_browser()?;
    let target = browser.tracing().ok_or_else(|| {
        CdtError::new(
            ErrorCode::TraceNotRunning,
            "no trace is being recorded in this context",
        )
        .run::<op::TraceStart>("--reload")
    })?;
    let bytes = browser.stop_trace().await?;
    let mut model = TraceModel::parse(&bytes)?;
    let labels = browser
        .describe_nodes(&target, &referenced_nodes(&model))
        .await
        .unwrap_or_default();
    for (node, label) in &labels {
        model.nodes.insert(*node, label.clone());
    }
    let mut extra = Map::new();
    extra.insert("source".into(), json!("cdt"));
    extra.insert("cdtVersion".into(), json!(cdt_domain::CDT_VERSION));
    extra.insert(
        "startTime".into(),
        json!(cdt_domain::time::iso8601(scope.now() as f64)),
    );
    extra.insert(
        "cdtNodes".into(),
        Value::Object(
            labels
                .iter()
                .map(|(k, v)| (k.to_string(), json!(v)))
                .collect(),
        ),
    );
    let emulation = browser.emulation();
    if !emulation.is_empty() {
        extra.insert("cdtEmulation".into(), json!(emulation));
    }
    if let Some(rate) = emulation.cpu {
        extra.insert("cpuThrottling".into(), json!(rate));
    }
    let document = document::with_metadata(&bytes, extra)?;
    let path = match file {
        Some(path) => path,
        None => {
            let stamp = cdt_domain::time::iso8601(scope.now() as f64).replace([':', '.'], "-");
            scope
                .store()
                .trace_dir(scope.key())?
                .join(format!("trace-{stamp}.json.gz"))
        }
    };
    // `trace insight` without --file reads the last trace, wherever it was written.
    let pointer = scope.store().trace_dir(scope.key())?.join(LATEST);
    let store = scope.store().clone();
    let (path, written) = crate::blocking::run(move || {
        let written = store.write_trace(&path, &document)?;
        store.write_file(&pointer, path.to_string_lossy().as_bytes())?;
        Ok((path, written))
    })
    .await?;
    let span = model
        .events
        .iter()
        .filter(|e| e.ts > 0.0)
        .fold((f64::MAX, f64::MIN), |(low, high), e| {
            (low.min(e.ts), high.max(e.end()))
        });
    let summaries = insights(&model, None)
        .into_iter()
        .map(|i| InsightSummary {
            name: i.name,
            rating: i.rating,
            summary: i.summary,
        })
        .collect();
    Ok(TraceStopReply {
        file: path.display().to_string(),
        bytes: written,
        gzip: is_gzip(&path),
        events: model.events.len(),
        duration_ms: model::round(((span.1 - span.0) / 1000.0).max(0.0)),
        insights: summaries,
        reloaded: None,
    })
}

fn is_gzip(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("gz"))
}

pub async fn insight(
    scope: &Scope<'_>,
    params: &TraceInsightParams,
    _until: Instant,
) -> Result<TraceInsightReply, CdtError> {
    let path = match params.file.as_deref() {
        Some(file) => trace_file(file)?,
        None => scope.store().latest_trace(scope.key()).ok_or_else(|| {
            CdtError::new(
                ErrorCode::TraceNotFound,
                "this context has no recorded trace",
            )
            .run_then::<op::TraceStart>("--reload", ", then cdt trace stop")
            .hinted("Or analyse a file: cdt trace insight --file /path/trace.json.gz")
        })?,
    };
    // Reading, decompressing and parsing a trace is disk and CPU work: off the async threads.
    let store = scope.store().clone();
    let name = params.name;
    let (path, computed) = crate::blocking::run(move || {
        let model = TraceModel::parse(&store.read_trace(&path)?)?;
        Ok((path, insights(&model, name)))
    })
    .await?;
    Ok(TraceInsightReply {
        file: path.display().to_string(),
        insights: computed,
    })
}
