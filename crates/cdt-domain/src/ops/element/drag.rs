//! `cdt element drag`: drag one element onto another (mouse moves, or HTML5 drag-and-drop when
//! the page starts one on the way).

use super::*;
use crate::ops::prelude::*;

/// `element.drag`: the operation (its [`OpSpec`] below).
pub struct ElementDrag;

impl Op for ElementDrag {
    type Params = DragParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "element.drag",
        summary: "Drag one element onto another (mouse moves, or HTML5 drag-and-drop when the page starts one)",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::ElementNotFound, E::UidStale, E::TargetObscured, E::TargetNotInteractable, E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt element drag e4 e9",
            "cdt element drag '#list li:first-child' '#list li:last-child'",
        ],
        tools: &[Tool::of::<Drag>("drag", ToolFamily::DevTools, "Drag an element onto another.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::DragArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DragParams {
    /// The uid (or CSS selector) to drag.
    pub from: String,
    /// The uid (or CSS selector) to drop on.
    pub to: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    #[serde(default)]
    pub no_wait: bool,
}

/// `drag`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Drag {
    pub from_uid: String,
    pub to_uid: String,
    #[serde(default)]
    pub page: Option<u32>,
}

impl ToolShape for Drag {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::ElementDrag(DragParams {
            from: self.from_uid,
            to: self.to_uid,
            page: self.page,
            no_wait: false,
        }))
    }
}
