//! `cdt element hover`: move the mouse over an element.

use super::*;
use crate::ops::prelude::*;

/// `element.hover`: the operation (its [`OpSpec`] below).
pub struct ElementHover;

impl Op for ElementHover {
    type Params = ElementActionParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "element.hover",
        summary: "Move the mouse over an element",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::ElementNotFound, E::UidStale, E::TargetObscured, E::TargetNotInteractable, E::TargetOutOfView, E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt element hover e7",
        ],
        aliases: &[Alias::new(&["hover"], "hover <uid|selector|text>", "move the mouse over an element", "hover Menu", Form::Element)],
        tools: &[Tool::of::<Hover>("hover", ToolFamily::DevTools, "Hover an element (uid, selector or text).")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::ActionArgs>(),
        ..OpSpec::DEFAULTS
    };
}

/// `hover`: the element, as cdt names it (uid, selector or text).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Hover {
    #[serde(flatten)]
    pub action: ElementActionParams,
}

impl ToolShape for Hover {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::ElementHover(self.action))
    }
}
