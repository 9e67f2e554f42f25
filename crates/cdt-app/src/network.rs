//! Network use cases: list, get, body, wait, har, clear (SPEC §8.2).

use base64::Engine;
use cdt_domain::ops::op;
use cdt_domain::ops::{
    ClearedReply, IdParams, NetworkBodyParams, NetworkBodyReply, NetworkDetail, NetworkHarParams,
    NetworkHarReply, NetworkListParams, NetworkListReply, NetworkWaitParams,
};
use cdt_domain::{CdtError, ErrorCode};
use serde_json::json;
use tokio::time::Instant;

use crate::blocking;
use crate::bounded;
use crate::context::Scope;
use crate::context::page_labels;
use crate::context::resolve_page;
use crate::dispatch::use_case;
use crate::files::absolute;
use crate::slot::Slot;
use crate::telemetry::har;
use crate::telemetry::network::{NetworkRequest, status_matches};

use_case!(NetworkList, |scope, params, until| list(
    scope, &params, until
)
.await);
use_case!(NetworkGet, |scope, params, until| get(
    scope, &params, until
)
.await);
use_case!(NetworkBody, |scope, params, until| body(
    scope, &params, until
)
.await);
use_case!(NetworkWait, |scope, params, until| wait(
    scope, &params, until
)
.await);
use_case!(NetworkHar, |scope, params, until| har(
    scope, &params, until
)
.await);
use_case!(NetworkClear, |scope, params, until| clear(
    scope,
    params.page,
    until
)
.await);

const PREVIEW_CHARS: usize = 2_000;

fn not_found(id: u64) -> CdtError {
    CdtError::new(
        ErrorCode::NetworkRequestNotFound,
        format!("no network request {id} in this context"),
    )
    .with_details(json!({ "id": id }))
    .run::<op::NetworkList>("--preserved")
}

fn find(slot: &Slot, id: u64) -> Result<NetworkRequest, CdtError> {
    slot.telemetry.request(id).ok_or_else(|| not_found(id))
}

/// The filters `network list` and `network wait` share.
fn request_matches(
    request: &NetworkRequest,
    url_includes: Option<&str>,
    method: Option<&str>,
    status: Option<&str>,
) -> bool {
    url_includes.is_none_or(|u| request.url.contains(u))
        && method.is_none_or(|m| request.method.eq_ignore_ascii_case(m))
        && status.is_none_or(|s| status_matches(s, request.status))
}

fn type_matches(types: &[String], request: &NetworkRequest) -> bool {
    types.is_empty()
        || types
            .iter()
            .any(|t| t.eq_ignore_ascii_case(&request.resource_type))
}

pub async fn list(
    scope: &Scope<'_>,
    params: &NetworkListParams,
    until: Instant,
) -> Result<NetworkListReply, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let (page, target) = resolve_page(&slot, params.page)?;
    let navigation = slot.telemetry.navigation(&target);
    let mut requests = slot.telemetry.requests_where(|r| {
        r.page_target_id == target
            && (params.preserved || r.navigation == navigation)
            && type_matches(&params.types, r)
            && request_matches(
                r,
                params.url_includes.as_deref(),
                params.method.as_deref(),
                params.status.as_deref(),
            )
            && (!params.failed || r.failed)
            && params.since.is_none_or(|since| r.id > since)
    });
    let total = requests.len();
    if let Some(limit) = params.limit {
        requests.drain(..requests.len().saturating_sub(limit));
    }
    Ok(NetworkListReply {
        page,
        requests: requests.iter().map(|r| r.summary(Some(page.0))).collect(),
        total,
    })
}

pub async fn get(
    scope: &Scope<'_>,
    params: &IdParams,
    until: Instant,
) -> Result<NetworkDetail, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let request = find(&slot, params.id)?;
    let page = page_labels(&slot).get(&request.page_target_id).copied();
    Ok(request.detail(page, params.include_secrets, PREVIEW_CHARS))
}

fn body_not_available(id: u64, why: &str) -> CdtError {
    CdtError::new(
        ErrorCode::BodyNotAvailable,
        format!("the body of request {id} is not available: {why}"),
    )
    .with_details(json!({ "id": id }))
    .hinted("Reload the page (cdt page navigate <url>), then: cdt network body <new id>")
}

/// Chromium keeps the body of a request only when it saw the request start; one that was under
/// way when cdt began observing the page (an attached browser, a page opened before) has none.
fn started_before_observing(id: u64) -> CdtError {
    CdtError::new(
        ErrorCode::BodyNotAvailable,
        format!(
            "the body of request {id} is not available: the request was already under way when \
             cdt began observing its page, and Chromium keeps bodies only of requests it saw start"
        ),
    )
    .with_details(json!({ "id": id, "startedBeforeObserving": true }))
    .run_then::<op::NetworkList>(
        "--url-includes <part of its URL>",
        " (then the body of a later one)",
    )
}

/// The record a `network body` names: by cdt's id, or by the CDP `requestId` its events show.
fn body_id(slot: &Slot, params: &NetworkBodyParams) -> Result<u64, CdtError> {
    match (params.id, &params.request_id) {
        (Some(id), _) => Ok(id),
        (None, Some(request_id)) => slot
            .telemetry
            .requests_where(|r| r.request_id == *request_id)
            .last()
            .map(|r| r.id)
            .ok_or_else(|| {
                CdtError::new(
                    ErrorCode::BodyNotAvailable,
                    format!("no request {request_id:?} was recorded in this context"),
                )
                .with_details(json!({ "requestId": request_id, "targetId": params.target_id }))
                .run::<op::EventsRead>("--kinds request --tail --limit 20")
            }),
        (None, None) => Err(CdtError::validation(
            "network body needs the request: its id, or its CDP requestId",
        )
        .run::<op::NetworkList>("")),
    }
}

pub async fn body(
    scope: &Scope<'_>,
    params: &NetworkBodyParams,
    until: Instant,
) -> Result<NetworkBodyReply, CdtError> {
    let file = params
        .file
        .as_deref()
        .map(|f| absolute(f, "--file"))
        .transpose()?;
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let id = body_id(&slot, params)?;
    let request = find(&slot, id)?;
    let (text, base64) = if params.request {
        match &request.post_data {
            Some(data) => (data.clone(), false),
            None if request.has_post_data => {
                return Err(body_not_available(
                    id,
                    "the request body was not captured (over 64 KiB)",
                ));
            }
            None => return Err(body_not_available(id, "the request has no body")),
        }
    } else {
        match request.body.clone() {
            Some(body) => body,
            None if request.resource_type == "websocket" => {
                return Err(body_not_available(
                    id,
                    "a WebSocket has frames, not a body (see cdt network get)",
                ));
            }
            None => {
                let browser = slot
                    .browser()
                    .ok_or_else(|| body_not_available(id, "the browser is gone"))?;
                browser
                    .response_body(&request.session_id, &request.request_id)
                    .await
                    .map_err(|error| {
                        if request.seen_start {
                            body_not_available(id, &error.message)
                        } else {
                            started_before_observing(id)
                        }
                    })?
            }
        }
    };
    let bytes = if base64 {
        base64::engine::general_purpose::STANDARD
            .decode(text.as_bytes())
            .map_err(|e| CdtError::internal(format!("bad base64 body: {e}")))?
    } else {
        text.clone().into_bytes()
    };
    // Asked for base64 (seed 002's `base64: true`): a text body is encoded too.
    let (text, base64) = if params.base64 && !base64 {
        (
            base64::engine::general_purpose::STANDARD.encode(&bytes),
            true,
        )
    } else {
        (text, base64)
    };
    let mut out = NetworkBodyReply {
        id,
        request_id: request.request_id.clone(),
        mime_type: request.mime_type.clone(),
        bytes: bytes.len(),
        path: None,
        body: None,
        base64_encoded: None,
        encoded: None,
    };
    match file {
        Some(path) => {
            let (store, target) = (scope.store().clone(), path.to_path_buf());
            blocking::run(move || store.write_file(&target, &bytes)).await?;
            out.path = Some(path.display().to_string());
        }
        None => {
            if let Err(size) = bounded::fits(&json!(text)) {
                return Err(bounded::too_large(
                    &format!("the body of request {}", id),
                    size,
                    &format!(
                        "Write it to a file: cdt network body {} --file /tmp/body-{}.bin",
                        id, id
                    ),
                ));
            }
            out.body = Some(text);
            out.base64_encoded = Some(base64);
            out.encoded = Some(base64);
        }
    }
    Ok(out)
}

pub async fn wait(
    scope: &Scope<'_>,
    params: &NetworkWaitParams,
    until: Instant,
) -> Result<NetworkDetail, CdtError> {
    let (slot, _in_flight, target) = scope.slot_and_target(params.page, until).await?;
    let after = slot.telemetry.last_request_id();
    // Requests already under way count too: "click, then wait for its request" must work.
    let in_flight: std::collections::HashSet<u64> = slot
        .telemetry
        .requests_where(|r| !r.finished && !r.failed)
        .iter()
        .map(|r| r.id)
        .collect();
    let floor = in_flight
        .iter()
        .min()
        .map(|id| id - 1)
        .unwrap_or(after)
        .min(after);
    let request = slot
        .telemetry
        .wait_for(|| {
            let keep = |r: &NetworkRequest| {
                (r.id > after || in_flight.contains(&r.id))
                    && (r.finished || r.failed)
                    && target.as_deref().is_none_or(|t| r.page_target_id == t)
                    && request_matches(
                        r,
                        params.url_includes.as_deref(),
                        params.method.as_deref(),
                        params.status.as_deref(),
                    )
            };
            slot.telemetry
                .requests_after(floor, keep)
                .into_iter()
                .next()
        })
        .await;
    let page = page_labels(&slot).get(&request.page_target_id).copied();
    Ok(request.detail(page, false, PREVIEW_CHARS))
}

pub async fn har(
    scope: &Scope<'_>,
    params: &NetworkHarParams,
    until: Instant,
) -> Result<NetworkHarReply, CdtError> {
    let path = absolute(&params.file, "the HAR file")?;
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let (page, target) = resolve_page(&slot, params.page)?;
    let requests = slot
        .telemetry
        .requests_where(|r| r.page_target_id == target);
    let title = slot
        .pages()
        .info(page)
        .map(|info| info.title)
        .unwrap_or_default();
    let document = har::build(&requests, page.0, &title, params.include_secrets);
    let bytes =
        serde_json::to_vec_pretty(&document).map_err(|e| CdtError::internal(e.to_string()))?;
    let size = bytes.len();
    let (store, target) = (scope.store().clone(), path.to_path_buf());
    blocking::run(move || store.write_file(&target, &bytes)).await?;
    let entries = document["log"]["entries"]
        .as_array()
        .map(Vec::len)
        .unwrap_or(0);
    Ok(NetworkHarReply {
        path: path.display().to_string(),
        page,
        entries,
        requests: requests.len(),
        bytes: size,
    })
}

pub async fn clear(
    scope: &Scope<'_>,
    page: Option<u32>,
    until: Instant,
) -> Result<ClearedReply, CdtError> {
    let (slot, _in_flight, target) = scope.slot_and_target(page, until).await?;
    Ok(ClearedReply {
        cleared: slot.telemetry.clear_network(target.as_deref()),
    })
}
