//! `cdt element dblclick`: double-click an element.

use super::*;
use crate::ops::prelude::*;

/// `element.dblclick`: the operation (its [`OpSpec`] below).
pub struct ElementDblclick;

impl Op for ElementDblclick {
    type Params = ElementActionParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "element.dblclick",
        summary: "Double-click an element",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::ElementNotFound, E::UidStale, E::TargetObscured, E::TargetNotInteractable, E::TargetOutOfView, E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt element dblclick e12",
        ],
        aliases: &[Alias::new(&["dblclick"], "dblclick <uid|selector|text>", "double-click an element", "dblclick e3", Form::Element)],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::ActionArgs>(),
        ..OpSpec::DEFAULTS
    };
}
