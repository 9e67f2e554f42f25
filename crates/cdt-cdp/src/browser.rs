//! [`CdpBrowser`]: one connected browser behind the [`BrowserPort`] port. Page targets are
//! tracked from `Target.*` events (so listing pages costs no round-trip); each page gets one
//! flattened session, attached on first use.

use std::collections::{BTreeMap, HashMap};
use std::process::Child;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use cdt_domain::emulation::EmulationSettings;
use cdt_domain::interact::{
    DialogInfo, DispatchOutcome, EvalRequest, KeyInput, MouseInput, ScreenshotRequest,
};
use cdt_domain::ports::{BrowserInfo, BrowserPort, NavigationOutcome, TargetInfo};
use cdt_domain::storage::{Cookie, StorageArea, StorageItem};
use cdt_domain::telemetry::TelemetrySink;
use cdt_domain::{CdtError, ErrorCode, WaitUntil};
use serde_json::{Value, json};

use crate::page_ops::PageState;
use crate::support::str_field;
use crate::target_setup::TargetSetup;
use crate::transport::{CdpConnection, CdpEvent};

/// A browser process cdt launched (leader of its own process group).
pub struct BrowserProcess {
    child: Mutex<Option<Child>>,
    pid: u32,
}

impl BrowserProcess {
    pub fn new(child: Child) -> Self {
        let pid = child.id();
        BrowserProcess {
            child: Mutex::new(Some(child)),
            pid,
        }
    }

    /// SIGKILLs the whole process group and reaps the leader off-thread.
    #[allow(unsafe_code)]
    pub fn kill(&self) {
        let Ok(pid) = i32::try_from(self.pid) else {
            return;
        };
        // SAFETY: kill(2) takes plain integers; the group is the browser's own (setpgid at spawn).
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
            libc::kill(pid, libc::SIGKILL);
        }
        if let Some(mut child) = self.child.lock().ok().and_then(|mut c| c.take()) {
            std::thread::spawn(move || child.wait());
        }
    }

    fn has_exited(&self) -> bool {
        self.child
            .lock()
            .ok()
            .and_then(|mut c| {
                c.as_mut()
                    .map(|child| matches!(child.try_wait(), Ok(Some(_))))
            })
            .unwrap_or(true)
    }
}

pub struct CdpBrowser {
    pub(crate) connection: CdpConnection,
    pub(crate) page_state: Arc<PageState>,
    info: BrowserInfo,
    targets: Arc<Mutex<Vec<TargetInfo>>>,
    pub(crate) sessions: Arc<Mutex<HashMap<String, String>>>,
    attaching: tokio::sync::Mutex<()>,
    process: Option<BrowserProcess>,
    /// Emulation and init scripts every target gets (see `emulation.rs`).
    pub(crate) setup: Arc<TargetSetup>,
    /// (session, page target) recording a trace, if any (see `trace.rs`).
    pub(crate) trace: Mutex<Option<(String, String)>>,
}

fn upsert(targets: &Mutex<Vec<TargetInfo>>, info: &Value) {
    if str_field(info, "type") != "page" {
        return;
    }
    let target = TargetInfo {
        target_id: str_field(info, "targetId").to_string(),
        url: str_field(info, "url").to_string(),
        title: str_field(info, "title").to_string(),
    };
    if target.target_id.is_empty() {
        return;
    }
    if let Ok(mut targets) = targets.lock() {
        match targets.iter_mut().find(|t| t.target_id == target.target_id) {
            Some(existing) => *existing = target,
            None => targets.push(target),
        }
    }
}

fn track(
    event: &CdpEvent,
    targets: &Mutex<Vec<TargetInfo>>,
    sessions: &Mutex<HashMap<String, String>>,
    pages: &PageState,
) {
    if let Some(session) = &event.session_id {
        let action = sessions
            .lock()
            .is_ok_and(|s| s.values().any(|known| known == session));
        pages.worlds.track(&event.method, &event.params, action);
        track_dialog(event, session, sessions, pages);
        return;
    }
    match event.method.as_str() {
        "Target.targetCreated" | "Target.targetInfoChanged" => {
            upsert(targets, &event.params["targetInfo"])
        }
        "Target.targetDestroyed" | "Target.targetCrashed" => {
            let id = str_field(&event.params, "targetId");
            if let Ok(mut targets) = targets.lock() {
                targets.retain(|t| t.target_id != id);
            }
            if let Ok(mut sessions) = sessions.lock() {
                sessions.remove(id);
            }
            pages.worlds.forget(id);
        }
        "Target.detachedFromTarget" => {
            let session = str_field(&event.params, "sessionId");
            if let Ok(mut sessions) = sessions.lock() {
                sessions.retain(|_, s| s != session);
            }
        }
        _ => {}
    }
}

/// Keeps the per-page dialog state current from the action sessions' `Page` events.
/// The page a session belongs to: an action session of ours, or one of the observer sessions
/// (which also cover popups and iframes).
pub(crate) fn page_of_session(
    session: &str,
    sessions: &Mutex<HashMap<String, String>>,
    pages: &PageState,
) -> Option<String> {
    let action = sessions.lock().ok().and_then(|s| {
        s.iter()
            .find(|(_, v)| v.as_str() == session)
            .map(|(k, _)| k.clone())
    });
    action.or_else(|| {
        pages
            .observed
            .lock()
            .ok()?
            .get(session)
            .map(|o| o.page_target_id.clone())
            .filter(|p| !p.is_empty())
    })
}

fn track_dialog(
    event: &CdpEvent,
    session: &str,
    sessions: &Mutex<HashMap<String, String>>,
    pages: &PageState,
) {
    if !matches!(
        event.method.as_str(),
        "Page.javascriptDialogOpening" | "Page.javascriptDialogClosed"
    ) {
        return;
    }
    let target = page_of_session(session, sessions, pages);
    let (Some(target), Ok(mut dialogs)) = (target, pages.dialogs.lock()) else {
        return;
    };
    if event.method == "Page.javascriptDialogOpening" {
        let params = &event.params;
        let dialog = cdt_domain::interact::DialogInfo {
            kind: str_field(params, "type").to_string(),
            message: str_field(params, "message").to_string(),
            default_prompt: str_field(params, "defaultPrompt").to_string(),
            url: str_field(params, "url").to_string(),
        };
        dialogs.insert(target, (dialog, session.to_string()));
    } else {
        dialogs.remove(&target);
    }
}

impl CdpBrowser {
    /// Starts tracking targets and reads the browser's version.
    pub async fn start(
        connection: CdpConnection,
        mut info: BrowserInfo,
        process: Option<BrowserProcess>,
        sink: Arc<dyn TelemetrySink>,
    ) -> Result<Self, CdtError> {
        let targets = Arc::new(Mutex::new(Vec::new()));
        let sessions = Arc::new(Mutex::new(HashMap::new()));
        let mut events = connection.subscribe();
        let page_state = Arc::new(PageState::default());
        let (tracked_targets, tracked_sessions, tracked_pages) =
            (targets.clone(), sessions.clone(), page_state.clone());
        let dialog_connection = connection.clone();
        tokio::spawn(async move {
            while let Some(event) = events.recv().await {
                // `beforeunload` prompts would stall every navigation away; they are accepted.
                if event.method == "Page.javascriptDialogOpening"
                    && event.params["type"] == "beforeunload"
                {
                    if let Some(session) = event.session_id.clone() {
                        let connection = dialog_connection.clone();
                        tokio::spawn(async move {
                            let _ = connection
                                .call(
                                    "Page.handleJavaScriptDialog",
                                    json!({ "accept": true }),
                                    Some(&session),
                                )
                                .await;
                        });
                    }
                    continue;
                }
                // Chromium does not always send a title change for a page it opened (popups,
                // target=_blank): refresh the page's info whenever it finishes loading.
                if event.method == "Page.loadEventFired"
                    && let Some(page) = event
                        .session_id
                        .as_deref()
                        .and_then(|s| page_of_session(s, &tracked_sessions, &tracked_pages))
                {
                    let (connection, targets) =
                        (dialog_connection.clone(), tracked_targets.clone());
                    tokio::spawn(async move {
                        if let Ok(info) = connection
                            .call("Target.getTargetInfo", json!({ "targetId": page }), None)
                            .await
                        {
                            upsert(&targets, &info["targetInfo"]);
                        }
                    });
                }
                track(&event, &tracked_targets, &tracked_sessions, &tracked_pages);
            }
        });
        let mut browser = CdpBrowser {
            connection,
            page_state,
            info: BrowserInfo::default(),
            targets,
            sessions,
            attaching: tokio::sync::Mutex::new(()),
            process,
            setup: Arc::default(),
            trace: Mutex::new(None),
        };
        let result = async {
            browser
                .connection
                .call(
                    "Target.setDiscoverTargets",
                    json!({ "discover": true }),
                    None,
                )
                .await?;
            crate::telemetry::start(
                browser.connection.clone(),
                sink,
                browser.page_state.observed.clone(),
                browser.setup.clone(),
            )
            .await?;
            let listed = browser
                .connection
                .call("Target.getTargets", json!({}), None)
                .await?;
            for target in listed["targetInfos"].as_array().into_iter().flatten() {
                upsert(&browser.targets, target);
            }
            browser
                .connection
                .call("Browser.getVersion", json!({}), None)
                .await
        }
        .await;
        match result {
            Ok(version) => {
                info.product = str_field(&version, "product").to_string();
                browser
                    .setup
                    .set_default_user_agent(str_field(&version, "userAgent"));
                browser.info = info;
                Ok(browser)
            }
            Err(error) => {
                browser.shutdown().await;
                Err(error)
            }
        }
    }

    /// The flattened session of a page target, attached (with page lifecycle events) on first use.
    pub(crate) async fn session_for(&self, target_id: &str) -> Result<String, CdtError> {
        let cached = |sessions: &Mutex<HashMap<String, String>>| {
            sessions.lock().ok().and_then(|s| s.get(target_id).cloned())
        };
        if let Some(session) = cached(&self.sessions) {
            return Ok(session);
        }
        let _attaching = self.attaching.lock().await;
        if let Some(session) = cached(&self.sessions) {
            return Ok(session);
        }
        let attached = self
            .connection
            .call(
                "Target.attachToTarget",
                json!({ "targetId": target_id, "flatten": true }),
                None,
            )
            .await?;
        let session = str_field(&attached, "sessionId").to_string();
        self.connection
            .call("Page.enable", json!({}), Some(&session))
            .await?;
        self.connection
            .call(
                "Page.setLifecycleEventsEnabled",
                json!({ "enabled": true }),
                Some(&session),
            )
            .await?;
        if let Ok(mut sessions) = self.sessions.lock() {
            sessions.insert(target_id.to_string(), session.clone());
        }
        Ok(session)
    }

    pub(crate) async fn location(
        &self,
        target_id: &str,
        session: &str,
    ) -> Result<NavigationOutcome, CdtError> {
        let evaluated = self
            .connection
            .call(
                "Runtime.evaluate",
                json!({ "expression": "[location.href, document.title]", "returnByValue": true }),
                Some(session),
            )
            .await?;
        let value = &evaluated["result"]["value"];
        let outcome = NavigationOutcome {
            url: value[0].as_str().unwrap_or_default().to_string(),
            title: value[1].as_str().unwrap_or_default().to_string(),
        };
        if let Ok(mut targets) = self.targets.lock()
            && let Some(target) = targets.iter_mut().find(|t| t.target_id == target_id)
        {
            target.url.clone_from(&outcome.url);
            target.title.clone_from(&outcome.title);
        }
        Ok(outcome)
    }
}

fn lifecycle_name(wait_until: WaitUntil) -> Option<&'static str> {
    match wait_until {
        WaitUntil::Load => Some("load"),
        WaitUntil::Domcontentloaded => Some("DOMContentLoaded"),
        WaitUntil::Networkidle => Some("networkIdle"),
        WaitUntil::None => None,
    }
}

#[async_trait]
impl BrowserPort for CdpBrowser {
    fn info(&self) -> BrowserInfo {
        self.info.clone()
    }

    fn pages(&self) -> Vec<TargetInfo> {
        self.targets.lock().map(|t| t.clone()).unwrap_or_default()
    }

    fn is_connected(&self) -> bool {
        self.connection.is_connected()
            && !self
                .process
                .as_ref()
                .is_some_and(BrowserProcess::has_exited)
    }

    async fn create_page(&self, background: bool) -> Result<String, CdtError> {
        let created = self
            .connection
            .call(
                "Target.createTarget",
                json!({ "url": "about:blank", "background": background }),
                None,
            )
            .await?;
        let target_id = str_field(&created, "targetId").to_string();
        upsert(
            &self.targets,
            &json!({ "type": "page", "targetId": target_id, "url": "about:blank", "title": "" }),
        );
        // A new page must be emulating before its first navigation starts.
        if !self.setup.emulation().is_empty() {
            self.setup
                .wait_ready(&target_id, Duration::from_secs(2))
                .await;
        }
        Ok(target_id)
    }

    async fn navigate(
        &self,
        target_id: &str,
        url: &str,
        wait_until: WaitUntil,
    ) -> Result<NavigationOutcome, CdtError> {
        let session = self.session_for(target_id).await?;
        let mut events = self.connection.subscribe();
        let reply = self
            .connection
            .call("Page.navigate", json!({ "url": url }), Some(&session))
            .await?;
        let error_text = str_field(&reply, "errorText");
        if !error_text.is_empty() {
            return Err(CdtError::new(
                ErrorCode::NavigationFailed,
                format!("navigation to {url} failed: {error_text}"),
            )
            .with_details(json!({ "url": url, "errorText": error_text }))
            .hinted(format!(
                "Check that {url} is reachable from this machine (curl -I {url})"
            )));
        }
        let (frame, loader) = (
            str_field(&reply, "frameId").to_string(),
            str_field(&reply, "loaderId").to_string(),
        );
        if let Some(name) = lifecycle_name(wait_until).filter(|_| !loader.is_empty()) {
            let reached = async {
                loop {
                    let event = events.recv().await.ok_or_else(|| {
                        CdtError::new(
                            ErrorCode::CdpDisconnected,
                            "the browser went away during navigation",
                        )
                        .hinted("Run: cdt session restart")
                    })?;
                    let p = &event.params;
                    if event.session_id.as_deref() == Some(session.as_str())
                        && event.method == "Page.lifecycleEvent"
                        && str_field(p, "name") == name
                        && str_field(p, "frameId") == frame
                        && str_field(p, "loaderId") == loader
                    {
                        return Ok(());
                    }
                }
            };
            // A page that opens a dialog while loading never reaches `load`: say so at once.
            self.until_dialog(target_id, reached).await?;
        }
        if wait_until == WaitUntil::None {
            return Ok(NavigationOutcome {
                url: url.to_string(),
                title: String::new(),
            });
        }
        self.location(target_id, &session).await
    }

    async fn activate(&self, target_id: &str) -> Result<(), CdtError> {
        self.connection
            .call(
                "Target.activateTarget",
                json!({ "targetId": target_id }),
                None,
            )
            .await
            .map(drop)
    }

    async fn close_page(&self, target_id: &str) -> Result<(), CdtError> {
        self.connection
            .call("Target.closeTarget", json!({ "targetId": target_id }), None)
            .await?;
        if let Ok(mut targets) = self.targets.lock() {
            targets.retain(|t| t.target_id != target_id);
        }
        Ok(())
    }

    async fn agent(
        &self,
        target_id: &str,
        frame: &str,
        command: &str,
        args: Value,
    ) -> Result<Value, CdtError> {
        self.run_agent(target_id, frame, command, args).await
    }

    async fn child_frames(&self, target_id: &str) -> Result<Vec<(String, String)>, CdtError> {
        Ok(self.page_state.worlds.child_frames(target_id))
    }

    async fn mouse(
        &self,
        target_id: &str,
        input: &MouseInput,
    ) -> Result<DispatchOutcome, CdtError> {
        self.mouse_input(target_id, input).await
    }

    async fn key(&self, target_id: &str, input: &KeyInput) -> Result<DispatchOutcome, CdtError> {
        self.key_input(target_id, input).await
    }

    async fn insert_text(&self, target_id: &str, text: &str) -> Result<DispatchOutcome, CdtError> {
        self.text_input(target_id, text).await
    }

    async fn set_files(
        &self,
        target_id: &str,
        frame: &str,
        uid: &str,
        files: &[String],
    ) -> Result<(), CdtError> {
        self.file_input(target_id, frame, uid, files).await
    }

    async fn evaluate(&self, target_id: &str, request: &EvalRequest) -> Result<Value, CdtError> {
        self.eval(target_id, request).await
    }

    fn dialog(&self, target_id: &str) -> Option<DialogInfo> {
        self.page_state
            .dialogs
            .lock()
            .ok()
            .and_then(|d| d.get(target_id).map(|(dialog, _)| dialog.clone()))
    }

    async fn handle_dialog(
        &self,
        target_id: &str,
        accept: bool,
        prompt_text: Option<&str>,
    ) -> Result<(), CdtError> {
        self.answer_dialog(target_id, accept, prompt_text).await
    }

    async fn screenshot(
        &self,
        target_id: &str,
        request: &ScreenshotRequest,
    ) -> Result<Vec<u8>, CdtError> {
        self.capture(target_id, request).await
    }

    async fn pdf(&self, target_id: &str) -> Result<Vec<u8>, CdtError> {
        self.print_pdf(target_id).await
    }

    async fn history(
        &self,
        target_id: &str,
        delta: i32,
        wait_until: WaitUntil,
    ) -> Result<Option<NavigationOutcome>, CdtError> {
        self.go_history(target_id, delta, wait_until).await
    }

    async fn reload(
        &self,
        target_id: &str,
        ignore_cache: bool,
        wait_until: WaitUntil,
    ) -> Result<NavigationOutcome, CdtError> {
        self.reload_page(target_id, ignore_cache, wait_until).await
    }

    async fn resize(&self, target_id: &str, width: u32, height: u32) -> Result<(), CdtError> {
        self.set_viewport(target_id, width, height).await
    }

    async fn response_body(
        &self,
        session_id: &str,
        request_id: &str,
    ) -> Result<(String, bool), CdtError> {
        let reply = self
            .connection
            .call(
                "Network.getResponseBody",
                json!({ "requestId": request_id }),
                Some(session_id),
            )
            .await?;
        Ok((
            str_field(&reply, "body").to_string(),
            reply["base64Encoded"].as_bool().unwrap_or(false),
        ))
    }

    fn events_dropped(&self) -> u64 {
        self.connection.events_dropped()
    }

    fn navigation_pending(&self, target_id: &str) -> bool {
        self.page_state.worlds.navigation_pending(target_id)
    }

    async fn drag_drop(
        &self,
        target_id: &str,
        from: (f64, f64),
        to: (f64, f64),
    ) -> Result<DispatchOutcome, CdtError> {
        self.html5_drag(target_id, from, to).await
    }
    // emulation, trace, storage
    fn emulation(&self) -> EmulationSettings {
        self.setup.emulation()
    }

    async fn set_emulation(&self, settings: &EmulationSettings) -> Result<(), CdtError> {
        self.setup
            .apply_emulation(&self.connection, &self.page_state.observed, settings)
            .await
    }

    async fn add_init_script(&self, target_id: &str, source: &str) -> Result<u64, CdtError> {
        self.setup
            .install_init_script(
                &self.connection,
                &self.page_state.observed,
                target_id,
                source,
            )
            .await
    }

    async fn remove_init_script(&self, target_id: &str, script: u64) -> Result<(), CdtError> {
        self.setup
            .uninstall_init_script(&self.connection, target_id, script)
            .await
    }

    async fn start_trace(&self, target_id: &str, categories: &[String]) -> Result<(), CdtError> {
        self.begin_trace(target_id, categories).await
    }

    fn tracing(&self) -> Option<String> {
        self.traced_page()
    }

    async fn stop_trace(&self) -> Result<Vec<u8>, CdtError> {
        self.end_trace().await
    }

    async fn describe_nodes(
        &self,
        target_id: &str,
        nodes: &[i64],
    ) -> Result<BTreeMap<i64, String>, CdtError> {
        self.node_labels(target_id, nodes).await
    }

    async fn cookies(&self) -> Result<Vec<Cookie>, CdtError> {
        self.all_cookies().await
    }

    async fn set_cookies(&self, cookies: &[Cookie]) -> Result<(), CdtError> {
        self.put_cookies(cookies).await
    }

    async fn delete_cookies(&self, cookies: &[Cookie]) -> Result<(), CdtError> {
        self.drop_cookies(cookies).await
    }

    async fn frame_origins(&self, target_id: &str) -> Result<Vec<String>, CdtError> {
        self.origins_of(target_id).await
    }

    async fn storage_items(
        &self,
        target_id: &str,
        origin: &str,
        area: StorageArea,
    ) -> Result<Vec<StorageItem>, CdtError> {
        self.read_storage(target_id, origin, area).await
    }

    async fn update_storage(
        &self,
        target_id: &str,
        origin: &str,
        area: StorageArea,
        changes: &[(String, Option<String>)],
    ) -> Result<(), CdtError> {
        self.write_storage(target_id, origin, area, changes).await
    }

    async fn clear_storage(
        &self,
        target_id: &str,
        origin: &str,
        area: StorageArea,
    ) -> Result<(), CdtError> {
        self.empty_storage(target_id, origin, area).await
    }

    async fn seed_local_storage(
        &self,
        origin: &str,
        items: &[StorageItem],
    ) -> Result<(), CdtError> {
        self.seed_origin(origin, items).await
    }

    async fn shutdown(&self) {
        match &self.process {
            Some(process) => {
                // Let Chromium flush its profile, but never wait long for it.
                let close = self.connection.call("Browser.close", json!({}), None);
                let _ = tokio::time::timeout(Duration::from_millis(1500), close).await;
                for _ in 0..40 {
                    if process.has_exited() {
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(25)).await;
                }
                process.kill();
            }
            None => self.connection.close(),
        }
    }
}

impl Drop for CdpBrowser {
    fn drop(&mut self) {
        if let Some(process) = &self.process {
            process.kill();
        }
        self.connection.close();
    }
}
