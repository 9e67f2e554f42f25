//! Screen recording (issue 21.4): `capture video start` starts the page's screencast
//! (`Page.startScreencast`) and writes each frame as a JPEG into a folder of the context's
//! artifacts, acknowledging it so the next comes; `capture video stop` ends it and, when ffmpeg
//! is installed (found at that moment: `CDT_FFMPEG` or `PATH`), encodes the frames, each held
//! until the next one's timestamp, into a WebM (VP8) or MP4 (H.264); without ffmpeg the folder
//! of numbered frames with their timestamps (`frames.json`) is the recording.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use base64::Engine as _;
use cdt_domain::ops::{
    VideoFormat, VideoStartParams, VideoStartReply, VideoStopParams, VideoStopReply,
};
use cdt_domain::{CdtError, ErrorCode};
use serde_json::json;
use tokio::time::Instant;

use crate::blocking;
use crate::context::Scope;
use crate::dispatch::use_case;
use crate::recording::{Frame, Frames, Recording};
use crate::sync::lock;

use_case!(CaptureVideoStart, |scope, params, until| start(
    scope, &params, until
)
.await);
use_case!(CaptureVideoStop, |scope, params, until| stop(
    scope, &params, until
)
.await);

/// An I/O failure of the recording.
fn io(what: &str) -> impl Fn(std::io::Error) -> CdtError + '_ {
    crate::files::io_error(what, "Check free disk space and permissions under CDT_HOME")
}

pub async fn start(
    scope: &Scope<'_>,
    params: &VideoStartParams,
    until: Instant,
) -> Result<VideoStartReply, CdtError> {
    let ctx = scope.page(params.page, until).await?;
    ctx.to_front().await?;
    if lock(&ctx.slot.recording).is_some() {
        return Err(
            CdtError::validation("a recording is already running in this context")
                .hinted("Run: cdt capture video stop"),
        );
    }
    let (store, key) = (scope.store().clone(), scope.key().clone());
    let started_unix_ms = scope.now();
    let dir = blocking::run(move || {
        let dir = store
            .artifact_dir(&key, "videos")?
            .join(format!("rec-{started_unix_ms}"));
        std::fs::create_dir_all(&dir).map_err(io("cannot create the recording's folder"))?;
        Ok(dir)
    })
    .await?;
    let frames: Arc<Frames> = Arc::default();
    let (sink, folder, browser, target) = (
        frames.clone(),
        dir.clone(),
        ctx.browser.clone(),
        ctx.target.clone(),
    );
    let listener = ctx.browser.cdp_listen(
        Some(&ctx.target),
        Arc::new(move |event| {
            if event.method != "Page.screencastFrame" || event.target_id != target {
                return;
            }
            let session = event.params["sessionId"].clone();
            let timestamp = event.params["metadata"]["timestamp"]
                .as_f64()
                .unwrap_or(0.0);
            let data = event.params["data"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            let (frames, folder, browser, target) = (
                sink.clone(),
                folder.clone(),
                browser.clone(),
                target.clone(),
            );
            frames.writing.fetch_add(1, Ordering::SeqCst);
            // Named in the order the frames come, whatever order their writes finish in.
            let name = frames.next_name();
            tokio::spawn(async move {
                // Acknowledge first: the browser sends the next frame only then.
                let _ = browser
                    .cdp_send(
                        Some(&target),
                        "Page.screencastFrameAck",
                        json!({ "sessionId": session }),
                    )
                    .await;
                let path = folder.join(&name);
                let written = blocking::run(move || {
                    let bytes = base64::engine::general_purpose::STANDARD
                        .decode(data.as_bytes())
                        .map_err(|e| CdtError::internal(format!("a frame was not base64: {e}")))?;
                    std::fs::write(&path, bytes).map_err(io("cannot write a frame"))
                })
                .await;
                if written.is_ok() {
                    frames.push(Frame {
                        file: name,
                        timestamp,
                    });
                }
                frames.writing.fetch_sub(1, Ordering::SeqCst);
            });
        }),
    );
    let mut screencast =
        json!({ "format": "jpeg", "quality": params.quality.unwrap_or(70), "everyNthFrame": 1 });
    if let Some(width) = params.max_width {
        screencast["maxWidth"] = json!(width);
    }
    if let Some(height) = params.max_height {
        screencast["maxHeight"] = json!(height);
    }
    ctx.browser
        .cdp_send(Some(&ctx.target), "Page.startScreencast", screencast)
        .await?;
    *lock(&ctx.slot.recording) = Some(Recording {
        page: ctx.page,
        target: ctx.target.clone(),
        dir: dir.clone(),
        frames,
        started_unix_ms,
        started: std::time::Instant::now(),
        listener,
    });
    Ok(VideoStartReply {
        recording: true,
        page: ctx.page,
        dir: dir.display().to_string(),
    })
}

/// ffmpeg, if this machine has it: `CDT_FFMPEG`, else `ffmpeg` on `PATH`.
fn ffmpeg() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CDT_FFMPEG") {
        let path = PathBuf::from(path);
        return path.is_file().then_some(path);
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join("ffmpeg"))
        .find(|candidate| candidate.is_file())
}

/// The concat list ffmpeg reads: each frame held until the next one's timestamp (the last one
/// until the recording ended).
fn concat_list(frames: &[Frame], end: f64) -> String {
    let mut list = String::from("ffconcat version 1.0\n");
    for (i, frame) in frames.iter().enumerate() {
        let next = frames.get(i + 1).map_or(end, |f| f.timestamp);
        let duration = (next - frame.timestamp).clamp(0.001, 3600.0);
        list.push_str(&format!("file '{}'\nduration {duration:.3}\n", frame.file));
    }
    // The concat demuxer takes the last entry's duration only when the file is repeated.
    if let Some(last) = frames.last() {
        list.push_str(&format!("file '{}'\n", last.file));
    }
    list
}

/// Whether a video goes to an MP4 (by its name), else a WebM.
fn is_mp4(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("mp4"))
}

/// The size of the recording: its video file, or its folder of frames.
fn bytes_of(path: &Path) -> u64 {
    match std::fs::read_dir(path) {
        Ok(entries) => entries
            .flatten()
            .filter_map(|e| e.metadata().ok())
            .map(|m| m.len())
            .sum(),
        Err(_) => std::fs::metadata(path).map(|m| m.len()).unwrap_or(0),
    }
}

/// Encodes the frames with ffmpeg into `out` (WebM unless it ends in `.mp4`).
async fn encode(ffmpeg: &Path, dir: &Path, out: &Path, until: Instant) -> Result<(), CdtError> {
    let mp4 = out
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("mp4"));
    let codec: &[&str] = if mp4 {
        &[
            "-c:v",
            "libx264",
            "-preset",
            "ultrafast",
            "-pix_fmt",
            "yuv420p",
        ]
    } else {
        &[
            "-c:v",
            "libvpx",
            "-deadline",
            "realtime",
            "-cpu-used",
            "8",
            "-b:v",
            "1M",
            "-pix_fmt",
            "yuv420p",
        ]
    };
    let mut command = tokio::process::Command::new(ffmpeg);
    command
        .current_dir(dir)
        .args([
            "-y",
            "-loglevel",
            "error",
            "-f",
            "concat",
            "-safe",
            "0",
            "-i",
            "frames.txt",
        ])
        .args([
            "-vf",
            "scale=trunc(iw/2)*2:trunc(ih/2)*2",
            "-fps_mode",
            "vfr",
        ])
        .args(codec)
        .arg(out)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true);
    let child = command.spawn().map_err(|e| {
        CdtError::new(
            ErrorCode::IoError,
            format!("cannot run {}: {e}", ffmpeg.display()),
        )
        .hinted("Set CDT_FFMPEG to a working ffmpeg, or uninstall it to get the frames")
    })?;
    let output = tokio::time::timeout_at(until, child.wait_with_output())
        .await
        .map_err(|_| {
            CdtError::new(
                ErrorCode::Timeout,
                "encoding the video took longer than the budget",
            )
            .hinted("Give it longer: cdt capture video stop --timeout 120000")
        })?
        .map_err(io("ffmpeg failed"))?;
    if !output.status.success() {
        return Err(CdtError::new(
            ErrorCode::IoError,
            format!(
                "ffmpeg could not encode the frames: {}",
                String::from_utf8_lossy(&output.stderr).trim()
            ),
        )
        .hinted("The frames are kept in the recording's folder"));
    }
    Ok(())
}

pub async fn stop(
    scope: &Scope<'_>,
    params: &VideoStopParams,
    until: Instant,
) -> Result<VideoStopReply, CdtError> {
    let file = crate::files::absolute_if_given(params.file.as_ref(), "--file")?;
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let Some(recording) = lock(&slot.recording).take() else {
        return Err(
            CdtError::validation("no recording is running in this context")
                .hinted("Run: cdt capture video start"),
        );
    };
    if let Some(browser) = slot.any_browser() {
        let _ = browser
            .cdp_send(Some(&recording.target), "Page.stopScreencast", json!({}))
            .await;
    }
    let duration = recording.started.elapsed().as_secs_f64();
    // Frames already on their way are written before the folder is read.
    let settle = Instant::now() + Duration::from_secs(2);
    while recording.frames.busy() && Instant::now() < settle {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    drop(recording.listener);
    let mut frames = lock(&recording.frames.list).clone();
    // In the page's time order (acknowledgements race: frames can arrive a little out of it).
    frames.sort_by(|a, b| {
        a.timestamp
            .total_cmp(&b.timestamp)
            .then(a.file.cmp(&b.file))
    });
    let end = frames
        .first()
        .map_or(0.0, |first| first.timestamp + duration.max(0.0))
        .max(frames.last().map_or(0.0, |f| f.timestamp + 0.04));
    let dir = recording.dir.clone();
    let listed = json!(
        frames
            .iter()
            .map(|f| json!({ "file": f.file, "timestamp": f.timestamp }))
            .collect::<Vec<_>>()
    );
    let (list, index_dir) = (concat_list(&frames, end), dir.clone());
    blocking::run(move || {
        std::fs::write(index_dir.join("frames.json"), listed.to_string())
            .map_err(io("cannot write frames.json"))?;
        std::fs::write(index_dir.join("frames.txt"), list).map_err(io("cannot write frames.txt"))
    })
    .await?;
    let encoder = ffmpeg();
    let mut note = None;
    let (target, format) = match (&encoder, frames.is_empty()) {
        (Some(ffmpeg), false) => {
            let target = file.unwrap_or_else(|| dir.with_extension("webm"));
            encode(ffmpeg, &dir, &target, until).await?;
            let format = if is_mp4(&target) {
                VideoFormat::Mp4
            } else {
                VideoFormat::Webm
            };
            (target, format)
        }
        _ => {
            if encoder.is_none() {
                note = Some(
                    "ffmpeg is not installed: the recording is the folder of frames (frames.json gives each one's timestamp)"
                        .to_string(),
                );
            }
            (dir.clone(), VideoFormat::Frames)
        }
    };
    let measured = target.clone();
    let bytes = blocking::value(move || bytes_of(&measured))
        .await
        .unwrap_or(0);
    Ok(VideoStopReply {
        page: recording.page,
        frames: frames.len(),
        duration_ms: (duration * 1000.0).round() as u64,
        started_at: cdt_domain::time::iso8601(recording.started_unix_ms as f64),
        dir: dir.display().to_string(),
        note,
        file: target.display().to_string(),
        format,
        bytes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_frame_is_held_until_the_next_and_the_last_until_the_end() {
        let frames = vec![
            Frame {
                file: "frame-000001.jpg".into(),
                timestamp: 10.0,
            },
            Frame {
                file: "frame-000002.jpg".into(),
                timestamp: 10.5,
            },
        ];
        let list = concat_list(&frames, 12.0);
        assert_eq!(
            list,
            "ffconcat version 1.0\nfile 'frame-000001.jpg'\nduration 0.500\nfile 'frame-000002.jpg'\nduration 1.500\nfile 'frame-000002.jpg'\n"
        );
    }
}
