//! `cdt dialog handle`: accept or dismiss the open JavaScript dialog (alert, confirm, prompt, beforeunload).

use super::*;
use crate::ops::prelude::*;

/// `dialog.handle`: the operation (its [`OpSpec`] below).
pub struct DialogHandle;

impl Op for DialogHandle {
    type Params = DialogHandleParams;
    const SPEC: OpSpec = OpSpec {
        name: "dialog.handle",
        summary: "Accept or dismiss the open JavaScript dialog (alert, confirm, prompt, beforeunload)",
        default_timeout_ms: S5,
        effect: Effect::Acts,
        errors: &[E::DialogNotOpen, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt dialog handle accept --text 'my answer'",
            "cdt dialog handle accept",
            "cdt dialog handle dismiss",
            "cdt dialog handle accept --text 'my answer'   # a prompt()",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::HandleArgs>(),
        ..OpSpec::DEFAULTS
    };
}

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

#[cfg(feature = "cli")]
mod args {
    
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
