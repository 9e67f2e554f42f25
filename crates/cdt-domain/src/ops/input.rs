//! `input …`: keyboard and mouse by keys and coordinates (SPEC §6.4).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct KeyParams {
    /// A key or chord: `Enter`, `Control+A`, `Shift+Tab`, `a`.
    pub keys: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TypeParams {
    /// Text typed into the focused element (any script).
    pub text: String,
    /// A key to press afterwards, e.g. `Enter`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub submit: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PointParams {
    pub x: f64,
    pub y: f64,
    /// `left` (default), `middle` or `right`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub button: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
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

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ScrollParams {
    #[serde(default)]
    pub dx: f64,
    #[serde(default)]
    pub dy: f64,
    /// Where the wheel is, `x,y` (default: the middle of the viewport).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// The flags of `cdt input …`.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use clap::Args;
    use serde::Serialize;

    use crate::ops::cli::given_as_is;
    use crate::ops::page::args::PageArg;

    #[derive(Debug, Args, Serialize)]
    pub struct KeyArgs {
        #[arg(value_name = "KEYS")]
        pub keys: Option<String>,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    #[derive(Debug, Args, Serialize)]
    pub struct TypeArgs {
        #[arg(value_name = "TEXT", allow_hyphen_values = true)]
        pub text: Option<String>,
        /// A key to press after typing, e.g. Enter.
        #[arg(long, value_name = "KEY")]
        pub submit: Option<String>,
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
        /// left, right or middle.
        #[arg(long)]
        pub button: Option<String>,
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

    #[derive(Debug, Args, Serialize)]
    pub struct ScrollArgs {
        #[arg(long, allow_negative_numbers = true, default_value_t = 0.0)]
        pub dx: f64,
        #[arg(long, allow_negative_numbers = true, default_value_t = 0.0)]
        pub dy: f64,
        /// Where the wheel is, x,y (default: the middle of the viewport).
        #[arg(long, value_name = "X,Y")]
        pub at: Option<String>,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    given_as_is!(KeyArgs, TypeArgs, PointArgs, DragArgs, ScrollArgs);
}
