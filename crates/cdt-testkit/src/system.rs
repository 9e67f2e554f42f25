//! The fakes of the machine under cdt: a disk (state files, artifacts, traces) in memory, a
//! process table and a clock the test moves.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use cdt_domain::ports::{Clock, ContextFile, ContextLock, ProcessTable, SessionStorePort};
use cdt_domain::{CdtError, ContextKey, ErrorCode, ProcessFingerprint};
use serde_json::Value;

use crate::lock;

struct FakeLock;
impl ContextLock for FakeLock {}

#[derive(Default)]
pub struct MemoryStore {
    pub files: Mutex<HashMap<(ContextKey, ContextFile), Value>>,
    pub removed: Mutex<Vec<ContextKey>>,
    /// Traces and secret files by path.
    pub blobs: Mutex<BTreeMap<PathBuf, Vec<u8>>>,
}

impl SessionStorePort for MemoryStore {
    fn profile_dir(&self, key: &ContextKey) -> PathBuf {
        PathBuf::from(format!("/fake/{}", key.hash()))
    }
    fn browser_log(&self, key: &ContextKey) -> PathBuf {
        PathBuf::from(format!("/fake/{}.log", key.hash()))
    }
    fn prepare(&self, _key: &ContextKey) -> Result<(), CdtError> {
        Ok(())
    }
    fn lock_context(&self, _key: &ContextKey) -> Result<Box<dyn ContextLock>, CdtError> {
        Ok(Box::new(FakeLock))
    }
    fn write(&self, key: &ContextKey, file: ContextFile, value: &Value) -> Result<(), CdtError> {
        lock(&self.files).insert((key.clone(), file), value.clone());
        Ok(())
    }
    fn read(&self, key: &ContextKey, file: ContextFile) -> Option<Value> {
        lock(&self.files).get(&(key.clone(), file)).cloned()
    }
    fn write_file(&self, _path: &std::path::Path, _bytes: &[u8]) -> Result<(), CdtError> {
        Ok(())
    }
    fn save_artifact(
        &self,
        key: &ContextKey,
        kind: &str,
        extension: &str,
        _bytes: &[u8],
        _keep: usize,
    ) -> Result<PathBuf, CdtError> {
        Ok(PathBuf::from(format!(
            "/fake/{}/{kind}.{extension}",
            key.hash()
        )))
    }
    fn contexts(&self) -> Vec<ContextKey> {
        let mut keys: Vec<ContextKey> = lock(&self.files).keys().map(|(k, _)| k.clone()).collect();
        keys.sort();
        keys.dedup();
        keys
    }
    fn remove_context(&self, key: &ContextKey, _with_profile: bool) -> Result<(), CdtError> {
        lock(&self.files).retain(|(k, _), _| k != key);
        lock(&self.removed).push(key.clone());
        Ok(())
    }

    // emulation, trace, storage
    fn artifact_dir(&self, key: &ContextKey, kind: &str) -> Result<PathBuf, CdtError> {
        Ok(PathBuf::from(format!("/fake/{}/{kind}", key.hash())))
    }
    fn trace_dir(&self, key: &ContextKey) -> Result<PathBuf, CdtError> {
        Ok(PathBuf::from(format!("/fake/{}/trace", key.hash())))
    }
    fn write_trace(&self, path: &std::path::Path, json: &[u8]) -> Result<u64, CdtError> {
        lock(&self.blobs).insert(path.to_path_buf(), json.to_vec());
        Ok(json.len() as u64)
    }
    fn latest_trace(&self, _key: &ContextKey) -> Option<PathBuf> {
        lock(&self.blobs)
            .keys()
            .rfind(|p| p.starts_with("/fake"))
            .cloned()
    }
    fn read_trace(&self, path: &std::path::Path) -> Result<Vec<u8>, CdtError> {
        lock(&self.blobs)
            .get(path)
            .cloned()
            .ok_or_else(|| CdtError::new(ErrorCode::IoError, "no such file"))
    }
    fn write_secret_file(&self, path: &std::path::Path, bytes: &[u8]) -> Result<(), CdtError> {
        lock(&self.blobs).insert(path.to_path_buf(), bytes.to_vec());
        Ok(())
    }
    fn read_secret_file(&self, path: &std::path::Path) -> Result<Vec<u8>, CdtError> {
        lock(&self.blobs)
            .get(path)
            .cloned()
            .ok_or_else(|| CdtError::new(ErrorCode::IoError, "no such file"))
    }
}

/// Runs in the middle of a lease verdict (to interleave a request with the janitor).
pub type Hook = Box<dyn Fn() + Send + Sync>;

#[derive(Default)]
pub struct FakeProcesses {
    pub dead: Mutex<Vec<u32>>,
    pub killed: Mutex<Vec<u32>>,
    /// Called on every `is_alive` check, before answering.
    pub on_is_alive: Mutex<Option<Hook>>,
}

impl ProcessTable for FakeProcesses {
    fn is_alive(&self, process: &ProcessFingerprint) -> bool {
        if let Some(hook) = lock(&self.on_is_alive).as_ref() {
            hook();
        }
        !lock(&self.dead).contains(&process.pid)
    }
    fn start_time(&self, _pid: u32) -> Option<u64> {
        Some(7)
    }
    fn tree_pss_kib(&self, _pid: u32) -> Option<u64> {
        Some(2)
    }
    fn pss_kib(&self, _pid: u32) -> Option<u64> {
        Some(1)
    }
    fn kill_group(&self, pid: u32, _start_time: u64) -> bool {
        lock(&self.killed).push(pid);
        true
    }
}

/// A clock the test moves: [`FakeClock::advance`] moves time on (both readings),
/// [`FakeClock::jump_wall`] steps only the wall clock, as NTP or `date -s` would.
#[derive(Default)]
pub struct FakeClock {
    wall: AtomicU64,
    monotonic: AtomicU64,
}

impl FakeClock {
    /// A clock whose wall reads `unix_ms` (and whose monotonic reading starts there too).
    pub fn at(unix_ms: u64) -> Self {
        FakeClock {
            wall: AtomicU64::new(unix_ms),
            monotonic: AtomicU64::new(unix_ms),
        }
    }

    /// Time passes: both readings move on by `ms`.
    pub fn advance(&self, ms: u64) {
        self.wall.fetch_add(ms, Ordering::SeqCst);
        self.monotonic.fetch_add(ms, Ordering::SeqCst);
    }

    /// The wall clock is stepped by `delta_ms` (back when negative); no time passes.
    pub fn jump_wall(&self, delta_ms: i64) {
        let wall = self.wall.load(Ordering::SeqCst);
        self.wall
            .store(wall.saturating_add_signed(delta_ms), Ordering::SeqCst);
    }
}

impl Clock for FakeClock {
    fn now_unix_ms(&self) -> u64 {
        self.wall.load(Ordering::SeqCst)
    }
    fn monotonic_ms(&self) -> u64 {
        self.monotonic.load(Ordering::SeqCst)
    }
}
