//! One turn of a run: the speaker's resume command with the turn's prompt, its output shown in
//! the speaker's panel as it arrives, and a verdict on what came back. The relay panel gets the
//! turn's header before the call and the reply (or why there is none) after it.
//!
//! This module never changes the debate status or counts failures: the engine decides.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use crate::agents::{SHOWN_ARG_CHARS, panel_sink, spawn_error};
use crate::app::App;
use crate::clock;
use crate::error::{DebateError, ErrorCode};
use crate::output;
use crate::runner::{self, Ended};
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

pub async fn take(app: &Arc<App>, request: TurnRequest<'_>) -> Turn {
    let TurnRequest {
        run_id,
        speaker,
        round,
        prompt,
        stop,
    } = request;
    let session = app
        .lock()
        .agents
        .get(&speaker)
        .and_then(|known| known.session_id.clone());
    let key = format!("{}_RESUME_CMD", speaker.as_str().to_uppercase());
    app.panel(
        Panel::Center,
        LineKind::System,
        &format!(
            "── 라운드 {round} · {} → {} ──",
            speaker.display(),
            speaker.opponent().display()
        ),
    );
    let entry =
        |response: String, stdout: String, stderr: String, outcome, exit_code| TranscriptEntry {
            run_id: run_id.to_string(),
            ts: clock::now_iso(),
            round,
            from: speaker,
            to: speaker.opponent(),
            prompt: prompt.clone(),
            response,
            raw_stdout: stdout,
            raw_stderr: stderr,
            outcome,
            exit_code,
        };
    // The CLI never ran: the entry keeps the reason in place of its stderr.
    let spawn_failed = |error: DebateError| Turn {
        entry: entry(
            String::new(),
            String::new(),
            error.message.clone(),
            TurnOutcome::SpawnFailed,
            None,
        ),
        verdict: Verdict::SpawnFailed(error),
        session_id: None,
    };
    let rendered = app.settings.commands(speaker).resume.render(Values {
        prompt: &prompt,
        session_id: session.as_deref(),
    });
    let argv = match rendered {
        Ok(argv) => argv,
        Err(error) => {
            let error = DebateError::new(
                ErrorCode::ConfigInvalid,
                format!("{key}: {error}"),
                "connect the agent again, or fix .env",
            );
            return spawn_failed(error);
        }
    };
    app.panel(
        speaker.panel(),
        LineKind::System,
        &format!("$ {}", shell_line(&argv, SHOWN_ARG_CHARS)),
    );
    let timeout = Duration::from_millis(app.settings.turn_timeout_ms);
    let called = runner::run(
        &argv,
        &app.paths.root,
        timeout,
        Some(stop),
        panel_sink(app, speaker),
    )
    .await;
    let output = match called {
        Ok(output) => output,
        Err(error) => {
            return spawn_failed(spawn_error(speaker, &key, &argv, &error));
        }
    };
    let parsed = output::parse(&output.stdout);
    let (verdict, outcome) = match output.ended {
        Ended::TimedOut => (Verdict::Timeout, TurnOutcome::Timeout),
        Ended::Stopped => (Verdict::Stopped, TurnOutcome::Stopped),
        Ended::Exited(Some(0)) if !parsed.response.is_empty() => {
            (Verdict::Reply(parsed.response.clone()), TurnOutcome::Ok)
        }
        Ended::Exited(Some(0)) => (Verdict::Empty, TurnOutcome::Empty),
        Ended::Exited(_) => (Verdict::Failed, TurnOutcome::Failed),
    };
    let ending = match output.ended {
        Ended::Exited(Some(code)) => format!("종료 코드 {code}"),
        Ended::Exited(None) => "신호로 종료".to_string(),
        Ended::TimedOut => format!("시간 초과 ({} ms), 프로세스 종료", timeout.as_millis()),
        Ended::Stopped => "중지됨, 프로세스 종료".to_string(),
    };
    app.panel(
        speaker.panel(),
        LineKind::System,
        &format!("[{ending}] {:.1}s", output.elapsed.as_secs_f64()),
    );
    match &verdict {
        Verdict::Reply(text) => app.panel(Panel::Center, LineKind::Message, text),
        Verdict::Empty => app.panel(
            Panel::Center,
            LineKind::Error,
            &format!(
                "[{} 응답 없음: 빈 응답 또는 읽을 수 없는 출력]",
                speaker.display()
            ),
        ),
        Verdict::Failed => app.panel(
            Panel::Center,
            LineKind::Error,
            &format!("[{} 응답 없음: CLI 실패 ({ending})]", speaker.display()),
        ),
        Verdict::Timeout | Verdict::Stopped | Verdict::SpawnFailed(_) => {}
    }
    let exit_code = output.exit_code();
    Turn {
        entry: entry(
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
