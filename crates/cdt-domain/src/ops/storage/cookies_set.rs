//! `cdt storage cookies set`: set a cookie.

use super::*;
use crate::ops::prelude::*;

/// `storage.cookies.set`: the operation (its [`OpSpec`] below).
pub struct StorageCookiesSet;

impl Op for StorageCookiesSet {
    type Params = CookieSetParams;
    type Reply = CookieSetReply;
    const SPEC: OpSpec = OpSpec {
        name: "storage.cookies.set",
        summary: "Set a cookie",
        default_timeout_ms: S5,
        effect: Effect::Changes,
        errors: &[E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt storage cookies set session abc123 --url https://example.com",
            "cdt storage cookies set session abc123 --url http://127.0.0.1:8080/",
            "cdt storage cookies set theme dark --domain example.com --path / --same-site lax --expires 1893456000",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::CookieSetArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CookieSetParams {
    pub name: String,
    pub value: String,
    /// The URL the cookie belongs to (sets domain, path and secure); or give `domain`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub domain: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    #[serde(default)]
    pub secure: bool,
    #[serde(default)]
    pub http_only: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_site: Option<SameSite>,
    /// Expiry, seconds since the Unix epoch (default: a session cookie).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires: Option<f64>,
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use serde::Serialize;
    use super::SameSite;
    use crate::ops::cli::{given_as_is, is_false};
    #[allow(unused_imports)]
    use crate::ops::storage::args::*;

#[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct CookieSetArgs {
        #[arg(value_name = "NAME")]
        pub name: Option<String>,
        #[arg(value_name = "VALUE")]
        pub value: Option<String>,
        /// The URL the cookie belongs to (sets domain, and secure for https).
        #[arg(long, value_name = "URL")]
        pub url: Option<String>,
        #[arg(long, value_name = "DOMAIN")]
        pub domain: Option<String>,
        #[arg(long, value_name = "PATH")]
        pub path: Option<String>,
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub secure: bool,
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub http_only: bool,
        #[arg(long, value_enum)]
        pub same_site: Option<SameSite>,
        /// Expiry in seconds since the Unix epoch (default: session cookie).
        #[arg(long, value_name = "SECS")]
        pub expires: Option<f64>,
    }

    given_as_is!(CookieSetArgs);
}
