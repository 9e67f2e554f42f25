//! The debate's files under `<root>/logs`: `sessions.json` (each agent's last session, seed
//! `SessionStore`) and `runs/<runId>.jsonl` + `runs/<runId>.summary.json` (seed
//! `RunLogStore`). JSON files are replaced atomically (write a temporary file, then rename);
//! the transcript is appended one line per turn and flushed. Nothing here keeps state in
//! memory or decides what to write.

use std::collections::BTreeMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::clock;
use crate::error::{DebateError, ErrorCode};
use crate::types::{AgentName, AgentSession, DebateStatus, EndReason, TranscriptEntry};

/// What a run's summary file holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunRecord {
    pub summary: RunSummary,
    pub transcript: Vec<TranscriptEntry>,
}

/// The logs directory and the files in it.
#[derive(Debug, Clone)]
pub struct LogStore {
    logs: PathBuf,
}

impl LogStore {
    pub fn new(logs: PathBuf) -> LogStore {
        LogStore { logs }
    }

    pub fn logs_dir(&self) -> &Path {
        &self.logs
    }

    pub fn sessions_path(&self) -> PathBuf {
        self.logs.join("sessions.json")
    }

    pub fn transcript_path(&self, run_id: &str) -> PathBuf {
        self.logs.join("runs").join(format!("{run_id}.jsonl"))
    }

    pub fn summary_path(&self, run_id: &str) -> PathBuf {
        self.logs
            .join("runs")
            .join(format!("{run_id}.summary.json"))
    }

    /// Creates `logs/` and `logs/runs/`.
    pub fn ensure_dirs(&self) -> Result<(), DebateError> {
        let runs = self.logs.join("runs");
        std::fs::create_dir_all(&runs)
            .map_err(|error| DebateError::io(&format!("cannot create {}", runs.display()), &error))
    }

    /// The remembered sessions; a missing file is none. A file that cannot be read back is kept
    /// aside (`sessions.json.unreadable-<time>`) rather than overwritten, and reported.
    pub fn load_sessions(&self) -> (BTreeMap<AgentName, AgentSession>, Option<String>) {
        let path = self.sessions_path();
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                return (BTreeMap::new(), None);
            }
            Err(error) => {
                return (
                    BTreeMap::new(),
                    Some(format!("cannot read {}: {error}", path.display())),
                );
            }
        };
        match serde_json::from_str(&text) {
            Ok(sessions) => (sessions, None),
            Err(error) => {
                let aside = path.with_extension(format!(
                    "json.unreadable-{}",
                    clock::now_iso().replace(':', "")
                ));
                let moved = std::fs::rename(&path, &aside).is_ok();
                let note = if moved {
                    format!("kept it as {}", aside.display())
                } else {
                    "left it in place".to_string()
                };
                (
                    BTreeMap::new(),
                    Some(format!("{} is not valid ({error}); {note}", path.display())),
                )
            }
        }
    }

    pub fn save_sessions(
        &self,
        sessions: &BTreeMap<AgentName, AgentSession>,
    ) -> Result<(), DebateError> {
        write_json_atomic(&self.sessions_path(), sessions)
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
            let mut file = OpenOptions::new().create(true).append(true).open(&path)?;
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

fn write_json_atomic<T: Serialize>(path: &Path, value: &T) -> Result<(), DebateError> {
    let text = serde_json::to_string_pretty(value).map_err(|error| {
        DebateError::new(
            ErrorCode::IoError,
            format!("cannot encode {}: {error}", path.display()),
            "report this as a bug",
        )
    })?;
    let temporary = path.with_extension(format!("tmp-{}", std::process::id()));
    let write = || -> std::io::Result<()> {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(text.as_bytes())?;
        file.write_all(b"\n")?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)
    };
    write().map_err(|error| {
        let _ = std::fs::remove_file(&temporary);
        DebateError::io(&format!("cannot write {}", path.display()), &error)
    })
}
