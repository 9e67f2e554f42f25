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
