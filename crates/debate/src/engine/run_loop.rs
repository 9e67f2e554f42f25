//! The run loop: turns in the seed's order (Codex first, then Gemini; round *r* is Codex's turn
//! then Gemini's) until the run ends. A run ends `completed` on a consensus reply or after
//! Gemini's turn in the last round, and `stopped` on a stop, a turn timeout, two
//! empty/unreadable replies in a row, an agent whose CLI cannot run, or a log that cannot be
//! written. Every status change goes through [`DebateEngine::transition`].

use std::sync::Arc;

use super::state::LoopControl;
use super::turn::{Turn, TurnRequest, Verdict};
use super::{DebateEngine, State};
use crate::clock;
use crate::error::{DebateError, ErrorCode};
use crate::events::Event;
use crate::fsm::{self, Trigger};
use crate::prompts::{self, Previous};
use crate::types::{AgentName, AgentStatus, DebateStatus, EndReason, LineKind, Panel};

/// How a run's loop ended.
pub(super) enum End {
    Finished(EndReason),
    Failed(EndReason),
    Halted,
}

/// What the loop carries from one turn to the next.
struct Progress {
    turn_index: u32,
    failures: u32,
    previous: Previous,
}

impl DebateEngine {
    /// Runs turns until the run ends.
    pub(super) async fn drive(self: &Arc<Self>, control: &mut LoopControl) -> End {
        let Some((run_id, topic, max_rounds)) = self.lock().run.as_ref().map(|run| {
            (
                run.run_id.clone(),
                run.config.topic.clone(),
                run.config.max_rounds,
            )
        }) else {
            return End::Halted;
        };
        let mut progress = Progress {
            turn_index: 0,
            failures: 0,
            previous: Previous::None,
        };
        loop {
            if !self.turn_boundary(control).await {
                return End::Halted;
            }
            let speaker = if progress.turn_index.is_multiple_of(2) {
                AgentName::Codex
            } else {
                AgentName::Gemini
            };
            let round = progress.turn_index / 2 + 1;
            self.set_round(round);
            let prompt = prompts::turn(speaker, &topic, round, max_rounds, &progress.previous);
            let request = TurnRequest {
                run_id: &run_id,
                speaker,
                round,
                prompt,
                stop: control.stop.clone(),
            };
            let turn = self.take_turn(request).await;
            if let Err(error) = self.record(speaker, &turn) {
                self.report(&error);
                return End::Failed(EndReason::LogError);
            }
            if let Some(end) = self.judge(speaker, turn, &mut progress) {
                return end;
            }
            if speaker == AgentName::Gemini && round >= max_rounds {
                return End::Finished(EndReason::MaxRounds);
            }
            let mut state = self.lock();
            if self.transition(&mut state, Trigger::TurnEnded) == Ok(DebateStatus::Paused) {
                drop(state);
                self.panel(
                    Panel::Center,
                    LineKind::System,
                    "[일시정지됨] 재개를 누르면 다음 턴부터 이어갑니다",
                );
            }
            progress.turn_index += 1;
        }
    }

    /// The turn boundary: waits out a pause; `false` when the run was stopped.
    async fn turn_boundary(&self, control: &mut LoopControl) -> bool {
        loop {
            let status = self.lock().status;
            match status {
                DebateStatus::Stopping => return false,
                DebateStatus::Paused => {
                    tokio::select! {
                        () = control.resume.notified() => {}
                        _ = control.stop.wait_for(|stop| *stop) => {}
                    }
                }
                _ => return true,
            }
        }
    }

    /// Publishes the round when it changes.
    fn set_round(&self, round: u32) {
        let mut state = self.lock();
        if let Some(run) = state.run.as_mut()
            && run.round != round
        {
            run.round = round;
            self.publish(&Event::DebateState(DebateEngine::debate_view(&state)));
        }
    }

    /// What a finished turn means for the run: `Some` when the run ends here.
    fn judge(&self, speaker: AgentName, turn: Turn, progress: &mut Progress) -> Option<End> {
        let cli_failed = matches!(turn.verdict, Verdict::Failed);
        match turn.verdict {
            Verdict::Stopped => Some(End::Halted),
            Verdict::Timeout => {
                self.report(&DebateError::new(
                    ErrorCode::TurnTimeout,
                    format!(
                        "{}의 턴이 {} ms 안에 끝나지 않아 토론을 중지했습니다",
                        speaker.display(),
                        self.settings.turn_timeout_ms
                    ),
                    "raise DEBATE_TURN_TIMEOUT_MS in .env, or check the CLI by hand",
                ));
                Some(End::Failed(EndReason::TurnTimeout))
            }
            Verdict::SpawnFailed(error) => {
                self.agent_error(speaker, &error);
                Some(End::Failed(EndReason::AgentError))
            }
            Verdict::Reply(text) => {
                progress.failures = 0;
                self.agent_answered(speaker);
                let agreed = self.settings.consensus.is_match(&text);
                progress.previous = Previous::Reply(text);
                agreed.then_some(End::Finished(EndReason::Consensus))
            }
            Verdict::Empty | Verdict::Failed => {
                if cli_failed {
                    self.agent_failed(speaker, &turn.entry);
                }
                progress.failures += 1;
                progress.previous = Previous::Failed;
                if progress.failures < 2 {
                    return None;
                }
                self.report(&DebateError::new(
                    ErrorCode::EmptyReplies,
                    "빈 응답 또는 읽을 수 없는 응답이 연속 2회 나와 토론을 중지했습니다",
                    "open the raw stdout/stderr in the run's .jsonl, and check the agents' \
                     commands in .env",
                ));
                Some(End::Failed(EndReason::EmptyReplies))
            }
        }
    }

    /// A CLI that exits with a failure status during a run (seed §10.1): the agent is `error`
    /// and the relay says why; the run goes on under the two-failures rule.
    fn agent_failed(&self, speaker: AgentName, entry: &crate::types::TranscriptEntry) {
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
        self.agent_error(speaker, &error);
    }

    /// An agent that answers is `ready` again (after a failed turn).
    fn agent_answered(&self, speaker: AgentName) {
        let mut state = self.lock();
        let status = state.agents.get(&speaker).map(|known| known.status());
        if status != Some(AgentStatus::Ready) {
            self.set_agent(&mut state, speaker, |known| {
                known.status = Some(AgentStatus::Ready);
                known.error = None;
            });
        }
    }

    /// Keeps a turn: in memory, in the `.jsonl`, as a `turn_log` event; and a new session id.
    fn record(&self, speaker: AgentName, turn: &Turn) -> Result<(), DebateError> {
        let mut state = self.lock();
        if let Some(run) = state.run.as_mut() {
            run.transcript.push(turn.entry.clone());
        }
        self.publish(&Event::TurnLog(turn.entry.clone()));
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
            self.set_agent(&mut state, speaker, |agent| {
                agent.session_id = Some(id.clone());
            });
            persisted = self.persist_sessions(&state);
        }
        drop(state);
        self.runs.append_turn(&turn.entry)?;
        persisted
    }

    /// Moves the run to its final status and publishes it, its summary written first: a client
    /// that sees the run end reads the summary of the ended run, never the one written at its
    /// start. The relay's closing line comes first too, so a page that waits for the final
    /// state has it.
    pub(super) fn finish(&self, end: End) {
        let mut state = self.lock();
        let (trigger, reason) = match (state.status, end) {
            (DebateStatus::Stopping, _) | (_, End::Halted) => {
                (Trigger::Halted, EndReason::UserStop)
            }
            (_, End::Finished(reason)) => (Trigger::Finished, reason),
            (_, End::Failed(reason)) => (Trigger::Failed, reason),
        };
        if let Some(run) = state.run.as_mut() {
            run.reason = Some(reason);
            run.ended_at = Some(clock::now_iso());
        }
        let to = fsm::next(state.status, trigger).unwrap_or(DebateStatus::Stopped);
        let mut written = self.write_summary_as(&state, to);
        self.panel(
            Panel::Center,
            LineKind::System,
            &format!("═══ 토론 종료 · {} ({to}) ═══", reason_label(reason)),
        );
        if let Err(error) = self.transition(&mut state, trigger) {
            // Only reachable through a bug: keep the server usable and say so.
            tracing::error!("run end refused: {error}");
            state.status = DebateStatus::Stopped;
            written = self.write_summary_as(&state, DebateStatus::Stopped);
            self.publish(&Event::DebateState(DebateEngine::debate_view(&state)));
        }
        state.control = None;
        drop(state);
        if let Err(error) = written {
            self.report(&error);
        }
    }

    /// Writes the run's summary as it stands with status `status` (none without a run).
    fn write_summary_as(&self, state: &State, status: DebateStatus) -> Result<(), DebateError> {
        match DebateEngine::summary(state) {
            Some(mut summary) => {
                summary.status = status;
                self.runs.write_summary(&summary)
            }
            None => Ok(()),
        }
    }
}

fn reason_label(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Consensus => "합의 도달",
        EndReason::MaxRounds => "최대 라운드 도달",
        EndReason::UserStop => "사용자 중지",
        EndReason::TurnTimeout => "턴 시간 초과",
        EndReason::EmptyReplies => "빈 응답 연속 2회",
        EndReason::AgentError => "에이전트 실행 실패",
        EndReason::LogError => "로그 기록 실패",
    }
}
