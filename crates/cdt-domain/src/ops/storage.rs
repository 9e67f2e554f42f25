//! Parameters of storage state: cookies, local/session storage, save/load (SPEC §6.10).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The `storage` operations: their entries in the operation table (see `ops::operations!`).
macro_rules! storage_operations {
    ($then:ident [$($table:tt)*] $($rest:ident)*) => {
        $then! { [$($table)*
        /// List cookies (values included: they are secrets, handle the output with care)
        StorageCookiesList = "storage.cookies.list" (CookieListParams, storage::args::CookieFilterArgs), S5, [BrowserLaunchFailed, CdpDisconnected],
            ["cdt storage cookies list --domain example.com", "cdt storage cookies list", "cdt storage cookies list --domain example.com --name session"];
        /// Set a cookie
        StorageCookiesSet = "storage.cookies.set" (CookieSetParams, storage::args::CookieSetArgs), S5, [BrowserLaunchFailed, CdpDisconnected],
            ["cdt storage cookies set session abc123 --url https://example.com", "cdt storage cookies set session abc123 --url http://127.0.0.1:8080/", "cdt storage cookies set theme dark --domain example.com --path / --same-site lax --expires 1893456000"];
        /// Delete cookies: all, or those matching --domain / --name
        StorageCookiesClear = "storage.cookies.clear" (CookieClearParams, storage::args::CookieFilterArgs), S5, [BrowserLaunchFailed, CdpDisconnected],
            ["cdt storage cookies clear --domain example.com", "cdt storage cookies clear"];
        /// All items, or one key's value
        StorageLocalGet = "storage.local.get" (WebStorageParams, storage::args::KeyArgs), S5, [OriginNotOpen, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected, DialogBlocking],
            ["cdt storage local get token", "cdt storage local get", "cdt storage local get token --origin http://127.0.0.1:8080"];
        /// Set one item
        StorageLocalSet = "storage.local.set" (WebStorageParams, storage::args::KeyValueArgs), S5, [OriginNotOpen, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected, DialogBlocking],
            ["cdt storage local set token abc123", "cdt storage local set theme dark --page 2"];
        /// Remove one key, or every item
        StorageLocalClear = "storage.local.clear" (WebStorageParams, storage::args::KeyArgs), S5, [OriginNotOpen, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected, DialogBlocking],
            ["cdt storage local clear", "cdt storage local clear token"];
        /// All items, or one key's value
        StorageSessionGet = "storage.session.get" (WebStorageParams, storage::args::KeyArgs), S5, [OriginNotOpen, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected, DialogBlocking],
            ["cdt storage session get --origin http://127.0.0.1:8080", "cdt storage session get", "cdt storage session get step --page 2"];
        /// Set one item
        StorageSessionSet = "storage.session.set" (WebStorageParams, storage::args::KeyValueArgs), S5, [OriginNotOpen, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected, DialogBlocking],
            ["cdt storage session set step 2", "cdt storage session set step 2 --page 2"];
        /// Remove one key, or every item
        StorageSessionClear = "storage.session.clear" (WebStorageParams, storage::args::KeyArgs), S5, [OriginNotOpen, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected, DialogBlocking],
            ["cdt storage session clear", "cdt storage session clear step"];
        /// Write cookies and every open origin's local and session storage to a file (mode 0600: it holds secrets)
        StorageSave = "storage.save" (StorageFileParams, storage::args::FileArgs), S10, [IoError, SecurityBlocked, BrowserLaunchFailed, CdpDisconnected],
            ["cdt storage save ~/state.json", "CDT_CONTEXT_ID=other cdt storage load ~/state.json"];
        /// Load a file written by `storage save` into this context: cookies, local storage of each origin, and session storage of origins the page shows. Refuses a file other users can write, and symbolic links
        StorageLoad = "storage.load" (StorageFileParams, storage::args::FileArgs), S30, [IoError, SecurityBlocked, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected],
            ["cdt storage load ~/state.json", "cdt storage load /tmp/state.json --page 2"];
        ] $($rest)* }
    };
}

/// `SameSite` of a cookie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum SameSite {
    Strict,
    Lax,
    None,
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

/// `storage local|session get|set|clear`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WebStorageParams {
    /// The key (get: default all items; set: required; clear: default all items).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// The value (set only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// The origin (`http://127.0.0.1:8080`); a frame of it must be open in the page.
    /// Default: the page's own origin.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
    /// The page (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StorageFileParams {
    /// The state file (absolute path). `save` writes it with mode 0600; `load` refuses a file
    /// that another user could write, or a symlink.
    pub file: String,
    /// `load`: the page that receives session storage (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// The flags of `cdt storage …`.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use clap::Args;
    use serde::Serialize;

    use super::SameSite;
    use crate::ops::cli::{given_as_is, is_false};

    #[derive(Debug, Args, Serialize)]
    pub struct CookieFilterArgs {
        /// Only cookies whose domain is this or a subdomain of it.
        #[arg(long, value_name = "DOMAIN")]
        pub domain: Option<String>,
        /// Only cookies with this name.
        #[arg(long, value_name = "NAME")]
        pub name: Option<String>,
    }

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

    /// Which origin's storage, in which page.
    #[derive(Debug, Args, Serialize)]
    pub struct Where {
        /// The origin (default: the page's own), e.g. http://127.0.0.1:8080.
        #[arg(long, value_name = "ORIGIN")]
        pub origin: Option<String>,
        /// The page (default: the current page).
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    #[derive(Debug, Args, Serialize)]
    pub struct KeyArgs {
        #[arg(value_name = "KEY")]
        pub key: Option<String>,
        #[command(flatten)]
        #[serde(flatten)]
        pub at: Where,
    }

    #[derive(Debug, Args, Serialize)]
    pub struct KeyValueArgs {
        #[arg(value_name = "KEY")]
        pub key: Option<String>,
        #[arg(value_name = "VALUE")]
        pub value: Option<String>,
        #[command(flatten)]
        #[serde(flatten)]
        pub at: Where,
    }

    #[derive(Debug, Args, Serialize)]
    pub struct FileArgs {
        /// The state file.
        #[arg(value_name = "FILE")]
        pub file: Option<String>,
        /// load: the page that receives session storage (default: the current page).
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    given_as_is!(
        CookieFilterArgs,
        CookieSetArgs,
        KeyArgs,
        KeyValueArgs,
        FileArgs
    );
}
