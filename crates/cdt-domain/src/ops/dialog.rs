//! `dialog handle|status` (SPEC §6.5).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The `dialog` operations: their entries in the operation table (see `ops::operations!`).
macro_rules! dialog_operations {
    ($then:ident [$($table:tt)*] $($rest:ident)*) => {
        $then! { [$($table)*
        /// Accept or dismiss the open JavaScript dialog (alert, confirm, prompt, beforeunload)
        DialogHandle = "dialog.handle" (DialogHandleParams, dialog::args::HandleArgs), S5, [DialogNotOpen, PageNotFound, CdpDisconnected],
            ["cdt dialog handle accept --text 'my answer'", "cdt dialog handle accept", "cdt dialog handle dismiss", "cdt dialog handle accept --text 'my answer'   # a prompt()"];
        /// Whether a dialog is open, with its type and message
        DialogStatus = "dialog.status" (PageParams, page::args::PageArg), S5, [PageNotFound, CdpDisconnected],
            ["cdt dialog status"];
        ] $($rest)* }
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
