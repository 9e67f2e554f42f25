//! The routes: `POST /op/<name>` for every operation, `GET /ops`, `GET /openapi.json`, and
//! seed 003's endpoints ([`crate::seed::ENDPOINTS`]). One handler reads every request, so every
//! refusal — no token, another `Host`, an oversize body, an unknown path — is cdt's envelope
//! with a code and a hint, never a bare status.

use std::sync::Arc;

use axum::body::to_bytes;
use axum::extract::{Request, State as Shared};
use axum::http::{HeaderMap, Method as HttpMethod, StatusCode, header};
use axum::response::{IntoResponse, Response};
use cdt_domain::ops::{OP_SPECS, Operation, op_spec};
use cdt_domain::{CallerContext, CdtError};
use cdt_store::StatePaths;
use serde_json::{Value, json};

use crate::daemon::{self, Who};
use crate::envelope::{self, Meta};
use crate::guard::{Guard, MAX_BODY_BYTES};
use crate::openapi;
use crate::seed::{self, ENDPOINTS, Method, Query};

/// What every request shares.
pub struct State {
    paths: StatePaths,
    /// The server's own context (where `cdt http` was started).
    caller: CallerContext,
    guard: Guard,
    /// Asked by `POST /shutdown?server=true`.
    stop: tokio::sync::Notify,
}

impl State {
    pub fn new(paths: StatePaths, caller: CallerContext, guard: Guard) -> Arc<State> {
        Arc::new(State {
            paths,
            caller,
            guard,
            stop: tokio::sync::Notify::new(),
        })
    }

    /// Resolves when a client asked this server to stop.
    pub async fn stopped(&self) {
        self.stop.notified().await;
    }
}

pub fn router(state: Arc<State>) -> axum::Router {
    axum::Router::new().fallback(handle).with_state(state)
}

fn reply(status: u16, body: &Value) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = (status, body.to_string()).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("application/json"),
    );
    response
}

fn failure(error: &CdtError, meta: &Meta) -> Response {
    reply(
        envelope::status_of(error),
        &envelope::failure_body(error, meta),
    )
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|value| value.to_str().ok())
}

/// The context a request names by its headers.
fn who(headers: &HeaderMap) -> Result<Who, CdtError> {
    match (
        header(headers, "x-cdt-context").filter(|v| !v.is_empty()),
        header(headers, "x-cdt-share-group").filter(|v| !v.is_empty()),
    ) {
        (None, None) => Ok(Who::Server),
        (Some(context), None) => Ok(Who::Context(context.to_string())),
        (None, Some(group)) => Ok(Who::ShareGroup(group.to_string())),
        (Some(_), Some(_)) => Err(CdtError::validation(
            "X-CDT-Context and X-CDT-Share-Group name two contexts",
        )
        .hinted("Send one of them")),
    }
}

async fn handle(Shared(state): Shared<Arc<State>>, request: Request) -> Response {
    let request_id = cdt_client::request_id();
    let meta = Meta {
        request_id: request_id.clone(),
        ..Meta::default()
    };
    let headers = request.headers().clone();
    if let Err(refusal) = state.guard.check(
        header(&headers, "host"),
        header(&headers, "origin"),
        header(&headers, "authorization"),
    ) {
        return reply(
            refusal.status,
            &envelope::failure_body(&refusal.error, &meta),
        );
    }
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let query = request.uri().query().unwrap_or_default().to_string();
    let too_large = || {
        let error = CdtError::validation(format!(
            "the request body is over {} MiB",
            MAX_BODY_BYTES >> 20
        ))
        .hinted("Send less per request (large inputs go in a file: its absolute path)");
        reply(413, &envelope::failure_body(&error, &meta))
    };
    // A body announced too large is refused before it is read: a client that waits for
    // `100 Continue` gets the refusal as its answer, not a connection closed mid-upload.
    let announced = header(&headers, "content-length").and_then(|n| n.trim().parse::<usize>().ok());
    if announced.is_some_and(|n| n > MAX_BODY_BYTES) {
        return too_large();
    }
    let body = match to_bytes(request.into_body(), MAX_BODY_BYTES).await {
        Ok(body) => body,
        Err(_) => return too_large(),
    };
    let who = match who(&headers) {
        Ok(who) => who,
        Err(error) => return failure(&error, &meta),
    };
    let caller = daemon::caller(&state.caller, &who);
    match (method.clone(), path.as_str()) {
        (HttpMethod::GET, "/ops") => reply(200, &envelope::success_body(&ops(), &meta)),
        (HttpMethod::GET, "/openapi.json") => reply(200, &openapi::document(state.guard.port())),
        (HttpMethod::POST, op) if op.starts_with("/op/") => {
            run_op(&state, caller, &op["/op/".len()..], &query, &body, meta).await
        }
        _ => match ENDPOINTS.iter().find(|e| e.path == path) {
            Some(endpoint) if is(endpoint.method, &method) => {
                run_seed(&state, caller, endpoint, &query, meta).await
            }
            Some(endpoint) => failure(
                &CdtError::validation(format!(
                    "{path} answers {}, not {method}",
                    endpoint.method.as_str().to_ascii_uppercase()
                ))
                .hinted("GET /openapi.json lists every endpoint with its method"),
                &meta,
            ),
            None => reply(
                404,
                &envelope::failure_body(
                    &CdtError::validation(format!("no endpoint {method} {path}"))
                        .hinted("Operations are POST /op/<name> (GET /ops lists them); seed 003's endpoints are in GET /openapi.json"),
                    &meta,
                ),
            ),
        },
    }
}

fn is(method: Method, http: &HttpMethod) -> bool {
    match method {
        Method::Get => http == HttpMethod::GET,
        Method::Post => http == HttpMethod::POST,
    }
}

/// `GET /ops`: every operation with what `--describe` says of it.
fn ops() -> Value {
    let ops: Vec<Value> = OP_SPECS
        .iter()
        .map(|spec| {
            json!({
                "op": spec.name,
                "path": format!("/op/{}", spec.name),
                "summary": spec.summary,
                "effect": format!("{:?}", spec.effect).to_ascii_lowercase(),
                "inputSchema": cdt_domain::ops::params_schema(spec.name),
                "outputSchema": cdt_domain::ops::reply_schema(spec.name),
                "example": spec.example(),
                "defaultTimeoutMs": spec.default_timeout_ms,
                "errorCodes": spec.error_codes().iter().map(|c| c.as_str()).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({ "ops": ops })
}

/// The budget of `?timeout=<ms>`.
fn budget(query: &str) -> Result<Option<u64>, CdtError> {
    let query = Query::parse(query);
    match query.get("timeout") {
        None => Ok(None),
        Some(value) => match value.parse::<u64>() {
            Ok(ms) if (1..=3_600_000).contains(&ms) => Ok(Some(ms)),
            _ => Err(
                CdtError::validation(format!("timeout={value:?} is not 1–3600000 ms"))
                    .hinted("Pass e.g. ?timeout=5000, or leave it out for the operation's default"),
            ),
        },
    }
}

/// `POST /op/<name>`: the body is the operation's parameters (empty: none).
async fn run_op(
    state: &State,
    caller: CallerContext,
    name: &str,
    query: &str,
    body: &[u8],
    meta: Meta,
) -> Response {
    let Some(spec) = op_spec(name) else {
        let near: Vec<&str> = OP_SPECS
            .iter()
            .map(|spec| spec.name)
            .filter(|op| op.split('.').next() == name.split('.').next())
            .collect();
        let error = CdtError::validation(format!("no operation {name:?}"))
            .with_details(json!({ "similar": near }))
            .hinted("GET /ops lists every operation with its input schema");
        return reply(404, &envelope::failure_body(&error, &meta));
    };
    let params: Value = if body.iter().all(u8::is_ascii_whitespace) {
        json!({})
    } else {
        match serde_json::from_slice(body) {
            Ok(params @ Value::Object(_)) => params,
            Ok(_) | Err(_) => {
                let error = CdtError::validation("the body must be a JSON object of parameters")
                    .hinted(format!("Example ({}): {}", spec.name, spec.example()))
                    .hinted(format!("GET /ops gives the input schema of {}", spec.name));
                return failure(&error, &meta);
            }
        }
    };
    let operation = match Operation::from_parts(spec.name, params) {
        Ok(operation) => operation,
        Err(message) => {
            let error = CdtError::validation(format!("invalid parameters for {name}: {message}"))
                .hinted(format!("Example: {}", spec.example()))
                .hinted(format!("GET /ops gives the input schema of {}", spec.name));
            return failure(&error, &meta);
        }
    };
    let budget = match budget(query) {
        Ok(budget) => budget,
        Err(error) => return failure(&error, &meta),
    };
    let (result, mut sent) =
        daemon::send(&state.paths, caller, operation, budget, &meta.request_id).await;
    sent.request_id = meta.request_id;
    respond(result, &sent)
}

fn respond(result: Result<Value, CdtError>, meta: &Meta) -> Response {
    match result {
        Ok(data) => reply(200, &envelope::success_body(&data, meta)),
        Err(error) => failure(&error, meta),
    }
}

/// A seed 003 endpoint.
async fn run_seed(
    state: &State,
    caller: CallerContext,
    endpoint: &seed::Endpoint,
    query: &str,
    meta: Meta,
) -> Response {
    let call = match seed::call(endpoint, &Query::parse(query)) {
        Ok(call) => call,
        Err(error) => return failure(&error, &meta),
    };
    let (result, mut sent) = daemon::send(
        &state.paths,
        caller.clone(),
        call.operation,
        call.budget_ms,
        &meta.request_id,
    )
    .await;
    if result.is_ok() && call.settle {
        daemon::settle(&state.paths, caller, call.page, &mut sent).await;
    }
    if call.stop_server {
        state.stop.notify_one();
    }
    respond(result, &sent)
}
