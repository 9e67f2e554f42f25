//! A browser slot (SPEC §4.2): one browser + its profile + its pages, for one context key.
//!
//! Locking: `lifecycle` (async) serializes start/stop; each page has its own async lock for
//! mutations; the page table and browser handle sit behind short sync locks, so reads never
//! wait for a slow navigation.

use cdt_domain::browser_mode::{self, BrowserMode, ModeInputs, ModeRequest};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use cdt_domain::emulation::EmulationSettings;
use cdt_domain::ops::SessionStartParams;
use cdt_domain::ops::op;
use cdt_domain::ports::{BrowserPort, Clock, ContextLock};
use cdt_domain::{CdtError, ContextKey, ErrorCode, PageId, PageInfo, ResolvedContext, Warning};

use crate::page_table::PageTable;
use crate::raw_listeners::RawListeners;
use crate::recording::Recording;
use crate::route_table::RouteTable;
use crate::snapshot_diff::SnapshotVersions;
use crate::snapshots::CommittedSnapshots;
use crate::sync::lock;
use crate::telemetry::TelemetryStore;

/// What a running context is counted at against the memory budget: a dedicated Chromium with a
/// typical page measured 129–157 MiB PSS per agent, a context in a shared one 31–45 MiB
/// (`bench/agents.sh`, 10 and 50 agents), each with room for its page to grow
/// (docs/admission.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Footprint {
    /// A Chromium of its own.
    Browser,
    /// A browser context in a shared Chromium.
    Context,
    /// A browser someone else launched: its memory is not cdt's.
    Attached,
}

impl Footprint {
    /// The footprint of a browser attached to or not, running in `mode`.
    pub fn of(attached: bool, mode: BrowserMode) -> Footprint {
        match (attached, mode) {
            (true, _) => Footprint::Attached,
            (false, BrowserMode::Shared) => Footprint::Context,
            (false, BrowserMode::Dedicated) => Footprint::Browser,
        }
    }

    pub const fn kib(self) -> u64 {
        match self {
            Footprint::Browser => 192 * 1024,
            Footprint::Context => 64 * 1024,
            Footprint::Attached => 0,
        }
    }
}

/// How the slot's browser was (or is to be) started.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StartSettings {
    pub headless: bool,
    pub window_size: Option<(u32, u32)>,
    /// Attach endpoint, when attached instead of launched.
    pub endpoint: Option<String>,
    pub chrome_args: Vec<String>,
    pub chrome_path: Option<String>,
    /// Whether a non-loopback `endpoint` was permitted (`--allow-remote`); re-checked on every
    /// attach, since a name may resolve elsewhere by then.
    pub allow_remote: bool,
    /// `--browser-mode` as asked; once a browser runs, the mode it got.
    pub browser_mode: Option<ModeRequest>,
}

/// Parses `WIDTHxHEIGHT`.
pub fn parse_size(text: &str) -> Result<(u32, u32), CdtError> {
    let parsed = text
        .split_once(['x', 'X'])
        .and_then(|(w, h)| Some((w.trim().parse::<u32>().ok()?, h.trim().parse::<u32>().ok()?)));
    match parsed {
        Some((w, h)) if (100..=10_000).contains(&w) && (100..=10_000).contains(&h) => Ok((w, h)),
        _ => Err(CdtError::validation(format!(
            "--viewport {text:?} is not WIDTHxHEIGHT between 100 and 10000"
        ))
        .hinted("Use e.g. --viewport 1280x800")),
    }
}

impl StartSettings {
    pub fn from_params(params: &SessionStartParams) -> Result<Self, CdtError> {
        if params.browser_url.is_some() && params.ws_endpoint.is_some() {
            return Err(CdtError::validation(
                "--browser-url and --ws-endpoint are mutually exclusive",
            )
            .hinted("Pass only one of them"));
        }
        cdt_domain::launch_policy::check_chrome_args(&params.chrome_args)?;
        Ok(StartSettings {
            headless: params.headless.unwrap_or(true),
            window_size: params.viewport.as_deref().map(parse_size).transpose()?,
            endpoint: params
                .browser_url
                .clone()
                .or_else(|| params.ws_endpoint.clone()),
            chrome_args: params.chrome_args.clone(),
            chrome_path: params.chrome_path.clone(),
            allow_remote: params.allow_remote,
            browser_mode: params.browser_mode,
        })
    }

    /// Where this context's browser runs: `--browser-mode`, else the caller's
    /// `CDT_BROWSER_MODE`, else auto (see `cdt_domain::browser_mode`).
    pub fn mode_for(&self, context: &ResolvedContext) -> Result<BrowserMode, CdtError> {
        let request = match (self.browser_mode, context.browser_mode.as_deref()) {
            (Some(request), _) => request,
            (None, Some(text)) => ModeRequest::parse(text)?,
            (None, None) => ModeRequest::Auto,
        };
        browser_mode::choose(
            request,
            ModeInputs {
                headless: self.headless,
                custom_browser: !self.chrome_args.is_empty() || self.chrome_path.is_some(),
                ephemeral: context.source.is_ephemeral(),
            },
        )
    }

    /// Whether explicit start parameters ask for something other than what runs.
    pub fn conflicts_with(&self, params: &SessionStartParams) -> bool {
        let Ok(requested) = StartSettings::from_params(params) else {
            return true;
        };
        (params.headless.is_some() && requested.headless != self.headless)
            || (params.viewport.is_some() && requested.window_size != self.window_size)
            || (requested.endpoint.is_some() && requested.endpoint != self.endpoint)
            || (!params.chrome_args.is_empty() && requested.chrome_args != self.chrome_args)
            || (params.chrome_path.is_some() && requested.chrome_path != self.chrome_path)
            || params
                .browser_mode
                .is_some_and(|mode| mode != ModeRequest::Auto && Some(mode) != self.browser_mode)
    }
}

pub struct Slot {
    pub key: ContextKey,
    /// How the context was resolved when the slot was created.
    pub context: ResolvedContext,
    pub lifecycle: Arc<tokio::sync::Mutex<()>>,
    /// Everything the slot's browser emits; outlives browser restarts.
    pub telemetry: Arc<TelemetryStore>,
    /// Set once the slot has been stopped and dropped from the registry; a request that still
    /// holds it must route again instead of starting a browser nobody tracks.
    retired: AtomicBool,
    browser: Mutex<Option<Arc<dyn BrowserPort>>>,
    pages: Mutex<PageTable>,
    page_locks: Mutex<HashMap<PageId, Arc<tokio::sync::Mutex<()>>>>,
    settings: Mutex<Option<StartSettings>>,
    /// The last few versions of each page's snapshot: the baselines of `capture snapshot
    /// --diff` and of action feedback.
    pub versions: SnapshotVersions,
    /// Whole snapshots of committed documents, for answers during a pending navigation.
    pub committed: CommittedSnapshots,
    /// Held across an emulation change's read, merge and apply, so two concurrent
    /// `emulation set`s both take effect.
    pub emulation_lock: tokio::sync::Mutex<()>,
    lock_file: Mutex<Option<Box<dyn ContextLock>>>,
    /// When the slot was made, wall clock (for `createdAt`).
    pub created_ms: u64,
    /// The context's last activity, on the monotonic clock (lease math never uses the wall
    /// clock, which can jump).
    last_active_mono_ms: AtomicU64,
    started_ms: AtomicU64,
    in_flight: AtomicUsize,
    /// How many of the context's own requests have begun (`begin`), ever.
    begun: AtomicU64,
    /// How many times this context's browser ended without being asked to and was replaced.
    restarts: AtomicU32,
    /// Warnings for the next reply of this context (a browser that died, a lease that ended).
    notices: Mutex<Vec<Warning>>,
    /// The emulation of a browser that died, for the browser that replaces it.
    carried_emulation: Mutex<Option<EmulationSettings>>,
    /// `cdt cdp listen`'s listeners; they end with the browser.
    pub raw_listeners: RawListeners,
    /// `cdt network route`'s routes; they outlast navigations and browser restarts.
    pub routes: Arc<RouteTable>,
    /// The last download `page wait-download` reported (its place in the browser's order).
    downloads_taken: AtomicU64,
    /// `capture video start`'s recording, until `stop`.
    pub recording: Mutex<Option<Recording>>,
}

/// Counts a request as in flight on a slot (an in-flight slot is never reaped or evicted).
pub struct InFlight(Arc<Slot>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Slot {
    /// What the slot's running browser counts against the memory budget.
    pub fn footprint(&self) -> Footprint {
        self.any_browser()
            .map(|b| b.info())
            .map_or(Footprint::Browser, |info| {
                Footprint::of(info.attached, info.mode())
            })
    }

    /// A slot made at `now` (wall and monotonic readings of the same clock).
    pub fn new(context: ResolvedContext, now: &dyn Clock, telemetry: Arc<TelemetryStore>) -> Self {
        Slot {
            key: context.key.clone(),
            context,
            telemetry,
            lifecycle: Arc::new(tokio::sync::Mutex::new(())),
            retired: AtomicBool::new(false),
            browser: Mutex::new(None),
            pages: Mutex::new(PageTable::default()),
            page_locks: Mutex::new(HashMap::new()),
            settings: Mutex::new(None),
            versions: SnapshotVersions::default(),
            committed: CommittedSnapshots::default(),
            emulation_lock: tokio::sync::Mutex::new(()),
            lock_file: Mutex::new(None),
            created_ms: now.now_unix_ms(),
            last_active_mono_ms: AtomicU64::new(now.monotonic_ms()),
            started_ms: AtomicU64::new(0),
            in_flight: AtomicUsize::new(0),
            begun: AtomicU64::new(0),
            restarts: AtomicU32::new(0),
            notices: Mutex::new(Vec::new()),
            carried_emulation: Mutex::new(None),
            raw_listeners: RawListeners::default(),
            routes: Arc::default(),
            downloads_taken: AtomicU64::new(0),
            recording: Mutex::new(None),
        }
    }

    pub fn restarts(&self) -> u32 {
        self.restarts.load(Ordering::Relaxed)
    }

    /// Records that the context's browser was replaced without being asked to: the count, and
    /// a warning for the next reply.
    pub fn note_restart(&self, restarts: u32, warning: Warning) {
        self.restarts.store(restarts, Ordering::Relaxed);
        lock(&self.notices).push(warning);
    }

    /// Keeps the emulation of a browser that ended without being asked to, so the browser that
    /// replaces it starts with it (nothing to keep when there was none).
    pub fn carry_emulation(&self, emulation: Option<EmulationSettings>) {
        if let Some(emulation) = emulation.filter(|e| !e.is_empty()) {
            *lock(&self.carried_emulation) = Some(emulation);
        }
    }

    /// The emulation to re-apply to a new browser, once.
    pub fn take_carried_emulation(&self) -> Option<EmulationSettings> {
        lock(&self.carried_emulation).take()
    }

    /// The warnings waiting for this context's next reply.
    pub fn take_notices(&self) -> Vec<Warning> {
        std::mem::take(&mut *lock(&self.notices))
    }

    /// The pages as last known, without asking the browser (which may be dead).
    pub fn last_pages(&self) -> Vec<PageInfo> {
        lock(&self.pages).list()
    }

    /// Counted in flight, and active at `mono_ms` (monotonic).
    pub fn begin(self: &Arc<Self>, mono_ms: u64) -> InFlight {
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        self.begun.fetch_add(1, Ordering::SeqCst);
        self.touch(mono_ms);
        InFlight(self.clone())
    }

    /// Counted in flight (so it is never reaped under the request) without touching the lease.
    pub fn begin_passive(self: &Arc<Self>) -> InFlight {
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        InFlight(self.clone())
    }

    /// Active at `mono_ms` (monotonic).
    pub fn touch(&self, mono_ms: u64) {
        self.last_active_mono_ms
            .fetch_max(mono_ms, Ordering::Relaxed);
    }

    /// The last activity, monotonic milliseconds: for ordering slots, not for showing.
    pub fn last_active_mono_ms(&self) -> u64 {
        self.last_active_mono_ms.load(Ordering::Relaxed)
    }

    /// How long the context has been idle, measured on the monotonic clock.
    pub fn idle_ms(&self, clock: &dyn Clock) -> u64 {
        clock
            .monotonic_ms()
            .saturating_sub(self.last_active_mono_ms())
    }

    /// When the context was last active, on the wall clock (for `lastSeenAt`): now less its
    /// idle time.
    pub fn last_seen_unix_ms(&self, clock: &dyn Clock) -> u64 {
        clock.now_unix_ms().saturating_sub(self.idle_ms(clock))
    }

    pub fn started_ms(&self) -> u64 {
        self.started_ms.load(Ordering::Relaxed)
    }

    pub fn retire(&self) {
        self.retired.store(true, Ordering::SeqCst);
    }

    pub fn is_retired(&self) -> bool {
        self.retired.load(Ordering::SeqCst)
    }

    pub fn in_flight(&self) -> usize {
        self.in_flight.load(Ordering::SeqCst)
    }

    /// How many of the context's own requests have begun so far (not operators' reads): one
    /// more since a moment means the caller asked something since.
    pub fn requests_begun(&self) -> u64 {
        self.begun.load(Ordering::SeqCst)
    }

    /// The browser, if one is connected.
    pub fn browser(&self) -> Option<Arc<dyn BrowserPort>> {
        lock(&self.browser)
            .clone()
            .filter(|browser| browser.is_connected())
    }

    /// The connected browser, or `CDP_DISCONNECTED` when it went away.
    pub fn live_browser(&self) -> Result<Arc<dyn BrowserPort>, CdtError> {
        self.browser().ok_or_else(|| {
            CdtError::new(ErrorCode::CdpDisconnected, "the browser went away")
                .run::<op::SessionRestart>("")
        })
    }

    /// The browser handle even if it died (so it can be shut down and reaped).
    pub fn any_browser(&self) -> Option<Arc<dyn BrowserPort>> {
        lock(&self.browser).clone()
    }

    pub fn is_running(&self) -> bool {
        self.browser().is_some()
    }

    pub fn settings(&self) -> Option<StartSettings> {
        lock(&self.settings).clone()
    }

    /// Installs a freshly started browser.
    pub fn install(
        &self,
        browser: Arc<dyn BrowserPort>,
        settings: StartSettings,
        lock_file: Option<Box<dyn ContextLock>>,
        now_ms: u64,
    ) {
        {
            let mut pages = lock(&self.pages);
            pages.reset();
            pages.sync(&browser.pages());
            if settings.endpoint.is_none() {
                pages.mark_pristine();
            }
        }
        *lock(&self.browser) = Some(browser);
        *lock(&self.settings) = Some(settings);
        if lock_file.is_some() {
            *lock(&self.lock_file) = lock_file;
        }
        self.started_ms.store(now_ms, Ordering::Relaxed);
    }

    /// Takes the browser out of the slot and shuts it down, and only then releases the context
    /// lock: the lock outlives the browser, so a browser started next for this context never
    /// meets the old one still holding its profile. Returns the emulation the browser had.
    /// The last download `page wait-download` reported (0: none of this browser).
    pub fn downloads_taken(&self) -> u64 {
        self.downloads_taken.load(Ordering::SeqCst)
    }

    /// Marks the downloads up to `seq` as reported.
    pub fn take_downloads_until(&self, seq: u64) {
        self.downloads_taken.fetch_max(seq, Ordering::SeqCst);
    }

    pub async fn end_browser(&self) -> Option<EmulationSettings> {
        // A new browser numbers its downloads from 1 again, and records nothing yet.
        self.downloads_taken.store(0, Ordering::SeqCst);
        *lock(&self.recording) = None;
        lock(&self.pages).reset();
        lock(&self.page_locks).clear();
        self.raw_listeners.clear();
        *lock(&self.settings) = None;
        let browser = lock(&self.browser).take();
        let emulation = match browser {
            Some(browser) => {
                let emulation = browser.emulation();
                browser.shutdown().await;
                Some(emulation)
            }
            None => None,
        };
        *lock(&self.lock_file) = None;
        emulation
    }

    /// The page table, reconciled with the browser's current targets.
    pub fn pages(&self) -> MutexGuard<'_, PageTable> {
        let targets = self
            .any_browser()
            .map(|browser| browser.pages())
            .unwrap_or_default();
        let mut pages = lock(&self.pages);
        pages.sync(&targets);
        pages
    }

    /// The mutation lock of one page.
    pub fn page_lock(&self, id: PageId) -> Arc<tokio::sync::Mutex<()>> {
        lock(&self.page_locks).entry(id).or_default().clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn viewport_parsing() {
        assert_eq!(parse_size("1280x800").ok(), Some((1280, 800)));
        assert!(parse_size("12x8").is_err());
        assert!(parse_size("wide").is_err());
    }

    #[test]
    fn only_explicit_differences_conflict() {
        let running = StartSettings {
            headless: true,
            ..Default::default()
        };
        assert!(!running.conflicts_with(&SessionStartParams::default()));
        assert!(!running.conflicts_with(&SessionStartParams {
            headless: Some(true),
            ..Default::default()
        }));
        assert!(running.conflicts_with(&SessionStartParams {
            headless: Some(false),
            ..Default::default()
        }));
        assert!(running.conflicts_with(&SessionStartParams {
            viewport: Some("800x600".into()),
            ..Default::default()
        }));
    }
}
