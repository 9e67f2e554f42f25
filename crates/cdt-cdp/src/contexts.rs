//! Browser contexts of a shared browser, each seen as a browser of its own.
//!
//! A shared Chromium holds many cdt contexts, each in its own browser context
//! (`Target.createBrowserContext`: its own cookies, storage, cache, permissions and downloads).
//! They share one CDP connection. The [`Router`] sits on that connection's reader: it learns
//! which browser context every target, session, frame and download belongs to (from the
//! `browserContextId` Chromium puts in every `targetInfo`) and hands each event to the context
//! that owns it, and to no other. A [`View`] is one context's side of the connection: the
//! commands it sends to the browser itself are kept to its own browser context (a new page
//! opens in it, cookies and permissions are its own, the target list shows only its targets)
//! or refused, and its sessions are its own.
//!
//! Everything here is decided on the reader's thread, before any later message is read, so a
//! reply that names a new session or target always finds its owner already known.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};
use tokio::sync::mpsc;

use crate::event::{CdpEvent, EventStream, SUBSCRIBER_CAPACITY, fan_out};
use crate::support::{lock, str_field};

/// Who owns what on a shared connection, by browser context id.
#[derive(Default)]
struct Owners {
    /// The contexts served, with their subscribers.
    views: HashMap<String, Vec<mpsc::Sender<Arc<CdpEvent>>>>,
    sessions: HashMap<String, String>,
    targets: HashMap<String, String>,
    frames: HashMap<String, String>,
    downloads: HashMap<String, String>,
}

impl Owners {
    /// The context an event belongs to, learning what it announces on the way.
    fn owner_of(&mut self, event: &CdpEvent) -> Option<String> {
        let params = &event.params;
        if let Some(session) = &event.session_id {
            let owner = self.sessions.get(session)?.clone();
            match event.method.as_str() {
                "Target.attachedToTarget" => {
                    let child = str_field(params, "sessionId").to_string();
                    let target = str_field(&params["targetInfo"], "targetId").to_string();
                    self.sessions.insert(child, owner.clone());
                    self.targets.insert(target, owner.clone());
                }
                "Page.frameAttached" => {
                    let frame = str_field(params, "frameId").to_string();
                    self.frames.insert(frame, owner.clone());
                }
                "Page.frameNavigated" => {
                    let frame = str_field(&params["frame"], "id").to_string();
                    self.frames.insert(frame, owner.clone());
                }
                // A frame removed for good (not one swapped into another process, which keeps
                // its id) is forgotten, so a long-lived page's frames do not pile up.
                "Page.frameDetached" if params["reason"] == "remove" => {
                    self.frames.remove(str_field(params, "frameId"));
                }
                _ => {}
            }
            return Some(owner);
        }
        match event.method.as_str() {
            "Target.targetCreated" | "Target.targetInfoChanged" | "Target.attachedToTarget" => {
                let info = &params["targetInfo"];
                let context = str_field(info, "browserContextId").to_string();
                if context.is_empty() {
                    return None;
                }
                self.targets
                    .insert(str_field(info, "targetId").to_string(), context.clone());
                if event.method == "Target.attachedToTarget" {
                    self.sessions
                        .insert(str_field(params, "sessionId").to_string(), context.clone());
                }
                Some(context)
            }
            "Target.targetDestroyed" => self.targets.remove(str_field(params, "targetId")),
            "Target.targetCrashed" => self.targets.get(str_field(params, "targetId")).cloned(),
            "Target.detachedFromTarget" => self.sessions.remove(str_field(params, "sessionId")),
            "Browser.downloadWillBegin" => {
                let frame = str_field(params, "frameId");
                let owner = self
                    .frames
                    .get(frame)
                    .or_else(|| self.targets.get(frame))?
                    .clone();
                self.downloads
                    .insert(str_field(params, "guid").to_string(), owner.clone());
                Some(owner)
            }
            "Browser.downloadProgress" => {
                let guid = str_field(params, "guid");
                if matches!(str_field(params, "state"), "completed" | "canceled") {
                    self.downloads.remove(guid)
                } else {
                    self.downloads.get(guid).cloned()
                }
            }
            _ => None,
        }
    }

    /// Forgets a context and everything it owned.
    fn forget(&mut self, context: &str) {
        self.views.remove(context);
        for map in [
            &mut self.sessions,
            &mut self.targets,
            &mut self.frames,
            &mut self.downloads,
        ] {
            map.retain(|_, owner| owner != context);
        }
    }
}

/// Routes a shared connection's events to the contexts that own them.
pub(crate) struct Router {
    owners: Mutex<Owners>,
    /// Ids for the commands the router sends itself (their replies are not awaited).
    next_id: AtomicU64,
}

impl Default for Router {
    fn default() -> Self {
        Router {
            owners: Mutex::default(),
            next_id: AtomicU64::new(1 << 62),
        }
    }
}

impl Router {
    /// Hands `event` to the context that owns it. Returns a command to send when a target
    /// nobody here owns was paused at start (it must never stay paused on cdt's account).
    pub(crate) fn route(&self, event: &Arc<CdpEvent>, dropped: &AtomicU64) -> Option<String> {
        let mut owners = lock(&self.owners);
        let owner = owners.owner_of(event);
        let delivered = match owner.and_then(|owner| owners.views.get_mut(&owner)) {
            Some(subscribers) => {
                fan_out(subscribers, event, dropped);
                true
            }
            None => false,
        };
        let paused = event.method == "Target.attachedToTarget"
            && event.session_id.is_none()
            && event.params["waitingForDebugger"] == true;
        (paused && !delivered).then(|| {
            json!({
                "id": self.next_id.fetch_add(1, Ordering::Relaxed),
                "method": "Runtime.runIfWaitingForDebugger",
                "params": {},
                "sessionId": str_field(&event.params, "sessionId"),
            })
            .to_string()
        })
    }

    fn open(&self, context: &str) {
        lock(&self.owners)
            .views
            .entry(context.to_string())
            .or_default();
    }

    fn subscribe(&self, context: &str) -> EventStream {
        let (sender, receiver) = mpsc::channel(SUBSCRIBER_CAPACITY);
        if let Some(subscribers) = lock(&self.owners).views.get_mut(context) {
            subscribers.push(sender);
        }
        receiver
    }

    fn forget(&self, context: &str) {
        lock(&self.owners).forget(context);
    }

    /// The connection ended: every context's streams end.
    pub(crate) fn end_streams(&self) {
        for subscribers in lock(&self.owners).views.values_mut() {
            subscribers.clear();
        }
    }

    fn session_owner(&self, session: &str) -> Option<String> {
        lock(&self.owners).sessions.get(session).cloned()
    }

    fn target_owner(&self, target: &str) -> Option<String> {
        lock(&self.owners).targets.get(target).cloned()
    }

    fn frame_owner(&self, frame: &str) -> Option<String> {
        let owners = lock(&self.owners);
        owners
            .frames
            .get(frame)
            .or_else(|| owners.targets.get(frame))
            .cloned()
    }

    /// How many contexts are served.
    pub(crate) fn contexts(&self) -> usize {
        lock(&self.owners).views.len()
    }
}

/// What a view does with a command.
pub(crate) enum Admit {
    /// Send it, with these parameters.
    Send(Value),
    /// Answer it here, without the browser.
    Answer(Value),
}

/// Browser commands that act on one browser context when given its id.
const PER_CONTEXT: &[&str] = &[
    "Target.createTarget",
    "Browser.setDownloadBehavior",
    "Browser.grantPermissions",
    "Browser.resetPermissions",
    "Browser.setPermission",
    "Storage.getCookies",
    "Storage.setCookies",
    "Storage.clearCookies",
];
/// Browser commands that name a target, which must be one of the context's own.
const ON_A_TARGET: &[&str] = &[
    "Target.attachToTarget",
    "Target.closeTarget",
    "Target.activateTarget",
    "Target.getTargetInfo",
];
/// Browser commands whose effect or answer concerns no context in particular.
const NEUTRAL: &[&str] = &[
    "Browser.getVersion",
    "SystemInfo.getInfo",
    "SystemInfo.getFeatureState",
    // Every context asks for the same: discovery, and auto-attach held at start (`telemetry`).
    "Target.setDiscoverTargets",
    "Target.setAutoAttach",
    "Target.getTargets",
];

/// One context's side of a shared connection.
pub(crate) struct View {
    pub(crate) context: String,
    router: Arc<Router>,
    closed: AtomicBool,
}

impl View {
    pub(crate) fn open(router: Arc<Router>, context: &str) -> View {
        router.open(context);
        View {
            context: context.to_string(),
            router,
            closed: AtomicBool::new(false),
        }
    }

    pub(crate) fn is_closed(&self) -> bool {
        self.closed.load(Ordering::SeqCst)
    }

    /// Ends the view: its subscribers' streams end, its bookkeeping goes. True the first time.
    pub(crate) fn close(&self) -> bool {
        let first = !self.closed.swap(true, Ordering::SeqCst);
        if first {
            self.router.forget(&self.context);
        }
        first
    }

    pub(crate) fn subscribe(&self) -> EventStream {
        self.router.subscribe(&self.context)
    }

    /// Whether a frame (or target) is this context's.
    pub(crate) fn owns(&self, frame: &str) -> bool {
        self.router.frame_owner(frame).as_deref() == Some(self.context.as_str())
    }

    fn not_here(&self, what: String) -> CdtError {
        CdtError::new(ErrorCode::PageNotFound, what)
            .hinted("List this context's pages: cdt page list")
    }

    /// Keeps a command to this context: a session or target of another context is not
    /// found; browser-wide commands are scoped to this browser context or refused.
    pub(crate) fn admit(
        &self,
        method: &str,
        mut params: Value,
        session: Option<&str>,
    ) -> Result<Admit, CdtError> {
        if let Some(session) = session {
            return match self.router.session_owner(session) {
                Some(owner) if owner != self.context => {
                    Err(self.not_here(format!("session {session} is not one of this context's")))
                }
                _ => Ok(Admit::Send(params)),
            };
        }
        if method == "Browser.close" {
            // The context ends when its slot does; the shared browser stays for the others.
            return Ok(Admit::Answer(json!({})));
        }
        if PER_CONTEXT.contains(&method) {
            if !params.is_object() {
                params = json!({});
            }
            params["browserContextId"] = Value::String(self.context.clone());
            return Ok(Admit::Send(params));
        }
        if ON_A_TARGET.contains(&method) {
            let target = str_field(&params, "targetId");
            if target.is_empty() && method == "Target.getTargetInfo" {
                return Ok(Admit::Send(params));
            }
            return match self.router.target_owner(target) {
                Some(owner) if owner == self.context => Ok(Admit::Send(params)),
                _ => Err(self.not_here(format!("no target {target} in this context"))),
            };
        }
        if NEUTRAL.contains(&method) {
            return Ok(Admit::Send(params));
        }
        Err(CdtError::new(
            ErrorCode::SecurityBlocked,
            format!("{method} is not sent to a shared browser: it would reach other contexts"),
        )
        .with_details(json!({ "browserMode": "shared" }))
        .hinted("Start this context in a browser of its own: cdt session restart --browser-mode dedicated"))
    }

    /// Keeps a reply to this context: the target list shows only its own targets.
    pub(crate) fn filter_reply(&self, method: &str, mut reply: Value) -> Value {
        if method == "Target.getTargets"
            && let Some(targets) = reply["targetInfos"].as_array_mut()
        {
            targets.retain(|t| t["browserContextId"] == self.context.as_str());
        }
        reply
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(method: &str, params: Value, session: Option<&str>) -> Arc<CdpEvent> {
        Arc::new(CdpEvent {
            method: method.to_string(),
            params,
            session_id: session.map(str::to_string),
        })
    }

    fn drain(stream: &mut EventStream) -> Vec<String> {
        std::iter::from_fn(|| stream.try_recv().ok())
            .map(|e| e.method.clone())
            .collect()
    }

    fn attached(session: &str, target: &str, context: &str, parent: Option<&str>) -> Arc<CdpEvent> {
        event(
            "Target.attachedToTarget",
            json!({ "sessionId": session, "waitingForDebugger": true,
                    "targetInfo": { "targetId": target, "type": "page", "browserContextId": context } }),
            parent,
        )
    }

    #[test]
    fn each_context_sees_only_its_targets_sessions_frames_and_downloads() {
        let router = Arc::new(Router::default());
        let (a, b) = (
            View::open(router.clone(), "A"),
            View::open(router.clone(), "B"),
        );
        let (mut seen_a, mut seen_b) = (a.subscribe(), b.subscribe());
        let dropped = AtomicU64::new(0);
        let route = |e: Arc<CdpEvent>| router.route(&e, &dropped);
        route(event(
            "Target.targetCreated",
            json!({ "targetInfo": { "targetId": "TA", "browserContextId": "A" } }),
            None,
        ));
        route(attached("SA", "TA", "A", None));
        route(attached("SB", "TB", "B", None));
        route(event("Network.requestWillBeSent", json!({}), Some("SA")));
        route(event(
            "Page.frameAttached",
            json!({ "frameId": "FA" }),
            Some("SA"),
        ));
        route(event(
            "Page.frameAttached",
            json!({ "frameId": "GONE" }),
            Some("SA"),
        ));
        route(event(
            "Page.frameDetached",
            json!({ "frameId": "GONE", "reason": "remove" }),
            Some("SA"),
        ));
        route(attached("SW", "W", "", Some("SA")));
        route(event("Runtime.consoleAPICalled", json!({}), Some("SW")));
        route(event(
            "Browser.downloadWillBegin",
            json!({ "frameId": "FA", "guid": "G" }),
            None,
        ));
        route(event(
            "Browser.downloadProgress",
            json!({ "guid": "G", "state": "completed" }),
            None,
        ));
        route(event("Log.entryAdded", json!({}), Some("SB")));
        route(event(
            "Target.targetDestroyed",
            json!({ "targetId": "TB" }),
            None,
        ));
        assert_eq!(
            drain(&mut seen_a),
            [
                "Target.targetCreated",
                "Target.attachedToTarget",
                "Network.requestWillBeSent",
                "Page.frameAttached",
                "Page.frameAttached",
                "Page.frameDetached",
                "Target.attachedToTarget",
                "Runtime.consoleAPICalled",
                "Browser.downloadWillBegin",
                "Browser.downloadProgress",
            ]
        );
        assert_eq!(
            drain(&mut seen_b),
            [
                "Target.attachedToTarget",
                "Log.entryAdded",
                "Target.targetDestroyed"
            ]
        );
    }

    #[test]
    fn a_paused_target_nobody_here_owns_is_let_run() {
        let router = Arc::new(Router::default());
        let _a = View::open(router.clone(), "A");
        let dropped = AtomicU64::new(0);
        let resume = router.route(&attached("SX", "TX", "OTHER", None), &dropped);
        assert!(resume.is_some_and(|c| c.contains("runIfWaitingForDebugger") && c.contains("SX")));
        assert!(
            router
                .route(&attached("SA", "TA", "A", None), &dropped)
                .is_none()
        );
    }

    #[test]
    fn browser_commands_are_kept_to_the_context_or_refused() {
        let router = Arc::new(Router::default());
        let (a, _b) = (
            View::open(router.clone(), "A"),
            View::open(router.clone(), "B"),
        );
        let dropped = AtomicU64::new(0);
        router.route(&attached("SA", "TA", "A", None), &dropped);
        router.route(&attached("SB", "TB", "B", None), &dropped);
        let sent = |method: &str, params: Value, session: Option<&str>| match a
            .admit(method, params, session)
        {
            Ok(Admit::Send(params)) => Ok(Some(params)),
            Ok(Admit::Answer(_)) => Ok(None),
            Err(error) => Err(error.code),
        };
        assert_eq!(
            sent("Target.createTarget", json!({ "url": "about:blank" }), None),
            Ok(Some(
                json!({ "url": "about:blank", "browserContextId": "A" })
            ))
        );
        assert_eq!(
            sent("Storage.getCookies", json!({}), None),
            Ok(Some(json!({ "browserContextId": "A" })))
        );
        assert!(sent("Target.attachToTarget", json!({ "targetId": "TA" }), None).is_ok());
        assert_eq!(
            sent("Target.attachToTarget", json!({ "targetId": "TB" }), None),
            Err(ErrorCode::PageNotFound)
        );
        assert_eq!(
            sent("Runtime.evaluate", json!({}), Some("SB")),
            Err(ErrorCode::PageNotFound)
        );
        assert!(sent("Runtime.evaluate", json!({}), Some("SA")).is_ok());
        assert_eq!(sent("Browser.close", json!({}), None), Ok(None));
        assert_eq!(
            sent("Tracing.start", json!({}), None),
            Err(ErrorCode::SecurityBlocked)
        );
        let listed = a.filter_reply(
            "Target.getTargets",
            json!({ "targetInfos": [{ "targetId": "TA", "browserContextId": "A" },
                                    { "targetId": "TB", "browserContextId": "B" }] }),
        );
        assert_eq!(listed["targetInfos"].as_array().map(Vec::len), Some(1));
        a.close();
        assert!(a.is_closed());
        assert_eq!(router.contexts(), 1);
    }
}
