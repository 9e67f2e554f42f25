//! Performance traces through `cdt` alone: a page with a late large image, a layout shift, a
//! 200 ms busy loop and a slow click handler yields LCP (naming the image), CLS (naming the
//! shifted node), long-task and INP insights; the written trace is Chrome JSON (gzipped when
//! asked) with `traceEvents` and `metadata`; and the trace errors have codes.

use std::io::Read;

use cdt_e2e::{HttpServer, TestEnv};
use serde_json::Value;

/// A PNG big enough to be the largest paint (a real image: header, pixels, CRC).
fn png(width: u32, height: u32) -> Vec<u8> {
    let mut raw = Vec::new();
    for y in 0..height {
        raw.push(0u8);
        for x in 0..width * 3 {
            raw.push(((x * 7 + y) % 251) as u8);
        }
    }
    // Stored (uncompressed) deflate blocks inside a zlib stream.
    let mut zlib = vec![0x78, 0x01];
    for (index, block) in raw.chunks(65_535).enumerate() {
        let last = index == raw.len().div_ceil(65_535) - 1;
        zlib.push(u8::from(last));
        let len = block.len() as u16;
        zlib.extend_from_slice(&len.to_le_bytes());
        zlib.extend_from_slice(&(!len).to_le_bytes());
        zlib.extend_from_slice(block);
    }
    let (mut a, mut b) = (1u32, 0u32);
    for byte in &raw {
        a = (a + u32::from(*byte)) % 65_521;
        b = (b + a) % 65_521;
    }
    zlib.extend_from_slice(&((b << 16) | a).to_be_bytes());
    fn crc(data: &[u8]) -> u32 {
        let mut crc = 0xffff_ffffu32;
        for byte in data {
            crc ^= u32::from(*byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    0xedb8_8320 ^ (crc >> 1)
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    let chunk = |kind: &[u8], data: &[u8]| {
        let mut out = (data.len() as u32).to_be_bytes().to_vec();
        let mut body = kind.to_vec();
        body.extend_from_slice(data);
        out.extend_from_slice(&body);
        out.extend_from_slice(&crc(&body).to_be_bytes());
        out
    };
    let mut header = width.to_be_bytes().to_vec();
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(chunk(b"IHDR", &header));
    png.extend(chunk(b"IDAT", &zlib));
    png.extend(chunk(b"IEND", &[]));
    png
}

const PAGE: &str = "<p id=intro>Intro</p><div id=shifty style='position:absolute;top:40px;left:300px;width:200px;height:60px;background:#ccc'>shifty</div>
<div id=slot></div><button id=slow onclick=\"const t = performance.now(); while (performance.now() - t < 150) {}; this.textContent = 'clicked'\">slow</button>
<script>
setTimeout(() => { document.getElementById('shifty').style.top = '240px'; }, 300);
setTimeout(() => { const i = document.createElement('img'); i.id = 'hero'; i.src = '/hero.png'; i.width = 600; i.height = 400; document.getElementById('slot').appendChild(i); }, 400);
setTimeout(() => { const t = performance.now(); while (performance.now() - t < 200) {} }, 700);
setTimeout(() => { const p = document.createElement('p'); p.textContent = 'all done'; document.body.appendChild(p); }, 1800);
</script>";

fn find<'a>(insights: &'a Value, name: &str) -> &'a Value {
    insights
        .as_array()
        .and_then(|all| all.iter().find(|i| i["name"] == name))
        .unwrap_or(&Value::Null)
}

#[test]
fn a_traced_load_yields_lcp_cls_long_task_and_inp_insights_and_a_loadable_trace() {
    let server = HttpServer::start();
    server.page("/lcp.html", "LCP", PAGE);
    server.delayed_bytes("/hero.png", "image/png", &png(600, 400), 800);
    let env = TestEnv::new();
    let dir = env.home.with_extension("out");
    std::fs::create_dir_all(&dir).unwrap();
    env.ctx("tr", &["page", "open", &server.url("/lcp.html")])
        .ok();
    env.ctx("tr", &["trace", "insight"])
        .err("TRACE_NOT_FOUND", 3);
    env.ctx("tr", &["trace", "stop"])
        .err("TRACE_NOT_RUNNING", 3);

    let started = env.ctx("tr", &["trace", "start", "--reload"]);
    assert_eq!(started.ok()["tracing"], true);
    env.ctx("tr", &["trace", "start"])
        .err("TRACE_ALREADY_RUNNING", 5);
    env.ctx("tr", &["page", "wait-text", "all done"]).ok();
    env.ctx("tr", &["element", "click", "--selector", "#slow"])
        .ok();
    env.ctx("tr", &["page", "wait-text", "clicked"]).ok();
    let file = dir.join("load.json.gz");
    let stopped = env.ctx("tr", &["trace", "stop", "--file", file.to_str().unwrap()]);
    let data = stopped.ok();
    assert_eq!(data["gzip"], true);
    assert!(data["events"].as_u64().unwrap_or(0) > 100, "{data}");

    // The file is gzip of a Chrome trace document.
    let mut json = Vec::new();
    flate2::read::GzDecoder::new(std::fs::File::open(&file).unwrap())
        .read_to_end(&mut json)
        .unwrap();
    let document: Value = serde_json::from_slice(&json).unwrap();
    assert!(
        document["traceEvents"]
            .as_array()
            .is_some_and(|e| e.len() > 100)
    );
    assert_eq!(document["metadata"]["source"], "cdt");
    assert!(
        document["metadata"]["clock-domain"].is_string(),
        "Chromium's metadata is kept"
    );

    let insights = env.ctx("tr", &["trace", "insight"]);
    let all = &insights.ok()["insights"];
    let lcp = find(all, "lcp");
    assert_eq!(lcp["metrics"]["type"], "image", "{lcp}");
    assert!(
        lcp["metrics"]["element"]
            .as_str()
            .unwrap_or("")
            .contains("img#hero"),
        "{lcp}"
    );
    assert!(
        lcp["metrics"]["url"]
            .as_str()
            .unwrap_or("")
            .ends_with("/hero.png"),
        "{lcp}"
    );
    for part in ["ttfbMs", "loadDelayMs", "loadDurationMs", "renderDelayMs"] {
        assert!(
            lcp["metrics"]["breakdown"][part].is_number(),
            "{part} missing: {lcp}"
        );
    }
    let cls = find(all, "cls");
    assert!(cls["metrics"]["cls"].as_f64().unwrap_or(0.0) > 0.0, "{cls}");
    let shifted: Vec<&str> = cls["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|i| i["element"].as_str())
        .collect();
    assert!(shifted.iter().any(|e| e.contains("shifty")), "{cls}");
    let long = find(all, "long-tasks");
    assert!(
        long["metrics"]["count"].as_u64().unwrap_or(0) >= 1,
        "{long}"
    );
    assert!(
        long["items"][0]["durationMs"].as_f64().unwrap_or(0.0) > 50.0,
        "{long}"
    );
    assert!(
        long["items"][0]["attribution"]
            .as_array()
            .is_some_and(|a| !a.is_empty()),
        "{long}"
    );
    let inp = find(all, "inp");
    assert_ne!(inp["rating"], "not-applicable", "{inp}");
    assert!(
        inp["items"][0]["durationMs"].as_f64().unwrap_or(0.0) > 0.0,
        "{inp}"
    );
    for name in [
        "render-blocking",
        "document-latency",
        "dom-size",
        "third-parties",
    ] {
        assert!(find(all, name)["summary"].is_string(), "{name} missing");
    }

    // One insight, from a named file (plain JSON this time).
    let plain = dir.join("plain.json");
    std::fs::write(&plain, &json).unwrap();
    let one = env.ctx(
        "tr",
        &["trace", "insight", "lcp", "--file", plain.to_str().unwrap()],
    );
    let data = one.ok();
    assert_eq!(data["insights"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        data["insights"][0]["metrics"]["element"],
        lcp["metrics"]["element"]
    );

    env.ctx("tr", &["trace", "insight", "--file", "/nonexistent/x.json"])
        .err("IO_ERROR", 6);
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "[1,2,3]").unwrap();
    env.ctx(
        "tr",
        &["trace", "insight", "--file", junk.to_str().unwrap()],
    )
    .err("VALIDATION_ERROR", 2);
    env.ctx("tr", &["trace", "stop", "--file", "/tmp/x.txt"])
        .err("VALIDATION_ERROR", 2);
    let _ = std::fs::remove_dir_all(&dir);
}
