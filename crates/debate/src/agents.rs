//! Connecting an agent (`POST /api/agents/:agent/connect`, the "구동/재연결" button): one call
//! of its start command (or its resume command with a given session id) with a short check
//! prompt. The agent is `ready` only when that call exits 0 and its output holds a session id;
//! every other outcome makes it `error` with the reason, in the reply, in `agent_status`, in an
//! `error` event and in the relay panel.
//!
//! This module must never mark an agent `ready` without a session id, nor connect while a run
//! is active.

use std::sync::Arc;

use crate::clock;
use crate::engine::DebateEngine;
use crate::error::{DebateError, ErrorCode};
use crate::events::AgentStatusView;
use crate::output::{self, is_valid_session_id};
use crate::prompts;
use crate::runner::Ended;
use crate::template::{Values, shell_line};
use crate::types::{AgentName, AgentStatus, LineKind};

/// Characters of a command line shown in a panel per argument.
pub const SHOWN_ARG_CHARS: usize = 60;

impl DebateEngine {
    /// Connects `agent`: a new session, or `resume_session_id` resumed. Refused while a run is
    /// active or while the agent is already connecting.
    pub async fn connect(
        self: &Arc<Self>,
        agent: AgentName,
        resume_session_id: Option<String>,
    ) -> Result<AgentStatusView, DebateError> {
        if let Some(id) = &resume_session_id
            && !is_valid_session_id(id)
        {
            return Err(DebateError::new(
                ErrorCode::ValidationError,
                format!("resumeSessionId `{id}` is not a session id"),
                "use letters, digits, '.', '_', ':' or '-' (not first), at most 128 characters; \
                 or leave it out to start a new session",
            ));
        }
        {
            let mut state = self.lock();
            if state.status.is_active() {
                return Err(DebateError::new(
                    ErrorCode::InvalidState,
                    format!(
                        "토론이 진행 중({})이라 {}을(를) 재연결할 수 없습니다",
                        state.status,
                        agent.display()
                    ),
                    "stop the debate first: POST /api/debate/stop",
                ));
            }
            let current = state.agents.get(&agent).map(|known| known.status());
            if current == Some(AgentStatus::Connecting) {
                return Err(DebateError::new(
                    ErrorCode::AgentBusy,
                    format!("{}은(는) 이미 연결 중입니다", agent.display()),
                    "wait for the agent_status event of the connect in progress",
                ));
            }
            self.set_agent(&mut state, agent, |known| {
                known.status = Some(AgentStatus::Connecting);
                known.error = None;
            });
        }
        match self.connect_call(agent, resume_session_id.as_deref()).await {
            Ok(session_id) => {
                let mut state = self.lock();
                self.set_agent(&mut state, agent, |known| {
                    known.status = Some(AgentStatus::Ready);
                    known.session_id = Some(session_id.clone());
                    known.last_connected_at = Some(clock::now_iso());
                });
                let persisted = self.persist_sessions(&state);
                let view = DebateEngine::agent_view(&state, agent);
                drop(state);
                self.panel(
                    agent.panel(),
                    LineKind::System,
                    &format!("[연결됨] 세션 {session_id}"),
                );
                if let Err(error) = persisted {
                    self.report(&error);
                }
                Ok(view)
            }
            Err(error) => {
                self.agent_error(agent, &error);
                Err(error)
            }
        }
    }

    /// Runs the connect call and returns the session id it printed.
    async fn connect_call(
        self: &Arc<Self>,
        agent: AgentName,
        resume: Option<&str>,
    ) -> Result<String, DebateError> {
        let commands = self.settings.commands(agent);
        let prompt = prompts::connect(agent);
        let (template, key) = match resume {
            Some(_) => (
                &commands.resume,
                format!("{}_RESUME_CMD", agent.as_str().to_uppercase()),
            ),
            None => (
                &commands.start,
                format!("{}_START_CMD", agent.as_str().to_uppercase()),
            ),
        };
        let argv = template
            .render(Values {
                prompt: &prompt,
                session_id: resume,
            })
            .map_err(|error| {
                DebateError::new(
                    ErrorCode::ConfigInvalid,
                    format!("{key}: {error}"),
                    "fix .env",
                )
            })?;
        self.panel(
            agent.panel(),
            LineKind::System,
            &format!("$ {}", shell_line(&argv, SHOWN_ARG_CHARS)),
        );
        let timeout = self.turn_timeout();
        let output = self
            .call_agent(argv.clone(), None, self.panel_sink(agent))
            .await
            .map_err(|error| spawn_error(agent, &key, &argv, &error))?;
        let name = agent.display();
        match output.ended {
            Ended::TimedOut => {
                return Err(DebateError::new(
                    ErrorCode::TurnTimeout,
                    format!(
                        "{name} 연결이 {} ms 안에 끝나지 않았습니다",
                        timeout.as_millis()
                    ),
                    "check the CLI by hand with the command shown in its panel, or raise \
                 DEBATE_TURN_TIMEOUT_MS in .env",
                ));
            }
            Ended::Exited(code) if code != Some(0) => {
                return Err(DebateError::new(
                    ErrorCode::AgentFailed,
                    format!(
                        "{name} CLI가 실패했습니다 (종료 코드 {})",
                        code.map_or_else(|| "signal".to_string(), |code| code.to_string())
                    ),
                    "run the command shown in its panel by hand; is the CLI logged in?",
                )
                .with_detail(tail(&output.stderr)));
            }
            Ended::Exited(_) | Ended::Stopped => {}
        }
        let parsed = output::parse(&output.stdout);
        parsed.session_id.ok_or_else(|| {
            DebateError::new(
                ErrorCode::SessionIdMissing,
                format!("{name} 출력에서 세션 ID를 찾을 수 없습니다"),
                format!(
                    "make {key} print its session id (JSON output such as `--json` / \
                 `--output-format stream-json`, or a `session id: …` line)"
                ),
            )
            .with_detail(tail(&output.stdout))
        })
    }
}

pub fn spawn_error(
    agent: AgentName,
    key: &str,
    argv: &[String],
    error: &std::io::Error,
) -> DebateError {
    let program = argv.first().map(String::as_str).unwrap_or_default();
    DebateError::new(
        ErrorCode::AgentSpawnFailed,
        format!(
            "{} CLI를 실행할 수 없습니다: {program}: {error}",
            agent.display()
        ),
        format!("install {program} or fix {key} in .env (use the program's full path)"),
    )
}

/// The last lines of a stream, for an error's detail.
pub fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.trim_end().lines().collect();
    let start = lines.len().saturating_sub(8);
    let joined = lines[start..].join("\n");
    if joined.chars().count() > 2000 {
        joined.chars().skip(joined.chars().count() - 2000).collect()
    } else {
        joined
    }
}
