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

use crate::browser::{CdpBrowser, str_field};

/// The agent's source, evaluated as `(AGENT)(command, args)`: the accessibility model
/// (`accname.js`) bound as `A11Y` around the agent function (`agent.js`).
pub const AGENT: &str = concat!(
    "(function () { const A11Y = ",
    include_str!("js/accname.js"),
    "; return (",
    include_str!("js/agent.js"),
    "); })()"
);

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
    /// Page target → its out-of-process iframe ids; frame `fK` is index `K - 1`.
    frames: Mutex<HashMap<String, Vec<String>>>,
    /// (page target, frame prefix) → next uid number, so uids are never reused in a page.
    uid_next: Mutex<HashMap<(String, String), u64>>,
    /// Sessions on out-of-process iframe targets, by frame id.
    frame_sessions: tokio::sync::Mutex<HashMap<String, String>>,
    /// Evaluation sessions, by page target.
    eval_sessions: tokio::sync::Mutex<HashMap<String, String>>,
    /// Open dialogs by page, with the session that reported them (it has `Page` enabled, so it
    /// can answer; enabling `Page` on a new session would wait on the frozen page).
    pub(crate) dialogs: Mutex<HashMap<String, (DialogInfo, String)>>,
    /// The telemetry collector's sessions, to attribute their dialog events to pages.
    pub(crate) observed: crate::telemetry::ObservedSessions,
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn agent_failed(command: &str, details: &Value) -> CdtError {
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
fn stale_frame(error: CdtError, frame: &str) -> CdtError {
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
                            return Err(dialog_blocking(&dialog_from(&event.params)));
                        }
                    }
                    Some(_) => {}
                    None => return Err(CdtError::new(ErrorCode::CdpDisconnected, "the browser went away").hinted("Run: cdt session restart")),
                },
            }
        }
    }

    /// The remote object of the element a uid names in a session's page, if still attached.
    async fn element_object(&self, session: &str, uid: &str) -> Result<String, CdtError> {
        let lookup = format!(
            "(() => {{ const r = window.__cdt && window.__cdt.byUid.get({}); const el = r && r.deref(); return el && el.isConnected ? el : undefined; }})()",
            json!(uid)
        );
        let reply = self
            .connection
            .call(
                "Runtime.evaluate",
                json!({ "expression": lookup }),
                Some(session),
            )
            .await?;
        reply["result"]["objectId"]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| {
                CdtError::new(ErrorCode::UidStale, format!("{uid} no longer exists"))
                    .hinted("Run: cdt capture snapshot")
            })
    }

    pub(crate) fn page_of(&self, session: &str) -> Option<String> {
        crate::browser::page_of_session(session, &self.sessions, &self.page_state)
    }

    /// The session commands for `frame` of `page` go to.
    async fn frame_session(&self, page: &str, frame: &str) -> Result<String, CdtError> {
        if frame.is_empty() {
            return self.session_for(page).await;
        }
        let index: usize = frame.trim_start_matches('f').parse().unwrap_or(0);
        let frame_id = lock(&self.page_state.frames)
            .get(page)
            .and_then(|f| f.get(index.wrapping_sub(1)).cloned());
        let Some(frame_id) = frame_id else {
            return Err(CdtError::new(
                ErrorCode::UidStale,
                format!("frame {frame} of this page is gone"),
            )
            .hinted("Run: cdt capture snapshot"));
        };
        let mut sessions = self.page_state.frame_sessions.lock().await;
        if let Some(session) = sessions.get(&frame_id) {
            return Ok(session.clone());
        }
        let attached = self
            .connection
            .call(
                "Target.attachToTarget",
                json!({ "targetId": frame_id, "flatten": true }),
                None,
            )
            .await
            .map_err(|_| {
                CdtError::new(
                    ErrorCode::UidStale,
                    format!("frame {frame} of this page is gone"),
                )
                .hinted("Run: cdt capture snapshot")
            })?;
        let session = str_field(&attached, "sessionId").to_string();
        sessions.insert(frame_id, session.clone());
        Ok(session)
    }

    fn agent_expression(&self, page: &str, frame: &str, command: &str, mut args: Value) -> String {
        let next = lock(&self.page_state.uid_next)
            .get(&(page.to_string(), frame.to_string()))
            .copied()
            .unwrap_or(1);
        args["prefix"] = json!(frame);
        args["start"] = json!(next);
        args["issuedBefore"] = json!(next);
        format!("({AGENT})({}, {})", json!(command), args)
    }

    fn note_next(&self, page: &str, frame: &str, value: &Value) {
        if let Some(next) = value.get("__next").and_then(Value::as_u64) {
            let mut counters = lock(&self.page_state.uid_next);
            let entry = counters
                .entry((page.to_string(), frame.to_string()))
                .or_insert(1);
            *entry = (*entry).max(next);
        }
    }

    pub(crate) async fn run_agent(
        &self,
        page: &str,
        frame: &str,
        command: &str,
        args: Value,
    ) -> Result<Value, CdtError> {
        let session = self.frame_session(page, frame).await?;
        let expression = self.agent_expression(page, frame, command, args);
        let evaluate = self.connection.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
            Some(&session),
        );
        let reply = self
            .until_dialog(page, evaluate)
            .await
            .map_err(|error| stale_frame(error, frame))?;
        if let Some(details) = reply.get("exceptionDetails") {
            return Err(agent_failed(command, details));
        }
        let mut value = reply["result"]["value"].clone();
        self.note_next(page, frame, &value);
        if let Some(object) = value.as_object_mut() {
            object.remove("__next");
        }
        Ok(value)
    }

    pub(crate) async fn discover_child_frames(
        &self,
        page: &str,
    ) -> Result<Vec<(String, String)>, CdtError> {
        let main = self.session_for(page).await?;
        let tree = self
            .connection
            .call("Page.getFrameTree", json!({}), Some(&main))
            .await?;
        let listed = self
            .connection
            .call("Target.getTargets", json!({}), None)
            .await?;
        // Frames that live in the page's own process: their iframes' owners are in the main frame's DOM.
        let mut known: HashMap<String, String> = HashMap::new();
        let mut stack = vec![tree["frameTree"].clone()];
        while let Some(node) = stack.pop() {
            known.insert(str_field(&node["frame"], "id").to_string(), String::new());
            stack.extend(
                node["childFrames"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .cloned(),
            );
        }
        let mut remote: Vec<(String, String)> = listed["targetInfos"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|t| t["type"] == "iframe")
            .map(|t| {
                (
                    str_field(t, "targetId").to_string(),
                    str_field(t, "parentFrameId").to_string(),
                )
            })
            .collect();
        // (frame id, parent frame id), parents before children; frames of other pages never
        // connect to `known` and are left out.
        let mut found = Vec::new();
        while let Some(position) = remote
            .iter()
            .position(|(_, parent)| known.contains_key(parent))
        {
            let (frame_id, parent_id) = remote.swap_remove(position);
            known.insert(frame_id.clone(), frame_id.clone());
            found.push((frame_id, parent_id));
        }
        let mut out = Vec::new();
        for (frame_id, parent_id) in found {
            let index = {
                let mut frames = lock(&self.page_state.frames);
                let list = frames.entry(page.to_string()).or_default();
                match list.iter().position(|f| *f == frame_id) {
                    Some(position) => position + 1,
                    None => {
                        list.push(frame_id.clone());
                        list.len()
                    }
                }
            };
            let parent_prefix = {
                let frames = lock(&self.page_state.frames);
                frames
                    .get(page)
                    .and_then(|list| list.iter().position(|f| *f == parent_id))
                    .map(|p| format!("f{}", p + 1))
                    .unwrap_or_default()
            };
            let parent_session = self.frame_session(page, &parent_prefix).await?;
            let owner = async {
                let _ = self.connection.call("DOM.enable", json!({}), Some(&parent_session)).await;
                let owner = self.connection.call("DOM.getFrameOwner", json!({ "frameId": frame_id }), Some(&parent_session)).await?;
                let resolved =
                    self.connection.call("DOM.resolveNode", json!({ "backendNodeId": owner["backendNodeId"] }), Some(&parent_session)).await?;
                let next = lock(&self.page_state.uid_next).get(&(page.to_string(), parent_prefix.clone())).copied().unwrap_or(1);
                let call = json!({
                    "objectId": resolved["object"]["objectId"],
                    "functionDeclaration": format!("function (c, a) {{ return ({AGENT}).call(this, c, a); }}"),
                    "arguments": [{ "value": "frameOwnerUid" }, { "value": { "prefix": parent_prefix, "start": next } }],
                    "returnByValue": true,
                });
                let reply = self.connection.call("Runtime.callFunctionOn", call, Some(&parent_session)).await?;
                self.note_next(page, &parent_prefix, &reply["result"]["value"]);
                Ok::<String, CdtError>(str_field(&reply["result"]["value"], "uid").to_string())
            }
            .await;
            match owner {
                Ok(uid) => out.push((format!("f{index}"), uid)),
                Err(error) => {
                    tracing::debug!(%frame_id, %error, "cannot find the iframe element of a frame")
                }
            }
        }
        Ok(out)
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
                        return Ok(DispatchOutcome { dialog: Some(dialog_from(&event.params)) });
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
        let session = self.frame_session(page, frame).await?;
        let object = self.element_object(&session, uid).await?;
        self.connection
            .call(
                "DOM.setFileInputFiles",
                json!({ "files": files, "objectId": object }),
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
                arguments.push(json!({ "objectId": self.element_object(&session, uid).await? }));
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
