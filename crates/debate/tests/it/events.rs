//! The WebSocket: the state once on every (re)connect, then events in order.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::support::{Harness, PATIENCE};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

async fn open(h: &Harness) -> Socket {
    let url = crate::support::ws_url(h.port);
    let (socket, _) = tokio_tungstenite::connect_async(url.as_str())
        .await
        .unwrap();
    socket
}

/// The next event, or `None` if none comes within `wait`.
async fn next_event(socket: &mut Socket, wait: Duration) -> Option<Value> {
    loop {
        match tokio::time::timeout(wait, socket.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => return serde_json::from_str(&text).ok(),
            Ok(Some(Ok(_))) => continue,
            _ => return None,
        }
    }
}

/// Events until one matches `done` (included).
async fn events_until(socket: &mut Socket, done: impl Fn(&Value) -> bool) -> Vec<Value> {
    let mut events = Vec::new();
    loop {
        let event = next_event(socket, PATIENCE)
            .await
            .unwrap_or_else(|| panic!("no more events after {events:#?}"));
        let last = done(&event);
        events.push(event);
        if last {
            return events;
        }
    }
}

fn is_state(event: &Value, status: &str) -> bool {
    event["type"] == "debate_state" && event["status"] == status
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_state_is_sent_once_on_connect_and_again_on_reconnect() {
    let h = Harness::start("").await;
    h.connect("gemini").await;
    for _ in 0..2 {
        let mut socket = open(&h).await;
        let mut snapshot = Vec::new();
        for _ in 0..3 {
            snapshot.push(next_event(&mut socket, PATIENCE).await.unwrap());
        }
        let kinds: Vec<&str> = snapshot
            .iter()
            .map(|event| event["type"].as_str().unwrap())
            .collect();
        assert_eq!(kinds, ["agent_status", "agent_status", "debate_state"]);
        assert_eq!(snapshot[0]["agent"], "gemini");
        assert_eq!(snapshot[0]["status"], "ready");
        assert_eq!(snapshot[0]["sessionId"], "gemini-session-1");
        assert_eq!(snapshot[1]["agent"], "codex");
        assert_eq!(snapshot[1]["status"], "idle");
        assert_eq!(snapshot[2]["status"], "idle");
        // Once: nothing more arrives until something happens.
        assert_eq!(
            next_event(&mut socket, Duration::from_millis(300)).await,
            None
        );
        socket.close(None).await.unwrap();
    }
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnect_then_start_streams_the_run_in_order() {
    let h = Harness::start("").await;
    let mut first = open(&h).await;
    h.connect_both().await;
    drop(first.close(None).await);
    // The page reconnects: the state again, then the run.
    let mut socket = open(&h).await;
    let snapshot = events_until(&mut socket, |event| event["type"] == "debate_state").await;
    assert_eq!(snapshot.len(), 3);
    assert!(snapshot[..2].iter().all(|event| event["status"] == "ready"));
    let run_id = h.start_debate("순서", 1).await;
    let events = events_until(&mut socket, |event| is_state(event, "completed")).await;

    let turns: Vec<(&str, &str)> = events
        .iter()
        .filter(|event| event["type"] == "turn_log")
        .map(|event| {
            (
                event["from"].as_str().unwrap(),
                event["response"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        turns,
        [("codex", "Codex 의견 1"), ("gemini", "Gemini 의견 1")]
    );
    assert!(
        events
            .iter()
            .all(|event| event["type"] != "turn_log" || event["runId"] == run_id.as_str())
    );

    // The relay (centre panel) shows Codex's turn, then Gemini's, each with its reply.
    let center: Vec<&str> = events
        .iter()
        .filter(|event| event["type"] == "panel_output" && event["panel"] == "center")
        .map(|event| event["line"].as_str().unwrap())
        .collect();
    let position = |needle: &str| {
        center
            .iter()
            .position(|line| line.contains(needle))
            .unwrap_or_else(|| panic!("{needle} not in {center:#?}"))
    };
    assert!(position("토론 시작") < position("Codex → Gemini"));
    assert!(position("Codex → Gemini") < position("Codex 의견 1"));
    assert!(position("Codex 의견 1") < position("Gemini → Codex"));
    assert!(position("Gemini → Codex") < position("Gemini 의견 1"));
    assert!(position("Gemini 의견 1") < position("토론 종료"));
    // Each agent's own output goes to its own panel: Codex right, Gemini left.
    let panel_of = |needle: &str| {
        events
            .iter()
            .find(|event| {
                event["type"] == "panel_output"
                    && event["panel"] != "center"
                    && event["line"].as_str().unwrap().contains(needle)
            })
            .map(|event| event["panel"].as_str().unwrap().to_string())
    };
    assert_eq!(panel_of("stub codex").as_deref(), Some("right"));
    assert_eq!(panel_of("stub gemini").as_deref(), Some("left"));
    // The final state names the run and its end.
    let last = events.last().unwrap();
    assert_eq!(last["runId"], run_id.as_str());
    assert_eq!(last["reason"], "max_rounds");
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failures_arrive_as_error_events() {
    let h = Harness::start("DEBATE_TURN_TIMEOUT_MS=1000").await;
    h.configure("codex", "SLEEP_AT=1\nSLEEP_SECS=300\n");
    h.connect_both().await;
    let mut socket = open(&h).await;
    events_until(&mut socket, |event| event["type"] == "debate_state").await;
    h.start_debate("오류", 6).await;
    let events = events_until(&mut socket, |event| is_state(event, "stopped")).await;
    let error = events
        .iter()
        .find(|event| event["type"] == "error")
        .expect("an error event");
    assert_eq!(error["code"], "TURN_TIMEOUT");
    assert!(error["message"].as_str().unwrap().contains("Codex"));
    assert!(error["suggestion"].is_string());
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_can_send_nothing_harmful() {
    let h = Harness::start("").await;
    let mut socket = open(&h).await;
    events_until(&mut socket, |event| event["type"] == "debate_state").await;
    // Messages from the page are ignored; the socket stays open.
    socket
        .send(Message::Text(r#"{"type":"start"}"#.into()))
        .await
        .unwrap();
    h.connect("codex").await;
    let event = next_event(&mut socket, PATIENCE).await.unwrap();
    assert_eq!(event["type"], "agent_status");
    assert_eq!(h.state().await["debate"]["status"], "idle");
    h.close().await;
}
