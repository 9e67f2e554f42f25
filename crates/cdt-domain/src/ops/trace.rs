//! Parameters of performance traces and their insights (SPEC §6.9).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The `trace` operations: their entries in the operation table (see `ops::operations!`).
macro_rules! trace_operations {
    ($then:ident [$($table:tt)*] $($rest:ident)*) => {
        $then! { [$($table)*
        /// Start recording a performance trace of the page (--reload: of a fresh page load)
        TraceStart = "trace.start" (TraceStartParams, trace::args::StartArgs), S30, [PageNotFound, NoCurrentPage, TraceAlreadyRunning, DialogBlocking, BrowserLaunchFailed, CdpDisconnected],
            ["cdt trace start --reload", "cdt trace start --page 2 --screenshots", "cdt trace start --categories devtools.timeline,loading,blink.user_timing", "cdt trace start --reload --auto-stop --file /tmp/load.json.gz"];
        /// Stop recording and write the trace (Chrome JSON; gzipped when the name ends in .gz) for DevTools' Performance panel or Perfetto; prints a one-line summary per insight
        TraceStop = "trace.stop" (TraceStopParams, trace::args::StopArgs), S30, [TraceNotRunning, IoError, BrowserLaunchFailed, CdpDisconnected],
            ["cdt trace stop --file /tmp/load.json.gz", "cdt trace stop", "cdt trace stop --file ./load.json"]
            "Default file: <CDT_HOME>/contexts/<hash>/trace/trace-<time>.json.gz";
        /// Insights computed by cdt from the last trace (or --file): LCP and its breakdown, CLS and the shifted nodes, INP, long tasks, render-blocking requests, document latency, DOM size, third parties. See docs/insights.md for inputs, formulas and thresholds
        TraceInsight = "trace.insight" (TraceInsightParams, trace::args::InsightArgs), S10, [TraceNotFound, IoError, BrowserLaunchFailed],
            ["cdt trace insight lcp", "cdt trace insight", "cdt trace insight long-tasks --file /tmp/load.json.gz", "cdt trace insight --fields insights.name,insights.summary"];
        ] $($rest)* }
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TraceStartParams {
    /// The page to trace (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// Reload the page once tracing runs, so the trace covers a whole page load.
    #[serde(default)]
    pub reload: bool,
    /// Trace categories replacing cdt's default set (the DevTools Performance panel's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<String>,
    /// Also record screenshots (bigger trace).
    #[serde(default)]
    pub screenshots: bool,
    /// Stop by itself once the page has loaded and settled (1 s after `load`), and answer as
    /// `trace stop` does: the file and the insights.
    #[serde(default)]
    pub auto_stop: bool,
    /// With `autoStop`: where to write the trace (as `trace stop --file`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TraceStopParams {
    /// Where to write the trace (absolute path; `.json`, or `.json.gz` to gzip it). Default:
    /// the context's `trace/` directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
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

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TraceInsightParams {
    /// One insight (default: all of them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<InsightName>,
    /// Analyse this trace file (absolute path, `.json` or `.json.gz`) instead of the
    /// context's last trace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

/// The flags of `cdt trace …`.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use clap::Args;
    use clap::builder::PossibleValuesParser;
    use serde::Serialize;

    use super::InsightName;
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

    #[derive(Debug, Args, Serialize)]
    pub struct StopArgs {
        /// Where to write the trace (.json, or .json.gz to gzip).
        #[arg(long, value_name = "PATH")]
        pub file: Option<String>,
    }

    #[derive(Debug, Args, Serialize)]
    pub struct InsightArgs {
        /// One insight (default: all).
        #[arg(value_name = "NAME", value_parser = PossibleValuesParser::new(InsightName::ALL.map(InsightName::as_str)))]
        pub name: Option<String>,
        /// Analyse this trace file instead of the context's last trace.
        #[arg(long, value_name = "PATH")]
        pub file: Option<String>,
    }

    given_as_is!(StartArgs, StopArgs, InsightArgs);
}
