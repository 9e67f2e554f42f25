//! `cdt console get`: one message with its arguments and stack.

use super::*;
use crate::ops::prelude::*;

/// `console.get`: the operation (its [`OpSpec`] below).
pub struct ConsoleGet;

impl Op for ConsoleGet {
    type Params = IdParams;
    type Reply = ConsoleDetail;
    const SPEC: OpSpec = OpSpec {
        name: "console.get",
        summary: "One message with its arguments and stack",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::ConsoleMessageNotFound, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt console get 3",
        ],
        tools: &[Tool::of::<GetConsoleMessage>("get_console_message", ToolFamily::DevTools, "One console message with its arguments and stack.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::IdArg>(),
        ..OpSpec::DEFAULTS
    };
}

/// `get_console_message`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GetConsoleMessage {
    pub msgid: u64,
}

impl ToolShape for GetConsoleMessage {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::ConsoleGet(IdParams {
            id: self.msgid,
            include_secrets: false,
        }))
    }
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::given_as_is;
    #[allow(unused_imports)]
    use crate::ops::console::args::*;

#[derive(Debug, Args, Serialize)]
    pub struct IdArg {
        /// The message id (from `cdt console list`).
        #[arg(value_name = "ID")]
        #[serde(skip_serializing_if = "Option::is_none")]
        pub id: Option<u64>,
        #[arg(long = "id", value_name = "ID", conflicts_with = "id", hide = true)]
        #[serde(rename = "id", skip_serializing_if = "Option::is_none")]
        pub id_flag: Option<u64>,
    }

    given_as_is!(IdArg);
}
