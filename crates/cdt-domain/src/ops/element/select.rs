//! `cdt element select`: choose an option of a <select> by its text or value (comma-separated for multiple), or of a drop-down the page draws (a combobox or list box: pressed open, then its option pressed).

use super::*;
use crate::ops::prelude::*;

/// `element.select`: the operation (its [`OpSpec`] below).
pub struct ElementSelect;

impl Op for ElementSelect {
    type Params = FillParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "element.select",
        summary: "Choose an option by its text or value: of a <select> (comma-separated for several), or of a drop-down the page draws",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::ElementNotFound, E::UidStale, E::TargetNotInteractable, E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt element select e8 'Germany'",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::FillArgs>(),
        ..OpSpec::DEFAULTS
    };
}
