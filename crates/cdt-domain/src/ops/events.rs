//! `events …`: the normalized event ring, its filters and per-page observation (seed 002,
//! SPEC §8).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The `events` operations: their entries in the operation table (see `ops::operations!`).
macro_rules! events_operations {
    ($then:ident [$($table:tt)*] $($rest:ident)*) => {
        $then! { [$($table)*
        /// Every target of the browser (pages, iframes, workers, service workers) with its CDP id
        EventsTargets = "events.targets" (EventsTargetsParams, events::args::TargetsArgs), S5, [BrowserLaunchFailed, CdpDisconnected],
            ["cdt events targets", "cdt events targets --types page,iframe --filter-url-includes /checkout"];
        /// Read normalized events from an offset; pass the returned nextOffset to continue
        EventsRead = "events.read" (EventsReadParams, events::args::ReadArgs), S5, [TargetNotFound, BrowserLaunchFailed, CdpDisconnected],
            ["cdt events read --offset 0 --limit 200 --kinds request,response", "cdt events read", "cdt events read --offset 1200 --limit 200 --kinds request,response", "cdt events read --kinds console,log --url-includes app.js", "cdt events read --page 2 --tail --limit 20"]
            "Each reply carries `nextOffset` (poll again from it: nothing is missed or repeated) and\n`dropped` (events that left the buffer before they were read).";
        /// Show the active filters
        EventsFiltersGet = "events.filters.get" (EventsScopeParams, events::args::ScopeArgs), S5, [TargetNotFound, BrowserLaunchFailed, CdpDisconnected],
            ["cdt events filters get", "cdt events filters get --target-id 9A3C1F0E2B7D"];
        /// Change the filters (options not given keep their value). They apply to events from the returned `appliesFromOffset` on; events already buffered stay as they are
        EventsFiltersSet = "events.filters.set" (EventFiltersSetParams, events::args::FiltersSetArgs), S5, [TargetNotFound, BrowserLaunchFailed, CdpDisconnected],
            ["cdt events filters set --kinds request,response --url-block analytics", "cdt events filters set --kinds network --url-block analytics,ads", "cdt events filters set --url-allow /api/ --max-body-bytes 16000", "cdt events filters set --kinds ''   # all kinds again"];
        /// Remove events from the buffer: one page's, or all (offsets go on from where they were)
        EventsClear = "events.clear" (EventsScopeParams, events::args::ScopeArgs), S5, [PageNotFound, TargetNotFound, BrowserLaunchFailed, CdpDisconnected],
            ["cdt events clear --page 2", "cdt events clear"];
        /// Let a page's events into the buffer again (every page is observed from its start)
        EventsObserve = "events.observe" (EventsObserveParams, events::args::ObserveArgs), S5, [PageNotFound, NoCurrentPage, TargetNotFound, BrowserLaunchFailed, CdpDisconnected],
            ["cdt events observe --url-includes /checkout", "cdt events observe --page 2"];
        /// Keep a page's events out of the buffer (console and network lists are unaffected)
        EventsUnobserve = "events.unobserve" (EventsUnobserveParams, events::args::UnobserveArgs), S5, [PageNotFound, NoCurrentPage, TargetNotFound, BrowserLaunchFailed, CdpDisconnected],
            ["cdt events unobserve --page 2 --drop-buffer", "cdt events unobserve --page 2", "cdt events unobserve --drop-buffer"];
        ] $($rest)* }
    };
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
    /// Only events of this CDP target (its iframes and workers included), numbered from 0 for
    /// that target (seed 002): `offset` and `nextOffset` count that target's events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_id: Option<String>,
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
    /// Only for this CDP target (default: the context's filters, which every target without
    /// its own follows).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_id: Option<String>,
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
    /// The CDP target to observe (from `events targets`); wins over `urlIncludes`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_id: Option<String>,
    /// Pick the first page whose URL contains this text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url_includes: Option<String>,
    /// Keep the events of the target's workers (default true).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub include_workers: Option<bool>,
    /// Keep the events of the target's iframes (default true).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub include_iframes: Option<bool>,
    /// At most this many of the target's events are kept (default 10000; the oldest go).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub buffer_size: Option<usize>,
    /// The target's events are dropped when none came for this long (seconds, default 3600).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ttl_sec: Option<u64>,
}

/// `events targets`: which of the browser's targets to list.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventsTargetsParams {
    /// Only targets whose URL contains this text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter_url_includes: Option<String>,
    /// Only these types (`page`, `iframe`, `worker`, `service_worker`, …; default all).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<String>,
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

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventsUnobserveParams {
    /// The page (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// The CDP target (from `events targets`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_id: Option<String>,
    /// Also remove the page's events already in the buffer.
    #[serde(default)]
    pub drop_buffer: bool,
}

/// The flags of `cdt events …`.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use clap::Args;
    use serde::Serialize;

    use crate::ops::cli::{CliArgs, given_as_is, is_false};

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

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct ObserveArgs {
        /// The page (default: the current page).
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
        /// The CDP target (from `cdt events targets`); wins over --url-includes.
        #[arg(long, value_name = "TARGET_ID")]
        pub target_id: Option<String>,
        /// Pick the first page whose URL contains this text.
        #[arg(long, value_name = "TEXT")]
        pub url_includes: Option<String>,
        /// Keep (true, the default) or leave out the events of the target's workers.
        #[arg(long, value_name = "BOOL", action = clap::ArgAction::Set)]
        pub include_workers: Option<bool>,
        /// Keep (true, the default) or leave out the events of the target's iframes.
        #[arg(long, value_name = "BOOL", action = clap::ArgAction::Set)]
        pub include_iframes: Option<bool>,
        /// At most this many of the target's events are kept (default 10000).
        #[arg(long, value_name = "N")]
        pub buffer_size: Option<usize>,
        /// Drop the target's events when none came for this long (default 3600).
        #[arg(long, value_name = "SECONDS")]
        pub ttl_sec: Option<u64>,
    }

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct TargetsArgs {
        /// Only targets whose URL contains this text.
        #[arg(long, value_name = "TEXT")]
        pub filter_url_includes: Option<String>,
        /// Only these types (page, iframe, worker, service_worker, …).
        #[arg(long, value_delimiter = ',', value_name = "TYPES")]
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub types: Vec<String>,
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

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct UnobserveArgs {
        /// The page (default: the current page).
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
        /// The CDP target (from `cdt events targets`).
        #[arg(long, value_name = "TARGET_ID")]
        pub target_id: Option<String>,
        /// Also remove the page's events already in the buffer.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub drop_buffer: bool,
    }

    #[derive(Debug, Args)]
    pub struct FiltersSetArgs {
        /// Only for this CDP target (default: the context's filters).
        #[arg(long, value_name = "TARGET_ID")]
        pub target_id: Option<String>,
        /// Kinds kept in the buffer (empty: all).
        #[arg(long, value_delimiter = ',', num_args = 0..=1, value_name = "KINDS")]
        pub kinds: Option<Vec<String>>,
        /// Keep only events whose URL contains one of these.
        #[arg(long, value_delimiter = ',', num_args = 0..=1, value_name = "TEXTS")]
        pub url_allow: Option<Vec<String>>,
        /// Drop events whose URL contains one of these.
        #[arg(long, value_delimiter = ',', num_args = 0..=1, value_name = "TEXTS")]
        pub url_block: Option<Vec<String>>,
        /// Cut bodies and payloads to this size (default 64000).
        #[arg(long, value_name = "BYTES")]
        pub max_body_bytes: Option<u64>,
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

    fn non_empty(values: Option<Vec<String>>) -> Option<Vec<String>> {
        values.map(|values| values.into_iter().filter(|s| !s.is_empty()).collect())
    }

    impl CliArgs for FiltersSetArgs {
        type Given = FiltersGiven;
        fn given(self) -> FiltersGiven {
            FiltersGiven {
                target_id: self.target_id,
                kinds: non_empty(self.kinds),
                url_allow: non_empty(self.url_allow),
                url_block: non_empty(self.url_block),
                max_body_bytes: self.max_body_bytes,
            }
        }
    }

    given_as_is!(ReadArgs, ObserveArgs, UnobserveArgs, TargetsArgs, ScopeArgs);
}
