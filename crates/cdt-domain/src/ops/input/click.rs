//! `cdt input click`: click at x y.

use super::*;
use crate::ops::prelude::*;

/// `input.click`: the operation (its [`OpSpec`] below).
pub struct InputClick;

impl Op for InputClick {
    type Params = PointParams;
    const SPEC: OpSpec = OpSpec {
        name: "input.click",
        summary: "Click at x y",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::DialogBlocking, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt input click 200 300",
            "cdt input click 200 300 --button right",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::PointArgs>(),
        ..OpSpec::DEFAULTS
    };
}
