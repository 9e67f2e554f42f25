//! The published error contract (SPEC §3.4–3.5): one table mapping every [`ErrorCode`] to its
//! exit code, meaning and remedy, and the one error type that crosses every boundary.
//!
//! Never reuse a code for two meanings; add a variant when a real case needs one.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::ops::Op;

/// Process exit codes (SPEC §3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[repr(u8)]
pub enum ExitCode {
    Success = 0,
    Usage = 2,
    NotFound = 3,
    Timeout = 4,
    Conflict = 5,
    External = 6,
    Protocol = 7,
    Transient = 8,
    Connection = 10,
    Internal = 11,
}

impl ExitCode {
    pub fn as_i32(self) -> i32 {
        self as i32
    }
}

macro_rules! error_codes {
    ($( $(#[$doc:meta])* $variant:ident = ($name:literal, $exit:ident, $retry:literal, $meaning:literal, $remedy:literal), )*) => {
        /// Every failure cdt can report. The string form (`PAGE_NOT_FOUND`) is the wire form.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
        #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
        pub enum ErrorCode {
            $( $(#[$doc])* $variant, )*
        }

        impl ErrorCode {
            /// All codes, in table order.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant),*];

            pub fn as_str(self) -> &'static str {
                match self { $(ErrorCode::$variant => $name,)* }
            }

            pub fn exit_code(self) -> ExitCode {
                match self { $(ErrorCode::$variant => ExitCode::$exit,)* }
            }

            /// Whether the same request may succeed if simply retried.
            pub fn retryable(self) -> bool {
                match self { $(ErrorCode::$variant => $retry,)* }
            }

            pub fn meaning(self) -> &'static str {
                match self { $(ErrorCode::$variant => $meaning,)* }
            }

            /// The generic remedy, used when a specific suggestion is not known.
            pub fn remedy(self) -> &'static str {
                match self { $(ErrorCode::$variant => $remedy,)* }
            }

            pub fn parse(name: &str) -> Option<ErrorCode> {
                match name { $($name => Some(ErrorCode::$variant),)* _ => None }
            }
        }
    };
}

error_codes! {
    /// Bad flags, arguments or parameters.
    ValidationError = ("VALIDATION_ERROR", Usage, false,
        "The command's arguments or parameters are invalid.",
        "Run: cdt <resource> <command> --help"),
    SessionNotFound = ("SESSION_NOT_FOUND", NotFound, false,
        "No browser session runs for this context.",
        "Run: cdt session start"),
    SessionAlreadyRunning = ("SESSION_ALREADY_RUNNING", Conflict, false,
        "A browser session already runs for this context with other settings.",
        "Run: cdt session restart (or cdt session stop first)"),
    ContextResolutionFailed = ("CONTEXT_RESOLUTION_FAILED", Usage, false,
        "The caller's context could not be resolved to a context key.",
        "Set CDT_CONTEXT_ID=<name> or pass --share-group <name>"),
    ContextLockTimeout = ("CONTEXT_LOCK_TIMEOUT", Timeout, true,
        "Another command held this context's lock for the whole budget.",
        "Retry, or raise --timeout"),
    ContextLeaseExpired = ("CONTEXT_LEASE_EXPIRED", Conflict, true,
        "The context's lease expired and its browser was stopped.",
        "Run: cdt session start"),
    SlotLimitReached = ("SLOT_LIMIT_REACHED", Transient, true,
        "Every browser slot is busy and none is idle enough to evict.",
        "Retry later, stop an unused session (cdt session list; cdt session stop --context-id <key>), or raise CDT_MAX_SLOTS"),
    PageNotFound = ("PAGE_NOT_FOUND", NotFound, false,
        "No page with that id exists in this context.",
        "Run: cdt page list"),
    NoCurrentPage = ("NO_CURRENT_PAGE", NotFound, false,
        "The context has no current page to act on.",
        "Run: cdt page open <url>"),
    NavigationFailed = ("NAVIGATION_FAILED", External, false,
        "The browser could not load the URL (DNS, refused connection, TLS, …).",
        "Check the URL is reachable from this machine, then retry"),
    /// The page replaced its document while the command read or acted on it, on every try.
    NavigationInterrupted = ("NAVIGATION_INTERRUPTED", Transient, true,
        "The page navigated while the command ran, on every try (a page that keeps reloading or redirecting).",
        "Wait until the page settles (cdt page wait-idle), then retry"),
    ElementNotFound = ("ELEMENT_NOT_FOUND", NotFound, false,
        "No element matches the uid, selector or text.",
        "Run: cdt capture snapshot"),
    UidStale = ("UID_STALE", NotFound, false,
        "The uid belonged to a node that no longer exists.",
        "Run: cdt capture snapshot"),
    TargetOutOfView = ("TARGET_OUT_OF_VIEW", Conflict, true,
        "The element could not be scrolled into the viewport.",
        "Run: cdt element scroll-into-view <uid>"),
    TargetObscured = ("TARGET_OBSCURED", Conflict, true,
        "Another element covers the action point.",
        "Click what takes the cover away first (error.details.coverControls: a dialog's buttons, a banner's Accept), or close the covering element"),
    TargetNotInteractable = ("TARGET_NOT_INTERACTABLE", Conflict, false,
        "The element is hidden, disabled or otherwise not interactable.",
        "Run: cdt element inspect <uid>"),
    ActionNoEffect = ("ACTION_NO_EFFECT", Conflict, false,
        "The action completed but nothing observable changed.",
        "Run: cdt capture snapshot"),
    DialogNotOpen = ("DIALOG_NOT_OPEN", NotFound, false,
        "No JavaScript dialog is open on the page.",
        "Run: cdt dialog status"),
    DialogBlocking = ("DIALOG_BLOCKING", Conflict, false,
        "A JavaScript dialog blocks the page.",
        "Run: cdt dialog handle accept"),
    NetworkRequestNotFound = ("NETWORK_REQUEST_NOT_FOUND", NotFound, false,
        "No network request with that id was recorded.",
        "Run: cdt network list"),
    ConsoleMessageNotFound = ("CONSOLE_MESSAGE_NOT_FOUND", NotFound, false,
        "No console message with that id was recorded.",
        "Run: cdt console list"),
    TargetNotFound = ("TARGET_NOT_FOUND", NotFound, false,
        "No target of the browser has that id (or a URL with that text).",
        "Run: cdt events targets"),
    BodyNotAvailable = ("BODY_NOT_AVAILABLE", NotFound, false,
        "The browser no longer holds the body of that request.",
        "Reload the page, then run: cdt network body <reqid>"),
    ResultTooLarge = ("RESULT_TOO_LARGE", Usage, false,
        "The result is too large for one reply.",
        "Ask for less (a --limit, --selector or --uid), or write it to a file with --file where the command has one"),
    TraceAlreadyRunning = ("TRACE_ALREADY_RUNNING", Conflict, false,
        "A performance trace is already being recorded in this context.",
        "Run: cdt trace stop"),
    TraceNotRunning = ("TRACE_NOT_RUNNING", NotFound, false,
        "No performance trace is being recorded in this context.",
        "Run: cdt trace start --reload"),
    TraceNotFound = ("TRACE_NOT_FOUND", NotFound, false,
        "This context has no recorded trace to analyse.",
        "Run: cdt trace start --reload, then cdt trace stop"),
    OriginNotOpen = ("ORIGIN_NOT_OPEN", NotFound, false,
        "No frame of that origin is open in the page, so its storage cannot be reached.",
        "Run: cdt page open <origin>, then retry"),
    Timeout = ("TIMEOUT", Timeout, true,
        "The command's budget ran out before it finished.",
        "Retry with a larger budget: --timeout <ms>"),
    EvalException = ("EVAL_EXCEPTION", Conflict, false,
        "The evaluated JavaScript threw an exception.",
        "Fix the script; the exception's message and stack are in error.details"),
    DaemonUnavailable = ("DAEMON_UNAVAILABLE", Connection, true,
        "The cdt daemon could not be started or reached.",
        "Run: cdt daemon status (logs: cdt daemon logs)"),
    BrowserLaunchFailed = ("BROWSER_LAUNCH_FAILED", External, false,
        "Chromium is missing or failed to start.",
        "Install Chromium (apt-get install -y chromium) or set CDT_CHROME_PATH=/path/to/chrome"),
    IoError = ("IO_ERROR", External, false,
        "A file or directory could not be read or written.",
        "Check free disk space and permissions under CDT_HOME (or set CDT_HOME=/tmp/cdt)"),
    BrowserUnreachable = ("BROWSER_UNREACHABLE", Connection, true,
        "Nothing answers at the browser's debugging address (host:port).",
        "Start Chrome with --remote-debugging-port=9222 (or point CDP_HOST/CDP_PORT, --browser-url at it)"),
    CdpDisconnected = ("CDP_DISCONNECTED", Connection, true,
        "The connection to the browser was lost.",
        "Run: cdt session restart"),
    SecurityBlocked = ("SECURITY_BLOCKED", Usage, false,
        "The request was refused for safety (remote endpoint, unsafe path, foreign user).",
        "Use a loopback endpoint (127.0.0.1), or pass --allow-remote if you trust the network"),
    ProtocolError = ("PROTOCOL_ERROR", Protocol, false,
        "A message between cdt, its daemon or the browser was malformed.",
        "Run: cdt daemon stop, then retry (the next command starts a fresh daemon)"),
    InternalError = ("INTERNAL_ERROR", Internal, false,
        "A bug in cdt.",
        "Retry with --debug and report the output"),
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The one error type that crosses every layer and the wire. Its `code` decides the exit code;
/// `suggestions` always holds at least one runnable command or concrete flag.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, thiserror::Error)]
#[error("{code}: {message}")]
pub struct CdtError {
    pub code: ErrorCode,
    pub message: String,
    #[serde(default, skip_serializing_if = "is_null")]
    pub details: Value,
    #[serde(default)]
    pub suggestions: Vec<Suggestion>,
}

/// One way out of an error. A command is typed where the error is made (which operation,
/// with which arguments) and rendered at the edge: `Run: cdt page list` on the command line,
/// the same with `(tool list_pages)` for an MCP client. Anything else is plain text (a flag,
/// an environment variable, a local command).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Suggestion {
    Run(RunHint),
    Text(String),
}

/// "Run this operation": its wire name, the arguments after its command words, and any text
/// that follows the command (`(then retry)`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunHint {
    pub op: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub args: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rest: String,
}

impl RunHint {
    /// The command line: `cdt element inspect e7`.
    pub fn command(&self) -> String {
        let mut line = format!("cdt {}", self.op.replace('.', " "));
        if !self.args.is_empty() {
            line.push(' ');
            line.push_str(&self.args);
        }
        line
    }
}

impl Suggestion {
    /// Puts `value` where the suggestion says `placeholder` (`<uid>` → `e7`).
    pub fn fill(&mut self, placeholder: &str, value: &str) {
        match self {
            Suggestion::Text(text) => *text = text.replace(placeholder, value),
            Suggestion::Run(run) => run.args = run.args.replace(placeholder, value),
        }
    }
}

impl fmt::Display for Suggestion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Suggestion::Text(text) => f.write_str(text),
            Suggestion::Run(run) => write!(f, "Run: {}{}", run.command(), run.rest),
        }
    }
}

impl From<String> for Suggestion {
    fn from(text: String) -> Suggestion {
        Suggestion::Text(text)
    }
}

impl From<&str> for Suggestion {
    fn from(text: &str) -> Suggestion {
        Suggestion::Text(text.to_string())
    }
}

impl PartialEq<&str> for Suggestion {
    fn eq(&self, other: &&str) -> bool {
        *other == self.to_string().as_str()
    }
}

fn is_null(value: &Value) -> bool {
    value.is_null()
}

impl CdtError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        CdtError {
            code,
            message: message.into(),
            details: Value::Null,
            suggestions: Vec::new(),
        }
    }

    /// Adds a suggestion in words (a concrete flag, a local command).
    pub fn hinted(mut self, suggestion: impl Into<String>) -> Self {
        self.suggestions.push(Suggestion::Text(suggestion.into()));
        self
    }

    /// Suggests running operation `O` with `args` (the words after its command, `""` for
    /// none): `.run::<op::PageList>("")` reads `Run: cdt page list`.
    pub fn run<O: Op>(self, args: &str) -> Self {
        self.run_then::<O>(args, "")
    }

    /// As [`CdtError::run`], with text after the command (` (then retry)`).
    pub fn run_then<O: Op>(mut self, args: &str, rest: &str) -> Self {
        self.suggestions.push(Suggestion::Run(RunHint {
            op: O::NAME.to_string(),
            args: args.to_string(),
            rest: rest.to_string(),
        }));
        self
    }

    /// The error as the command line shows it: every suggestion rendered as text.
    pub fn rendered(&self) -> CdtError {
        let mut error = self.clone();
        error.suggestions = self
            .suggestions
            .iter()
            .map(|s| Suggestion::Text(s.to_string()))
            .collect();
        error
    }

    pub fn with_details(mut self, details: Value) -> Self {
        self.details = details;
        self
    }

    /// Guarantees the contract that every failure carries a suggestion.
    pub fn ensure_suggestion(mut self) -> Self {
        if self.suggestions.is_empty() {
            self.suggestions
                .push(Suggestion::Text(self.code.remedy().to_string()));
        }
        self
    }

    pub fn validation(message: impl Into<String>) -> Self {
        CdtError::new(ErrorCode::ValidationError, message)
    }

    pub fn internal(message: impl Into<String>) -> Self {
        CdtError::new(ErrorCode::InternalError, message)
    }

    pub fn timeout(what: impl fmt::Display, budget_ms: u64) -> Self {
        CdtError::new(
            ErrorCode::Timeout,
            format!("{what} did not finish within the {budget_ms} ms budget"),
        )
        .with_details(serde_json::json!({ "budgetMs": budget_ms }))
        .hinted(format!(
            "Retry with a larger budget: --timeout {}",
            budget_ms.saturating_mul(2).max(1000)
        ))
    }

    pub fn exit_code(&self) -> ExitCode {
        self.code.exit_code()
    }
}

pub type CdtResult<T> = Result<T, CdtError>;

#[cfg(test)]
mod tests {
    use super::*;

    /// A command hint is typed on the wire (the MCP server names its tool from it) and reads
    /// as the command on the command line.
    #[test]
    fn run_hints_are_typed_on_the_wire_and_text_at_the_edge() {
        use crate::ops::op;
        let error = CdtError::new(ErrorCode::UidStale, "gone")
            .run_then::<op::CaptureSnapshot>("", " (uids are never reused)")
            .run::<op::ElementInspect>("<uid>")
            .hinted("Pass --timeout 5000");
        let wire = serde_json::to_value(&error).unwrap_or_default();
        assert_eq!(wire["suggestions"][0]["op"], "capture.snapshot");
        assert_eq!(wire["suggestions"][2], "Pass --timeout 5000");
        let back: CdtError = serde_json::from_value(wire).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, error);
        let mut error = back;
        error.suggestions[1].fill("<uid>", "e7");
        let shown = serde_json::to_value(error.rendered()).unwrap_or_default();
        assert_eq!(
            shown["suggestions"],
            serde_json::json!([
                "Run: cdt capture snapshot (uids are never reused)",
                "Run: cdt element inspect e7",
                "Pass --timeout 5000"
            ])
        );
    }

    /// The exit-code table is a published contract: this pins it.
    #[test]
    fn error_table_is_pinned() {
        let table: Vec<String> = ErrorCode::ALL
            .iter()
            .map(|code| {
                format!(
                    "{} {} {}",
                    code.as_str(),
                    code.exit_code().as_i32(),
                    code.retryable()
                )
            })
            .collect();
        let expected = [
            "VALIDATION_ERROR 2 false",
            "SESSION_NOT_FOUND 3 false",
            "SESSION_ALREADY_RUNNING 5 false",
            "CONTEXT_RESOLUTION_FAILED 2 false",
            "CONTEXT_LOCK_TIMEOUT 4 true",
            "CONTEXT_LEASE_EXPIRED 5 true",
            "SLOT_LIMIT_REACHED 8 true",
            "PAGE_NOT_FOUND 3 false",
            "NO_CURRENT_PAGE 3 false",
            "NAVIGATION_FAILED 6 false",
            "NAVIGATION_INTERRUPTED 8 true",
            "ELEMENT_NOT_FOUND 3 false",
            "UID_STALE 3 false",
            "TARGET_OUT_OF_VIEW 5 true",
            "TARGET_OBSCURED 5 true",
            "TARGET_NOT_INTERACTABLE 5 false",
            "ACTION_NO_EFFECT 5 false",
            "DIALOG_NOT_OPEN 3 false",
            "DIALOG_BLOCKING 5 false",
            "NETWORK_REQUEST_NOT_FOUND 3 false",
            "CONSOLE_MESSAGE_NOT_FOUND 3 false",
            "TARGET_NOT_FOUND 3 false",
            "BODY_NOT_AVAILABLE 3 false",
            "RESULT_TOO_LARGE 2 false",
            "TRACE_ALREADY_RUNNING 5 false",
            "TRACE_NOT_RUNNING 3 false",
            "TRACE_NOT_FOUND 3 false",
            "ORIGIN_NOT_OPEN 3 false",
            "TIMEOUT 4 true",
            "EVAL_EXCEPTION 5 false",
            "DAEMON_UNAVAILABLE 10 true",
            "BROWSER_LAUNCH_FAILED 6 false",
            "IO_ERROR 6 false",
            "BROWSER_UNREACHABLE 10 true",
            "CDP_DISCONNECTED 10 true",
            "SECURITY_BLOCKED 2 false",
            "PROTOCOL_ERROR 7 false",
            "INTERNAL_ERROR 11 false",
        ];
        assert_eq!(table, expected);
    }

    #[test]
    fn wire_names_round_trip() {
        for code in ErrorCode::ALL {
            let json = serde_json::to_string(code).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
            assert_eq!(ErrorCode::parse(code.as_str()), Some(*code));
        }
    }

    #[test]
    fn every_code_has_a_remedy() {
        for code in ErrorCode::ALL {
            assert!(!code.remedy().is_empty(), "{code} has no remedy");
            let error = CdtError::new(*code, "x").ensure_suggestion();
            assert_eq!(error.suggestions.len(), 1);
        }
    }
}
