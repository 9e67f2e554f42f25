//! `cdt session restart`: stop and start again, keeping the previous settings unless flags change them.

use super::*;
use crate::ops::prelude::*;

/// `session.restart`: the operation (its [`OpSpec`] below).
pub struct SessionRestart;

impl Op for SessionRestart {
    type Params = SessionStartParams;
    type Reply = SessionStartReply;
    const SPEC: OpSpec = OpSpec {
        name: "session.restart",
        summary: "Stop and start again, keeping the previous settings unless flags change them",
        default_timeout_ms: S30,
        effect: Effect::Changes,
        errors: &[E::BrowserLaunchFailed, E::SecurityBlocked, E::SlotLimitReached, E::CdpDisconnected],
        examples: &[
            "cdt session restart",
            "cdt session restart --headed",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::StartArgs>(),
        ..OpSpec::DEFAULTS
    };
}
