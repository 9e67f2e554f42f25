//! `capture video start|stop` (issue 21.4) on a real Chromium: an animated page recorded for
//! about two seconds gives frames at the page's paint rate, written as JPEGs with their
//! timestamps, or a WebM when ffmpeg is installed; misuse is refused with a fix.

use std::time::Duration;

use cdt_e2e::{HttpServer, TestEnv};
use serde_json::Value;

fn animated(server: &HttpServer) -> String {
    server.page(
        "/anim.html",
        "Anim",
        "<div id=b style='width:80px;height:80px;background:red;position:absolute'></div><p id=t>0</p>
<script>let n = 0; function f() { n++; b.style.left = (n % 300) + 'px'; t.textContent = n; requestAnimationFrame(f); } f();</script>",
    );
    server.url("/anim.html")
}

fn record(env: &TestEnv, url: &str) -> Value {
    env.ctx("vid", &["page", "open", url]).ok();
    env.ctx("vid", &["capture", "video", "start"]).ok();
    env.ctx("vid", &["capture", "video", "start"])
        .err("VALIDATION_ERROR", 2);
    std::thread::sleep(Duration::from_millis(2000));
    env.ctx("vid", &["capture", "video", "stop"]).ok().clone()
}

#[test]
fn a_recording_without_ffmpeg_is_a_folder_of_timed_frames() {
    let server = HttpServer::start();
    let env = TestEnv::new().with_env("CDT_FFMPEG", "/nonexistent/ffmpeg");
    env.ctx("vid", &["capture", "video", "stop"])
        .err("VALIDATION_ERROR", 2);
    let stopped = record(&env, &animated(&server));
    assert_eq!(stopped["format"], "frames", "{stopped}");
    let frames = stopped["frames"].as_u64().unwrap();
    // About two seconds of a page that paints every frame (headless paints up to 60 a second;
    // a loaded machine fewer).
    assert!(frames >= 10, "only {frames} frames: {stopped}");
    let duration = stopped["durationMs"].as_u64().unwrap();
    assert!((1900..10_000).contains(&duration), "{stopped}");
    let dir = std::path::PathBuf::from(stopped["file"].as_str().unwrap());
    let index: Value =
        serde_json::from_slice(&std::fs::read(dir.join("frames.json")).unwrap()).unwrap();
    let listed = index.as_array().unwrap();
    assert_eq!(listed.len() as u64, frames);
    let first = std::fs::read(dir.join(listed[0]["file"].as_str().unwrap())).unwrap();
    assert_eq!(&first[..2], &[0xFF, 0xD8], "a JPEG");
    let times: Vec<f64> = listed
        .iter()
        .map(|f| f["timestamp"].as_f64().unwrap())
        .collect();
    assert!(
        times.windows(2).all(|w| w[0] <= w[1]),
        "frames in time order: {times:?}"
    );
}

#[test]
fn a_recording_with_ffmpeg_is_a_webm_or_mp4() {
    let Some(ffmpeg) = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"]
        .into_iter()
        .find(|p| std::path::Path::new(p).is_file())
    else {
        eprintln!("skipped: ffmpeg is not installed (the frames test covers recording)");
        return;
    };
    let server = HttpServer::start();
    let env = TestEnv::new().with_env("CDT_FFMPEG", ffmpeg);
    let stopped = record(&env, &animated(&server));
    assert_eq!(stopped["format"], "webm", "{stopped}");
    let file = stopped["file"].as_str().unwrap();
    let bytes = std::fs::read(file).unwrap();
    assert_eq!(
        &bytes[..4],
        &[0x1A, 0x45, 0xDF, 0xA3],
        "an EBML (WebM) file"
    );
    assert_eq!(stopped["bytes"], bytes.len());
    env.ctx("vid", &["capture", "video", "start"]).ok();
    std::thread::sleep(Duration::from_millis(500));
    let mp4 = env.home.join("clip.mp4");
    let stopped = env.ctx(
        "vid",
        &["capture", "video", "stop", "--file", mp4.to_str().unwrap()],
    );
    assert_eq!(stopped.ok()["format"], "mp4");
    let bytes = std::fs::read(&mp4).unwrap();
    assert_eq!(&bytes[4..8], b"ftyp", "an MP4 file");
}
