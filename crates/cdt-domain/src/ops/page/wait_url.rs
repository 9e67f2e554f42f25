//! `cdt page wait-url`: wait until the whole URL matches a glob (or a regular expression with --regex).

use super::*;
use crate::ops::prelude::*;

/// `page.wait-url`: the operation (its [`OpSpec`] below).
pub struct PageWaitUrl;

impl Op for PageWaitUrl {
    type Params = WaitUrlParams;
    type Reply = WaitUrlReply;
    const SPEC: OpSpec = OpSpec {
        name: "page.wait-url",
        summary: "Wait until the whole URL matches a glob (or a regular expression with --regex)",
        default_timeout_ms: S10,
        effect: Effect::Reads,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::CdpDisconnected],
        examples: &[
            "cdt page wait-url '*/dashboard*'",
            "cdt page wait-url 'https://example.com/step-?'",
            "cdt page wait-url --regex 'step-[0-9]+$'",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::WaitUrlArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WaitUrlParams {
    /// A glob matched against the whole URL (`*` any run of characters, `?` one character),
    /// or with `regex` a regular expression searched for in the URL.
    pub pattern: String,
    /// Treat `pattern` as a regular expression.
    #[serde(default)]
    pub regex: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::{given_as_is, is_false};
    
    #[allow(unused_imports)]
    use crate::ops::page::args::*;

#[derive(Debug, Args, Serialize)]
    pub struct WaitUrlArgs {
        /// A glob matched against the whole URL (`*` any run of characters, `?` one character).
        #[arg(value_name = "PATTERN")]
        pub pattern: Option<String>,
        /// Treat PATTERN as a regular expression searched for in the URL.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub regex: bool,
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    given_as_is!(WaitUrlArgs);
}
