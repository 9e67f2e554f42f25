//! `cdt input mouse-up`: release a mouse button at x y.

use super::*;
use crate::ops::prelude::*;

/// `input.mouse-up`: the operation (its [`OpSpec`] below).
pub struct InputMouseUp;

impl Op for InputMouseUp {
    type Params = PointParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "input.mouse-up",
        summary: "Release a mouse button at x y",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt input mouse-up 200 300",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::PointArgs>(),
        ..OpSpec::DEFAULTS
    };
}
