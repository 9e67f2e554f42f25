//! `cdt console wait`: wait for the first new message whose text matches a regular expression.

use super::*;
use crate::ops::prelude::*;

/// `console.wait`: the operation (its [`OpSpec`] below).
pub struct ConsoleWait;

impl Op for ConsoleWait {
    type Params = ConsoleWaitParams;
    type Reply = ConsoleDetail;
    const SPEC: OpSpec = OpSpec {
        name: "console.wait",
        summary: "Wait for the first new message whose text matches a regular expression",
        default_timeout_ms: S10,
        effect: Effect::Reads,
        errors: &[E::PageNotFound, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt console wait --pattern 'ready|loaded' --type log --timeout 5000",
            "cdt console wait --pattern 'ready'",
            "cdt console wait --pattern 'Error|failed' --type error,exception --timeout 5000",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::WaitArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConsoleWaitParams {
    /// Regular expression the message text must match.
    pub pattern: String,
    /// Only these types.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<String>,
    /// The page (default: any page of the context).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}
