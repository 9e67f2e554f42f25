//! Raw CDP (issue 21.3): `cdt cdp send` on the page's session and, for read-only methods, the
//! browser's; refusals naming the cdt command to use; `cdt cdp listen` streaming the page's
//! events as JSON lines until a count or a time, and as a poll (listener id) for MCP and HTTP.

use std::time::Duration;

use cdt_e2e::{HttpServer, TestEnv};
use serde_json::Value;

fn busy_page(server: &HttpServer) -> String {
    server.page(
        "/busy.html",
        "Busy",
        "<p>busy</p><script>setInterval(() => { fetch('/ping'); console.log('tick') }, 200)</script>",
    );
    server.raw("/ping", "text/plain", "pong");
    server.url("/busy.html")
}

#[test]
fn cdp_send_runs_methods_cdt_has_no_command_for_and_refuses_its_own() {
    let env = TestEnv::new();
    let server = HttpServer::start();
    env.ctx("raw", &["page", "open", &busy_page(&server)]).ok();
    let evaluated = env.ctx(
        "raw",
        &[
            "cdp",
            "send",
            "Runtime.evaluate",
            r#"{"expression":"6*7","returnByValue":true}"#,
        ],
    );
    assert_eq!(
        evaluated.ok()["result"]["result"]["value"],
        42,
        "{evaluated:?}"
    );
    // A domain cdt does not use: enable it, then read from it.
    env.ctx("raw", &["cdp", "send", "Performance.enable"]).ok();
    let metrics = env.ctx("raw", &["cdp", "send", "Performance.getMetrics"]);
    assert!(
        metrics.ok()["result"]["metrics"]
            .as_array()
            .is_some_and(|m| !m.is_empty()),
        "{metrics:?}"
    );
    let version = env.ctx("raw", &["cdp", "send", "Browser.getVersion", "--browser"]);
    assert!(
        version.ok()["result"]["product"]
            .as_str()
            .unwrap()
            .contains("Chrome")
    );
    for (args, hint) in [
        (
            vec!["Target.closeTarget", r#"{"targetId":"x"}"#],
            "cdt page",
        ),
        (vec!["Page.close"], "cdt page close"),
        (vec!["Fetch.enable"], "cdt network route"),
        (vec!["Network.disable"], "filters"),
        (
            vec!["Storage.clearDataForOrigin", "--browser"],
            "without --browser",
        ),
    ] {
        let mut argv = vec!["cdp", "send"];
        argv.extend(args.iter().copied());
        let run = env.ctx("raw", &argv);
        let error = run.err("SECURITY_BLOCKED", 2);
        assert!(
            error["suggestions"].to_string().contains(hint),
            "{argv:?}: {error}"
        );
    }
    // The page still works: telemetry was not broken by anything sent.
    let ping = env.ctx("raw", &["network", "wait", "--url-includes", "/ping"]);
    assert_eq!(ping.ok()["status"], 200, "{ping:?}");
    env.ctx("raw", &["cdp", "send", "runtime.evaluate"])
        .err("VALIDATION_ERROR", 2);
    env.ctx("raw", &["cdp", "send", "Runtime.evaluate", "[1]"])
        .err("VALIDATION_ERROR", 2);
    // What the browser refuses is the caller's mistake, named as the browser says it.
    let unknown = env.ctx("raw", &["cdp", "send", "Runtime.noSuchMethod"]);
    let error = unknown.err("VALIDATION_ERROR", 2);
    assert!(
        error["message"].as_str().unwrap().contains("wasn't found"),
        "{error}"
    );
    let bad = env.ctx(
        "raw",
        &["cdp", "send", "Runtime.evaluate", r#"{"expression":7}"#],
    );
    bad.err("VALIDATION_ERROR", 2);
}

#[test]
fn cdp_listen_streams_json_lines_until_a_count_or_a_time() {
    let env = TestEnv::new();
    let server = HttpServer::start();
    env.ctx("listen", &["page", "open", &busy_page(&server)])
        .ok();
    let counted = env.ctx(
        "listen",
        &[
            "cdp",
            "listen",
            "Network.requestWillBeSent",
            "Runtime.consoleAPICalled",
            "--count",
            "4",
        ],
    );
    assert_eq!(counted.code, 0, "{counted:?}");
    let lines: Vec<Value> = counted
        .stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "{}", counted.stdout);
    for event in &lines {
        let method = event["method"].as_str().unwrap();
        assert!(
            ["Network.requestWillBeSent", "Runtime.consoleAPICalled"].contains(&method),
            "{event}"
        );
        assert!(
            event["targetId"].as_str().is_some_and(|t| !t.is_empty()),
            "{event}"
        );
    }
    let timed = env.ctx("listen", &["cdp", "listen", "Network.*", "--for", "1200"]);
    assert_eq!(timed.code, 0, "{timed:?}");
    let methods: Vec<String> = timed
        .stdout
        .lines()
        .map(|line| {
            serde_json::from_str::<Value>(line).unwrap()["method"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert!(methods.len() >= 4, "{methods:?}");
    assert!(
        methods.iter().all(|m| m.starts_with("Network.")),
        "{methods:?}"
    );
    assert!(
        timed.elapsed >= Duration::from_millis(1100),
        "ended early: {:?}",
        timed.elapsed
    );

    env.ctx("listen", &["cdp", "listen"])
        .err("VALIDATION_ERROR", 2);
    env.ctx("listen", &["cdp", "listen", "network"])
        .err("VALIDATION_ERROR", 2);
}
