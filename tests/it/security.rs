//! Security guards (issue 12, items 1–2): attach endpoints and refused Chromium flags. No test
//! here ever connects to an address other than loopback: refused endpoints are refused before
//! any connection is tried, and host names use the reserved `.invalid` domain.

use cdt_e2e::{ExternalBrowser, TestEnv};

#[test]
fn regression_host_name_starting_with_127_is_security_blocked() {
    let env = TestEnv::new();
    for url in [
        "http://127.evil.invalid:9222",
        "http://127.0.0.1.invalid:9222",
    ] {
        let run = env.ctx("g", &["session", "start", "--browser-url", url]);
        let error = run.err("SECURITY_BLOCKED", 2);
        assert!(
            error["suggestions"].to_string().contains("127.0.0.1"),
            "{error}"
        );
    }
}

#[test]
fn regression_user_info_endpoint_is_security_blocked_even_with_allow_remote() {
    let env = TestEnv::new();
    env.ctx(
        "g",
        &[
            "session",
            "start",
            "--ws-endpoint",
            "ws://127.0.0.1:1@other-host.invalid:9222/devtools/browser/x",
        ],
    )
    .err("SECURITY_BLOCKED", 2);
    env.ctx(
        "g",
        &[
            "session",
            "start",
            "--browser-url",
            "http://127.0.0.1:1@other-host.invalid:9222",
            "--allow-remote",
        ],
    )
    .err("SECURITY_BLOCKED", 2);
}

#[test]
fn regression_restart_with_a_new_endpoint_is_checked_and_keeps_the_browser() {
    let env = TestEnv::new();
    let started = env.ctx("g", &["session", "start"]);
    let pid = started.ok()["session"]["browser"]["pid"].as_u64().unwrap();
    env.ctx(
        "g",
        &[
            "session",
            "restart",
            "--browser-url",
            "http://127.evil.invalid:9222",
        ],
    )
    .err("SECURITY_BLOCKED", 2);
    let status = env.ctx("g", &["session", "status"]);
    assert_eq!(
        status.ok()["session"]["browser"]["pid"],
        pid,
        "the browser was not stopped"
    );
    env.ctx(
        "g",
        &["session", "restart", "--chrome-arg=--user-data-dir=/tmp/x"],
    )
    .err("SECURITY_BLOCKED", 2);
    let status = env.ctx("g", &["session", "status"]);
    assert_eq!(
        status.ok()["session"]["browser"]["pid"],
        pid,
        "the browser was not stopped"
    );
}

#[test]
fn attach_by_localhost_and_by_ws_url_connects_to_the_checked_address() {
    let env = TestEnv::new();
    let external = ExternalBrowser::start(&env);
    let port = external.port;
    let started = env.ctx(
        "loc",
        &[
            "session",
            "start",
            "--browser-url",
            &format!("http://localhost:{port}"),
        ],
    );
    let ws = started.ok()["session"]["browser"]["wsEndpoint"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        ws.starts_with(&format!("ws://127.0.0.1:{port}/devtools/browser/")),
        "the endpoint names the vetted address: {ws}"
    );
    env.ctx("loc", &["session", "stop"]).ok();
    let again = env.ctx("ws", &["session", "start", "--ws-endpoint", &ws]);
    assert_eq!(again.ok()["session"]["browser"]["attached"], true);
    env.ctx("ws", &["session", "stop"]).ok();
}

#[test]
fn regression_chrome_args_that_move_the_endpoint_or_profile_are_refused() {
    let env = TestEnv::new();
    for arg in [
        "--chrome-arg=--remote-debugging-address=0.0.0.0",
        "--chrome-arg=--remote-debugging-port=9333",
        "--chrome-arg=--remote-debugging-pipe",
        "--chrome-arg=--user-data-dir=/tmp/cdt-elsewhere",
    ] {
        let run = env.ctx("f", &["session", "start", arg]);
        let error = run.err("SECURITY_BLOCKED", 2);
        assert!(error["suggestions"].to_string().contains("cdt "), "{error}");
    }
    assert!(env.browser_pids().is_empty(), "no browser was launched");
    // An ordinary flag still passes.
    env.ctx("f", &["session", "start", "--chrome-arg=--lang=de"])
        .ok();
}

/// Issue 20: after a navigation the URL and title come from the browser, not from an
/// evaluation in the page, where a script can redefine `document.title` to mislead cdt.
#[test]
fn a_page_cannot_fake_the_title_a_navigation_reports() {
    let server = cdt_e2e::HttpServer::start();
    server.raw(
        "/fake-title.html",
        "text/html; charset=utf-8",
        "<title>Real title</title><script>Object.defineProperty(document, 'title', { get() { return 'FAKE' } })</script><p>x</p>",
    );
    server.raw(
        "/untitled.html",
        "text/html; charset=utf-8",
        "<p>no title</p>",
    );
    let env = TestEnv::new();
    let opened = env.ctx("title", &["page", "open", &server.url("/fake-title.html")]);
    assert_eq!(opened.ok()["title"], "Real title", "{}", opened.stdout);
    let untitled = env.ctx(
        "title",
        &["page", "navigate", &server.url("/untitled.html")],
    );
    assert_eq!(untitled.ok()["title"], "", "{}", untitled.stdout);
}

/// The sockets a process listens on (TCP, IPv4 and IPv6), from /proc.
fn listening_inodes() -> std::collections::HashSet<String> {
    let mut out = std::collections::HashSet::new();
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        let text = std::fs::read_to_string(table).unwrap_or_default();
        for line in text.lines().skip(1) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            // st 0A is LISTEN; the inode is the tenth field.
            if fields.get(3) == Some(&"0A")
                && let Some(inode) = fields.get(9)
            {
                out.insert(inode.to_string());
            }
        }
    }
    out
}

fn listens(pid: u32) -> bool {
    let listening = listening_inodes();
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|fd| std::fs::read_link(fd.path()).ok())
        .filter_map(|link| {
            link.to_str()
                .and_then(|l| l.strip_prefix("socket:["))
                .map(|l| l.trim_end_matches(']').to_string())
        })
        .any(|inode| listening.contains(&inode))
}

/// Issue 20: a browser cdt launches speaks DevTools over `--remote-debugging-pipe`: it listens
/// on no TCP port another local user could connect to. A reply larger than cdt reads is refused
/// alone; the connection and the context's pages stay.
#[test]
fn a_launched_browser_listens_on_no_port_and_an_oversized_reply_loses_nothing_else() {
    let env = TestEnv::new().with_env("CDT_CDP_MAX_MESSAGE_BYTES", "1000000");
    let server = cdt_e2e::HttpServer::start();
    server.page("/a.html", "A", "<p>a</p>");
    env.ctx("pipe", &["page", "open", &server.url("/a.html")])
        .ok();
    let status = env.ctx("pipe", &["session", "status"]);
    let browser = &status.ok()["session"]["browser"];
    assert_eq!(browser["wsEndpoint"], "pipe", "{browser}");
    let pid = browser["pid"].as_u64().unwrap() as u32;
    assert!(!listens(pid), "the launched browser listens on a TCP port");

    let big = env.ctx("pipe", &["runtime", "eval", "'x'.repeat(2000000)"]);
    let error = big.err("RESULT_TOO_LARGE", 2);
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("nothing else was lost"),
        "{error}"
    );
    assert_eq!(
        env.ctx("pipe", &["runtime", "eval", "6 * 7"]).ok()["value"],
        42
    );
    let pages = env.ctx("pipe", &["page", "list"]);
    assert_eq!(pages.ok()["pages"].as_array().map(Vec::len), Some(1));
}
