//! Connecting agents: ready only with a session id; failures named; resume of a stored session.

use crate::support::{Harness, agent_field};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connect_without_a_session_id_fails_and_start_is_refused() {
    let h = Harness::start("").await;
    h.configure("codex", "NOSESSION=1\n");
    h.connect("gemini").await;
    let (status, reply) = h.post("/api/agents/codex/connect", None).await;
    assert_eq!(status, 502, "{reply}");
    assert_eq!(reply["error"]["code"], "SESSION_ID_MISSING");
    assert!(
        reply["error"]["suggestion"]
            .as_str()
            .unwrap()
            .contains("CODEX_START_CMD")
    );
    let state = h.state().await;
    assert_eq!(agent_field(&state, "codex", "status"), "error");
    assert_eq!(agent_field(&state, "gemini", "status"), "ready");
    let (status, reply) = h
        .post("/api/debate/start", Some(r#"{"topic":"주제"}"#))
        .await;
    assert_eq!(
        (status, reply["error"]["code"].as_str()),
        (409, Some("AGENT_NOT_READY"))
    );
    assert!(
        reply["error"]["message"]
            .as_str()
            .unwrap()
            .contains("Codex")
    );
    assert!(h.turn_calls().is_empty());
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_or_missing_cli_makes_the_agent_error() {
    let h = Harness::start("").await;
    h.configure("gemini", "CONNECT_FAIL=1\n");
    let (status, reply) = h.post("/api/agents/gemini/connect", Some("{}")).await;
    assert_eq!(
        (status, reply["error"]["code"].as_str()),
        (502, Some("AGENT_FAILED"))
    );
    assert!(
        reply["error"]["detail"]
            .as_str()
            .unwrap()
            .contains("not logged in")
    );
    assert_eq!(agent_field(&h.state().await, "gemini", "status"), "error");
    // Fixed, the same button connects it.
    h.configure("gemini", "");
    h.connect("gemini").await;
    let dir = h.close().await;

    // A CLI that is not installed.
    let env = crate::support::stub_env(dir.path()).replace(
        &format!("sh {}/stub-agent.sh codex start", dir.path().display()),
        "/nonexistent/codex start",
    );
    std::fs::write(dir.path().join(".env"), env).unwrap();
    let h = Harness::serve(dir).await;
    let (status, reply) = h.post("/api/agents/codex/connect", None).await;
    assert_eq!(
        (status, reply["error"]["code"].as_str()),
        (502, Some("AGENT_SPAWN_FAILED"))
    );
    assert!(
        reply["error"]["message"]
            .as_str()
            .unwrap()
            .contains("/nonexistent/codex")
    );
    assert_eq!(agent_field(&h.state().await, "codex", "status"), "error");
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnect_with_the_stored_session_then_start() {
    let h = Harness::start("").await;
    h.connect_both().await;
    let dir = h.close().await;
    // A new server on the same root remembers the sessions, but nobody is ready yet.
    let h = Harness::serve(dir).await;
    let state = h.state().await;
    assert_eq!(agent_field(&state, "codex", "status"), "idle");
    assert_eq!(agent_field(&state, "codex", "sessionId"), "codex-session-1");
    let (status, _) = h
        .post("/api/debate/start", Some(r#"{"topic":"주제"}"#))
        .await;
    assert_eq!(status, 409);
    for name in ["gemini", "codex"] {
        let session = agent_field(&state, name, "sessionId")
            .as_str()
            .unwrap()
            .to_string();
        let body = format!(r#"{{"resumeSessionId":"{session}"}}"#);
        let (status, reply) = h
            .post(&format!("/api/agents/{name}/connect"), Some(&body))
            .await;
        assert_eq!(
            (status, reply["status"].as_str()),
            (200, Some("ready")),
            "{reply}"
        );
        assert!(
            h.calls()
                .contains(&format!("{name} resume connect {session} 0")),
            "{:?}",
            h.calls()
        );
    }
    h.start_debate("재연결 후 시작", 1).await;
    h.wait_status("completed").await;
    assert_eq!(h.turn_calls(), ["codex 1", "gemini 1"]);
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connect_inputs_are_checked() {
    let h = Harness::start("").await;
    let (status, reply) = h.post("/api/agents/claude/connect", None).await;
    assert_eq!(
        (status, reply["error"]["code"].as_str()),
        (404, Some("UNKNOWN_AGENT"))
    );
    for body in [
        r#"{"resumeSessionId":"-rf"}"#,
        r#"{"resumeSessionId":"a; rm -rf /"}"#,
        r#"{"resumeSessionId":"$(id)"}"#,
        r#"{"resumeSesionId":"x"}"#,
        "not json",
    ] {
        let (status, reply) = h.post("/api/agents/codex/connect", Some(body)).await;
        assert_eq!(
            (status, reply["error"]["code"].as_str()),
            (400, Some("VALIDATION_ERROR")),
            "{body}: {reply}"
        );
        assert!(reply["error"]["suggestion"].is_string());
    }
    // Nothing ran.
    assert!(h.calls().is_empty());
    // Connecting during a run is refused.
    h.configure("codex", "GATE_AT=1\n");
    h.connect_both().await;
    h.start_debate("실행 중 연결", 1).await;
    let (status, reply) = h.post("/api/agents/gemini/connect", None).await;
    assert_eq!(
        (status, reply["error"]["code"].as_str()),
        (409, Some("INVALID_STATE"))
    );
    std::fs::write(h.path("release-codex-1"), "").unwrap();
    h.wait_status("completed").await;
    h.close().await;
}
