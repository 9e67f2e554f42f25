//! Parameters of the parity operations (SPEC §6.8–§6.10): emulation, performance traces with
//! insights, and storage state (cookies, local/session storage, save/load).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::emulation::{ColorScheme, EmulationField, Geolocation, NetworkSetting, Viewport};

/// `emulation set`: only the settings given change; the others stay as they are.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EmulationSetParams {
    /// Device viewport (`--viewport 390x844x3,mobile,touch`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub viewport: Option<Viewport>,
    /// The `User-Agent` header and `navigator.userAgent`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_agent: Option<String>,
    /// A preset (`offline`, `slow-3g`, `fast-3g`, `slow-4g`, `fast-4g`) or custom numbers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network: Option<NetworkSetting>,
    /// CPU slowdown factor, 1 (none) to 20.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu: Option<f64>,
    /// What `navigator.geolocation` reports (permission is granted to every origin).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub geolocation: Option<Geolocation>,
    /// `prefers-color-scheme`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color_scheme: Option<ColorScheme>,
    /// IANA timezone id, e.g. `Asia/Tokyo`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timezone: Option<String>,
    /// BCP 47 locale, e.g. `de-DE` (Intl, `navigator.language`, `Accept-Language`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locale: Option<String>,
    /// Extra HTTP headers sent with every request (replaces the previous set).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub headers: Option<BTreeMap<String, String>>,
}

/// `emulation reset`: clears every setting, or only the ones named.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EmulationResetParams {
    /// Clear only these (default: all).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only: Vec<EmulationField>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TraceStartParams {
    /// The page to trace (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// Reload the page once tracing runs, so the trace covers a whole page load.
    #[serde(default)]
    pub reload: bool,
    /// Trace categories replacing cdt's default set (the DevTools Performance panel's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<String>,
    /// Also record screenshots (bigger trace).
    #[serde(default)]
    pub screenshots: bool,
    /// Stop by itself once the page has loaded and settled (1 s after `load`), and answer as
    /// `trace stop` does: the file and the insights.
    #[serde(default)]
    pub auto_stop: bool,
    /// With `autoStop`: where to write the trace (as `trace stop --file`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TraceStopParams {
    /// Where to write the trace (absolute path; `.json`, or `.json.gz` to gzip it). Default:
    /// the context's `trace/` directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

/// The insights cdt computes from a trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum InsightName {
    /// Largest Contentful Paint, its element and breakdown.
    Lcp,
    /// Cumulative Layout Shift and the shifting nodes.
    Cls,
    /// Interaction to Next Paint and the slowest interactions.
    Inp,
    /// Main-thread tasks over 50 ms, with what ran in them.
    LongTasks,
    /// Requests that blocked the first render.
    RenderBlocking,
    /// The main document: redirects, server time, compression.
    DocumentLatency,
    /// Element count, depth and widest parent.
    DomSize,
    /// Transfer size and main-thread time by third-party origin.
    ThirdParties,
}

impl InsightName {
    pub const ALL: [InsightName; 8] = [
        InsightName::Lcp,
        InsightName::Cls,
        InsightName::Inp,
        InsightName::LongTasks,
        InsightName::RenderBlocking,
        InsightName::DocumentLatency,
        InsightName::DomSize,
        InsightName::ThirdParties,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            InsightName::Lcp => "lcp",
            InsightName::Cls => "cls",
            InsightName::Inp => "inp",
            InsightName::LongTasks => "long-tasks",
            InsightName::RenderBlocking => "render-blocking",
            InsightName::DocumentLatency => "document-latency",
            InsightName::DomSize => "dom-size",
            InsightName::ThirdParties => "third-parties",
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TraceInsightParams {
    /// One insight (default: all of them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<InsightName>,
    /// Analyse this trace file (absolute path, `.json` or `.json.gz`) instead of the
    /// context's last trace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

/// `SameSite` of a cookie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
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
