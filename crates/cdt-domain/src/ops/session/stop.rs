//! `cdt session stop`: stop this context's browser (an attached browser is detached, not killed).

use super::*;
use crate::ops::prelude::*;

/// `session.stop`: the operation (its [`OpSpec`] below).
pub struct SessionStop;

impl Op for SessionStop {
    type Params = NoParams;
    type Reply = SessionStopReply;
    const SPEC: OpSpec = OpSpec {
        name: "session.stop",
        summary: "Stop this context's browser (an attached browser is detached, not killed)",
        default_timeout_ms: S10,
        effect: Effect::Changes,
        errors: &[E::SessionNotFound],
        examples: &[
            "cdt session stop",
            "cdt session stop --context-id ctx_0123456789ab",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<NoArgs>(),
        ..OpSpec::DEFAULTS
    };
}
