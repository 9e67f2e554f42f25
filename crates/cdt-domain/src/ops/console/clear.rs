//! `cdt console clear`: forget recorded messages (of one page, or all).

use super::*;
use crate::ops::prelude::*;

/// `console.clear`: the operation (its [`OpSpec`] below).
pub struct ConsoleClear;

impl Op for ConsoleClear {
    type Params = PageScopeParams;
    type Reply = ClearedReply;
    const SPEC: OpSpec = OpSpec {
        name: "console.clear",
        summary: "Forget recorded messages (of one page, or all)",
        default_timeout_ms: S5,
        effect: Effect::Changes,
        errors: &[E::PageNotFound, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt console clear",
            "cdt console clear --page 2",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::PageScopeArgs>(),
        ..OpSpec::DEFAULTS
    };
}
