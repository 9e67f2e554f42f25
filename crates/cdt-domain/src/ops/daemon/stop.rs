//! `cdt daemon stop`: stop the daemon and every browser it runs.

use super::*;
use crate::ops::prelude::*;

/// `daemon.stop`: the operation (its [`OpSpec`] below).
pub struct DaemonStop;

impl Op for DaemonStop {
    type Params = NoParams;
    type Reply = DaemonStopReply;
    const SPEC: OpSpec = OpSpec {
        name: "daemon.stop",
        summary: "Stop the daemon and every browser it runs",
        default_timeout_ms: 15_000,
        effect: Effect::Changes,
        errors: &[],
        examples: &[
            "cdt daemon stop",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<NoArgs>(),
        ..OpSpec::DEFAULTS
    };
}
