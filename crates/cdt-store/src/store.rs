//! The filesystem [`SessionStorePort`]: `contexts/<hash>/{metadata,state,lease,owner}.json`,
//! `chrome-profile/`, and `locks/context-<hash>.lock`.

use std::fs;
use std::path::PathBuf;

use cdt_domain::ops::op;
use cdt_domain::ports::{ContextFile, ContextLock, SessionStorePort};
use cdt_domain::{CdtError, ContextKey, ErrorCode};
use serde_json::Value;

use crate::{LockFile, StatePaths, ensure_private_dir, write_atomic};

#[derive(Clone, Debug)]
pub struct FsSessionStore {
    paths: StatePaths,
}

struct HeldContextLock(#[allow(dead_code)] LockFile);

impl ContextLock for HeldContextLock {}

fn io_error(what: &str, path: &std::path::Path, error: &std::io::Error) -> CdtError {
    CdtError::new(
        ErrorCode::IoError,
        format!("cannot {what} {}: {error}", path.display()),
    )
    .hinted("Check free disk space and permissions under CDT_HOME (or set CDT_HOME=/tmp/cdt)")
}

impl FsSessionStore {
    pub fn new(paths: StatePaths) -> Self {
        FsSessionStore { paths }
    }

    fn file_path(&self, key: &ContextKey, file: ContextFile) -> PathBuf {
        let name = match file {
            ContextFile::Metadata => "metadata.json",
            ContextFile::State => "state.json",
            ContextFile::Lease => "lease.json",
            ContextFile::Owner => "owner.json",
        };
        self.paths.context_dir(key).join(name)
    }
}

impl SessionStorePort for FsSessionStore {
    fn profile_dir(&self, key: &ContextKey) -> PathBuf {
        self.paths.context_dir(key).join("chrome-profile")
    }

    fn browser_log(&self, key: &ContextKey) -> PathBuf {
        self.paths.context_dir(key).join("chrome.log")
    }

    fn prepare(&self, key: &ContextKey) -> Result<(), CdtError> {
        ensure_private_dir(&self.paths.contexts_dir())?;
        ensure_private_dir(&self.paths.context_dir(key))
    }

    fn lock_context(&self, key: &ContextKey) -> Result<Box<dyn ContextLock>, CdtError> {
        let dir = self.paths.locks_dir();
        ensure_private_dir(&dir)?;
        let path = self.paths.context_lock(key);
        match LockFile::try_acquire(&path) {
            Ok(Some(lock)) => Ok(Box::new(HeldContextLock(lock))),
            Ok(None) => Err(CdtError::new(
                ErrorCode::ContextLockTimeout,
                format!("context {key} is locked by another process"),
            )
            .run_then::<op::DaemonStatus>("", " (another daemon may own this CDT_HOME)")),
            Err(error) => Err(io_error("lock", &path, &error)),
        }
    }

    fn write(&self, key: &ContextKey, file: ContextFile, value: &Value) -> Result<(), CdtError> {
        let dir = self.paths.context_dir(key);
        ensure_private_dir(&dir)?;
        let path = self.file_path(key, file);
        let bytes =
            serde_json::to_vec_pretty(value).map_err(|e| CdtError::internal(e.to_string()))?;
        write_atomic(&path, &bytes).map_err(|error| io_error("write", &path, &error))
    }

    fn read(&self, key: &ContextKey, file: ContextFile) -> Option<Value> {
        let bytes = fs::read(self.file_path(key, file)).ok()?;
        serde_json::from_slice(&bytes).ok()
    }

    fn write_file(&self, path: &std::path::Path, bytes: &[u8]) -> Result<(), CdtError> {
        write_atomic(path, bytes).map_err(|error| io_error("write", path, &error))
    }

    fn save_artifact(
        &self,
        key: &ContextKey,
        kind: &str,
        extension: &str,
        bytes: &[u8],
        keep: usize,
    ) -> Result<PathBuf, CdtError> {
        let now = cdt_domain::time::now_unix_ms();
        let stamp = cdt_domain::time::iso8601(now as f64);
        let kind_dir = self.paths.context_dir(key).join("artifacts").join(kind);
        let day_dir = kind_dir.join(&stamp[..10]);
        ensure_private_dir(&day_dir)?;
        let name = format!(
            "{}-{:03}.{extension}",
            stamp[11..19].replace(':', ""),
            now % 1000
        );
        let mut path = day_dir.join(&name);
        let mut counter = 1;
        while path.exists() {
            path = day_dir.join(format!(
                "{}-{:03}-{counter}.{extension}",
                stamp[11..19].replace(':', ""),
                now % 1000
            ));
            counter += 1;
        }
        write_atomic(&path, bytes).map_err(|error| io_error("write", &path, &error))?;
        prune_oldest(&kind_dir, keep);
        Ok(path)
    }

    // emulation, trace, storage
    fn artifact_dir(&self, key: &ContextKey, kind: &str) -> Result<PathBuf, CdtError> {
        let artifacts = self.paths.context_dir(key).join("artifacts");
        ensure_private_dir(&artifacts)?;
        let dir = artifacts.join(kind);
        ensure_private_dir(&dir)?;
        Ok(dir)
    }

    fn trace_dir(&self, key: &ContextKey) -> Result<PathBuf, CdtError> {
        let dir = self.paths.context_dir(key).join("trace");
        ensure_private_dir(&dir)?;
        Ok(dir)
    }

    fn write_trace(&self, path: &std::path::Path, json: &[u8]) -> Result<u64, CdtError> {
        crate::files::write_trace(path, json)
    }

    fn latest_trace(&self, key: &ContextKey) -> Option<PathBuf> {
        let dir = self.paths.context_dir(key).join("trace");
        let pointed = fs::read_to_string(dir.join("latest"))
            .ok()
            .map(|text| PathBuf::from(text.trim()))
            .filter(|path| path.is_file());
        if pointed.is_some() {
            return pointed;
        }
        fs::read_dir(dir)
            .ok()?
            .flatten()
            .filter(|entry| {
                let name = entry.file_name().to_string_lossy().to_string();
                !name.starts_with('.') && (name.ends_with(".json") || name.ends_with(".gz"))
            })
            .filter_map(|entry| Some((entry.metadata().ok()?.modified().ok()?, entry.path())))
            .max()
            .map(|(_, path)| path)
    }

    fn read_trace(&self, path: &std::path::Path) -> Result<Vec<u8>, CdtError> {
        crate::files::read_trace(path)
    }

    fn write_secret_file(&self, path: &std::path::Path, bytes: &[u8]) -> Result<(), CdtError> {
        crate::files::write_secret_file(path, bytes)
    }

    fn read_secret_file(&self, path: &std::path::Path) -> Result<Vec<u8>, CdtError> {
        crate::files::read_secret_file(path)
    }

    fn contexts(&self) -> Vec<ContextKey> {
        let Ok(entries) = fs::read_dir(self.paths.contexts_dir()) else {
            return Vec::new();
        };
        let mut keys: Vec<ContextKey> = entries
            .filter_map(|entry| {
                entry
                    .ok()?
                    .file_name()
                    .to_str()
                    .map(|hash| format!("{}{hash}", ContextKey::PREFIX))
            })
            .filter_map(|name| ContextKey::parse(&name))
            .collect();
        keys.sort();
        keys
    }

    fn remove_context(&self, key: &ContextKey, with_profile: bool) -> Result<(), CdtError> {
        let dir = self.paths.context_dir(key);
        let result = if with_profile {
            fs::remove_dir_all(&dir)
        } else {
            ["metadata.json", "state.json", "lease.json", "owner.json"]
                .iter()
                .map(|name| fs::remove_file(dir.join(name)))
                .filter(|r| {
                    r.as_ref()
                        .is_err_and(|e| e.kind() != std::io::ErrorKind::NotFound)
                })
                .collect::<Result<(), _>>()
        };
        let _ = fs::remove_file(self.paths.context_lock(key));
        match result {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
                Err(io_error("remove", &dir, &error))
            }
            _ => Ok(()),
        }
    }
}

/// Deletes the oldest files under `dir` (one level of day folders) beyond `keep`.
fn prune_oldest(dir: &std::path::Path, keep: usize) {
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .flat_map(|day| {
            fs::read_dir(day.path())
                .into_iter()
                .flatten()
                .filter_map(Result::ok)
        })
        .filter_map(|file| Some((file.metadata().ok()?.modified().ok()?, file.path())))
        .collect();
    if files.len() <= keep {
        return;
    }
    files.sort();
    for (_, path) in &files[..files.len() - keep] {
        let _ = fs::remove_file(path);
        if let Some(parent) = path.parent() {
            let _ = fs::remove_dir(parent);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_reads_lists_and_removes_contexts() {
        let root = std::env::temp_dir().join(format!("cdt-store-fs-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let store = FsSessionStore::new(StatePaths::new(&root));
        let key = ContextKey::parse("ctx_00000000000a");
        let Some(key) = key else {
            panic!("valid key refused")
        };
        assert!(
            store
                .write(
                    &key,
                    ContextFile::State,
                    &serde_json::json!({"status": "running"})
                )
                .is_ok()
        );
        assert_eq!(
            store.read(&key, ContextFile::State),
            Some(serde_json::json!({"status": "running"}))
        );
        assert_eq!(store.contexts(), vec![key.clone()]);
        let lock = store.lock_context(&key);
        assert!(lock.is_ok());
        assert!(
            store.lock_context(&key).is_err(),
            "a second lock on the same context must fail"
        );
        drop(lock);
        for _ in 0..5 {
            assert!(
                store
                    .save_artifact(&key, "screenshots", "png", b"x", 3)
                    .is_ok()
            );
        }
        let shots = root
            .join("contexts")
            .join(key.hash())
            .join("artifacts/screenshots");
        let kept: usize = fs::read_dir(&shots)
            .into_iter()
            .flatten()
            .filter_map(Result::ok)
            .map(|d| fs::read_dir(d.path()).map(|f| f.count()).unwrap_or(0))
            .sum();
        assert_eq!(kept, 3, "retention keeps the newest 3");
        assert!(store.remove_context(&key, true).is_ok());
        assert!(store.contexts().is_empty());
        let _ = fs::remove_dir_all(&root);
    }
}
