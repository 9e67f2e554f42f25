//! One turn of a run: the speaker's resume command with the turn's prompt, its output shown in
//! the speaker's panel as it arrives, and a verdict on what came back. The relay panel gets the
//! turn's header before the call and the reply (or why there is none) after it.
//!
//! This module never changes the debate status or counts failures: the run loop decides.

use std::sync::Arc;

use tokio::sync::watch;

use super::DebateEngine;
use crate::agents::{SHOWN_ARG_CHARS, spawn_error};
use crate::clock;
use crate::error::{DebateError, ErrorCode};
use crate::output::{self, ParsedOutput};
use crate::runner::{CallOutput, Ended};
use crate::template::{Values, shell_line};
use crate::types::{AgentName, LineKind, Panel, TranscriptEntry, TurnOutcome};

/// What the engine needs to know about a finished turn.
#[derive(Debug, Clone)]
pub enum Verdict {
    Reply(String),
    /// Exit 0 but no reply text.
    Empty,
    /// The CLI exited with a failure status.
    Failed,
    Timeout,
    Stopped,
    SpawnFailed(DebateError),
}

#[derive(Debug, Clone)]
pub struct Turn {
    pub entry: TranscriptEntry,
    pub verdict: Verdict,
    /// A session id the output held, if any (the engine keeps the old one otherwise).
    pub session_id: Option<String>,
}

pub struct TurnRequest<'a> {
    pub run_id: &'a str,
    pub speaker: AgentName,
    pub round: u32,
    pub prompt: String,
    pub stop: watch::Receiver<bool>,
}

impl TurnRequest<'_> {
    /// The transcript entry of this turn with what came back.
    fn entry(
        &self,
        response: String,
        stdout: String,
        stderr: String,
        outcome: TurnOutcome,
        exit_code: Option<i32>,
    ) -> TranscriptEntry {
        TranscriptEntry {
            run_id: self.run_id.to_string(),
            ts: clock::now_iso(),
            round: self.round,
            from: self.speaker,
            to: self.speaker.opponent(),
            prompt: self.prompt.clone(),
            response,
            raw_stdout: stdout,
            raw_stderr: stderr,
            outcome,
            exit_code,
        }
    }

    /// The CLI never ran: the entry keeps the reason in place of its stderr.
    fn spawn_failed(&self, error: DebateError) -> Turn {
        Turn {
            entry: self.entry(
                String::new(),
                String::new(),
                error.message.clone(),
                TurnOutcome::SpawnFailed,
                None,
            ),
            verdict: Verdict::SpawnFailed(error),
            session_id: None,
        }
    }
}

impl DebateEngine {
    pub(super) async fn take_turn(self: &Arc<Self>, request: TurnRequest<'_>) -> Turn {
        let speaker = request.speaker;
        let session = self
            .lock()
            .agents
            .get(&speaker)
            .and_then(|known| known.session_id.clone());
        let key = format!("{}_RESUME_CMD", speaker.as_str().to_uppercase());
        self.panel(
            Panel::Center,
            LineKind::System,
            &format!(
                "── 라운드 {} · {} → {} ──",
                request.round,
                speaker.display(),
                speaker.opponent().display()
            ),
        );
        let rendered = self.settings.commands(speaker).resume.render(Values {
            prompt: &request.prompt,
            session_id: session.as_deref(),
        });
        let argv = match rendered {
            Ok(argv) => argv,
            Err(error) => {
                return request.spawn_failed(DebateError::new(
                    ErrorCode::ConfigInvalid,
                    format!("{key}: {error}"),
                    "connect the agent again, or fix .env",
                ));
            }
        };
        self.panel(
            speaker.panel(),
            LineKind::System,
            &format!("$ {}", shell_line(&argv, SHOWN_ARG_CHARS)),
        );
        let called = self
            .call_agent(
                argv.clone(),
                Some(request.stop.clone()),
                self.panel_sink(speaker),
            )
            .await;
        match called {
            Ok(output) => self.judge_output(&request, output),
            Err(error) => request.spawn_failed(spawn_error(speaker, &key, &argv, &error)),
        }
    }

    /// The verdict on a call that ran, shown in the speaker's panel and the relay.
    fn judge_output(&self, request: &TurnRequest<'_>, output: CallOutput) -> Turn {
        let speaker = request.speaker;
        let parsed = output::parse(&output.stdout);
        let (verdict, outcome) = verdict(output.ended, &parsed);
        let ending = match output.ended {
            Ended::Exited(Some(code)) => format!("종료 코드 {code}"),
            Ended::Exited(None) => "신호로 종료".to_string(),
            Ended::TimedOut => format!(
                "시간 초과 ({} ms), 프로세스 종료",
                self.turn_timeout().as_millis()
            ),
            Ended::Stopped => "중지됨, 프로세스 종료".to_string(),
        };
        self.panel(
            speaker.panel(),
            LineKind::System,
            &format!("[{ending}] {:.1}s", output.elapsed.as_secs_f64()),
        );
        match &verdict {
            Verdict::Reply(text) => self.panel(Panel::Center, LineKind::Message, text),
            Verdict::Empty => self.panel(
                Panel::Center,
                LineKind::Error,
                &format!(
                    "[{} 응답 없음: 빈 응답 또는 읽을 수 없는 출력]",
                    speaker.display()
                ),
            ),
            Verdict::Failed => self.panel(
                Panel::Center,
                LineKind::Error,
                &format!("[{} 응답 없음: CLI 실패 ({ending})]", speaker.display()),
            ),
            Verdict::Timeout | Verdict::Stopped | Verdict::SpawnFailed(_) => {}
        }
        let exit_code = output.exit_code();
        Turn {
            entry: request.entry(
                parsed.response,
                output.stdout,
                output.stderr,
                outcome,
                exit_code,
            ),
            verdict,
            session_id: parsed.session_id,
        }
    }
}

fn verdict(ended: Ended, parsed: &ParsedOutput) -> (Verdict, TurnOutcome) {
    match ended {
        Ended::TimedOut => (Verdict::Timeout, TurnOutcome::Timeout),
        Ended::Stopped => (Verdict::Stopped, TurnOutcome::Stopped),
        Ended::Exited(Some(0)) if !parsed.response.is_empty() => {
            (Verdict::Reply(parsed.response.clone()), TurnOutcome::Ok)
        }
        Ended::Exited(Some(0)) => (Verdict::Empty, TurnOutcome::Empty),
        Ended::Exited(_) => (Verdict::Failed, TurnOutcome::Failed),
    }
}
