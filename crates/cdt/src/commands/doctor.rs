//! `cdt doctor`: checks the setup a person meets first — the state directory and its
//! permissions, the socket path, the running daemon's build, and Chromium (found, its version,
//! one real launch) — and names a fix for each problem.
//!
//! Chromium is found and launched by the daemon, exactly as for every command (so the check
//! sees the daemon's discovery rule and environment); the doctor uses a context of its own
//! (its own process), stops that browser again and never touches the caller's browser.

use std::time::{Duration, Instant};

use cdt_client::{daemon as client, request_id};
use cdt_domain::ops::{NoParams, Operation, SessionStartParams};
use cdt_domain::{CallerContext, CdtError, ErrorCode, env};
use cdt_store::private_dir::check_private_dir;
use cdt_store::{ProcStat, StatePaths};
use serde_json::{Value, json};

use crate::args::GlobalArgs;

/// The launch may start the daemon and Chromium from cold.
const LAUNCH_BUDGET_MS: u64 = 30_000;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Status {
    Ok,
    Warn,
    Skip,
    Fail,
}

struct Check {
    name: &'static str,
    status: Status,
    detail: String,
    /// What to do about it, most likely first.
    fixes: Vec<String>,
    /// The error code a failure stands for.
    code: ErrorCode,
}

impl Check {
    fn ok(name: &'static str, detail: impl Into<String>) -> Check {
        Check {
            name,
            status: Status::Ok,
            detail: detail.into(),
            fixes: Vec::new(),
            code: ErrorCode::InternalError,
        }
    }

    fn failed(name: &'static str, error: &CdtError) -> Check {
        Check {
            name,
            status: Status::Fail,
            detail: error.message.clone(),
            fixes: error.suggestions.iter().map(ToString::to_string).collect(),
            code: error.code,
        }
    }

    fn with(mut self, status: Status, fix: impl Into<String>) -> Check {
        self.status = status;
        self.fixes = vec![fix.into()];
        self
    }

    fn json(&self) -> Value {
        let status = match self.status {
            Status::Ok => "ok",
            Status::Warn => "warn",
            Status::Skip => "skip",
            Status::Fail => "fail",
        };
        let mut out = json!({ "name": self.name, "status": status, "detail": self.detail });
        if !self.fixes.is_empty() {
            out["fixes"] = json!(self.fixes);
        }
        out
    }
}

/// Runs every check; fails with the first failed check's code, all checks in `details`.
pub fn run(global: &GlobalArgs, paths: &StatePaths) -> Result<Value, CdtError> {
    let mut checks = vec![Check::ok(
        "cdt",
        format!(
            "version {} (protocol {})",
            cdt_domain::CDT_VERSION,
            cdt_domain::PROTOCOL_VERSION
        ),
    )];
    checks.push(home(paths));
    checks.push(socket(paths));
    let daemon = daemon(paths);
    let other_build = daemon.status == Status::Warn;
    checks.push(daemon);
    checks.push(
        if checks.iter().any(|c| c.status == Status::Fail) || other_build {
            Check::ok("chromium", "not launched: fix the checks above first").with(
                Status::Skip,
                "Fix the failing check above, then run: cdt doctor",
            )
        } else {
            chromium(global, paths)
        },
    );
    let all: Vec<Value> = checks.iter().map(Check::json).collect();
    let failed: Vec<&Check> = checks.iter().filter(|c| c.status == Status::Fail).collect();
    let Some(first) = failed.first() else {
        return Ok(json!({ "healthy": true, "checks": all }));
    };
    let summary: Vec<String> = failed
        .iter()
        .map(|c| format!("{}: {}", c.name, c.detail))
        .collect();
    let mut error = CdtError::new(
        first.code,
        format!(
            "{} of {} checks failed — {}",
            failed.len(),
            checks.len(),
            summary.join("; ")
        ),
    )
    .with_details(json!({ "healthy": false, "checks": all }));
    for fix in failed.iter().flat_map(|check| &check.fixes) {
        error = error.hinted(fix.clone());
    }
    Err(error.hinted("Run again after fixing: cdt doctor --output text"))
}

/// `$CDT_HOME` (or `~/.cdt`) and its broker directory: ours, 0700, not a symlink.
fn home(paths: &StatePaths) -> Check {
    let root = paths.root();
    let source = if std::env::var_os(env::CDT_HOME).is_some_and(|v| !v.is_empty()) {
        "CDT_HOME"
    } else {
        "default"
    };
    if std::fs::symlink_metadata(root).is_err() {
        return Check::ok(
            "home",
            format!(
                "{} ({source}) does not exist yet; it is created 0700 on first use",
                root.display()
            ),
        );
    }
    for dir in [root.to_path_buf(), paths.broker_dir()] {
        if std::fs::symlink_metadata(&dir).is_err() {
            continue;
        }
        if let Err(error) = check_private_dir(&dir) {
            return Check::failed("home", &error);
        }
    }
    Check::ok(
        "home",
        format!("{} ({source}) is private (0700, yours)", root.display()),
    )
}

/// The socket path fits the kernel's limit, and whatever sits there is a socket.
fn socket(paths: &StatePaths) -> Check {
    let path = match paths.check_socket_path() {
        Ok(path) => path,
        Err(error) => return Check::failed("socket", &error),
    };
    match std::fs::symlink_metadata(&path) {
        Err(_) => Check::ok(
            "socket",
            format!("{} (not there yet: no daemon)", path.display()),
        ),
        Ok(metadata) => {
            use std::os::unix::fs::FileTypeExt;
            if metadata.file_type().is_socket() {
                Check::ok("socket", path.display().to_string())
            } else {
                Check::failed(
                    "socket",
                    &CdtError::new(
                        ErrorCode::SecurityBlocked,
                        format!("{} is not a socket", path.display()),
                    )
                    .hinted(format!("Remove it: rm {}", path.display())),
                )
            }
        }
    }
}

/// Whether a daemon runs, and whether it is this build.
fn daemon(paths: &StatePaths) -> Check {
    match client::connect_existing(paths, Instant::now() + Duration::from_secs(3)) {
        Ok(Some(connection)) => Check::ok(
            "daemon",
            format!(
                "running, pid {}, version {}, this build",
                connection.daemon.pid, connection.daemon.hello.version
            ),
        ),
        Ok(None) => Check::ok("daemon", "not running; the first command starts it"),
        Err(error) if error.code == ErrorCode::ProtocolError => Check::failed("daemon", &error)
            .with(
                Status::Warn,
                "Run: cdt daemon stop (it stops its browsers too); the next command starts this build",
            ),
        Err(error) => Check::failed("daemon", &error),
    }
}

/// A caller that is the doctor's own process: a context nobody else uses, so the launch never
/// touches the caller's browser, and its profile is thrown away.
fn own_context() -> CallerContext {
    CallerContext {
        context_override: None,
        context_id: None,
        share_group: None,
        share_group_env: None,
        process: ProcStat::read(std::process::id()).map(|stat| stat.fingerprint()),
        process_error: None,
        client_pid: std::process::id(),
        // A Chromium of its own: the check launches one and closes it.
        browser_mode: Some("dedicated".to_string()),
    }
}

/// Chromium found and launched once by the daemon, then closed.
fn chromium(global: &GlobalArgs, paths: &StatePaths) -> Check {
    let started = Instant::now();
    let start = cdt_client::send(
        paths,
        Operation::SessionStart(SessionStartParams::default()),
        own_context(),
        global.timeout.unwrap_or(LAUNCH_BUDGET_MS),
        &request_id(),
    )
    .and_then(|reply| reply.into_result().map_err(|(error, _)| error));
    let data = match start {
        Ok((data, _)) => data,
        Err(error) => return no_chromium(&error),
    };
    let launch_ms = started.elapsed().as_millis();
    let stop = cdt_client::send(
        paths,
        Operation::SessionStop(NoParams {}),
        own_context(),
        10_000,
        &request_id(),
    );
    let browser = &data["session"]["browser"];
    let executable = browser["executable"].as_str().unwrap_or("?");
    let product = browser["product"].as_str().unwrap_or("unknown version");
    let detail = format!("{executable} ({product}) launched and answered in {launch_ms} ms");
    if let Err(error) = stop {
        return Check::ok("chromium", detail).with(
            Status::Warn,
            format!(
                "It was not closed ({}); run: cdt session list",
                error.message
            ),
        );
    }
    let check = Check::ok("chromium", format!("{detail}, closed again"));
    // The daemon finds Chromium with its own environment; a daemon started earlier does not
    // see a CDT_CHROME_PATH set since.
    match std::env::var(env::CDT_CHROME_PATH) {
        Ok(wanted) if !wanted.is_empty() && wanted != executable => check.with(
            Status::Warn,
            format!(
                "{}={wanted} is set here, but the running daemon launches {executable}: run cdt daemon stop, and the next command starts a daemon with this environment",
                env::CDT_CHROME_PATH
            ),
        ),
        _ => check,
    }
}

fn no_chromium(error: &CdtError) -> Check {
    let mut check = Check::failed("chromium", error);
    if error.code == ErrorCode::BrowserLaunchFailed {
        check.fixes = vec![
            "Install Chromium: apt-get install -y chromium (Debian, Ubuntu); dnf install chromium (Fedora); brew install --cask chromium (macOS)".to_string(),
            format!("Or set {}=/path/to/chrome to an installed Chrome or Chromium", env::CDT_CHROME_PATH),
        ];
        if let Ok(path) = std::env::var(env::CDT_CHROME_PATH)
            && !path.is_empty()
        {
            check.fixes.insert(
                0,
                format!(
                    "{}={path} is set: correct or unset it",
                    env::CDT_CHROME_PATH
                ),
            );
        }
    }
    check
}
