//! `cdt input drag`: drag from x1 y1 to x2 y2.

use super::*;
use crate::ops::prelude::*;

/// `input.drag`: the operation (its [`OpSpec`] below).
pub struct InputDrag;

impl Op for InputDrag {
    type Params = PointDragParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "input.drag",
        summary: "Drag from x1 y1 to x2 y2",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt input drag 10 10 300 200",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::DragArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PointDragParams {
    pub x1: f64,
    pub y1: f64,
    pub x2: f64,
    pub y2: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}
