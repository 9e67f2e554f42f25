//! The HTTP API and WebSocket of seed §6, and the built UI. Routes:
//!
//! | route | does |
//! |---|---|
//! | `POST /api/agents/{agent}/connect` `{resumeSessionId?}` | start or resume the agent's session |
//! | `POST /api/debate/start` `{topic, maxRounds?}` | start a run |
//! | `POST /api/debate/pause` · `resume` · `stop` | control the run |
//! | `GET /api/debate/state` | the debate state and both agents |
//! | `GET /api/runs/{runId}` | a run's summary and transcript |
//! | `GET /ws` | events; the current state is sent first, once per connection |
//! | anything else | the built UI (`web/dist`), or a page saying how to build it |
//!
//! Requests from another origin are refused (a web page elsewhere must not be able to start
//! CLIs on this machine), and so are `Host` names other than `127.0.0.1`/`localhost`.
//! Handlers only translate: the work is in the `DebateEngine`.

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::json;
use tokio::sync::broadcast::error::RecvError;

use crate::app::App;
use crate::engine::StartRequest;
use crate::error::{DebateError, ErrorCode};
use crate::static_files;
use crate::types::AgentName;

impl IntoResponse for DebateError {
    fn into_response(self) -> Response {
        let status = self.code.http_status();
        (status, axum::Json(json!({ "error": self }))).into_response()
    }
}

type Reply = Result<Response, DebateError>;

fn ok(value: impl serde::Serialize) -> Reply {
    Ok(axum::Json(value).into_response())
}

pub fn router(app: Arc<App>, token: String) -> Router {
    Router::new()
        .route("/api/agents/{agent}/connect", post(connect))
        .route("/api/debate/start", post(start))
        .route("/api/debate/pause", post(pause))
        .route("/api/debate/resume", post(resume))
        .route("/api/debate/stop", post(stop))
        .route("/api/debate/state", get(state))
        .route("/api/runs/{run_id}", get(run))
        .route("/api/{*rest}", axum::routing::any(unknown_api))
        .route("/ws", get(websocket))
        .fallback(static_files::serve)
        .layer(middleware::from_fn_with_state(
            Arc::<str>::from(token),
            with_token,
        ))
        .layer(middleware::from_fn(same_origin_only))
        .with_state(app)
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ConnectRequest {
    resume_session_id: Option<String>,
}

/// A JSON body; an empty body is `T::default()` when `T` allows it.
fn body<T: serde::de::DeserializeOwned>(bytes: &Bytes, example: &str) -> Result<T, DebateError> {
    let text = if bytes.iter().all(u8::is_ascii_whitespace) {
        &b"{}"[..]
    } else {
        &bytes[..]
    };
    serde_json::from_slice(text).map_err(|error| {
        DebateError::new(
            ErrorCode::ValidationError,
            format!("the request body is not valid: {error}"),
            format!("send JSON like {example}"),
        )
    })
}

async fn connect(State(app): State<Arc<App>>, Path(agent): Path<String>, bytes: Bytes) -> Reply {
    let Some(agent) = AgentName::parse(&agent) else {
        return Err(DebateError::new(
            ErrorCode::UnknownAgent,
            format!("no agent `{agent}`"),
            "use /api/agents/gemini/connect or /api/agents/codex/connect",
        ));
    };
    let request: ConnectRequest = body(&bytes, r#"{"resumeSessionId": "0199…"} or {}"#)?;
    ok(app.engine.connect(agent, request.resume_session_id).await?)
}

async fn start(State(app): State<Arc<App>>, bytes: Bytes) -> Reply {
    let request: StartRequest = body(&bytes, r#"{"topic": "…", "maxRounds": 6}"#)?;
    ok(app.engine.start(&request)?)
}

async fn pause(State(app): State<Arc<App>>) -> Reply {
    ok(app.engine.pause()?)
}

async fn resume(State(app): State<Arc<App>>) -> Reply {
    ok(app.engine.resume()?)
}

async fn stop(State(app): State<Arc<App>>) -> Reply {
    ok(app.engine.stop().await?)
}

async fn state(State(app): State<Arc<App>>) -> Reply {
    ok(app.engine.state_snapshot())
}

async fn run(State(app): State<Arc<App>>, Path(run_id): Path<String>) -> Reply {
    ok(app.engine.run_record(&run_id)?)
}

async fn unknown_api(method: Method, Path(rest): Path<String>) -> Reply {
    Err(DebateError::new(
        ErrorCode::UnknownRoute,
        format!("no API route {method} /api/{rest}"),
        "see docs/debate.md for the routes",
    ))
}

async fn websocket(State(app): State<Arc<App>>, upgrade: WebSocketUpgrade) -> Response {
    upgrade.on_upgrade(move |socket| events(app, socket))
}

/// Sends the snapshot, then every event, until the page goes away.
async fn events(app: Arc<App>, mut socket: WebSocket) {
    // Subscribe before the snapshot so nothing between the two is lost.
    let mut receiver = app.engine.hub.subscribe();
    let mut closing = app.closing();
    if send_snapshot(&app, &mut socket).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            () = async { drop(closing.wait_for(|closing| *closing).await) } => {
                let _ = socket.send(Message::Close(None)).await;
                return;
            }
            received = receiver.recv() => match received {
                Ok(json) => {
                    if socket.send(Message::Text(json.as_ref().into())).await.is_err() {
                        return;
                    }
                }
                // The page fell behind: give it the state again instead of what it missed.
                Err(RecvError::Lagged(_)) => {
                    if send_snapshot(&app, &mut socket).await.is_err() {
                        return;
                    }
                }
                Err(RecvError::Closed) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                Some(Ok(_)) => {}
            },
        }
    }
}

async fn send_snapshot(app: &App, socket: &mut WebSocket) -> Result<(), axum::Error> {
    for event in app.engine.snapshot() {
        if let Ok(json) = serde_json::to_string(&event) {
            socket.send(Message::Text(json.into())).await?;
        }
    }
    Ok(())
}

/// Refuses cross-origin requests and unexpected `Host` names (DNS rebinding).
async fn same_origin_only(request: Request, next: Next) -> Response {
    let headers: &HeaderMap = request.headers();
    let host = headers
        .get(header::HOST)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let host_name = host
        .rsplit_once(':')
        .map_or(host.as_str(), |(name, _)| name);
    if !matches!(host_name, "127.0.0.1" | "localhost") {
        return refuse(format!("Host `{host}` is not this local server"));
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or_default();
        if origin != format!("http://{host}") {
            return refuse(format!("Origin `{origin}` is not this server"));
        }
    }
    next.run(request).await
}

/// The cookie that carries the token after the first page load.
const TOKEN_COOKIE: &str = "cdt_debate_token";

/// Lets a request through only with the server's token: `?token=` in the URL cdt-debate
/// printed (the reply then sets it as a cookie, so the UI's own requests carry it), the cookie,
/// or `Authorization: Bearer <token>`. Compared in constant time.
async fn with_token(State(token): State<Arc<str>>, request: Request, next: Next) -> Response {
    let same = |given: &str| {
        given.len() == token.len()
            && given
                .bytes()
                .zip(token.bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0
    };
    let headers = request.headers();
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .is_some_and(same);
    let cookie = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .any(|(name, value)| name == TOKEN_COOKIE && same(value));
    let in_url = request
        .uri()
        .query()
        .into_iter()
        .flat_map(|q| q.split('&'))
        .filter_map(|pair| pair.split_once('='))
        .any(|(name, value)| name == "token" && same(value));
    if !(bearer || cookie || in_url) {
        let error = DebateError::new(
            ErrorCode::ValidationError,
            "this request does not carry the server's token".to_string(),
            "open the UI from the URL cdt-debate printed (http://127.0.0.1:PORT/?token=…)",
        );
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({ "error": error })),
        )
            .into_response();
    }
    let mut response = next.run(request).await;
    if in_url && !cookie {
        let value = format!("{TOKEN_COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict");
        if let Ok(value) = header::HeaderValue::from_str(&value) {
            response.headers_mut().append(header::SET_COOKIE, value);
        }
    }
    response
}

fn refuse(message: String) -> Response {
    let error = DebateError::new(
        ErrorCode::ValidationError,
        message,
        "open the UI from the URL cdt-debate printed (http://127.0.0.1:PORT)",
    );
    (StatusCode::FORBIDDEN, axum::Json(json!({ "error": error }))).into_response()
}
