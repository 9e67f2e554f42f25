//! Faults at bad moments (issue 20.3): the browser killed in the middle of a navigation and of
//! a click, a page that hangs, the daemon's socket file deleted under it, the daemon killed
//! while it writes its state, `CDT_HOME` on a full disk. Each answers within its budget with a code that says what to do,
//! and the next command works.

use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use cdt_e2e::{HttpServer, Run, TestEnv, kill, snapshot, uid_of};

/// `cdt <args>` for `context`, started in the background.
fn start(env: &TestEnv, context: &str, args: &[&str]) -> Child {
    let mut command = env.command(args);
    command
        .env("CDT_CONTEXT_ID", context)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command.spawn().unwrap()
}

fn finish(child: Child) -> (Run, Duration) {
    let started = Instant::now();
    let output = child.wait_with_output().unwrap();
    (
        Run::from_output(&output, started.elapsed()),
        started.elapsed(),
    )
}

fn browser_pid(env: &TestEnv, context: &str) -> u32 {
    env.ctx(context, &["session", "status"]).ok()["session"]["browser"]["pid"]
        .as_u64()
        .unwrap() as u32
}

/// A failure that says the browser went away: retryable, or the restart notice.
fn browser_went_away(run: &Run) -> bool {
    let code = run.json["error"]["code"].as_str().unwrap_or_default();
    run.json["ok"] == false
        && (run.json["meta"]["retryable"] == true
            || matches!(
                code,
                "BROWSER_RESTARTED" | "CDP_DISCONNECTED" | "BROWSER_CRASHED"
            ))
}

#[test]
fn the_browser_killed_during_a_navigation_or_a_click_is_reported_and_the_next_command_works() {
    let server = HttpServer::start();
    server.slow_page("/slow", 4000);
    server.page(
        "/busy.html",
        "Busy",
        "<button onclick='const t = Date.now() + 4000; while (Date.now() < t) {}'>Spin</button>",
    );
    let env = TestEnv::new();
    env.ctx("nav", &["page", "open", &server.url("/busy.html")])
        .ok();

    // During a navigation (the server holds the response for 4 s).
    let pid = browser_pid(&env, "nav");
    let navigating = start(
        &env,
        "nav",
        &[
            "page",
            "navigate",
            &server.url("/slow"),
            "--timeout",
            "20000",
        ],
    );
    std::thread::sleep(Duration::from_millis(700));
    kill(pid);
    let (run, _) = finish(navigating);
    assert!(browser_went_away(&run), "{}", run.stdout);
    let next = env.ctx("nav", &["page", "open", &server.url("/busy.html")]);
    next.ok();

    // During a click whose handler keeps the page busy.
    let spin = uid_of(&snapshot(&env, "nav"), "button \"Spin\"");
    let pid = browser_pid(&env, "nav");
    let clicking = start(
        &env,
        "nav",
        &["element", "click", &spin, "--timeout", "20000"],
    );
    std::thread::sleep(Duration::from_millis(700));
    kill(pid);
    let (run, _) = finish(clicking);
    assert!(browser_went_away(&run), "{}", run.stdout);
    env.ctx("nav", &["page", "open", &server.url("/busy.html")])
        .ok();
    assert_eq!(
        env.ctx("nav", &["runtime", "eval", "1 + 1"]).ok()["value"],
        2
    );
}

/// CPU ticks a process has used (user + system, from /proc).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let field = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    field(11) + field(12)
}

/// The browser's renderer processes (from `SystemInfo.getProcessInfo`), the one busiest while
/// the current page of `context` computes first.
fn renderers_by_use(env: &TestEnv, context: &str) -> Vec<u32> {
    let renderers: Vec<u32> = env
        .ctx(
            context,
            &["cdp", "send", "SystemInfo.getProcessInfo", "--browser"],
        )
        .ok()["result"]["processInfo"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["type"] == "renderer")
        .map(|p| p["id"].as_u64().unwrap() as u32)
        .collect();
    let before: Vec<u64> = renderers.iter().map(|pid| cpu_ticks(*pid)).collect();
    env.ctx(
        context,
        &[
            "runtime",
            "eval",
            "const t = Date.now() + 1500; while (Date.now() < t) {} 1",
        ],
    )
    .ok();
    let mut used: Vec<(u32, u64)> = renderers
        .iter()
        .zip(before)
        .map(|(pid, was)| (*pid, cpu_ticks(*pid).saturating_sub(was)))
        .collect();
    used.sort_by_key(|(_, ticks)| std::cmp::Reverse(*ticks));
    used.into_iter().map(|(pid, _)| pid).collect()
}

fn signal(name: &str, pid: u32) {
    let sent = std::process::Command::new("kill")
        .args([name, &pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

#[test]
fn a_stopped_renderer_times_out_within_its_budget_and_the_contexts_other_pages_still_answer() {
    let server = HttpServer::start();
    server.page("/hang.html", "Hang", "<p>hang</p>");
    server.page("/fine.html", "Fine", "<p>fine</p>");
    let env = TestEnv::new();
    env.ctx("hang", &["page", "open", &server.url("/hang.html")])
        .ok();
    // Another site, so another renderer process.
    let fine = env.ctx(
        "hang",
        &["page", "open", &server.other_origin_url("/fine.html")],
    );
    let fine_id = fine.ok()["id"].as_u64().unwrap().to_string();
    env.ctx("hang", &["page", "use", "1"]).ok();
    // Stop the page's renderer: the busiest while it computed, else the next (on a loaded
    // machine the measure can mislead; a stopped renderer is the one whose page stops).
    let mut renderer = None;
    for candidate in renderers_by_use(&env, "hang") {
        signal("-STOP", candidate);
        let stuck = env.ctx("hang", &["page", "text", "--timeout", "3000"]);
        if stuck.json["ok"] == false {
            let error = stuck.err("TIMEOUT", 4);
            assert!(
                stuck.elapsed < Duration::from_secs(15),
                "{:?} {error}",
                stuck.elapsed
            );
            renderer = Some(candidate);
            break;
        }
        signal("-CONT", candidate);
    }
    let renderer = renderer.expect("stopping one of the renderers stops the page");
    // The other page, in its own renderer, answers.
    let other = env.ctx("hang", &["page", "text", "--page", &fine_id]);
    assert!(
        other.ok()["text"].as_str().unwrap().contains("fine"),
        "{}",
        other.stdout
    );
    // And the hung page can be closed.
    env.ctx("hang", &["page", "close", "1", "--timeout", "10000"])
        .ok();
    signal("-CONT", renderer);
    let pages = env.ctx("hang", &["page", "list"]);
    let ids: Vec<_> = pages.ok()["pages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].to_string())
        .collect();
    assert_eq!(ids, vec![fine_id]);
}

#[test]
fn a_deleted_socket_file_is_bound_again_and_the_next_command_reaches_the_same_daemon() {
    let server = HttpServer::start();
    server.page("/kept.html", "Kept", "<p>kept</p>");
    let env = TestEnv::new();
    env.ctx("sock", &["page", "open", &server.url("/kept.html")])
        .ok();
    let daemon = env.daemon_pid();
    std::fs::remove_file(env.home.join("broker/daemon.sock")).unwrap();
    let pages = env.ctx("sock", &["page", "list"]);
    let list = pages.ok()["pages"].clone();
    assert_eq!(list[0]["url"], server.url("/kept.html"), "{}", pages.stdout);
    assert_eq!(
        env.daemon_pid(),
        daemon,
        "the same daemon serves, with its browser"
    );
    assert_eq!(env.daemon_pids().len(), 1);
}

#[test]
fn the_daemon_killed_while_it_writes_state_leaves_every_state_file_readable() {
    let server = HttpServer::start();
    server.page("/s.html", "S", "<p>s</p>");
    let env = TestEnv::new();
    for n in 0..3 {
        env.ctx(&format!("w{n}"), &["page", "open", &server.url("/s.html")])
            .ok();
    }
    for round in 0..4 {
        // Pages open and sessions stop and start (each writes the context's state) while the
        // daemon dies.
        let workers: Vec<Child> = (0..3)
            .map(|n| {
                let args: &[&str] = match (n + round) % 3 {
                    0 => &["session", "stop"],
                    1 => &["session", "start", "--viewport", "800x600"],
                    _ => &["page", "list"],
                };
                start(&env, &format!("w{n}"), args)
            })
            .collect();
        std::thread::sleep(Duration::from_millis(40 * (round + 1)));
        if let Some(pid) = env.daemon_pid() {
            kill(pid);
        }
        // (A worker whose daemon died may have started the next one.)
        for worker in workers {
            let _ = finish(worker);
        }
        env.ctx("w0", &["page", "list"]).ok();
    }
    // Every state file the daemon wrote parses, and the next daemon starts from them.
    assert!(
        state_files_parse(&env.home) > 0,
        "no state file was written"
    );
    env.ctx("w0", &["session", "status"]).ok();
}

/// Checks that every state file under `home` (Chromium's profiles aside) parses and that no
/// temporary file of an atomic write is left; returns how many state files there are.
fn state_files_parse(home: &std::path::Path) -> usize {
    let mut checked = 0;
    let mut pending = vec![home.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            assert!(
                !name.contains(".tmp-"),
                "a temporary file is left: {}",
                path.display()
            );
            if path.is_dir() && !path.ends_with("chrome-profile") {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                let text = std::fs::read_to_string(&path).unwrap();
                assert!(
                    serde_json::from_str::<serde_json::Value>(&text).is_ok(),
                    "{} does not parse: {text:?}",
                    path.display()
                );
                checked += 1;
            }
        }
    }
    checked
}

/// A small tmpfs mounted on a directory, unmounted when dropped.
struct Tmpfs(std::path::PathBuf);

impl Tmpfs {
    /// Mounts one (as root); `None` where this machine does not allow it.
    fn mount(dir: &std::path::Path, size: &str) -> Option<Tmpfs> {
        std::fs::create_dir_all(dir).unwrap();
        let mounted = std::process::Command::new("mount")
            .args([
                "-t",
                "tmpfs",
                "-o",
                &format!("size={size},mode=0700"),
                "tmpfs",
            ])
            .arg(dir)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        mounted.then(|| Tmpfs(dir.to_path_buf()))
    }

    /// Fills it up: a file grows until the disk refuses (ENOSPC).
    fn fill(&self) -> std::path::PathBuf {
        use std::io::Write;
        let path = self.0.join("filler");
        let mut file = std::fs::File::create(&path).unwrap();
        let chunk = vec![0u8; 64 * 1024];
        let refused = loop {
            if let Err(error) = file.write_all(&chunk).and_then(|()| file.flush()) {
                break error;
            }
        };
        assert_eq!(refused.raw_os_error(), Some(28), "not ENOSPC: {refused}");
        path
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(&self.0)
            .status();
    }
}

#[test]
fn a_full_disk_under_cdt_home_is_a_clear_io_error_that_loses_nothing() {
    let server = HttpServer::start();
    server.page("/disk.html", "Disk", "<p>disk</p>");
    let env = TestEnv::new();
    let Some(disk) = Tmpfs::mount(&env.home, "32m") else {
        eprintln!("skipped: this machine does not allow mounting a tmpfs (needs root)");
        return;
    };
    env.ctx("before", &["page", "open", &server.url("/disk.html")])
        .ok();
    let filler = disk.fill();

    // A browser that cannot be recorded is not started: an IO error (exit 6) that says what
    // to do, and no Chromium left running for that context.
    let browsers = env.browser_pids().len();
    let refused = env.ctx("after", &["page", "open", &server.url("/disk.html")]);
    let error = refused.err("IO_ERROR", 6);
    assert!(
        error["suggestions"][0]
            .as_str()
            .is_some_and(|s| s.contains("disk space")),
        "{error}"
    );
    assert!(
        cdt_e2e::eventually(Duration::from_secs(10), || env.browser_pids().len()
            == browsers),
        "the refused context's browser is still running"
    );
    // A file the context writes on the full disk fails alone; the daemon and the running
    // context go on.
    let shot = env.ctx("before", &["capture", "screenshot"]);
    shot.err("IO_ERROR", 6);
    assert!(
        env.ctx("before", &["page", "list"]).ok()["pages"][0]["url"]
            .as_str()
            .is_some_and(|u| u.ends_with("/disk.html"))
    );
    assert!(state_files_parse(&env.home) > 0);

    // Space again: the refused context starts, nothing lost.
    std::fs::remove_file(filler).unwrap();
    env.ctx("after", &["page", "open", &server.url("/disk.html")])
        .ok();
    env.ctx("before", &["capture", "screenshot"]).ok();
    assert!(state_files_parse(&env.home) > 0);
    env.run(&["daemon", "stop"]).ok();
}

#[test]
fn a_script_that_never_returns_is_terminated_at_its_budget_and_the_page_stays_usable() {
    let server = HttpServer::start();
    server.page("/loop.html", "Loop", "<p>loop</p>");
    let env = TestEnv::new();
    env.ctx("loop", &["page", "open", &server.url("/loop.html")])
        .ok();
    let spun = env.ctx(
        "loop",
        &["runtime", "eval", "while (true) {}", "--timeout", "2000"],
    );
    let error = spun.err("TIMEOUT", 4);
    assert_eq!(error["details"]["terminated"], true, "{error}");
    assert_eq!(
        env.ctx("loop", &["runtime", "eval", "1 + 1"]).ok()["value"],
        2
    );
    assert!(snapshot(&env, "loop").contains("text \"loop\""));
}
