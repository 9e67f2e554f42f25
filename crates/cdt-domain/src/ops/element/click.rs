//! `cdt element click`: click an element (scrolled into view, checked visible, enabled and not covered).

use super::*;
use crate::ops::prelude::*;

/// `element.click`: the operation (its [`OpSpec`] below).
pub struct ElementClick;

impl Op for ElementClick {
    type Params = ClickParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "element.click",
        summary: "Click an element (scrolled into view, checked visible, enabled and not covered)",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::ElementNotFound, E::UidStale, E::TargetObscured, E::TargetNotInteractable, E::TargetOutOfView, E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::NoCurrentPage, E::CdpDisconnected],
        examples: &[
            "cdt element click e12",
            "cdt element click --selector 'button[type=submit]'",
            "cdt element click --text 'Sign in' --no-wait",
            "cdt element click e12 --button right     # the context menu",
        ],
        aliases: &[
            Alias::new(&["c", "click"], "c <uid|selector|text> [--force]", "click an element (--force: do not wait for what it causes)", "c e3", Form::Element),
            Alias::new(&["rightclick"], "rightclick <uid|selector|text>", "right-click an element (its context menu)", "rightclick e3", Form::Element).with(&["--button", "right"]),
        ],
        tools: &[Tool::of::<Click>("click", ToolFamily::DevTools, "Click an element; reports what it caused.").also_sends(&["element.dblclick"])],
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

/// `click`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Click {
    /// From take_snapshot.
    pub uid: String,
    #[serde(default)]
    pub dbl_click: bool,
    #[serde(default)]
    pub page: Option<u32>,
}

impl ToolShape for Click {
    fn operation(self) -> Result<Operation, CdtError> {
        let target = ElementTarget::uid(self.uid, self.page);
        Ok(if self.dbl_click {
            Operation::ElementDblclick(ElementActionParams {
                target,
                no_wait: false,
            })
        } else {
            Operation::ElementClick(ClickParams {
                target,
                no_wait: false,
                button: None,
            })
        })
    }
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
