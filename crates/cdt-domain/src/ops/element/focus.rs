//! `cdt element focus`: give an element the keyboard focus.

use super::*;
use crate::ops::prelude::*;

/// `element.focus`: the operation (its [`OpSpec`] below).
pub struct ElementFocus;

impl Op for ElementFocus {
    type Params = ElementActionParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "element.focus",
        summary: "Give an element the keyboard focus; reports what that caused (a tooltip, a list opening)",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::ElementNotFound, E::UidStale, E::TargetNotInteractable, E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt element focus e5",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::ActionArgs>(),
        ..OpSpec::DEFAULTS
    };
}
