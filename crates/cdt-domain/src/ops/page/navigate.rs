//! `cdt page navigate`: load a URL in the current page (or --page N); waits for `load` by default.

use super::*;
use crate::ops::prelude::*;

/// `page.navigate`: the operation (its [`OpSpec`] below).
pub struct PageNavigate;

impl Op for PageNavigate {
    type Params = PageNavigateParams;
    type Reply = NavigatedReply;
    const SPEC: OpSpec = OpSpec {
        name: "page.navigate",
        summary: "Load a URL in the current page (or --page N); waits for `load` by default",
        default_timeout_ms: S30,
        effect: Effect::Acts,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::NavigationFailed, E::DialogBlocking, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt page navigate https://example.com --wait-until domcontentloaded",
            "cdt page navigate https://example.com/next",
            "cdt page navigate http://127.0.0.1:8080/ --page 2 --wait-until domcontentloaded",
            "cdt page navigate https://example.com --timeout 5000",
        ],
        text: TextForm::PageReached,
        aliases: &[Alias::new(&["g", "goto"], "g <url>", "load a URL in the current page", "g http://127.0.0.1:8080/", Form::Append)],
        tools: &[Tool::of::<NavigatePage>("navigate_page", ToolFamily::DevTools, "Load a URL in the page, or go back, forward, or reload.").also_sends(&["page.back", "page.forward", "page.reload"])],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::NavigateArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PageNavigateParams {
    /// The URL to load.
    pub url: String,
    /// The page to navigate (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
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

/// `navigate_page`: where to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum NavigationType {
    #[default]
    Url,
    Back,
    Forward,
    Reload,
}

/// `navigate_page`: a URL, or back, forward, reload.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NavigatePage {
    /// Default `url`.
    #[serde(default, rename = "type")]
    pub kind: NavigationType,
    /// For type=url.
    #[serde(default)]
    pub url: Option<String>,
    /// For type=reload.
    #[serde(default)]
    pub ignore_cache: bool,
    #[serde(default)]
    pub wait_until: WaitUntil,
    #[serde(default)]
    pub page: Option<u32>,
}

impl ToolShape for NavigatePage {
    fn operation(self) -> Result<Operation, CdtError> {
        let (page, wait_until) = (self.page, self.wait_until);
        let history = HistoryParams { page, wait_until };
        Ok(match self.kind {
            NavigationType::Url => {
                let url = self.url.filter(|u| !u.is_empty()).ok_or_else(|| {
                    CdtError::validation("navigate_page with type=url needs a url")
                        .hinted("Pass {\"type\":\"url\",\"url\":\"https://example.com\"}")
                })?;
                Operation::PageNavigate(PageNavigateParams {
                    url,
                    page,
                    wait_until,
                    init_script: None,
                    persist: false,
                })
            }
            NavigationType::Back => Operation::PageBack(history),
            NavigationType::Forward => Operation::PageForward(history),
            NavigationType::Reload => Operation::PageReload(ReloadParams {
                page,
                ignore_cache: self.ignore_cache,
                wait_until,
            }),
        })
    }
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::given_as_is;
    use crate::page::WaitUntil;
    #[allow(unused_imports)]
    use crate::ops::page::args::*;

#[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct NavigateArgs {
        /// The URL to load.
        #[arg(value_name = "URL")]
        #[serde(skip_serializing_if = "Option::is_none")]
        pub url: Option<String>,
        /// The URL to load (same as the positional argument).
        #[arg(long = "url", value_name = "URL", conflicts_with = "url")]
        #[serde(rename = "url", skip_serializing_if = "Option::is_none")]
        pub url_flag: Option<String>,
        /// The page to navigate (default: the current page).
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
        /// What to wait for before returning.
        #[arg(long, value_enum, value_name = "EVENT")]
        pub wait_until: Option<WaitUntil>,
        #[command(flatten)]
        #[serde(flatten)]
        pub init: InitScriptArgs,
    }

    given_as_is!(NavigateArgs);
}
