//! `cdt input mouse-down`: press a mouse button at x y.

use super::*;
use crate::ops::prelude::*;

/// `input.mouse-down`: the operation (its [`OpSpec`] below).
pub struct InputMouseDown;

impl Op for InputMouseDown {
    type Params = PointParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "input.mouse-down",
        summary: "Press a mouse button at x y",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt input mouse-down 200 300",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::PointArgs>(),
        ..OpSpec::DEFAULTS
    };
}
