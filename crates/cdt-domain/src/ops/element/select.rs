//! `cdt element select`: choose an option by its text or value (comma-separated for several), of a <select> or of a drop-down the page draws (a combobox or list box: pressed open, then its option pressed; one that takes several, each in turn).

use super::*;
use crate::ops::prelude::*;

/// `element.select`: the operation (its [`OpSpec`] below).
pub struct ElementSelect;

impl Op for ElementSelect {
    type Params = FillParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "element.select",
        summary: "Choose an option by its text or value (comma-separated for several): of a <select> or of a drop-down the page draws",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::ElementNotFound, E::UidStale, E::TargetNotInteractable, E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt element select e8 'Germany'",
        ],
        aliases: &[Alias::new(&["select"], "select <uid|selector> <option>", "choose an option of a drop-down", "select #country Germany", Form::ElementValue)],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::FillArgs>(),
        ..OpSpec::DEFAULTS
    };
}
