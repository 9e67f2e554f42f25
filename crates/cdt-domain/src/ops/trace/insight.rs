//! `cdt trace insight`: insights computed by cdt from the last trace (or --file): LCP and its breakdown, CLS and the shifted nodes, INP, long tasks, render-blocking requests, document latency, DOM size, third parties. See docs/insights.md for inputs, formulas and thresholds.

use super::*;
use crate::ops::prelude::*;

/// `trace.insight`: the operation (its [`OpSpec`] below).
pub struct TraceInsight;

impl Op for TraceInsight {
    type Params = TraceInsightParams;
    const SPEC: OpSpec = OpSpec {
        name: "trace.insight",
        summary: "Insights computed by cdt from the last trace (or --file): LCP and its breakdown, CLS and the shifted nodes, INP, long tasks, render-blocking requests, document latency, DOM size, third parties. See docs/insights.md for inputs, formulas and thresholds",
        default_timeout_ms: S10,
        effect: Effect::Reads,
        errors: &[E::TraceNotFound, E::IoError, E::BrowserLaunchFailed],
        examples: &[
            "cdt trace insight lcp",
            "cdt trace insight",
            "cdt trace insight long-tasks --file /tmp/load.json.gz",
            "cdt trace insight --fields insights.name,insights.summary",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::InsightArgs>(),
        ..OpSpec::DEFAULTS
    };
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

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use clap::builder::PossibleValuesParser;
    use serde::Serialize;
    use super::InsightName;
    use crate::ops::cli::given_as_is;
    #[allow(unused_imports)]
    use crate::ops::trace::args::*;

#[derive(Debug, Args, Serialize)]
    pub struct InsightArgs {
        /// One insight (default: all).
        #[arg(value_name = "NAME", value_parser = PossibleValuesParser::new(InsightName::ALL.map(InsightName::as_str)))]
        pub name: Option<String>,
        /// Analyse this trace file instead of the context's last trace.
        #[arg(long, value_name = "PATH")]
        pub file: Option<String>,
    }

    given_as_is!(InsightArgs);
}
