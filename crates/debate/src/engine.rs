//! `DebateEngine` (seed §4.3, §7): the control commands (start, pause, resume, stop) and the
//! run loop. One run at a time; Codex speaks first, then Gemini, alternating; a pause takes
//! effect at the next turn boundary; a stop kills the running CLI's process group at once.
//! A run ends `completed` on a consensus reply or after Gemini's turn in the last round, and
//! `stopped` on a stop, a turn timeout, two empty/unreadable replies in a row, an agent whose
//! CLI cannot run, or a log that cannot be written.
//!
//! Every status change goes through `fsm::next` (via `App::transition`); this module must never
//! set a status by hand.

use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;
use tokio::sync::{Notify, watch};

use crate::app::{App, RunControl, RunState};
use crate::clock;
use crate::config::MAX_ROUNDS_LIMIT;
use crate::error::{DebateError, ErrorCode};
use crate::events::{DebateStateView, Event};
use crate::fsm::Trigger;
use crate::output::is_valid_session_id;
use crate::prompts::{self, Previous};
use crate::turn::{self, TurnRequest, Verdict};
use crate::types::{
    AgentName, AgentStatus, DebateConfig, DebateStatus, EndReason, LineKind, Panel,
};

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

/// The loop's side of [`RunControl`].
struct LoopControl {
    stop: watch::Receiver<bool>,
    resume: Arc<Notify>,
    done: watch::Sender<bool>,
}

enum End {
    Finished(EndReason),
    Failed(EndReason),
    Halted,
}

pub fn start(app: &Arc<App>, request: &StartRequest) -> Result<DebateStateView, DebateError> {
    let topic = request.topic.trim().to_string();
    if topic.is_empty() || topic.chars().count() > MAX_TOPIC_CHARS || topic.contains('\0') {
        return Err(DebateError::new(
            ErrorCode::ValidationError,
            "topic must be 1 to 2000 characters of text",
            r#"POST /api/debate/start {"topic": "탭과 스페이스 중 무엇이 나은가"}"#,
        ));
    }
    let max_rounds = request.max_rounds.unwrap_or(app.settings.max_rounds);
    if !(1..=MAX_ROUNDS_LIMIT).contains(&max_rounds) {
        return Err(DebateError::new(
            ErrorCode::ValidationError,
            format!("maxRounds must be 1 to {MAX_ROUNDS_LIMIT}, not {max_rounds}"),
            "leave maxRounds out to use DEBATE_MAX_ROUNDS (default 6)",
        ));
    }
    let (view, control, summary) = {
        let mut state = app.lock();
        crate::fsm::next(state.status, Trigger::Start).map_err(|refused| {
            DebateError::new(
                ErrorCode::InvalidState,
                refused.message(),
                "one run at a time: stop the current run first (POST /api/debate/stop)",
            )
        })?;
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
        if !not_ready.is_empty() {
            return Err(DebateError::new(
                ErrorCode::AgentNotReady,
                format!(
                    "{} 준비되지 않았습니다 (ready가 아님)",
                    not_ready.join(", ")
                ),
                "connect each agent first: POST /api/agents/<gemini|codex>/connect",
            ));
        }
        let (stop_tx, stop_rx) = watch::channel(false);
        let (done_tx, done_rx) = watch::channel(false);
        let resume = Arc::new(Notify::new());
        state.run = Some(RunState {
            run_id: clock::new_run_id(),
            config: DebateConfig {
                topic,
                max_rounds,
                consensus_regex: app.settings.consensus_regex.clone(),
                turn_timeout_ms: app.settings.turn_timeout_ms,
            },
            round: 0,
            reason: None,
            started_at: clock::now_iso(),
            ended_at: None,
            transcript: Vec::new(),
        });
        state.control = Some(RunControl {
            stop: stop_tx,
            resume: resume.clone(),
            done: done_rx,
        });
        app.transition(&mut state, Trigger::Start)?;
        let control = LoopControl {
            stop: stop_rx,
            resume,
            done: done_tx,
        };
        (App::debate_view(&state), control, App::summary(&state))
    };
    if let (Some(run_id), Some(topic)) = (&view.run_id, &view.topic) {
        app.panel(
            Panel::Center,
            LineKind::System,
            &format!("═══ 토론 시작 · runId {run_id} · 최대 {max_rounds}라운드 ═══\n주제: {topic}"),
        );
    }
    let written = summary.map(|summary| app.store.write_summary(&summary));
    let app_for_loop = app.clone();
    tokio::spawn(async move {
        let mut control = control;
        let end = match written {
            Some(Err(error)) => {
                app_for_loop.report(&error);
                End::Failed(EndReason::LogError)
            }
            _ => drive(&app_for_loop, &mut control).await,
        };
        finish(&app_for_loop, end);
        let _ = control.done.send(true);
    });
    Ok(view)
}

pub fn pause(app: &Arc<App>) -> Result<DebateStateView, DebateError> {
    let mut state = app.lock();
    app.transition(&mut state, Trigger::Pause)?;
    let view = App::debate_view(&state);
    drop(state);
    app.panel(
        Panel::Center,
        LineKind::System,
        "[일시정지 요청] 현재 턴이 끝나면 멈춥니다",
    );
    Ok(view)
}

pub fn resume(app: &Arc<App>) -> Result<DebateStateView, DebateError> {
    let mut state = app.lock();
    app.transition(&mut state, Trigger::Resume)?;
    if let Some(control) = &state.control {
        control.resume.notify_one();
    }
    let view = App::debate_view(&state);
    drop(state);
    app.panel(
        Panel::Center,
        LineKind::System,
        "[재개] 다음 턴부터 이어갑니다",
    );
    Ok(view)
}

/// Stops the active run and returns once its CLI is gone and the status is `stopped`.
pub async fn stop(app: &Arc<App>) -> Result<DebateStateView, DebateError> {
    let done = {
        let mut state = app.lock();
        app.transition(&mut state, Trigger::Stop)?;
        let control = state.control.clone();
        drop(state);
        app.panel(
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
    Ok(app.state_view())
}

/// Runs turns until the run ends.
async fn drive(app: &Arc<App>, control: &mut LoopControl) -> End {
    let Some((run_id, topic, max_rounds)) = app.lock().run.as_ref().map(|run| {
        (
            run.run_id.clone(),
            run.config.topic.clone(),
            run.config.max_rounds,
        )
    }) else {
        return End::Halted;
    };
    let consensus = app.settings.consensus.clone();
    let mut turn_index: u32 = 0;
    let mut failures = 0;
    let mut previous = Previous::None;
    loop {
        // The turn boundary: wait out a pause; leave on a stop.
        loop {
            let status = app.lock().status;
            match status {
                DebateStatus::Stopping => return End::Halted,
                DebateStatus::Paused => {
                    tokio::select! {
                        () = control.resume.notified() => {}
                        _ = control.stop.wait_for(|stop| *stop) => {}
                    }
                }
                _ => break,
            }
        }
        let speaker = if turn_index.is_multiple_of(2) {
            AgentName::Codex
        } else {
            AgentName::Gemini
        };
        let round = turn_index / 2 + 1;
        {
            let mut state = app.lock();
            if let Some(run) = state.run.as_mut()
                && run.round != round
            {
                run.round = round;
                app.publish(&Event::DebateState(App::debate_view(&state)));
            }
        }
        let prompt = prompts::turn(speaker, &topic, round, max_rounds, &previous);
        let turn = turn::take(
            app,
            TurnRequest {
                run_id: &run_id,
                speaker,
                round,
                prompt,
                stop: control.stop.clone(),
            },
        )
        .await;
        if let Err(error) = record(app, speaker, &turn) {
            app.report(&error);
            return End::Failed(EndReason::LogError);
        }
        let cli_failed = matches!(turn.verdict, Verdict::Failed);
        match turn.verdict {
            Verdict::Stopped => return End::Halted,
            Verdict::Timeout => {
                app.report(&DebateError::new(
                    ErrorCode::TurnTimeout,
                    format!(
                        "{}의 턴이 {} ms 안에 끝나지 않아 토론을 중지했습니다",
                        speaker.display(),
                        app.settings.turn_timeout_ms
                    ),
                    "raise DEBATE_TURN_TIMEOUT_MS in .env, or check the CLI by hand",
                ));
                return End::Failed(EndReason::TurnTimeout);
            }
            Verdict::SpawnFailed(error) => {
                app.agent_error(speaker, &error);
                return End::Failed(EndReason::AgentError);
            }
            Verdict::Reply(text) => {
                failures = 0;
                agent_answered(app, speaker);
                let agreed = consensus.is_match(&text);
                previous = Previous::Reply(text);
                if agreed {
                    return End::Finished(EndReason::Consensus);
                }
            }
            Verdict::Empty | Verdict::Failed => {
                if cli_failed {
                    agent_failed(app, speaker, &turn.entry);
                }
                failures += 1;
                previous = Previous::Failed;
                if failures >= 2 {
                    app.report(&DebateError::new(
                        ErrorCode::EmptyReplies,
                        "빈 응답 또는 읽을 수 없는 응답이 연속 2회 나와 토론을 중지했습니다",
                        "open the raw stdout/stderr in the run's .jsonl, and check the agents' \
                         commands in .env",
                    ));
                    return End::Failed(EndReason::EmptyReplies);
                }
            }
        }
        if speaker == AgentName::Gemini && round >= max_rounds {
            return End::Finished(EndReason::MaxRounds);
        }
        let mut state = app.lock();
        if app.transition(&mut state, Trigger::TurnEnded) == Ok(DebateStatus::Paused) {
            drop(state);
            app.panel(
                Panel::Center,
                LineKind::System,
                "[일시정지됨] 재개를 누르면 다음 턴부터 이어갑니다",
            );
        }
        turn_index += 1;
    }
}

/// A CLI that exits with a failure status during a run (seed §10.1): the agent is `error`
/// and the relay says why; the run goes on under the two-failures rule.
fn agent_failed(app: &Arc<App>, speaker: AgentName, entry: &crate::types::TranscriptEntry) {
    let code = entry
        .exit_code
        .map_or_else(|| "signal".to_string(), |code| code.to_string());
    let error = DebateError::new(
        ErrorCode::AgentFailed,
        format!(
            "{} CLI가 실패했습니다 (종료 코드 {code})",
            speaker.display()
        ),
        "run the command shown in its panel by hand; is the CLI logged in?",
    )
    .with_detail(crate::agents::tail(&entry.raw_stderr));
    app.agent_error(speaker, &error);
}

/// An agent that answers is `ready` again (after a failed turn).
fn agent_answered(app: &Arc<App>, speaker: AgentName) {
    let mut state = app.lock();
    let status = state.agents.get(&speaker).map(|known| known.status());
    if status != Some(AgentStatus::Ready) {
        app.set_agent(&mut state, speaker, |known| {
            known.status = Some(AgentStatus::Ready);
            known.error = None;
        });
    }
}

/// Keeps a turn: in memory, in the `.jsonl`, as a `turn_log` event; and a new session id.
fn record(app: &Arc<App>, speaker: AgentName, turn: &turn::Turn) -> Result<(), DebateError> {
    let mut state = app.lock();
    if let Some(run) = state.run.as_mut() {
        run.transcript.push(turn.entry.clone());
    }
    app.publish(&Event::TurnLog(turn.entry.clone()));
    // During a run a missing id keeps the previous one (seed §8.5).
    let known = state
        .agents
        .get(&speaker)
        .and_then(|known| known.session_id.clone());
    let mut persisted = Ok(());
    if let Some(id) = turn
        .session_id
        .as_ref()
        .filter(|id| known.as_ref() != Some(id))
    {
        app.set_agent(&mut state, speaker, |agent| {
            agent.session_id = Some(id.clone());
        });
        persisted = app.persist_sessions(&state);
    }
    drop(state);
    app.store.append_turn(&turn.entry)?;
    persisted
}

/// Moves the run to its final status, publishes it and writes the summary. The relay's
/// closing line comes first, so a page that waits for the final state has it.
fn finish(app: &Arc<App>, end: End) {
    let mut state = app.lock();
    let (trigger, reason) = match (state.status, end) {
        (DebateStatus::Stopping, _) | (_, End::Halted) => (Trigger::Halted, EndReason::UserStop),
        (_, End::Finished(reason)) => (Trigger::Finished, reason),
        (_, End::Failed(reason)) => (Trigger::Failed, reason),
    };
    if let Some(run) = state.run.as_mut() {
        run.reason = Some(reason);
        run.ended_at = Some(clock::now_iso());
    }
    let label = match reason {
        EndReason::Consensus => "합의 도달",
        EndReason::MaxRounds => "최대 라운드 도달",
        EndReason::UserStop => "사용자 중지",
        EndReason::TurnTimeout => "턴 시간 초과",
        EndReason::EmptyReplies => "빈 응답 연속 2회",
        EndReason::AgentError => "에이전트 실행 실패",
        EndReason::LogError => "로그 기록 실패",
    };
    let to = crate::fsm::next(state.status, trigger).unwrap_or(DebateStatus::Stopped);
    app.panel(
        Panel::Center,
        LineKind::System,
        &format!("═══ 토론 종료 · {label} ({to}) ═══"),
    );
    if let Err(error) = app.transition(&mut state, trigger) {
        // Only reachable through a bug: keep the server usable and say so.
        tracing::error!("run end refused: {error}");
        state.status = DebateStatus::Stopped;
        app.publish(&Event::DebateState(App::debate_view(&state)));
    }
    state.control = None;
    let summary = App::summary(&state);
    drop(state);
    if let Some(summary) = summary
        && let Err(error) = app.store.write_summary(&summary)
    {
        app.report(&error);
    }
}

/// The current run (memory) or a past one (files).
pub fn run_record(app: &Arc<App>, run_id: &str) -> Result<crate::store::RunRecord, DebateError> {
    {
        let state = app.lock();
        if let (Some(run), Some(summary)) = (state.run.as_ref(), App::summary(&state))
            && run.run_id == run_id
        {
            return Ok(crate::store::RunRecord {
                summary,
                transcript: run.transcript.clone(),
            });
        }
    }
    app.store.read_run(run_id)
}
