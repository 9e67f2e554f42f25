//! `cdt network wait`: wait for the first new request that matches, once it has finished (or failed).

use super::*;
use crate::ops::prelude::*;

/// `network.wait`: the operation (its [`OpSpec`] below).
pub struct NetworkWait;

impl Op for NetworkWait {
    type Params = NetworkWaitParams;
    type Reply = crate::ops::NetworkDetail;
    const SPEC: OpSpec = OpSpec {
        name: "network.wait",
        summary: "Wait for the first new request that matches, once it has finished (or failed)",
        default_timeout_ms: S10,
        effect: Effect::Reads,
        errors: &[E::PageNotFound, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt network wait --url-includes /api/login --method POST --status 2xx",
            "cdt network wait --url-includes /api/login --method POST",
            "cdt network wait --url-includes .json --status 2xx --timeout 5000",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::WaitArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NetworkWaitParams {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url_includes: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// Status code (`200`) or class (`2xx`); the request must have a response.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// The page (default: any page of the context).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}
