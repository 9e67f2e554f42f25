//! `cdt element find`: find elements whose name or value contains a text; returns their uids.

use super::*;
use crate::ops::prelude::*;

/// `element.find`: the operation (its [`OpSpec`] below).
pub struct ElementFind;

impl Op for ElementFind {
    type Params = FindParams;
    type Reply = FindReply;
    const SPEC: OpSpec = OpSpec {
        name: "element.find",
        summary: "Find elements whose name or value contains a text; returns their uids, best match first",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt element find 'Sign in'",
        ],
        text: TextForm::Matches,
        aliases: &[
            Alias::new(&["find"], "find <text>", "elements whose name or value contains the text", "find Sign in", Form::Rest),
            Alias::new(&["findall"], "findall <text>", "every element whose name or value contains the text", "findall Add to cart", Form::Rest).with(&["--limit", "1000"]),
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::FindArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FindParams {
    /// Text to look for in names and values.
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use serde::Serialize;
    
    use crate::ops::cli::given_as_is;
    #[allow(unused_imports)]
    use crate::ops::element::args::*;

#[derive(Debug, Args, Serialize)]
    pub struct FindArgs {
        /// Text to look for in names and values.
        #[arg(value_name = "TEXT")]
        pub text: Option<String>,
        #[arg(long)]
        pub limit: Option<usize>,
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    given_as_is!(FindArgs);
}
