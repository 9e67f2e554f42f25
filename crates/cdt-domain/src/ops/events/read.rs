//! `cdt events read`: read normalized events from an offset; pass the returned nextOffset to continue.

use super::*;
use crate::ops::prelude::*;

/// `events.read`: the operation (its [`OpSpec`] below).
pub struct EventsRead;

impl Op for EventsRead {
    type Params = EventsReadParams;
    const SPEC: OpSpec = OpSpec {
        name: "events.read",
        summary: "Read normalized events from an offset; pass the returned nextOffset to continue",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::TargetNotFound, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt events read --offset 0 --limit 200 --kinds request,response",
            "cdt events read",
            "cdt events read --offset 1200 --limit 200 --kinds request,response",
            "cdt events read --kinds console,log --url-includes app.js",
            "cdt events read --page 2 --tail --limit 20",
        ],
        note: "Each reply carries `nextOffset` (poll again from it: nothing is missed or repeated) and\n`dropped` (events that left the buffer before they were read).",
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::ReadArgs>(),
        ..OpSpec::DEFAULTS
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
