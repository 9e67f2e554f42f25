//! `cdt network get`: one request: headers, timing, redirects, failure, body previews.

use super::*;
use crate::ops::prelude::*;

/// `network.get`: the operation (its [`OpSpec`] below).
pub struct NetworkGet;

impl Op for NetworkGet {
    type Params = IdParams;
    type Reply = crate::ops::NetworkDetail;
    const SPEC: OpSpec = OpSpec {
        name: "network.get",
        summary: "One request: headers, timing, redirects, failure, body previews",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::NetworkRequestNotFound, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt network get 7",
            "cdt network get 7 --include-secrets",
        ],
        tools: &[Tool::of::<GetNetworkRequest>("get_network_request", ToolFamily::DevTools, "One request: headers, timing, redirects, failure, body previews.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::GetArgs>(),
        ..OpSpec::DEFAULTS
    };
}

/// `get_network_request`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GetNetworkRequest {
    pub reqid: u64,
}

impl ToolShape for GetNetworkRequest {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::NetworkGet(IdParams {
            id: self.reqid,
            include_secrets: false,
        }))
    }
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::{given_as_is, is_false};
    #[allow(unused_imports)]
    use crate::ops::network::args::*;

#[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct GetArgs {
        /// The request id (from `cdt network list`).
        #[arg(value_name = "ID")]
        pub id: Option<u64>,
        /// Show Authorization, Cookie and Set-Cookie values.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub include_secrets: bool,
    }

    given_as_is!(GetArgs);
}
