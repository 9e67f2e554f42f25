//! `input …`: keyboard and mouse by keys and coordinates (SPEC §6.4).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ops::ClickButton;

resource_operations! { $ input_operations(input);
    InputKey = key,
    InputType = r#type,
    InputMouseMove = mouse_move,
    InputClick = click,
    InputMouseDown = mouse_down,
    InputMouseUp = mouse_up,
    InputDrag = drag,
    InputScroll = scroll,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PointParams {
    pub x: f64,
    pub y: f64,
    /// `left` (default), `middle` or `right`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub button: Option<ClickButton>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// The flags several `input` commands share.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use crate::ops::cli::given_as_is;
    use crate::ops::page::args::PageArg;
    use clap::Args;
    use serde::Serialize;

    #[derive(Debug, Args, Serialize)]
    pub struct KeyArgs {
        #[arg(value_name = "KEYS")]
        pub keys: Option<String>,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    #[derive(Debug, Args, Serialize)]
    pub struct PointArgs {
        #[arg(value_name = "X", allow_negative_numbers = true)]
        pub x: Option<f64>,
        #[arg(value_name = "Y", allow_negative_numbers = true)]
        pub y: Option<f64>,
        /// left (default), right or middle.
        #[arg(long, value_enum)]
        pub button: Option<crate::ops::ClickButton>,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    #[derive(Debug, Args, Serialize)]
    pub struct DragArgs {
        #[arg(value_name = "X1")]
        pub x1: Option<f64>,
        #[arg(value_name = "Y1")]
        pub y1: Option<f64>,
        #[arg(value_name = "X2")]
        pub x2: Option<f64>,
        #[arg(value_name = "Y2")]
        pub y2: Option<f64>,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    given_as_is!(KeyArgs, PointArgs, DragArgs);
}
