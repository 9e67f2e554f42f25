//! `cdt page wait-text`: wait until any of the texts appears on the page.

use super::*;
use crate::ops::prelude::*;

/// `page.wait-text`: the operation (its [`OpSpec`] below).
pub struct PageWaitText;

impl Op for PageWaitText {
    type Params = WaitTextParams;
    type Reply = WaitTextReply;
    const SPEC: OpSpec = OpSpec {
        name: "page.wait-text",
        summary: "Wait until any of the texts appears on the page",
        default_timeout_ms: S10,
        effect: Effect::Reads,
        errors: &[E::NavigationInterrupted, E::PageNotFound, E::NoCurrentPage, E::DialogBlocking, E::CdpDisconnected],
        examples: &[
            "cdt page wait-text 'Welcome' 'Signed in'",
            "cdt page wait-text 'Welcome'",
            "cdt page wait-text 'Signed in' 'Wrong password' --timeout 5000",
            "cdt page wait-text 'Saved' --root '#status'",
        ],
        tools: &[Tool::of::<WaitFor>("wait_for", ToolFamily::DevTools, "Wait until any of the texts is on the page.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::WaitTextArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WaitTextParams {
    /// Returns when any of these texts is on the page.
    pub texts: Vec<String>,
    /// Only in this element: a uid from `cdt capture snapshot` or a CSS selector (none
    /// matching yet: the wait goes on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// `wait_for`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WaitFor {
    /// Returns when any of these is on the page.
    pub text: Vec<String>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl ToolShape for WaitFor {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::PageWaitText(WaitTextParams {
            texts: self.text,
            root: None,
            page: self.page,
        }))
    }
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::given_as_is;
    
    #[allow(unused_imports)]
    use crate::ops::page::args::*;

#[derive(Debug, Args, Serialize)]
    pub struct WaitTextArgs {
        /// Texts to wait for (any of them).
        #[arg(value_name = "TEXT")]
        pub texts: Vec<String>,
        /// Only in this element: a uid (e12) or a CSS selector.
        #[arg(long, value_name = "UID|CSS")]
        pub root: Option<String>,
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    given_as_is!(WaitTextArgs);
}
