//! `cdt events observe`: let a page's events into the buffer again (every page is observed from its start).

use super::*;
use crate::ops::prelude::*;

/// `events.observe`: the operation (its [`OpSpec`] below).
pub struct EventsObserve;

impl Op for EventsObserve {
    type Params = EventsObserveParams;
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
