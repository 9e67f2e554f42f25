//! Seed `RunLogStore`: `<root>/logs/runs/<runId>.jsonl` (one transcript entry per turn,
//! appended and flushed) and `<root>/logs/runs/<runId>.summary.json` (replaced atomically).
//! Nothing here keeps state in memory or decides what to write.

use std::collections::BTreeMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::clock;
use crate::error::{DebateError, ErrorCode};
use crate::session_store::write_json_atomic;
use crate::types::{AgentName, DebateStatus, EndReason, TranscriptEntry};

/// What a run's summary file holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RunSummary {
    pub run_id: String,
    pub topic: String,
    pub max_rounds: u32,
    pub consensus_regex: String,
    pub turn_timeout_ms: u64,
    pub status: DebateStatus,
    pub reason: Option<EndReason>,
    pub round: u32,
    pub turns: u32,
    pub started_at: String,
    pub ended_at: Option<String>,
    pub sessions: BTreeMap<AgentName, String>,
}

/// A run as `GET /api/runs/:runId` returns it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RunRecord {
    pub summary: RunSummary,
    pub transcript: Vec<TranscriptEntry>,
}

/// `runs/` in the logs directory.
#[derive(Debug, Clone)]
pub struct RunLogStore {
    logs: PathBuf,
}

impl RunLogStore {
    /// The store in `logs/runs` (created if missing).
    pub fn open(logs: &Path) -> Result<RunLogStore, DebateError> {
        let runs = logs.join("runs");
        std::fs::create_dir_all(&runs).map_err(|error| {
            DebateError::io(&format!("cannot create {}", runs.display()), &error)
        })?;
        // Private to the user: transcripts and agent sessions.
        let _ =
            std::fs::set_permissions(&runs, std::os::unix::fs::PermissionsExt::from_mode(0o700));
        Ok(RunLogStore {
            logs: logs.to_path_buf(),
        })
    }

    pub fn logs_dir(&self) -> &Path {
        &self.logs
    }

    pub fn transcript_path(&self, run_id: &str) -> PathBuf {
        self.logs.join("runs").join(format!("{run_id}.jsonl"))
    }

    pub fn summary_path(&self, run_id: &str) -> PathBuf {
        self.logs
            .join("runs")
            .join(format!("{run_id}.summary.json"))
    }

    pub fn append_turn(&self, entry: &TranscriptEntry) -> Result<(), DebateError> {
        let path = self.transcript_path(&entry.run_id);
        let mut line = serde_json::to_string(entry).map_err(|error| {
            DebateError::new(
                ErrorCode::IoError,
                format!("cannot encode a turn: {error}"),
                "report this as a bug",
            )
        })?;
        line.push('\n');
        let write = || -> std::io::Result<()> {
            let mut file = OpenOptions::new()
                .create(true)
                .append(true)
                .mode(0o600)
                .open(&path)?;
            file.write_all(line.as_bytes())?;
            file.flush()
        };
        write().map_err(|error| {
            DebateError::io(&format!("cannot append to {}", path.display()), &error)
        })
    }

    pub fn write_summary(&self, summary: &RunSummary) -> Result<(), DebateError> {
        write_json_atomic(&self.summary_path(&summary.run_id), summary)
    }

    /// A finished or running run, read back from its files.
    pub fn read_run(&self, run_id: &str) -> Result<RunRecord, DebateError> {
        let not_found = || {
            DebateError::new(
                ErrorCode::RunNotFound,
                format!("no run {run_id}"),
                format!("list the runs in {}", self.logs.join("runs").display()),
            )
        };
        if !clock::is_valid_run_id(run_id) {
            return Err(not_found());
        }
        let summary_path = self.summary_path(run_id);
        let summary_text = std::fs::read_to_string(&summary_path).map_err(|_| not_found())?;
        let summary: RunSummary = serde_json::from_str(&summary_text).map_err(|error| {
            DebateError::new(
                ErrorCode::IoError,
                format!("{} is not valid: {error}", summary_path.display()),
                "the file was edited or truncated; the transcript .jsonl beside it is intact",
            )
        })?;
        let transcript_path = self.transcript_path(run_id);
        let transcript = match std::fs::read_to_string(&transcript_path) {
            Ok(text) => text
                .lines()
                .filter(|line| !line.trim().is_empty())
                .map(serde_json::from_str)
                .collect::<Result<Vec<TranscriptEntry>, _>>()
                .map_err(|error| {
                    DebateError::new(
                        ErrorCode::IoError,
                        format!("{} is not valid: {error}", transcript_path.display()),
                        "the file was edited or truncated",
                    )
                })?,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(error) => {
                return Err(DebateError::io(
                    &format!("cannot read {}", transcript_path.display()),
                    &error,
                ));
            }
        };
        Ok(RunRecord {
            summary,
            transcript,
        })
    }
}
