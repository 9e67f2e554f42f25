//! `cdt element click`: click an element (scrolled into view, checked visible, enabled and not covered).

use super::*;
use crate::ops::prelude::*;

/// `element.click`: the operation (its [`OpSpec`] below).
pub struct ElementClick;

impl Op for ElementClick {
    type Params = ClickParams;
    const SPEC: OpSpec = OpSpec {
        name: "element.click",
        summary: "Click an element (scrolled into view, checked visible, enabled and not covered)",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::ElementNotFound, E::UidStale, E::TargetObscured, E::TargetNotInteractable, E::TargetOutOfView, E::DialogBlocking, E::PageNotFound, E::NoCurrentPage, E::CdpDisconnected],
        examples: &[
            "cdt element click e12",
            "cdt element click --selector 'button[type=submit]'",
            "cdt element click --text 'Sign in' --no-wait",
            "cdt element click e12 --button right     # the context menu",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::ClickArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClickParams {
    #[serde(flatten)]
    pub target: ElementTarget,
    /// Return right after the action, without waiting for navigation or DOM quiet.
    #[serde(default)]
    pub no_wait: bool,
    /// The mouse button (default `left`; `right` opens a context menu).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub button: Option<ClickButton>,
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    
    use super::ClickButton;
    use crate::ops::cli::CliArgs;
    #[allow(unused_imports)]
    use crate::ops::element::args::*;

#[derive(Debug, Args)]
    pub struct ClickArgs {
        #[command(flatten)]
        pub action: ActionArgs,
        /// The mouse button (default left; right opens the context menu).
        #[arg(long, value_enum, value_name = "BUTTON")]
        pub button: Option<ClickButton>,
    }

impl CliArgs for ClickArgs {
        type Given = ActionGiven;
        fn given(self) -> ActionGiven {
            ActionGiven {
                button: self.button,
                ..self.action.given()
            }
        }
    }

}
