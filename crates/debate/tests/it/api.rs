//! The HTTP surface: validation, refusals, the UI-not-built page, and the binary itself.

use std::process::Command;

use crate::support::{Harness, request, spawn_binary, stub_env};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_validates_its_body() {
    let h = Harness::start("").await;
    h.connect_both().await;
    for (body, code) in [
        (r#"{"topic":""}"#, "VALIDATION_ERROR"),
        (r#"{"topic":"   "}"#, "VALIDATION_ERROR"),
        (r#"{"topic":"x","maxRounds":0}"#, "VALIDATION_ERROR"),
        (r#"{"topic":"x","maxRounds":101}"#, "VALIDATION_ERROR"),
        (r#"{"topic":"x","rounds":3}"#, "VALIDATION_ERROR"),
        (r#"{"maxRounds":3}"#, "VALIDATION_ERROR"),
        ("", "VALIDATION_ERROR"),
    ] {
        let (status, reply) = h.post("/api/debate/start", Some(body)).await;
        assert_eq!(
            (status, reply["error"]["code"].as_str()),
            (400, Some(code)),
            "{body}: {reply}"
        );
    }
    let long = "가".repeat(2001);
    let (status, _) = h
        .post(
            "/api/debate/start",
            Some(&serde_json::json!({ "topic": long }).to_string()),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(h.state().await["debate"]["status"], "idle");
    // The default maxRounds comes from .env (6 unless set).
    let (status, reply) = h
        .post("/api/debate/start", Some(r#"{"topic":"기본값"}"#))
        .await;
    assert_eq!(status, 200);
    assert_eq!(reply["maxRounds"], 6);
    h.post("/api/debate/stop", None).await;
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn controls_out_of_turn_are_refused() {
    let h = Harness::start("").await;
    for path in [
        "/api/debate/pause",
        "/api/debate/resume",
        "/api/debate/stop",
    ] {
        let (status, reply) = h.post(path, None).await;
        assert_eq!(
            (status, reply["error"]["code"].as_str()),
            (409, Some("INVALID_STATE")),
            "{path}: {reply}"
        );
        assert!(reply["error"]["message"].as_str().unwrap().contains("idle"));
    }
    let (status, reply) = h.get("/api/runs/20990101-000000-000-1").await;
    assert_eq!(
        (status, reply["error"]["code"].as_str()),
        (404, Some("RUN_NOT_FOUND"))
    );
    let (status, _) = h.get("/api/runs/..%2F..%2Fetc").await;
    assert_eq!(status, 404);
    let (status, reply) = h.get("/api/nothing/here").await;
    assert_eq!(
        (status, reply["error"]["code"].as_str()),
        (404, Some("UNKNOWN_ROUTE"))
    );
    assert!(
        reply["error"]["message"]
            .as_str()
            .unwrap()
            .contains("/api/nothing/here")
    );
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn other_origins_and_hosts_are_refused() {
    let h = Harness::start("").await;
    let (status, reply) = request(
        h.port,
        "POST",
        "/api/agents/codex/connect",
        None,
        &[("Origin", "http://evil.example")],
    )
    .await;
    assert_eq!(status, 403, "{reply}");
    assert!(h.calls().is_empty(), "a cross-origin request ran a CLI");
    let origin = format!("http://127.0.0.1:{}", h.port);
    let (status, _) = request(
        h.port,
        "GET",
        "/api/debate/state",
        None,
        &[("Origin", origin.as_str())],
    )
    .await;
    assert_eq!(status, 200);
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_built_ui_every_page_says_how_to_build_it() {
    let h = Harness::start("").await;
    for path in ["/", "/index.html", "/assets/app.js"] {
        let (status, body) = h.get(path).await;
        assert_eq!(status, 500, "{path}");
        let text = body.as_str().unwrap();
        assert!(text.contains("UI가 빌드되지 않았습니다"), "{text}");
        assert!(text.contains("bash scripts/debate.sh"), "{text}");
    }
    // The API works without it.
    assert_eq!(h.get("/api/debate/state").await.0, 200);
    h.close().await;
}

#[test]
fn the_binary_refuses_a_bad_env_with_every_problem() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join(".env"),
        "GEMINI_START_CMD='gemini {prompt} | tee'\nCODEX_START_CMD='codex'\n",
    )
    .unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_cdt-debate"))
        .args(["--root", dir.path().to_str().unwrap(), "--port", "0"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    for expected in [
        "ConfigInvalid",
        "GEMINI_START_CMD: `|` is shell syntax",
        "GEMINI_RESUME_CMD: missing",
        "CODEX_START_CMD: the {prompt} placeholder is missing",
        "CODEX_RESUME_CMD: missing",
        "try:",
    ] {
        assert!(stderr.contains(expected), "{expected:?} not in {stderr}");
    }
    // No .env at all.
    let empty = tempfile::tempdir().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_cdt-debate"))
        .args(["--root", empty.path().to_str().unwrap(), "--port", "0"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains(".env.example"));
}

/// The real binary: its one stdout line, the API, and SIGTERM with a page open and a CLI
/// running (the CLI's process group is killed and the open WebSocket does not hold it up).
#[test]
fn the_binary_prints_its_address_serves_and_stops_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("stub-agent.sh"), crate::support::STUB).unwrap();
    std::fs::write(dir.path().join(".env"), stub_env(dir.path())).unwrap();
    std::fs::write(
        dir.path().join("codex.conf"),
        "SLEEP_AT=1\nSLEEP_SECS=300\n",
    )
    .unwrap();
    let (mut child, port) = spawn_binary(dir.path(), &[]);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (status, state) = runtime.block_on(request(port, "GET", "/api/debate/state", None, &[]));
    assert_eq!(status, 200);
    assert_eq!(state["defaults"]["maxRounds"], 6);
    assert!(dir.path().join("logs/runs").is_dir());
    // A page is open and a run's CLI is busy.
    let _socket = runtime
        .block_on(tokio_tungstenite::connect_async(crate::support::ws_url(
            port,
        )))
        .unwrap();
    for agent in ["gemini", "codex"] {
        let (status, _) = runtime.block_on(request(
            port,
            "POST",
            &format!("/api/agents/{agent}/connect"),
            None,
            &[],
        ));
        assert_eq!(status, 200);
    }
    let (status, _) = runtime.block_on(request(
        port,
        "POST",
        "/api/debate/start",
        Some(r#"{"topic":"종료 신호"}"#),
        &[],
    ));
    assert_eq!(status, 200);
    let sleeper_file = dir.path().join("codex.sleeper.pid");
    assert!(cdt_e2e::eventually(crate::support::PATIENCE, || {
        std::fs::read_to_string(&sleeper_file).is_ok_and(|text| text.trim().parse::<i32>().is_ok())
    }));
    let sleeper: i32 = std::fs::read_to_string(&sleeper_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let pid = i32::try_from(child.id()).unwrap();
    Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    assert!(
        runtime.block_on(crate::support::gone(sleeper)),
        "the CLI outlived the server"
    );
    let summary = std::fs::read_dir(dir.path().join("logs/runs"))
        .unwrap()
        .filter_map(Result::ok)
        .find(|entry| {
            entry
                .file_name()
                .to_string_lossy()
                .ends_with(".summary.json")
        })
        .unwrap();
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(summary.path()).unwrap()).unwrap();
    assert_eq!(summary["status"], "stopped");
    assert_eq!(summary["reason"], "user_stop");
}

/// Issue 20: another local process cannot drive the user's agents: every request needs the
/// token the server printed (bearer, or the cookie the printed URL sets), and the logs it
/// writes are private (0600 files in a 0700 directory).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_without_the_token_are_refused_and_logs_are_private() {
    use std::os::unix::fs::PermissionsExt;
    let h = Harness::start("").await;
    for headers in [
        vec![("Authorization", "")],
        vec![("Authorization", "Bearer not-the-token")],
    ] {
        let (status, reply) =
            request(h.port, "POST", "/api/agents/codex/connect", None, &headers).await;
        assert_eq!(status, 401, "{reply}");
    }
    assert!(
        h.calls().is_empty(),
        "a request without the token ran a CLI"
    );
    let token = crate::support::token_of(h.port);
    let (status, _) = request(
        h.port,
        "GET",
        &format!("/api/debate/state?token={token}"),
        None,
        &[("Authorization", "")],
    )
    .await;
    assert_eq!(status, 200);
    let cookie = format!("cdt_debate_token={token}");
    let (status, _) = request(
        h.port,
        "GET",
        "/api/debate/state",
        None,
        &[("Authorization", ""), ("Cookie", cookie.as_str())],
    )
    .await;
    assert_eq!(status, 200);
    assert!(
        tokio_tungstenite::connect_async(format!("ws://127.0.0.1:{}/ws", h.port))
            .await
            .is_err()
    );

    h.connect_both().await;
    h.start_debate("privacy", 1).await;
    let runs = h.path("logs/runs");
    let mode =
        |path: &std::path::Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&runs), 0o700);
    let deadline = std::time::Instant::now() + crate::support::PATIENCE;
    loop {
        let files: Vec<_> = std::fs::read_dir(&runs).unwrap().flatten().collect();
        if !files.is_empty() {
            for file in files {
                assert_eq!(mode(&file.path()), 0o600, "{}", file.path().display());
            }
            break;
        }
        assert!(std::time::Instant::now() < deadline, "no run log written");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    h.close().await;
}
