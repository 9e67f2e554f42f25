//! `cdt session status`: show the broker, this context (and how it was resolved) and its browser.

use super::*;
use crate::ops::prelude::*;

/// `session.status`: the operation (its [`OpSpec`] below).
pub struct SessionStatus;

impl Op for SessionStatus {
    type Params = VerboseParams;
    type Reply = SessionStatusReply;
    const SPEC: OpSpec = OpSpec {
        name: "session.status",
        summary: "Show the broker, this context (and how it was resolved) and its browser",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[],
        examples: &[
            "cdt session status --verbose",
            "cdt session status",
            "cdt session status --verbose   # lease, owner, memory",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<NoArgs>(),
        ..OpSpec::DEFAULTS
    };
}
