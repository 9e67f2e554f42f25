//! `cdt events observe`: let a page's events into the buffer again (every page is observed from its start).

use super::*;
use crate::ops::prelude::*;

/// `events.observe`: the operation (its [`OpSpec`] below).
pub struct EventsObserve;

impl Op for EventsObserve {
    type Params = EventsObserveParams;
    type Reply = EventsObserveReply;
    const SPEC: OpSpec = OpSpec {
        name: "events.observe",
        summary: "Let a page's events into the buffer again (every page is observed from its start)",
        default_timeout_ms: S5,
        effect: Effect::Changes,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::TargetNotFound, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt events observe --url-includes /checkout",
            "cdt events observe --page 2",
        ],
        tools: &[Tool::of::<Observe>("cdp_observe", ToolFamily::Observer, "Observe a target's console and network events; returns its resourceUri.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::ObserveArgs>(),
        ..OpSpec::DEFAULTS
    };
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

/// `cdp_observe` (seed 002 §3.2.2).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Observe {
    #[serde(flatten)]
    pub browser: ObservedBrowser,
    /// From cdp_list_targets; wins over urlIncludes.
    #[serde(default)]
    pub target_id: Option<String>,
    /// Else the first page whose URL contains it.
    #[serde(default)]
    pub url_includes: Option<String>,
    /// Else a cdt page id.
    #[serde(default)]
    pub page: Option<u32>,
    /// Default true.
    #[serde(default)]
    pub include_workers: Option<bool>,
    /// Default true.
    #[serde(default)]
    pub include_iframes: Option<bool>,
    /// Events kept (default DEFAULT_BUFFER_SIZE, 10000).
    #[serde(default)]
    pub buffer_size: Option<usize>,
    /// Seconds without events before they go (default DEFAULT_TTL_SEC, 3600).
    #[serde(default)]
    pub ttl_sec: Option<u64>,
}

impl ToolShape for Observe {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::EventsObserve(EventsObserveParams {
            page: self.page,
            target_id: self.target_id,
            url_includes: self.url_includes,
            include_workers: self.include_workers,
            include_iframes: self.include_iframes,
            buffer_size: self.buffer_size,
            ttl_sec: self.ttl_sec,
        }))
    }
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::given_as_is;
    #[allow(unused_imports)]
    use crate::ops::events::args::*;

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

    given_as_is!(ObserveArgs);
}
