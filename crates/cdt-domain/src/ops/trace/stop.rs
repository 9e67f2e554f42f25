//! `cdt trace stop`: stop recording and write the trace (Chrome JSON; gzipped when the name ends in .gz) for DevTools' Performance panel or Perfetto; prints a one-line summary per insight.

use super::*;
use crate::ops::prelude::*;

/// `trace.stop`: the operation (its [`OpSpec`] below).
pub struct TraceStop;

impl Op for TraceStop {
    type Params = TraceStopParams;
    type Reply = TraceStopReply;
    const SPEC: OpSpec = OpSpec {
        name: "trace.stop",
        summary: "Stop recording and write the trace (Chrome JSON; gzipped when the name ends in .gz) for DevTools' Performance panel or Perfetto; prints a one-line summary per insight",
        default_timeout_ms: S30,
        effect: Effect::Changes,
        errors: &[E::TraceNotRunning, E::IoError, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt trace stop --file /tmp/load.json.gz",
            "cdt trace stop",
            "cdt trace stop --file ./load.json",
        ],
        note: "Default file: <CDT_HOME>/contexts/<hash>/trace/trace-<time>.json.gz",
        tools: &[Tool::of::<StopTrace>("performance_stop_trace", ToolFamily::DevTools, "Stop the trace, save it; returns insight summaries.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::StopArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TraceStopParams {
    /// Where to write the trace (absolute path; `.json`, or `.json.gz` to gzip it). Default:
    /// the context's `trace/` directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

/// `performance_stop_trace`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StopTrace {
    /// .json or .json.gz file.
    #[serde(default)]
    pub file_path: Option<String>,
}

impl ToolShape for StopTrace {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::TraceStop(TraceStopParams {
            file: self.file_path,
        }))
    }
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    
    use serde::Serialize;
    
    use crate::ops::cli::given_as_is;
    #[allow(unused_imports)]
    use crate::ops::trace::args::*;

#[derive(Debug, Args, Serialize)]
    pub struct StopArgs {
        /// Where to write the trace (.json, or .json.gz to gzip).
        #[arg(long, value_name = "PATH")]
        pub file: Option<String>,
    }

    given_as_is!(StopArgs);
}
