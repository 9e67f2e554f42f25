//! Parameters of the observer operations of seed 002 that act on one page's share of the event
//! ring: start and stop observing a page. (Reading, clearing and filters use the shared
//! telemetry parameter types.)

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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
