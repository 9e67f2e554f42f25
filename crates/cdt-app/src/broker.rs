//! The broker: resolves the caller, routes to the slot, and runs one operation inside its
//! end-to-end budget (SPEC §7). When the budget runs out the operation's future is dropped —
//! which cancels its work — and `TIMEOUT` is returned.

use std::sync::Arc;
use std::time::Duration;

use cdt_domain::ops::Operation;
use cdt_domain::time::COLD_START_ALLOWANCE_MS;
use cdt_domain::{Access, CallerContext, CdtError, Deadline, Warning};
use serde_json::Value;
use tokio::sync::watch;
use tokio::time::Instant;

use crate::resolver::ContextResolver;
use crate::runtime::Runtime;
pub use crate::runtime::{BrokerConfig, Deps};
use crate::{dispatch, emulation};

pub struct Broker {
    runtime: Arc<Runtime>,
    resolver: ContextResolver,
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
        Arc::new(Broker {
            runtime: Arc::new(Runtime::new(deps, config)),
            resolver: ContextResolver,
        })
    }

    /// The registry, slots and leases the broker routes through (the janitor runs on it).
    pub fn runtime(&self) -> &Arc<Runtime> {
        &self.runtime
    }

    /// Turns true when the daemon should exit (after `daemon stop`).
    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.runtime.shutdown_signal()
    }

    /// Runs one operation for one caller within its deadline.
    pub async fn handle(
        &self,
        operation: Operation,
        caller: &CallerContext,
        deadline: Deadline,
    ) -> Outcome {
        self.handle_as(operation, caller, deadline, Access::Active)
            .await
    }

    /// [`Broker::handle`], as a command or as a background read ([`Access::Passive`]).
    pub async fn handle_as(
        &self,
        operation: Operation,
        caller: &CallerContext,
        deadline: Deadline,
        access: Access,
    ) -> Outcome {
        let runtime = &self.runtime;
        let clock_start = std::time::Instant::now();
        let name = operation.name();
        let now = runtime.now();
        let until = Instant::now() + Duration::from_millis(deadline.remaining_ms(now));
        let (result, context, warnings) = match self.resolver.resolve(caller, now) {
            Err(error) => (Err(error), None, Vec::new()),
            Ok(resolved) => {
                let (until, budget_ms) = match operation.spec().default_timeout_ms {
                    default if default == deadline.budget_ms => {
                        let slot = runtime.registry.get(&resolved.key);
                        let extra = default_budget_stretch(slot.as_deref(), default, access);
                        (
                            until + Duration::from_millis(extra),
                            deadline.budget_ms + extra,
                        )
                    }
                    _ => (until, deadline.budget_ms),
                };
                let work = dispatch::run(runtime, operation, &resolved, until, access);
                let result = match tokio::time::timeout_at(until, work).await {
                    Ok(result) => result,
                    Err(_) => Err(CdtError::timeout(name, budget_ms)),
                };
                let mut warnings: Vec<Warning> = resolved.warning.into_iter().collect();
                // A browser that ended since this context's last command, told once.
                if let Some(slot) = runtime.registry.get(&resolved.key) {
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
        runtime
            .metrics
            .record(name, micros, result.as_ref().map(drop));
        Outcome {
            result,
            context,
            warnings,
        }
    }
}

/// How much a default budget of `default_ms` grows (given no `--timeout`): by the context's
/// throttling (see docs/emulation.md), and by [`COLD_START_ALLOWANCE_MS`] when an active
/// request finds no browser running and so starts one first (a Chromium launch on a busy
/// machine can take longer than a read's whole budget). Never past
/// [`MAX_BUDGET_SCALE`](cdt_domain::emulation::MAX_BUDGET_SCALE) times the default, which
/// is how long the client waits.
pub(crate) fn default_budget_stretch(
    slot: Option<&crate::slot::Slot>,
    default_ms: u64,
    access: Access,
) -> u64 {
    let throttled = (default_ms as f64 * (emulation::budget_scale(slot) - 1.0)) as u64;
    let cold = access == Access::Active && slot.and_then(crate::slot::Slot::browser).is_none();
    let launch = if cold { COLD_START_ALLOWANCE_MS } else { 0 };
    let most = (default_ms as f64 * (cdt_domain::emulation::MAX_BUDGET_SCALE - 1.0)) as u64;
    (throttled + launch).min(most)
}
