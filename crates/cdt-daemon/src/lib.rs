//! Wires the broker daemon: state dir checks, the daemon lock (held for the daemon's whole life,
//! so two daemons can never serve one `CDT_HOME`), leftover cleanup, the socket server, the
//! janitor, and an orderly stop on `daemon stop`, SIGTERM or SIGINT.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use cdt_app::lease::{recover_leftovers, spawn_janitor};
use cdt_app::telemetry::TelemetryConfig;
use cdt_app::{Broker, BrokerConfig, Deps};
use cdt_cdp::ChromiumLauncher;
use cdt_cdp::launch::DEFAULT_PER_BROWSER;
use cdt_domain::ops::op;
use cdt_domain::ports::SystemClock;
use cdt_domain::{CdtError, env};
use cdt_ipc::protocol::MAX_LINE_BYTES;
use cdt_ipc::{Reply, ReplyMeta, ServerConfig};
use cdt_store::private_dir::current_uid;
use cdt_store::telemetry_log::DEFAULT_ROTATE_BYTES;
use cdt_store::{
    FsSessionStore, JsonlTelemetryLog, LockFile, ProcTable, StatePaths, ensure_private_dir,
    remove_unfinished_writes, write_atomic,
};

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// The machine's memory, in KiB (`MemTotal`), if it can be read.
fn total_memory_kib() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    info.lines()
        .find_map(|line| line.strip_prefix("MemTotal:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
}

/// The default memory budget of the running contexts: half the machine's memory (the other half
/// is for the system, the pages' growth and everything else the machine runs); each context is
/// counted at what its kind costs (`cdt_app::slot::Footprint`: 192 MiB for a Chromium of its
/// own, 64 MiB for a context in a shared one). Unlimited when the memory cannot be read.
fn default_memory_budget_kib() -> u64 {
    total_memory_kib().map_or(u64::MAX, |kib| kib / 2)
}

/// The default slot limit: as many contexts as the memory budget holds in shared browsers, 4 to
/// 1024; 16 when the memory cannot be read.
fn default_max_slots() -> u64 {
    total_memory_kib().map_or(16, |kib| {
        (kib / 2 / cdt_app::slot::Footprint::Context.kib()).clamp(4, 1024)
    })
}

/// The default number of browsers that may start at once: one per CPU (a launch keeps a core
/// busy for a few hundred milliseconds; more at once only slows them all down).
fn default_max_launches() -> u64 {
    std::thread::available_parallelism().map_or(2, |n| n.get() as u64)
}

fn paths_from_args() -> Result<StatePaths, CdtError> {
    let args: Vec<String> = std::env::args().collect();
    match args
        .iter()
        .position(|a| a == "--home")
        .and_then(|i| args.get(i + 1))
    {
        Some(home) => Ok(StatePaths::new(home)),
        None => StatePaths::from_env(),
    }
}

pub fn main() -> ExitCode {
    let filter = tracing_subscriber::EnvFilter::try_from_env(env::CDT_LOG)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(false)
        // A log on a full disk must not take the daemon down: tracing would report the failed
        // write on stderr, which is that same full file, and printing there panics.
        .log_internal_errors(false)
        .init();
    match start() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(code = %error.code, "{}", error.message);
            ExitCode::from(error.exit_code().as_i32() as u8)
        }
    }
}

fn start() -> Result<(), CdtError> {
    let paths = paths_from_args()?;
    ensure_private_dir(paths.root())?;
    ensure_private_dir(&paths.broker_dir())?;
    let socket = paths.check_socket_path()?;
    let Some(_daemon_lock) = LockFile::try_acquire(&paths.daemon_lock())
        .map_err(|e| CdtError::internal(format!("daemon lock: {e}")))?
    else {
        tracing::info!("another daemon already serves {}", paths.root().display());
        return Ok(());
    };
    // Only the daemon writes there: a temporary file left is a write a killed daemon never
    // finished (its target still holds the write before). Not Chromium's profiles nor the
    // downloads (not cdt's files: a download may be named like a temporary file), nor video
    // frames (written plainly, by the thousand: nothing to find, much to read at start-up).
    const NOT_CDTS: &[&str] = &["chrome-profile", "downloads", "videos"];
    for dir in [paths.broker_dir(), paths.contexts_dir()] {
        let removed = remove_unfinished_writes(&dir, NOT_CDTS);
        if removed > 0 {
            tracing::info!(removed, dir = %dir.display(), "removed unfinished writes");
        }
    }
    let _ = write_atomic(
        &paths.daemon_pid(),
        format!("{}\n", std::process::id()).as_bytes(),
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| CdtError::internal(format!("cannot start the runtime: {e}")))?;
    let result = runtime.block_on(serve(&paths, &socket));
    let _ = std::fs::remove_file(&socket);
    let _ = std::fs::remove_file(paths.daemon_pid());
    // Browser reapers run on plain threads; give them a moment before the process ends.
    runtime.shutdown_timeout(Duration::from_millis(500));
    result
}

/// The inode of the socket file, if it is there.
fn socket_inode(socket: &std::path::Path) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    std::fs::symlink_metadata(socket).ok().map(|m| m.ino())
}

/// Keeps the daemon reachable when its socket file is deleted (or replaced) under it: the
/// file is bound again within half a second and served beside the first listener, so the next
/// command reaches this daemon (and its browsers) instead of failing to start another one
/// (which this daemon's lock would stop).
fn spawn_socket_keeper(
    socket: std::path::PathBuf,
    handler: cdt_ipc::Handler,
    config: ServerConfig,
    shutdown: tokio::sync::watch::Receiver<bool>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut bound = socket_inode(&socket);
        loop {
            tokio::time::sleep(Duration::from_millis(500)).await;
            let now = socket_inode(&socket);
            if now.is_some() && now == bound {
                continue;
            }
            tracing::warn!(socket = %socket.display(), "the socket file went away; binding it again");
            let _ = std::fs::remove_file(&socket);
            match tokio::net::UnixListener::bind(&socket) {
                Ok(listener) => {
                    use std::os::unix::fs::PermissionsExt;
                    let _ =
                        std::fs::set_permissions(&socket, std::fs::Permissions::from_mode(0o600));
                    bound = socket_inode(&socket);
                    tokio::spawn(cdt_ipc::serve(
                        listener,
                        handler.clone(),
                        config.clone(),
                        shutdown.clone(),
                    ));
                }
                Err(error) => tracing::warn!(%error, "cannot bind the socket again"),
            }
        }
    })
}

async fn serve(paths: &StatePaths, socket: &std::path::Path) -> Result<(), CdtError> {
    // /proc/self/exe still names the binary this process runs, even after a rebuild replaced it.
    let build = cdt_ipc::protocol::build_id(std::path::Path::new("/proc/self/exe"));
    let deps = Deps {
        launcher: Arc::new(ChromiumLauncher::new(
            paths.root().join("shared"),
            env_number(env::CDT_CONTEXTS_PER_BROWSER, DEFAULT_PER_BROWSER as u64).max(1) as usize,
        )),
        store: Arc::new(FsSessionStore::new(paths.clone())),
        processes: Arc::new(ProcTable),
        clock: Arc::new(SystemClock),
        telemetry_log: Some(Arc::new(JsonlTelemetryLog::start(
            paths.clone(),
            DEFAULT_ROTATE_BYTES,
        ))),
    };
    let config = BrokerConfig {
        idle_timeout_ms: env_number(env::CDT_IDLE_TIMEOUT_SECS, 1800).saturating_mul(1000),
        max_slots: env_number(env::CDT_MAX_SLOTS, default_max_slots()).max(1) as usize,
        memory_budget_kib: std::env::var(env::CDT_MEMORY_BUDGET_MIB)
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map_or_else(default_memory_budget_kib, |mib| mib.saturating_mul(1024)),
        max_launches: env_number(env::CDT_MAX_LAUNCHES, default_max_launches()).max(1) as usize,
        janitor_interval_ms: env_number(env::CDT_JANITOR_INTERVAL_MS, 2000),
        socket: socket.display().to_string(),
        home: paths.root().display().to_string(),
        telemetry: TelemetryConfig {
            ring_capacity: env_number(env::CDT_EVENTS_CAPACITY, 10_000).max(1) as usize,
            ring_ttl_ms: env_number(env::CDT_EVENTS_TTL_SECS, 3600).saturating_mul(1000),
            ring_max_bytes: env_number(env::CDT_EVENTS_MAX_BYTES, 64 << 20).max(4096) as usize,
            ..TelemetryConfig::default()
        },
    };
    let broker = Broker::new(deps, config);
    let killed = recover_leftovers(broker.runtime());
    if killed > 0 {
        tracing::warn!(killed, "killed browsers left by a previous daemon");
    }

    // We hold the daemon lock, so any socket file here is stale.
    let _ = std::fs::remove_file(socket);
    let listener = tokio::net::UnixListener::bind(socket).map_err(|e| {
        CdtError::internal(format!("cannot bind {}: {e}", socket.display()))
            .run::<op::DaemonStatus>("")
    })?;
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(socket, std::fs::Permissions::from_mode(0o600));
    }
    tracing::info!(pid = std::process::id(), socket = %socket.display(), "cdt-daemon ready");

    let janitor = spawn_janitor(broker.runtime().clone());
    let handler_broker = broker.clone();
    let handler: cdt_ipc::Handler = Arc::new(move |request: cdt_ipc::Request| {
        let broker = handler_broker.clone();
        Box::pin(async move {
            let access = request.access();
            let outcome = broker
                .handle_as(request.operation, &request.caller, request.deadline, access)
                .await;
            let meta = ReplyMeta {
                context: outcome.context,
                warnings: outcome.warnings,
            };
            match outcome.result {
                Ok(data) => Reply::success(data, meta),
                Err(error) => Reply::failure(error, meta),
            }
        })
    });
    let server_config = ServerConfig {
        line_timeout: Duration::from_secs(10),
        max_line: MAX_LINE_BYTES,
        allowed_uid: current_uid(),
        build: build.clone(),
        retire_if_idle: {
            let runtime = broker.runtime().clone();
            Arc::new(move || runtime.retire_if_idle())
        },
    };

    let signal_broker = broker.clone();
    tokio::spawn(async move {
        use tokio::signal::unix::{SignalKind, signal};
        let (Ok(mut term), Ok(mut int)) = (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
        ) else {
            return;
        };
        tokio::select! { _ = term.recv() => {}, _ = int.recv() => {} }
        tracing::info!("signal received; stopping every session");
        cdt_app::daemon::stop(signal_broker.runtime()).await;
    });

    let keeper = spawn_socket_keeper(
        socket.to_path_buf(),
        handler.clone(),
        server_config.clone(),
        broker.shutdown_signal(),
    );
    cdt_ipc::serve(listener, handler, server_config, broker.shutdown_signal()).await;
    keeper.abort();
    janitor.abort();
    // Let the reply to `daemon stop` reach its client before the process exits.
    tokio::time::sleep(Duration::from_millis(50)).await;
    tracing::info!("cdt-daemon stopped");
    Ok(())
}
