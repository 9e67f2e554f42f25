//! `cdt-debate`: the debate simulator of seed 004, a separate system in cdt's repository. A
//! local web server (axum, 127.0.0.1 only) runs two coding-agent CLIs — Codex and Gemini — in
//! a turn-based debate and shows it in a three-panel UI (Gemini's terminal, the relay, Codex's
//! terminal). See `docs/debate.md`.
//!
//! The debate shares no code with cdt's crates; cdt only drives its UI in tests. It must never
//! bind a non-loopback address, run a CLI through a shell, or fall back to a fake agent.

pub mod agents;
pub mod app;
pub mod clock;
pub mod config;
pub mod engine;
pub mod error;
pub mod events;
pub mod fsm;
pub mod http;
pub mod output;
pub mod prompts;
pub mod run_log_store;
pub mod runner;
pub mod session_store;
pub mod static_files;
pub mod template;
pub mod types;

use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use tokio::net::TcpListener;

use crate::app::{App, Paths};
use crate::config::Settings;
use crate::error::DebateError;

/// The UI directory this binary was built next to.
pub const BUILT_UI_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/web/dist");

/// Serves the Gemini–Codex debate simulator on 127.0.0.1.
#[derive(Debug, Parser)]
#[command(name = "cdt-debate", version)]
pub struct Args {
    /// The agents' working directory; `.env` is read from it and `logs/` written under it.
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
    /// The `.env` file with the agents' commands [default: ROOT/.env].
    #[arg(long)]
    pub env_file: Option<PathBuf>,
    /// The port on 127.0.0.1 (0 picks a free one).
    #[arg(long, default_value_t = 8787)]
    pub port: u16,
    /// The built front end.
    #[arg(long, env = "DEBATE_UI_DIR", default_value = BUILT_UI_DIR)]
    pub ui_dir: PathBuf,
}

/// The running server's address and app.
pub struct Server {
    pub address: SocketAddr,
    pub app: Arc<App>,
    /// The secret every request must carry (in the printed URL, then a cookie): another local
    /// process cannot drive the user's agents.
    pub token: String,
    listener: TcpListener,
}

/// 128 random bits, hex.
fn new_token() -> Result<String, DebateError> {
    use std::io::Read;
    let mut bytes = [0u8; 16];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut random| random.read_exact(&mut bytes))
        .map_err(|error| DebateError::io("cannot read /dev/urandom", &error))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

impl Server {
    /// Reads `.env`, opens `logs/` and binds 127.0.0.1:`port`.
    pub async fn bind(
        root: &Path,
        env_file: &Path,
        ui_dir: PathBuf,
        port: u16,
    ) -> Result<Server, DebateError> {
        let settings = Settings::load(env_file)?;
        let root = std::fs::canonicalize(root)
            .map_err(|error| DebateError::io(&format!("root {}", root.display()), &error))?;
        let (app, note) = App::new(settings, Paths { root, ui_dir })?;
        if let Some(note) = note {
            tracing::warn!("sessions: {note}");
        }
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port))
            .await
            .map_err(|error| {
                DebateError::io(&format!("cannot listen on 127.0.0.1:{port}"), &error)
                    .with_detail("another server may use the port; pass --port 0 for a free one")
            })?;
        let address = listener
            .local_addr()
            .map_err(|error| DebateError::io("local address", &error))?;
        Ok(Server {
            address,
            app,
            token: new_token()?,
            listener,
        })
    }

    /// Serves until `shutdown` resolves; then stops an active run (killing its CLI).
    pub async fn serve(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), DebateError> {
        let app = self.app.clone();
        let router = http::router(self.app, self.token);
        // On the signal: stop an active run (its CLI is killed), then close the WebSockets so
        // the graceful shutdown does not wait for open pages.
        let shutdown = async move {
            shutdown.await;
            if app.engine.is_active() {
                let _ = app.engine.stop().await;
            }
            app.close_sockets();
        };
        axum::serve(self.listener, router)
            .with_graceful_shutdown(shutdown)
            .await
            .map_err(|error| DebateError::io("server", &error))
    }
}

pub fn main() -> ExitCode {
    let args = Args::parse();
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("DEBATE_LOG")
                .unwrap_or_else(|_| "info".into()),
        )
        .init();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => return fail(&DebateError::io("cannot start the async runtime", &error)),
    };
    match runtime.block_on(run(args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => fail(&error),
    }
}

async fn run(args: Args) -> Result<(), DebateError> {
    let env_file = args
        .env_file
        .clone()
        .unwrap_or_else(|| args.root.join(".env"));
    let server = Server::bind(&args.root, &env_file, args.ui_dir.clone(), args.port).await?;
    if !args.ui_dir.join("index.html").is_file() {
        tracing::warn!(
            "the UI is not built ({} has no index.html): run `bash scripts/debate.sh`",
            args.ui_dir.display()
        );
    }
    #[allow(clippy::print_stdout)]
    {
        // The one line on stdout: where to open the UI (scripts and tests read it).
        println!(
            "cdt-debate listening on http://{}/?token={}",
            server.address, server.token
        );
    }
    tracing::info!(
        "logs in {}, agents run in {}",
        server.app.engine.runs.logs_dir().display(),
        server.app.paths.root.display()
    );
    server.serve(shutdown_signal()).await
}

async fn shutdown_signal() {
    use tokio::signal::unix::{SignalKind, signal};
    match signal(SignalKind::terminate()) {
        Ok(mut terminate) => {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = terminate.recv() => {}
            }
        }
        Err(_) => {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

#[allow(clippy::print_stderr)]
fn fail(error: &DebateError) -> ExitCode {
    eprintln!("cdt-debate: {error}");
    ExitCode::from(error.code.exit_code())
}
pub mod typescript;
