//! Parameters of the telemetry operations: console, network and the event ring with its
//! filters and per-page observation (SPEC §8).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConsoleListParams {
    /// The page (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// Only these types (`log`, `info`, `warn`, `error`, `debug`, `exception`, `trace`, …).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<String>,
    /// At most this many (the newest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
    /// Only messages with a larger id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<u64>,
    /// Include messages from before the page's last navigation.
    #[serde(default)]
    pub preserved: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IdParams {
    /// The id (from the matching `list`).
    pub id: u64,
    /// Show Authorization, Cookie and Set-Cookie values.
    #[serde(default)]
    pub include_secrets: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConsoleWaitParams {
    /// Regular expression the message text must match.
    pub pattern: String,
    /// Only these types.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<String>,
    /// The page (default: any page of the context).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PageScopeParams {
    /// The page (default: every page of the context).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
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
    /// The request id (from `cdt network list`).
    pub id: u64,
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

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventsReadParams {
    /// First sequence number to return (0 = from the start); pass the previous `nextOffset`.
    #[serde(default)]
    pub offset: u64,
    /// At most this many events (default 500, at most 10000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
    /// Only these kinds: console, log, request, response, loadingFinished, loadingFailed, websocket, other.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url_includes: Option<String>,
    /// HTTP method (network kinds only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// Only events of this page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// The newest `limit` matching events, whatever `offset` is.
    #[serde(default)]
    pub tail: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventFilters {
    /// Kinds kept in the buffer (empty: all).
    #[serde(default)]
    pub kinds: Vec<String>,
    /// Keep only events whose URL contains one of these (empty: all).
    #[serde(default)]
    pub url_allow: Vec<String>,
    /// Drop events whose URL contains one of these.
    #[serde(default)]
    pub url_block: Vec<String>,
    /// Bodies and payloads are cut to this size; larger bodies are not fetched eagerly.
    #[serde(default = "default_max_body_bytes")]
    pub max_body_bytes: u64,
}

pub fn default_max_body_bytes() -> u64 {
    64_000
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventFiltersSetParams {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kinds: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url_allow: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url_block: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_body_bytes: Option<u64>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventsObserveParams {
    /// The page (default: the current page, or the first whose URL matches `urlIncludes`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// Pick the first page whose URL contains this text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url_includes: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventsUnobserveParams {
    /// The page (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// Also remove the page's events already in the buffer.
    #[serde(default)]
    pub drop_buffer: bool,
}
