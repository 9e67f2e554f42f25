//! `CliAgentRunner` (seed §4.3): the port through which the engine calls an agent CLI, and
//! [`ProcessRunner`], its one real implementation. That runs one call from an argv, without a
//! shell, in its own process group; streams its stdout and stderr line by line to a sink while collecting
//! them; and ends it — the whole process group, so a wrapper script's children die too — when
//! the turn's timeout passes or the run is stopped.
//!
//! This module must never build a command line from text (argv only) and never leave a
//! process of a finished call running in its group.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::process::Stdio;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncRead, BufReader};
use tokio::process::Command;
use tokio::sync::watch;

use crate::types::LineKind;

/// At most this much of each stream is kept (the rest still reaches the panel).
const KEEP_BYTES: usize = 4 * 1024 * 1024;
/// After the CLI exits, how long its pipes may stay open (held by a leftover child).
const PIPE_GRACE: Duration = Duration::from_secs(2);

/// Receives every output line as it arrives.
pub type LineSink = Arc<dyn Fn(LineKind, &str) + Send + Sync>;

/// How a call ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// The CLI exited by itself; `None` when a signal ended it.
    Exited(Option<i32>),
    /// The timeout passed and the process group was killed.
    TimedOut,
    /// The stop signal fired and the process group was killed.
    Stopped,
}

/// What one call printed and how it ended.
#[derive(Debug, Clone)]
pub struct CallOutput {
    pub stdout: String,
    pub stderr: String,
    pub ended: Ended,
    pub elapsed: Duration,
}

impl CallOutput {
    pub fn exit_code(&self) -> Option<i32> {
        match self.ended {
            Ended::Exited(code) => code,
            Ended::TimedOut | Ended::Stopped => None,
        }
    }
}

/// One CLI call as the engine asks for it.
pub struct AgentCall {
    pub argv: Vec<String>,
    pub cwd: PathBuf,
    /// The call is ended ([`Ended::TimedOut`]) when it runs longer.
    pub timeout: Duration,
    /// When it fires, the call is ended at once ([`Ended::Stopped`]).
    pub stop: Option<watch::Receiver<bool>>,
    /// Every output line, as it arrives.
    pub sink: LineSink,
}

/// What a runner's call resolves to: `Err` when the CLI could not be started at all.
pub type CallFuture<'a> = Pin<Box<dyn Future<Output = std::io::Result<CallOutput>> + Send + 'a>>;

/// Runs agent CLI calls. The engine knows only this trait; a runner must honour the call's
/// timeout and stop signal and report how the call ended.
pub trait CliAgentRunner: Send + Sync {
    fn run(&self, call: AgentCall) -> CallFuture<'_>;
}

/// The real runner: a child process per call (see [`run`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct ProcessRunner;

impl CliAgentRunner for ProcessRunner {
    fn run(&self, call: AgentCall) -> CallFuture<'_> {
        Box::pin(
            async move { run(&call.argv, &call.cwd, call.timeout, call.stop, call.sink).await },
        )
    }
}

/// Runs `argv` in `cwd`. `Err` means the CLI could not be started at all (not installed, not
/// executable); every other outcome is in [`CallOutput::ended`].
pub async fn run(
    argv: &[String],
    cwd: &Path,
    timeout: Duration,
    stop: Option<watch::Receiver<bool>>,
    sink: LineSink,
) -> std::io::Result<CallOutput> {
    let Some((program, args)) = argv.split_first() else {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "empty command",
        ));
    };
    let started = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .kill_on_drop(true)
        .spawn()?;
    let group = child.id().and_then(|pid| i32::try_from(pid).ok());
    let stdout = child
        .stdout
        .take()
        .map(|pipe| tokio::spawn(collect(pipe, LineKind::Stdout, sink.clone())));
    let stderr = child
        .stderr
        .take()
        .map(|pipe| tokio::spawn(collect(pipe, LineKind::Stderr, sink.clone())));

    let ended = tokio::select! {
        status = child.wait() => Ended::Exited(status.ok().and_then(|status| status.code())),
        () = tokio::time::sleep(timeout) => Ended::TimedOut,
        () = stop_fired(stop) => Ended::Stopped,
    };
    if !matches!(ended, Ended::Exited(_)) {
        kill_group(group);
        let _ = child.wait().await;
    }
    let mut stdout = join_with_grace(stdout, group).await;
    let stderr = join_with_grace(stderr, group).await;
    if stdout.len() >= KEEP_BYTES {
        stdout.push_str("\n[cdt-debate: output cut]");
    }
    Ok(CallOutput {
        stdout,
        stderr,
        ended,
        elapsed: started.elapsed(),
    })
}

async fn stop_fired(stop: Option<watch::Receiver<bool>>) {
    if let Some(mut stop) = stop
        && stop.wait_for(|stopped| *stopped).await.is_ok()
    {
        return;
    }
    // No stop signal (or its sender is gone): never fires.
    std::future::pending::<()>().await;
}

/// Waits for a pipe reader; if the pipe stays open past the grace period (a leftover child of
/// the CLI holds it), kills the group and waits once more.
async fn join_with_grace(
    reader: Option<tokio::task::JoinHandle<String>>,
    group: Option<i32>,
) -> String {
    let Some(mut reader) = reader else {
        return String::new();
    };
    match tokio::time::timeout(PIPE_GRACE, &mut reader).await {
        Ok(joined) => joined.unwrap_or_default(),
        Err(_) => {
            kill_group(group);
            match tokio::time::timeout(PIPE_GRACE, &mut reader).await {
                Ok(joined) => joined.unwrap_or_default(),
                Err(_) => {
                    reader.abort();
                    String::new()
                }
            }
        }
    }
}

async fn collect(pipe: impl AsyncRead + Unpin, kind: LineKind, sink: LineSink) -> String {
    let mut reader = BufReader::new(pipe);
    let mut kept = String::new();
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match reader.read_until(b'\n', &mut buffer).await {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let line = String::from_utf8_lossy(&buffer);
                sink(kind, line.trim_end_matches(['\n', '\r']));
                if kept.len() < KEEP_BYTES {
                    kept.push_str(&line);
                }
            }
        }
    }
    kept
}

/// SIGKILL to the whole process group the CLI leads.
#[allow(unsafe_code)]
fn kill_group(group: Option<i32>) {
    if let Some(group) = group.filter(|group| *group > 1) {
        // SAFETY: kill(2) takes plain integers; a negative pid addresses the process group the
        // child leads (it was spawned with process_group(0)), never our own group.
        unsafe {
            libc::kill(-group, libc::SIGKILL);
        }
    }
}

#[cfg(test)]
#[path = "runner_tests.rs"]
mod tests;
