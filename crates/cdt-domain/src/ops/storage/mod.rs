//! Parameters of storage state: cookies, local/session storage, save/load (SPEC §6.10).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

resource_operations! { $ storage_operations(storage);
    StorageCookiesList = cookies_list,
    StorageCookiesSet = cookies_set,
    StorageCookiesClear = cookies_clear,
    StorageLocalGet = local_get,
    StorageLocalSet = local_set,
    StorageLocalClear = local_clear,
    StorageSessionGet = session_get,
    StorageSessionSet = session_set,
    StorageSessionClear = session_clear,
    StorageSave = save,
    StorageLoad = load,
}

/// `SameSite` of a cookie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum SameSite {
    Strict,
    Lax,
    None,
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

/// The flags several `storage` commands share.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use clap::Args;
    use serde::Serialize;

    use crate::ops::cli::given_as_is;

    #[derive(Debug, Args, Serialize)]
    pub struct CookieFilterArgs {
        /// Only cookies whose domain is this or a subdomain of it.
        #[arg(long, value_name = "DOMAIN")]
        pub domain: Option<String>,
        /// Only cookies with this name.
        #[arg(long, value_name = "NAME")]
        pub name: Option<String>,
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

    given_as_is!(CookieFilterArgs, KeyArgs, KeyValueArgs, FileArgs);
}

use crate::storage::{Cookie, StorageArea, StorageItem};
use crate::warning::Warning;

/// `storage cookies list`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct CookiesListReply {
    pub cookies: Vec<Cookie>,
    pub count: usize,
}

/// `storage cookies set`'s reply: the cookie set.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct CookieSetReply {
    pub set: CookieName,
}

/// A cookie by what names it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct CookieName {
    pub name: String,
    pub domain: String,
    pub path: String,
}

/// `storage cookies clear`'s reply: how many cookies were deleted.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct CookiesClearReply {
    pub cleared: usize,
}

/// `storage local|session get`'s reply: one key's value, or every item.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum WebGetReply {
    One(WebValue),
    All(WebItems),
}

/// One key of an origin's storage area.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct WebValue {
    pub origin: String,
    pub area: StorageArea,
    pub key: String,
    /// Its value (none when it is not set).
    pub value: Option<String>,
    pub found: bool,
}

/// Every item of an origin's storage area.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct WebItems {
    pub origin: String,
    pub area: StorageArea,
    pub items: Vec<StorageItem>,
    pub count: usize,
}

/// `storage local|session set`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct WebSetReply {
    pub origin: String,
    pub area: StorageArea,
    /// The key set.
    pub set: String,
}

/// `storage local|session clear`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct WebClearReply {
    pub origin: String,
    pub area: StorageArea,
    /// The key removed, or `all`.
    pub cleared: String,
}

/// What a state file holds for one origin.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OriginCounts {
    pub origin: String,
    /// Items of local storage.
    pub local_storage: usize,
    /// Items of session storage.
    pub session_storage: usize,
}

/// `storage save`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct StorageSaveReply {
    pub file: String,
    /// The file's permissions (`0600`: it holds credentials).
    pub mode: String,
    /// Cookies saved.
    pub cookies: usize,
    pub origins: Vec<OriginCounts>,
}

/// `storage load`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StorageLoadReply {
    pub file: String,
    /// Cookies restored.
    pub cookies: usize,
    pub origins: Vec<OriginCounts>,
    /// Origins whose session storage was not restored (no page shows them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub session_storage_skipped: Vec<String>,
    /// Carried to the envelope's `meta.warnings`.
    #[serde(rename = "__warnings", default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(skip)]
    pub warnings: Vec<Warning>,
}
