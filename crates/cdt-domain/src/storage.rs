//! Browser storage as cdt sees it (SPEC §6.10): cookies, an origin's local or session storage,
//! and the state file that carries a logged-in state from one context to another.
//!
//! A state file holds secrets (session cookies, tokens): nothing here may log a value.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Which Web Storage area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum StorageArea {
    Local,
    Session,
}

impl StorageArea {
    pub fn as_str(self) -> &'static str {
        match self {
            StorageArea::Local => "local",
            StorageArea::Session => "session",
        }
    }
}

/// One cookie, with the fields needed to set it again.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cookie {
    pub name: String,
    pub value: String,
    pub domain: String,
    pub path: String,
    /// Seconds since the Unix epoch; −1 for a session cookie.
    #[serde(default = "session_expiry")]
    pub expires: f64,
    #[serde(default)]
    pub http_only: bool,
    #[serde(default)]
    pub secure: bool,
    /// `Strict`, `Lax` or `None`, when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_site: Option<String>,
    /// CHIPS partition key, when partitioned (kept as the browser reports it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partition_key: Option<serde_json::Value>,
}

fn session_expiry() -> f64 {
    -1.0
}

/// One key/value of Web Storage.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct StorageItem {
    pub name: String,
    pub value: String,
}

/// An origin's storage in a state file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OriginStorage {
    /// `scheme://host[:port]`.
    pub origin: String,
    #[serde(default)]
    pub local_storage: Vec<StorageItem>,
    #[serde(default)]
    pub session_storage: Vec<StorageItem>,
}

/// The state file of `storage save` / `storage load`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StorageState {
    /// Format version (1).
    pub version: u32,
    #[serde(default)]
    pub cookies: Vec<Cookie>,
    #[serde(default)]
    pub origins: Vec<OriginStorage>,
}

pub const STORAGE_STATE_VERSION: u32 = 1;

/// Normalizes an origin (`HTTP://Host:80/path` → `http://host`); `None` if it is not one.
pub fn normalize_origin(text: &str) -> Option<String> {
    let (scheme, rest) = text.trim().split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    if !matches!(scheme.as_str(), "http" | "https") {
        return None;
    }
    let host_port = rest.split(['/', '?', '#']).next()?.to_ascii_lowercase();
    if host_port.is_empty() || host_port.contains('@') || host_port.contains(char::is_whitespace) {
        return None;
    }
    let default_port = if scheme == "http" { ":80" } else { ":443" };
    let host_port = host_port
        .strip_suffix(default_port)
        .unwrap_or(&host_port)
        .to_string();
    Some(format!("{scheme}://{host_port}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_normalized_or_refused() {
        assert_eq!(
            normalize_origin("HTTP://Example.com:80/a?b").as_deref(),
            Some("http://example.com")
        );
        assert_eq!(
            normalize_origin("http://127.0.0.1:8080").as_deref(),
            Some("http://127.0.0.1:8080")
        );
        assert_eq!(normalize_origin("about:blank"), None);
        assert_eq!(normalize_origin("ftp://x"), None);
        assert_eq!(normalize_origin("http://"), None);
    }
}
