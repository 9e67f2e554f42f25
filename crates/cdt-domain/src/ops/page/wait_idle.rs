//! `cdt page wait-idle`: wait until the page's network has been quiet for a while.

use super::*;
use crate::ops::prelude::*;

/// `page.wait-idle`: the operation (its [`OpSpec`] below).
pub struct PageWaitIdle;

impl Op for PageWaitIdle {
    type Params = WaitIdleParams;
    type Reply = WaitIdleReply;
    const SPEC: OpSpec = OpSpec {
        name: "page.wait-idle",
        summary: "Wait until the page's network has been quiet for a while",
        default_timeout_ms: S10,
        effect: Effect::Reads,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::CdpDisconnected],
        examples: &[
            "cdt page wait-idle --idle-ms 500",
            "cdt page wait-idle",
            "cdt page wait-idle --idle-ms 1000",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::WaitIdleArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WaitIdleParams {
    /// How long the network must stay quiet, in ms (default 500).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub idle_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::given_as_is;
    
    #[allow(unused_imports)]
    use crate::ops::page::args::*;

#[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct WaitIdleArgs {
        /// How long the network must stay quiet (ms, default 500).
        #[arg(long, value_name = "MS")]
        pub idle_ms: Option<u64>,
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    given_as_is!(WaitIdleArgs);
}
