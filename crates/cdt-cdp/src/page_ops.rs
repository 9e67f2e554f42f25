//! Page interaction for [`CdpBrowser`]: cdt's in-page agent per frame (main frame or
//! out-of-process iframe), input events that never block on a dialog, an isolated evaluation
//! session, dialogs, captures and history.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use base64::Engine;
use cdt_domain::interact::{
    DialogInfo, DispatchOutcome, EvalRequest, KeyInput, MouseInput, ScreenshotRequest,
};
use cdt_domain::ports::NavigationOutcome;
use cdt_domain::{CdtError, ErrorCode, WaitUntil};
use serde_json::{Value, json};

use crate::browser::CdpBrowser;
use crate::support::{lock, str_field};

/// Sends `Runtime.terminateExecution` when an evaluation is abandoned (timed out or dropped).
struct TerminateOnDrop {
    connection: Option<crate::CdpConnection>,
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

/// Per-browser bookkeeping of frames, uid counters, dialogs and extra sessions.
#[derive(Default)]
pub struct PageState {
    /// cdt's isolated worlds, frames and uid tables (world.rs).
    pub(crate) worlds: crate::world::Worlds,
    /// Evaluation sessions, by page target.
    eval_sessions: tokio::sync::Mutex<HashMap<String, String>>,
    /// Open dialogs by page, with the session that reported them (it has `Page` enabled, so it
    /// can answer; enabling `Page` on a new session would wait on the frozen page).
    pub(crate) dialogs: Mutex<HashMap<String, (DialogInfo, String)>>,
    /// The telemetry collector's sessions, to attribute their dialog events to pages.
    pub(crate) observed: crate::telemetry::ObservedSessions,
}

pub(crate) fn agent_failed(command: &str, details: &Value) -> CdtError {
    let text = details["exception"]["description"]
        .as_str()
        .or_else(|| details["text"].as_str())
        .unwrap_or("exception");
    CdtError::new(
        ErrorCode::InternalError,
        format!("cdt's page agent failed running {command}: {text}"),
    )
    .hinted("Retry; if it persists, run with --debug and report the page")
}

fn dialog_from(params: &Value) -> DialogInfo {
    DialogInfo {
        kind: str_field(params, "type").to_string(),
        message: str_field(params, "message").to_string(),
        default_prompt: str_field(params, "defaultPrompt").to_string(),
        url: str_field(params, "url").to_string(),
    }
}

/// A frame's session that is gone means the frame (and its uids) is gone.
pub(crate) fn stale_frame(error: CdtError, frame: &str) -> CdtError {
    if !frame.is_empty() && error.code == ErrorCode::ProtocolError {
        return CdtError::new(
            ErrorCode::UidStale,
            format!("frame {frame} is no longer part of the page"),
        )
        .hinted("Run: cdt capture snapshot");
    }
    error
}

/// The error for a dialog that blocks the page.
pub fn dialog_blocking(dialog: &DialogInfo) -> CdtError {
    CdtError::new(
        ErrorCode::DialogBlocking,
        format!(
            "a JavaScript {} dialog blocks the page: {:?}",
            dialog.kind, dialog.message
        ),
    )
    .with_details(json!({ "dialog": dialog }))
    .hinted("Run: cdt dialog handle accept")
    .hinted("Or: cdt dialog handle dismiss")
}

impl CdpBrowser {
    /// Runs `work`, but answers `DIALOG_BLOCKING` as soon as a dialog opens on `page` (a page's
    /// scripts stop while a dialog is open, so whatever `work` waits for would never come).
    pub(crate) async fn until_dialog<T>(
        &self,
        page: &str,
        work: impl std::future::Future<Output = Result<T, CdtError>>,
    ) -> Result<T, CdtError> {
        let mut events = self.connection.subscribe();
        if let Some((dialog, _)) = lock(&self.page_state.dialogs).get(page) {
            return Err(dialog_blocking(dialog));
        }
        tokio::pin!(work);
        loop {
            tokio::select! {
                result = &mut work => return result,
                event = events.recv() => match event {
                    Some(event) if event.method == "Page.javascriptDialogOpening" => {
                        let session = event.session_id.clone().unwrap_or_default();
                        if self.page_of(&session).as_deref() == Some(page) {
                            return Err(dialog_blocking(&self.record_dialog(page, &session, &event.params)));
                        }
                    }
                    Some(_) => {}
                    None => return Err(CdtError::new(ErrorCode::CdpDisconnected, "the browser went away").hinted("Run: cdt session restart")),
                },
            }
        }
    }

    /// The element a uid names, as an object of the page's own (main) world on `session`.
    async fn page_element(&self, session: &str, page: &str, uid: &str) -> Result<String, CdtError> {
        let node = self.uid_node(page, uid)?;
        let resolved = self
            .connection
            .call(
                "DOM.resolveNode",
                json!({ "backendNodeId": node }),
                Some(session),
            )
            .await
            .map_err(|_| {
                CdtError::new(ErrorCode::UidStale, format!("{uid} no longer exists"))
                    .hinted("Run: cdt capture snapshot")
            })?;
        Ok(str_field(&resolved["object"], "objectId").to_string())
    }

    /// A dialog seen while racing work against dialogs, recorded in the page's dialog state at
    /// once: the tracker sees the same event on its own channel, maybe later, and the next
    /// command (which may take the page lock the moment this one returns) must find it.
    fn record_dialog(&self, page: &str, session: &str, params: &Value) -> DialogInfo {
        let dialog = dialog_from(params);
        lock(&self.page_state.dialogs)
            .insert(page.to_string(), (dialog.clone(), session.to_string()));
        dialog
    }

    pub(crate) fn page_of(&self, session: &str) -> Option<String> {
        crate::browser::page_of_session(session, &self.sessions, &self.page_state)
    }

    /// Sends a command that may be held up by a dialog it causes; returns once it is answered or
    /// a dialog opens on the page.
    async fn dispatch(
        &self,
        page: &str,
        method: &str,
        params: Value,
    ) -> Result<DispatchOutcome, CdtError> {
        let session = self.session_for(page).await?;
        let mut events = self.connection.subscribe();
        let call = self.connection.call(method, params, Some(&session));
        tokio::pin!(call);
        loop {
            tokio::select! {
                reply = &mut call => return reply.map(|_| DispatchOutcome::default()),
                event = events.recv() => match event {
                    Some(event) if event.method == "Page.javascriptDialogOpening"
                        && self.page_of(event.session_id.as_deref().unwrap_or_default()).as_deref() == Some(page) => {
                        let session = event.session_id.as_deref().unwrap_or_default();
                        return Ok(DispatchOutcome { dialog: Some(self.record_dialog(page, session, &event.params)) });
                    }
                    Some(_) => {}
                    None => return Err(CdtError::new(ErrorCode::CdpDisconnected, "the browser went away").hinted("Run: cdt session restart")),
                },
            }
        }
    }

    pub(crate) async fn mouse_input(
        &self,
        page: &str,
        input: &MouseInput,
    ) -> Result<DispatchOutcome, CdtError> {
        let mut params = json!({
            "type": input.kind, "x": input.x, "y": input.y, "button": input.button, "clickCount": input.click_count, "modifiers": input.modifiers,
        });
        if input.kind == "mouseWheel" {
            params["deltaX"] = json!(input.delta_x);
            params["deltaY"] = json!(input.delta_y);
        }
        self.dispatch(page, "Input.dispatchMouseEvent", params)
            .await
    }

    pub(crate) async fn key_input(
        &self,
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
        let outcome = self.dispatch(page, "Input.dispatchKeyEvent", down).await?;
        if outcome.dialog.is_some() {
            return Ok(outcome);
        }
        let up = json!({ "type": "keyUp", "key": input.key, "code": input.code, "windowsVirtualKeyCode": input.key_code, "modifiers": input.modifiers });
        self.dispatch(page, "Input.dispatchKeyEvent", up).await
    }

    pub(crate) async fn text_input(
        &self,
        page: &str,
        text: &str,
    ) -> Result<DispatchOutcome, CdtError> {
        self.dispatch(page, "Input.insertText", json!({ "text": text }))
            .await
    }

    pub(crate) async fn file_input(
        &self,
        page: &str,
        frame: &str,
        uid: &str,
        files: &[String],
    ) -> Result<(), CdtError> {
        let (session, _) = self.frame_target(page, frame).await?;
        let node = self.uid_node(page, uid)?;
        self.connection
            .call(
                "DOM.setFileInputFiles",
                json!({ "files": files, "backendNodeId": node }),
                Some(&session),
            )
            .await
            .map(drop)
    }

    async fn eval_session(&self, page: &str) -> Result<String, CdtError> {
        let mut sessions = self.page_state.eval_sessions.lock().await;
        if let Some(session) = sessions.get(page) {
            return Ok(session.clone());
        }
        let attached = self
            .connection
            .call(
                "Target.attachToTarget",
                json!({ "targetId": page, "flatten": true }),
                None,
            )
            .await?;
        let session = str_field(&attached, "sessionId").to_string();
        sessions.insert(page.to_string(), session.clone());
        Ok(session)
    }

    pub(crate) async fn eval(&self, page: &str, request: &EvalRequest) -> Result<Value, CdtError> {
        let session = self.eval_session(page).await?;
        let work = async {
            let mut arguments = Vec::new();
            for uid in &request.element_args {
                arguments
                    .push(json!({ "objectId": self.page_element(&session, page, uid).await? }));
            }
            crate::eval::run(&self.connection, &session, request, arguments).await
        };
        // Whoever gives up first — this timer, or the caller dropping us at its deadline — the
        // script is terminated, so the page's main thread is free for the next command.
        let mut guard = TerminateOnDrop {
            connection: Some(self.connection.clone()),
            session: session.clone(),
        };
        let raced = self.until_dialog(page, work);
        let reply = match tokio::time::timeout(Duration::from_millis(request.budget_ms), raced)
            .await
        {
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

    pub(crate) async fn answer_dialog(
        &self,
        page: &str,
        accept: bool,
        prompt_text: Option<&str>,
    ) -> Result<(), CdtError> {
        let reported = lock(&self.page_state.dialogs)
            .get(page)
            .map(|(_, session)| session.clone());
        let session = match reported {
            Some(session) => session,
            None => self.session_for(page).await?,
        };
        let mut params = json!({ "accept": accept });
        if let Some(text) = prompt_text {
            params["promptText"] = json!(text);
        }
        self.connection
            .call("Page.handleJavaScriptDialog", params, Some(&session))
            .await?;
        lock(&self.page_state.dialogs).remove(page);
        Ok(())
    }

    pub(crate) async fn capture(
        &self,
        page: &str,
        request: &ScreenshotRequest,
    ) -> Result<Vec<u8>, CdtError> {
        let session = self.session_for(page).await?;
        let mut params = json!({ "format": request.format, "captureBeyondViewport": request.full_page, "fromSurface": true });
        if let Some(quality) = request.quality.filter(|_| request.format != "png") {
            params["quality"] = json!(quality);
        }
        if let Some((x, y, width, height)) = request.clip {
            params["clip"] =
                json!({ "x": x, "y": y, "width": width, "height": height, "scale": 1 });
        } else if request.full_page {
            let metrics = self
                .connection
                .call("Page.getLayoutMetrics", json!({}), Some(&session))
                .await?;
            let size = &metrics["cssContentSize"];
            params["clip"] = json!({ "x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1 });
        }
        let reply = self
            .connection
            .call("Page.captureScreenshot", params, Some(&session))
            .await?;
        decode(&reply["data"])
    }

    pub(crate) async fn print_pdf(&self, page: &str) -> Result<Vec<u8>, CdtError> {
        let session = self.session_for(page).await?;
        let reply = self
            .connection
            .call(
                "Page.printToPDF",
                json!({ "printBackground": true }),
                Some(&session),
            )
            .await?;
        decode(&reply["data"])
    }

    /// Waits for the main frame to reach `wait_until` after a navigation the caller started.
    async fn wait_main_frame(
        &self,
        page: &str,
        session: &str,
        mut events: crate::transport::EventStream,
        wait_until: WaitUntil,
    ) -> Result<(), CdtError> {
        let name = match wait_until {
            WaitUntil::Load => "load",
            WaitUntil::Domcontentloaded => "DOMContentLoaded",
            WaitUntil::Networkidle => "networkIdle",
            WaitUntil::None => return Ok(()),
        };
        while let Some(event) = events.recv().await {
            if event.session_id.as_deref() != Some(session) {
                continue;
            }
            let p = &event.params;
            let restored =
                event.method == "Page.frameNavigated" && p["type"] == "BackForwardCacheRestore";
            let same_document =
                event.method == "Page.navigatedWithinDocument" && str_field(p, "frameId") == page;
            let reached = event.method == "Page.lifecycleEvent"
                && str_field(p, "name") == name
                && str_field(p, "frameId") == page;
            if restored || same_document || reached {
                return Ok(());
            }
        }
        Err(
            CdtError::new(ErrorCode::CdpDisconnected, "the browser went away")
                .hinted("Run: cdt session restart"),
        )
    }

    pub(crate) async fn go_history(
        &self,
        page: &str,
        delta: i32,
        wait_until: WaitUntil,
    ) -> Result<Option<NavigationOutcome>, CdtError> {
        let session = self.session_for(page).await?;
        let history = self
            .connection
            .call("Page.getNavigationHistory", json!({}), Some(&session))
            .await?;
        let index = history["currentIndex"].as_i64().unwrap_or(0) + i64::from(delta);
        let Some(entry) = history["entries"]
            .as_array()
            .and_then(|entries| usize::try_from(index).ok().and_then(|i| entries.get(i)))
        else {
            return Ok(None);
        };
        let events = self.connection.subscribe();
        self.connection
            .call(
                "Page.navigateToHistoryEntry",
                json!({ "entryId": entry["id"] }),
                Some(&session),
            )
            .await?;
        self.until_dialog(
            page,
            self.wait_main_frame(page, &session, events, wait_until),
        )
        .await?;
        self.location(page, &session).await.map(Some)
    }

    pub(crate) async fn reload_page(
        &self,
        page: &str,
        ignore_cache: bool,
        wait_until: WaitUntil,
    ) -> Result<NavigationOutcome, CdtError> {
        let session = self.session_for(page).await?;
        let events = self.connection.subscribe();
        self.connection
            .call(
                "Page.reload",
                json!({ "ignoreCache": ignore_cache }),
                Some(&session),
            )
            .await?;
        self.until_dialog(
            page,
            self.wait_main_frame(page, &session, events, wait_until),
        )
        .await?;
        self.location(page, &session).await
    }

    pub(crate) async fn set_viewport(
        &self,
        page: &str,
        width: u32,
        height: u32,
    ) -> Result<(), CdtError> {
        let session = self.session_for(page).await?;
        let params =
            json!({ "width": width, "height": height, "deviceScaleFactor": 0, "mobile": false });
        self.connection
            .call("Emulation.setDeviceMetricsOverride", params, Some(&session))
            .await
            .map(drop)
    }
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
