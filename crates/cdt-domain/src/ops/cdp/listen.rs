//! `cdt cdp listen`: the page's CDP events of the names given, as they arrive.

use crate::ops::prelude::*;

/// `cdp.listen`: the operation (its [`OpSpec`] below).
pub struct CdpListen;

impl Op for CdpListen {
    type Params = CdpListenParams;
    type Reply = CdpListenReply;
    const SPEC: OpSpec = OpSpec {
        name: "cdp.listen",
        summary: "Stream the page's raw CDP events of the names given, as JSON lines, until a count, a time or Ctrl-C",
        default_timeout_ms: S10,
        effect: Effect::Reads,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::CdpDisconnected],
        examples: &[
            "cdt cdp listen Network.requestWillBeSent --count 5",
            "cdt cdp listen 'Page.*' 'Runtime.consoleAPICalled' --for 10000",
            "cdt cdp listen Animation.animationCreated --page 2",
        ],
        note: "The command prints one JSON line per event ({method, params, sessionId, targetId}) and ends after --count events or --for ms (Ctrl-C ends it too). Over MCP or HTTP it is a poll: the first call answers a listener id with the events so far; pass it back (listener) for the next ones until done.",
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::ListenArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CdpListenParams {
    /// Event names (`Network.requestWillBeSent`) or whole domains (`Network.*`); the first call.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<String>,
    /// A listener a previous call answered: its next events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub listener: Option<String>,
    /// Stop after this many events in all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// Stop this long (ms) after the first call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub for_ms: Option<u64>,
    /// How long one call waits for an event (ms, default 1000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wait_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[cfg(feature = "cli")]
mod args {
    use clap::Args;
    use serde::Serialize;

    use crate::ops::page::args::PageArg;

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct ListenArgs {
        /// Event names (Network.requestWillBeSent) or whole domains (Network.*).
        #[arg(value_name = "EVENT")]
        pub events: Vec<String>,
        /// Stop after this many events.
        #[arg(long, value_name = "N")]
        pub count: Option<u64>,
        /// Stop after this long (ms).
        #[arg(long = "for", value_name = "MS")]
        pub for_ms: Option<u64>,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    crate::ops::cli::given_as_is!(ListenArgs);
}

/// `cdp listen`'s reply (each poll of a listener): the events since the last poll.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct CdpListenReply {
    /// The listener: poll it again with `--listener <id>` (the CLI does until it is done).
    pub listener: String,
    pub events: Vec<crate::raw_cdp::RawCdpEvent>,
    /// Events dropped since the last poll (the listener's buffer is bounded).
    pub dropped: u64,
    /// Its count or time was reached: it has ended.
    pub done: bool,
}
