//! `cdt network har`: write the page's requests as a HAR 1.2 file.

use super::*;
use crate::ops::prelude::*;

/// `network.har`: the operation (its [`OpSpec`] below).
pub struct NetworkHar;

impl Op for NetworkHar {
    type Params = NetworkHarParams;
    type Reply = NetworkHarReply;
    const SPEC: OpSpec = OpSpec {
        name: "network.har",
        summary: "Write the page's requests as a HAR 1.2 file",
        default_timeout_ms: 15_000,
        effect: Effect::Changes,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::IoError, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt network har session.har",
            "cdt network har ./session.har",
            "cdt network har /tmp/p2.har --page 2",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::HarArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NetworkHarParams {
    /// Where to write the HAR file (absolute path).
    pub file: String,
    /// The page (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// Keep Authorization, Cookie and Set-Cookie values.
    #[serde(default)]
    pub include_secrets: bool,
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::{given_as_is, is_false};
    #[allow(unused_imports)]
    use crate::ops::network::args::*;

#[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct HarArgs {
        /// Where to write the HAR file.
        #[arg(value_name = "FILE")]
        pub file: Option<String>,
        /// The page (default: the current page).
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
        /// Keep Authorization, Cookie and Set-Cookie values.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub include_secrets: bool,
    }

    given_as_is!(HarArgs);
}
