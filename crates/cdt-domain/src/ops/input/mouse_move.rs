//! `cdt input mouse-move`: move the mouse to x y (CSS pixels of the viewport).

use super::*;
use crate::ops::prelude::*;

/// `input.mouse-move`: the operation (its [`OpSpec`] below).
pub struct InputMouseMove;

impl Op for InputMouseMove {
    type Params = PointParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "input.mouse-move",
        summary: "Move the mouse to x y (CSS pixels of the viewport)",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt input mouse-move 200 300",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::PointArgs>(),
        ..OpSpec::DEFAULTS
    };
}
