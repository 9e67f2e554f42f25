//! An in-memory [`CliAgentRunner`] for the engine's unit tests: each agent's calls follow a
//! script of [`Step`]s, no process runs, and every call's argv is kept. It honours a call's
//! timeout and stop signal the way the process runner does, so the engine's pause, stop and
//! timeout logic runs for real.

use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use tokio::sync::{Notify, watch};

use crate::runner::{AgentCall, CallFuture, CallOutput, CliAgentRunner, Ended};
use crate::types::LineKind;

/// What one call of an agent does.
#[derive(Debug, Clone)]
pub enum Step {
    /// Prints `stdout` (line by line to the sink) and exits with `code`.
    Exit { stdout: String, code: i32 },
    /// Waits for `gate` to open, then prints `stdout` and exits 0 (a CLI still thinking).
    Gated { gate: Arc<Notify>, stdout: String },
    /// Never answers: ends only by the timeout or a stop.
    Hang,
    /// The program cannot be started.
    Missing,
}

impl Step {
    /// A JSON reply with text and a session id, exit 0.
    pub fn reply(session_id: &str, text: &str) -> Step {
        Step::Exit {
            stdout: serde_json::json!({ "session_id": session_id, "response": text }).to_string(),
            code: 0,
        }
    }

    /// Exit 0 with nothing on stdout.
    pub fn empty() -> Step {
        Step::Exit {
            stdout: String::new(),
            code: 0,
        }
    }
}

/// Agents are told apart by `argv[0]` (`codex`, `gemini`).
#[derive(Default)]
pub struct MemoryRunner {
    scripts: Mutex<BTreeMap<String, VecDeque<Step>>>,
    calls: Mutex<Vec<Vec<String>>>,
}

fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl MemoryRunner {
    /// Queues the next steps of `program`; once they are used up, a call replies
    /// `"<program> says N"` with session `<program>-session`.
    pub fn script(&self, program: &str, steps: impl IntoIterator<Item = Step>) {
        locked(&self.scripts)
            .entry(program.to_string())
            .or_default()
            .extend(steps);
    }

    /// Every call so far, in order.
    pub fn calls(&self) -> Vec<Vec<String>> {
        locked(&self.calls).clone()
    }

    fn next_step(&self, argv: &[String]) -> (Step, usize) {
        let mut calls = locked(&self.calls);
        calls.push(argv.to_vec());
        let count = calls.len();
        drop(calls);
        let program = argv.first().cloned().unwrap_or_default();
        let step = locked(&self.scripts)
            .get_mut(&program)
            .and_then(VecDeque::pop_front)
            .unwrap_or_else(|| {
                Step::reply(
                    &format!("{program}-session"),
                    &format!("{program} says {count}"),
                )
            });
        (step, count)
    }
}

async fn stopped(stop: Option<watch::Receiver<bool>>) {
    if let Some(mut stop) = stop
        && stop.wait_for(|stopped| *stopped).await.is_ok()
    {
        return;
    }
    std::future::pending::<()>().await;
}

impl CliAgentRunner for MemoryRunner {
    fn run(&self, call: AgentCall) -> CallFuture<'_> {
        let (step, _) = self.next_step(&call.argv);
        Box::pin(async move {
            let started = Instant::now();
            let finished = |stdout: String, ended: Ended| {
                for line in stdout.lines() {
                    (call.sink)(LineKind::Stdout, line);
                }
                Ok(CallOutput {
                    stdout,
                    stderr: String::new(),
                    ended,
                    elapsed: started.elapsed(),
                })
            };
            let waited = |gate: Option<Arc<Notify>>| async {
                tokio::select! {
                    () = async { match gate { Some(gate) => gate.notified().await, None => std::future::pending().await } } => None,
                    () = tokio::time::sleep(call.timeout) => Some(Ended::TimedOut),
                    () = stopped(call.stop.clone()) => Some(Ended::Stopped),
                }
            };
            match step {
                Step::Exit { stdout, code } => finished(stdout, Ended::Exited(Some(code))),
                Step::Missing => Err(std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    "No such file or directory",
                )),
                Step::Hang => match waited(None).await {
                    Some(ended) => finished(String::new(), ended),
                    None => finished(String::new(), Ended::Exited(Some(0))),
                },
                Step::Gated { gate, stdout } => match waited(Some(gate)).await {
                    Some(ended) => finished(String::new(), ended),
                    None => finished(stdout, Ended::Exited(Some(0))),
                },
            }
        })
    }
}

/// Polls `done` every few milliseconds until it holds (at most `patience`).
pub async fn eventually(patience: Duration, mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + patience;
    while Instant::now() < deadline {
        if done() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    done()
}
