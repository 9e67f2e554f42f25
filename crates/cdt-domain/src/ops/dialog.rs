//! `dialog handle|status` (SPEC §6.5).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DialogHandleParams {
    /// `accept` or `dismiss`.
    pub action: String,
    /// Text for a `prompt()`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// The flags of `cdt dialog handle`.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use clap::Args;
    use serde::Serialize;

    use crate::ops::cli::given_as_is;
    use crate::ops::page::args::PageArg;

    #[derive(Debug, Args, Serialize)]
    pub struct HandleArgs {
        /// accept or dismiss.
        #[arg(value_name = "ACTION")]
        pub action: Option<String>,
        /// Text to answer a prompt() with.
        #[arg(long)]
        pub text: Option<String>,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    given_as_is!(HandleArgs);
}
