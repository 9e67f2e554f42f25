//! Emulation through `cdt` alone: viewport and touch, colour scheme, timezone, locale, user
//! agent, headers and geolocation as the page and the server see them; additivity; survival
//! across a cross-site navigation and into a new page; reset; network throttling measured
//! against itself; and refusals of bad input.

use cdt_e2e::{HttpServer, TestEnv};
use serde_json::Value;

const PROBE: &str = "[innerWidth, matchMedia('(pointer: coarse)').matches, \
    matchMedia('(prefers-color-scheme: dark)').matches, \
    Intl.DateTimeFormat().resolvedOptions().timeZone, navigator.language, navigator.userAgent]";

fn probe(env: &TestEnv) -> Value {
    env.ctx("emu", &["runtime", "eval", PROBE]).ok()["value"].clone()
}

/// The headers the server received for `/headers`, fetched by the current page.
fn server_saw(env: &TestEnv) -> Value {
    let run = env.ctx(
        "emu",
        &[
            "runtime",
            "eval",
            "fetch('/headers').then(r => r.json())",
            "--await",
        ],
    );
    run.ok()["value"].clone()
}

#[test]
fn emulation_reaches_page_and_server_survives_navigation_applies_to_new_pages_and_resets() {
    let server = HttpServer::start();
    server.page("/a.html", "A", "<p>a</p>");
    server.echo_headers("/headers");
    let env = TestEnv::new();
    env.ctx("emu", &["page", "open", &server.url("/a.html")])
        .ok();
    let before = probe(&env);
    assert_eq!(
        before[1], false,
        "pointer is fine before emulation: {before}"
    );

    let set = env.ctx(
        "emu",
        &[
            "emulation",
            "set",
            "--viewport",
            "500x700,touch",
            "--color-scheme",
            "dark",
            "--timezone",
            "Asia/Tokyo",
            "--locale",
            "de-DE",
            "--user-agent",
            "cdt-test-agent/1",
            "--headers",
            r#"{"X-Cdt-Test":"yes"}"#,
        ],
    );
    let data = set.ok();
    assert_eq!(data["emulation"]["viewport"]["width"], 500);
    let seen = probe(&env);
    assert_eq!(seen[0], 500, "{seen}");
    assert_eq!(seen[1], true, "touch makes the pointer coarse: {seen}");
    assert_eq!(seen[2], true);
    assert_eq!(seen[3], "Asia/Tokyo");
    assert_eq!(seen[4], "de-DE");
    assert_eq!(seen[5], "cdt-test-agent/1");
    let headers = server_saw(&env);
    assert_eq!(headers["user-agent"], "cdt-test-agent/1", "{headers}");
    assert_eq!(headers["x-cdt-test"], "yes", "{headers}");
    assert!(
        headers["accept-language"]
            .as_str()
            .unwrap_or("")
            .starts_with("de-DE"),
        "{headers}"
    );

    // Additive: a later set keeps the earlier settings.
    let geo = env.ctx(
        "emu",
        &[
            "emulation",
            "set",
            "--geolocation",
            "48.8566,2.3522",
            "--cpu",
            "4",
        ],
    );
    let data = geo.ok();
    assert_eq!(data["emulation"]["colorScheme"], "dark");
    assert_eq!(data["budgetScale"], 2.0);
    let position = env.ctx(
        "emu",
        &[
            "runtime", "eval", "--await",
            "new Promise((ok, ko) => navigator.geolocation.getCurrentPosition(p => ok([p.coords.latitude, p.coords.longitude]), e => ok(e.message)))",
        ],
    );
    assert_eq!(position.ok()["value"], serde_json::json!([48.8566, 2.3522]));

    // A cross-site navigation (another renderer) keeps everything.
    env.ctx(
        "emu",
        &["page", "navigate", &server.other_origin_url("/a.html")],
    )
    .ok();
    let after = probe(&env);
    assert_eq!(
        (after[0].clone(), after[1].clone(), after[3].clone()),
        (500.into(), true.into(), "Asia/Tokyo".into()),
        "{after}"
    );
    assert_eq!(server_saw(&env)["x-cdt-test"], "yes");

    // A new page of the context gets it before its first document loads.
    env.ctx("emu", &["page", "open", &server.url("/a.html")])
        .ok();
    let fresh = probe(&env);
    assert_eq!(
        (fresh[0].clone(), fresh[2].clone(), fresh[5].clone()),
        (500.into(), true.into(), "cdt-test-agent/1".into()),
        "{fresh}"
    );
    assert_eq!(server_saw(&env)["user-agent"], "cdt-test-agent/1");

    let state = env.ctx("emu", &["observe", "state"]);
    assert_eq!(state.ok()["emulation"]["timezone"], "Asia/Tokyo");

    // Partial reset, then full reset.
    let partial = env.ctx(
        "emu",
        &["emulation", "reset", "--only", "color-scheme,timezone"],
    );
    let data = partial.ok();
    assert!(
        data["emulation"]["colorScheme"].is_null() && data["emulation"]["viewport"].is_object()
    );
    env.ctx("emu", &["emulation", "reset"]).ok();
    let reset = probe(&env);
    assert_ne!(reset[0], 500, "{reset}");
    assert_eq!(reset[1], false);
    assert_eq!(reset[2], false);
    assert_ne!(reset[5], "cdt-test-agent/1");
    assert!(server_saw(&env)["x-cdt-test"].is_null());
    let shown = env.ctx("emu", &["emulation", "show"]);
    assert_eq!(shown.ok()["active"], serde_json::json!([]));
    assert!(env.ctx("emu", &["observe", "state"]).ok()["emulation"].is_null());
}

/// Milliseconds to fetch `/big.bin`, capped: reading stops after `cap` ms.
fn download_ms(env: &TestEnv, cap: u64) -> f64 {
    let script = format!(
        "new Promise(async ok => {{ const t = performance.now(); const r = await fetch('/big.bin?' + Math.random(), {{ cache: 'no-store' }}); \
         const reader = r.body.getReader(); let n = 0; \
         while (performance.now() - t < {cap}) {{ const c = await reader.read(); if (c.done) break; n += c.value.length; }} \
         reader.cancel(); ok(performance.now() - t); }})"
    );
    let run = env.ctx(
        "net",
        &["runtime", "eval", "--await", &script, "--timeout", "30000"],
    );
    run.ok()["value"].as_f64().unwrap_or(0.0)
}

#[test]
fn slow_3g_slows_a_one_megabyte_download_measurably_and_reset_restores_it() {
    let server = HttpServer::start();
    server.page("/n.html", "N", "<p>n</p>");
    server.bytes(
        "/big.bin",
        "application/octet-stream",
        &vec![7u8; 1024 * 1024],
    );
    let env = TestEnv::new();
    env.ctx("net", &["page", "open", &server.url("/n.html")])
        .ok();
    let set = env.ctx("net", &["emulation", "set", "--network", "slow-3g"]);
    let data = set.ok();
    assert_eq!(data["emulation"]["network"]["preset"], "slow-3g");
    assert_eq!(data["emulation"]["network"]["latencyMs"], 2000.0);
    let throttled = download_ms(&env, 4000);
    env.ctx("net", &["emulation", "reset", "--only", "network"])
        .ok();
    let free = download_ms(&env, 4000);
    assert!(
        throttled > 4.0 * free.max(50.0),
        "slow-3g took {throttled} ms, unthrottled {free} ms"
    );
}

#[test]
fn bad_emulation_input_is_refused_with_codes_and_suggestions() {
    let server = HttpServer::start();
    let env = TestEnv::new();
    env.ctx("bad", &["page", "open", &server.url("/")]).ok();
    for args in [
        vec!["emulation", "set", "--viewport", "12x8"],
        vec!["emulation", "set", "--network", "4g"],
        vec!["emulation", "set", "--geolocation", "95,2"],
        vec!["emulation", "set", "--headers", "{bad json"],
        vec!["emulation", "set", "--cpu", "30"],
        vec!["emulation", "set", "--timezone", "Mars/Base"],
        vec!["emulation", "set", "--locale", "not a locale"],
        vec!["emulation", "set"],
        vec!["emulation", "reset", "--only", "everything"],
    ] {
        let run = env.ctx("bad", &args);
        run.err("VALIDATION_ERROR", 2);
    }
    // A refused setting changes nothing.
    let shown = env.ctx("bad", &["emulation", "show"]);
    assert_eq!(shown.ok()["active"], serde_json::json!([]));
}

/// A browser that dies is replaced with the context's emulation: the next command is told
/// (`BROWSER_RESTARTED`) and the new browser's pages see the same colour scheme, timezone and
/// user agent.
#[test]
fn emulation_survives_a_browser_crash() {
    let server = HttpServer::start();
    server.page("/p", "P", "p");
    let env = TestEnv::new().with_env("CDT_JANITOR_INTERVAL_MS", "600000");
    env.ctx("emu", &["page", "open", &server.url("/p")]).ok();
    env.ctx(
        "emu",
        &[
            "emulation",
            "set",
            "--color-scheme",
            "dark",
            "--timezone",
            "Asia/Tokyo",
            "--user-agent",
            "cdt-test-agent/1",
        ],
    )
    .ok();
    env.kill_browser("emu");
    let opened = env.ctx("emu", &["page", "open", &server.url("/p")]);
    opened.ok();
    let warnings = opened.json["meta"]["warnings"].to_string();
    assert!(warnings.contains("BROWSER_RESTARTED"), "{}", opened.stdout);
    let seen = probe(&env);
    assert_eq!(seen[2], true, "colour scheme after the restart: {seen}");
    assert_eq!(seen[3], "Asia/Tokyo", "{seen}");
    assert_eq!(seen[5], "cdt-test-agent/1", "{seen}");
    let shown = env.ctx("emu", &["emulation", "show"]);
    assert_eq!(shown.ok()["emulation"]["colorScheme"], "dark");
}

/// Issue 20: concurrent `emulation set`s of different settings in one context all take
/// effect (each reads, merges and applies under the context's emulation lock).
#[test]
fn concurrent_emulation_sets_are_all_kept() {
    let env = TestEnv::new();
    env.ctx("em", &["session", "start"]).ok();
    for round in 0..3 {
        let sets: [&[&str]; 4] = [
            &["emulation", "set", "--timezone", "Asia/Tokyo"],
            &["emulation", "set", "--locale", "de-DE"],
            &["emulation", "set", "--color-scheme", "dark"],
            &["emulation", "set", "--user-agent", "cdt-concurrency"],
        ];
        // All four at once.
        let children: Vec<_> = sets
            .iter()
            .map(|args| {
                let mut command = env.command(args);
                command
                    .env("CDT_CONTEXT_ID", "em")
                    .stdout(std::process::Stdio::piped());
                command.spawn().unwrap()
            })
            .collect();
        for child in children {
            let output = child.wait_with_output().unwrap();
            assert!(
                output.status.success(),
                "{}",
                String::from_utf8_lossy(&output.stdout)
            );
        }
        let shown = env.ctx("em", &["emulation", "show"]);
        let text = shown.ok().to_string();
        for expected in ["Asia/Tokyo", "de-DE", "dark", "cdt-concurrency"] {
            assert!(
                text.contains(expected),
                "round {round}: {expected} lost in {text}"
            );
        }
        env.ctx("em", &["emulation", "reset"]).ok();
    }
}
