//! `cdt page open`: open a URL in a new page, which becomes current (starts the browser if needed).

use super::*;
use crate::ops::prelude::*;

/// `page.open`: the operation (its [`OpSpec`] below).
pub struct PageOpen;

impl Op for PageOpen {
    type Params = PageOpenParams;
    type Reply = NavigatedReply;
    const SPEC: OpSpec = OpSpec {
        name: "page.open",
        summary: "Open a URL in a new page, which becomes current (starts the browser if needed)",
        default_timeout_ms: S30,
        effect: Effect::Acts,
        errors: &[E::NavigationFailed, E::BrowserLaunchFailed, E::SlotLimitReached, E::CdpDisconnected],
        examples: &[
            "cdt page open https://example.com",
            "cdt page open http://127.0.0.1:8080/app --wait-until networkidle",
            "cdt page open https://example.com/docs --background",
            "cdt page open --url https://example.com --fields id,title",
        ],
        text: TextForm::PageReached,
        tools: &[Tool::of::<PageOpenParams>("new_page", ToolFamily::DevTools, "Open a new page at a URL and select it.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::OpenArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PageOpenParams {
    /// The URL to open (`https://…`, `http://127.0.0.1:8080/x.html`, `about:blank`, `file:///…`).
    pub url: String,
    /// Open without making it the current page.
    #[serde(default)]
    pub background: bool,
    /// What to wait for before returning.
    #[serde(default)]
    pub wait_until: WaitUntil,
    /// JavaScript run before any page script, in every frame of the loaded document
    /// (`--init-script <file|js>`; the CLI reads a file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub init_script: Option<String>,
    /// Keep the init script for later documents of the page too (default: removed after this
    /// navigation).
    #[serde(default)]
    pub persist: bool,
}

impl ToolShape for PageOpenParams {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::PageOpen(self))
    }
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::{given_as_is, is_false};
    use crate::page::WaitUntil;
    #[allow(unused_imports)]
    use crate::ops::page::args::*;

#[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct OpenArgs {
        /// The URL to open.
        #[arg(value_name = "URL")]
        pub url: Option<String>,
        /// The URL to open (same as the positional argument).
        #[arg(long = "url", value_name = "URL", conflicts_with = "url")]
        #[serde(rename = "url", skip_serializing_if = "Option::is_none")]
        pub url_flag: Option<String>,
        /// Open without making it the current page.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub background: bool,
        /// What to wait for before returning.
        #[arg(long, value_enum, value_name = "EVENT")]
        pub wait_until: Option<WaitUntil>,
        #[command(flatten)]
        #[serde(flatten)]
        pub init: InitScriptArgs,
    }

    given_as_is!(OpenArgs);
}
