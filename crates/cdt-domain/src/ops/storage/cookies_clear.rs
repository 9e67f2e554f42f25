//! `cdt storage cookies clear`: delete cookies: all, or those matching --domain / --name.

use super::*;
use crate::ops::prelude::*;

/// `storage.cookies.clear`: the operation (its [`OpSpec`] below).
pub struct StorageCookiesClear;

impl Op for StorageCookiesClear {
    type Params = CookieClearParams;
    type Reply = CookiesClearReply;
    const SPEC: OpSpec = OpSpec {
        name: "storage.cookies.clear",
        summary: "Delete cookies: all, or those matching --domain / --name",
        default_timeout_ms: S5,
        effect: Effect::Changes,
        errors: &[E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt storage cookies clear --domain example.com",
            "cdt storage cookies clear",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::CookieFilterArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CookieClearParams {
    /// Only cookies whose domain ends with this (default: every cookie of the context).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub domain: Option<String>,
    /// Only cookies with this name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}
