//! `cdt input scroll`: scroll with the mouse wheel.

use super::*;
use crate::ops::prelude::*;

/// `input.scroll`: the operation (its [`OpSpec`] below).
pub struct InputScroll;

impl Op for InputScroll {
    type Params = ScrollParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "input.scroll",
        summary: "Scroll with the mouse wheel",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt input scroll --dy 800",
            "cdt input scroll --dx 200 --at 400,300",
        ],
        aliases: &[Alias::new(&["scroll"], "scroll top|bottom|up|down | scroll <uid|selector> into view | scroll x=<n> y=<n>", "scroll the page, or an element into view", "scroll bottom", Form::Scroll)],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::ScrollArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ScrollParams {
    #[serde(default)]
    pub dx: f64,
    #[serde(default)]
    pub dy: f64,
    /// Where the wheel is (default: the middle of the viewport).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Point>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// A point in the viewport, in CSS pixels (`400,300` on the command line).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl std::str::FromStr for Point {
    type Err = String;

    fn from_str(text: &str) -> Result<Point, String> {
        text.split_once(',')
            .and_then(|(x, y)| {
                let x: f64 = x.trim().parse().ok()?;
                let y: f64 = y.trim().parse().ok()?;
                (x.is_finite() && y.is_finite()).then_some(Point { x, y })
            })
            .ok_or_else(|| format!("{text:?} is not x,y (e.g. 400,300)"))
    }
}

#[cfg(feature = "cli")]
mod args {
    use super::*;
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::given_as_is;
    use crate::ops::page::args::PageArg;
    #[allow(unused_imports)]
    use crate::ops::input::args::*;

#[derive(Debug, Args, Serialize)]
    pub struct ScrollArgs {
        #[arg(long, allow_negative_numbers = true, default_value_t = 0.0)]
        pub dx: f64,
        #[arg(long, allow_negative_numbers = true, default_value_t = 0.0)]
        pub dy: f64,
        /// Where the wheel is, x,y (default: the middle of the viewport).
        #[arg(long, value_name = "X,Y", allow_negative_numbers = true)]
        pub at: Option<Point>,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    given_as_is!(ScrollArgs);
}
