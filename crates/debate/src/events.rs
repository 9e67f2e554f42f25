//! The WebSocket events of seed §6 (`agent_status`, `debate_state`, `turn_log`,
//! `panel_output`, `error`) and the hub that fans them out to every connected page. Events are
//! serialized once, in the order they were published. The hub never blocks a publisher: a page
//! that falls behind gets a fresh state snapshot instead of the events it missed.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::Serialize;
use tokio::sync::broadcast;

use crate::error::DebateError;
use crate::fsm::UserAction;
use crate::types::{
    AgentName, AgentStatus, DebateStatus, EndReason, LineKind, Panel, TranscriptEntry,
};

/// The debate's state as `debate_state` and `GET /api/debate/state` carry it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DebateStateView {
    pub status: DebateStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<EndReason>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub topic: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_rounds: Option<u32>,
    /// What a person may ask for now, from the FSM table (`fsm::user_actions`).
    pub actions: Vec<UserAction>,
}

/// An agent as `agent_status` carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgentStatusView {
    pub agent: AgentName,
    pub status: AgentStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_connected_at: Option<String>,
}

/// The `.env` defaults a start request may leave out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Defaults {
    pub max_rounds: u32,
    pub turn_timeout_ms: u64,
    pub consensus_regex: String,
}

/// `GET /api/debate/state`: the debate, both agents and the defaults.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StateSnapshot {
    pub debate: DebateStateView,
    pub agents: Vec<AgentStatusView>,
    pub defaults: Defaults,
}

/// One line for a terminal panel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct PanelLine {
    pub panel: Panel,
    pub line: String,
    pub kind: LineKind,
}

/// A server → UI event; `type` names it on the wire.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    AgentStatus(AgentStatusView),
    DebateState(DebateStateView),
    TurnLog(TranscriptEntry),
    PanelOutput(PanelLine),
    Error(DebateError),
}

/// Fans events out to every subscriber (one per open WebSocket).
#[derive(Clone)]
pub struct EventHub {
    sender: broadcast::Sender<Arc<str>>,
}

impl Default for EventHub {
    fn default() -> Self {
        EventHub::new()
    }
}

impl EventHub {
    pub fn new() -> EventHub {
        let (sender, _) = broadcast::channel(4096);
        EventHub { sender }
    }

    pub fn publish(&self, event: &Event) {
        // Serializing our own types cannot fail; a send with no subscriber is not an error.
        if let Ok(json) = serde_json::to_string(event) {
            let _ = self.sender.send(Arc::from(json));
        }
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.sender.subscribe()
    }
}

/// `text` as panel lines: one per line of the text, carriage returns dropped.
pub fn lines(panel: Panel, kind: LineKind, text: &str) -> impl Iterator<Item = PanelLine> + '_ {
    text.split('\n').map(move |line| PanelLine {
        panel,
        line: line.trim_end_matches('\r').to_string(),
        kind,
    })
}
