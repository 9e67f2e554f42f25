//! `cdt session list`: list every running session of this daemon (operator view).

use super::*;
use crate::ops::prelude::*;

/// `session.list`: the operation (its [`OpSpec`] below).
pub struct SessionList;

impl Op for SessionList {
    type Params = NoParams;
    type Reply = SessionListReply;
    const SPEC: OpSpec = OpSpec {
        name: "session.list",
        summary: "List every running session of this daemon (operator view)",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[],
        examples: &[
            "cdt session list",
            "cdt session list --fields sessions.context,sessions.pages",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<NoArgs>(),
        ..OpSpec::DEFAULTS
    };
}
