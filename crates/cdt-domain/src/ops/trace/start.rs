//! `cdt trace start`: start recording a performance trace of the page (--reload: of a fresh page load).

use super::*;
use crate::ops::prelude::*;

/// `trace.start`: the operation (its [`OpSpec`] below).
pub struct TraceStart;

impl Op for TraceStart {
    type Params = TraceStartParams;
    type Reply = TraceStartReply;
    const SPEC: OpSpec = OpSpec {
        name: "trace.start",
        summary: "Start recording a performance trace of the page (--reload: of a fresh page load)",
        default_timeout_ms: S30,
        effect: Effect::Changes,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::TraceAlreadyRunning, E::DialogBlocking, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt trace start --reload",
            "cdt trace start --page 2 --screenshots",
            "cdt trace start --categories devtools.timeline,loading,blink.user_timing",
            "cdt trace start --reload --auto-stop --file /tmp/load.json.gz",
        ],
        tools: &[Tool::of::<StartTrace>("performance_start_trace", ToolFamily::DevTools, "Start a performance trace of the page.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::StartArgs>(),
        ..OpSpec::DEFAULTS
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

/// `performance_start_trace`.
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

impl ToolShape for StartTrace {
    fn operation(self) -> Result<Operation, CdtError> {
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
