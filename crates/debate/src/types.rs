//! The debate's shared vocabulary, as seed 004 §6 names it: agents, their statuses, the debate
//! status, a run's configuration and one transcript entry. These are the shapes the HTTP API,
//! the WebSocket events and the log files carry (camelCase on the wire). Nothing here does I/O.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One of the two debating CLIs.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum AgentName {
    Gemini,
    Codex,
}

impl AgentName {
    pub const ALL: [AgentName; 2] = [AgentName::Gemini, AgentName::Codex];

    /// The wire name (`gemini`, `codex`).
    pub fn as_str(self) -> &'static str {
        match self {
            AgentName::Gemini => "gemini",
            AgentName::Codex => "codex",
        }
    }

    /// The name shown to people (`Gemini`, `Codex`).
    pub fn display(self) -> &'static str {
        match self {
            AgentName::Gemini => "Gemini",
            AgentName::Codex => "Codex",
        }
    }

    /// The other debater.
    pub fn opponent(self) -> AgentName {
        match self {
            AgentName::Gemini => AgentName::Codex,
            AgentName::Codex => AgentName::Gemini,
        }
    }

    /// The panel that shows this agent's terminal: Gemini left, Codex right.
    pub fn panel(self) -> Panel {
        match self {
            AgentName::Gemini => Panel::Left,
            AgentName::Codex => Panel::Right,
        }
    }

    pub fn parse(name: &str) -> Option<AgentName> {
        match name {
            "gemini" => Some(AgentName::Gemini),
            "codex" => Some(AgentName::Codex),
            _ => None,
        }
    }
}

impl fmt::Display for AgentName {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.as_str())
    }
}

/// An agent's connection status (seed §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AgentStatus {
    Idle,
    Connecting,
    Ready,
    Error,
}

/// The debate's status (seed §6); transitions live in `fsm.rs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DebateStatus {
    Idle,
    Running,
    PauseRequested,
    Paused,
    Stopping,
    Stopped,
    Completed,
}

impl DebateStatus {
    /// A run exists and has not ended: no second run may start, agents may not reconnect.
    pub fn is_active(self) -> bool {
        matches!(
            self,
            DebateStatus::Running
                | DebateStatus::PauseRequested
                | DebateStatus::Paused
                | DebateStatus::Stopping
        )
    }

    pub fn as_str(self) -> &'static str {
        match self {
            DebateStatus::Idle => "idle",
            DebateStatus::Running => "running",
            DebateStatus::PauseRequested => "pause_requested",
            DebateStatus::Paused => "paused",
            DebateStatus::Stopping => "stopping",
            DebateStatus::Stopped => "stopped",
            DebateStatus::Completed => "completed",
        }
    }
}

impl fmt::Display for DebateStatus {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.as_str())
    }
}

/// Why a run ended (the `reason` of `debate_state`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A reply matched the consensus pattern.
    Consensus,
    /// Gemini answered in the last round.
    MaxRounds,
    /// The user pressed stop.
    UserStop,
    /// A turn outlived `turnTimeoutMs`.
    TurnTimeout,
    /// Two replies in a row were empty or could not be read.
    EmptyReplies,
    /// An agent's CLI could not be run at all.
    AgentError,
    /// The server could not write the run's log.
    LogError,
}

/// A connected (or remembered) agent session (seed §6 `AgentSession`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgentSession {
    pub agent: AgentName,
    pub session_id: String,
    pub status: AgentStatus,
    pub last_connected_at: String,
}

/// One run's settings (seed §6 `DebateConfig`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DebateConfig {
    pub topic: String,
    pub max_rounds: u32,
    pub consensus_regex: String,
    pub turn_timeout_ms: u64,
}

/// How a turn ended; an addition to the seed's entry so a log reader need not guess.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TurnOutcome {
    /// The CLI exited 0 and a reply was read.
    Ok,
    /// The CLI exited 0 but its reply was empty or held no text.
    Empty,
    /// The CLI exited with a failure status.
    Failed,
    /// The turn outlived its timeout and the CLI was killed.
    Timeout,
    /// The user stopped the run and the CLI was killed.
    Stopped,
    /// The CLI could not be started.
    SpawnFailed,
}

/// One turn of a run (seed §6 `TranscriptEntry`, plus `outcome` and `exitCode`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TranscriptEntry {
    pub run_id: String,
    pub ts: String,
    pub round: u32,
    pub from: AgentName,
    pub to: AgentName,
    pub prompt: String,
    pub response: String,
    pub raw_stdout: String,
    pub raw_stderr: String,
    pub outcome: TurnOutcome,
    pub exit_code: Option<i32>,
}

/// A terminal panel of the UI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Panel {
    Left,
    Center,
    Right,
}

/// What kind of line a panel shows, so the UI can colour it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LineKind {
    /// The server's own note (a command line, an exit status, a header).
    System,
    Stdout,
    Stderr,
    /// A debater's reply, in the relay.
    Message,
    Error,
}
