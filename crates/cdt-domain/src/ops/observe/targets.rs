//! `cdt observe targets`: actionable elements with uid, role, name, box, visibility and a selector.

use super::*;
use crate::ops::prelude::*;

/// `observe.targets`: the operation (its [`OpSpec`] below).
pub struct ObserveTargets;

impl Op for ObserveTargets {
    type Params = PageParams;
    type Reply = ObserveTargetsReply;
    const SPEC: OpSpec = OpSpec {
        name: "observe.targets",
        summary: "Actionable elements with uid, role, name, box, visibility and a selector",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::NoCurrentPage, E::CdpDisconnected],
        examples: &[
            "cdt observe targets",
            "cdt observe targets --fields targets.uid,targets.name,targets.bbox",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<crate::ops::page::args::PageArg>(),
        ..OpSpec::DEFAULTS
    };
}
