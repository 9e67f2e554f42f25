//! `input …`: keyboard and mouse by keys and coordinates (SPEC §6.4).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The `input` operations: their entries in the operation table (see `ops::operations!`).
macro_rules! input_operations {
    ($then:ident [$($table:tt)*] $($rest:ident)*) => {
        $then! { [$($table)*
        /// Press a key or chord: Enter, Tab, Escape, Control+A, Shift+Tab, F5, a, …
        InputKey = "input.key" (KeyParams, input::args::KeyArgs), S10, [DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt input key Control+A", "cdt input key Enter"];
        /// Type text into the focused element (any script), optionally pressing a key after
        InputType = "input.type" (TypeParams, input::args::TypeArgs), S10, [DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt input type 'hello world' --submit Enter", "cdt input type 'hello world'", "cdt input type 'Zoë' --submit Enter"];
        /// Move the mouse to x y (CSS pixels of the viewport)
        InputMouseMove = "input.mouse-move" (PointParams, input::args::PointArgs), S10, [DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt input mouse-move 200 300"];
        /// Click at x y
        InputClick = "input.click" (PointParams, input::args::PointArgs), S10, [DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt input click 200 300", "cdt input click 200 300 --button right"];
        /// Press a mouse button at x y
        InputMouseDown = "input.mouse-down" (PointParams, input::args::PointArgs), S10, [DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt input mouse-down 200 300"];
        /// Release a mouse button at x y
        InputMouseUp = "input.mouse-up" (PointParams, input::args::PointArgs), S10, [DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt input mouse-up 200 300"];
        /// Drag from x1 y1 to x2 y2
        InputDrag = "input.drag" (PointDragParams, input::args::DragArgs), S10, [DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt input drag 10 10 300 200"];
        /// Scroll with the mouse wheel
        InputScroll = "input.scroll" (ScrollParams, input::args::ScrollArgs), S10, [DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt input scroll --dy 800", "cdt input scroll --dx 200 --at 400,300"];
        ] $($rest)* }
    };
}

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
