//! `cdt page navigate`: load a URL in the current page (or --page N); waits for `load` by default.

use super::*;
use crate::ops::prelude::*;

/// `page.navigate`: the operation (its [`OpSpec`] below).
pub struct PageNavigate;

impl Op for PageNavigate {
    type Params = PageNavigateParams;
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
