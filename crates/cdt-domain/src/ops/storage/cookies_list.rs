//! `cdt storage cookies list`: list cookies (values included: they are secrets, handle the output with care).

use super::*;
use crate::ops::prelude::*;

/// `storage.cookies.list`: the operation (its [`OpSpec`] below).
pub struct StorageCookiesList;

impl Op for StorageCookiesList {
    type Params = CookieListParams;
    type Reply = CookiesListReply;
    const SPEC: OpSpec = OpSpec {
        name: "storage.cookies.list",
        summary: "List cookies (values included: they are secrets, handle the output with care)",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt storage cookies list --domain example.com",
            "cdt storage cookies list",
            "cdt storage cookies list --domain example.com --name session",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::CookieFilterArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CookieListParams {
    /// Only cookies whose domain ends with this (e.g. `example.com`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub domain: Option<String>,
    /// Only cookies with this name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}
