//! Parameters of the session and daemon operations (SPEC §6.1).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

resource_operations! { $ session_operations(session);
    SessionStart = start,
    SessionStatus = status,
    SessionStop = stop,
    SessionRestart = restart,
    SessionList = list,
}

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

/// The flags several `session` commands share.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use super::SessionStartParams;
    use crate::ops::cli::CliArgs;
    use clap::Args;

    #[derive(Debug, Args)]
    pub struct StartArgs {
        /// Run without a window (the default).
        #[arg(long, conflicts_with = "headed")]
        pub headless: bool,
        /// Run with a window (needs a display).
        #[arg(long)]
        pub headed: bool,
        /// Window size, WIDTHxHEIGHT.
        #[arg(long, value_name = "WxH")]
        pub viewport: Option<String>,
        /// Attach to a browser started with --remote-debugging-port (e.g. http://127.0.0.1:9222).
        #[arg(long, value_name = "URL")]
        pub browser_url: Option<String>,
        /// Attach by the browser's WebSocket endpoint (ws://127.0.0.1:9222/devtools/browser/…).
        #[arg(long, value_name = "URL")]
        pub ws_endpoint: Option<String>,
        /// Permit a non-loopback --browser-url/--ws-endpoint (0.0.0.0 is always refused).
        #[arg(long)]
        pub allow_remote: bool,
        /// Extra Chromium argument (repeatable): --chrome-arg=--lang=de
        #[arg(long = "chrome-arg", value_name = "ARG", allow_hyphen_values = true)]
        pub chrome_args: Vec<String>,
        /// Chromium executable (env: CDT_CHROME_PATH).
        #[arg(long, value_name = "PATH")]
        pub chrome_path: Option<String>,
    }

    impl CliArgs for StartArgs {
        type Given = SessionStartParams;
        fn given(self) -> SessionStartParams {
            let headless = match (self.headless, self.headed) {
                (true, _) => Some(true),
                (_, true) => Some(false),
                _ => None,
            };
            SessionStartParams {
                headless,
                viewport: self.viewport,
                browser_url: self.browser_url,
                ws_endpoint: self.ws_endpoint,
                allow_remote: self.allow_remote,
                chrome_args: self.chrome_args,
                chrome_path: self.chrome_path,
            }
        }
    }
}
