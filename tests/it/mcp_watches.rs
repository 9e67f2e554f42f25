//! The MCP resource watches (`resources/subscribe` on `cdp://events/{id}`) are passive: they
//! never start a daemon or a browser, never keep an idle context alive, stop when their page is
//! gone, and one page has one spelling. Driven over raw JSON-RPC on `cdt mcp`'s stdio, so the
//! timing of every poll is visible (regressions from the issue 20 review).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use cdt_e2e::{HttpServer, TestEnv, cdt_bin, eventually};
use serde_json::{Value, json};

/// `cdt mcp` on pipes: requests in, every line it writes on a channel.
struct McpServer {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Value>,
    next_id: u64,
}

impl McpServer {
    fn start(env: &TestEnv, context: &str) -> McpServer {
        let mut command = Command::new(cdt_bin());
        command
            .arg("mcp")
            .env("CDT_HOME", &env.home)
            .env("CDT_CONTEXT_ID", context)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        for (key, value) in &env.envs {
            command.env(key, value);
        }
        let mut child = command.spawn().unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Ok(value) = serde_json::from_str(&line) {
                    let _ = send.send(value);
                }
            }
        });
        let mut server = McpServer {
            child,
            stdin,
            lines,
            next_id: 0,
        };
        server.request(
            "initialize",
            &json!({ "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": { "name": "watch-test", "version": "1" } }),
        );
        server.notify("notifications/initialized", &json!({}));
        server
    }

    fn notify(&mut self, method: &str, params: &Value) {
        let line = json!({ "jsonrpc": "2.0", "method": method, "params": params });
        writeln!(self.stdin, "{line}").unwrap();
    }

    /// Sends a request and returns its response (notifications met on the way are dropped).
    fn request(&mut self, method: &str, params: &Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let line = json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params });
        writeln!(self.stdin, "{line}").unwrap();
        let until = Instant::now() + Duration::from_secs(30);
        loop {
            let left = until.saturating_duration_since(Instant::now());
            let message = self.lines.recv_timeout(left).unwrap();
            if message["id"] == id {
                return message;
            }
        }
    }

    /// The `notifications/resources/updated` URIs that arrive within `window`.
    fn updates_within(&self, window: Duration) -> Vec<String> {
        let until = Instant::now() + window;
        let mut uris = Vec::new();
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(message) if message["method"] == "notifications/resources/updated" => {
                    uris.push(message["params"]["uri"].as_str().unwrap_or_default().into());
                }
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return uris,
            }
        }
    }
}

impl Drop for McpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A page that logs every 100 ms, so a watch always has something new.
fn chatty_page(server: &HttpServer) -> String {
    server.page(
        "/chatty.html",
        "Chatty",
        "<p>chatty</p><script>let n = 0; setInterval(() => console.log('tick ' + (n += 1)), 100);</script>",
    );
    server.url("/chatty.html")
}

/// Regression: the watch's poll refreshed the lease (the idle timeout never fired) and, after
/// `daemon stop`, started a new daemon on its own.
#[test]
fn a_watch_neither_keeps_an_idle_context_alive_nor_restarts_a_stopped_daemon() {
    let env = TestEnv::new()
        .with_env("CDT_IDLE_TIMEOUT_SECS", "5")
        .with_env("CDT_JANITOR_INTERVAL_MS", "200");
    let server = HttpServer::start();
    let url = chatty_page(&server);
    let opened = env.ctx("watcher", &["page", "open", &url]);
    let page = opened.ok()["id"].as_u64().unwrap();
    let mut mcp = McpServer::start(&env, "watcher");
    // Starting the MCP server can take a while on a loaded machine: the context is used once
    // more right before the watch begins, so its lease is fresh then.
    env.ctx("watcher", &["page", "list"]).ok();
    let uri = format!("cdp://events/{page}");
    let subscribed = mcp.request("resources/subscribe", &json!({ "uri": uri }));
    assert!(subscribed.get("error").is_none(), "{subscribed}");
    assert!(
        mcp.updates_within(Duration::from_secs(2)).contains(&uri),
        "the page logs: the watch reports new events"
    );
    // Nothing but the watch touches the context now: its lease runs out and the browser goes.
    assert!(
        eventually(Duration::from_secs(25), || env.browser_pids().is_empty()),
        "the watch kept the idle context's browser alive"
    );
    // The watch was told its page is gone (one last update) and stopped; nothing restarts.
    env.run(&["daemon", "stop"]).ok();
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(
        env.daemon_pid(),
        None,
        "a watch started a daemon that was stopped"
    );
    assert!(env.browser_pids().is_empty());
}

/// Regression: `cdp://events/1`, `/01` and `/+1` made three pollers of one page.
#[test]
fn one_page_has_one_resource_uri_and_one_watch() {
    let env = TestEnv::new();
    let server = HttpServer::start();
    let url = chatty_page(&server);
    let page = env.ctx("spell", &["page", "open", &url]).ok()["id"]
        .as_u64()
        .unwrap();
    let mut mcp = McpServer::start(&env, "spell");
    let padded = mcp.request(
        "resources/subscribe",
        &json!({ "uri": format!("cdp://events/0{page}") }),
    );
    assert!(
        padded["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("VALIDATION_ERROR"),
        "{padded}"
    );
    let signed = mcp.request(
        "resources/subscribe",
        &json!({ "uri": format!("cdp://events/+{page}") }),
    );
    assert!(
        signed.get("error").is_some(),
        "+{page} is no page: {signed}"
    );
    let uri = format!("cdp://events/{page}");
    for _ in 0..3 {
        let again = mcp.request("resources/subscribe", &json!({ "uri": uri }));
        assert!(again.get("error").is_none(), "{again}");
    }
    // One watch: one update per poll at most (four a second), not three.
    let updates = mcp.updates_within(Duration::from_millis(2100));
    assert!(
        (2..=10).contains(&updates.len()),
        "one watch polls at most 4/s: {} updates in 2.1 s",
        updates.len()
    );
    let read = mcp.request("resources/read", &json!({ "uri": uri }));
    let text = read["result"]["contents"][0]["text"]
        .as_str()
        .unwrap_or_default();
    let body: Value = serde_json::from_str(text).unwrap_or_default();
    assert!(
        body["events"].as_array().is_some_and(|e| !e.is_empty()),
        "{read}"
    );
}

/// A watch of a page that closes ends after telling the client once more.
#[test]
fn a_watch_ends_when_its_page_is_gone() {
    let env = TestEnv::new();
    let server = HttpServer::start();
    let url = chatty_page(&server);
    let page = env.ctx("gone", &["page", "open", &url]).ok()["id"]
        .as_u64()
        .unwrap();
    let mut mcp = McpServer::start(&env, "gone");
    let uri = format!("cdp://events/{page}");
    let subscribed = mcp.request("resources/subscribe", &json!({ "uri": uri }));
    assert!(subscribed.get("error").is_none(), "{subscribed}");
    env.ctx("gone", &["page", "close", &page.to_string()]).ok();
    // Updates stop within a few polls of the page going away.
    let _ = mcp.updates_within(Duration::from_secs(3));
    let after = mcp.updates_within(Duration::from_secs(2));
    assert!(after.is_empty(), "still polling a closed page: {after:?}");
    let read = mcp.request("resources/read", &json!({ "uri": uri }));
    assert!(
        read["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("PAGE_NOT_FOUND"),
        "{read}"
    );
}
