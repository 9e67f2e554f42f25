//! `cdt events read`: read normalized events from an offset; pass the returned nextOffset to continue.

use super::*;
use crate::ops::prelude::*;

/// `events.read`: the operation (its [`OpSpec`] below).
pub struct EventsRead;

impl Op for EventsRead {
    type Params = EventsReadParams;
    type Reply = EventsReadReply;
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
        tools: &[Tool::of::<ReadEvents>("cdp_read_events", ToolFamily::Observer, "A target's events from an offset; pass back nextOffset.")],
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
    /// Only these kinds: console, log, request, response, loadingFinished, loadingFailed,
    /// websocket, other, or network (all the network ones).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<crate::telemetry::KindFilter>,
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

/// `cdp_read_events` (seed 002 §3.2.4).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadEvents {
    #[serde(flatten)]
    pub browser: ObservedBrowser,
    /// Its own events, seq from 0.
    #[serde(default)]
    pub target_id: Option<String>,
    /// Or a cdt page's (context numbering).
    #[serde(default)]
    pub page: Option<u32>,
    /// Pass the last nextOffset.
    #[serde(default)]
    pub offset: u64,
    /// Default 200.
    #[serde(default)]
    pub limit: Option<usize>,
    /// console, log, request, response, loadingFinished, loadingFailed, websocket, other.
    #[serde(default)]
    pub kinds: Vec<crate::telemetry::KindFilter>,
    #[serde(default)]
    pub url_includes: Option<String>,
    /// HTTP method.
    #[serde(default)]
    pub method: Option<String>,
    /// The newest `limit`.
    #[serde(default)]
    pub tail: bool,
}

impl ToolShape for ReadEvents {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::EventsRead(EventsReadParams {
            offset: self.offset,
            limit: Some(self.limit.unwrap_or(200)),
            kinds: self.kinds,
            url_includes: self.url_includes,
            method: self.method,
            page: self.page,
            target_id: self.target_id,
            tail: self.tail,
        }))
    }
}
