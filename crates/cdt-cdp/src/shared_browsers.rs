//! Shared browsers: a few Chromiums, each holding many contexts in browser contexts of their
//! own (docs/adr/0002-shared-browsers.md). A context is placed in a live shared browser of its
//! shape (headless, window size) that has room, or a new one is started; when one fills up,
//! the next is started ahead of need. A shared browser left without contexts closes at once,
//! unless it is the one kept ahead of need. A shared browser that dies takes only its own contexts with it: their views see the
//! connection end and their slots report `BROWSER_RESTARTED`.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, Weak};

use cdt_domain::ports::{BrowserInfo, BrowserPort, LaunchSpec, SharedBrowserInfo};
use cdt_domain::telemetry::TelemetrySink;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::json;
use tokio::sync::Mutex;

use crate::browser::{CdpBrowser, Owner, Tenancy};
use crate::chromium::{PIPE_ENDPOINT, start_chromium};
use crate::late_sink::LateSink;
use crate::process::BrowserProcess;
use crate::support::{lock, str_field};
use crate::transport::CdpConnection;

/// How many contexts a shared browser holds by default.
pub const DEFAULT_PER_BROWSER: usize = 20;
/// How long after a context is taken the next one is prepared.
const PREPARE_AFTER: std::time::Duration = std::time::Duration::from_millis(500);

/// What must match for two contexts to share a browser.
#[derive(Clone, Debug, PartialEq)]
struct Shape {
    headless: bool,
    window_size: Option<(u32, u32)>,
}

impl Shape {
    fn of(spec: &LaunchSpec) -> Shape {
        Shape {
            headless: spec.headless,
            window_size: spec.window_size,
        }
    }
}

/// One shared Chromium.
pub(crate) struct SharedBrowser {
    name: String,
    shape: Shape,
    connection: CdpConnection,
    process: BrowserProcess,
    pid: u32,
    executable: String,
    dir: PathBuf,
    closed: AtomicBool,
    /// Its contexts kept ready for agents to come (counted in `contexts`).
    waiting: AtomicUsize,
}

impl SharedBrowser {
    fn is_alive(&self) -> bool {
        self.connection.is_connected() && !self.process.has_exited()
    }

    fn contexts(&self) -> usize {
        self.connection.contexts()
    }

    /// Whether it runs, for contexts of `shape`.
    fn serves(&self, shape: &Shape) -> bool {
        self.is_alive() && self.shape == *shape
    }

    /// Its contexts in use (not kept ready).
    fn in_use(&self) -> usize {
        self.contexts()
            .saturating_sub(self.waiting.load(Ordering::SeqCst))
    }
}

/// What a new shared context is for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Purpose {
    /// A slot takes it now.
    Slot,
    /// It is kept ready for the next agent (counted in its browser's `waiting`).
    Ready,
}

/// A context prepared ahead of need, waiting for a slot to take it.
struct Ready {
    shape: Shape,
    port: CdpBrowser,
    sink: Arc<LateSink>,
    browser: Arc<SharedBrowser>,
}

impl SharedBrowser {
    /// Kills it and removes its profile (once), when its processes are gone: one still dying
    /// may write there meanwhile.
    fn close(&self) {
        if !self.closed.swap(true, Ordering::SeqCst) {
            let dir = self.dir.clone();
            self.process.kill_then(move || remove_dir(&dir));
        }
    }
}

impl Drop for SharedBrowser {
    fn drop(&mut self) {
        self.close();
    }
}

/// Removes a shared browser's directory, again for a moment if files are still being written to
/// it by a dying process.
fn remove_dir(dir: &std::path::Path) {
    for _ in 0..20 {
        match std::fs::remove_dir_all(dir) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            _ => return,
        }
    }
    tracing::warn!(dir = %dir.display(), "cannot remove a closed shared browser's directory");
}

/// A context's place in a shared browser; released when its slot ends.
struct Placement {
    browser: Arc<SharedBrowser>,
    pool: Weak<SharedBrowsers>,
    released: AtomicBool,
}

impl Tenancy for Placement {
    fn is_alive(&self) -> bool {
        self.browser.is_alive()
    }

    fn contexts(&self) -> usize {
        self.browser.in_use()
    }

    /// A shared browser left empty closes, unless it is kept ahead of need.
    fn release(&self) {
        if self.released.swap(true, Ordering::SeqCst) {
            return;
        }
        let (Some(pool), Ok(runtime)) =
            (self.pool.upgrade(), tokio::runtime::Handle::try_current())
        else {
            return;
        };
        runtime.spawn(async move { pool.tidy().await });
    }
}

/// The shared browsers of a daemon.
pub struct SharedBrowsers {
    /// Each shared browser's profile and log live in a directory of their own here.
    dir: PathBuf,
    per_browser: usize,
    browsers: Mutex<Vec<Arc<SharedBrowser>>>,
    /// One shared browser starts at a time; placements meanwhile go on in the others.
    starting: Mutex<()>,
    /// Contexts prepared ahead of need (see `keep_ready`), one being prepared at a time.
    ready: std::sync::Mutex<Vec<Ready>>,
    preparing: Mutex<()>,
    next_name: AtomicU32,
}

impl SharedBrowsers {
    pub fn new(dir: PathBuf, per_browser: usize) -> SharedBrowsers {
        SharedBrowsers {
            dir,
            per_browser: per_browser.max(1),
            browsers: Mutex::new(Vec::new()),
            starting: Mutex::new(()),
            ready: std::sync::Mutex::default(),
            preparing: Mutex::new(()),
            next_name: AtomicU32::new(1),
        }
    }

    /// Places a context in a shared browser and connects to its browser context.
    pub(crate) async fn place(
        self: &Arc<Self>,
        spec: &LaunchSpec,
        sink: Arc<dyn TelemetrySink>,
    ) -> Result<Arc<dyn BrowserPort>, CdtError> {
        let shape = Shape::of(spec);
        let mut ready = self.take_ready(&shape);
        if ready.is_none() {
            // The next context may be being prepared this moment (in the fullest browser with
            // room): it is this one's, rather than a context opened beside it in another
            // browser.
            drop(self.preparing.lock().await);
            ready = self.take_ready(&shape);
        }
        let port = match ready {
            Some(ready) => {
                ready.sink.attach(sink);
                ready.port
            }
            None => self.new_context(spec, sink, Purpose::Slot).await?.0,
        };
        self.start_ahead(spec);
        self.keep_ready(spec);
        Ok(Arc::new(port))
    }

    /// A new browser context with one blank page, as a browser of its own starts with, in a
    /// shared browser with room (started if none has).
    async fn new_context(
        self: &Arc<Self>,
        spec: &LaunchSpec,
        sink: Arc<dyn TelemetrySink>,
        purpose: Purpose,
    ) -> Result<(CdpBrowser, Arc<SharedBrowser>), CdtError> {
        let shape = Shape::of(spec);
        let (browser, view, context) = loop {
            if let Some(placed) = self.open_context(&shape).await? {
                break placed;
            }
            let _starting = self.starting.lock().await;
            if self.has_room(&shape).await {
                continue;
            }
            let started = self.start(spec).await?;
            self.browsers.lock().await.push(started);
        };
        // A context prepared ahead is not in use from the moment it exists (a status read
        // meanwhile counts only the contexts agents hold).
        let waiting = purpose == Purpose::Ready;
        if waiting {
            browser.waiting.fetch_add(1, Ordering::SeqCst);
        }
        let made = self.connect_context(&browser, view, context, sink).await;
        if made.is_err() && waiting {
            browser.waiting.fetch_sub(1, Ordering::SeqCst);
        }
        made.map(|port| (port, browser))
    }

    /// The browser context `context` of `browser`, seen through `view`, as a browser of its own
    /// with one blank page.
    async fn connect_context(
        self: &Arc<Self>,
        browser: &Arc<SharedBrowser>,
        view: CdpConnection,
        context: String,
        sink: Arc<dyn TelemetrySink>,
    ) -> Result<CdpBrowser, CdtError> {
        let info = BrowserInfo {
            pid: Some(browser.pid),
            start_time: None,
            product: String::new(),
            ws_endpoint: PIPE_ENDPOINT.to_string(),
            attached: false,
            executable: Some(browser.executable.clone()),
            shared: Some(SharedBrowserInfo {
                browser: browser.name.clone(),
                browser_context_id: context,
                contexts: browser.contexts(),
            }),
        };
        let placement = Placement {
            browser: browser.clone(),
            pool: Arc::downgrade(self),
            released: AtomicBool::new(false),
        };
        let port = CdpBrowser::start(view, info, Owner::Shared(Box::new(placement)), sink).await?;
        port.create_page(false).await?;
        Ok(port)
    }

    /// A context kept ready for this shape, if one is (and its browser still runs).
    fn take_ready(&self, shape: &Shape) -> Option<Ready> {
        let mut ready = lock(&self.ready);
        ready.retain(|r| r.port.is_connected());
        let at = ready.iter().position(|r| r.shape == *shape)?;
        let taken = ready.remove(at);
        taken.browser.waiting.fetch_sub(1, Ordering::SeqCst);
        Some(taken)
    }

    /// Prepares the next context of this shape in the background (its browser context, its
    /// blank page observed), so the agent that comes next finds it ready. It waits a moment
    /// first: preparing starts a renderer, which would slow the first command of the agent
    /// that just took a context.
    fn keep_ready(self: &Arc<Self>, spec: &LaunchSpec) {
        let (pool, spec) = (self.clone(), spec.clone());
        tokio::spawn(async move {
            tokio::time::sleep(PREPARE_AFTER).await;
            let shape = Shape::of(&spec);
            // Nobody of this shape left meanwhile: nothing to prepare for.
            let in_use = pool
                .browsers
                .lock()
                .await
                .iter()
                .any(|b| b.serves(&shape) && b.in_use() > 0);
            if !in_use {
                return;
            }
            let Ok(_preparing) = pool.preparing.try_lock() else {
                return;
            };
            if lock(&pool.ready).iter().any(|r| r.shape == shape) {
                return;
            }
            let sink = Arc::new(LateSink::default());
            match pool.new_context(&spec, sink.clone(), Purpose::Ready).await {
                Ok((port, browser)) => {
                    lock(&pool.ready).push(Ready {
                        shape,
                        port,
                        sink,
                        browser,
                    });
                    pool.tidy().await;
                }
                Err(error) => tracing::debug!(%error, "cannot prepare a shared context"),
            }
        });
    }

    /// A new browser context in a live shared browser of this shape with room, if there is
    /// one (the fullest, so browsers fill up and empty ones can close).
    async fn open_context(
        &self,
        shape: &Shape,
    ) -> Result<Option<(Arc<SharedBrowser>, CdpConnection, String)>, CdtError> {
        let mut browsers = self.browsers.lock().await;
        browsers.retain(|b| b.is_alive());
        let Some(browser) = self
            .with_room(&browsers, shape)
            .max_by_key(|b| b.contexts())
            .cloned()
        else {
            return Ok(None);
        };
        let created = browser
            .connection
            .call("Target.createBrowserContext", json!({}), None)
            .await?;
        let context = str_field(&created, "browserContextId").to_string();
        if context.is_empty() {
            return Err(CdtError::new(
                ErrorCode::ProtocolError,
                "the shared browser created a browser context without an id",
            )
            .hinted(
                "Retry; or use a browser of its own: cdt session start --browser-mode dedicated",
            ));
        }
        let view = browser.connection.context_view(&context);
        Ok(Some((browser, view, context)))
    }

    /// The live shared browsers of `shape` with room for another context.
    fn with_room<'a>(
        &self,
        browsers: &'a [Arc<SharedBrowser>],
        shape: &'a Shape,
    ) -> impl Iterator<Item = &'a Arc<SharedBrowser>> {
        let per_browser = self.per_browser;
        browsers
            .iter()
            .filter(move |b| b.serves(shape) && b.contexts() < per_browser)
    }

    async fn has_room(&self, shape: &Shape) -> bool {
        self.with_room(&self.browsers.lock().await, shape)
            .next()
            .is_some()
    }

    /// Starts a shared browser of `spec`'s shape (its own profile, never a context's).
    async fn start(&self, spec: &LaunchSpec) -> Result<Arc<SharedBrowser>, CdtError> {
        let name = format!("shared-{}", self.next_name.fetch_add(1, Ordering::SeqCst));
        let dir = self.dir.join(&name);
        let _ = std::fs::remove_dir_all(&dir);
        let own = LaunchSpec {
            profile_dir: dir.join("profile"),
            log_file: dir.join("browser.log"),
            extra_args: Vec::new(),
            chrome_path: None,
            ..spec.clone()
        };
        if let Err(error) = std::fs::create_dir_all(&dir) {
            return Err(CdtError::new(
                ErrorCode::BrowserLaunchFailed,
                format!("cannot create {}: {error}", dir.display()),
            )
            .hinted("Check the disk under CDT_HOME has room"));
        }
        let started = match start_chromium(&own).await {
            Ok(started) => started,
            Err(error) => {
                // A browser that did not start leaves no directory behind (removed off the
                // runtime's threads: a file still held is waited for).
                let gone = dir.clone();
                tokio::task::spawn_blocking(move || remove_dir(&gone));
                return Err(error);
            }
        };
        // Discovery on from the start, so every target's browser context is known before any
        // context sees a reply naming it.
        let discover = json!({ "discover": true });
        if let Err(error) = started
            .connection
            .call("Target.setDiscoverTargets", discover, None)
            .await
        {
            let gone = dir.clone();
            started.process.kill_then(move || remove_dir(&gone));
            return Err(error);
        }
        tracing::info!(name, pid = started.pid, "started a shared browser");
        Ok(Arc::new(SharedBrowser {
            name,
            shape: Shape::of(spec),
            connection: started.connection,
            process: started.process,
            pid: started.pid,
            executable: started.executable.display().to_string(),
            dir,
            closed: AtomicBool::new(false),
            waiting: AtomicUsize::new(0),
        }))
    }

    /// Starts the next shared browser in the background once those of this shape are three
    /// quarters full, so the contexts that come next need not wait for one.
    fn start_ahead(self: &Arc<Self>, spec: &LaunchSpec) {
        let (pool, spec) = (self.clone(), spec.clone());
        tokio::spawn(async move {
            let shape = Shape::of(&spec);
            if !pool.filling(&pool.browsers.lock().await, &shape) {
                return;
            }
            let Ok(_starting) = pool.starting.try_lock() else {
                return;
            };
            if !pool.filling(&pool.browsers.lock().await, &shape) {
                return;
            }
            match pool.start(&spec).await {
                Ok(browser) => {
                    pool.browsers.lock().await.push(browser);
                    // Its contexts may all have left while it started.
                    pool.tidy().await;
                }
                Err(error) => tracing::warn!(%error, "cannot start a shared browser ahead of need"),
            }
        });
    }

    /// Whether the shared browsers of `shape` are three quarters full, so the next one should
    /// be started (or kept) ahead of need.
    fn filling(&self, browsers: &[Arc<SharedBrowser>], shape: &Shape) -> bool {
        let live = browsers.iter().filter(|b| b.serves(shape));
        let (used, room) = live.fold((0, 0), |(used, room), b| {
            let contexts = b.contexts();
            (
                used + contexts,
                room + self.per_browser.saturating_sub(contexts),
            )
        });
        used > 0 && room * 4 <= self.per_browser
    }

    /// Closes the shared browsers without contexts, but for one per shape kept ahead of need
    /// while the others of that shape are filling up.
    async fn tidy(&self) {
        let mut browsers = self.browsers.lock().await;
        // Whether to keep a spare is judged by the browsers in use only.
        let busy: Vec<Arc<SharedBrowser>> = browsers
            .iter()
            .filter(|b| b.is_alive() && b.in_use() > 0)
            .cloned()
            .collect();
        let mut kept: Vec<Arc<SharedBrowser>> = Vec::new();
        for browser in browsers.iter().filter(|b| b.is_alive()) {
            let empty = browser.in_use() == 0;
            let spare = empty
                && !kept
                    .iter()
                    .any(|k| k.shape == browser.shape && k.in_use() == 0)
                && self.filling(&busy, &browser.shape);
            if !empty || spare {
                kept.push(browser.clone());
            } else {
                tracing::info!(name = browser.name, "closing an unused shared browser");
                browser.close();
            }
        }
        *browsers = kept;
        drop(browsers);
        // The contexts kept ready in a closed browser go with it.
        let gone: Vec<Ready> = {
            let mut ready = lock(&self.ready);
            let (gone, live) = ready
                .drain(..)
                .partition(|r| r.browser.closed.load(Ordering::SeqCst));
            *ready = live;
            gone
        };
        drop(gone);
    }
}
