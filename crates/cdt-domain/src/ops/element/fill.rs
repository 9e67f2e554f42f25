//! `cdt element fill`: fill an input, textarea, contenteditable, select or checkbox (any script, e.g. 'Zoë 東京').

use super::*;
use crate::ops::prelude::*;

/// `element.fill`: the operation (its [`OpSpec`] below).
pub struct ElementFill;

impl Op for ElementFill {
    type Params = FillParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "element.fill",
        summary: "Fill an input, textarea, contenteditable, select or checkbox (any script, e.g. 'Zoë 東京')",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::ElementNotFound, E::UidStale, E::TargetNotInteractable, E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt element fill e5 'ada@example.com'",
            "cdt element fill e8 Germany          # a <select>, by option text or value",
            "cdt element fill e9 false            # a checkbox",
            "cdt element fill e11 30              # a slider: moved by its keys to 30",
        ],
        aliases: &[Alias::new(&["t", "type"], "t <uid|selector> <text>", "fill a field with text", "t #email ada@example.com", Form::ElementValue)],
        tools: &[Tool::of::<Fill>("fill", ToolFamily::DevTools, "Fill a text field, <select> or checkbox/radio.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::FillArgs>(),
        ..OpSpec::DEFAULTS
    };
}

/// `fill`: the element and its value.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Fill {
    #[serde(flatten)]
    pub fill: FillParams,
}

impl ToolShape for Fill {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::ElementFill(self.fill))
    }
}
