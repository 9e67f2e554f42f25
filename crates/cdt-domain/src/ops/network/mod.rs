//! `network …`: the requests of the context's pages, their bodies, waits and HAR (SPEC §8).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ops::{IdParams, ObservedBrowser, PageScopeParams};

resource_operations! { $ network_operations(network);
    NetworkList = list,
    NetworkGet = get,
    NetworkBody = body,
    NetworkWait = wait,
    NetworkHar = har,
    NetworkClear = clear,
    NetworkRoute = route,
    NetworkUnroute = unroute,
    NetworkRoutes = routes,
    NetworkOffline = offline,
}

/// The flags several `network` commands share.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use crate::ops::cli::{given_as_is, is_false};
    use clap::Args;
    use serde::Serialize;

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

    given_as_is!(ListArgs, WaitArgs);
}

/// `network list`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct NetworkListReply {
    pub page: crate::page::PageId,
    /// The requests, oldest first (`network get <id>` has headers, timing and bodies).
    pub requests: Vec<NetworkSummary>,
    /// Requests that matched, before `--limit`.
    pub total: usize,
}

/// `network har`'s reply: the HAR file written.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct NetworkHarReply {
    pub path: String,
    pub page: crate::page::PageId,
    /// HAR entries written.
    pub entries: usize,
    /// Requests of the page it covers.
    pub requests: usize,
    /// The file's size.
    pub bytes: usize,
}

/// A route as `network route|routes|unroute` list it: what was given, its id, the action it
/// takes and how many requests it matched.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RouteReport {
    #[serde(flatten)]
    pub given: NetworkRouteParams,
    pub id: u64,
    pub action: crate::route::RouteAction,
    /// Requests it decided so far.
    pub matched: u64,
    /// The size of the body file it answers with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body_bytes: Option<usize>,
}

/// `network route`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct NetworkRouteReply {
    pub route: RouteReport,
    /// The context's routes now.
    pub routes: usize,
}

/// `network routes`'s reply: the context's routes, newest last (the newest that matches
/// decides).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct NetworkRoutesReply {
    pub routes: Vec<RouteReport>,
}

/// `network unroute`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct NetworkUnrouteReply {
    /// The ids removed.
    pub removed: Vec<u64>,
    /// The routes left.
    pub routes: Vec<RouteReport>,
}

/// `network body`'s reply: a response's body, inline or written to `--file`.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NetworkBodyReply {
    /// cdt's id of the request.
    pub id: u64,
    /// The browser's id of the request (CDP's `requestId`).
    pub request_id: String,
    pub mime_type: String,
    pub bytes: usize,
    /// Where it was written (`--file`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// The body, inline (text, or base64 when `base64Encoded`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base64_encoded: Option<bool>,
    /// Seed 002's name for `base64Encoded`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoded: Option<bool>,
}

/// A request as `network list` shows it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NetworkSummary {
    /// cdt's id (for `network get|body`).
    pub id: u64,
    pub page: Option<u32>,
    pub method: String,
    pub url: String,
    /// `document`, `script`, `fetch`, `xhr`, `image`, `websocket`, …
    #[serde(rename = "type")]
    pub kind: String,
    /// None until a response arrives.
    pub status: Option<u64>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub failed: bool,
    /// Why it failed (`net::ERR_…`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    /// Bytes transferred.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<f64>,
    /// The kind of target when not the page (`worker`, `iframe`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
}

/// A request as `network get|wait` show it: headers, timing, redirects, previews, frames.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NetworkDetail {
    #[serde(flatten)]
    pub summary: NetworkSummary,
    pub status_text: String,
    pub protocol: String,
    pub remote_address: String,
    pub from_cache: bool,
    /// What started it (`parser`, `script`, `other`, …).
    pub initiator: String,
    /// Cookie and authorization values redacted unless `--include-secrets`.
    pub request_headers: serde_json::Value,
    pub response_headers: serde_json::Value,
    /// The browser's timing of it (`Network.ResourceTiming`).
    pub timing: serde_json::Value,
    pub redirects: Vec<RedirectSummary>,
    /// Milliseconds since the epoch.
    pub started_at: u64,
    pub request_body_preview: Option<String>,
    /// The response body's start (`<binary; use cdt network body>` for binary ones).
    pub response_body_preview: Option<String>,
    /// A WebSocket's frames.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub frames: Vec<serde_json::Value>,
    /// Parts were left out to keep it bounded (frame payloads, post data; marked).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cut: bool,
}

/// A redirect the request went through.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct RedirectSummary {
    pub url: String,
    pub status: u64,
    pub location: String,
}
