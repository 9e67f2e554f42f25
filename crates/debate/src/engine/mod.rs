//! `DebateEngine` (seed §4.3, §7): the debate's state machine driver. It owns the debate's
//! state (both agents, the status, the current or last run), the stores, the event hub and the
//! [`CliAgentRunner`] it calls the CLIs through. Every state change goes through a method here
//! that changes the state and publishes its event under the same lock, so pages see events in
//! the order the state changed; every status change goes through `fsm::next`
//! ([`DebateEngine::transition`]).
//!
//! The control commands are in `control.rs`, the run loop in `run_loop.rs`, one turn in
//! `turn.rs`, connecting an agent in `crate::agents`. This module must never run a CLI or wait
//! on anything while holding its lock, and never set a status by hand.

mod control;
mod run_loop;
mod state;
mod turn;

#[cfg(test)]
mod memory_runner;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

pub use control::{MAX_TOPIC_CHARS, StartRequest};
pub use state::{AgentState, RunControl, RunState, State};

use crate::config::Settings;
use crate::error::{DebateError, ErrorCode};
use crate::events::{
    AgentStatusView, DebateStateView, Defaults, Event, EventHub, StateSnapshot, lines,
};
use crate::fsm::{self, Trigger};
use crate::run_log_store::{RunLogStore, RunSummary};
use crate::runner::{AgentCall, CallOutput, CliAgentRunner, LineSink};
use crate::session_store::SessionStore;
use crate::types::{AgentName, AgentSession, AgentStatus, DebateStatus, LineKind, Panel};

pub struct DebateEngine {
    pub settings: Settings,
    /// The agents' working directory.
    pub root: PathBuf,
    pub sessions: SessionStore,
    pub runs: RunLogStore,
    pub hub: EventHub,
    runner: Arc<dyn CliAgentRunner>,
    state: Mutex<State>,
}

impl DebateEngine {
    /// An idle engine whose agents run in `root`, logging under `root/logs`, remembering the
    /// sessions in `logs/sessions.json`; the returned note says what was wrong with that file,
    /// if anything (the engine starts anyway, with no remembered sessions).
    pub fn new(
        settings: Settings,
        root: PathBuf,
        runner: Arc<dyn CliAgentRunner>,
    ) -> Result<(Arc<DebateEngine>, Option<String>), DebateError> {
        let logs = root.join("logs");
        let sessions = SessionStore::open(&logs)?;
        let runs = RunLogStore::open(&logs)?;
        let (remembered, note) = sessions.load();
        let agents = AgentName::ALL
            .into_iter()
            .map(|agent| {
                let known = remembered.get(&agent);
                let state = AgentState {
                    status: None,
                    session_id: known.map(|session| session.session_id.clone()),
                    last_connected_at: known.map(|session| session.last_connected_at.clone()),
                    error: None,
                };
                (agent, state)
            })
            .collect();
        let engine = DebateEngine {
            settings,
            root,
            sessions,
            runs,
            hub: EventHub::new(),
            runner,
            state: Mutex::new(State {
                status: DebateStatus::Idle,
                agents,
                run: None,
                control: None,
            }),
        };
        Ok((Arc::new(engine), note))
    }

    /// The state, even if a panicking thread poisoned the lock (the data stays consistent:
    /// every change is made whole under the lock).
    pub fn lock(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A run exists and has not ended.
    pub fn is_active(&self) -> bool {
        self.lock().status.is_active()
    }

    /// One CLI call through the runner, in the agents' directory, with the `.env` timeout.
    pub(crate) async fn call_agent(
        &self,
        argv: Vec<String>,
        stop: Option<tokio::sync::watch::Receiver<bool>>,
        sink: LineSink,
    ) -> std::io::Result<CallOutput> {
        let call = AgentCall {
            argv,
            cwd: self.root.clone(),
            timeout: self.turn_timeout(),
            stop,
            sink,
        };
        self.runner.run(call).await
    }

    pub fn turn_timeout(&self) -> Duration {
        Duration::from_millis(self.settings.turn_timeout_ms)
    }

    pub fn publish(&self, event: &Event) {
        self.hub.publish(event);
    }

    pub fn panel(&self, panel: Panel, kind: LineKind, text: &str) {
        for line in lines(panel, kind, text) {
            self.publish(&Event::PanelOutput(line));
        }
    }

    /// A sink that shows a CLI's output in its agent's panel.
    pub fn panel_sink(self: &Arc<Self>, agent: AgentName) -> LineSink {
        let engine = self.clone();
        Arc::new(move |kind, line| engine.panel(agent.panel(), kind, line))
    }

    /// Reports an error to every page: the `error` event and a line in the relay.
    pub fn report(&self, error: &DebateError) {
        self.publish(&Event::Error(error.clone()));
        let mut text = format!("[오류] {}", error.message);
        if let Some(detail) = &error.detail {
            text.push_str(&format!("\n{detail}"));
        }
        self.panel(Panel::Center, LineKind::Error, &text);
    }

    pub fn debate_view(state: &State) -> DebateStateView {
        let run = state.run.as_ref();
        DebateStateView {
            status: state.status,
            run_id: run.map(|run| run.run_id.clone()),
            round: run.map(|run| run.round),
            reason: run.and_then(|run| run.reason),
            topic: run.map(|run| run.config.topic.clone()),
            max_rounds: run.map(|run| run.config.max_rounds),
            actions: fsm::user_actions(state.status),
        }
    }

    pub fn agent_view(state: &State, agent: AgentName) -> AgentStatusView {
        let known = state.agents.get(&agent).cloned().unwrap_or_default();
        AgentStatusView {
            agent,
            status: known.status(),
            session_id: known.session_id,
            error: known.error,
            last_connected_at: known.last_connected_at,
        }
    }

    pub fn state_view(&self) -> DebateStateView {
        DebateEngine::debate_view(&self.lock())
    }

    /// `GET /api/debate/state`.
    pub fn state_snapshot(&self) -> StateSnapshot {
        let state = self.lock();
        StateSnapshot {
            debate: DebateEngine::debate_view(&state),
            agents: AgentName::ALL
                .iter()
                .map(|agent| DebateEngine::agent_view(&state, *agent))
                .collect(),
            defaults: Defaults {
                max_rounds: self.settings.max_rounds,
                turn_timeout_ms: self.settings.turn_timeout_ms,
                consensus_regex: self.settings.consensus_regex.clone(),
            },
        }
    }

    /// What a page needs on (re)connect: both agents and the debate state, once.
    pub fn snapshot(&self) -> Vec<Event> {
        let state = self.lock();
        let mut events: Vec<Event> = AgentName::ALL
            .iter()
            .map(|agent| Event::AgentStatus(DebateEngine::agent_view(&state, *agent)))
            .collect();
        events.push(Event::DebateState(DebateEngine::debate_view(&state)));
        events
    }

    /// Applies a trigger to the debate status and publishes the new state.
    pub fn transition(
        &self,
        state: &mut State,
        trigger: Trigger,
    ) -> Result<DebateStatus, DebateError> {
        let to = fsm::next(state.status, trigger).map_err(|refused| {
            DebateError::new(
                ErrorCode::InvalidState,
                refused.message(),
                "GET /api/debate/state shows the current status",
            )
        })?;
        state.status = to;
        self.publish(&Event::DebateState(DebateEngine::debate_view(state)));
        Ok(to)
    }

    /// Changes an agent and publishes `agent_status`.
    pub fn set_agent(
        &self,
        state: &mut State,
        agent: AgentName,
        change: impl FnOnce(&mut AgentState),
    ) {
        let entry = state.agents.entry(agent).or_default();
        change(entry);
        self.publish(&Event::AgentStatus(DebateEngine::agent_view(state, agent)));
    }

    /// Marks an agent `error` and reports why (event, relay and the agent's own panel).
    pub fn agent_error(&self, agent: AgentName, error: &DebateError) {
        let mut state = self.lock();
        self.set_agent(&mut state, agent, |known| {
            known.status = Some(AgentStatus::Error);
            known.error = Some(error.message.clone());
        });
        drop(state);
        self.panel(
            agent.panel(),
            LineKind::Error,
            &format!("[오류] {}", error.message),
        );
        self.report(error);
    }

    /// Writes `logs/sessions.json` from the agents that have a session.
    pub fn persist_sessions(&self, state: &State) -> Result<(), DebateError> {
        let sessions: BTreeMap<AgentName, AgentSession> = state
            .agents
            .iter()
            .filter_map(|(agent, known)| {
                Some((
                    *agent,
                    AgentSession {
                        agent: *agent,
                        session_id: known.session_id.clone()?,
                        status: known.status(),
                        last_connected_at: known.last_connected_at.clone().unwrap_or_default(),
                    },
                ))
            })
            .collect();
        self.sessions.save(&sessions)
    }

    /// The summary of the current run as it stands.
    pub fn summary(state: &State) -> Option<RunSummary> {
        let run = state.run.as_ref()?;
        Some(RunSummary {
            run_id: run.run_id.clone(),
            topic: run.config.topic.clone(),
            max_rounds: run.config.max_rounds,
            consensus_regex: run.config.consensus_regex.clone(),
            turn_timeout_ms: run.config.turn_timeout_ms,
            status: state.status,
            reason: run.reason,
            round: run.round,
            turns: u32::try_from(run.transcript.len()).unwrap_or(u32::MAX),
            started_at: run.started_at.clone(),
            ended_at: run.ended_at.clone(),
            sessions: state
                .agents
                .iter()
                .filter_map(|(agent, known)| Some((*agent, known.session_id.clone()?)))
                .collect(),
        })
    }
}
