//! `cdt network list`: requests of a page since its last navigation (iframes and workers included).

use super::*;
use crate::ops::prelude::*;

/// `network.list`: the operation (its [`OpSpec`] below).
pub struct NetworkList;

impl Op for NetworkList {
    type Params = NetworkListParams;
    type Reply = NetworkListReply;
    const SPEC: OpSpec = OpSpec {
        name: "network.list",
        summary: "Requests of a page since its last navigation (iframes and workers included)",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt network list --type xhr,fetch --status 4xx",
            "cdt network list",
            "cdt network list --method POST --url-includes /api/ --limit 10",
            "cdt network list --failed --preserved",
        ],
        tools: &[Tool::of::<ListNetworkRequests>("list_network_requests", ToolFamily::DevTools, "Network requests of the page since its last navigation.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::ListArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NetworkListParams {
    /// The page (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// Resource types (`document`, `xhr`, `fetch`, `script`, `image`, `stylesheet`, `websocket`, …).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<String>,
    /// HTTP method, e.g. `POST`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// Status code (`404`) or class (`4xx`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// Substring the URL must contain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url_includes: Option<String>,
    /// Only requests that failed (network error or blocked).
    #[serde(default)]
    pub failed: bool,
    /// At most this many (the newest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
    /// Only requests with a larger id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<u64>,
    /// Include requests from before the page's last navigation.
    #[serde(default)]
    pub preserved: bool,
    /// Show Authorization, Cookie and Set-Cookie values.
    #[serde(default)]
    pub include_secrets: bool,
}

/// `list_network_requests`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ListNetworkRequests {
    /// E.g. `document`, `xhr`, `fetch`, `script`.
    #[serde(default)]
    pub resource_types: Vec<String>,
    /// At most this many, the newest.
    #[serde(default)]
    pub page_size: Option<usize>,
    /// Also those before the last navigation.
    #[serde(default)]
    pub include_preserved_requests: bool,
    #[serde(default)]
    pub page: Option<u32>,
}

impl ToolShape for ListNetworkRequests {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::NetworkList(NetworkListParams {
            page: self.page,
            types: self.resource_types,
            limit: self.page_size,
            preserved: self.include_preserved_requests,
            ..NetworkListParams::default()
        }))
    }
}
