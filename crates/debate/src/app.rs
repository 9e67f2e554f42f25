//! The server's one shared object: settings, the log store, the event hub and the in-memory
//! state (both agents, the debate status, the current or last run). Every state change goes
//! through a method here that changes the state and publishes its event under the same lock,
//! so pages see events in the order the state changed.
//!
//! This module must never run a CLI or wait on anything while holding its lock.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::{Notify, watch};

use crate::config::Settings;
use crate::error::{DebateError, ErrorCode};
use crate::events::{AgentStatusView, DebateStateView, Event, EventHub, PanelLine, lines};
use crate::fsm::{self, Trigger};
use crate::store::{LogStore, RunSummary};
use crate::types::{
    AgentName, AgentSession, AgentStatus, DebateConfig, DebateStatus, EndReason, LineKind, Panel,
    TranscriptEntry,
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

/// Signals between the control API and the active run's loop.
#[derive(Debug, Clone)]
pub struct RunControl {
    pub stop: watch::Sender<bool>,
    pub resume: Arc<Notify>,
    pub done: watch::Receiver<bool>,
}

#[derive(Debug)]
pub struct State {
    pub status: DebateStatus,
    pub agents: BTreeMap<AgentName, AgentState>,
    pub run: Option<RunState>,
    pub control: Option<RunControl>,
}

/// Where the server lives on disk.
#[derive(Debug, Clone)]
pub struct Paths {
    /// The agents' working directory; `logs/` is under it.
    pub root: PathBuf,
    /// The built front end (`web/dist`).
    pub ui_dir: PathBuf,
}

pub struct App {
    pub settings: Settings,
    pub paths: Paths,
    pub store: LogStore,
    pub hub: EventHub,
    state: Mutex<State>,
    /// Set when the server shuts down: open WebSockets close.
    closing: watch::Sender<bool>,
}

impl App {
    /// Builds the app and reads `logs/sessions.json`; the returned note says what was wrong
    /// with that file, if anything (the server starts anyway, with no remembered sessions).
    pub fn new(
        settings: Settings,
        paths: Paths,
    ) -> Result<(Arc<App>, Option<String>), DebateError> {
        let store = LogStore::new(paths.root.join("logs"));
        store.ensure_dirs()?;
        let (sessions, note) = store.load_sessions();
        let mut agents = BTreeMap::new();
        for agent in AgentName::ALL {
            let remembered = sessions.get(&agent);
            agents.insert(
                agent,
                AgentState {
                    status: None,
                    session_id: remembered.map(|session| session.session_id.clone()),
                    last_connected_at: remembered.map(|session| session.last_connected_at.clone()),
                    error: None,
                },
            );
        }
        let app = App {
            settings,
            paths,
            store,
            hub: EventHub::new(),
            state: Mutex::new(State {
                status: DebateStatus::Idle,
                agents,
                run: None,
                control: None,
            }),
            closing: watch::channel(false).0,
        };
        Ok((Arc::new(app), note))
    }

    /// The state, even if a panicking thread poisoned the lock (the data stays consistent:
    /// every change is made whole under the lock).
    pub fn lock(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Asks every open WebSocket to close (the server is shutting down).
    pub fn close_sockets(&self) {
        self.closing.send_replace(true);
    }

    pub fn closing(&self) -> watch::Receiver<bool> {
        self.closing.subscribe()
    }

    pub fn publish(&self, event: &Event) {
        self.hub.publish(event);
    }

    pub fn panel(&self, panel: Panel, kind: LineKind, text: &str) {
        for line in lines(panel, kind, text) {
            self.publish(&Event::PanelOutput(line));
        }
    }

    pub fn panel_line(&self, line: PanelLine) {
        self.publish(&Event::PanelOutput(line));
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
        App::debate_view(&self.lock())
    }

    /// What a page needs on (re)connect: both agents and the debate state, once.
    pub fn snapshot(&self) -> Vec<Event> {
        let state = self.lock();
        let mut events: Vec<Event> = AgentName::ALL
            .iter()
            .map(|agent| Event::AgentStatus(App::agent_view(&state, *agent)))
            .collect();
        events.push(Event::DebateState(App::debate_view(&state)));
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
        self.publish(&Event::DebateState(App::debate_view(state)));
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
        self.publish(&Event::AgentStatus(App::agent_view(state, agent)));
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
        self.store.save_sessions(&sessions)
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
