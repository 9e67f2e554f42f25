//! Persisted telemetry: `contexts/<hash>/console.jsonl` and `network.jsonl`, appended by one
//! background thread (callers never wait on disk), rotated to `*.jsonl.1` past a size limit so
//! the files stay bounded. The queue to that thread is bounded too ([`QUEUE_RECORDS`]): when the
//! disk cannot keep up, new records are dropped and counted ([`TelemetryLog::dropped`]), never
//! buffered without limit.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError, sync_channel};

use cdt_domain::ContextKey;
use cdt_domain::telemetry::{TelemetryLog, TelemetryStream};
use serde_json::Value;

use crate::StatePaths;

/// Default size at which a stream is rotated.
pub const DEFAULT_ROTATE_BYTES: u64 = 8 << 20;

/// Records waiting for the writer thread, at most.
pub const QUEUE_RECORDS: usize = 4_096;

type Record = (ContextKey, TelemetryStream, Vec<u8>);

pub struct JsonlTelemetryLog {
    sender: Mutex<SyncSender<Record>>,
    dropped: AtomicU64,
}

struct OpenStream {
    path: PathBuf,
    file: File,
    size: u64,
}

fn file_name(stream: TelemetryStream) -> &'static str {
    match stream {
        TelemetryStream::Console => "console.jsonl",
        TelemetryStream::Network => "network.jsonl",
    }
}

impl JsonlTelemetryLog {
    pub fn start(paths: StatePaths, rotate_bytes: u64) -> Self {
        let (sender, records) = sync_channel::<Record>(QUEUE_RECORDS);
        let spawned = std::thread::Builder::new()
            .name("cdt-telemetry-log".into())
            .spawn(move || {
                let mut open: HashMap<(ContextKey, TelemetryStream), OpenStream> = HashMap::new();
                for (key, stream, line) in records {
                    let dir = paths.context_dir(&key);
                    // A reaped context loses its directory: never recreate it from here.
                    if !dir.is_dir() {
                        open.remove(&(key, stream));
                        continue;
                    }
                    let slot = (key, stream);
                    if open.get(&slot).is_some_and(|s| !s.path.exists()) {
                        open.remove(&slot);
                    }
                    if !open.contains_key(&slot) {
                        let path = dir.join(file_name(stream));
                        let Ok(file) = OpenOptions::new().create(true).append(true).open(&path)
                        else {
                            continue;
                        };
                        let size = file.metadata().map(|m| m.len()).unwrap_or(0);
                        open.insert(slot.clone(), OpenStream { path, file, size });
                    }
                    let Some(current) = open.get_mut(&slot) else {
                        continue;
                    };
                    if current.size + line.len() as u64 > rotate_bytes && current.size > 0 {
                        let rotated = current.path.with_extension("jsonl.1");
                        let _ = std::fs::rename(&current.path, rotated);
                        let Ok(file) = OpenOptions::new()
                            .create(true)
                            .append(true)
                            .open(&current.path)
                        else {
                            continue;
                        };
                        current.file = file;
                        current.size = 0;
                    }
                    if current.file.write_all(&line).is_ok() {
                        current.size += line.len() as u64;
                    }
                }
            });
        if let Err(error) = spawned {
            tracing::error!(%error, "cannot start the telemetry log writer");
        }
        JsonlTelemetryLog {
            sender: Mutex::new(sender),
            dropped: AtomicU64::new(0),
        }
    }
}

impl TelemetryLog for JsonlTelemetryLog {
    fn append(&self, key: &ContextKey, stream: TelemetryStream, record: &Value) {
        let Ok(mut line) = serde_json::to_vec(record) else {
            return;
        };
        line.push(b'\n');
        if let Ok(sender) = self.sender.lock()
            && let Err(TrySendError::Full(_)) = sender.try_send((key.clone(), stream, line))
        {
            let dropped = self.dropped.fetch_add(1, Ordering::Relaxed) + 1;
            if dropped.is_power_of_two() {
                tracing::warn!(
                    dropped,
                    "the telemetry log writer is behind; records dropped"
                );
            }
        }
    }

    fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appends_and_rotates_at_the_limit() {
        let root = std::env::temp_dir().join(format!("cdt-tlog-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let paths = StatePaths::new(&root);
        let Some(key) = ContextKey::parse("ctx_00000000000b") else {
            panic!("key")
        };
        let _ = std::fs::create_dir_all(paths.context_dir(&key));
        let log = JsonlTelemetryLog::start(paths.clone(), 200);
        for i in 0..20 {
            log.append(
                &key,
                TelemetryStream::Console,
                &serde_json::json!({ "i": i, "pad": "xxxxxxxxxxxxxxxxxxxx" }),
            );
        }
        let current = paths.context_dir(&key).join("console.jsonl");
        let rotated = paths.context_dir(&key).join("console.jsonl.1");
        let done = (0..100).any(|_| {
            std::thread::sleep(std::time::Duration::from_millis(10));
            std::fs::read_to_string(&current).is_ok_and(|t| t.contains("\"i\":19"))
        });
        assert!(done, "the last record was not written");
        assert!(rotated.exists(), "no rotation happened");
        let size = std::fs::metadata(&current)
            .map(|m| m.len())
            .unwrap_or(u64::MAX);
        assert!(size <= 200, "current file is {size} bytes");
        let _ = std::fs::remove_dir_all(&root);
    }
}
