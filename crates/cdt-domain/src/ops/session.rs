//! Parameters of the session and daemon operations (SPEC §6.1).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The `session` operations: their entries in the operation table (see `ops::operations!`).
macro_rules! session_operations {
    ($then:ident [$($table:tt)*] $($rest:ident)*) => {
        $then! { [$($table)*
        /// Launch this context's browser (or attach to a running one)
        SessionStart = "session.start" (SessionStartParams, session::args::StartArgs), S30, [BrowserLaunchFailed, SecurityBlocked, SessionAlreadyRunning, SlotLimitReached, CdpDisconnected],
            ["cdt session start --headless", "cdt session start", "cdt session start --headed --viewport 1280x800", "cdt session start --browser-url http://127.0.0.1:9222", "cdt session start --chrome-arg=--lang=de --chrome-arg=--force-dark-mode"];
        /// Show the broker, this context (and how it was resolved) and its browser
        SessionStatus = "session.status" (VerboseParams, cli::NoArgs), S5, [],
            ["cdt session status --verbose", "cdt session status", "cdt session status --verbose   # lease, owner, memory"];
        /// Stop this context's browser (an attached browser is detached, not killed)
        SessionStop = "session.stop" (NoParams, cli::NoArgs), S10, [SessionNotFound],
            ["cdt session stop", "cdt session stop --context-id ctx_0123456789ab"];
        /// Stop and start again, keeping the previous settings unless flags change them
        SessionRestart = "session.restart" (SessionStartParams, session::args::StartArgs), S30, [BrowserLaunchFailed, SecurityBlocked, SlotLimitReached, CdpDisconnected],
            ["cdt session restart", "cdt session restart --headed"];
        /// List every running session of this daemon (operator view)
        SessionList = "session.list" (NoParams, cli::NoArgs), S5, [],
            ["cdt session list", "cdt session list --fields sessions.context,sessions.pages"];
        ] $($rest)* }
    };
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

/// The flags of `cdt session start|restart`.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use clap::Args;

    use super::SessionStartParams;
    use crate::ops::cli::CliArgs;

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
