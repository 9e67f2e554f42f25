//! `cdt dialog handle`: accept or dismiss the open JavaScript dialog (alert, confirm, prompt) and tell what the answer caused.

use super::*;
use crate::ops::prelude::*;

/// `dialog.handle`: the operation (its [`OpSpec`] below).
pub struct DialogHandle;

impl Op for DialogHandle {
    type Params = DialogHandleParams;
    type Reply = DialogHandleReply;
    const SPEC: OpSpec = OpSpec {
        name: "dialog.handle",
        summary: "Accept or dismiss the open JavaScript dialog (alert, confirm, prompt); tells what the answer caused",
        default_timeout_ms: S5,
        effect: Effect::Acts,
        errors: &[E::DialogNotOpen, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt dialog handle accept --text 'my answer'",
            "cdt dialog handle accept",
            "cdt dialog handle dismiss",
            "cdt dialog handle accept --text 'my answer'   # a prompt()",
        ],
        tools: &[Tool::of::<HandleDialog>("handle_dialog", ToolFamily::DevTools, "Accept or dismiss the open JavaScript dialog.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::HandleArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DialogHandleParams {
    /// `accept` or `dismiss`.
    pub action: DialogAction,
    /// Text for a `prompt()`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// What to do with an open dialog. `ok`/`yes` and `cancel`/`no` are accepted too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum DialogAction {
    #[default]
    #[serde(alias = "ok", alias = "yes")]
    #[cfg_attr(feature = "cli", value(alias = "ok", alias = "yes"))]
    Accept,
    #[serde(alias = "cancel", alias = "no")]
    #[cfg_attr(feature = "cli", value(alias = "cancel", alias = "no"))]
    Dismiss,
}

/// `handle_dialog`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HandleDialog {
    pub action: DialogAction,
    /// Answer to a prompt().
    #[serde(default)]
    pub prompt_text: Option<String>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl ToolShape for HandleDialog {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::DialogHandle(DialogHandleParams {
            action: self.action,
            text: self.prompt_text,
            page: self.page,
        }))
    }
}

#[cfg(feature = "cli")]
mod args {
    use super::*;
    
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::given_as_is;
    use crate::ops::page::args::PageArg;

#[derive(Debug, Args, Serialize)]
    pub struct HandleArgs {
        /// accept or dismiss.
        #[arg(value_name = "ACTION", value_enum, ignore_case = true)]
        pub action: Option<DialogAction>,
        /// Text to answer a prompt() with.
        #[arg(long)]
        pub text: Option<String>,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    given_as_is!(HandleArgs);
}
