//! `cdt session start`: launch this context's browser (or attach to a running one).

use super::*;
use crate::ops::prelude::*;

/// `session.start`: the operation (its [`OpSpec`] below).
pub struct SessionStart;

impl Op for SessionStart {
    type Params = SessionStartParams;
    type Reply = SessionStartReply;
    const SPEC: OpSpec = OpSpec {
        name: "session.start",
        summary: "Launch this context's browser (or attach to a running one)",
        default_timeout_ms: S30,
        effect: Effect::Changes,
        errors: &[E::BrowserLaunchFailed, E::SecurityBlocked, E::SessionAlreadyRunning, E::SlotLimitReached, E::CdpDisconnected],
        examples: &[
            "cdt session start --headless",
            "cdt session start",
            "cdt session start --headed --viewport 1280x800",
            "cdt session start --browser-url http://127.0.0.1:9222",
            "cdt session start --chrome-arg=--lang=de --chrome-arg=--force-dark-mode",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::StartArgs>(),
        ..OpSpec::DEFAULTS
    };
}
