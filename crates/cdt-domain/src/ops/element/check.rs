//! `cdt element check`: tick (or, with --checked false, untick) a checkbox, radio or switch.

use super::*;
use crate::ops::prelude::*;

/// `element.check`: the operation (its [`OpSpec`] below).
pub struct ElementCheck;

impl Op for ElementCheck {
    type Params = CheckParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "element.check",
        summary: "Tick (or, with --checked false, untick) a checkbox, radio or switch",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::ElementNotFound, E::UidStale, E::TargetObscured, E::TargetNotInteractable, E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt element check e9 --checked false",
            "cdt element check e9",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::CheckArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckParams {
    #[serde(flatten)]
    pub target: ElementTarget,
    /// The state wanted (default true).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked: Option<bool>,
    #[serde(default)]
    pub no_wait: bool,
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    
    
    use crate::ops::cli::CliArgs;
    #[allow(unused_imports)]
    use crate::ops::element::args::*;

#[derive(Debug, Args)]
    pub struct CheckArgs {
        #[command(flatten)]
        pub target: TargetArgs,
        /// The state wanted.
        #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set)]
        pub checked: bool,
        #[arg(long)]
        pub no_wait: bool,
    }

impl CliArgs for CheckArgs {
        type Given = ActionGiven;
        fn given(self) -> ActionGiven {
            ActionGiven {
                target: self.target.into(),
                no_wait: self.no_wait,
                checked: Some(self.checked),
                ..ActionGiven::default()
            }
        }
    }

}
