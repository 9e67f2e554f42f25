//! Ports: what the application needs from the outside world, as traits. Adapters implement
//! them (`cdt-cdp` for browsers, `cdt-store` for disk and processes); tests use fakes.
//!
//! Cancellation contract: the application bounds every call with its deadline by dropping the
//! future when time is up, so every async method here must be cancel-safe — dropping it must
//! leave no pending reply slot, no half-launched browser and no held lock behind.

use std::path::PathBuf;
use std::sync::Arc;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::caller::{ContextKey, ProcessFingerprint};
use crate::emulation::EmulationSettings;
use crate::error::CdtResult;
use crate::interact::{
    DialogInfo, DispatchOutcome, EvalRequest, KeyInput, MouseInput, ScreenshotRequest,
};
use crate::page::WaitUntil;
use crate::probe::ProbeCommand;
use crate::storage::{Cookie, StorageArea, StorageItem};
use crate::telemetry::TelemetrySink;

/// How to launch a browser for a slot.
#[derive(Clone, Debug, PartialEq)]
pub struct LaunchSpec {
    pub headless: bool,
    pub window_size: Option<(u32, u32)>,
    pub chrome_path: Option<PathBuf>,
    pub extra_args: Vec<String>,
    pub profile_dir: PathBuf,
    pub log_file: PathBuf,
    /// A Chromium of its own, or a browser context in a shared one.
    pub mode: crate::browser_mode::BrowserMode,
}

/// What the slot knows about its browser.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrowserInfo {
    /// Process id when cdt launched the browser; `None` when attached.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pid: Option<u32>,
    /// Process start time (clock ticks after boot) of `pid`, to tell a reused pid apart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_time: Option<u64>,
    pub product: String,
    pub ws_endpoint: String,
    pub attached: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub executable: Option<String>,
    /// Set when the context lives in a browser context of a shared Chromium (`pid` is then
    /// that Chromium's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shared: Option<SharedBrowserInfo>,
}

impl BrowserInfo {
    /// Where this browser runs for its context.
    pub fn mode(&self) -> crate::browser_mode::BrowserMode {
        match self.shared {
            Some(_) => crate::browser_mode::BrowserMode::Shared,
            None => crate::browser_mode::BrowserMode::Dedicated,
        }
    }
}

/// Which shared Chromium a context lives in.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SharedBrowserInfo {
    /// The shared browser's name (`shared-1`, …).
    pub browser: String,
    /// The context's browser context in it.
    pub browser_context_id: String,
    /// How many contexts that browser holds now, this one included.
    pub contexts: usize,
}

/// A page-type target as the browser reports it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TargetInfo {
    pub target_id: String,
    pub url: String,
    pub title: String,
    /// The page that opened it (`window.open`, a `target=_blank` link), when the browser says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opener: Option<String>,
}

/// Any target of the browser (a page, an iframe, a worker, …), as `Target.getTargets` lists it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BrowserTarget {
    pub target_id: String,
    /// `page`, `iframe`, `worker`, `service_worker`, `shared_worker`, `browser`, `other`, …
    pub kind: String,
    pub title: String,
    pub url: String,
    /// Whether a client is attached to it (cdt attaches to every target it observes).
    pub attached: bool,
    /// The target that opened it (a page's popup, a page's iframe), when the browser says.
    pub parent: Option<String>,
}

/// Where a navigation ended.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct NavigationOutcome {
    pub url: String,
    pub title: String,
    /// The HTTP status of the document the navigation loaded, when its response was seen.
    pub status: Option<u16>,
}

/// Launches or attaches browsers.
#[async_trait]
pub trait BrowserLauncher: Send + Sync {
    /// Launches a browser; every event of its pages, iframes and workers goes to `sink`.
    async fn launch(
        &self,
        spec: &LaunchSpec,
        sink: Arc<dyn TelemetrySink>,
    ) -> CdtResult<Arc<dyn BrowserPort>>;
    /// Parses, resolves and checks an attach endpoint without connecting: `SECURITY_BLOCKED`
    /// for user-info, an unspecified address, or (without `allow_remote`) anything but a literal
    /// loopback address or `localhost` resolving to loopback only.
    async fn check_endpoint(&self, endpoint: &str, allow_remote: bool) -> CdtResult<()>;
    /// Attaches to a running browser by its HTTP (`http://host:port`) or WebSocket endpoint,
    /// checking it as [`BrowserLauncher::check_endpoint`] does and connecting only to the
    /// address that was checked.
    async fn attach(
        &self,
        endpoint: &str,
        allow_remote: bool,
        sink: Arc<dyn TelemetrySink>,
    ) -> CdtResult<Arc<dyn BrowserPort>>;
}

/// One connected browser.
#[async_trait]
pub trait BrowserPort: Send + Sync {
    fn info(&self) -> BrowserInfo;
    /// Page targets, in the order the browser created them (from a cache kept current by
    /// target events, so this costs no round-trip).
    fn pages(&self) -> Vec<TargetInfo>;
    /// Every target of the browser, asked of it now (pages, iframes, workers, …).
    async fn targets(&self) -> CdtResult<Vec<BrowserTarget>>;
    fn is_connected(&self) -> bool;
    /// Opens a blank page and returns its target id.
    async fn create_page(&self, background: bool) -> CdtResult<String>;
    async fn navigate(
        &self,
        target_id: &str,
        url: &str,
        wait_until: WaitUntil,
    ) -> CdtResult<NavigationOutcome>;
    /// Brings the page to the front, its window focused (as the tab a user looks at).
    async fn activate(&self, target_id: &str) -> CdtResult<()>;
    async fn close_page(&self, target_id: &str) -> CdtResult<()>;
    /// Runs a command of cdt's page probe in one frame of a page (`frame` is the uid prefix:
    /// empty for the main frame, `f1`, `f2`, … for out-of-process iframes).
    async fn probe(
        &self,
        target_id: &str,
        frame: &str,
        command: ProbeCommand,
        args: Value,
    ) -> CdtResult<Value>;
    /// Out-of-process iframes of a page: `(frame prefix, uid of the owning iframe element in
    /// its parent frame)`, discovering new ones.
    async fn child_frames(&self, target_id: &str) -> CdtResult<Vec<(String, String)>>;
    /// Dispatches a mouse event; returns early if a dialog opens meanwhile.
    async fn mouse(&self, target_id: &str, input: &MouseInput) -> CdtResult<DispatchOutcome>;
    async fn key(&self, target_id: &str, input: &KeyInput) -> CdtResult<DispatchOutcome>;
    /// Types text as if by an input method (any script, no key events per character).
    async fn insert_text(&self, target_id: &str, text: &str) -> CdtResult<DispatchOutcome>;
    /// Sets the files of an `<input type=file>` given by uid.
    async fn set_files(
        &self,
        target_id: &str,
        frame: &str,
        uid: &str,
        files: &[String],
    ) -> CdtResult<()>;
    /// Clicks at `at` (viewport coordinates, the pointer already there) with the page's file
    /// chooser intercepted; when the click opens one within `wait` (a drop zone, a styled
    /// button, a label), gives it `files` as a user picking them would. `None`: no chooser
    /// opened (a dialog that opened instead is in the outcome).
    async fn choose_files(
        &self,
        target_id: &str,
        at: (f64, f64),
        files: &[String],
        wait: std::time::Duration,
    ) -> CdtResult<Option<DispatchOutcome>>;
    /// Evaluates JavaScript on a session of its own; past the budget the script is terminated
    /// (`Runtime.terminateExecution`) and `TIMEOUT` returned.
    async fn evaluate(&self, target_id: &str, request: &EvalRequest) -> CdtResult<Value>;
    /// The dialog open on a page, if any.
    fn dialog(&self, target_id: &str) -> Option<DialogInfo>;
    async fn handle_dialog(
        &self,
        target_id: &str,
        accept: bool,
        prompt_text: Option<&str>,
    ) -> CdtResult<()>;
    async fn screenshot(&self, target_id: &str, request: &ScreenshotRequest) -> CdtResult<Vec<u8>>;
    async fn pdf(&self, target_id: &str) -> CdtResult<Vec<u8>>;
    /// Goes `delta` entries through the history (−1 back, +1 forward); `false` if there is none.
    async fn history(
        &self,
        target_id: &str,
        delta: i32,
        wait_until: WaitUntil,
    ) -> CdtResult<Option<NavigationOutcome>>;
    async fn reload(
        &self,
        target_id: &str,
        ignore_cache: bool,
        wait_until: WaitUntil,
    ) -> CdtResult<NavigationOutcome>;
    /// Sets the page's viewport size (CSS pixels).
    async fn resize(&self, target_id: &str, width: u32, height: u32) -> CdtResult<()>;
    /// A response body Chrome still holds: `(body, base64Encoded)`.
    async fn response_body(&self, session_id: &str, request_id: &str) -> CdtResult<(String, bool)>;
    /// Kills a launched browser (and its process group) or detaches from an attached one.
    async fn shutdown(&self);

    // Hardening (issue 12 item 9)
    /// Browser events dropped because a subscriber fell too far behind (bounded channels).
    fn events_dropped(&self) -> u64 {
        0
    }

    // Page agent (isolated worlds, frames, drag-and-drop).
    /// Whether the page's main frame has a navigation under way that has not committed yet (the
    /// document on screen is still the previous one).
    fn navigation_pending(&self, target_id: &str) -> bool;
    /// A drag from `from` to `to` (page viewport coordinates): pressed, moved in steps,
    /// released. A drag the page starts on the way (HTML5 drag-and-drop: a draggable source, a
    /// sortable list's item made draggable when pressed, a link) goes on as drag events over the
    /// rest of the path and drops at `to`, so `dragstart`/`dragover`/`drop` see a real
    /// `dataTransfer`; any other, mouse moves all the way. `html5`: the source is draggable, so
    /// its drag is waited for.
    async fn drag(
        &self,
        target_id: &str,
        from: (f64, f64),
        to: (f64, f64),
        html5: bool,
    ) -> CdtResult<DispatchOutcome>;
    // emulation, trace, storage
    /// The emulation in effect on every page of this browser.
    fn emulation(&self) -> EmulationSettings;
    /// Makes `settings` the emulation of every page, iframe and worker, now and for targets
    /// created later (applied before they run). Settings absent from `settings` are cleared.
    async fn set_emulation(&self, settings: &EmulationSettings) -> CdtResult<()>;
    /// Adds a script that runs before any page script in every frame of the page's next
    /// documents; returns its handle.
    async fn add_init_script(&self, target_id: &str, source: &str) -> CdtResult<u64>;
    /// Saves every download of this browser into `dir` (under its suggested name, made
    /// unique) and records it; until called, downloads are the browser's default behaviour.
    async fn set_download_dir(&self, dir: &std::path::Path) -> CdtResult<()>;
    /// The downloads recorded since `set_download_dir`, in the order they began.
    fn downloads(&self) -> Vec<crate::download::Download>;
    /// Sends every request of every page, iframe and worker (now and later) to `interceptor`
    /// for a decision, or, with `None`, stops intercepting (requests held are let through).
    async fn set_interception(
        &self,
        interceptor: Option<std::sync::Arc<dyn crate::route::RequestInterceptor>>,
    ) -> CdtResult<()>;
    async fn remove_init_script(&self, target_id: &str, script: u64) -> CdtResult<()>;
    /// Starts recording a Chrome trace of the browser (a page's session drives it).
    async fn start_trace(&self, target_id: &str, categories: &[String]) -> CdtResult<()>;
    /// The page target whose trace is being recorded, if any.
    fn tracing(&self) -> Option<String>;
    /// Stops the trace and returns its JSON document (`{"traceEvents":[…],"metadata":{…}}`).
    async fn stop_trace(&self) -> CdtResult<Vec<u8>>;
    /// Short descriptions (`img#hero.banner src=…`) of DOM nodes by backend node id; nodes
    /// that are gone are left out.
    async fn describe_nodes(
        &self,
        target_id: &str,
        nodes: &[i64],
    ) -> CdtResult<std::collections::BTreeMap<i64, String>>;
    /// Every cookie of the browser context.
    async fn cookies(&self) -> CdtResult<Vec<Cookie>>;
    async fn set_cookies(&self, cookies: &[Cookie]) -> CdtResult<()>;
    /// Deletes these cookies (matched by name, domain and path).
    async fn delete_cookies(&self, cookies: &[Cookie]) -> CdtResult<()>;
    /// Origins of the frames of a page (main frame first).
    async fn frame_origins(&self, target_id: &str) -> CdtResult<Vec<String>>;
    /// The items of an origin's storage, through a frame of that origin in the page
    /// (`ORIGIN_NOT_OPEN` when there is none).
    async fn storage_items(
        &self,
        target_id: &str,
        origin: &str,
        area: StorageArea,
    ) -> CdtResult<Vec<StorageItem>>;
    /// Sets items (`value: Some`) or removes them (`None`) in an origin's storage.
    async fn update_storage(
        &self,
        target_id: &str,
        origin: &str,
        area: StorageArea,
        changes: &[(String, Option<String>)],
    ) -> CdtResult<()>;
    /// Empties an origin's storage.
    async fn clear_storage(
        &self,
        target_id: &str,
        origin: &str,
        area: StorageArea,
    ) -> CdtResult<()>;
    /// Writes an origin's local storage without a page of it being open (a hidden page whose
    /// document at that origin is served by cdt, never fetched from the network).
    async fn seed_local_storage(&self, origin: &str, items: &[StorageItem]) -> CdtResult<()>;

    /// Sends a raw CDP method (already checked by `raw_cdp::check`) to the page's observer
    /// session, or to the browser when `page_target_id` is `None`; answers its result.
    async fn cdp_send(
        &self,
        page_target_id: Option<&str>,
        method: &str,
        params: Value,
    ) -> CdtResult<Value>;
    /// Hands every CDP event of the page (its own, its iframes' and workers'; the browser's
    /// when `None`) to `sink` until the returned guard is dropped.
    fn cdp_listen(
        &self,
        page_target_id: Option<&str>,
        sink: Arc<dyn Fn(crate::raw_cdp::RawCdpEvent) + Send + Sync>,
    ) -> Box<dyn std::any::Any + Send + Sync>;
}

/// The files that describe a context on disk (SPEC §4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ContextFile {
    Metadata,
    State,
    Lease,
    Owner,
}

/// An exclusive hold on a context (its lock file), released on drop.
pub trait ContextLock: Send + Sync {}

/// Persistent per-context state.
pub trait SessionStorePort: Send + Sync {
    fn profile_dir(&self, key: &ContextKey) -> PathBuf;
    fn browser_log(&self, key: &ContextKey) -> PathBuf;
    /// Creates the context's directory (private to the user) if missing.
    fn prepare(&self, key: &ContextKey) -> CdtResult<()>;
    /// Takes the context's lock file without waiting; `Err` when someone else holds it.
    fn lock_context(&self, key: &ContextKey) -> CdtResult<Box<dyn ContextLock>>;
    /// Writes one of the context's JSON files atomically.
    fn write(&self, key: &ContextKey, file: ContextFile, value: &Value) -> CdtResult<()>;
    fn read(&self, key: &ContextKey, file: ContextFile) -> Option<Value>;
    /// Writes a file the caller named (HAR, body): `path` is absolute, checked by the caller.
    fn write_file(&self, path: &std::path::Path, bytes: &[u8]) -> CdtResult<()>;
    /// Saves an artifact under `contexts/<hash>/artifacts/<kind>/YYYY-MM-DD/`, keeping only the
    /// `keep` most recent of that kind; returns its path.
    fn save_artifact(
        &self,
        key: &ContextKey,
        kind: &str,
        extension: &str,
        bytes: &[u8],
        keep: usize,
    ) -> CdtResult<PathBuf>;
    /// Every context that has a directory on disk.
    fn contexts(&self) -> Vec<ContextKey>;
    /// Removes the context's files; the profile too when `with_profile`.
    fn remove_context(&self, key: &ContextKey, with_profile: bool) -> CdtResult<()>;

    // emulation, trace, storage
    /// A directory of the context's artifacts (`contexts/<hash>/artifacts/<kind>/`: downloads,
    /// videos), created private if missing.
    fn artifact_dir(&self, key: &ContextKey, kind: &str) -> CdtResult<PathBuf>;
    /// The context's trace directory (`contexts/<hash>/trace/`), created private if missing.
    fn trace_dir(&self, key: &ContextKey) -> CdtResult<PathBuf>;
    /// Writes a trace document, gzipped when the name ends in `.gz`; returns the bytes written.
    fn write_trace(&self, path: &std::path::Path, json: &[u8]) -> CdtResult<u64>;
    /// The context's last trace: the file named by `trace/latest`, else the newest trace in
    /// the context's trace directory.
    fn latest_trace(&self, key: &ContextKey) -> Option<PathBuf>;
    /// Reads a trace document, un-gzipping a `.gz` file.
    fn read_trace(&self, path: &std::path::Path) -> CdtResult<Vec<u8>>;
    /// Writes a file holding secrets: mode 0600, never through a symlink.
    fn write_secret_file(&self, path: &std::path::Path, bytes: &[u8]) -> CdtResult<()>;
    /// Reads a file holding secrets; refuses (`SECURITY_BLOCKED`) a symlink, a file of another
    /// user, or one that the group or others may write.
    fn read_secret_file(&self, path: &std::path::Path) -> CdtResult<Vec<u8>>;
}

/// The host's process table.
pub trait ProcessTable: Send + Sync {
    /// Whether the process still runs and is the same one (same start time).
    fn is_alive(&self, process: &ProcessFingerprint) -> bool;
    /// Start time of a live pid, if it runs.
    fn start_time(&self, pid: u32) -> Option<u64>;
    /// Proportional set size (shared pages divided among the processes that map them) of `pid`
    /// and all its descendants, in KiB.
    fn tree_pss_kib(&self, pid: u32) -> Option<u64>;
    /// Proportional set size of `pid` alone, in KiB.
    fn pss_kib(&self, pid: u32) -> Option<u64>;
    /// Kills a leftover browser: its process group, if `pid` still has `start_time`.
    fn kill_group(&self, pid: u32, start_time: u64) -> bool;
}

/// Time, injectable for lease tests: the wall clock for what is shown and stored, and a
/// monotonic clock for what is measured (idle time, listener ends), which a wall-clock jump
/// (NTP step, `date -s`, a suspended VM) never moves.
pub trait Clock: Send + Sync {
    /// Milliseconds since the Unix epoch.
    fn now_unix_ms(&self) -> u64;
    /// Milliseconds since a fixed origin of this process; never goes back, never jumps.
    fn monotonic_ms(&self) -> u64;
}

/// The real clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_unix_ms(&self) -> u64 {
        crate::time::now_unix_ms()
    }
    fn monotonic_ms(&self) -> u64 {
        crate::time::monotonic_ms()
    }
}
