//! Session lifecycle: start, status, stop, restart, attach, launch failures.

use std::time::Duration;

use cdt_e2e::{ExternalBrowser, TestEnv, eventually};

#[test]
fn start_status_stop_and_stop_again() {
    let env = TestEnv::new();
    let started = env.ctx("s", &["session", "start", "--viewport", "1024x700"]);
    let data = started.ok();
    assert_eq!(data["started"], true);
    let pid = data["session"]["browser"]["pid"].as_u64().unwrap() as u32;
    let again = env.ctx("s", &["session", "start"]);
    assert_eq!(
        again.ok()["started"],
        false,
        "an identical start is a no-op"
    );
    env.ctx("s", &["session", "start", "--headed"])
        .err("SESSION_ALREADY_RUNNING", 5);

    let status = env.ctx("s", &["session", "status", "--verbose"]);
    let status = status.ok();
    assert_eq!(status["session"]["status"], "running");
    assert!(status["lease"]["idleTimeoutMs"].as_u64().is_some());
    assert!(
        status["memory"]["browserPssKib"]
            .as_u64()
            .is_some_and(|kib| kib > 0),
        "{status}"
    );

    let stopped = env.ctx("s", &["session", "stop"]);
    assert_eq!(stopped.ok()["stopped"], true);
    assert!(
        eventually(Duration::from_secs(5), || !env
            .browser_pids()
            .contains(&pid)),
        "browser {pid} survived session stop"
    );
    env.ctx("s", &["session", "stop"])
        .err("SESSION_NOT_FOUND", 3);
}

#[test]
fn restart_replaces_the_browser() {
    let env = TestEnv::new();
    let first = env.ctx("r", &["session", "start"]);
    let first_pid = first.ok()["session"]["browser"]["pid"].clone();
    let second = env.ctx("r", &["session", "restart"]);
    let data = second.ok();
    assert_eq!(data["started"], true);
    assert_ne!(data["session"]["browser"]["pid"], first_pid);
}

#[test]
fn a_missing_browser_is_browser_launch_failed_with_an_install_hint() {
    let env = TestEnv::new().with_env("CDT_CHROME_PATH", "/nonexistent/chrome");
    let run = env.ctx("x", &["page", "list"]);
    let error = run.err("BROWSER_LAUNCH_FAILED", 6);
    assert!(
        error["suggestions"].to_string().contains("apt-get install"),
        "{error}"
    );
}

#[test]
fn remote_endpoints_are_refused_unless_allowed_and_0_0_0_0_always() {
    let env = TestEnv::new();
    env.ctx(
        "r",
        &["session", "start", "--browser-url", "http://10.1.2.3:9222"],
    )
    .err("SECURITY_BLOCKED", 2);
    env.ctx(
        "r",
        &[
            "session",
            "start",
            "--browser-url",
            "http://0.0.0.0:9222",
            "--allow-remote",
        ],
    )
    .err("SECURITY_BLOCKED", 2);
    env.ctx(
        "r",
        &[
            "session",
            "start",
            "--ws-endpoint",
            "ws://0.0.0.0:9222/devtools/browser/x",
        ],
    )
    .err("SECURITY_BLOCKED", 2);
}

#[test]
fn attach_to_an_existing_browser_and_detach_without_killing_it() {
    let env = TestEnv::new();
    let mut external = ExternalBrowser::start(&env);
    let port = external.port;
    let url = format!("http://127.0.0.1:{port}");

    let started = env.ctx("att", &["session", "start", "--browser-url", &url]);
    let data = started.ok();
    assert_eq!(data["session"]["browser"]["attached"], true, "{data}");
    let pages = env.ctx("att", &["page", "list"]);
    assert!(!pages.ok()["pages"].as_array().unwrap().is_empty());
    env.ctx("att", &["session", "stop"]).ok();
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        external.child.try_wait().unwrap().is_none(),
        "detaching killed the external browser"
    );
}
