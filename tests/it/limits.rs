//! Bounded replies (issue 12 item 8): a result too large for one reply is cut with
//! `truncated: true` and its size, written to a file with the path in the reply, or refused
//! with `RESULT_TOO_LARGE` naming a way that works — never a reply the client refuses.

use base64::Engine;
use cdt_e2e::{HttpServer, TestEnv};
use serde_json::Value;

const SIX_MIB: u64 = 6 * 1024 * 1024;

fn warning_codes(run: &cdt_e2e::Run) -> Vec<String> {
    run.json["meta"]["warnings"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|w| w["code"].as_str().unwrap_or("").to_string())
        .collect()
}

#[test]
fn regression_a_9_mib_eval_result_is_truncated_not_a_protocol_error() {
    let env = TestEnv::new();
    env.ctx("l", &["page", "open", "about:blank"]).ok();
    let run = env.ctx("l", &["runtime", "eval", "'x'.repeat(9*1024*1024)"]);
    let data = run.ok();
    assert_eq!(data["truncated"], true);
    assert_eq!(data["size"], 9 * 1024 * 1024);
    let value = data["value"].as_str().unwrap();
    assert!(
        value.len() as u64 <= SIX_MIB && value.len() > 1024 * 1024,
        "{}",
        value.len()
    );
    assert!(value.bytes().all(|b| b == b'x'));
    assert_eq!(warning_codes(&run), vec!["TRUNCATED"]);

    // A value that cannot be cut meaningfully is refused with a way that works.
    let big = env.ctx(
        "l",
        &[
            "runtime",
            "eval",
            "Array.from({length: 2000000}, (_, i) => i)",
        ],
    );
    let error = big.err("RESULT_TOO_LARGE", 2);
    assert!(
        error["suggestions"].to_string().contains("slice"),
        "{error}"
    );
    let hint = env.ctx(
        "l",
        &[
            "runtime",
            "eval",
            "JSON.stringify(Array.from({length: 2000000}, (_, i) => i)).slice(0, 1000000)",
        ],
    );
    assert_eq!(hint.ok()["value"].as_str().unwrap().len(), 1_000_000);
}

#[test]
fn page_html_of_a_huge_page_is_cut_and_marked() {
    let server = HttpServer::start();
    let filler = "<p>lorem ipsum dolor sit amet</p>".repeat(300_000); // ≈ 9.6 MB
    server.page("/huge", "Huge", &filler);
    let env = TestEnv::new();
    env.ctx("l", &["page", "open", &server.url("/huge")]).ok();
    let run = env.ctx("l", &["page", "html"]);
    let data = run.ok();
    assert_eq!(data["truncated"], true);
    assert!(data["size"].as_u64().unwrap() > 9_000_000);
    assert!(data["html"].as_str().unwrap().starts_with("<html>"));
    assert_eq!(warning_codes(&run), vec!["TRUNCATED"]);
    let narrow = env.ctx("l", &["page", "html", "--selector", "p"]);
    assert_eq!(narrow.ok()["html"], "<p>lorem ipsum dolor sit amet</p>");
}

#[test]
fn inline_screenshots_decode_to_the_file_and_a_huge_one_is_left_in_the_file() {
    let server = HttpServer::start();
    server.page("/small", "Small", "<h1>hi</h1>");
    // Noise compresses badly: a full-page PNG of this is well over the reply budget.
    server.page(
        "/noise",
        "Noise",
        "<canvas id=c width=1200 height=2400></canvas><script>
         const c = document.getElementById('c').getContext('2d');
         const img = c.createImageData(1200, 2400);
         for (let i = 0; i < img.data.length; i++) img.data[i] = (Math.random() * 256) | 0;
         c.putImageData(img, 0, 0);</script>",
    );
    let env = TestEnv::new();
    env.ctx("l", &["page", "open", &server.url("/small")]).ok();
    let shot = env.ctx("l", &["capture", "screenshot", "--inline"]);
    let data = shot.ok();
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(data["base64"].as_str().unwrap())
        .unwrap();
    let file = std::fs::read(data["path"].as_str().unwrap()).unwrap();
    assert_eq!(decoded, file, "the inline image is the file");

    env.ctx("l", &["page", "navigate", &server.url("/noise")])
        .ok();
    let shot = env.ctx("l", &["capture", "screenshot", "--full-page", "--inline"]);
    let data = shot.ok();
    assert_eq!(data["inlineOmitted"], true);
    assert!(data.get("base64").is_none());
    let file = std::fs::read(data["path"].as_str().unwrap()).unwrap();
    assert_eq!(file.len() as u64, data["bytes"].as_u64().unwrap());
    assert!(file.len() as u64 > SIX_MIB * 3 / 4, "{}", file.len());
    assert_eq!(warning_codes(&shot), vec!["TRUNCATED"]);
}

#[test]
fn events_read_with_a_high_limit_after_a_burst_pages_within_the_budget() {
    let env = TestEnv::new();
    env.ctx("l", &["page", "open", "about:blank"]).ok();
    let start = env.ctx("l", &["events", "read", "--limit", "1"]).ok()["nextOffset"].clone();
    env.ctx(
        "l",
        &[
            "runtime",
            "eval",
            "for (let i = 0; i < 6000; i++) console.log(i + ':' + 'y'.repeat(2000)); 1",
        ],
    )
    .ok();
    let mut offset = start.as_u64().unwrap().to_string();
    let mut seen = Vec::new();
    let mut cut = 0;
    for _ in 0..20 {
        let run = env.ctx(
            "l",
            &[
                "events", "read", "--offset", &offset, "--limit", "10000", "--kinds", "console",
            ],
        );
        let data = run.ok().clone();
        let events = data["events"].as_array().unwrap();
        if events.is_empty() {
            break;
        }
        if data["truncated"] == true {
            cut += 1;
        }
        for event in events {
            seen.push(event["seq"].as_u64().unwrap());
        }
        offset = data["nextOffset"].to_string();
    }
    assert!(cut >= 1, "a 12 MB burst must need more than one reply");
    let mut sorted = seen.clone();
    sorted.dedup();
    assert_eq!(sorted.len(), seen.len(), "an event came twice");
    assert!(seen.len() >= 6000, "events were lost: {}", seen.len());
}

#[test]
fn a_body_too_large_for_a_reply_names_file_which_works() {
    let server = HttpServer::start();
    let big: Vec<u8> = (0..9 * 1024 * 1024).map(|i| b"abcdefgh"[i % 8]).collect();
    server.bytes("/big.txt", "text/plain", &big);
    server.page("/", "Home", "home");
    let env = TestEnv::new();
    env.ctx("l", &["page", "open", &server.url("/big.txt")])
        .ok();
    let list = env.ctx("l", &["network", "list"]);
    let id = list.ok()["requests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["url"].as_str().unwrap().ends_with("/big.txt"))
        .map(|r| r["id"].to_string())
        .unwrap();
    let run = env.ctx("l", &["network", "body", &id]);
    let error = run.err("RESULT_TOO_LARGE", 2);
    let hint = error["suggestions"][0].as_str().unwrap().to_string();
    assert!(hint.contains("--file"), "{hint}");
    let file = env.home.with_extension("body.bin");
    let saved = env.ctx(
        "l",
        &["network", "body", &id, "--file", file.to_str().unwrap()],
    );
    assert_eq!(saved.ok()["bytes"], Value::from(big.len()));
    assert_eq!(std::fs::read(&file).unwrap(), big);
    let _ = std::fs::remove_file(file);
}

/// Issue 12 item 9: the ring is bounded in bytes (`CDT_EVENTS_MAX_BYTES`, reported by
/// `daemon status --verbose`), and one huge console message is cut with a marker.
#[test]
fn regression_event_memory_is_bounded_in_bytes_and_huge_messages_are_cut() {
    let env = TestEnv::new().with_env("CDT_EVENTS_MAX_BYTES", "300000");
    env.ctx("b", &["page", "open", "about:blank"]).ok();
    env.ctx(
        "b",
        &["runtime", "eval", "for (let i = 0; i < 1500; i++) console.log(i + ':' + 'z'.repeat(1000)); console.log('big:' + 'q'.repeat(300000)); 1"],
    )
    .ok();
    let done = cdt_e2e::eventually(std::time::Duration::from_secs(10), || {
        env.ctx("b", &["console", "list", "--limit", "1000"])
            .stdout
            .contains("big:")
    });
    assert!(done, "the last message never arrived");
    let status = env.run(&["daemon", "status", "--verbose"]);
    let telemetry = status.ok()["telemetry"].clone();
    assert_eq!(telemetry["eventsMaxBytes"], 300_000, "{telemetry}");
    assert!(
        telemetry["ringBytes"].as_u64().unwrap() <= 300_000,
        "{telemetry}"
    );
    assert!(
        telemetry["ringDroppedForBytes"].as_u64().unwrap() > 0,
        "{telemetry}"
    );
    assert!(telemetry["cutValues"].as_u64().unwrap() >= 1, "{telemetry}");
    let list = env.ctx("b", &["console", "list", "--limit", "1000"]).stdout;
    let big = list
        .split("big:")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();
    assert!(
        big.len() < 70_000,
        "the message was kept whole: {} bytes",
        big.len()
    );
    assert!(big.contains("cut by cdt"), "no marker");
}
