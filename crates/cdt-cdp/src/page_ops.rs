//! Page interaction: input events that never block on a dialog, an isolated evaluation
//! session, captures and the viewport.

use std::time::Duration;

use base64::Engine;
use cdt_domain::interact::{
    DispatchOutcome, EvalRequest, KeyInput, MouseEventKind, MouseInput, ScreenshotRequest,
};
use cdt_domain::ops::op;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};

use crate::dialogs::{record_dialog, until_dialog};
use crate::frame_sessions::frame_target;
use crate::pages::{Pages, attach, opens_dialog};
use crate::support::{browser_gone, str_field};
use crate::transport::{CdpConnection, EventStream};
use crate::world::uid_node;

/// Sends `Runtime.terminateExecution` when an evaluation is abandoned (timed out or dropped).
struct TerminateOnDrop {
    connection: Option<CdpConnection>,
    session: String,
}

impl Drop for TerminateOnDrop {
    fn drop(&mut self) {
        let Some(connection) = self.connection.take() else {
            return;
        };
        let session = std::mem::take(&mut self.session);
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                let _ = connection
                    .call("Runtime.terminateExecution", json!({}), Some(&session))
                    .await;
            });
        }
    }
}

/// The element a uid names, as an object of the page's own (main) world on `session`.
async fn page_element(
    pages: &Pages,
    session: &str,
    page: &str,
    uid: &str,
) -> Result<String, CdtError> {
    let node = uid_node(pages, page, uid).await?;
    let resolved = pages
        .connection
        .call(
            "DOM.resolveNode",
            json!({ "backendNodeId": node }),
            Some(session),
        )
        .await
        .map_err(|_| {
            CdtError::new(ErrorCode::UidStale, format!("{uid} no longer exists"))
                .run::<op::CaptureSnapshot>("")
        })?;
    Ok(str_field(&resolved["object"], "objectId").to_string())
}

/// Sends a command that may be held up by a dialog it causes; returns once it is answered or
/// a dialog opens on the page.
async fn dispatch(
    pages: &Pages,
    page: &str,
    method: &str,
    params: Value,
) -> Result<DispatchOutcome, CdtError> {
    let session = pages.session_for(page).await?;
    let mut events = pages.connection.subscribe();
    let call = pages.connection.call(method, params, Some(&session));
    tokio::pin!(call);
    loop {
        tokio::select! {
            reply = &mut call => return reply.map(|_| DispatchOutcome::default()),
            event = events.recv() => match event {
                Some(event) if opens_dialog(&event)
                    && pages.page_of(event.session_id.as_deref().unwrap_or_default()).as_deref() == Some(page) => {
                    let session = event.session_id.as_deref().unwrap_or_default();
                    return Ok(DispatchOutcome { dialog: Some(record_dialog(pages, page, session, &event.params)) });
                }
                Some(_) => {}
                None => return Err(browser_gone()),
            },
        }
    }
}

pub(crate) async fn mouse_input(
    pages: &Pages,
    page: &str,
    input: &MouseInput,
) -> Result<DispatchOutcome, CdtError> {
    let mut params = json!({
        "type": input.kind.cdp_name(), "x": input.x, "y": input.y, "button": input.button.name(), "clickCount": input.click_count, "modifiers": input.modifiers,
    });
    if input.kind == MouseEventKind::Wheel {
        params["deltaX"] = json!(input.delta_x);
        params["deltaY"] = json!(input.delta_y);
    }
    dispatch(pages, page, "Input.dispatchMouseEvent", params).await
}

/// Runs `work` with the interception `method` turns on (`Input.setInterceptDrags`,
/// `Page.setInterceptFileChooserDialog`) enabled on `session`, and turns it off after, whatever
/// `work` answered: a page is never left intercepting.
pub(crate) async fn intercepting<T>(
    pages: &Pages,
    session: &str,
    method: &str,
    work: impl std::future::Future<Output = Result<T, CdtError>>,
) -> Result<T, CdtError> {
    pages
        .connection
        .call(method, json!({ "enabled": true }), Some(session))
        .await?;
    let out = work.await;
    let _ = pages
        .connection
        .call(method, json!({ "enabled": false }), Some(session))
        .await;
    out
}

pub(crate) async fn key_input(
    pages: &Pages,
    page: &str,
    input: &KeyInput,
) -> Result<DispatchOutcome, CdtError> {
    let mut down = json!({
        "type": if input.text.is_some() { "keyDown" } else { "rawKeyDown" }, "key": input.key, "code": input.code,
        "windowsVirtualKeyCode": input.key_code, "modifiers": input.modifiers,
    });
    if let Some(text) = &input.text {
        down["text"] = json!(text);
    }
    let outcome = dispatch(pages, page, "Input.dispatchKeyEvent", down).await?;
    if outcome.dialog.is_some() {
        return Ok(outcome);
    }
    let up = json!({ "type": "keyUp", "key": input.key, "code": input.code, "windowsVirtualKeyCode": input.key_code, "modifiers": input.modifiers });
    dispatch(pages, page, "Input.dispatchKeyEvent", up).await
}

pub(crate) async fn text_input(
    pages: &Pages,
    page: &str,
    text: &str,
) -> Result<DispatchOutcome, CdtError> {
    dispatch(pages, page, "Input.insertText", json!({ "text": text })).await
}

pub(crate) async fn file_input(
    pages: &Pages,
    page: &str,
    frame: &str,
    uid: &str,
    files: &[String],
) -> Result<(), CdtError> {
    let (session, _) = frame_target(pages, page, frame).await?;
    let node = uid_node(pages, page, uid).await?;
    set_input_files(pages, &session, &json!(node), files).await
}

/// Puts `files` into the file input `node` (a backend node id) on `session`, as a user picking
/// them would (its `input` and `change` events run).
pub(crate) async fn set_input_files(
    pages: &Pages,
    session: &str,
    node: &Value,
    files: &[String],
) -> Result<(), CdtError> {
    pages
        .connection
        .call(
            "DOM.setFileInputFiles",
            json!({ "files": files, "backendNodeId": node }),
            Some(session),
        )
        .await
        .map(drop)
}

/// The params of the first `method` event on `session` that comes within `wait`, if any.
pub(crate) async fn event_on(
    events: &mut EventStream,
    session: &str,
    method: &str,
    wait: Duration,
) -> Option<Value> {
    tokio::time::timeout(wait, async {
        while let Some(event) = events.recv().await {
            if event.method == method && event.session_id.as_deref() == Some(session) {
                return Some(event.params.clone());
            }
        }
        None
    })
    .await
    .ok()
    .flatten()
}

async fn eval_session(pages: &Pages, page: &str) -> Result<String, CdtError> {
    let mut sessions = pages.state.eval_sessions.lock().await;
    if let Some(session) = sessions.get(page) {
        return Ok(session.clone());
    }
    let session = attach(&pages.connection, page).await?;
    sessions.insert(page.to_string(), session.clone());
    Ok(session)
}

pub(crate) async fn eval(
    pages: &Pages,
    page: &str,
    request: &EvalRequest,
) -> Result<Value, CdtError> {
    let session = eval_session(pages, page).await?;
    let work = async {
        let mut arguments = Vec::new();
        for uid in &request.element_args {
            arguments.push(json!({ "objectId": page_element(pages, &session, page, uid).await? }));
        }
        crate::eval::run(&pages.connection, &session, request, arguments).await
    };
    // Whoever gives up first — this timer, or the caller dropping us at its deadline — the
    // script is terminated, so the page's main thread is free for the next command.
    let mut guard = TerminateOnDrop {
        connection: Some(pages.connection.clone()),
        session: session.clone(),
    };
    let raced = until_dialog(pages, page, work);
    let reply = match tokio::time::timeout(Duration::from_millis(request.budget_ms), raced).await {
        Ok(reply) => {
            guard.connection = None;
            reply?
        }
        Err(_) => {
            drop(guard);
            return Err(CdtError::new(ErrorCode::Timeout, "the script ran past the command's budget and was terminated; the page stays usable")
                .with_details(json!({ "terminated": true }))
                .hinted("Retry with a larger budget if the script needs longer: --timeout 30000")
                .hinted("Or make the script finish sooner (no unbounded loops or waits)"));
        }
    };
    if let Some(details) = reply.get("exceptionDetails") {
        let exception = &details["exception"];
        let message = exception["description"]
            .as_str()
            .or_else(|| details["text"].as_str())
            .unwrap_or("exception")
            .to_string();
        let first_line = message.lines().next().unwrap_or_default().to_string();
        return Err(CdtError::new(ErrorCode::EvalException, first_line)
            .with_details(json!({ "exception": message, "line": details["lineNumber"], "column": details["columnNumber"], "stack": details["stackTrace"] }))
            .hinted("Fix the script; the exception and stack are in error.details"));
    }
    let result = &reply["result"];
    Ok(
        match (result.get("value"), result.get("unserializableValue")) {
            (Some(value), _) => value.clone(),
            (None, Some(Value::String(text))) => json!(text),
            _ => match result["type"].as_str() {
                Some("undefined") | None => Value::Null,
                Some(_) => json!(result["description"].as_str().unwrap_or_default()),
            },
        },
    )
}

pub(crate) async fn capture(
    pages: &Pages,
    page: &str,
    request: &ScreenshotRequest,
) -> Result<Vec<u8>, CdtError> {
    let session = pages.session_for(page).await?;
    let mut params = json!({ "format": request.format, "captureBeyondViewport": request.full_page, "fromSurface": true });
    if let Some(quality) = request.quality.filter(|_| request.format != "png") {
        params["quality"] = json!(quality);
    }
    if let Some((x, y, width, height)) = request.clip {
        params["clip"] = json!({ "x": x, "y": y, "width": width, "height": height, "scale": 1 });
    } else if request.full_page {
        let metrics = pages
            .connection
            .call("Page.getLayoutMetrics", json!({}), Some(&session))
            .await?;
        let size = &metrics["cssContentSize"];
        params["clip"] =
            json!({ "x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1 });
    }
    let reply = pages
        .connection
        .call("Page.captureScreenshot", params, Some(&session))
        .await?;
    decode(&reply["data"])
}

pub(crate) async fn print_pdf(pages: &Pages, page: &str) -> Result<Vec<u8>, CdtError> {
    let session = pages.session_for(page).await?;
    let reply = pages
        .connection
        .call(
            "Page.printToPDF",
            json!({ "printBackground": true }),
            Some(&session),
        )
        .await?;
    decode(&reply["data"])
}

pub(crate) async fn set_viewport(
    pages: &Pages,
    page: &str,
    width: u32,
    height: u32,
) -> Result<(), CdtError> {
    let session = pages.session_for(page).await?;
    let params =
        json!({ "width": width, "height": height, "deviceScaleFactor": 0, "mobile": false });
    pages
        .connection
        .call("Emulation.setDeviceMetricsOverride", params, Some(&session))
        .await
        .map(drop)
}

fn decode(data: &Value) -> Result<Vec<u8>, CdtError> {
    base64::engine::general_purpose::STANDARD
        .decode(data.as_str().unwrap_or_default())
        .map_err(|e| {
            CdtError::new(
                ErrorCode::ProtocolError,
                format!("the browser sent undecodable data: {e}"),
            )
        })
}
