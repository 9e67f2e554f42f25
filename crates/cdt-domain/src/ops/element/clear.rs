//! `cdt element clear`: empty an input, textarea or contenteditable.

use super::*;
use crate::ops::prelude::*;

/// `element.clear`: the operation (its [`OpSpec`] below).
pub struct ElementClear;

impl Op for ElementClear {
    type Params = ElementActionParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "element.clear",
        summary: "Empty an input, textarea or contenteditable",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::ElementNotFound, E::UidStale, E::TargetNotInteractable, E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt element clear e5",
        ],
        aliases: &[Alias::new(&["clear"], "clear <uid|selector|text>", "empty a field (alone: clear the screen)", "clear #email", Form::Element)],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::ActionArgs>(),
        ..OpSpec::DEFAULTS
    };
}
