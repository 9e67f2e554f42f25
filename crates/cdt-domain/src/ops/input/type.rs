//! `cdt input type`: type text into the focused element (any script), optionally pressing a key after.

use super::*;
use crate::ops::prelude::*;

/// `input.type`: the operation (its [`OpSpec`] below).
pub struct InputType;

impl Op for InputType {
    type Params = TypeParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "input.type",
        summary: "Type text into the focused element (any script), optionally pressing a key after",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt input type 'hello world' --submit Enter",
            "cdt input type 'hello world'",
            "cdt input type 'Zoë' --submit Enter",
        ],
        tools: &[Tool::of::<TypeText>("type_text", ToolFamily::DevTools, "Type text with the keyboard into the focused element, optionally pressing a key after.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::TypeArgs>(),
        ..OpSpec::DEFAULTS
    };
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

/// `type_text` (the DevTools server's shape).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TypeText {
    pub text: String,
    /// A key to press after, e.g. `Enter`.
    #[serde(default)]
    pub submit_key: Option<String>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl ToolShape for TypeText {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::InputType(TypeParams {
            text: self.text,
            submit: self.submit_key,
            page: self.page,
        }))
    }
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::given_as_is;
    use crate::ops::page::args::PageArg;
    #[allow(unused_imports)]
    use crate::ops::input::args::*;

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

    given_as_is!(TypeArgs);
}
