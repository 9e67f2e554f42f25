//! `cdt events filters get`: show the active filters.

use super::*;
use crate::ops::prelude::*;

/// `events.filters.get`: the operation (its [`OpSpec`] below).
pub struct EventsFiltersGet;

impl Op for EventsFiltersGet {
    type Params = EventsScopeParams;
    type Reply = EventFiltersReply;
    const SPEC: OpSpec = OpSpec {
        name: "events.filters.get",
        summary: "Show the active filters",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::TargetNotFound, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt events filters get",
            "cdt events filters get --target-id 9A3C1F0E2B7D",
        ],
        tools: &[Tool::of::<GetFilters>("cdp_get_filters", ToolFamily::Observer, "A target's (or every) buffer filters.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::ScopeArgs>(),
        ..OpSpec::DEFAULTS
    };
}

/// `cdp_get_filters` (seed 002 §3.2.8).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetFilters {
    #[serde(flatten)]
    pub scope: TargetScope,
}

impl ToolShape for GetFilters {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::EventsFiltersGet(self.scope.scope()))
    }
}
