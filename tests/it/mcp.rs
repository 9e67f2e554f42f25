//! `cdt mcp` checked by a client cdt did not write: the official MCP Python SDK (PyPI `mcp`,
//! installed into a venv by scripts/ensure-deps.sh) runs tests/mcp/client.py against the real
//! server, daemon and Chromium; the CLI in the same context must see what it did.

use std::path::{Path, PathBuf};
use std::process::Command;

use cdt_e2e::{ExternalBrowser, HttpServer, TestEnv, cdt_bin, free_port};
use serde_json::Value;

pub(crate) fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The venv's python with `mcp` installed; installs it (scripts/ensure-deps.sh) if missing.
pub(crate) fn mcp_python() -> PathBuf {
    let venv = std::env::var_os("CDT_MCP_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join("target/mcp-venv"));
    let python = venv.join("bin/python");
    let ready = |python: &Path| {
        Command::new(python)
            .args(["-c", "import mcp"])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !ready(&python) {
        let status = Command::new("bash")
            .arg(repo().join("scripts/ensure-deps.sh"))
            .status()
            .unwrap();
        assert!(status.success(), "scripts/ensure-deps.sh failed");
    }
    assert!(ready(&python), "{} cannot import mcp", python.display());
    python
}

fn page(server: &HttpServer) -> String {
    server.page(
        "/mcp.html",
        "MCP",
        r#"<h1>MCP</h1><button onclick="fetch('/api/data').then(r => r.text()).then(t => { document.getElementById('out').textContent = t; })">Fetch data</button><p id="out"></p>"#,
    );
    server.raw("/api/data", "application/json", r#"{"ok":true}"#);
    server.url("/mcp.html")
}

/// Runs the Python client; returns its JSON summary (its last stdout line).
fn run_client(env: &TestEnv, url: &str, extra: &[&str], context: Option<&str>) -> Value {
    let mut command = Command::new(mcp_python());
    command
        .arg(repo().join("tests/mcp/client.py"))
        .arg(cdt_bin())
        .arg(url)
        .args(extra)
        .env("CDT_HOME", &env.home)
        .env_remove("CDT_CONTEXT_ID")
        .env_remove("CDT_SHARE_GROUP");
    for (key, value) in &env.envs {
        command.env(key, value);
    }
    if let Some(context) = context {
        command.env("CDT_CONTEXT_ID", context);
    }
    let output = command.output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "the MCP client failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(stdout.lines().last().unwrap_or_default()).unwrap()
}

#[test]
fn the_official_python_client_drives_cdt_mcp_and_the_cli_sees_its_page() {
    let env = TestEnv::new();
    let server = HttpServer::start();
    let url = page(&server);
    let summary = run_client(&env, &url, &[], Some("mcp-e2e"));
    assert!(summary["updates"].as_u64().unwrap() >= 1, "{summary}");
    assert_eq!(summary["listened"], "2026-07-28", "{summary}");
    // The DevTools and observer tools and `cdt` (any operation) by default; with --tools all,
    // every operation is a tool of its own too.
    assert_eq!(summary["tools"], 40, "{summary}");
    let every = 40 + cdt_domain::ops::OP_SPECS.len();
    assert_eq!(
        summary["ownTools"].as_u64(),
        Some(every as u64),
        "{summary}"
    );

    // The CLI in the same context sees the page the MCP client opened, and its fetch.
    let pages = env.ctx("mcp-e2e", &["page", "list"]);
    let opened = pages.ok()["pages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == summary["page"])
        .cloned()
        .unwrap_or_else(|| panic!("no page {} in {pages:?}", summary["page"]));
    assert_eq!(opened["url"], url.as_str());
    let request = env.ctx(
        "mcp-e2e",
        &["network", "get", &summary["fetched"].to_string()],
    );
    assert!(
        request.ok()["url"]
            .as_str()
            .unwrap_or_default()
            .ends_with("/api/data"),
        "{request:?}"
    );
    // Another context does not.
    let other = env.ctx("someone-else", &["page", "list"]);
    assert!(
        !other.ok()["pages"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["url"] == url.as_str())
    );
}

#[test]
fn without_a_context_id_the_mcp_server_and_the_agents_commands_share_the_agents_browser() {
    let env = TestEnv::new();
    let server = HttpServer::start();
    let url = page(&server);
    // The client process is the "agent": it runs `cdt mcp` and, like an agent's shell, `cdt
    // page list`; both resolve to its process fingerprint.
    let summary = run_client(&env, &url, &["--context-only"], None);
    assert!(
        summary["context"]
            .as_str()
            .unwrap_or_default()
            .starts_with("ctx_"),
        "{summary}"
    );
}

/// The observer ops the MCP tools map to, from the CLI: per-page tail, unobserve, clear.
#[test]
fn events_of_one_page_can_be_read_unobserved_and_cleared_from_the_cli() {
    let env = TestEnv::new();
    let server = HttpServer::start();
    let url = page(&server);
    let opened = env.ctx("obs", &["page", "open", &url]);
    let id = opened.ok()["id"].to_string();
    let log = |text: &str| {
        env.ctx(
            "obs",
            &["runtime", "eval", &format!("console.log('{text}')")],
        )
        .ok();
    };
    let texts = || -> Vec<String> {
        let read = env.ctx(
            "obs",
            &[
                "events", "read", "--page", &id, "--tail", "--kinds", "console",
            ],
        );
        read.ok()["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["text"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    // (The console event is told on the session that observes the page, which may reach the
    // daemon just after the evaluation's reply.)
    log("one");
    assert!(
        cdt_e2e::eventually(std::time::Duration::from_secs(5), || texts() == ["one"]),
        "{:?}",
        texts()
    );
    env.ctx("obs", &["events", "unobserve", "--page", &id]).ok();
    log("hidden");
    assert_eq!(
        texts(),
        vec!["one"],
        "an unobserved page's event was buffered"
    );
    let console = env.ctx("obs", &["console", "list"]);
    assert!(
        console.stdout.contains("hidden"),
        "console records stop too"
    );
    env.ctx("obs", &["events", "observe", "--url-includes", "/mcp.html"])
        .ok();
    log("two");
    assert!(
        cdt_e2e::eventually(std::time::Duration::from_secs(5), || texts()
            == ["one", "two"]),
        "{:?}",
        texts()
    );
    let cleared = env.ctx("obs", &["events", "clear", "--page", &id]);
    // The page's network events (the page load) go too.
    assert!(cleared.ok()["cleared"].as_u64() > Some(2), "{cleared:?}");
    assert!(texts().is_empty());
    // A page id that does not exist is an error with a hint, not an empty list.
    env.ctx("obs", &["events", "read", "--page", "99"])
        .err("PAGE_NOT_FOUND", 3);
}

/// Seed 002 §12 as printed: a Chrome the user started with --remote-debugging-port, `cdt mcp`
/// registered with CDP_HOST/CDP_PORT (§9), then list targets → observe({targetId}) → read
/// events → response body by requestId → subscribe cdp://events/{targetId}, every reply in
/// §3.2/§4's shapes, plus per-target filters and the §7 errors (tests/mcp/seed_002.py, run
/// by the official MCP Python SDK).
#[test]
fn seed_002_procedure_observes_a_chrome_cdt_did_not_start() {
    let env = TestEnv::new();
    let server = HttpServer::start();
    server.page(
        "/seed002.html",
        "Seed 002",
        r#"<h1>Observed</h1><script>
let n = 0;
setInterval(() => {
  n += 1;
  console.log("tick " + n);
  fetch("/api/items").then(r => r.json());
  if (n === 1 || n % 5 === 0) fetch("/api/echo", { method: "POST", body: JSON.stringify({ n: 1 }) });
}, 300);
</script>"#,
    );
    // Slow enough that observing usually begins while one is under way (regression: its body
    // is not available, and the procedure must read one observed from its start).
    server.delayed_bytes(
        "/api/items",
        "application/json",
        br#"{"items":[1,2,3]}"#,
        280,
    );
    let url = server.url("/seed002.html");
    let chrome = ExternalBrowser::start_at(&env, &url);
    let closed = free_port();
    let mut command = Command::new(mcp_python());
    command
        .arg(repo().join("tests/mcp/seed_002.py"))
        .arg(cdt_bin())
        .arg("127.0.0.1")
        .arg(chrome.port.to_string())
        .arg(&url)
        .arg(closed.to_string())
        .env("CDT_HOME", &env.home)
        .env_remove("CDT_CONTEXT_ID")
        .env_remove("CDT_SHARE_GROUP");
    for (key, value) in &env.envs {
        command.env(key, value);
    }
    let output = command.output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "the seed 002 procedure failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let summary: Value = serde_json::from_str(stdout.lines().last().unwrap_or_default()).unwrap();
    assert!(summary["updates"].as_u64() >= Some(1), "{summary}");

    // The same browser, from the CLI (`cdt events`), in the observer's context.
    let group = format!("cdp-127.0.0.1-{}", chrome.port);
    let targets = env.run(&[
        "--share-group",
        &group,
        "events",
        "targets",
        "--types",
        "page",
    ]);
    let target = summary["target"].as_str().unwrap();
    assert!(
        targets.ok()["targets"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["id"] == target),
        "{targets:?}"
    );
    // The procedure stopped observing it; the CLI observes it again and reads its events.
    env.run(&[
        "--share-group",
        &group,
        "events",
        "observe",
        "--target-id",
        target,
    ])
    .ok();
    assert!(cdt_e2e::eventually(
        std::time::Duration::from_secs(10),
        || {
            let read = env.run(&[
                "--share-group",
                &group,
                "events",
                "read",
                "--target-id",
                target,
                "--kinds",
                "console",
            ]);
            read.ok()["events"]
                .as_array()
                .is_some_and(|e| !e.is_empty())
        }
    ));
    // Stopping that session detaches; the hand-started Chrome lives on.
    env.run(&["--share-group", &group, "session", "stop"]).ok();
    assert!(std::net::TcpStream::connect(("127.0.0.1", chrome.port)).is_ok());
}
