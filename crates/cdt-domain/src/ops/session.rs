//! Parameters of the session and daemon operations (SPEC §6.1).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// No parameters.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoParams {}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SessionStartParams {
    /// Run Chromium without a window (default true).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub headless: Option<bool>,
    /// Initial window size, `WIDTHxHEIGHT` (e.g. `1280x800`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub viewport: Option<String>,
    /// Attach to a browser someone else launched, by its HTTP endpoint (`http://127.0.0.1:9222`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub browser_url: Option<String>,
    /// Attach by the browser's WebSocket endpoint (`ws://127.0.0.1:9222/devtools/browser/…`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ws_endpoint: Option<String>,
    /// Permit a non-loopback endpoint (never `0.0.0.0`).
    #[serde(default)]
    pub allow_remote: bool,
    /// Extra Chromium arguments.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chrome_args: Vec<String>,
    /// Chromium executable to launch (else `CDT_CHROME_PATH`, then discovery).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chrome_path: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VerboseParams {
    /// Add lease, telemetry and process details.
    #[serde(default)]
    pub verbose: bool,
}
