//! `cdt element fill`: fill an input, textarea, contenteditable, select or checkbox (any script, e.g. 'Zoë 東京').

use super::*;
use crate::ops::prelude::*;

/// `element.fill`: the operation (its [`OpSpec`] below).
pub struct ElementFill;

impl Op for ElementFill {
    type Params = FillParams;
    const SPEC: OpSpec = OpSpec {
        name: "element.fill",
        summary: "Fill an input, textarea, contenteditable, select or checkbox (any script, e.g. 'Zoë 東京')",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::ElementNotFound, E::UidStale, E::TargetNotInteractable, E::DialogBlocking, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt element fill e5 'ada@example.com'",
            "cdt element fill e8 Germany          # a <select>, by option text or value",
            "cdt element fill e9 false            # a checkbox",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::FillArgs>(),
        ..OpSpec::DEFAULTS
    };
}
