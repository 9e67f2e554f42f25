//! `cdt page wait-selector`: wait until a CSS selector is visible (or hidden, attached, or
//! visible and enabled).

use super::*;
use crate::ops::prelude::*;

/// `page.wait-selector`: the operation (its [`OpSpec`] below).
pub struct PageWaitSelector;

impl Op for PageWaitSelector {
    type Params = WaitSelectorParams;
    type Reply = WaitSelectorReply;
    const SPEC: OpSpec = OpSpec {
        name: "page.wait-selector",
        summary: "Wait until a CSS selector is visible (or hidden, attached, or visible and enabled)",
        default_timeout_ms: S10,
        effect: Effect::Reads,
        errors: &[E::NavigationInterrupted, E::PageNotFound, E::NoCurrentPage, E::DialogBlocking, E::CdpDisconnected],
        examples: &[
            "cdt page wait-selector '#results li' --state visible",
            "cdt page wait-selector '#results li'",
            "cdt page wait-selector .spinner --state hidden",
            "cdt page wait-selector 'form button[type=submit]' --state enabled",
        ],
        aliases: &[Alias::new(&["wait"], "wait <selector> | wait <n>s", "wait for a selector to be visible, or n seconds", "wait #results", Form::WaitFor)],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::WaitSelectorArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WaitSelectorParams {
    pub selector: String,
    /// `visible` (default), `hidden`, `attached` or `enabled`.
    #[serde(default)]
    pub state: SelectorState,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// What a selector wait waits for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum SelectorState {
    /// An element matches and is visible.
    #[default]
    Visible,
    /// No visible element matches (none at all, or all hidden).
    Hidden,
    /// An element matches, visible or not.
    Attached,
    /// An element matches, is visible and is enabled (not `disabled`, not in a disabled
    /// fieldset, not `aria-disabled`): a submit button the form turns on.
    Enabled,
}

impl SelectorState {
    /// Its name in the page probe's `waitCheck`.
    pub fn as_str(self) -> &'static str {
        match self {
            SelectorState::Visible => "visible",
            SelectorState::Hidden => "hidden",
            SelectorState::Attached => "attached",
            SelectorState::Enabled => "enabled",
        }
    }
}

#[cfg(feature = "cli")]
mod args {
    use super::*;
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::given_as_is;
    
    #[allow(unused_imports)]
    use crate::ops::page::args::*;

#[derive(Debug, Args, Serialize)]
    pub struct WaitSelectorArgs {
        #[arg(value_name = "CSS")]
        pub selector: Option<String>,
        /// visible (default), hidden, attached or enabled.
        #[arg(long, value_enum)]
        pub state: Option<SelectorState>,
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    given_as_is!(WaitSelectorArgs);
}
