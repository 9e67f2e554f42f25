//! Performance traces: `performance_start_trace`, `performance_stop_trace`, `performance_analyze_insight`.

use super::*;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StartTrace {
    /// Reload the page once recording runs.
    #[serde(default)]
    pub reload: bool,
    /// Stop 1 s after load and return the insights.
    #[serde(default)]
    pub auto_stop: bool,
    /// With autoStop: .json or .json.gz file.
    #[serde(default)]
    pub file_path: Option<String>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl StartTrace {
    pub fn op(self) -> Result<Operation, CdtError> {
        if self.file_path.is_some() && !self.auto_stop {
            return Err(CdtError::validation("filePath is used only with autoStop")
                .hinted("Pass filePath to performance_stop_trace, or set autoStop: true"));
        }
        Ok(Operation::TraceStart(TraceStartParams {
            page: self.page,
            reload: self.reload,
            auto_stop: self.auto_stop,
            file: self.file_path,
            ..TraceStartParams::default()
        }))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StopTrace {
    /// .json or .json.gz file.
    #[serde(default)]
    pub file_path: Option<String>,
}

impl StopTrace {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::TraceStop(TraceStopParams {
            file: self.file_path,
        }))
    }
}

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

impl AnalyzeInsight {
    pub fn op(self) -> Result<Operation, CdtError> {
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
