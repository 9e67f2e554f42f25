//! `cdt trace insight`: insights computed by cdt from the last trace (or --file): LCP and its breakdown, CLS and the shifted nodes, INP, long tasks, render-blocking requests, document latency, DOM size, third parties. See docs/insights.md for inputs, formulas and thresholds.

use super::*;
use crate::ops::prelude::*;

/// `trace.insight`: the operation (its [`OpSpec`] below).
pub struct TraceInsight;

impl Op for TraceInsight {
    type Params = TraceInsightParams;
    type Reply = TraceInsightReply;
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
        tools: &[Tool::of::<AnalyzeInsight>("performance_analyze_insight", ToolFamily::DevTools, "One insight of the last trace in detail: numbers, resources, nodes.")],
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

/// `performance_analyze_insight`: cdt's insight names or DevTools' ones.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AnalyzeInsight {
    /// lcp, cls, inp, long-tasks, render-blocking, document-latency, dom-size, third-parties
    /// or a DevTools name (LCPBreakdown, …).
    pub insight_name: String,
    /// Ignored (one set per trace).
    #[serde(default)]
    #[allow(dead_code)] // accepted so DevTools-shaped calls pass; there is one set to pick
    pub insight_set_id: Option<String>,
}

impl ToolShape for AnalyzeInsight {
    fn operation(self) -> Result<Operation, CdtError> {
        let wanted = self.insight_name.trim();
        let name = match wanted {
            "LCPBreakdown" | "LCPPhases" | "LCPDiscovery" => Some(InsightName::Lcp),
            "CLSCulprits" => Some(InsightName::Cls),
            "INPBreakdown" | "InteractionToNextPaint" => Some(InsightName::Inp),
            "RenderBlocking" => Some(InsightName::RenderBlocking),
            "DocumentLatency" => Some(InsightName::DocumentLatency),
            "DOMSize" => Some(InsightName::DomSize),
            "ThirdParties" => Some(InsightName::ThirdParties),
            _ => InsightName::ALL
                .into_iter()
                .find(|n| n.as_str().eq_ignore_ascii_case(wanted)),
        };
        let Some(name) = name else {
            let known: Vec<&str> = InsightName::ALL.iter().map(|n| n.as_str()).collect();
            return Err(CdtError::validation(format!("no insight named {wanted:?}"))
                .with_details(serde_json::json!({ "known": known }))
                .hinted(format!("Use one of: {}", known.join(", "))));
        };
        Ok(Operation::TraceInsight(TraceInsightParams {
            name: Some(name),
            file: None,
        }))
    }
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
