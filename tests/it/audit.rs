//! `cdt audit` (issue 21.6) on a real Chromium: a page with known defects has each one found,
//! with the element's uid where there is one; a page without them has none of those findings.

use cdt_e2e::{HttpServer, TestEnv, snapshot, uid_of};
use serde_json::Value;

fn rules(findings: &Value) -> Vec<String> {
    findings
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["rule"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_page_with_known_defects_has_each_one_found() {
    let server = HttpServer::start();
    server.raw(
        "/bad.html",
        "text/html",
        r#"<!doctype html><html><head><title></title></head><body>
<h2>Start</h2><h4>Skipped a level</h4>
<button id=dup></button>
<img src="/pic.png">
<p style="color:#aaaaaa;background:#ffffff">Low contrast words</p>
<p id=dup>second dup</p>
<img src="/missing.png" alt="missing">
<script>console.error('boom from the page')</script>
</body></html>"#,
    );
    server.bytes("/pic.png", "image/png", &[0x89, b'P', b'N', b'G']);
    let env = TestEnv::new();
    env.ctx("audit", &["page", "open", &server.url("/bad.html")])
        .ok();
    let audited = env.ctx("audit", &["audit"]).ok().clone();
    let findings = &audited["findings"];
    let found = rules(findings);
    for rule in [
        "control-name",
        "image-alt",
        "contrast",
        "landmark-main",
        "heading-h1",
        "heading-order",
        "duplicate-id",
        "title",
        "meta-description",
        "html-lang",
        "console-error",
        "failed-request",
    ] {
        assert!(
            found.iter().any(|r| r == rule),
            "{rule} not found: {audited}"
        );
    }
    // Element findings carry the uid the snapshot shows.
    let snap = snapshot(&env, "audit");
    let by_rule = |rule: &str| {
        findings
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["rule"] == rule)
            .unwrap()
            .clone()
    };
    let unnamed = by_rule("control-name");
    assert_eq!(
        unnamed["uid"].as_str(),
        Some(uid_of(&snap, "button").as_str()),
        "{unnamed}"
    );
    let contrast = by_rule("contrast");
    assert!(
        contrast["message"].as_str().unwrap().contains("2.32:1"),
        "#aaa on #fff is 2.32:1: {contrast}"
    );
    assert!(by_rule("heading-order")["uid"].is_string());
    assert!(audited["counts"]["accessibility"].as_u64().unwrap() >= 7);

    // Only one category.
    let seo = env
        .ctx("audit", &["audit", "--category", "seo"])
        .ok()
        .clone();
    assert!(
        seo["findings"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| f["category"] == "seo"),
        "{seo}"
    );
}

#[test]
fn a_sound_page_has_no_accessibility_errors() {
    let server = HttpServer::start();
    server.raw(
        "/good.html",
        "text/html",
        r#"<!doctype html><html lang="en"><head><title>Good</title><meta name="description" content="A sound page.">
<link rel="canonical" href="/good.html"></head><body><main><h1>Good</h1><h2>Part</h2>
<label for=q>Query</label><input id=q><button>Go</button><img src="/pic.png" alt="A picture">
<p style="color:#222">Readable</p></main></body></html>"#,
    );
    server.bytes("/pic.png", "image/png", &[0x89, b'P', b'N', b'G']);
    // (Without one, the browser's own favicon request fails: a finding too.)
    server.bytes("/favicon.ico", "image/x-icon", &[0, 0, 1, 0]);
    let env = TestEnv::new();
    env.ctx("audit", &["page", "open", &server.url("/good.html")])
        .ok();
    let audited = env.ctx("audit", &["audit"]).ok().clone();
    assert_eq!(audited["findings"], serde_json::json!([]), "{audited}");
}
