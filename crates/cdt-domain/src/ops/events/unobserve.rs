//! `cdt events unobserve`: keep a page's events out of the buffer (console and network lists are unaffected).

use super::*;
use crate::ops::prelude::*;

/// `events.unobserve`: the operation (its [`OpSpec`] below).
pub struct EventsUnobserve;

impl Op for EventsUnobserve {
    type Params = EventsUnobserveParams;
    type Reply = EventsUnobserveReply;
    const SPEC: OpSpec = OpSpec {
        name: "events.unobserve",
        summary: "Keep a page's events out of the buffer (console and network lists are unaffected)",
        default_timeout_ms: S5,
        effect: Effect::Changes,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::TargetNotFound, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt events unobserve --page 2 --drop-buffer",
            "cdt events unobserve --page 2",
            "cdt events unobserve --drop-buffer",
        ],
        tools: &[Tool::of::<StopObserve>("cdp_stop_observe", ToolFamily::Observer, "Stop observing a target.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::UnobserveArgs>(),
        ..OpSpec::DEFAULTS
    };
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

/// `cdp_stop_observe` (seed 002 §3.2.3).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StopObserve {
    #[serde(flatten)]
    pub browser: ObservedBrowser,
    #[serde(default)]
    pub target_id: Option<String>,
    #[serde(default)]
    pub page: Option<u32>,
    /// Also forget its buffered events.
    #[serde(default)]
    pub drop_buffer: bool,
}

impl ToolShape for StopObserve {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::EventsUnobserve(EventsUnobserveParams {
            page: self.page,
            target_id: self.target_id,
            drop_buffer: self.drop_buffer,
        }))
    }
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::{given_as_is, is_false};
    #[allow(unused_imports)]
    use crate::ops::events::args::*;

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

    given_as_is!(UnobserveArgs);
}
