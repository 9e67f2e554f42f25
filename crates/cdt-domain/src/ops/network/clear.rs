//! `cdt network clear`: forget recorded requests (of one page, or all).

use super::*;
use crate::ops::prelude::*;

/// `network.clear`: the operation (its [`OpSpec`] below).
pub struct NetworkClear;

impl Op for NetworkClear {
    type Params = PageScopeParams;
    type Reply = crate::ops::ClearedReply;
    const SPEC: OpSpec = OpSpec {
        name: "network.clear",
        summary: "Forget recorded requests (of one page, or all)",
        default_timeout_ms: S5,
        effect: Effect::Changes,
        errors: &[E::PageNotFound, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt network clear",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<crate::ops::console::args::PageScopeArgs>(),
        ..OpSpec::DEFAULTS
    };
}
