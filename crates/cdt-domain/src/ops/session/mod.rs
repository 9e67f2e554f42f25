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
    /// A browser context in a shared Chromium, or a Chromium of its own (else
    /// `CDT_BROWSER_MODE`, then `auto`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub browser_mode: Option<crate::browser_mode::ModeRequest>,
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
        /// Where the browser runs: shared (a browser context in a shared Chromium), dedicated
        /// (a Chromium of its own), auto (env: CDT_BROWSER_MODE).
        #[arg(long, value_enum, value_name = "MODE")]
        pub browser_mode: Option<crate::browser_mode::ModeRequest>,
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
                browser_mode: self.browser_mode,
            }
        }
    }
}

/// A context's browser session, as `session start|restart|status` show it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionInfo {
    pub status: SessionState,
    pub browser: SessionBrowser,
    /// The browser's profile (none when attached to a browser someone else launched).
    pub profile_dir: Option<String>,
    /// How many pages it has.
    pub pages: usize,
    pub current_page: Option<crate::page::PageId>,
    /// Wall-clock milliseconds since the epoch.
    pub started_at: u64,
    /// Times the context's browser was replaced after it went away.
    pub restarts: u32,
}

/// Whether the session's browser still answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SessionState {
    Running,
    /// Gone, and replaced by the context's next command.
    Disconnected,
}

/// The browser of a session.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionBrowser {
    /// Its process (none when attached).
    pub pid: Option<u32>,
    pub product: String,
    pub attached: bool,
    pub ws_endpoint: String,
    pub headless: bool,
    pub executable: Option<String>,
    /// A Chromium of its own, or a browser context in a shared one (`pid` is then the shared
    /// Chromium's).
    pub mode: crate::browser_mode::BrowserMode,
    /// Which shared Chromium, and how many contexts it holds (shared mode only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shared: Option<crate::ports::SharedBrowserInfo>,
}

/// `session start|restart`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionStartReply {
    pub context: crate::caller::ContextKey,
    /// False when a browser with compatible settings already ran.
    pub started: bool,
    pub session: Option<SessionInfo>,
}

/// `session stop`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct SessionStopReply {
    pub context: crate::caller::ContextKey,
    pub stopped: bool,
}

/// `session list`'s reply: every running session of the daemon.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionListReply {
    pub sessions: Vec<SessionSummary>,
    pub max_slots: usize,
}

/// One running session in `session list`.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionSummary {
    pub context: crate::caller::ContextKey,
    pub source: crate::caller::ContextSource,
    pub identity: String,
    pub pid: Option<u32>,
    pub attached: bool,
    pub connected: bool,
    pub pages: usize,
    /// Wall-clock milliseconds since the epoch.
    pub last_seen_at: u64,
    pub idle_ms: u64,
    pub in_flight: usize,
}

/// `session status`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionStatusReply {
    pub restarts: u32,
    pub context: StatusContext,
    pub daemon: StatusDaemon,
    pub session: Option<SessionInfo>,
    /// With `--verbose`, for a context with a slot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lease: Option<LeaseInfo>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory: Option<SessionMemory>,
    /// The context's telemetry tables and ring, counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub telemetry: Option<serde_json::Value>,
}

/// The caller's resolved context.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct StatusContext {
    pub key: crate::caller::ContextKey,
    pub source: crate::caller::ContextSource,
    pub identity: String,
    pub warning: Option<crate::warning::Warning>,
}

/// The daemon that answered.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct StatusDaemon {
    pub pid: u32,
    pub version: String,
    pub socket: String,
}

/// A slot's lease (`session status --verbose`).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeaseInfo {
    pub last_seen_at: u64,
    pub idle_ms: u64,
    pub idle_timeout_ms: u64,
    pub expires_in_ms: u64,
    pub owner: Option<crate::caller::ProcessFingerprint>,
    pub owner_alive: Option<bool>,
    pub in_flight: usize,
    pub ephemeral: bool,
}

/// The session's browser memory (`session status --verbose`).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionMemory {
    /// Proportional set size of the process tree of the browser the context lives in, in KiB
    /// (shared pages counted once, divided among the processes that map them).
    pub browser_pss_kib: Option<u64>,
    /// How many contexts that browser holds (1 for a dedicated browser).
    pub contexts_in_browser: usize,
    /// This context's even share: `browserPssKib / contextsInBrowser`.
    pub context_pss_kib: Option<u64>,
}
