//! `cdt page wait-download`: wait for the next download to finish and report it.

use crate::ops::prelude::*;

/// `page.wait-download`: the operation (its [`OpSpec`] below).
pub struct PageWaitDownload;

impl Op for PageWaitDownload {
    type Params = WaitDownloadParams;
    type Reply = WaitDownloadReply;
    const SPEC: OpSpec = OpSpec {
        name: "page.wait-download",
        summary: "Wait for the next download to finish; report its file, URL, size and type",
        default_timeout_ms: S30,
        effect: Effect::Reads,
        errors: &[E::CdpDisconnected, E::IoError],
        examples: &[
            "cdt page wait-download",
            "cdt page wait-download --timeout 60000",
            "cdt page wait-download --dir /tmp/reports",
        ],
        note: "The next download is the oldest one not yet reported, by an earlier wait-download or finished in an action's feedback (one started before this call counts: click first, then wait). A canceled download is reported with state `canceled`.",
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::WaitDownloadArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WaitDownloadParams {
    /// Move the finished file into this directory (absolute; created if missing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dir: Option<String>,
}

#[cfg(feature = "cli")]
mod args {
    use clap::Args;
    use serde::Serialize;

    use crate::ops::cli::given_as_is;

    #[derive(Debug, Args, Serialize)]
    pub struct WaitDownloadArgs {
        /// Move the finished file into this directory.
        #[arg(long, value_name = "DIR")]
        pub dir: Option<String>,
    }

    given_as_is!(WaitDownloadArgs);
}

/// `page wait-download`'s reply: the download that finished (moved when `--dir` was given).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct WaitDownloadReply {
    pub download: crate::download::DownloadReport,
}
