//! The control commands (seed §6 HTTP): start, pause, resume, stop, and reading a run back.
//! One run at a time; a pause takes effect at the next turn boundary; a stop kills the running
//! CLI's process group at once and answers once the status is `stopped`.

use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;

use super::DebateEngine;
use super::run_loop::End;
use super::state::{RunState, State, run_control};
use crate::clock;
use crate::config::MAX_ROUNDS_LIMIT;
use crate::error::{DebateError, ErrorCode};
use crate::events::DebateStateView;
use crate::fsm::{self, Trigger};
use crate::output::is_valid_session_id;
use crate::run_log_store::RunRecord;
use crate::types::{AgentName, AgentStatus, DebateConfig, EndReason, LineKind, Panel};

/// The longest topic accepted, in characters.
pub const MAX_TOPIC_CHARS: usize = 2000;
/// How long `stop` waits for the run loop to confirm that the CLI is gone.
const STOP_WAIT: Duration = Duration::from_secs(15);

/// `POST /api/debate/start` body.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StartRequest {
    pub topic: String,
    pub max_rounds: Option<u32>,
}

impl DebateEngine {
    /// Starts a run (both agents must be `ready` with a session) and its loop.
    pub fn start(self: &Arc<Self>, request: &StartRequest) -> Result<DebateStateView, DebateError> {
        let (topic, max_rounds) = self.checked_start(request)?;
        let (view, control, summary) = {
            let mut state = self.lock();
            fsm::next(state.status, Trigger::Start).map_err(|refused| {
                DebateError::new(
                    ErrorCode::InvalidState,
                    refused.message(),
                    "one run at a time: stop the current run first (POST /api/debate/stop)",
                )
            })?;
            agents_ready(&state)?;
            let (control, for_loop) = run_control();
            state.run = Some(RunState {
                run_id: clock::new_run_id(),
                config: DebateConfig {
                    topic,
                    max_rounds,
                    consensus_regex: self.settings.consensus_regex.clone(),
                    turn_timeout_ms: self.settings.turn_timeout_ms,
                },
                round: 0,
                reason: None,
                started_at: clock::now_iso(),
                ended_at: None,
                transcript: Vec::new(),
            });
            state.control = Some(control);
            self.transition(&mut state, Trigger::Start)?;
            let summary = DebateEngine::summary(&state);
            (DebateEngine::debate_view(&state), for_loop, summary)
        };
        if let (Some(run_id), Some(topic)) = (&view.run_id, &view.topic) {
            self.panel(
                Panel::Center,
                LineKind::System,
                &format!(
                    "═══ 토론 시작 · runId {run_id} · 최대 {max_rounds}라운드 ═══\n주제: {topic}"
                ),
            );
        }
        let written = summary.map(|summary| self.runs.write_summary(&summary));
        let engine = self.clone();
        tokio::spawn(async move {
            let mut control = control;
            let end = match written {
                Some(Err(error)) => {
                    engine.report(&error);
                    End::Failed(EndReason::LogError)
                }
                _ => engine.drive(&mut control).await,
            };
            engine.finish(end);
            let _ = control.done.send(true);
        });
        Ok(view)
    }

    /// The topic (trimmed) and round limit of a start request, or why they are refused.
    fn checked_start(&self, request: &StartRequest) -> Result<(String, u32), DebateError> {
        let topic = request.topic.trim().to_string();
        if topic.is_empty() || topic.chars().count() > MAX_TOPIC_CHARS || topic.contains('\0') {
            return Err(DebateError::new(
                ErrorCode::ValidationError,
                "topic must be 1 to 2000 characters of text",
                r#"POST /api/debate/start {"topic": "탭과 스페이스 중 무엇이 나은가"}"#,
            ));
        }
        let max_rounds = request.max_rounds.unwrap_or(self.settings.max_rounds);
        if !(1..=MAX_ROUNDS_LIMIT).contains(&max_rounds) {
            return Err(DebateError::new(
                ErrorCode::ValidationError,
                format!("maxRounds must be 1 to {MAX_ROUNDS_LIMIT}, not {max_rounds}"),
                "leave maxRounds out to use DEBATE_MAX_ROUNDS (default 6)",
            ));
        }
        Ok((topic, max_rounds))
    }

    pub fn pause(&self) -> Result<DebateStateView, DebateError> {
        let mut state = self.lock();
        self.transition(&mut state, Trigger::Pause)?;
        let view = DebateEngine::debate_view(&state);
        drop(state);
        self.panel(
            Panel::Center,
            LineKind::System,
            "[일시정지 요청] 현재 턴이 끝나면 멈춥니다",
        );
        Ok(view)
    }

    pub fn resume(&self) -> Result<DebateStateView, DebateError> {
        let mut state = self.lock();
        self.transition(&mut state, Trigger::Resume)?;
        if let Some(control) = &state.control {
            control.resume.notify_one();
        }
        let view = DebateEngine::debate_view(&state);
        drop(state);
        self.panel(
            Panel::Center,
            LineKind::System,
            "[재개] 다음 턴부터 이어갑니다",
        );
        Ok(view)
    }

    /// Stops the active run and returns once its CLI is gone and the status is `stopped`.
    pub async fn stop(&self) -> Result<DebateStateView, DebateError> {
        let done = {
            let mut state = self.lock();
            self.transition(&mut state, Trigger::Stop)?;
            let control = state.control.clone();
            drop(state);
            self.panel(
                Panel::Center,
                LineKind::System,
                "[중지 요청] 실행 중인 CLI를 종료합니다",
            );
            control.map(|control| {
                let _ = control.stop.send(true);
                control.done
            })
        };
        if let Some(mut done) = done {
            let _ = tokio::time::timeout(STOP_WAIT, done.wait_for(|done| *done)).await;
        }
        Ok(self.state_view())
    }

    /// The current run (memory) or a past one (files).
    pub fn run_record(&self, run_id: &str) -> Result<RunRecord, DebateError> {
        {
            let state = self.lock();
            if let (Some(run), Some(summary)) = (state.run.as_ref(), DebateEngine::summary(&state))
                && run.run_id == run_id
            {
                return Ok(RunRecord {
                    summary,
                    transcript: run.transcript.clone(),
                });
            }
        }
        self.runs.read_run(run_id)
    }
}

/// Start needs both agents `ready`, each with a usable session id.
fn agents_ready(state: &State) -> Result<(), DebateError> {
    let not_ready: Vec<&str> = AgentName::ALL
        .iter()
        .filter(|agent| {
            let known = state.agents.get(agent);
            known.map(|known| known.status()) != Some(AgentStatus::Ready)
                || !known
                    .and_then(|known| known.session_id.as_deref())
                    .is_some_and(is_valid_session_id)
        })
        .map(|agent| agent.display())
        .collect();
    if not_ready.is_empty() {
        return Ok(());
    }
    Err(DebateError::new(
        ErrorCode::AgentNotReady,
        format!(
            "{} 준비되지 않았습니다 (ready가 아님)",
            not_ready.join(", ")
        ),
        "connect each agent first: POST /api/agents/<gemini|codex>/connect",
    ))
}
