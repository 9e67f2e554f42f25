//! Parameters of performance traces and their insights (SPEC §6.9).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

resource_operations! { $ trace_operations(trace);
    TraceStart = start,
    TraceStop = stop,
    TraceInsight = insight,
}

/// The insights cdt computes from a trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum InsightName {
    /// Largest Contentful Paint, its element and breakdown.
    Lcp,
    /// Cumulative Layout Shift and the shifting nodes.
    Cls,
    /// Interaction to Next Paint and the slowest interactions.
    Inp,
    /// Main-thread tasks over 50 ms, with what ran in them.
    LongTasks,
    /// Requests that blocked the first render.
    RenderBlocking,
    /// The main document: redirects, server time, compression.
    DocumentLatency,
    /// Element count, depth and widest parent.
    DomSize,
    /// Transfer size and main-thread time by third-party origin.
    ThirdParties,
}

impl InsightName {
    pub const ALL: [InsightName; 8] = [
        InsightName::Lcp,
        InsightName::Cls,
        InsightName::Inp,
        InsightName::LongTasks,
        InsightName::RenderBlocking,
        InsightName::DocumentLatency,
        InsightName::DomSize,
        InsightName::ThirdParties,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            InsightName::Lcp => "lcp",
            InsightName::Cls => "cls",
            InsightName::Inp => "inp",
            InsightName::LongTasks => "long-tasks",
            InsightName::RenderBlocking => "render-blocking",
            InsightName::DocumentLatency => "document-latency",
            InsightName::DomSize => "dom-size",
            InsightName::ThirdParties => "third-parties",
        }
    }
}

/// The flags several `trace` commands share.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use clap::Args;

    use serde::Serialize;

    use crate::ops::cli::{given_as_is, is_false};

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct StartArgs {
        /// The page (default: the current page).
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
        /// Reload the page once recording runs.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub reload: bool,
        /// Categories replacing the default set (comma-separated).
        #[arg(long, value_delimiter = ',', value_name = "CATS")]
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub categories: Vec<String>,
        /// Record screenshots too (bigger file).
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub screenshots: bool,
        /// Stop by itself 1 s after the page's load event and answer as `trace stop` does.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub auto_stop: bool,
        /// With --auto-stop: where to write the trace (.json, or .json.gz to gzip).
        #[arg(long, value_name = "PATH", requires = "auto_stop")]
        pub file: Option<String>,
    }

    given_as_is!(StartArgs);
}

/// How a measured value compares with its thresholds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Rating {
    Good,
    NeedsImprovement,
    Poor,
    /// Nothing to rate (e.g. no interaction was recorded).
    NotApplicable,
}

impl Rating {
    /// The worse of two ratings.
    pub fn max_with(self, other: Rating) -> Rating {
        let rank = |r: Rating| match r {
            Rating::NotApplicable | Rating::Good => 0,
            Rating::NeedsImprovement => 1,
            Rating::Poor => 2,
        };
        if rank(other) > rank(self) {
            other
        } else {
            self
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Rating::Good => "good",
            Rating::NeedsImprovement => "needs improvement",
            Rating::Poor => "poor",
            Rating::NotApplicable => "not applicable",
        }
    }
}

/// One insight of a trace: a name, a rating against published thresholds, a one-line summary,
/// numbers with their unit in the key (`…Ms`, `…Bytes`), and the offending items.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Insight {
    pub name: InsightName,
    pub title: String,
    pub rating: Rating,
    pub summary: String,
    pub metrics: serde_json::Value,
    /// The offending resources, nodes, tasks or interactions.
    pub items: Vec<serde_json::Value>,
    pub thresholds: serde_json::Value,
}

impl Insight {
    pub fn new(name: InsightName, title: &'static str) -> Insight {
        Insight {
            name,
            title: title.to_string(),
            rating: Rating::NotApplicable,
            summary: String::new(),
            metrics: serde_json::Value::Null,
            items: Vec::new(),
            thresholds: serde_json::Value::Null,
        }
    }
}

/// An insight in `trace stop`'s reply: which, how it rates, and its line.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct InsightSummary {
    pub name: InsightName,
    pub rating: Rating,
    pub summary: String,
}

/// `trace stop`'s reply: the trace written, and what it shows.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TraceStopReply {
    /// The trace file (DevTools' Performance panel loads it).
    pub file: String,
    pub bytes: u64,
    pub gzip: bool,
    /// Trace events recorded.
    pub events: usize,
    pub duration_ms: f64,
    pub insights: Vec<InsightSummary>,
    /// With `--reload --auto-stop`: where the reload led.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reloaded: Option<Reloaded>,
}

/// Where a traced reload led.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Reloaded {
    pub url: String,
    pub title: String,
}

/// `trace start`'s reply: recording (or, with `--auto-stop`, the stopped trace).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum TraceStartReply {
    Recording(TraceRecording),
    Stopped(TraceStopReply),
}

/// A trace being recorded.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct TraceRecording {
    pub tracing: bool,
    pub page: crate::page::PageId,
    /// Trace categories recorded.
    pub categories: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reloaded: Option<Reloaded>,
}

/// `trace insight`'s reply: the insights of a trace, in full.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct TraceInsightReply {
    pub file: String,
    pub insights: Vec<Insight>,
}
