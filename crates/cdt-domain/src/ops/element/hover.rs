//! `cdt element hover`: move the mouse over an element.

use super::*;
use crate::ops::prelude::*;

/// `element.hover`: the operation (its [`OpSpec`] below).
pub struct ElementHover;

impl Op for ElementHover {
    type Params = ElementActionParams;
    const SPEC: OpSpec = OpSpec {
        name: "element.hover",
        summary: "Move the mouse over an element",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::ElementNotFound, E::UidStale, E::TargetObscured, E::TargetNotInteractable, E::TargetOutOfView, E::DialogBlocking, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt element hover e7",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::ActionArgs>(),
        ..OpSpec::DEFAULTS
    };
}
