//! Fakes behind cdt's ports (`cdt-domain::ports`): a browser, a launcher, a disk, a process
//! table and a clock, in memory. Any crate's tests can drive its use cases with them — fast,
//! without Chromium or a state directory. Test code only: nothing here ships.

pub mod fuzz;
pub mod module_graph;
mod page;
pub mod sizes;
mod system;

pub use page::{ClickEffect, FakeElement, FakePage};
pub use system::{FakeClock, FakeProcesses, MemoryStore};

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use cdt_domain::emulation::EmulationSettings;
use cdt_domain::interact::{
    DialogInfo, DispatchOutcome, EvalRequest, KeyInput, MouseInput, ScreenshotRequest,
};
use cdt_domain::ports::{
    BrowserInfo, BrowserLauncher, BrowserPort, LaunchSpec, NavigationOutcome, TargetInfo,
};
use cdt_domain::probe::ProbeCommand;
use cdt_domain::raw_cdp::RawCdpEvent;
use cdt_domain::storage::{Cookie, StorageArea, StorageItem};
use cdt_domain::telemetry::TelemetrySink;
use cdt_domain::{CdtError, ErrorCode, WaitUntil};
use serde_json::Value;

/// Locks a std mutex, recovering from poisoning (a failed test must not wedge the others).
pub fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

pub struct FakeBrowser {
    pub pid: u32,
    pub targets: Mutex<Vec<TargetInfo>>,
    pub alive: AtomicBool,
    pub next: AtomicU32,
    pub navigate_delay: Duration,
    pub parity: FakeParity,
    /// The document every page shows; without one the probe fails like a broken page.
    pub document: Mutex<Option<FakePage>>,
}

/// What the fake browser keeps for emulation, traces and storage.
#[derive(Default)]
pub struct FakeParity {
    pub emulation: Mutex<EmulationSettings>,
    /// Every `set_emulation` call, in order.
    pub emulation_calls: Mutex<Vec<EmulationSettings>>,
    /// (page, handle, source) of installed init scripts.
    pub scripts: Mutex<Vec<(String, u64, String)>>,
    /// Where downloads go, once set.
    pub download_dir: Mutex<Option<std::path::PathBuf>>,
    /// The downloads the fake reports (a test pushes them).
    pub downloads: Mutex<Vec<cdt_domain::download::Download>>,
    /// The request interceptor set, if any (a test asks it for decisions).
    pub interceptor: Mutex<Option<Arc<dyn cdt_domain::route::RequestInterceptor>>>,
    pub tracing: AtomicBool,
    /// What `stop_trace` returns.
    pub trace: Mutex<Vec<u8>>,
    pub cookies: Mutex<Vec<Cookie>>,
    /// (origin, area) → items.
    pub storage: Mutex<BTreeMap<(String, &'static str), Vec<StorageItem>>>,
    /// Origins open in every page.
    pub origins: Mutex<Vec<String>>,
    /// Raw CDP: every `cdp_send` (page, method, params), and the sinks of live listeners.
    pub raw_sent: Mutex<Vec<RawSent>>,
    pub raw_sinks: RawSinks,
}

/// A raw CDP listener's sink, as the fake keeps it.
pub type RawSink = Arc<dyn Fn(RawCdpEvent) + Send + Sync>;
/// Live listeners: the page each listens to (`None`: the browser) and its sink.
pub type RawSinks = Arc<Mutex<Vec<(Option<String>, RawSink)>>>;
/// One `cdp_send`: to which page (`None`: the browser), the method, its params.
pub type RawSent = (Option<String>, String, Value);

impl FakeBrowser {
    /// Delivers a raw CDP event to the live listeners of `page` (as the browser would).
    pub fn emit_raw(&self, page: Option<&str>, event: &RawCdpEvent) {
        let sinks: Vec<RawSink> = lock(&self.parity.raw_sinks)
            .iter()
            .filter(|(of, _)| of.as_deref() == page)
            .map(|(_, sink)| sink.clone())
            .collect();
        for sink in sinks {
            sink(event.clone());
        }
    }
}

/// Removes a fake listener's sink when its guard drops.
struct RawGuard {
    sinks: RawSinks,
    sink: RawSink,
}

impl Drop for RawGuard {
    fn drop(&mut self) {
        lock(&self.sinks).retain(|(_, sink)| !Arc::ptr_eq(sink, &self.sink));
    }
}

#[async_trait]
impl BrowserPort for FakeBrowser {
    fn info(&self) -> BrowserInfo {
        BrowserInfo {
            pid: Some(self.pid),
            product: "Fake/1".into(),
            ..BrowserInfo::default()
        }
    }
    fn pages(&self) -> Vec<TargetInfo> {
        lock(&self.targets).clone()
    }
    async fn targets(&self) -> Result<Vec<cdt_domain::ports::BrowserTarget>, CdtError> {
        Ok(lock(&self.targets)
            .iter()
            .map(|page| cdt_domain::ports::BrowserTarget {
                target_id: page.target_id.clone(),
                kind: "page".into(),
                title: page.title.clone(),
                url: page.url.clone(),
                attached: true,
                parent: None,
            })
            .collect())
    }
    fn is_connected(&self) -> bool {
        self.alive.load(Ordering::SeqCst)
    }
    async fn create_page(&self, _background: bool) -> Result<String, CdtError> {
        let id = format!("T{}", self.next.fetch_add(1, Ordering::SeqCst));
        lock(&self.targets).push(TargetInfo {
            target_id: id.clone(),
            url: "about:blank".into(),
            title: String::new(),
            opener: None,
        });
        Ok(id)
    }
    async fn navigate(
        &self,
        target_id: &str,
        url: &str,
        _wait: WaitUntil,
    ) -> Result<NavigationOutcome, CdtError> {
        tokio::time::sleep(self.navigate_delay).await;
        for target in lock(&self.targets)
            .iter_mut()
            .filter(|t| t.target_id == target_id)
        {
            target.url = url.into();
            target.title = format!("title of {url}");
        }
        Ok(NavigationOutcome {
            url: url.into(),
            title: format!("title of {url}"),
            status: url.starts_with("http").then_some(200),
        })
    }
    async fn activate(&self, _target_id: &str) -> Result<(), CdtError> {
        Ok(())
    }
    async fn close_page(&self, target_id: &str) -> Result<(), CdtError> {
        lock(&self.targets).retain(|t| t.target_id != target_id);
        Ok(())
    }
    async fn response_body(
        &self,
        _session: &str,
        _request: &str,
    ) -> Result<(String, bool), CdtError> {
        Err(CdtError::validation("no bodies in the fake"))
    }
    async fn probe(
        &self,
        _target: &str,
        _frame: &str,
        command: ProbeCommand,
        args: Value,
    ) -> Result<Value, CdtError> {
        let walking = lock(&self.document)
            .as_ref()
            .filter(|_| command == ProbeCommand::Prewalk)
            .map_or(0, |page| page.prewalk_ms);
        tokio::time::sleep(std::time::Duration::from_millis(walking)).await;
        if let Some(page) = lock(&self.document).as_mut() {
            if command == ProbeCommand::Prewalk {
                let prepared = page.elements.len();
                page.prewalks.push(args);
                return Ok(serde_json::json!({ "prepared": prepared, "cut": page.prewalk_cut }));
            }
            let answer = page.answer(command, &args);
            if command == ProbeCommand::Snapshot {
                page.snapshots.push(args);
            }
            return Ok(answer);
        }
        // Without a document: like a page whose probe keeps failing (a protocol-level error, retried by waits).
        Err(CdtError::new(
            cdt_domain::ErrorCode::ProtocolError,
            format!("the fake browser has no page probe ({command})"),
        ))
    }
    async fn child_frames(&self, _target: &str) -> Result<Vec<(String, String)>, CdtError> {
        Ok(Vec::new())
    }
    async fn mouse(&self, _target: &str, input: &MouseInput) -> Result<DispatchOutcome, CdtError> {
        if let Some(page) = lock(&self.document).as_mut() {
            page.dispatch(input);
        }
        Ok(DispatchOutcome::default())
    }
    async fn key(&self, _target: &str, _input: &KeyInput) -> Result<DispatchOutcome, CdtError> {
        Ok(DispatchOutcome::default())
    }
    async fn insert_text(&self, _target: &str, _text: &str) -> Result<DispatchOutcome, CdtError> {
        Ok(DispatchOutcome::default())
    }
    async fn choose_files(
        &self,
        _target: &str,
        _at: (f64, f64),
        _files: &[String],
        _wait: std::time::Duration,
    ) -> Result<Option<DispatchOutcome>, CdtError> {
        Ok(None)
    }
    async fn set_files(
        &self,
        _target: &str,
        _frame: &str,
        _uid: &str,
        _files: &[String],
    ) -> Result<(), CdtError> {
        Ok(())
    }
    async fn evaluate(&self, _target: &str, _request: &EvalRequest) -> Result<Value, CdtError> {
        Ok(Value::Null)
    }
    fn dialog(&self, _target: &str) -> Option<DialogInfo> {
        None
    }
    async fn handle_dialog(
        &self,
        _target: &str,
        _accept: bool,
        _text: Option<&str>,
    ) -> Result<(), CdtError> {
        Ok(())
    }
    async fn screenshot(
        &self,
        _target: &str,
        _request: &ScreenshotRequest,
    ) -> Result<Vec<u8>, CdtError> {
        Ok(Vec::new())
    }
    async fn pdf(&self, _target: &str) -> Result<Vec<u8>, CdtError> {
        Ok(Vec::new())
    }
    async fn history(
        &self,
        _target: &str,
        _delta: i32,
        _wait: WaitUntil,
    ) -> Result<Option<NavigationOutcome>, CdtError> {
        Ok(None)
    }
    async fn reload(
        &self,
        _target: &str,
        _ignore_cache: bool,
        _wait: WaitUntil,
    ) -> Result<NavigationOutcome, CdtError> {
        Ok(NavigationOutcome::default())
    }
    async fn resize(&self, _target: &str, _width: u32, _height: u32) -> Result<(), CdtError> {
        Ok(())
    }
    async fn shutdown(&self) {
        self.alive.store(false, Ordering::SeqCst);
    }
    fn navigation_pending(&self, _target: &str) -> bool {
        false
    }
    async fn drag(
        &self,
        _target: &str,
        _from: (f64, f64),
        _to: (f64, f64),
        _html5: bool,
    ) -> Result<DispatchOutcome, CdtError> {
        Ok(DispatchOutcome::default())
    }

    // emulation, trace, storage
    fn emulation(&self) -> EmulationSettings {
        lock(&self.parity.emulation).clone()
    }
    async fn set_emulation(&self, settings: &EmulationSettings) -> Result<(), CdtError> {
        if settings.timezone.as_deref() == Some("Mars/Base") {
            return Err(CdtError::validation("the browser refused the timezone"));
        }
        *lock(&self.parity.emulation) = settings.clone();
        lock(&self.parity.emulation_calls).push(settings.clone());
        Ok(())
    }
    async fn add_init_script(&self, target_id: &str, source: &str) -> Result<u64, CdtError> {
        let mut scripts = lock(&self.parity.scripts);
        let handle = scripts.len() as u64 + 1;
        scripts.push((target_id.to_string(), handle, source.to_string()));
        Ok(handle)
    }
    async fn set_download_dir(&self, dir: &std::path::Path) -> Result<(), CdtError> {
        *lock(&self.parity.download_dir) = Some(dir.to_path_buf());
        Ok(())
    }
    fn downloads(&self) -> Vec<cdt_domain::download::Download> {
        lock(&self.parity.downloads).clone()
    }
    async fn set_interception(
        &self,
        interceptor: Option<Arc<dyn cdt_domain::route::RequestInterceptor>>,
    ) -> Result<(), CdtError> {
        *lock(&self.parity.interceptor) = interceptor;
        Ok(())
    }
    async fn remove_init_script(&self, target_id: &str, script: u64) -> Result<(), CdtError> {
        lock(&self.parity.scripts).retain(|(t, h, _)| !(t == target_id && *h == script));
        Ok(())
    }
    async fn start_trace(&self, _target_id: &str, _categories: &[String]) -> Result<(), CdtError> {
        if self.parity.tracing.swap(true, Ordering::SeqCst) {
            return Err(CdtError::new(
                ErrorCode::TraceAlreadyRunning,
                "already tracing",
            ));
        }
        Ok(())
    }
    fn tracing(&self) -> Option<String> {
        self.parity
            .tracing
            .load(Ordering::SeqCst)
            .then(|| "T0".to_string())
    }
    async fn stop_trace(&self) -> Result<Vec<u8>, CdtError> {
        if !self.parity.tracing.swap(false, Ordering::SeqCst) {
            return Err(CdtError::new(ErrorCode::TraceNotRunning, "not tracing"));
        }
        Ok(lock(&self.parity.trace).clone())
    }
    async fn describe_nodes(
        &self,
        _target_id: &str,
        nodes: &[i64],
    ) -> Result<BTreeMap<i64, String>, CdtError> {
        Ok(nodes.iter().map(|n| (*n, format!("div#node{n}"))).collect())
    }
    async fn cookies(&self) -> Result<Vec<Cookie>, CdtError> {
        Ok(lock(&self.parity.cookies).clone())
    }
    async fn set_cookies(&self, cookies: &[Cookie]) -> Result<(), CdtError> {
        let mut jar = lock(&self.parity.cookies);
        for cookie in cookies {
            jar.retain(|c| {
                !(c.name == cookie.name && c.domain == cookie.domain && c.path == cookie.path)
            });
            jar.push(cookie.clone());
        }
        Ok(())
    }
    async fn delete_cookies(&self, cookies: &[Cookie]) -> Result<(), CdtError> {
        lock(&self.parity.cookies).retain(|c| {
            !cookies
                .iter()
                .any(|d| d.name == c.name && d.domain == c.domain && d.path == c.path)
        });
        Ok(())
    }
    async fn frame_origins(&self, _target_id: &str) -> Result<Vec<String>, CdtError> {
        Ok(lock(&self.parity.origins).clone())
    }
    async fn storage_items(
        &self,
        _target_id: &str,
        origin: &str,
        area: StorageArea,
    ) -> Result<Vec<StorageItem>, CdtError> {
        if !lock(&self.parity.origins).iter().any(|o| o == origin) {
            return Err(CdtError::new(ErrorCode::OriginNotOpen, "not open"));
        }
        Ok(lock(&self.parity.storage)
            .get(&(origin.to_string(), area.as_str()))
            .cloned()
            .unwrap_or_default())
    }
    async fn update_storage(
        &self,
        _target_id: &str,
        origin: &str,
        area: StorageArea,
        changes: &[(String, Option<String>)],
    ) -> Result<(), CdtError> {
        if !lock(&self.parity.origins).iter().any(|o| o == origin) {
            return Err(CdtError::new(ErrorCode::OriginNotOpen, "not open"));
        }
        let mut storage = lock(&self.parity.storage);
        let items = storage
            .entry((origin.to_string(), area.as_str()))
            .or_default();
        for (key, value) in changes {
            items.retain(|i| &i.name != key);
            if let Some(value) = value {
                items.push(StorageItem {
                    name: key.clone(),
                    value: value.clone(),
                });
            }
        }
        Ok(())
    }
    async fn clear_storage(
        &self,
        _target_id: &str,
        origin: &str,
        area: StorageArea,
    ) -> Result<(), CdtError> {
        lock(&self.parity.storage).remove(&(origin.to_string(), area.as_str()));
        Ok(())
    }
    async fn seed_local_storage(
        &self,
        origin: &str,
        items: &[StorageItem],
    ) -> Result<(), CdtError> {
        lock(&self.parity.storage).insert((origin.to_string(), "local"), items.to_vec());
        Ok(())
    }

    async fn cdp_send(
        &self,
        page_target_id: Option<&str>,
        method: &str,
        params: Value,
    ) -> Result<Value, CdtError> {
        lock(&self.parity.raw_sent).push((
            page_target_id.map(str::to_string),
            method.to_string(),
            params.clone(),
        ));
        Ok(serde_json::json!({ "echo": params }))
    }

    fn cdp_listen(
        &self,
        page_target_id: Option<&str>,
        sink: Arc<dyn Fn(RawCdpEvent) + Send + Sync>,
    ) -> Box<dyn std::any::Any + Send + Sync> {
        lock(&self.parity.raw_sinks).push((page_target_id.map(str::to_string), sink.clone()));
        Box::new(RawGuard {
            sinks: self.parity.raw_sinks.clone(),
            sink,
        })
    }
}

/// Launches [`FakeBrowser`]s and remembers them.
#[derive(Default)]
pub struct FakeLauncher {
    pub launched: Mutex<Vec<Arc<FakeBrowser>>>,
    /// Every endpoint check: `(endpoint, allow_remote)`.
    pub checked: Mutex<Vec<(String, bool)>>,
    pub navigate_delay: Duration,
    /// The document of every browser launched from now on (see [`FakeBrowser::document`]).
    pub document: Mutex<Option<FakePage>>,
    /// How long a launch takes.
    pub launch_delay: Duration,
    /// Launches under way now, and the most there ever were at once.
    pub launching: AtomicU32,
    pub launching_peak: AtomicU32,
}

#[async_trait]
impl BrowserLauncher for FakeLauncher {
    async fn launch(
        &self,
        _spec: &LaunchSpec,
        _sink: Arc<dyn TelemetrySink>,
    ) -> Result<Arc<dyn BrowserPort>, CdtError> {
        if !self.launch_delay.is_zero() {
            let now = self.launching.fetch_add(1, Ordering::SeqCst) + 1;
            self.launching_peak.fetch_max(now, Ordering::SeqCst);
            tokio::time::sleep(self.launch_delay).await;
            self.launching.fetch_sub(1, Ordering::SeqCst);
        }
        let mut launched = lock(&self.launched);
        let browser = Arc::new(FakeBrowser {
            pid: 1000 + launched.len() as u32,
            targets: Mutex::new(vec![TargetInfo {
                target_id: "T0".into(),
                url: "about:blank".into(),
                title: String::new(),
                opener: None,
            }]),
            alive: AtomicBool::new(true),
            next: AtomicU32::new(1),
            navigate_delay: self.navigate_delay,
            parity: FakeParity::default(),
            document: Mutex::new(lock(&self.document).clone()),
        });
        launched.push(browser.clone());
        Ok(browser)
    }
    /// The fake's rule: an endpoint naming `127.0.0.1` passes; anything else needs
    /// `allow_remote`. Every check is recorded.
    async fn check_endpoint(&self, endpoint: &str, allow_remote: bool) -> Result<(), CdtError> {
        lock(&self.checked).push((endpoint.to_string(), allow_remote));
        if allow_remote || endpoint.contains("//127.0.0.1:") {
            Ok(())
        } else {
            Err(CdtError::new(
                cdt_domain::ErrorCode::SecurityBlocked,
                format!("{endpoint} is not loopback"),
            ))
        }
    }
    async fn attach(
        &self,
        endpoint: &str,
        allow_remote: bool,
        _sink: Arc<dyn TelemetrySink>,
    ) -> Result<Arc<dyn BrowserPort>, CdtError> {
        self.check_endpoint(endpoint, allow_remote).await?;
        Err(CdtError::validation("attach is not faked"))
    }
}
