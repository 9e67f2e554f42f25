//! Seed `SessionStore`: `<root>/logs/sessions.json`, each agent's last session. The file is
//! replaced atomically (write a temporary file, then rename); one that cannot be read back is
//! set aside, never overwritten. Nothing here keeps state in memory or decides what to write.

use std::collections::BTreeMap;
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::clock;
use crate::error::{DebateError, ErrorCode};
use crate::types::{AgentName, AgentSession};

/// `sessions.json` in the logs directory.
#[derive(Debug, Clone)]
pub struct SessionStore {
    logs: PathBuf,
}

impl SessionStore {
    /// The store in `logs` (created if missing).
    pub fn open(logs: &Path) -> Result<SessionStore, DebateError> {
        std::fs::create_dir_all(logs).map_err(|error| {
            DebateError::io(&format!("cannot create {}", logs.display()), &error)
        })?;
        // Private to the user: transcripts and agent sessions.
        let _ = std::fs::set_permissions(logs, std::os::unix::fs::PermissionsExt::from_mode(0o700));
        Ok(SessionStore {
            logs: logs.to_path_buf(),
        })
    }

    pub fn sessions_path(&self) -> PathBuf {
        self.logs.join("sessions.json")
    }

    /// The remembered sessions; a missing file is none. A file that cannot be read back is kept
    /// aside (`sessions.json.unreadable-<time>`) rather than overwritten, and reported.
    pub fn load(&self) -> (BTreeMap<AgentName, AgentSession>, Option<String>) {
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

    pub fn save(&self, sessions: &BTreeMap<AgentName, AgentSession>) -> Result<(), DebateError> {
        write_json_atomic(&self.sessions_path(), sessions)
    }
}

/// Writes `value` as pretty JSON to `path` through a temporary file and a rename, so a reader
/// sees the old file or the new one, never half of one.
pub(crate) fn write_json_atomic<T: Serialize>(path: &Path, value: &T) -> Result<(), DebateError> {
    let text = serde_json::to_string_pretty(value).map_err(|error| {
        DebateError::new(
            ErrorCode::IoError,
            format!("cannot encode {}: {error}", path.display()),
            "report this as a bug",
        )
    })?;
    let temporary = path.with_extension(format!("tmp-{}", std::process::id()));
    let write = || -> std::io::Result<()> {
        // The logs are the user's conversations with their agents: private (0600).
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o600)
            .open(&temporary)?;
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
