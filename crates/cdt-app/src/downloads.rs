//! Downloads (issue 21.2): a browser cdt launches saves every download into the context's
//! artifacts (`contexts/<hash>/artifacts/downloads/`); `downloads list` reports them,
//! `page wait-download` waits for the next one, and an action's feedback names the downloads
//! it started. The MIME type is the response's (from the context's network log), else guessed
//! from the file name.

use std::time::Duration;

use cdt_domain::download::{Download, DownloadReport};
use cdt_domain::ops::{DownloadsListReply, WaitDownloadParams, WaitDownloadReply};
use cdt_domain::{CdtError, ErrorCode};
use tokio::time::Instant;

use crate::blocking;
use crate::context::Scope;
use crate::dispatch::use_case;
use crate::slot::Slot;

use_case!(DownloadsList, |scope, _, _| Ok(list(scope)));
use_case!(PageWaitDownload, |scope, params, until| wait(
    scope, &params, until
)
.await);

/// How often a wait looks again.
const POLL: Duration = Duration::from_millis(50);

/// A download as replies show it: `{file, url, size, mime, state, …}`.
pub fn describe(slot: &Slot, download: &Download) -> DownloadReport {
    let logged = slot
        .telemetry
        .requests_where(|r| r.url == download.url && !r.mime_type.is_empty())
        .pop()
        .map(|r| r.mime_type);
    // The response's type, else one from the name.
    let mime = logged.unwrap_or_else(|| {
        crate::files::mime_of(&download.suggested_filename)
            .unwrap_or("application/octet-stream")
            .to_string()
    });
    DownloadReport {
        download: download.clone(),
        mime,
    }
}

/// The downloads the slot's browser recorded (none without a browser).
fn downloads(slot: &Slot) -> Vec<Download> {
    slot.any_browser()
        .map(|browser| browser.downloads())
        .unwrap_or_default()
}

/// The newest download's place in the order they began (0: none yet).
pub fn last_seq(slot: &Slot) -> u64 {
    downloads(slot).iter().map(|d| d.seq).max().unwrap_or(0)
}

/// The downloads that began after `seq`, once each has finished or `limit` passed (as they
/// are then), for an action's feedback; empty when none began. While none has begun and
/// `expected()` says one is on its way, it is waited for (up to `limit` too). The finished
/// ones count as reported: `page wait-download` goes on from the first that was not.
pub async fn started_since(
    slot: &Slot,
    seq: u64,
    limit: Duration,
    expected: impl Fn() -> bool,
) -> Vec<DownloadReport> {
    let until = Instant::now() + limit;
    loop {
        let mut started: Vec<Download> = downloads(slot)
            .into_iter()
            .filter(|d| d.seq > seq)
            .collect();
        let awaited = started.is_empty() && expected();
        if (!awaited && started.iter().all(Download::is_done)) || Instant::now() >= until {
            started.sort_by_key(|d| d.seq);
            for download in started.iter().take_while(|d| d.is_done()) {
                slot.take_downloads_until(download.seq);
            }
            return started.iter().map(|d| describe(slot, d)).collect();
        }
        tokio::time::sleep(POLL).await;
    }
}

pub fn list(scope: &Scope<'_>) -> DownloadsListReply {
    let downloads = scope.existing_slot().map_or_else(Vec::new, |slot| {
        downloads(&slot)
            .iter()
            .map(|d| describe(&slot, d))
            .collect()
    });
    DownloadsListReply { downloads }
}

pub async fn wait(
    scope: &Scope<'_>,
    params: &WaitDownloadParams,
    until: Instant,
) -> Result<WaitDownloadReply, CdtError> {
    let dir = crate::files::absolute_if_given(params.dir.as_ref(), "--dir")?;
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let taken = slot.downloads_taken();
    let margin = until
        .checked_sub(Duration::from_millis(150))
        .unwrap_or(until);
    let finished = loop {
        let next = downloads(&slot)
            .into_iter()
            .filter(|d| d.seq > taken)
            .min_by_key(|d| d.seq);
        match next {
            Some(download) if download.is_done() => break download,
            _ if Instant::now() >= margin => {
                return Err(CdtError::new(
                    ErrorCode::Timeout,
                    match next {
                        Some(d) => format!(
                            "the download of {} had not finished ({} bytes so far)",
                            d.url, d.size
                        ),
                        None => "no download began".to_string(),
                    },
                )
                .hinted(
                    "Start it first (cdt element click <uid>), or give it longer: --timeout 60000",
                ));
            }
            _ => tokio::time::sleep(POLL).await,
        }
    };
    slot.take_downloads_until(finished.seq);
    let mut out = describe(&slot, &finished);
    if let (Some(dir), Some(file)) = (dir, finished.file.clone()) {
        let moved = blocking::run(move || {
            let io = crate::files::io_error(
                "cannot move the download",
                "Check the directory is writable",
            );
            std::fs::create_dir_all(&dir).map_err(&io)?;
            let name = std::path::Path::new(&file)
                .file_name()
                .map(|n| n.to_os_string())
                .unwrap_or_default();
            let target = dir.join(name);
            if std::fs::rename(&file, &target).is_err() {
                // Another filesystem: copy, then remove.
                std::fs::copy(&file, &target).map_err(&io)?;
                let _ = std::fs::remove_file(&file);
            }
            Ok(target.display().to_string())
        })
        .await?;
        out.download.file = Some(moved);
    }
    Ok(WaitDownloadReply { download: out })
}
