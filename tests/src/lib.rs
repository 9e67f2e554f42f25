//! Test support for cdt's end-to-end tests: a [`TestEnv`] per test (own `CDT_HOME`, own daemon,
//! own browsers, all torn down on drop, even on failure) and a local [`HttpServer`] on
//! 127.0.0.1 serving fixed pages.

#![allow(clippy::unwrap_used, clippy::print_stderr)]

mod http;
pub mod pty;

pub use http::HttpServer;

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// `target/debug` (or whichever profile built this test).
pub fn bin_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap();
    let dir = if deps.ends_with("deps") {
        deps.parent().unwrap()
    } else {
        deps
    };
    dir.to_path_buf()
}

pub fn cdt_bin() -> PathBuf {
    let path = bin_dir().join("cdt");
    assert!(
        path.is_file(),
        "{} is missing: run `cargo build --workspace --bins` first",
        path.display()
    );
    path
}

pub fn daemon_bin() -> PathBuf {
    let path = bin_dir().join("cdt-daemon");
    assert!(
        path.is_file(),
        "{} is missing: run `cargo build --workspace --bins` first",
        path.display()
    );
    path
}

/// One cdt invocation's result.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub json: Value,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
}

impl Run {
    pub fn from_output(output: &Output, elapsed: Duration) -> Run {
        let stdout = String::from_utf8_lossy(&output.stdout).to_string();
        let json = serde_json::from_str(stdout.trim()).unwrap_or(Value::Null);
        Run {
            code: output.status.code().unwrap_or(-1),
            json,
            stdout,
            stderr: String::from_utf8_lossy(&output.stderr).to_string(),
            elapsed,
        }
    }

    /// Asserts success and returns `data`.
    pub fn ok(&self) -> &Value {
        assert_eq!(
            (self.code, &self.json["ok"]),
            (0, &Value::Bool(true)),
            "expected success, got {self:#?}"
        );
        &self.json["data"]
    }

    /// Asserts a failure with `code` and exit code, and that a suggestion is present.
    pub fn err(&self, code: &str, exit: i32) -> &Value {
        assert_eq!(
            self.json["ok"],
            Value::Bool(false),
            "expected failure, got {self:#?}"
        );
        assert_eq!(
            self.json["error"]["code"], code,
            "wrong error code: {self:#?}"
        );
        assert_eq!(self.code, exit, "wrong exit code: {self:#?}");
        let suggestions = self.json["error"]["suggestions"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        assert!(!suggestions.is_empty(), "no suggestion: {self:#?}");
        &self.json["error"]
    }
}

/// A private cdt world: its own `CDT_HOME`, daemon and browsers.
pub struct TestEnv {
    pub home: PathBuf,
    pub envs: Vec<(String, String)>,
}

impl Default for TestEnv {
    fn default() -> Self {
        Self::new()
    }
}

impl TestEnv {
    /// Kills the context's Chromium by the pid `session status` reports and waits until it is
    /// gone for good (so the daemon's next look sees it dead); returns the pid.
    pub fn kill_browser(&self, context: &str) -> u32 {
        let status = self.ctx(context, &["session", "status"]);
        let pid = status.ok()["session"]["browser"]["pid"].as_u64().unwrap() as u32;
        kill(pid);
        assert!(eventually(Duration::from_secs(10), || !self
            .browser_pids()
            .contains(&pid)
            && reapable(pid)));
        pid
    }

    pub fn new() -> TestEnv {
        // Short path: the socket path must stay under 108 bytes.
        let home = PathBuf::from(format!(
            "/tmp/cdt-t{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&home);
        TestEnv {
            home,
            envs: vec![("CDT_DAEMON_PATH".into(), daemon_bin().display().to_string())],
        }
    }

    /// Adds an environment variable for every later invocation (and the daemon they start).
    pub fn with_env(mut self, key: &str, value: &str) -> TestEnv {
        self.envs.push((key.into(), value.into()));
        self
    }

    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(cdt_bin());
        command
            .args(args)
            .env("CDT_HOME", &self.home)
            .env("COLUMNS", "100")
            .env_remove("CDT_CONTEXT_ID")
            .env_remove("CDT_SHARE_GROUP");
        for (key, value) in &self.envs {
            command.env(key, value);
        }
        command
    }

    pub fn run(&self, args: &[&str]) -> Run {
        self.run_with(args, &[])
    }

    /// Runs `cdt args…` with extra environment variables.
    pub fn run_with(&self, args: &[&str], envs: &[(&str, &str)]) -> Run {
        let mut command = self.command(args);
        for (key, value) in envs {
            command.env(key, value);
        }
        let started = Instant::now();
        let output = command.output().unwrap();
        Run::from_output(&output, started.elapsed())
    }

    /// `CDT_CONTEXT_ID=<context> cdt args…`
    pub fn ctx(&self, context: &str, args: &[&str]) -> Run {
        self.run_with(args, &[("CDT_CONTEXT_ID", context)])
    }

    pub fn daemon_pid(&self) -> Option<u32> {
        std::fs::read_to_string(self.home.join("broker/daemon.pid"))
            .ok()?
            .trim()
            .parse()
            .ok()
    }

    /// Live (non-zombie) browser processes whose profile lives under this env's home.
    pub fn browser_pids(&self) -> Vec<u32> {
        let prefix = format!("--user-data-dir={}/", self.home.display());
        processes_where(|arg| arg.starts_with(&prefix))
    }

    /// The browser processes themselves among [`TestEnv::browser_pids`] (not their renderers
    /// and helpers, which Chromium starts and ends as it likes).
    pub fn browser_main_pids(&self) -> Vec<u32> {
        let helpers = processes_where(|arg| arg.starts_with("--type="));
        self.browser_pids()
            .into_iter()
            .filter(|pid| !helpers.contains(pid))
            .collect()
    }

    /// Live cdt-daemon processes serving this env's home (its `--home` argument, exactly).
    pub fn daemon_pids(&self) -> Vec<u32> {
        let home = self.home.display().to_string();
        processes_where(|arg| arg == home)
            .into_iter()
            .filter(|pid| comm(*pid).as_deref() == Some("cdt-daemon"))
            .collect()
    }
}

impl Drop for TestEnv {
    fn drop(&mut self) {
        let _ = self
            .command(&["daemon", "stop", "--timeout", "10000"])
            .output();
        for pid in self.daemon_pids().into_iter().chain(self.browser_pids()) {
            kill(pid);
        }
        let _ = std::fs::remove_dir_all(&self.home);
        // Files and folders a test keeps beside the home (`home.with_extension(..)`) go with it.
        let (Some(parent), Some(name)) = (self.home.parent(), self.home.file_name()) else {
            return;
        };
        let beside = format!("{}.", name.to_string_lossy());
        for entry in std::fs::read_dir(parent).into_iter().flatten().flatten() {
            if entry.file_name().to_string_lossy().starts_with(&beside) {
                let path = entry.path();
                let _ = std::fs::remove_dir_all(&path).or_else(|_| std::fs::remove_file(&path));
            }
        }
    }
}

pub fn comm(pid: u32) -> Option<String> {
    Some(
        std::fs::read_to_string(format!("/proc/{pid}/comm"))
            .ok()?
            .trim()
            .to_string(),
    )
}

fn is_zombie(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            stat.rsplit_once(')')
                .map(|(_, rest)| rest.trim_start().starts_with(['Z', 'X']))
        })
        .unwrap_or(true)
}

/// Pids of running processes with an argument containing `needle`.
pub fn processes_with_arg(needle: &str) -> Vec<u32> {
    processes_where(|arg| arg.contains(needle))
}

/// Pids of running (non-zombie) processes with an argument that satisfies `matches`. Match
/// whole arguments where it matters: `/tmp/cdt-t1-1` is a prefix of `/tmp/cdt-t1-12`.
pub fn processes_where(matches: impl Fn(&str) -> bool) -> Vec<u32> {
    let mut pids: Vec<u32> = std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline"))
                .map(|cmdline| {
                    cmdline
                        .split(|b| *b == 0)
                        .any(|arg| matches(&String::from_utf8_lossy(arg)))
                })
                .unwrap_or(false)
        })
        .filter(|pid| !is_zombie(*pid))
        .collect();
    pids.sort_unstable();
    pids
}

#[allow(unsafe_code)]
pub fn kill(pid: u32) {
    // SAFETY: kill(2) takes plain integers.
    unsafe {
        libc::kill(pid as i32, libc::SIGKILL);
    }
}

/// Polls `condition` until it holds or `limit` passes.
pub fn eventually(limit: Duration, mut condition: impl FnMut() -> bool) -> bool {
    let until = Instant::now() + limit;
    loop {
        if condition() {
            return true;
        }
        if Instant::now() >= until {
            return false;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A free TCP port on 127.0.0.1.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Path of Chromium for tests that launch one themselves.
pub fn chromium() -> PathBuf {
    [
        "/usr/lib/chromium/chromium",
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
        "/usr/bin/google-chrome",
    ]
    .iter()
    .map(PathBuf::from)
    .find(|p| p.is_file())
    .expect("Chromium is not installed: apt-get install -y chromium")
}

/// A Chromium the test starts itself (not cdt), listening on a loopback debugging port, for
/// attach tests; killed and its profile removed when dropped.
pub struct ExternalBrowser {
    pub child: std::process::Child,
    pub port: u16,
    profile: PathBuf,
}

impl ExternalBrowser {
    /// Starts it with a profile next to `env`'s home and waits until its port answers.
    pub fn start(env: &TestEnv) -> ExternalBrowser {
        ExternalBrowser::start_at(env, "about:blank")
    }

    /// As [`ExternalBrowser::start`], with `url` open in its first tab.
    pub fn start_at(env: &TestEnv, url: &str) -> ExternalBrowser {
        let port = free_port();
        let profile = env.home.with_extension("external-profile");
        let child = std::process::Command::new(chromium())
            .args([
                "--headless=new",
                "--disable-gpu",
                "--no-sandbox",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                &format!("--remote-debugging-port={port}"),
                &format!("--user-data-dir={}", profile.display()),
                url,
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        assert!(eventually(Duration::from_secs(15), || {
            std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
        }));
        ExternalBrowser {
            child,
            port,
            profile,
        }
    }
}

impl Drop for ExternalBrowser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

pub fn exists(path: &Path) -> bool {
    path.exists()
}

/// The uid on the snapshot line that contains `needle` (the line's first word).
pub fn uid_of(snapshot: &str, needle: &str) -> String {
    let line = snapshot
        .lines()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?} in:\n{snapshot}"));
    line.split_whitespace().next().unwrap().to_string()
}

/// A page (`title`, `body`) served at `/page.html` and opened in `context` of a new
/// [`TestEnv`], with its first snapshot (the server lives as long as what is returned).
pub fn opened(title: &str, body: &str, context: &str) -> (HttpServer, TestEnv, String) {
    let server = HttpServer::start();
    server.page("/page.html", title, body);
    let env = TestEnv::new();
    env.ctx(context, &["page", "open", &server.url("/page.html")])
        .ok();
    let snap = snapshot(&env, context);
    (server, env, snap)
}

/// What `expression` evaluates to in the current page of `context` (`cdt runtime eval`).
pub fn evaluated(env: &TestEnv, context: &str, expression: &str) -> serde_json::Value {
    env.ctx(context, &["runtime", "eval", expression]).ok()["value"].clone()
}

/// The text of `cdt capture snapshot` in `context`.
pub fn snapshot(env: &TestEnv, context: &str) -> String {
    snapshot_with(env, &[("CDT_CONTEXT_ID", context)])
}

/// The words of the current page's text nodes in Chromium's own accessibility tree (its
/// `StaticText` names, ignored nodes left out), asked through `cdt cdp send` in `context`.
pub fn chromium_texts(env: &TestEnv, context: &str) -> Vec<String> {
    let tree = env.ctx(context, &["cdp", "send", "Accessibility.getFullAXTree"]);
    tree.ok()["result"]["nodes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|node| node["ignored"] != true && node["role"]["value"] == "StaticText")
        .filter_map(|node| node["name"]["value"].as_str().map(str::to_string))
        .collect()
}

/// The text of `cdt capture snapshot` with `envs` set.
pub fn snapshot_with(env: &TestEnv, envs: &[(&str, &str)]) -> String {
    env.run_with(&["capture", "snapshot"], envs).ok()["snapshot"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Whether `pid` has finished exiting, so its parent can reap it: gone, or a zombie whose
/// other threads are gone too (the leader shows `Z` while a many-threaded process is still
/// tearing down, and `waitpid` reports it only after that; its command line empties earlier).
fn reapable(pid: u32) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return true;
    };
    let zombie = stat
        .rsplit_once(')')
        .is_some_and(|(_, rest)| rest.trim_start().starts_with(['Z', 'X']));
    let threads = std::fs::read_dir(format!("/proc/{pid}/task")).map_or(0, Iterator::count);
    zombie && threads <= 1
}

/// The pages' helper that draws a custom element's shadow tree once, as it is connected:
/// `drawn(el, html)` answers the new root, or null where the element has one. JavaScript for a
/// page's script, put in with `concat!`.
#[macro_export]
macro_rules! drawn_js {
    () => {
        "// (Each element draws its shadow tree once, as it is connected.)
const drawn = (el, html) => {
  if (el.shadowRoot) return null;
  const root = el.attachShadow({ mode: 'open' });
  root.innerHTML = html;
  return root;
};
"
    };
}
