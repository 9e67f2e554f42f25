//! `events …`: the normalized event ring, its filters and per-page observation (seed 002,
//! SPEC §8).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

resource_operations! { $ events_operations(events);
    EventsTargets = targets,
    EventsRead = read,
    EventsFiltersGet = filters_get,
    EventsFiltersSet = filters_set,
    EventsClear = clear,
    EventsObserve = observe,
    EventsUnobserve = unobserve,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventFilters {
    /// Kinds kept in the buffer (empty: all).
    #[serde(default)]
    pub kinds: Vec<crate::telemetry::KindFilter>,
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

/// The browser a seed 002 `cdp_*` tool call names (default: `CDP_HOST`/`CDP_PORT`). The MCP
/// server reads them to route the call (`cdt-mcp`'s observer) before the tool's arguments
/// become an operation, which never carries them.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ObservedBrowser {
    /// Debugging host (default CDP_HOST, 127.0.0.1); every cdp_* tool takes host/port.
    #[serde(default)]
    pub host: Option<String>,
    /// Debugging port (default CDP_PORT, 9222).
    #[serde(default)]
    pub port: Option<u16>,
}

/// `cdp_clear_events` and `cdp_get_filters`: a target, a page, or (neither) all.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TargetScope {
    #[serde(flatten)]
    pub browser: ObservedBrowser,
    #[serde(default)]
    pub target_id: Option<String>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl TargetScope {
    fn scope(self) -> EventsScopeParams {
        EventsScopeParams {
            page: self.page,
            target_id: self.target_id,
        }
    }
}

/// `events clear` and `events filters get`: one page's, one target's, or the context's.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventsScopeParams {
    /// The page (default: every page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// The CDP target (from `events targets`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_id: Option<String>,
}

/// The flags several `events` commands share.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use crate::ops::cli::{given_as_is, is_false};
    use clap::Args;
    use serde::Serialize;

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct ReadArgs {
        /// First sequence number to return (0 = from the start).
        #[arg(long, default_value_t = 0)]
        pub offset: u64,
        /// At most this many events (default 500, at most 10000).
        #[arg(long)]
        pub limit: Option<usize>,
        /// console, log, request, response, loadingFinished, loadingFailed, websocket, other, network
        #[arg(long, value_delimiter = ',', value_name = "KINDS")]
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub kinds: Vec<String>,
        #[arg(long, value_name = "TEXT")]
        pub url_includes: Option<String>,
        /// HTTP method (network kinds only).
        #[arg(long)]
        pub method: Option<String>,
        /// Only events of this page.
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
        /// Only events of this CDP target, numbered from 0 for it (from `cdt events targets`).
        #[arg(long, value_name = "TARGET_ID")]
        pub target_id: Option<String>,
        /// The newest --limit events, whatever the offset.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub tail: bool,
    }

    /// One page's, one target's, or the context's.
    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct ScopeArgs {
        /// The page (default: every page).
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
        /// The CDP target (from `cdt events targets`).
        #[arg(long, value_name = "TARGET_ID")]
        pub target_id: Option<String>,
    }

    /// The filters given: a list given empty (`--kinds ''`) is given, and means "all".
    #[derive(Debug, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct FiltersGiven {
        pub target_id: Option<String>,
        pub kinds: Option<Vec<String>>,
        pub url_allow: Option<Vec<String>>,
        pub url_block: Option<Vec<String>>,
        pub max_body_bytes: Option<u64>,
    }

    pub(crate) fn non_empty(values: Option<Vec<String>>) -> Option<Vec<String>> {
        values.map(|values| values.into_iter().filter(|s| !s.is_empty()).collect())
    }

    given_as_is!(ReadArgs, ScopeArgs);
}

/// `events read`'s reply: a page of the ring, and where to read on.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventsReadReply {
    /// The offset to read from next.
    pub next_offset: u64,
    /// Events dropped from the ring before they were read (capacity, bytes or age).
    pub dropped: u64,
    /// The events, oldest first, as recorded (each with `seq`, `kind`, `cdpMethod`, `page`…).
    pub events: Vec<serde_json::Value>,
    /// The offset lay beyond every event buffered (the ring was recreated): reading restarted
    /// from the oldest.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reset: bool,
    /// The reply filled its budget: read on from `nextOffset`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
    /// Carried to the envelope's `meta.warnings`.
    #[serde(rename = "__warnings", default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(skip)]
    pub warnings: Vec<crate::warning::Warning>,
}

/// `events filters get`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventFiltersReply {
    pub filters: EventFilters,
    /// The CDP target whose own filters these are (none: the context's).
    pub target_id: Option<String>,
}

/// `events filters set`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventFiltersSetReply {
    pub updated: bool,
    pub filters: EventFilters,
    pub target_id: Option<String>,
    /// Events from this offset on were recorded under the new filters.
    pub applies_from_offset: u64,
}

/// `events targets`'s reply: every CDP target of the context's browser.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct EventTargetsReply {
    pub targets: Vec<EventTarget>,
}

/// One CDP target, and the cdt page it is or belongs to.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct EventTarget {
    /// Its CDP `targetId`.
    pub id: String,
    /// `page`, `iframe`, `worker`, `service_worker`, …
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub url: String,
    pub attached: bool,
    pub page: Option<u32>,
}

/// `events clear`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventsClearReply {
    /// Events removed.
    pub cleared: usize,
    pub page: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_id: Option<String>,
    /// Sequence numbers go on from here.
    pub next_offset: u64,
}

/// `events observe`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventsObserveReply {
    pub page: Option<u32>,
    pub target_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    pub observing: bool,
    pub attached: bool,
    /// Read from here to see the events from now on.
    pub next_offset: u64,
}

/// `events unobserve`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventsUnobserveReply {
    pub page: Option<u32>,
    pub target_id: Option<String>,
    pub observing: bool,
    pub stopped: bool,
    /// Buffered events dropped with `--drop-buffer`.
    pub dropped_events: usize,
}
