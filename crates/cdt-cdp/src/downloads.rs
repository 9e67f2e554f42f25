//! Downloads (issue 21.2): the browser saves every download into one directory
//! (`Browser.setDownloadBehavior`, `allowAndName`: under its GUID while it runs); this module
//! follows `Browser.downloadWillBegin` / `downloadProgress`, and once a download completes gives
//! the file its suggested name (made unique in the directory, never leaving it).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use cdt_domain::CdtError;
use cdt_domain::download::{Download, DownloadState};
use serde_json::{Value, json};

use crate::support::{lock, str_field};
use crate::transport::CdpConnection;

/// How many downloads a browser remembers (the oldest finished ones go first).
const KEPT: usize = 500;

/// The downloads of one browser.
#[derive(Default)]
pub struct Downloads {
    items: Mutex<Vec<Download>>,
    dir: Mutex<Option<PathBuf>>,
    next_seq: AtomicU64,
}

impl Downloads {
    pub fn list(&self) -> Vec<Download> {
        lock(&self.items).clone()
    }

    /// Saves downloads into `dir` from now on, and follows them.
    pub async fn start(
        self: &Arc<Self>,
        connection: &CdpConnection,
        dir: &Path,
    ) -> Result<(), CdtError> {
        let first = lock(&self.dir).replace(dir.to_path_buf()).is_none();
        if first {
            let mut events = connection.subscribe();
            let downloads = Arc::downgrade(self);
            tokio::spawn(async move {
                while let Some(event) = events.recv().await {
                    let Some(downloads) = downloads.upgrade() else {
                        return;
                    };
                    if event.session_id.is_none() {
                        downloads.on_event(&event.method, &event.params);
                    }
                }
            });
        }
        connection
            .call(
                "Browser.setDownloadBehavior",
                json!({ "behavior": "allowAndName", "downloadPath": dir, "eventsEnabled": true }),
                None,
            )
            .await
            .map(|_| ())
    }

    fn on_event(&self, method: &str, params: &Value) {
        match method {
            "Browser.downloadWillBegin" => {
                let seq = self.next_seq.fetch_add(1, Ordering::SeqCst) + 1;
                let mut items = lock(&self.items);
                if items.len() >= KEPT
                    && let Some(oldest) = items.iter().position(Download::is_done)
                {
                    items.remove(oldest);
                }
                items.push(Download {
                    id: str_field(params, "guid").to_string(),
                    url: str_field(params, "url").to_string(),
                    suggested_filename: str_field(params, "suggestedFilename").to_string(),
                    page_target_id: str_field(params, "frameId").to_string(),
                    seq,
                    ..Download::default()
                });
            }
            "Browser.downloadProgress" => {
                let guid = str_field(params, "guid");
                let dir = lock(&self.dir).clone();
                let mut items = lock(&self.items);
                let Some(item) = items.iter_mut().find(|d| d.id == guid) else {
                    return;
                };
                item.size = params["receivedBytes"].as_f64().unwrap_or(0.0) as u64;
                item.total_bytes = params["totalBytes"].as_f64().unwrap_or(0.0) as u64;
                item.state = match str_field(params, "state") {
                    "completed" => DownloadState::Completed,
                    "canceled" => DownloadState::Canceled,
                    _ => DownloadState::InProgress,
                };
                if item.state == DownloadState::Completed
                    && item.file.is_none()
                    && let Some(dir) = dir
                {
                    item.file = Some(settle(&dir, guid, &item.suggested_filename));
                }
            }
            _ => {}
        }
    }
}

/// A file name safe to create in the directory: no path separators, no `..`, not empty.
fn safe_name(suggested: &str) -> String {
    let name: String = suggested
        .chars()
        .map(|c| {
            if matches!(c, '/' | '\\' | '\0') {
                '_'
            } else {
                c
            }
        })
        .collect();
    let name = name.trim().trim_start_matches('.').to_string();
    if name.is_empty() {
        "download".to_string()
    } else {
        name
    }
}

/// Renames the finished `<dir>/<guid>` to its suggested name (`name (2).ext` when taken);
/// returns the path it now has (the GUID path if the rename failed).
fn settle(dir: &Path, guid: &str, suggested: &str) -> String {
    let from = dir.join(guid);
    let name = safe_name(suggested);
    let (stem, extension) = match name.rsplit_once('.') {
        Some((stem, extension)) if !stem.is_empty() => (stem.to_string(), format!(".{extension}")),
        _ => (name.clone(), String::new()),
    };
    for n in 1..1000 {
        let candidate = if n == 1 {
            dir.join(&name)
        } else {
            dir.join(format!("{stem} ({n}){extension}"))
        };
        if candidate.exists() {
            continue;
        }
        return match std::fs::rename(&from, &candidate) {
            Ok(()) => candidate.display().to_string(),
            Err(_) => from.display().to_string(),
        };
    }
    from.display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_download_takes_its_suggested_name_uniquely_and_never_leaves_the_directory() {
        let dir = std::env::temp_dir().join(format!("cdt-dl-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_default();
        let downloads = Downloads::default();
        *lock(&downloads.dir) = Some(dir.clone());
        for guid in ["g1", "g2"] {
            std::fs::write(dir.join(guid), b"data").unwrap_or_default();
            downloads.on_event(
                "Browser.downloadWillBegin",
                &json!({ "guid": guid, "url": "http://h/r.csv", "suggestedFilename": "../report.csv", "frameId": "P" }),
            );
            downloads.on_event(
                "Browser.downloadProgress",
                &json!({ "guid": guid, "receivedBytes": 4, "totalBytes": 4, "state": "completed" }),
            );
        }
        let list = downloads.list();
        assert_eq!(list.len(), 2);
        assert_eq!(
            list[0].file.as_deref(),
            Some(dir.join("_report.csv").to_str().unwrap_or(""))
        );
        assert_eq!(
            list[1].file.as_deref(),
            Some(dir.join("_report (2).csv").to_str().unwrap_or(""))
        );
        assert_eq!(
            (list[1].size, list[1].seq, list[1].state),
            (4, 2, DownloadState::Completed)
        );
        assert_eq!(list[0].page_target_id, "P");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
