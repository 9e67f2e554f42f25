//! The broker daemon: autostart, one daemon under concurrency, crash recovery, hostile input.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::time::Duration;

use cdt_e2e::{HttpServer, TestEnv, eventually, kill};
use serde_json::Value;

#[test]
fn ten_concurrent_first_calls_start_exactly_one_daemon() {
    let env = TestEnv::new();
    let handles: Vec<_> = (0..10)
        .map(|i| {
            let mut command = env.command(&["session", "status"]);
            command.env("CDT_CONTEXT_ID", format!("c{i}"));
            std::thread::spawn(move || command.output().unwrap())
        })
        .collect();
    let mut pids = Vec::new();
    for handle in handles {
        let output = handle.join().unwrap();
        let run = cdt_e2e::Run::from_output(&output, Duration::ZERO);
        pids.push(run.ok()["daemon"]["pid"].as_u64().unwrap());
    }
    pids.dedup();
    assert_eq!(pids.len(), 1, "replies came from several daemons: {pids:?}");
    assert_eq!(
        env.daemon_pids().len(),
        1,
        "daemon processes: {:?}",
        env.daemon_pids()
    );
}

fn raw_exchange(env: &TestEnv, lines: &[&[u8]]) -> Vec<String> {
    let mut stream = UnixStream::connect(env.home.join("broker/daemon.sock")).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    for line in lines {
        let _ = stream.write_all(line);
    }
    BufReader::new(stream)
        .lines()
        .map_while(Result::ok)
        .collect()
}

#[test]
fn garbage_on_the_socket_gets_a_protocol_error_and_the_daemon_stays_up() {
    let env = TestEnv::new();
    env.run(&["daemon", "status"]);
    env.run(&["session", "list"]).ok();
    let pid = env.daemon_pid().unwrap();

    let replies = raw_exchange(&env, &[b"this is not json\n"]);
    let reply: serde_json::Value = serde_json::from_str(&replies[0]).unwrap();
    assert_eq!(reply["error"]["code"], "PROTOCOL_ERROR", "{reply}");

    let hello = format!(
        r#"{{"hello":{{"version":"{}","protocol":{}}}}}"#,
        cdt_domain::CDT_VERSION,
        cdt_domain::PROTOCOL_VERSION
    );
    let hello = hello.as_bytes();
    let replies = raw_exchange(&env, &[hello, b"\n", b"{\"op\":\"page.explode\"}\n"]);
    let reply: serde_json::Value = serde_json::from_str(&replies[1]).unwrap();
    assert_eq!(reply["ok"], false, "{reply}");
    assert_eq!(reply["error"]["code"], "VALIDATION_ERROR", "{reply}");

    let replies = raw_exchange(&env, &[hello, b"\n", &[0xff, 0xfe, b'\n']]);
    let reply: serde_json::Value = serde_json::from_str(&replies[1]).unwrap();
    assert_eq!(reply["error"]["code"], "PROTOCOL_ERROR", "{reply}");

    let wrong_protocol = raw_exchange(
        &env,
        &[br#"{"hello":{"version":"9.9.9","protocol":999}}"#, b"\n"],
    );
    let reply: serde_json::Value = serde_json::from_str(&wrong_protocol[0]).unwrap();
    assert_eq!(reply["accepted"], false, "{reply}");

    // An oversized line (no newline within 8 MiB) is refused without taking the daemon down.
    let big = vec![b'x'; 9 * 1024 * 1024];
    let replies = raw_exchange(&env, &[hello, b"\n", &big]);
    let reply: serde_json::Value =
        serde_json::from_str(replies.get(1).map(String::as_str).unwrap_or("null")).unwrap();
    assert_eq!(reply["error"]["code"], "VALIDATION_ERROR", "{reply}");

    assert_eq!(env.daemon_pid(), Some(pid));
    env.run(&["session", "list"]).ok();
    assert_eq!(env.daemon_pids(), vec![pid]);
}

#[test]
fn kill_9_of_the_daemon_recovers_and_leaves_no_chromium() {
    let server = HttpServer::start();
    let env = TestEnv::new();
    env.ctx("a", &["page", "open", &server.url("/")]).ok();
    let old_browsers = env.browser_pids();
    assert!(!old_browsers.is_empty());
    let daemon = env.daemon_pid().unwrap();
    kill(daemon);

    assert!(
        eventually(Duration::from_secs(10), || old_browsers
            .iter()
            .all(|pid| !env.browser_pids().contains(pid))),
        "Chromium outlived the killed daemon: {:?}",
        env.browser_pids()
    );
    let pages = env.ctx("a", &["page", "list"]);
    let data = pages.ok();
    assert_eq!(
        data["pages"].as_array().unwrap().len(),
        1,
        "a fresh browser starts with one blank page: {data}"
    );
    let new_daemon = env.daemon_pid().unwrap();
    assert_ne!(new_daemon, daemon);
    assert_eq!(env.daemon_pids(), vec![new_daemon]);
}

#[test]
fn daemon_stop_leaves_no_chromium_and_status_reports_not_running() {
    let server = HttpServer::start();
    let env = TestEnv::new();
    env.ctx("a", &["page", "open", &server.url("/")]).ok();
    env.ctx("b", &["page", "open", &server.url("/")]).ok();
    let browsers = env
        .browser_pids()
        .iter()
        .filter(|pid| cdt_e2e::comm(**pid).as_deref() == Some("chromium"))
        .count();
    assert!(browsers >= 2, "expected two browsers, saw {browsers}");
    let stopped = env.run(&["daemon", "stop"]);
    assert_eq!(stopped.ok()["stopped"], true);
    assert!(
        env.browser_pids().is_empty(),
        "left running: {:?}",
        env.browser_pids()
    );
    let status = env.run(&["daemon", "status"]);
    assert_eq!(status.ok()["running"], false);
}

#[test]
fn a_stale_socket_file_is_recovered() {
    let env = TestEnv::new();
    env.run(&["session", "list"]).ok();
    let pid = env.daemon_pid().unwrap();
    kill(pid);
    assert!(eventually(Duration::from_secs(5), || env
        .daemon_pids()
        .is_empty()));
    assert!(
        env.home.join("broker/daemon.sock").exists(),
        "the killed daemon left its socket behind"
    );
    env.run(&["session", "list"]).ok();
    assert_ne!(env.daemon_pid(), Some(pid));
}

#[test]
fn an_unsafe_state_dir_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let env = TestEnv::new();
    env.run(&["session", "list"]).ok();
    env.run(&["daemon", "stop"]).ok();
    std::fs::set_permissions(
        env.home.join("broker"),
        std::fs::Permissions::from_mode(0o755),
    )
    .unwrap();
    let run = env.run(&["session", "list"]);
    let error = run.err("SECURITY_BLOCKED", 2);
    assert!(
        error["suggestions"][0]
            .as_str()
            .unwrap()
            .contains("chmod 700"),
        "{error}"
    );
}

#[test]
fn daemon_logs_and_verbose_status_show_metrics() {
    let env = TestEnv::new();
    env.run(&["session", "list"]).ok();
    let status = env.run(&["daemon", "status", "--verbose"]);
    let data = status.ok();
    assert_eq!(data["running"], true);
    assert!(
        data["metrics"]["session.list"]["count"]
            .as_u64()
            .is_some_and(|c| c >= 1),
        "{data}"
    );
    let logs = env.run(&["daemon", "logs"]);
    assert!(
        logs.ok()["lines"].to_string().contains("cdt-daemon ready"),
        "{}",
        logs.stdout
    );
}

/// Regression (issue 12 item 7): a daemon of another build was stopped by the next call of
/// this build — and every agent's browsers with it — on every alternate call.
#[test]
fn regression_a_daemon_of_another_build_with_our_protocol_keeps_serving() {
    let env = TestEnv::new();
    let copy = env.home.with_extension("daemon-bin");
    std::fs::copy(cdt_e2e::daemon_bin(), &copy).unwrap();
    let env = env.with_env("CDT_DAEMON_PATH", copy.to_str().unwrap());
    env.ctx("keep", &["session", "start"]).ok();
    let first = env.daemon_pid().unwrap();
    let browsers = env.browser_main_pids();
    assert!(!browsers.is_empty());
    // "Rebuild" the daemon: a new file with a new modification time.
    std::thread::sleep(Duration::from_millis(20));
    std::fs::remove_file(&copy).unwrap();
    std::fs::copy(cdt_e2e::daemon_bin(), &copy).unwrap();
    let status = env.ctx("keep", &["session", "status"]);
    assert_eq!(status.ok()["session"]["status"], "running");
    assert_eq!(
        env.daemon_pid(),
        Some(first),
        "the other build's daemon was replaced"
    );
    assert_eq!(env.browser_main_pids(), browsers, "the browser was kept");
    let warnings = &status.json["meta"]["warnings"];
    assert_eq!(warnings[0]["code"], "DAEMON_OTHER_BUILD", "{warnings}");
    assert!(
        warnings[0]["message"]
            .as_str()
            .unwrap()
            .contains("cdt daemon stop"),
        "{warnings}"
    );
    // The explicit stop switches builds.
    env.run(&["daemon", "stop"]).ok();
    env.run(&["session", "list"]).ok();
    assert_ne!(env.daemon_pid(), Some(first));
    let _ = std::fs::remove_file(&copy);
}

/// A fake daemon of another protocol on the env's socket; its "pid" is a sleeping process.
fn incompatible_daemon(env: &TestEnv) -> std::process::Child {
    use std::io::{BufRead, Write};
    use std::os::unix::fs::DirBuilderExt;
    let sleeper = std::process::Command::new("sleep")
        .arg("60")
        .spawn()
        .unwrap();
    let broker = env.home.join("broker");
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(&broker)
        .unwrap();
    let listener = std::os::unix::net::UnixListener::bind(broker.join("daemon.sock")).unwrap();
    let pid = sleeper.id();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut line = String::new();
            let _ = std::io::BufReader::new(&stream).read_line(&mut line);
            let reply = format!(
                "{{\"hello\":{{\"version\":\"9.9.9\",\"protocol\":999}},\"pid\":{pid},\"accepted\":false}}\n"
            );
            let _ = (&stream).write_all(reply.as_bytes());
        }
    });
    sleeper
}

/// Regression (issue 12 item 7): a daemon of another protocol was killed by pid, with every
/// browser it ran, by whichever cdt of another build called next.
#[test]
fn regression_an_incompatible_daemon_is_reported_with_the_restart_command_not_killed() {
    let env = TestEnv::new();
    let mut other = incompatible_daemon(&env);
    let run = env.ctx("x", &["page", "list"]);
    let error = run.err("DAEMON_UNAVAILABLE", 10);
    assert_eq!(error["details"]["protocol"], 999);
    let hint = error["suggestions"][0].as_str().unwrap();
    let home = env.home.display().to_string();
    assert!(
        hint.contains(&format!("CDT_HOME={home} cdt daemon stop")),
        "{hint}"
    );
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        other.try_wait().unwrap().is_none(),
        "the other daemon was killed"
    );
    // The command it names does stop it.
    let stopped = env.run(&["daemon", "stop"]);
    assert_eq!(stopped.ok()["stopped"], true, "{}", stopped.stdout);
    assert!(eventually(Duration::from_secs(5), || other
        .try_wait()
        .unwrap()
        .is_some()));
}

/// A daemon of another protocol that runs no browser agrees to retire (it holds the daemon
/// lock until it does, as a real one does); the next command replaces it with this build's
/// daemon and says so. One that says nothing of retiring (older, or busy) is kept, as above.
#[test]
fn an_idle_daemon_of_another_protocol_is_replaced_with_a_warning() {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::DirBuilderExt;
    let env = TestEnv::new();
    let broker = env.home.join("broker");
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(&broker)
        .unwrap();
    let lock = std::fs::File::create(broker.join("daemon.lock")).unwrap();
    // SAFETY: flock(2) on a descriptor this test owns.
    #[allow(unsafe_code)]
    let locked = unsafe { libc::flock(lock.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    assert_eq!(locked, 0);
    let listener = std::os::unix::net::UnixListener::bind(broker.join("daemon.sock")).unwrap();
    let asked = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let seen = asked.clone();
    std::thread::spawn(move || {
        let mut lock = Some(lock);
        for stream in listener.incoming().flatten() {
            let mut line = String::new();
            let _ = std::io::BufReader::new(&stream).read_line(&mut line);
            let hello: Value = serde_json::from_str(&line).unwrap_or_default();
            let retiring = hello["hello"]["replaceIfIdle"] == true;
            let reply = format!(
                "{{\"hello\":{{\"version\":\"9.9.9\",\"protocol\":999}},\"pid\":1,\"accepted\":false,\"retiring\":{retiring}}}\n"
            );
            let _ = (&stream).write_all(reply.as_bytes());
            if retiring {
                seen.store(true, std::sync::atomic::Ordering::SeqCst);
                // Exits: the lock goes with it.
                lock.take();
                break;
            }
        }
    });
    let run = env.ctx("x", &["page", "list"]);
    run.ok();
    assert!(asked.load(std::sync::atomic::Ordering::SeqCst));
    let warnings = run.json["meta"]["warnings"].to_string();
    assert!(warnings.contains("DAEMON_REPLACED"), "{warnings}");
    assert!(env.daemon_pid().is_some(), "this build's daemon runs");
}

/// Regression: closing every descriptor before exec also closed std's exec-error pipe, so a
/// missing daemon binary was reported as a SIGABRT during start-up.
#[test]
fn a_missing_daemon_binary_is_named_in_the_error() {
    let env = TestEnv::new().with_env("CDT_DAEMON_PATH", "/nonexistent/cdt-daemon");
    let run = env.run(&["page", "list"]);
    let error = run.err("DAEMON_UNAVAILABLE", 10);
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("/nonexistent/cdt-daemon: No such file"),
        "{error}"
    );
}

/// Regression: `daemon stop` answered PROTOCOL_ERROR for a daemon of another build and left it
/// (and its browsers) running.
#[test]
fn daemon_stop_stops_a_daemon_of_another_build() {
    let env = TestEnv::new();
    let copy = env.home.with_extension("stop-daemon-bin");
    std::fs::copy(cdt_e2e::daemon_bin(), &copy).unwrap();
    let env = env.with_env("CDT_DAEMON_PATH", copy.to_str().unwrap());
    env.ctx("x", &["session", "start"]).ok();
    let old = env.daemon_pid().unwrap();
    let browsers = env.browser_pids();
    std::thread::sleep(Duration::from_millis(20));
    std::fs::remove_file(&copy).unwrap();
    std::fs::copy(cdt_e2e::daemon_bin(), &copy).unwrap();
    let stopped = env.run(&["daemon", "stop"]);
    assert_eq!(stopped.ok()["stopped"], true, "{}", stopped.stdout);
    let home = env.home.display().to_string();
    assert!(
        eventually(Duration::from_secs(5), || !cdt_e2e::processes_with_arg(
            &home
        )
        .contains(&old)),
        "the old daemon still runs"
    );
    assert!(
        eventually(Duration::from_secs(5), || browsers
            .iter()
            .all(|pid| !env.browser_pids().contains(pid))),
        "its browsers still run"
    );
    let _ = std::fs::remove_file(&copy);
}
