//! `cdt element scroll-into-view`: scroll an element into the middle of the viewport.

use super::*;
use crate::ops::prelude::*;

/// `element.scroll-into-view`: the operation (its [`OpSpec`] below).
pub struct ElementScrollIntoView;

impl Op for ElementScrollIntoView {
    type Params = ElementActionParams;
    type Reply = ScrollIntoViewReply;
    const SPEC: OpSpec = OpSpec {
        name: "element.scroll-into-view",
        summary: "Scroll an element into the middle of the viewport",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::ElementNotFound, E::UidStale, E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt element scroll-into-view e40",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::ActionArgs>(),
        ..OpSpec::DEFAULTS
    };
}
