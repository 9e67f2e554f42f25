//! Runs end to end: order, pause, stop, max rounds, consensus, timeout, empty replies, logs.

use serde_json::Value;

use crate::support::{Harness, agent_field, alive, gone, json_file};

fn transcript(run: &Value) -> Vec<(String, u64, String)> {
    run["transcript"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            (
                entry["from"].as_str().unwrap().to_string(),
                entry["round"].as_u64().unwrap(),
                entry["outcome"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn owned(items: &[(&str, u64, &str)]) -> Vec<(String, u64, String)> {
    items
        .iter()
        .map(|(a, r, o)| (a.to_string(), *r, o.to_string()))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn codex_speaks_first_then_gemini_until_max_rounds() {
    let h = Harness::start("").await;
    h.connect_both().await;
    let run_id = h.start_debate("탭과 스페이스", 2).await;
    let state = h.wait_status("completed").await;
    assert_eq!(state["debate"]["reason"], "max_rounds");
    assert_eq!(state["debate"]["round"], 2);
    assert_eq!(
        h.turn_calls(),
        ["codex 1", "gemini 1", "codex 2", "gemini 2"]
    );
    let run = h.run(&run_id).await;
    assert_eq!(
        transcript(&run),
        owned(&[
            ("codex", 1, "ok"),
            ("gemini", 1, "ok"),
            ("codex", 2, "ok"),
            ("gemini", 2, "ok"),
        ])
    );
    let entries = run["transcript"].as_array().unwrap();
    assert_eq!(entries[0]["to"], "gemini");
    assert_eq!(entries[0]["response"], "Codex 의견 1");
    assert!(
        entries[0]["rawStdout"]
            .as_str()
            .unwrap()
            .contains("thread.started")
    );
    assert!(
        entries[0]["rawStderr"]
            .as_str()
            .unwrap()
            .contains("stub codex")
    );
    // Each reply is relayed to the other side as its next prompt.
    let gemini_prompt = std::fs::read_to_string(h.path("prompt-gemini-1.txt")).unwrap();
    assert!(
        gemini_prompt.contains("Codex의 발언:\nCodex 의견 1"),
        "{gemini_prompt}"
    );
    assert!(gemini_prompt.contains("주제: 탭과 스페이스"));
    let codex_prompt = std::fs::read_to_string(h.path("prompt-codex-2.txt")).unwrap();
    assert!(
        codex_prompt.contains("Gemini의 발언:\nGemini 의견 1"),
        "{codex_prompt}"
    );
    // Turns resume the sessions the connects returned.
    assert!(
        h.calls()
            .contains(&"codex resume turn codex-session-1 1".to_string())
    );
    assert_eq!(run["summary"]["status"], "completed");
    assert_eq!(run["summary"]["turns"], 4);

    // The files: one JSON line per turn, a summary, the sessions.
    let jsonl = std::fs::read_to_string(h.path(&format!("logs/runs/{run_id}.jsonl"))).unwrap();
    let lines: Vec<Value> = jsonl
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[3]["from"], "gemini");
    assert_eq!(lines[3]["runId"], run_id.as_str());
    let summary = json_file(h.dir.path(), &format!("logs/runs/{run_id}.summary.json"));
    assert_eq!(summary["reason"], "max_rounds");
    assert_eq!(summary["maxRounds"], 2);
    assert!(summary["endedAt"].is_string());
    let sessions = json_file(h.dir.path(), "logs/sessions.json");
    assert_eq!(sessions["codex"]["sessionId"], "codex-session-1");
    assert_eq!(sessions["gemini"]["sessionId"], "gemini-session-1");
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_consensus_reply_completes_the_run() {
    let h = Harness::start("").await;
    h.configure("codex", "CONSENSUS_AT=2\n");
    h.connect_both().await;
    let run_id = h.start_debate("결론을 내자", 6).await;
    let state = h.wait_status("completed").await;
    assert_eq!(state["debate"]["reason"], "consensus");
    let run = h.run(&run_id).await;
    assert_eq!(transcript(&run).len(), 3);
    assert!(
        run["transcript"][2]["response"]
            .as_str()
            .unwrap()
            .contains("합의")
    );
    assert_eq!(h.turn_calls(), ["codex 1", "gemini 1", "codex 2"]);
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pause_takes_effect_at_the_turn_boundary() {
    let h = Harness::start("").await;
    h.configure("codex", "GATE_AT=1\n");
    h.connect_both().await;
    let run_id = h.start_debate("멈춤 시험", 1).await;
    // Codex's first turn is running (held at its gate).
    h.wait_file("prompt-codex-1.txt").await;
    let (status, reply) = h.post("/api/debate/pause", None).await;
    assert_eq!(
        (status, reply["status"].as_str()),
        (200, Some("pause_requested"))
    );
    assert_eq!(h.state().await["debate"]["status"], "pause_requested");
    // The turn completes; the run pauses before Gemini's turn.
    std::fs::write(h.path("release-codex-1"), "").unwrap();
    h.wait_status("paused").await;
    assert_eq!(h.turn_calls(), ["codex 1"]);
    assert_eq!(
        transcript(&h.run(&run_id).await),
        owned(&[("codex", 1, "ok")])
    );
    // Pausing again or starting is refused while paused.
    let (status, reply) = h.post("/api/debate/pause", None).await;
    assert_eq!(
        (status, reply["error"]["code"].as_str()),
        (409, Some("INVALID_STATE"))
    );
    let (status, _) = h
        .post("/api/debate/start", Some(r#"{"topic":"다른 주제"}"#))
        .await;
    assert_eq!(status, 409);
    // Resume goes on with the next turn.
    let (status, reply) = h.post("/api/debate/resume", None).await;
    assert_eq!((status, reply["status"].as_str()), (200, Some("running")));
    h.wait_status("completed").await;
    assert_eq!(h.turn_calls(), ["codex 1", "gemini 1"]);
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stop_kills_the_running_cli_and_its_children_at_once() {
    let h = Harness::start("").await;
    h.configure("codex", "SLEEP_AT=1\nSLEEP_SECS=300\n");
    h.connect_both().await;
    let run_id = h.start_debate("중지 시험", 6).await;
    let sleeper = h.pid_in("codex.sleeper.pid").await;
    let cli = h.pid_in("codex.pid").await;
    assert!(alive(sleeper) && alive(cli));
    let (status, reply) = h.post("/api/debate/stop", None).await;
    // The reply comes once the CLI is gone and the run is stopped.
    assert_eq!(
        (status, reply["status"].as_str()),
        (200, Some("stopped")),
        "{reply}"
    );
    assert_eq!(reply["reason"], "user_stop");
    assert!(gone(cli).await, "the CLI {cli} survived the stop");
    assert!(
        gone(sleeper).await,
        "the CLI's child {sleeper} survived the stop"
    );
    let run = h.run(&run_id).await;
    assert_eq!(transcript(&run), owned(&[("codex", 1, "stopped")]));
    assert_eq!(h.turn_calls(), ["codex 1"]);
    // A new run may start after a stop.
    h.configure("codex", "");
    h.start_debate("다시", 1).await;
    h.wait_status("completed").await;
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stop_during_pause_requested_wins() {
    let h = Harness::start("").await;
    h.configure("codex", "SLEEP_AT=1\nSLEEP_SECS=300\n");
    h.connect_both().await;
    h.start_debate("중지 우선", 6).await;
    let sleeper = h.pid_in("codex.sleeper.pid").await;
    let (_, reply) = h.post("/api/debate/pause", None).await;
    assert_eq!(reply["status"], "pause_requested");
    let (status, reply) = h.post("/api/debate/stop", None).await;
    assert_eq!((status, reply["status"].as_str()), (200, Some("stopped")));
    assert!(gone(sleeper).await);
    // It never became paused, and resume has nothing to resume.
    let (status, reply) = h.post("/api/debate/resume", None).await;
    assert_eq!(
        (status, reply["error"]["code"].as_str()),
        (409, Some("INVALID_STATE"))
    );
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stop_while_paused() {
    let h = Harness::start("").await;
    h.configure("codex", "GATE_AT=1\n");
    h.connect_both().await;
    h.start_debate("쉬다가 중지", 6).await;
    h.wait_file("prompt-codex-1.txt").await;
    h.post("/api/debate/pause", None).await;
    std::fs::write(h.path("release-codex-1"), "").unwrap();
    h.wait_status("paused").await;
    let (status, reply) = h.post("/api/debate/stop", None).await;
    assert_eq!((status, reply["status"].as_str()), (200, Some("stopped")));
    assert_eq!(h.turn_calls(), ["codex 1"]);
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_past_its_timeout_stops_the_run() {
    let h = Harness::start("DEBATE_TURN_TIMEOUT_MS=1500").await;
    h.configure("gemini", "SLEEP_AT=1\nSLEEP_SECS=300\n");
    h.connect_both().await;
    let run_id = h.start_debate("시간 초과", 6).await;
    let state = h.wait_status("stopped").await;
    assert_eq!(state["debate"]["reason"], "turn_timeout");
    let sleeper = h.pid_in("gemini.sleeper.pid").await;
    assert!(gone(sleeper).await, "the timed-out CLI's child survived");
    let run = h.run(&run_id).await;
    assert_eq!(
        transcript(&run),
        owned(&[("codex", 1, "ok"), ("gemini", 1, "timeout")])
    );
    assert_eq!(run["summary"]["reason"], "turn_timeout");
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_empty_replies_in_a_row_stop_the_run() {
    let h = Harness::start("").await;
    h.configure("codex", "EMPTY_AT=2\n");
    h.configure("gemini", "FAIL_AT=2\n");
    h.connect_both().await;
    let run_id = h.start_debate("빈 응답", 6).await;
    let state = h.wait_status("stopped").await;
    assert_eq!(state["debate"]["reason"], "empty_replies");
    // The CLI that failed is marked `error` (an empty reply is not a CLI failure).
    assert_eq!(agent_field(&state, "gemini", "status"), "error");
    assert_eq!(agent_field(&state, "codex", "status"), "ready");
    let run = h.run(&run_id).await;
    assert_eq!(
        transcript(&run),
        owned(&[
            ("codex", 1, "ok"),
            ("gemini", 1, "ok"),
            ("codex", 2, "empty"),
            ("gemini", 2, "failed"),
        ])
    );
    // The raw output of the failed turn is kept.
    assert!(
        run["transcript"][3]["rawStderr"]
            .as_str()
            .unwrap()
            .contains("failing on purpose")
    );
    assert_eq!(run["transcript"][3]["exitCode"], 3);
    // Gemini was told that Codex's reply was empty.
    let prompt = std::fs::read_to_string(h.path("prompt-gemini-2.txt")).unwrap();
    assert!(prompt.contains("직전 응답이 비어 있거나"), "{prompt}");
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_empty_reply_is_recorded_and_the_run_goes_on() {
    let h = Harness::start("").await;
    h.configure("codex", "EMPTY_AT=1\n");
    h.connect_both().await;
    let run_id = h.start_debate("한 번의 빈 응답", 1).await;
    let state = h.wait_status("completed").await;
    assert_eq!(state["debate"]["reason"], "max_rounds");
    assert_eq!(
        transcript(&h.run(&run_id).await),
        owned(&[("codex", 1, "empty"), ("gemini", 1, "ok")])
    );
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn session_ids_during_a_run_update_or_keep_the_previous_one() {
    let h = Harness::start("").await;
    // Codex's turns print a new id; Gemini's turns print none.
    h.configure("codex", "TURN_SESSION=codex-session-2\n");
    h.configure("gemini", "TURN_SESSION=\n");
    h.connect_both().await;
    h.start_debate("세션", 2).await;
    let state = h.wait_status("completed").await;
    let agents = state["agents"].as_array().unwrap();
    let session = |name: &str| {
        agents.iter().find(|agent| agent["agent"] == name).unwrap()["sessionId"].clone()
    };
    assert_eq!(session("codex"), "codex-session-2");
    assert_eq!(session("gemini"), "gemini-session-1");
    // Codex's second turn resumed the new session.
    assert!(
        h.calls()
            .contains(&"codex resume turn codex-session-2 2".to_string()),
        "{:?}",
        h.calls()
    );
    let sessions = json_file(h.dir.path(), "logs/sessions.json");
    assert_eq!(sessions["codex"]["sessionId"], "codex-session-2");
    assert_eq!(sessions["gemini"]["sessionId"], "gemini-session-1");
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn text_output_is_read_as_the_reply() {
    let h = Harness::start("").await;
    h.configure("gemini", "FORMAT=text\n");
    h.connect_both().await;
    let run_id = h.start_debate("텍스트", 1).await;
    h.wait_status("completed").await;
    let run = h.run(&run_id).await;
    let reply = run["transcript"][1]["response"].as_str().unwrap();
    assert!(reply.contains("Gemini 의견 1"), "{reply}");
    assert_eq!(run["summary"]["sessions"]["gemini"], "gemini-session-1");
    h.close().await;
}
