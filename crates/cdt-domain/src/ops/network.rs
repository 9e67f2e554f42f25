//! `network …`: the requests of the context's pages, their bodies, waits and HAR (SPEC §8).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The `network` operations: their entries in the operation table (see `ops::operations!`).
macro_rules! network_operations {
    ($then:ident [$($table:tt)*] $($rest:ident)*) => {
        $then! { [$($table)*
        /// Requests of a page since its last navigation (iframes and workers included)
        NetworkList = "network.list" (NetworkListParams, network::args::ListArgs), S5, [PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected],
            ["cdt network list --type xhr,fetch --status 4xx", "cdt network list", "cdt network list --method POST --url-includes /api/ --limit 10", "cdt network list --failed --preserved"];
        /// One request: headers, timing, redirects, failure, body previews
        NetworkGet = "network.get" (IdParams, network::args::GetArgs), S5, [NetworkRequestNotFound, BrowserLaunchFailed, CdpDisconnected],
            ["cdt network get 7", "cdt network get 7 --include-secrets"];
        /// The full response (or request) body; base64 for binary
        NetworkBody = "network.body" (NetworkBodyParams, network::args::BodyArgs), S10, [NetworkRequestNotFound, BodyNotAvailable, ResultTooLarge, IoError, BrowserLaunchFailed, CdpDisconnected],
            ["cdt network body 7 --file out.json", "cdt network body 7", "cdt network body 7 --file ./response.json", "cdt network body 9 --request"];
        /// Wait for the first new request that matches, once it has finished (or failed)
        NetworkWait = "network.wait" (NetworkWaitParams, network::args::WaitArgs), S10, [PageNotFound, BrowserLaunchFailed, CdpDisconnected],
            ["cdt network wait --url-includes /api/login --method POST --status 2xx", "cdt network wait --url-includes /api/login --method POST", "cdt network wait --url-includes .json --status 2xx --timeout 5000"];
        /// Write the page's requests as a HAR 1.2 file
        NetworkHar = "network.har" (NetworkHarParams, network::args::HarArgs), 15_000, [PageNotFound, NoCurrentPage, IoError, BrowserLaunchFailed, CdpDisconnected],
            ["cdt network har session.har", "cdt network har ./session.har", "cdt network har /tmp/p2.har --page 2"];
        /// Forget recorded requests (of one page, or all)
        NetworkClear = "network.clear" (PageScopeParams, console::args::PageScopeArgs), S5, [PageNotFound, BrowserLaunchFailed, CdpDisconnected],
            ["cdt network clear"];
        ] $($rest)* }
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

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NetworkBodyParams {
    /// The request id (from `cdt network list`); or name it by `requestId`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    /// The request by its CDP `requestId` (as in `events read`, seed 002).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// With `requestId`: the CDP target the request belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_id: Option<String>,
    /// Return the body base64-encoded even when it is text (binary bodies always are).
    #[serde(default, skip_serializing_if = "crate::ops::is_false")]
    pub base64: bool,
    /// The request body instead of the response body.
    #[serde(default)]
    pub request: bool,
    /// Write the body to this file (absolute path) instead of returning it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
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

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NetworkHarParams {
    /// Where to write the HAR file (absolute path).
    pub file: String,
    /// The page (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// Keep Authorization, Cookie and Set-Cookie values.
    #[serde(default)]
    pub include_secrets: bool,
}

/// The flags of `cdt network …`.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use clap::Args;
    use serde::Serialize;

    use crate::ops::cli::{given_as_is, is_false};

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct ListArgs {
        /// Resource types: document, xhr, fetch, script, stylesheet, image, font, websocket, other, …
        #[arg(long = "type", value_delimiter = ',', value_name = "TYPES")]
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub types: Vec<String>,
        /// HTTP method.
        #[arg(long)]
        pub method: Option<String>,
        /// Status code (404) or class (4xx).
        #[arg(long)]
        pub status: Option<String>,
        /// Substring of the URL.
        #[arg(long, value_name = "TEXT")]
        pub url_includes: Option<String>,
        /// Only failed requests.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub failed: bool,
        /// At most this many (the newest).
        #[arg(long)]
        pub limit: Option<usize>,
        /// Only requests with a larger id.
        #[arg(long, value_name = "ID")]
        pub since: Option<u64>,
        /// Include requests from before the last navigation.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub preserved: bool,
        /// The page (default: the current page).
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
        /// Show Authorization, Cookie and Set-Cookie values.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub include_secrets: bool,
    }

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

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct BodyArgs {
        /// The request id.
        #[arg(value_name = "ID")]
        pub id: Option<u64>,
        /// The request by its CDP requestId (as `cdt events read` shows it) instead.
        #[arg(long, value_name = "REQUEST_ID", conflicts_with = "id")]
        pub request_id: Option<String>,
        /// With --request-id: the CDP target it belongs to.
        #[arg(long, value_name = "TARGET_ID")]
        pub target_id: Option<String>,
        /// Return the body base64-encoded even when it is text.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub base64: bool,
        /// The request body instead of the response body.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub request: bool,
        /// Write the body to this file instead of printing it.
        #[arg(long, value_name = "PATH")]
        pub file: Option<String>,
    }

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct WaitArgs {
        #[arg(long, value_name = "TEXT")]
        pub url_includes: Option<String>,
        #[arg(long)]
        pub method: Option<String>,
        /// Status code (200) or class (2xx).
        #[arg(long)]
        pub status: Option<String>,
        /// The page (default: any page).
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct HarArgs {
        /// Where to write the HAR file.
        #[arg(value_name = "FILE")]
        pub file: Option<String>,
        /// The page (default: the current page).
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
        /// Keep Authorization, Cookie and Set-Cookie values.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub include_secrets: bool,
    }

    given_as_is!(ListArgs, GetArgs, BodyArgs, WaitArgs, HarArgs);
}
