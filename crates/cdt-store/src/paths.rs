//! Where everything lives under the state root (`$CDT_HOME` or `~/.cdt`).

use std::path::{Path, PathBuf};

use cdt_domain::{CdtError, ContextKey, ErrorCode, env};

/// Linux `sun_path` holds 108 bytes including the terminating NUL.
pub const MAX_SOCKET_PATH: usize = 107;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatePaths {
    root: PathBuf,
}

impl StatePaths {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        StatePaths { root: root.into() }
    }

    /// `$CDT_HOME`, else `~/.cdt`.
    pub fn from_env() -> Result<Self, CdtError> {
        if let Some(home) = std::env::var_os(env::CDT_HOME).filter(|v| !v.is_empty()) {
            let path = PathBuf::from(home);
            let path = if path.is_absolute() {
                path
            } else {
                std::env::current_dir()
                    .map(|cwd| cwd.join(&path))
                    .unwrap_or(path)
            };
            return Ok(StatePaths::new(path));
        }
        directories::BaseDirs::new()
            .map(|dirs| StatePaths::new(dirs.home_dir().join(".cdt")))
            .ok_or_else(|| {
                CdtError::new(
                    ErrorCode::ValidationError,
                    "cannot find the home directory for the state root",
                )
                .hinted(format!("Set {}=/path/to/state", env::CDT_HOME))
            })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }
    pub fn broker_dir(&self) -> PathBuf {
        self.root.join("broker")
    }
    pub fn socket(&self) -> PathBuf {
        self.broker_dir().join("daemon.sock")
    }
    pub fn daemon_pid(&self) -> PathBuf {
        self.broker_dir().join("daemon.pid")
    }
    /// Held by the running daemon for its whole life.
    pub fn daemon_lock(&self) -> PathBuf {
        self.broker_dir().join("daemon.lock")
    }
    /// Held by a CLI while it starts a daemon, so concurrent first calls start only one.
    pub fn startup_lock(&self) -> PathBuf {
        self.broker_dir().join("startup.lock")
    }
    pub fn daemon_log(&self) -> PathBuf {
        self.broker_dir().join("daemon.log")
    }
    pub fn locks_dir(&self) -> PathBuf {
        self.root.join("locks")
    }
    pub fn context_lock(&self, key: &ContextKey) -> PathBuf {
        self.locks_dir()
            .join(format!("context-{}.lock", key.hash()))
    }
    pub fn contexts_dir(&self) -> PathBuf {
        self.root.join("contexts")
    }
    pub fn context_dir(&self, key: &ContextKey) -> PathBuf {
        self.contexts_dir().join(key.hash())
    }
    /// The REPL's line history, one file per context (`cdt repl`).
    pub fn repl_dir(&self) -> PathBuf {
        self.root.join("repl")
    }

    /// Refuses a socket path the kernel would truncate.
    pub fn check_socket_path(&self) -> Result<PathBuf, CdtError> {
        let socket = self.socket();
        let length = socket.as_os_str().len();
        if length > MAX_SOCKET_PATH {
            return Err(CdtError::new(
                ErrorCode::ValidationError,
                format!(
                    "socket path is {length} bytes, over the {MAX_SOCKET_PATH}-byte limit: {}",
                    socket.display()
                ),
            )
            .hinted(format!(
                "Set {} to a shorter directory, e.g. {}=/tmp/cdt",
                env::CDT_HOME,
                env::CDT_HOME
            )));
        }
        Ok(socket)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_socket_path_is_refused_with_a_suggestion() {
        let paths = StatePaths::new(format!("/tmp/{}", "x".repeat(120)));
        let error = paths.check_socket_path().err();
        assert_eq!(
            error.as_ref().map(|e| e.code),
            Some(ErrorCode::ValidationError)
        );
        assert!(error.is_some_and(|e| e.suggestions[0].to_string().contains("CDT_HOME")));
        assert!(StatePaths::new("/tmp/cdt").check_socket_path().is_ok());
    }
}
