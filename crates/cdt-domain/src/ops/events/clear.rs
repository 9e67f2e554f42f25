//! `cdt events clear`: remove events from the buffer: one page's, or all (offsets go on from where they were).

use super::*;
use crate::ops::prelude::*;

/// `events.clear`: the operation (its [`OpSpec`] below).
pub struct EventsClear;

impl Op for EventsClear {
    type Params = EventsScopeParams;
    type Reply = EventsClearReply;
    const SPEC: OpSpec = OpSpec {
        name: "events.clear",
        summary: "Remove events from the buffer: one page's, or all (offsets go on from where they were)",
        default_timeout_ms: S5,
        effect: Effect::Changes,
        errors: &[E::PageNotFound, E::TargetNotFound, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt events clear --page 2",
            "cdt events clear",
        ],
        tools: &[Tool::of::<ClearEvents>("cdp_clear_events", ToolFamily::Observer, "Forget a target's (or all) events.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::ScopeArgs>(),
        ..OpSpec::DEFAULTS
    };
}

/// `cdp_clear_events` (seed 002 §3.2.5).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ClearEvents {
    #[serde(flatten)]
    pub scope: TargetScope,
}

impl ToolShape for ClearEvents {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::EventsClear(self.scope.scope()))
    }
}
