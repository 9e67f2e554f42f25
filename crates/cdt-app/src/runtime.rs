//! The daemon's runtime: its ports, settings, the registry of slots and the metrics — what
//! every request shares. Only the slot lifecycle (start, stop, reap, the janitor) and the
//! daemon-wide use cases see it whole; the dispatcher hands every other use case a narrow
//! context ([`crate::context`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use cdt_domain::ports::{BrowserLauncher, Clock, ProcessTable, SessionStorePort};
use cdt_domain::telemetry::TelemetryLog;
use cdt_domain::{Access, CdtError, ErrorCode, ResolvedContext};
use tokio::sync::watch;

use crate::admission::Admission;
use crate::metrics::Metrics;
use crate::registry::Registry;
use crate::slot::{InFlight, Slot};
use crate::telemetry::{TelemetryConfig, TelemetryStore};

/// The ports the daemon drives.
#[derive(Clone)]
pub struct Deps {
    pub launcher: Arc<dyn BrowserLauncher>,
    pub store: Arc<dyn SessionStorePort>,
    pub processes: Arc<dyn ProcessTable>,
    pub clock: Arc<dyn Clock>,
    /// Where finished telemetry records are persisted (none in tests).
    pub telemetry_log: Option<Arc<dyn TelemetryLog>>,
}

#[derive(Clone, Debug)]
pub struct BrokerConfig {
    pub idle_timeout_ms: u64,
    pub max_slots: usize,
    /// Memory the running contexts may take, in KiB, each counted at its kind's budget
    /// ([`crate::admission::Footprint`]).
    pub memory_budget_kib: u64,
    /// Browsers that may start at once (see admission.rs).
    pub max_launches: usize,
    pub janitor_interval_ms: u64,
    /// Shown by status commands.
    pub socket: String,
    pub home: String,
    pub telemetry: TelemetryConfig,
}

impl Default for BrokerConfig {
    fn default() -> Self {
        BrokerConfig {
            idle_timeout_ms: 30 * 60 * 1000,
            max_slots: 16,
            memory_budget_kib: u64::MAX,
            max_launches: 2,
            janitor_interval_ms: 2000,
            socket: String::new(),
            home: String::new(),
            telemetry: TelemetryConfig::default(),
        }
    }
}

/// Registry, slots, leases and the daemon's life: everything a request may route through.
pub struct Runtime {
    pub deps: Deps,
    pub config: BrokerConfig,
    pub registry: Registry,
    /// Places under the slot limit and turns to launch.
    pub admission: Admission,
    pub metrics: Metrics,
    pub started_ms: u64,
    shutdown: watch::Sender<bool>,
    /// Set while the daemon decides whether to retire for a client of another protocol: no
    /// browser may start meanwhile (see [`Runtime::retire_if_idle`]).
    retiring: AtomicBool,
    /// Browsers being launched right now (not yet in a slot).
    launching: AtomicUsize,
}

impl Runtime {
    pub fn new(deps: Deps, config: BrokerConfig) -> Runtime {
        let started_ms = deps.clock.now_unix_ms();
        Runtime {
            admission: Admission::new(config.max_launches),
            deps,
            config,
            registry: Registry::default(),
            metrics: Metrics::default(),
            started_ms,
            shutdown: watch::channel(false).0,
            retiring: AtomicBool::new(false),
            launching: AtomicUsize::new(0),
        }
    }

    /// Wall-clock milliseconds since the epoch: for what is shown or stored.
    pub fn now(&self) -> u64 {
        self.deps.clock.now_unix_ms()
    }

    /// Monotonic milliseconds: for what is measured (idle time, ends of listeners).
    pub fn monotonic_ms(&self) -> u64 {
        self.deps.clock.monotonic_ms()
    }

    /// Turns true when the daemon should exit (after `daemon stop`).
    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.shutdown.subscribe()
    }

    pub(crate) fn request_shutdown(&self) {
        self.shutdown.send_replace(true);
    }

    /// For a client of another protocol: exits (true) when no browser runs or is starting, so
    /// that a daemon of the client's own replaces this one and nobody's pages are lost; else
    /// keeps serving (false). A launch that begins meanwhile is refused as retryable.
    pub fn retire_if_idle(&self) -> bool {
        self.retiring.store(true, Ordering::SeqCst);
        let idle = self.launching.load(Ordering::SeqCst) == 0 && self.registry.running().is_empty();
        if idle {
            tracing::info!("retiring: a client of another protocol replaces this idle daemon");
            self.request_shutdown();
        } else {
            self.retiring.store(false, Ordering::SeqCst);
        }
        idle
    }

    /// Counts a browser launch from now until the guard drops; refused while the daemon
    /// retires.
    pub(crate) fn launch_guard(&self) -> Result<LaunchGuard<'_>, CdtError> {
        self.launching.fetch_add(1, Ordering::SeqCst);
        let guard = LaunchGuard(&self.launching);
        if self.retiring.load(Ordering::SeqCst) || *self.shutdown.borrow() {
            return Err(CdtError::new(
                ErrorCode::DaemonUnavailable,
                "the daemon is exiting (replaced by another cdt build, or stopped)",
            )
            .hinted("Retry the command: a new daemon starts on demand"));
        }
        Ok(guard)
    }

    /// The caller's slot (created if missing), with this request counted in flight.
    pub fn route(&self, context: &ResolvedContext) -> (Arc<Slot>, InFlight) {
        self.route_as(context, Access::Active)
    }

    /// [`Runtime::route`]; a passive read does not count as the context's activity.
    pub fn route_as(&self, context: &ResolvedContext, access: Access) -> (Arc<Slot>, InFlight) {
        self.registry
            .route(context, self.deps.clock.as_ref(), access, || {
                let log = self
                    .deps
                    .telemetry_log
                    .clone()
                    .map(|log| (log, context.key.clone()));
                Arc::new(TelemetryStore::new(
                    self.config.telemetry.clone(),
                    self.deps.clock.clone(),
                    log,
                ))
            })
    }
}

/// A browser launch in progress (see [`Runtime::launch_guard`]).
pub(crate) struct LaunchGuard<'a>(&'a AtomicUsize);

impl Drop for LaunchGuard<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}
