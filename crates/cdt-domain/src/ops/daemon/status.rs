//! `cdt daemon status`: show whether the daemon runs, its pid, socket, slots and (with --verbose) metrics.

use super::*;
use crate::ops::prelude::*;

/// `daemon.status`: the operation (its [`OpSpec`] below).
pub struct DaemonStatus;

impl Op for DaemonStatus {
    type Params = VerboseParams;
    type Reply = DaemonStatusReply;
    const SPEC: OpSpec = OpSpec {
        name: "daemon.status",
        summary: "Show whether the daemon runs, its pid, socket, slots and (with --verbose) metrics",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[],
        examples: &[
            "cdt daemon status --verbose",
            "cdt daemon status",
            "cdt daemon status --verbose | jq .data.metrics",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<NoArgs>(),
        ..OpSpec::DEFAULTS
    };
}
