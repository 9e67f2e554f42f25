//! What the engine knows at any moment: both agents, the debate status and the current or last
//! run, plus the signals between the control commands and the run loop. Plain data: the engine
//! changes it under its lock and publishes each change.

use std::collections::BTreeMap;
use std::sync::Arc;

use tokio::sync::{Notify, watch};

use crate::types::{
    AgentName, AgentStatus, DebateConfig, DebateStatus, EndReason, TranscriptEntry,
};

/// One agent as the server knows it.
#[derive(Debug, Clone, Default)]
pub struct AgentState {
    pub status: Option<AgentStatus>,
    pub session_id: Option<String>,
    pub last_connected_at: Option<String>,
    pub error: Option<String>,
}

impl AgentState {
    pub fn status(&self) -> AgentStatus {
        self.status.unwrap_or(AgentStatus::Idle)
    }
}

/// The current or last run.
#[derive(Debug, Clone)]
pub struct RunState {
    pub run_id: String,
    pub config: DebateConfig,
    pub round: u32,
    pub reason: Option<EndReason>,
    pub started_at: String,
    pub ended_at: Option<String>,
    pub transcript: Vec<TranscriptEntry>,
}

/// Signals between the control commands and the active run's loop.
#[derive(Debug, Clone)]
pub struct RunControl {
    pub stop: watch::Sender<bool>,
    pub resume: Arc<Notify>,
    pub done: watch::Receiver<bool>,
}

/// The loop's side of [`RunControl`].
pub(super) struct LoopControl {
    pub stop: watch::Receiver<bool>,
    pub resume: Arc<Notify>,
    pub done: watch::Sender<bool>,
}

/// A new pair of ends for one run.
pub(super) fn run_control() -> (RunControl, LoopControl) {
    let (stop_tx, stop_rx) = watch::channel(false);
    let (done_tx, done_rx) = watch::channel(false);
    let resume = Arc::new(Notify::new());
    (
        RunControl {
            stop: stop_tx,
            resume: resume.clone(),
            done: done_rx,
        },
        LoopControl {
            stop: stop_rx,
            resume,
            done: done_tx,
        },
    )
}

#[derive(Debug)]
pub struct State {
    pub status: DebateStatus,
    pub agents: BTreeMap<AgentName, AgentState>,
    pub run: Option<RunState>,
    pub control: Option<RunControl>,
}
