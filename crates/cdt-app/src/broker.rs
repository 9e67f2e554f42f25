//! The broker: resolves the caller, routes to the slot, and runs one operation inside its
//! end-to-end budget (SPEC §7). When the budget runs out the operation's future is dropped —
//! which cancels its work — and `TIMEOUT` is returned.

use std::sync::Arc;
use std::time::Duration;

use cdt_domain::ops::Operation;
use cdt_domain::ports::{BrowserLauncher, Clock, ProcessTable, SessionStorePort};
use cdt_domain::telemetry::TelemetryLog;
use cdt_domain::{CallerContext, CdtError, Deadline, ResolvedContext, Warning};
use serde_json::Value;
use tokio::sync::watch;
use tokio::time::Instant;

use crate::interact::{capture, dialog, element, input, observe, reading, runtime, snapshot};
use crate::metrics::Metrics;
use crate::registry::Registry;
use crate::resolver::ContextResolver;
use crate::slot::{InFlight, Slot};
use crate::telemetry::{TelemetryConfig, TelemetryStore};
use crate::{console, daemon, emulation, events, network, page, session, storage, trace};
use cdt_domain::storage::StorageArea;

/// The ports the broker drives.
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

pub struct Broker {
    pub deps: Deps,
    pub config: BrokerConfig,
    pub registry: Registry,
    pub metrics: Metrics,
    pub started_ms: u64,
    resolver: ContextResolver,
    shutdown: watch::Sender<bool>,
}

/// What one request produced, plus what the envelope's `meta` needs.
#[derive(Debug)]
pub struct Outcome {
    pub result: Result<Value, CdtError>,
    pub context: Option<String>,
    pub warnings: Vec<Warning>,
}

impl Broker {
    pub fn new(deps: Deps, config: BrokerConfig) -> Arc<Broker> {
        let started_ms = deps.clock.now_unix_ms();
        Arc::new(Broker {
            deps,
            config,
            registry: Registry::default(),
            metrics: Metrics::default(),
            started_ms,
            resolver: ContextResolver,
            shutdown: watch::channel(false).0,
        })
    }

    pub fn now(&self) -> u64 {
        self.deps.clock.now_unix_ms()
    }

    /// Turns true when the daemon should exit (after `daemon stop`).
    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.shutdown.subscribe()
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

    pub(crate) fn request_shutdown(&self) {
        self.shutdown.send_replace(true);
    }

    /// Runs one operation for one caller within its deadline.
    pub async fn handle(
        self: &Arc<Self>,
        operation: Operation,
        caller: &CallerContext,
        deadline: Deadline,
    ) -> Outcome {
        let clock_start = std::time::Instant::now();
        let name = operation.name();
        let now = self.now();
        let until = Instant::now() + Duration::from_millis(deadline.remaining_ms(now));
        let (result, context, warnings) = match self.resolver.resolve(caller, now) {
            Err(error) => (Err(error), None, Vec::new()),
            Ok(resolved) => {
                // A default budget grows while the context throttles CPU or network.
                let (until, budget_ms) = match operation.spec().default_timeout_ms {
                    default if default == deadline.budget_ms => {
                        let scale = emulation::budget_scale(self, &resolved);
                        let extra = (deadline.budget_ms as f64 * (scale - 1.0)) as u64;
                        (
                            until + Duration::from_millis(extra),
                            deadline.budget_ms + extra,
                        )
                    }
                    _ => (until, deadline.budget_ms),
                };
                let work = self.dispatch(operation, &resolved, until);
                let result = match tokio::time::timeout_at(until, work).await {
                    Ok(result) => result,
                    Err(_) => Err(CdtError::timeout(name, budget_ms)),
                };
                let mut warnings: Vec<Warning> = resolved.warning.into_iter().collect();
                // A browser that ended since this context's last command, told once.
                if let Some(slot) = self.registry.get(&resolved.key) {
                    warnings.extend(slot.take_notices());
                }
                let result = result.map(|mut data| {
                    // Use cases report warnings (e.g. ACTION_NO_EFFECT) under `__warnings`.
                    warnings.extend(Warning::take_from(&mut data));
                    data
                });
                (result, Some(resolved.key.to_string()), warnings)
            }
        };
        let micros = clock_start.elapsed().as_micros() as u64;
        self.metrics.record(name, micros, result.as_ref().map(drop));
        Outcome {
            result,
            context,
            warnings,
        }
    }

    async fn dispatch(
        self: &Arc<Self>,
        operation: Operation,
        context: &ResolvedContext,
        until: Instant,
    ) -> Result<Value, CdtError> {
        match operation {
            Operation::SessionStart(params) => session::start(self, context, &params, until).await,
            Operation::SessionStatus(params) => {
                Ok(session::status(self, context, params.verbose).await)
            }
            Operation::SessionStop(_) => session::stop(self, context).await,
            Operation::SessionRestart(params) => {
                session::restart(self, context, &params, until).await
            }
            Operation::SessionList(_) => Ok(session::list(self)),
            Operation::PageOpen(params) => page::open(self, context, &params, until).await,
            Operation::PageList(_) => page::list(self, context, until).await,
            Operation::PageUse(params) => page::use_page(self, context, params.id, until).await,
            Operation::PageClose(params) => page::close(self, context, params.id, until).await,
            Operation::PageNavigate(params) => page::navigate(self, context, &params, until).await,
            Operation::PageBack(params) => {
                reading::history(self, context, &params, -1, until).await
            }
            Operation::PageForward(params) => {
                reading::history(self, context, &params, 1, until).await
            }
            Operation::PageReload(params) => reading::reload(self, context, &params, until).await,
            Operation::PageResize(params) => reading::resize(self, context, &params, until).await,
            Operation::PageWaitText(params) => {
                reading::wait_text(self, context, &params, until).await
            }
            Operation::PageWaitSelector(params) => {
                reading::wait_selector(self, context, &params, until).await
            }
            Operation::PageWaitUrl(params) => {
                reading::wait_url(self, context, &params, until).await
            }
            Operation::PageWaitIdle(params) => {
                reading::wait_idle(self, context, &params, until).await
            }
            Operation::PageText(params) => {
                reading::read(self, context, &params, "readText", until).await
            }
            Operation::PageHtml(params) => {
                reading::read(self, context, &params, "readHtml", until).await
            }
            Operation::CaptureSnapshot(params) => {
                snapshot::capture(self, context, &params, until).await
            }
            Operation::CaptureScreenshot(params) => {
                capture::screenshot(self, context, &params, until).await
            }
            Operation::CapturePdf(params) => capture::pdf(self, context, &params, until).await,
            Operation::ElementClick(params) => {
                element::pointer(self, context, &params, "click", until).await
            }
            Operation::ElementDblclick(params) => {
                element::pointer(self, context, &params, "dblclick", until).await
            }
            Operation::ElementHover(params) => {
                element::pointer(self, context, &params, "hover", until).await
            }
            Operation::ElementDrag(params) => element::drag(self, context, &params, until).await,
            Operation::ElementFill(params) => {
                element::fill(self, context, &params, "fill", until).await
            }
            Operation::ElementFillForm(params) => {
                element::fill_form(self, context, &params, until).await
            }
            Operation::ElementSelect(params) => {
                element::fill(self, context, &params, "select", until).await
            }
            Operation::ElementCheck(params) => element::check(self, context, &params, until).await,
            Operation::ElementUpload(params) => {
                element::upload(self, context, &params, until).await
            }
            Operation::ElementClear(params) => {
                element::simple(self, context, &params, "clear", until).await
            }
            Operation::ElementFocus(params) => {
                element::simple(self, context, &params, "focus", until).await
            }
            Operation::ElementScrollIntoView(params) => {
                element::simple(self, context, &params, "scrollIntoView", until).await
            }
            Operation::ElementInspect(params) => {
                element::simple(self, context, &params, "inspect", until).await
            }
            Operation::ElementFind(params) => element::find(self, context, &params, until).await,
            Operation::InputKey(params) => input::key(self, context, &params, until).await,
            Operation::InputType(params) => input::type_text(self, context, &params, until).await,
            Operation::InputMouseMove(params) => {
                input::mouse(self, context, &params, "mouse-move", until).await
            }
            Operation::InputClick(params) => {
                input::mouse(self, context, &params, "click", until).await
            }
            Operation::InputMouseDown(params) => {
                input::mouse(self, context, &params, "mouse-down", until).await
            }
            Operation::InputMouseUp(params) => {
                input::mouse(self, context, &params, "mouse-up", until).await
            }
            Operation::InputDrag(params) => input::drag(self, context, &params, until).await,
            Operation::InputScroll(params) => input::scroll(self, context, &params, until).await,
            Operation::DialogHandle(params) => dialog::handle(self, context, &params, until).await,
            Operation::DialogStatus(params) => dialog::status(self, context, &params, until).await,
            Operation::RuntimeEval(params) => runtime::eval(self, context, &params, until).await,
            Operation::ObserveState(params) => observe::state(self, context, &params, until).await,
            Operation::ObserveTargets(params) => {
                observe::targets(self, context, &params, until).await
            }
            Operation::ConsoleList(params) => console::list(self, context, &params, until).await,
            Operation::ConsoleGet(params) => console::get(self, context, params.id, until).await,
            Operation::ConsoleWait(params) => console::wait(self, context, &params, until).await,
            Operation::ConsoleClear(params) => {
                console::clear(self, context, params.page, until).await
            }
            Operation::NetworkList(params) => network::list(self, context, &params, until).await,
            Operation::NetworkGet(params) => network::get(self, context, &params, until).await,
            Operation::NetworkBody(params) => network::body(self, context, &params, until).await,
            Operation::NetworkWait(params) => network::wait(self, context, &params, until).await,
            Operation::NetworkHar(params) => network::har(self, context, &params, until).await,
            Operation::NetworkClear(params) => {
                network::clear(self, context, params.page, until).await
            }
            Operation::EventsRead(params) => events::read(self, context, &params, until).await,
            Operation::EventsFiltersGet(_) => events::filters_get(self, context, until).await,
            Operation::EventsFiltersSet(params) => {
                events::filters_set(self, context, params, until).await
            }
            Operation::EmulationSet(params) => emulation::set(self, context, &params, until).await,
            Operation::EmulationReset(params) => {
                emulation::reset(self, context, &params, until).await
            }
            Operation::EmulationShow(_) => emulation::show(self, context, until).await,
            Operation::TraceStart(params) => trace::start(self, context, &params, until).await,
            Operation::TraceStop(params) => trace::stop(self, context, &params, until).await,
            Operation::TraceInsight(params) => trace::insight(self, context, &params, until).await,
            Operation::StorageCookiesList(params) => {
                storage::cookies_list(self, context, &params, until).await
            }
            Operation::StorageCookiesSet(params) => {
                storage::cookies_set(self, context, &params, until).await
            }
            Operation::StorageCookiesClear(params) => {
                storage::cookies_clear(self, context, &params, until).await
            }
            Operation::StorageLocalGet(params) => {
                storage::web_get(self, context, &params, StorageArea::Local, until).await
            }
            Operation::StorageLocalSet(params) => {
                storage::web_set(self, context, &params, StorageArea::Local, until).await
            }
            Operation::StorageLocalClear(params) => {
                storage::web_clear(self, context, &params, StorageArea::Local, until).await
            }
            Operation::StorageSessionGet(params) => {
                storage::web_get(self, context, &params, StorageArea::Session, until).await
            }
            Operation::StorageSessionSet(params) => {
                storage::web_set(self, context, &params, StorageArea::Session, until).await
            }
            Operation::StorageSessionClear(params) => {
                storage::web_clear(self, context, &params, StorageArea::Session, until).await
            }
            Operation::StorageSave(params) => storage::save(self, context, &params, until).await,
            Operation::StorageLoad(params) => storage::load(self, context, &params, until).await,
            Operation::DaemonStatus(params) => Ok(daemon::status(self, params.verbose).await),
            Operation::EventsClear(params) => {
                events::clear(self, context, params.page, until).await
            }
            Operation::EventsObserve(params) => {
                events::observe(self, context, &params, until).await
            }
            Operation::EventsUnobserve(params) => {
                events::unobserve(self, context, &params, until).await
            }
            Operation::DaemonStop(_) => Ok(daemon::stop(self).await),
        }
    }
}
