//! `cdt events targets`: every target of the browser (pages, iframes, workers, service workers) with its CDP id.

use super::*;
use crate::ops::prelude::*;

/// `events.targets`: the operation (its [`OpSpec`] below).
pub struct EventsTargets;

impl Op for EventsTargets {
    type Params = EventsTargetsParams;
    type Reply = EventTargetsReply;
    const SPEC: OpSpec = OpSpec {
        name: "events.targets",
        summary: "Every target of the browser (pages, iframes, workers, service workers) with its CDP id",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt events targets",
            "cdt events targets --types page,iframe --filter-url-includes /checkout",
        ],
        tools: &[Tool::of::<ListTargets>("cdp_list_targets", ToolFamily::Observer, "Every target of the browser: {id, type, title, url, attached}.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::TargetsArgs>(),
        ..OpSpec::DEFAULTS
    };
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

/// `cdp_list_targets` (seed 002 §3.2.1).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListTargets {
    #[serde(flatten)]
    pub browser: ObservedBrowser,
    /// URL substring.
    #[serde(default)]
    pub filter_url_includes: Option<String>,
    /// e.g. ["page", "iframe"]; default all.
    #[serde(default)]
    pub types: Vec<String>,
}

impl ToolShape for ListTargets {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::EventsTargets(EventsTargetsParams {
            filter_url_includes: self.filter_url_includes,
            types: self.types,
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
    pub struct TargetsArgs {
        /// Only targets whose URL contains this text.
        #[arg(long, value_name = "TEXT")]
        pub filter_url_includes: Option<String>,
        /// Only these types (page, iframe, worker, service_worker, …).
        #[arg(long, value_delimiter = ',', value_name = "TYPES")]
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub types: Vec<String>,
    }

    given_as_is!(TargetsArgs);
}
