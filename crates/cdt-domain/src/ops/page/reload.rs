//! `cdt page reload`: reload the page.

use super::*;
use crate::ops::prelude::*;

/// `page.reload`: the operation (its [`OpSpec`] below).
pub struct PageReload;

impl Op for PageReload {
    type Params = ReloadParams;
    type Reply = NavigatedReply;
    const SPEC: OpSpec = OpSpec {
        name: "page.reload",
        summary: "Reload the page",
        default_timeout_ms: S30,
        effect: Effect::Acts,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::DialogBlocking, E::CdpDisconnected],
        examples: &[
            "cdt page reload --ignore-cache",
            "cdt page reload",
        ],
        text: TextForm::PageReached,
        aliases: &[Alias::new(&["r", "reload"], "r", "reload the page", "r --ignore-cache", Form::Append)],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::ReloadArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReloadParams {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// Bypass the cache.
    #[serde(default)]
    pub ignore_cache: bool,
    #[serde(default)]
    pub wait_until: WaitUntil,
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
    pub struct ReloadArgs {
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
        /// Bypass the cache.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub ignore_cache: bool,
        #[arg(long, value_enum, value_name = "EVENT")]
        pub wait_until: Option<WaitUntil>,
    }

    given_as_is!(ReloadArgs);
}
