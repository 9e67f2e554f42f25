//! The debate server's one error type: a fixed code, a message, optional detail and a runnable
//! suggestion. Every API failure and every `error` WebSocket event is one of these; start-up
//! failures use the same codes and map to a process exit code. Nothing here decides policy.

use std::fmt;

use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::Serialize;

/// The fixed set of error codes (the `code` of an `error` event or an API error body).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ErrorCode {
    /// `.env` is missing, unreadable, or a value is invalid.
    ConfigInvalid,
    /// A request body or path parameter is malformed or out of range.
    ValidationError,
    /// `:agent` is not `gemini` or `codex`.
    UnknownAgent,
    /// The command does not apply in the debate's current status.
    InvalidState,
    /// Start needs both agents `ready`.
    AgentNotReady,
    /// The agent is already connecting.
    AgentBusy,
    /// The agent's CLI could not be started (not installed, not executable).
    AgentSpawnFailed,
    /// The agent's CLI exited with a failure status.
    AgentFailed,
    /// The agent's output held no session id, so it cannot be resumed.
    SessionIdMissing,
    /// A turn or a connect outlived its timeout.
    TurnTimeout,
    /// Two replies in a row were empty or unreadable.
    EmptyReplies,
    /// No run with that id in memory or under `logs/runs`.
    RunNotFound,
    /// No API route with that method and path.
    UnknownRoute,
    /// A log or session file could not be read or written.
    IoError,
}

impl ErrorCode {
    pub fn http_status(self) -> StatusCode {
        match self {
            ErrorCode::ValidationError => StatusCode::BAD_REQUEST,
            ErrorCode::UnknownAgent | ErrorCode::RunNotFound | ErrorCode::UnknownRoute => {
                StatusCode::NOT_FOUND
            }
            ErrorCode::InvalidState | ErrorCode::AgentNotReady | ErrorCode::AgentBusy => {
                StatusCode::CONFLICT
            }
            ErrorCode::AgentSpawnFailed
            | ErrorCode::AgentFailed
            | ErrorCode::SessionIdMissing
            | ErrorCode::EmptyReplies => StatusCode::BAD_GATEWAY,
            ErrorCode::TurnTimeout => StatusCode::GATEWAY_TIMEOUT,
            ErrorCode::ConfigInvalid | ErrorCode::IoError => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The process exit code when this error ends `cdt-debate` at start-up.
    pub fn exit_code(self) -> u8 {
        match self {
            ErrorCode::ConfigInvalid | ErrorCode::ValidationError => 2,
            ErrorCode::IoError => 10,
            _ => 1,
        }
    }
}

/// A failure with its code, message, detail and suggestion.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DebateError {
    pub code: ErrorCode,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    pub suggestion: String,
}

impl DebateError {
    pub fn new(code: ErrorCode, message: impl Into<String>, suggestion: impl Into<String>) -> Self {
        DebateError {
            code,
            message: message.into(),
            detail: None,
            suggestion: suggestion.into(),
        }
    }

    pub fn with_detail(mut self, detail: impl Into<String>) -> Self {
        let detail = detail.into();
        if !detail.is_empty() {
            self.detail = Some(detail);
        }
        self
    }

    pub fn io(what: &str, error: &std::io::Error) -> Self {
        DebateError::new(
            ErrorCode::IoError,
            format!("{what}: {error}"),
            "check that the server's root directory is writable (cdt-debate --root DIR)",
        )
    }
}

impl fmt::Display for DebateError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{:?}: {}", self.code, self.message)?;
        if let Some(detail) = &self.detail {
            write!(formatter, " ({detail})")?;
        }
        write!(formatter, "\n  try: {}", self.suggestion)
    }
}

impl std::error::Error for DebateError {}
