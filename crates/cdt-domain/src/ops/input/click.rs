//! `cdt input click`: click at x y.

use super::*;
use crate::ops::prelude::*;

/// `input.click`: the operation (its [`OpSpec`] below).
pub struct InputClick;

impl Op for InputClick {
    type Params = ClickAtParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "input.click",
        summary: "Click at x y",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt input click 200 300",
            "cdt input click 200 300 --button right",
            "cdt input click 200 300 --double",
        ],
        tools: &[Tool::of::<ClickAt>("click_at", ToolFamily::DevTools, "Click at viewport coordinates (CSS px); reports what it caused.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::ClickAtArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClickAtParams {
    /// Viewport x, in CSS pixels.
    pub x: f64,
    /// Viewport y, in CSS pixels.
    pub y: f64,
    /// `left` (default), `middle` or `right`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub button: Option<ClickButton>,
    /// A double click.
    #[serde(default)]
    pub double: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// `click_at` (the DevTools server's shape).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClickAt {
    pub x: f64,
    pub y: f64,
    #[serde(default)]
    pub dbl_click: bool,
    #[serde(default)]
    pub page: Option<u32>,
}

impl ToolShape for ClickAt {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::InputClick(ClickAtParams {
            x: self.x,
            y: self.y,
            button: None,
            double: self.dbl_click,
            page: self.page,
        }))
    }
}

#[cfg(feature = "cli")]
mod args {
    use clap::Args;
    use serde::Serialize;

    use crate::ops::cli::{given_as_is, is_false};
    use crate::ops::page::args::PageArg;

    #[derive(Debug, Args, Serialize)]
    pub struct ClickAtArgs {
        #[arg(value_name = "X", allow_negative_numbers = true)]
        pub x: Option<f64>,
        #[arg(value_name = "Y", allow_negative_numbers = true)]
        pub y: Option<f64>,
        /// left (default), right or middle.
        #[arg(long, value_enum)]
        pub button: Option<crate::ops::ClickButton>,
        /// A double click.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub double: bool,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    given_as_is!(ClickAtArgs);
}
