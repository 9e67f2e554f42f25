//! Reaching the daemon: connect and handshake; if none answers, start one (under the startup
//! lock, so ten concurrent first calls start exactly one) and wait until it answers.
//!
//! Two builds of cdt may share one state directory (an installed one and a fresh one, each
//! used by agents). This module must never stop a running daemon on its own: a daemon of
//! another build that speaks our protocol keeps serving (the reply notes it), and one of
//! another protocol is reported with the exact command that restarts it. Only `cdt daemon stop`
//! stops a daemon.

use std::fs::OpenOptions;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use cdt_domain::ops::op;
use cdt_domain::{CdtError, ErrorCode, Warning, WarningCode, env};
use cdt_ipc::protocol::{Hello, build_id};
use cdt_ipc::{Connection, HandshakeOutcome};
use cdt_store::{LockFile, StatePaths, ensure_private_dir};

fn unavailable(message: impl Into<String>, paths: &StatePaths) -> CdtError {
    CdtError::new(ErrorCode::DaemonUnavailable, message)
        .with_details(serde_json::json!({ "log": paths.daemon_log() }))
        .hinted("Run: cdt daemon logs")
        .hinted(format!(
            "Check the daemon binary: set {}=/path/to/cdt-daemon",
            env::CDT_DAEMON_PATH
        ))
}

/// A daemon that did not complete its handshake: past the caller's deadline that is the
/// budget running out on a busy machine (`TIMEOUT`, retryable), else a daemon that does not
/// answer.
fn no_answer(error: &std::io::Error, paths: &StatePaths, deadline: Instant) -> CdtError {
    let timed_out = matches!(
        error.kind(),
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
    );
    if timed_out && Instant::now() + std::time::Duration::from_millis(50) >= deadline {
        return CdtError::new(
            ErrorCode::Timeout,
            "the daemon did not answer within the budget (the machine may be busy)",
        )
        .hinted("Retry with a larger budget: --timeout 30000")
        .hinted("Run: cdt daemon logs");
    }
    unavailable(format!("the daemon does not answer: {error}"), paths)
}

/// A daemon that answers, or why there is none.
enum Probe {
    Ready(Connection),
    /// A daemon answers but speaks another protocol.
    Incompatible {
        pid: u32,
        version: String,
        protocol: u32,
    },
    Absent,
    /// The daemon refused this client (e.g. it runs as another user).
    Refused(CdtError),
}

fn probe(socket: &Path, deadline: Instant) -> Result<Probe, std::io::Error> {
    // A daemon that is dying (killed, or stopping) may accept a connection and drop it before
    // the handshake: that is a daemon going away, not one that answers. Look twice more, then
    // treat it as absent (a new daemon is started under the startup lock).
    let mut attempts = 0;
    loop {
        match probe_once(socket, deadline) {
            Err(error) if is_dropped(&error) && attempts < 2 && Instant::now() < deadline => {
                attempts += 1;
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(error) if is_dropped(&error) => return Ok(Probe::Absent),
            other => return other,
        }
    }
}

/// The connection was taken and then dropped by the other side.
fn is_dropped(error: &std::io::Error) -> bool {
    matches!(
        error.kind(),
        std::io::ErrorKind::ConnectionReset
            | std::io::ErrorKind::BrokenPipe
            | std::io::ErrorKind::UnexpectedEof
            | std::io::ErrorKind::ConnectionAborted
    )
}

fn probe_once(socket: &Path, deadline: Instant) -> Result<Probe, std::io::Error> {
    match Connection::open(socket, deadline) {
        Ok(HandshakeOutcome::Ready(connection)) => Ok(Probe::Ready(connection)),
        Ok(HandshakeOutcome::Mismatch(hello)) => Ok(Probe::Incompatible {
            pid: hello.pid,
            version: hello.hello.version,
            protocol: hello.hello.protocol,
        }),
        Ok(HandshakeOutcome::Refused(error)) => Ok(Probe::Refused(error)),
        Err(error)
            if matches!(
                error.kind(),
                std::io::ErrorKind::NotFound | std::io::ErrorKind::ConnectionRefused
            ) =>
        {
            Ok(Probe::Absent)
        }
        Err(error) => Err(error),
    }
}

/// The command that stops the running daemon, naming this state directory when it is not the
/// default one.
fn stop_command() -> String {
    match std::env::var(env::CDT_HOME).ok().filter(|v| !v.is_empty()) {
        Some(home) => format!("CDT_HOME={home} cdt daemon stop"),
        None => "cdt daemon stop".to_string(),
    }
}

/// A daemon of another protocol is never stopped behind its users' backs: it may run other
/// agents' browsers. The caller gets the exact command that restarts it.
fn incompatible(paths: &StatePaths, pid: u32, version: &str, protocol: u32) -> CdtError {
    CdtError::new(
        ErrorCode::DaemonUnavailable,
        format!(
            "the running daemon (pid {pid}, cdt {version}) speaks protocol {protocol}, this cdt {} speaks protocol {}; it is left running because it may serve other agents' browsers",
            cdt_domain::CDT_VERSION,
            cdt_domain::PROTOCOL_VERSION
        ),
    )
    .with_details(serde_json::json!({
        "pid": pid, "version": version, "protocol": protocol,
        "clientVersion": cdt_domain::CDT_VERSION, "clientProtocol": cdt_domain::PROTOCOL_VERSION,
        "incompatible": true, "home": paths.root(),
    }))
    .hinted(format!(
        "Run: {} (stops daemon pid {pid} and every browser it runs), then retry this command",
        stop_command()
    ))
    .hinted("Or use the cdt that matches the running daemon")
}

/// A daemon of another protocol is asked to retire if it runs no browser (it decides under its
/// own locks, so no page is lost); then this build's daemon can start. Otherwise it is left
/// running and reported, as [`incompatible`] says.
fn replace_idle(
    paths: &StatePaths,
    socket: &Path,
    deadline: Instant,
    (pid, version, protocol): (u32, String, u32),
) -> Result<Warning, CdtError> {
    match Connection::open_with(socket, &Hello::replacing(), deadline) {
        Ok(HandshakeOutcome::Mismatch(reply)) if reply.retiring => {
            if !wait_for_exit(paths, deadline) {
                return Err(unavailable(
                    format!("daemon pid {pid} agreed to retire but did not exit in time"),
                    paths,
                ));
            }
            Ok(Warning::new(
                WarningCode::DaemonReplaced,
                format!(
                    "replaced the daemon pid {pid} (cdt {version}, protocol {protocol}), which ran no browser, with this build's (protocol {})",
                    cdt_domain::PROTOCOL_VERSION
                ),
            ))
        }
        _ => Err(incompatible(paths, pid, &version, protocol)),
    }
}

/// A note for the reply when the daemon that answered is another build of the same protocol.
pub fn other_build_warning(connection: &Connection) -> Option<Warning> {
    let daemon = &connection.daemon;
    let expected = build_id(&daemon_executable());
    let other_version = daemon.hello.version != cdt_domain::CDT_VERSION;
    let other_build = !expected.is_empty() && !daemon.build.is_empty() && daemon.build != expected;
    (other_version || other_build).then(|| {
        Warning::new(
            WarningCode::DaemonOtherBuild,
            format!(
                "served by daemon pid {} of another cdt build ({}), which speaks the same protocol; to use this build's daemon run: {} (stops its browsers)",
                daemon.pid,
                daemon.hello.version,
                stop_command()
            ),
        )
    })
}

/// Connects to a compatible daemon if one runs; never starts one.
pub fn connect_existing(
    paths: &StatePaths,
    deadline: Instant,
) -> Result<Option<Connection>, CdtError> {
    let socket = paths.check_socket_path()?;
    match probe(&socket, deadline) {
        Ok(Probe::Ready(connection)) => Ok(Some(connection)),
        Ok(Probe::Absent) => Ok(None),
        Ok(Probe::Refused(error)) => Err(error),
        Ok(Probe::Incompatible {
            pid,
            version,
            protocol,
        }) => Err(incompatible(paths, pid, &version, protocol)),
        Err(error) => Err(no_answer(&error, paths, deadline)),
    }
}

/// What a daemon that answered the probe means for the caller: a connection, or why not.
fn settled(paths: &StatePaths, answer: Probe) -> Result<Connection, CdtError> {
    match answer {
        Probe::Ready(connection) => Ok(connection),
        Probe::Incompatible {
            pid,
            version,
            protocol,
        } => Err(incompatible(paths, pid, &version, protocol)),
        Probe::Refused(error) => Err(error),
        Probe::Absent => Err(unavailable("no daemon answers", paths)),
    }
}

/// Connects to a compatible daemon, starting one if none runs, before `deadline`. A running
/// daemon of another build that speaks our protocol is used as it is; one of another protocol
/// is replaced when it runs no browser (the warning says so), else left alone and reported
/// (`DAEMON_UNAVAILABLE` with the command that restarts it).
pub fn connect(
    paths: &StatePaths,
    deadline: Instant,
) -> Result<(Connection, Option<Warning>), CdtError> {
    ensure_private_dir(paths.root())?;
    ensure_private_dir(&paths.broker_dir())?;
    let socket = paths.check_socket_path()?;
    let mut replaced = None;
    match probe(&socket, deadline) {
        Ok(Probe::Absent) => {}
        Ok(Probe::Incompatible {
            pid,
            version,
            protocol,
        }) => {
            replaced = Some(replace_idle(
                paths,
                &socket,
                deadline,
                (pid, version, protocol),
            )?)
        }
        Err(error) => return Err(no_answer(&error, paths, deadline)),
        Ok(answer) => return settled(paths, answer).map(|connection| (connection, None)),
    }

    let startup = LockFile::acquire_until(&paths.startup_lock(), deadline)
        .map_err(|error| unavailable(format!("cannot take the startup lock: {error}"), paths))?
        .ok_or_else(|| {
            CdtError::timeout("waiting for another cdt to start the daemon", 0)
                .run::<op::DaemonStatus>("")
        })?;
    // Someone else may have started it while we waited for the lock.
    match probe(&socket, deadline) {
        Ok(Probe::Absent) | Err(_) => {}
        Ok(answer) => return settled(paths, answer).map(|connection| (connection, replaced)),
    }
    let mut child = spawn_daemon(paths)?;
    let mut pause = Duration::from_millis(2);
    loop {
        match probe(&socket, deadline) {
            Ok(Probe::Ready(connection)) => {
                drop(startup);
                return Ok((connection, replaced));
            }
            Ok(Probe::Incompatible { version, .. }) => {
                return Err(unavailable(
                    format!(
                        "the daemon that started is version {version}, not {}",
                        cdt_domain::CDT_VERSION
                    ),
                    paths,
                ));
            }
            _ => {}
        }
        match child.try_wait() {
            // A clean exit: another daemon holds the lock (its socket file was deleted under
            // it, and it binds it again within half a second): keep waiting for its socket.
            Ok(Some(status)) if status.success() => {}
            Ok(Some(status)) => {
                return Err(unavailable(
                    format!("cdt-daemon exited during start-up ({status})"),
                    paths,
                ));
            }
            _ => {}
        }
        let now = Instant::now();
        if now >= deadline {
            return Err(CdtError::new(
                ErrorCode::Timeout,
                "the daemon did not answer within the budget while starting",
            )
            .hinted("Retry with a larger budget: --timeout 30000")
            .hinted("Run: cdt daemon logs"));
        }
        std::thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(Duration::from_millis(20));
    }
}

fn daemon_executable() -> PathBuf {
    if let Some(path) = std::env::var_os(env::CDT_DAEMON_PATH).filter(|v| !v.is_empty()) {
        return PathBuf::from(path);
    }
    let sibling = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join("cdt-daemon")));
    sibling
        .filter(|path| path.is_file())
        .unwrap_or_else(|| PathBuf::from("cdt-daemon"))
}

fn spawn_daemon(paths: &StatePaths) -> Result<std::process::Child, CdtError> {
    let log = OpenOptions::new()
        .create(true)
        .append(true)
        .open(paths.daemon_log())
        .map_err(|error| {
            unavailable(
                format!("cannot open {}: {error}", paths.daemon_log().display()),
                paths,
            )
        })?;
    let log_err = log
        .try_clone()
        .map_err(|error| unavailable(error.to_string(), paths))?;
    let executable = daemon_executable();
    let mut command = Command::new(&executable);
    command
        .arg("--home")
        .arg(paths.root())
        .stdin(Stdio::null())
        .stdout(log)
        .stderr(log_err);
    detach(&mut command);
    command.spawn().map_err(|error| {
        unavailable(
            format!("cannot start {}: {error}", executable.display()),
            paths,
        )
    })
}

/// The daemon outlives this process: its own session, no terminal, no inherited descriptors.
#[allow(unsafe_code)]
fn detach(command: &mut Command) {
    // SAFETY: runs between fork and exec; setsid and close_range are async-signal-safe.
    // CLOSE_RANGE_CLOEXEC marks inherited descriptors close-on-exec instead of closing them now,
    // so std's own exec-error pipe survives and a failed exec is reported as an error.
    unsafe {
        command.pre_exec(|| {
            libc::setsid();
            libc::close_range(
                3,
                libc::c_uint::MAX,
                libc::CLOSE_RANGE_CLOEXEC as libc::c_int,
            );
            Ok(())
        });
    }
}

/// Stops a daemon by pid (SIGTERM, then SIGKILL), waiting for its daemon lock to be free.
#[allow(unsafe_code)]
pub fn stop_pid(paths: &StatePaths, pid: u32, deadline: Instant) -> Result<(), CdtError> {
    let Ok(pid) = i32::try_from(pid) else {
        return Ok(());
    };
    // SAFETY: kill(2) takes plain integers.
    unsafe { libc::kill(pid, libc::SIGTERM) };
    let term_deadline = Instant::now() + Duration::from_secs(5);
    if wait_for_exit(paths, deadline.min(term_deadline)) {
        return Ok(());
    }
    // SAFETY: as above.
    unsafe { libc::kill(pid, libc::SIGKILL) };
    if wait_for_exit(paths, deadline) {
        return Ok(());
    }
    Err(unavailable(format!("daemon pid {pid} did not exit"), paths))
}

/// Waits until no daemon holds the daemon lock.
pub fn wait_for_exit(paths: &StatePaths, deadline: Instant) -> bool {
    LockFile::acquire_until(&paths.daemon_lock(), deadline)
        .ok()
        .flatten()
        .is_some()
}
