//! The daemon's runtime: its ports, settings, the registry of slots and the metrics — what
//! every request shares. Only the slot lifecycle (start, stop, reap, the janitor) and the
//! daemon-wide use cases see it whole; the dispatcher hands every other use case a narrow
//! context ([`crate::context`]).

use std::sync::Arc;

use cdt_domain::ResolvedContext;
use cdt_domain::ports::{BrowserLauncher, Clock, ProcessTable, SessionStorePort};
use cdt_domain::telemetry::TelemetryLog;
use tokio::sync::watch;

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
    pub metrics: Metrics,
    pub started_ms: u64,
    shutdown: watch::Sender<bool>,
}

impl Runtime {
    pub fn new(deps: Deps, config: BrokerConfig) -> Runtime {
        let started_ms = deps.clock.now_unix_ms();
        Runtime {
            deps,
            config,
            registry: Registry::default(),
            metrics: Metrics::default(),
            started_ms,
            shutdown: watch::channel(false).0,
        }
    }

    pub fn now(&self) -> u64 {
        self.deps.clock.now_unix_ms()
    }

    /// Turns true when the daemon should exit (after `daemon stop`).
    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.shutdown.subscribe()
    }

    pub(crate) fn request_shutdown(&self) {
        self.shutdown.send_replace(true);
    }

    /// The caller's slot (created if missing), with this request counted in flight.
    pub fn route(&self, context: &ResolvedContext) -> (Arc<Slot>, InFlight) {
        self.registry.route(context, self.now(), || {
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
