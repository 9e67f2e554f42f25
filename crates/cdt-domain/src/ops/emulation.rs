//! Parameters of `emulation set|reset` (SPEC §6.8).

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
