//! The engine's logic against the in-memory runner: turn order and relaying, consensus, max
//! rounds, pause at the turn boundary, stop, timeouts, empty and failed replies, agents that
//! cannot run, and the refusals. No process runs; the stores write to a temporary directory.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;

use super::DebateEngine;
use super::memory_runner::{MemoryRunner, Step, eventually};
use crate::config::Settings;
use crate::engine::StartRequest;
use crate::error::ErrorCode;
use crate::fsm::UserAction;
use crate::types::{AgentName, AgentStatus, DebateStatus, EndReason, TurnOutcome};

const PATIENCE: Duration = Duration::from_secs(20);

struct Rig {
    engine: Arc<DebateEngine>,
    runner: Arc<MemoryRunner>,
    dir: tempfile::TempDir,
}

fn env(extra: &str) -> String {
    format!(
        "CODEX_START_CMD='codex start {{prompt}}'\n\
         CODEX_RESUME_CMD='codex resume {{session_id}} {{prompt}}'\n\
         GEMINI_START_CMD='gemini start {{prompt}}'\n\
         GEMINI_RESUME_CMD='gemini resume {{session_id}} {{prompt}}'\n{extra}\n"
    )
}

fn rig(extra_env: &str) -> Rig {
    let dir = tempfile::tempdir().unwrap();
    let settings = Settings::parse(&env(extra_env)).unwrap();
    let runner = Arc::new(MemoryRunner::default());
    let (engine, note) =
        DebateEngine::new(settings, dir.path().to_path_buf(), runner.clone()).unwrap();
    assert_eq!(note, None);
    Rig {
        engine,
        runner,
        dir,
    }
}

impl Rig {
    /// Both agents connected (one scripted connect call each).
    async fn ready(extra_env: &str) -> Rig {
        let rig = rig(extra_env);
        rig.runner
            .script("codex", [Step::reply("codex-1", "ready")]);
        rig.runner
            .script("gemini", [Step::reply("gemini-1", "ready")]);
        for agent in AgentName::ALL {
            let view = rig.engine.connect(agent, None).await.unwrap();
            assert_eq!(view.status, AgentStatus::Ready);
        }
        rig
    }

    fn start(&self, max_rounds: u32) {
        let request = StartRequest {
            topic: "탭 vs 스페이스".into(),
            max_rounds: Some(max_rounds),
        };
        let view = self.engine.start(&request).unwrap();
        assert_eq!(view.status, DebateStatus::Running);
    }

    fn status(&self) -> DebateStatus {
        self.engine.lock().status
    }

    async fn until_status(&self, status: DebateStatus) {
        let reached = eventually(PATIENCE, || self.status() == status).await;
        assert!(reached, "never {status:?}; now {:?}", self.status());
    }

    /// Waits for the run to end and returns its reason.
    async fn ended(&self) -> EndReason {
        let ended = eventually(PATIENCE, || {
            let state = self.engine.lock();
            !state.status.is_active() && state.control.is_none()
        })
        .await;
        assert!(ended, "the run never ended: {:?}", self.status());
        self.engine.lock().run.as_ref().unwrap().reason.unwrap()
    }

    /// `(from, round, outcome)` of every turn of the run.
    fn turns(&self) -> Vec<(AgentName, u32, TurnOutcome)> {
        let state = self.engine.lock();
        let run = state.run.as_ref().unwrap();
        run.transcript
            .iter()
            .map(|entry| (entry.from, entry.round, entry.outcome))
            .collect()
    }

    /// The program and mode (`codex resume`) of every call after the two connects.
    fn turn_calls(&self) -> Vec<String> {
        self.runner.calls()[2..]
            .iter()
            .map(|argv| format!("{} {}", argv[0], argv[1]))
            .collect()
    }

    fn agent_status(&self, agent: AgentName) -> AgentStatus {
        self.engine.lock().agents[&agent].status()
    }
}

use AgentName::{Codex, Gemini};

#[tokio::test]
async fn codex_speaks_first_turns_alternate_and_the_last_round_completes_the_run() {
    let rig = Rig::ready("").await;
    rig.runner
        .script("codex", [Step::reply("codex-1", "스페이스가 낫다")]);
    rig.start(2);
    assert_eq!(rig.ended().await, EndReason::MaxRounds);
    assert_eq!(rig.status(), DebateStatus::Completed);
    assert_eq!(
        rig.turns(),
        [
            (Codex, 1, TurnOutcome::Ok),
            (Gemini, 1, TurnOutcome::Ok),
            (Codex, 2, TurnOutcome::Ok),
            (Gemini, 2, TurnOutcome::Ok),
        ]
    );
    assert_eq!(
        rig.turn_calls(),
        [
            "codex resume",
            "gemini resume",
            "codex resume",
            "gemini resume"
        ]
    );
    // Each call resumes the agent's session, and Gemini hears Codex's reply.
    let calls = rig.runner.calls();
    assert_eq!(calls[2][2], "codex-1");
    assert_eq!(calls[3][2], "gemini-1");
    assert!(
        calls[3][3].contains("Codex의 발언:\n스페이스가 낫다"),
        "{}",
        calls[3][3]
    );
    // The run is on disk: four lines of transcript and a final summary.
    let record = rig
        .engine
        .runs
        .read_run(&rig.engine.state_view().run_id.unwrap())
        .unwrap();
    assert_eq!(record.transcript.len(), 4);
    assert_eq!(record.summary.status, DebateStatus::Completed);
    assert_eq!(record.summary.reason, Some(EndReason::MaxRounds));
    assert_eq!(record.summary.round, 2);
}

#[tokio::test]
async fn a_consensus_reply_completes_the_run_early() {
    let rig = Rig::ready("").await;
    rig.runner
        .script("gemini", [Step::reply("gemini-1", "좋습니다, 합의합니다")]);
    rig.start(6);
    assert_eq!(rig.ended().await, EndReason::Consensus);
    assert_eq!(rig.status(), DebateStatus::Completed);
    assert_eq!(rig.turns().len(), 2);
    assert_eq!(rig.engine.state_view().round, Some(1));
}

#[tokio::test]
async fn two_empty_replies_in_a_row_stop_the_run() {
    let rig = Rig::ready("").await;
    rig.runner.script("codex", [Step::empty()]);
    rig.runner.script("gemini", [Step::empty()]);
    rig.start(6);
    assert_eq!(rig.ended().await, EndReason::EmptyReplies);
    assert_eq!(rig.status(), DebateStatus::Stopped);
    assert_eq!(
        rig.turns(),
        [
            (Codex, 1, TurnOutcome::Empty),
            (Gemini, 1, TurnOutcome::Empty)
        ]
    );
    // Gemini was told the empty reply was empty.
    assert!(rig.runner.calls()[3][3].contains("비어 있거나 읽을 수 없었습니다"));
}

#[tokio::test]
async fn a_failed_cli_marks_its_agent_error_until_it_answers_again() {
    let rig = Rig::ready("").await;
    rig.runner.script(
        "codex",
        [
            Step::Exit {
                stdout: String::new(),
                code: 3,
            },
            Step::reply("codex-2", "다시 왔습니다"),
        ],
    );
    // Gemini's first reply breaks the run of failures, so the run goes on.
    rig.runner
        .script("gemini", [Step::reply("gemini-1", "계속합시다")]);
    let mut events = rig.engine.hub.subscribe();
    rig.start(2);
    assert_eq!(rig.ended().await, EndReason::MaxRounds);
    assert_eq!(
        rig.turns(),
        [
            (Codex, 1, TurnOutcome::Failed),
            (Gemini, 1, TurnOutcome::Ok),
            (Codex, 2, TurnOutcome::Ok),
            (Gemini, 2, TurnOutcome::Ok),
        ]
    );
    assert_eq!(rig.agent_status(Codex), AgentStatus::Ready);
    // Codex went `error` on the failure, and its new session id replaced the old one.
    let mut codex_errored = false;
    while let Ok(json) = events.try_recv() {
        codex_errored |= json.contains(r#""type":"agent_status","agent":"codex","status":"error""#);
    }
    assert!(codex_errored);
    assert_eq!(
        rig.engine.lock().agents[&Codex].session_id.as_deref(),
        Some("codex-2")
    );
    let stored = std::fs::read_to_string(rig.dir.path().join("logs/sessions.json")).unwrap();
    assert!(stored.contains("codex-2"), "{stored}");
}

#[tokio::test]
async fn a_turn_that_outlives_the_timeout_stops_the_run() {
    let rig = Rig::ready("DEBATE_TURN_TIMEOUT_MS=150").await;
    rig.runner.script("codex", [Step::Hang]);
    rig.start(6);
    assert_eq!(rig.ended().await, EndReason::TurnTimeout);
    assert_eq!(rig.status(), DebateStatus::Stopped);
    assert_eq!(rig.turns(), [(Codex, 1, TurnOutcome::Timeout)]);
    assert_eq!(rig.turn_calls(), ["codex resume"]);
}

#[tokio::test]
async fn a_cli_that_cannot_start_stops_the_run_with_agent_error() {
    let rig = Rig::ready("").await;
    rig.runner.script("codex", [Step::Missing]);
    rig.start(6);
    assert_eq!(rig.ended().await, EndReason::AgentError);
    assert_eq!(rig.status(), DebateStatus::Stopped);
    assert_eq!(rig.turns(), [(Codex, 1, TurnOutcome::SpawnFailed)]);
    assert_eq!(rig.agent_status(Codex), AgentStatus::Error);
}

#[tokio::test]
async fn pause_takes_effect_at_the_turn_boundary_and_resume_goes_on() {
    let rig = Rig::ready("").await;
    let gate = Arc::new(Notify::new());
    rig.runner.script(
        "codex",
        [Step::Gated {
            gate: gate.clone(),
            stdout: r#"{"response": "생각 끝"}"#.into(),
        }],
    );
    rig.start(1);
    assert!(eventually(PATIENCE, || rig.runner.calls().len() == 3).await);
    let view = rig.engine.pause().unwrap();
    assert_eq!(view.status, DebateStatus::PauseRequested);
    assert_eq!(view.actions, [UserAction::Stop]);
    // The running call is not cut short: it finishes, then the run pauses.
    gate.notify_one();
    rig.until_status(DebateStatus::Paused).await;
    assert_eq!(rig.turns(), [(Codex, 1, TurnOutcome::Ok)]);
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(rig.runner.calls().len(), 3, "no call while paused");
    assert_eq!(
        rig.engine.state_view().actions,
        [UserAction::Resume, UserAction::Stop]
    );
    rig.engine.resume().unwrap();
    assert_eq!(rig.ended().await, EndReason::MaxRounds);
    assert_eq!(rig.turn_calls(), ["codex resume", "gemini resume"]);
}

#[tokio::test]
async fn stop_ends_the_running_call_at_once_and_wins_over_a_pause_request() {
    let rig = Rig::ready("").await;
    rig.runner.script("codex", [Step::Hang]);
    rig.start(6);
    assert!(eventually(PATIENCE, || rig.runner.calls().len() == 3).await);
    rig.engine.pause().unwrap();
    let view = rig.engine.stop().await.unwrap();
    assert_eq!(view.status, DebateStatus::Stopped);
    assert_eq!(rig.ended().await, EndReason::UserStop);
    assert_eq!(rig.turns(), [(Codex, 1, TurnOutcome::Stopped)]);
    assert_eq!(view.actions, [UserAction::Start, UserAction::Connect]);
}

#[tokio::test]
async fn stop_while_paused_stops_without_another_call() {
    let rig = Rig::ready("").await;
    rig.start(6);
    rig.engine.pause().unwrap();
    rig.until_status(DebateStatus::Paused).await;
    let calls = rig.runner.calls().len();
    let view = rig.engine.stop().await.unwrap();
    assert_eq!(view.status, DebateStatus::Stopped);
    assert_eq!(rig.ended().await, EndReason::UserStop);
    assert_eq!(rig.runner.calls().len(), calls);
}

#[tokio::test]
async fn start_needs_ready_agents_and_one_run_at_a_time() {
    let rig = rig("");
    let request = StartRequest {
        topic: "주제".into(),
        max_rounds: None,
    };
    let refused = rig.engine.start(&request).unwrap_err();
    assert_eq!(refused.code, ErrorCode::AgentNotReady);
    // A connect whose output holds no session id leaves the agent `error`.
    rig.runner.script(
        "codex",
        [Step::Exit {
            stdout: "hello".into(),
            code: 0,
        }],
    );
    let refused = rig.engine.connect(Codex, None).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::SessionIdMissing);
    assert_eq!(rig.agent_status(Codex), AgentStatus::Error);
    rig.engine.connect(Codex, None).await.unwrap();
    rig.engine.connect(Gemini, None).await.unwrap();
    rig.runner.script("codex", [Step::Hang]);
    let view = rig.engine.start(&request).unwrap();
    assert_eq!(view.max_rounds, Some(6), "the .env default");
    assert_eq!(view.actions, [UserAction::Pause, UserAction::Stop]);
    let again = rig.engine.start(&request).unwrap_err();
    assert_eq!(again.code, ErrorCode::InvalidState);
    let connect = rig.engine.connect(Gemini, None).await.unwrap_err();
    assert_eq!(connect.code, ErrorCode::InvalidState);
    assert_eq!(
        rig.engine.resume().unwrap_err().code,
        ErrorCode::InvalidState
    );
    rig.engine.stop().await.unwrap();
    assert_eq!(rig.ended().await, EndReason::UserStop);
}
