//! `cdt emulation show`: show what is emulated now (and the budget scale it implies).

use super::*;
use crate::ops::prelude::*;

/// `emulation.show`: the operation (its [`OpSpec`] below).
pub struct EmulationShow;

impl Op for EmulationShow {
    type Params = NoParams;
    type Reply = EmulationReply;
    const SPEC: OpSpec = OpSpec {
        name: "emulation.show",
        summary: "Show what is emulated now (and the budget scale it implies)",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt emulation show",
            "cdt emulation show --output text",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<NoArgs>(),
        ..OpSpec::DEFAULTS
    };
}
