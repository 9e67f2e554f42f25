//! `cdt element inspect`: tag, attributes, box, visibility, role and name of an element.

use super::*;
use crate::ops::prelude::*;

/// `element.inspect`: the operation (its [`OpSpec`] below).
pub struct ElementInspect;

impl Op for ElementInspect {
    type Params = ElementActionParams;
    type Reply = InspectReply;
    const SPEC: OpSpec = OpSpec {
        name: "element.inspect",
        summary: "Tag, attributes, box, visibility, role and name of an element",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::ElementNotFound, E::UidStale, E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt element inspect e12",
        ],
        aliases: &[Alias::new(&["inspect"], "inspect <uid|selector|text>", "details of one element", "inspect e3", Form::Element)],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::ActionArgs>(),
        ..OpSpec::DEFAULTS
    };
}
