//! The slot lifecycle: the auto-start every page command relies on (`ensure_running`), the
//! launch or attach under the slot's lifecycle lock (evicting the least recently used idle slot
//! past the limit), and the stop that tidies a slot's files and tells its next command what was
//! lost. Runs on the [`Runtime`]: it is the one place that starts and ends browsers.

use crate::registry::Limits;
use crate::slot::Footprint;
use std::sync::Arc;

use cdt_domain::ops::op;
use cdt_domain::ports::{ContextFile, LaunchSpec};
use cdt_domain::{Access, CdtError, ErrorCode, PageInfo, ResolvedContext, Warning, WarningCode};
use serde_json::json;
use tokio::sync::OwnedMutexGuard;
use tokio::time::Instant;

use crate::admission::{Place, Reserve};
use crate::blocking;
use crate::runtime::Runtime;
use crate::slot::{InFlight, Slot, StartSettings};

/// Waits for the slot's lifecycle lock within the budget.
pub(crate) async fn lock_lifecycle(
    slot: &Slot,
    until: Instant,
) -> Result<OwnedMutexGuard<()>, CdtError> {
    tokio::time::timeout_at(until, slot.lifecycle.clone().lock_owned())
        .await
        .map_err(|_| {
            CdtError::new(
                ErrorCode::ContextLockTimeout,
                format!(
                    "context {} stayed busy (starting or stopping) for the whole budget",
                    slot.key
                ),
            )
            .hinted("Retry, or raise --timeout")
        })
}

/// The caller's slot with its lifecycle lock held, routing again if the slot was retired
/// while this request waited for the lock.
pub(crate) async fn route_locked(
    runtime: &Arc<Runtime>,
    context: &ResolvedContext,
    until: Instant,
) -> Result<(Arc<Slot>, InFlight, OwnedMutexGuard<()>), CdtError> {
    loop {
        let (slot, in_flight) = runtime.route(context);
        let life = lock_lifecycle(&slot, until).await?;
        if !slot.is_retired() {
            return Ok((slot, in_flight, life));
        }
    }
}

/// How long a launch waits for the context lock that a browser still shutting down holds (it
/// takes at most ~2.5 s to exit); past that, the lock belongs to someone else.
const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(4);

/// The context's lock file, waiting while the context's previous browser (reaped or evicted a
/// moment ago, its slot already gone) finishes shutting down and lets go of it.
async fn lock_context(
    runtime: &Runtime,
    slot: &Slot,
) -> Result<Box<dyn cdt_domain::ports::ContextLock>, CdtError> {
    let until = Instant::now() + LOCK_WAIT;
    loop {
        let (store, key) = (runtime.deps.store.clone(), slot.key.clone());
        let locked = blocking::run(move || {
            store.prepare(&key)?;
            store.lock_context(&key)
        })
        .await;
        match locked {
            Err(error) if error.code == ErrorCode::ContextLockTimeout && Instant::now() < until => {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            other => return other,
        }
    }
}

/// A place under the slot limit for the slot's browser, evicting the least recently used idle
/// slot when the limit is reached (see admission.rs).
async fn take_place<'a>(
    runtime: &'a Runtime,
    slot: &Slot,
    footprint: Footprint,
) -> Result<Place<'a>, CdtError> {
    let limits = Limits {
        max_slots: runtime.config.max_slots,
        memory_budget_kib: runtime.config.memory_budget_kib,
    };
    loop {
        let admission = &runtime.admission;
        match admission.reserve(&runtime.registry, &slot.key, footprint, limits)? {
            Reserve::Taken(place) => return Ok(place),
            // A victim that a request was routed to meanwhile is kept; choose again.
            Reserve::Evict(victim) => {
                if runtime.registry.retire_if_idle(&victim) {
                    tracing::info!(context = %victim.key, "evicting the least recently used idle slot");
                    shut_down(runtime, &victim, EndReason::Evicted).await;
                } else {
                    tokio::task::yield_now().await;
                }
            }
        }
    }
}

/// Launches or attaches the slot's browser, once it has a place under the slot limit and its
/// turn among the launches (both within the budget). The caller holds the lifecycle lock.
pub(crate) async fn launch_locked(
    runtime: &Arc<Runtime>,
    slot: &Slot,
    mut settings: StartSettings,
    until: Instant,
) -> Result<(), CdtError> {
    let mode = settings.mode_for(&slot.context)?;
    let _launching = runtime.launch_guard()?;
    let footprint = Footprint::of(settings.endpoint.is_some(), mode);
    let _place = take_place(runtime, slot, footprint).await?;
    let _turn = runtime.admission.turn(until).await?;
    let store = &runtime.deps.store;
    let lock_file = lock_context(runtime, slot).await?;
    let browser = match &settings.endpoint {
        Some(endpoint) => {
            runtime
                .deps
                .launcher
                .attach(endpoint, settings.allow_remote, slot.telemetry.clone())
                .await?
        }
        None => {
            let spec = LaunchSpec {
                headless: settings.headless,
                window_size: settings.window_size,
                chrome_path: settings.chrome_path.clone().map(Into::into),
                extra_args: settings.chrome_args.clone(),
                profile_dir: store.profile_dir(&slot.key),
                log_file: store.browser_log(&slot.key),
                mode,
            };
            runtime
                .deps
                .launcher
                .launch(&spec, slot.telemetry.clone())
                .await?
        }
    };
    let info = browser.info();
    let start_time = info
        .pid
        .and_then(|pid| runtime.deps.processes.start_time(pid));
    // A browser that replaces one that died starts with the emulation the context had.
    if let Some(emulation) = slot.take_carried_emulation()
        && let Err(error) = browser.set_emulation(&emulation).await
    {
        tracing::warn!(context = %slot.key, %error, "cannot re-apply the emulation after a restart");
    }
    // A browser cdt launched saves downloads into the context's artifacts (an attached one keeps
    // its owner's download behaviour).
    if settings.endpoint.is_none() {
        let (store, key) = (store.clone(), slot.key.clone());
        let dir = blocking::run(move || store.artifact_dir(&key, "downloads")).await;
        if let Err(error) = match dir {
            Ok(dir) => browser.set_download_dir(&dir).await,
            Err(error) => Err(error),
        } {
            tracing::warn!(context = %slot.key, %error, "downloads will not be saved");
        }
    }
    // The context's routes reach a browser that replaces one before any page of it loads.
    if let Err(error) = crate::route_table::install(&slot.routes, &browser).await {
        tracing::warn!(context = %slot.key, %error, "cannot re-install the context's routes");
    }
    if settings.endpoint.is_none() {
        settings.browser_mode = Some(mode.into());
    }
    let now = runtime.now();
    slot.install(browser, settings.clone(), Some(lock_file), now);
    let context = &slot.context;
    let writes = [
        (
            ContextFile::Metadata,
            json!({
                "context": slot.key, "source": context.source, "identity": context.identity,
                "ephemeral": context.source.is_ephemeral(), "createdAt": slot.created_ms,
            }),
        ),
        (ContextFile::Owner, json!({ "owner": context.owner })),
        (
            ContextFile::Lease,
            json!({ "lastSeenAt": now, "idleTimeoutMs": runtime.config.idle_timeout_ms }),
        ),
        (
            ContextFile::State,
            json!({
                "status": "running", "browserPid": info.pid, "browserStartTime": start_time, "attached": info.attached,
                "wsEndpoint": info.ws_endpoint, "headless": settings.headless, "startedAt": now,
            }),
        ),
    ];
    // Atomic writes sync to disk: off the async threads.
    let (store, key) = (store.clone(), slot.key.clone());
    let written = blocking::run(move || {
        for (file, value) in writes {
            store.write(&key, file, &value)?;
        }
        Ok(())
    })
    .await;
    if let Err(error) = written {
        // A full disk, say. A browser its state file does not name would outlive a daemon
        // crash (nothing would know to kill it): the start is undone, and fails whole.
        tracing::warn!(context = %slot.key, %error, "cannot record the browser; stopping it");
        slot.end_browser().await;
        return Err(error);
    }
    Ok(())
}

/// Why a slot's browser ended: written to the context's state file and told to its next command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// `session stop`.
    StoppedByRequest,
    /// `session restart`.
    Restarted,
    /// `daemon stop` (or a signal).
    DaemonStopped,
    /// Evicted for another context past the slot limit.
    Evicted,
    /// The owning process exited (process-keyed contexts).
    OwnerExited,
    /// Idle past the lease's timeout.
    IdleTimeout,
    /// The browser went away (crashed, killed, disconnected).
    BrowserGone,
    /// A slot that never got a browser (its start failed), with nothing in flight.
    Unused,
}

impl EndReason {
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::StoppedByRequest => "stopped by request",
            EndReason::Restarted => "restarted",
            EndReason::DaemonStopped => "daemon stopped",
            EndReason::Evicted => "evicted: slot limit reached",
            EndReason::OwnerExited => "owner process exited",
            EndReason::IdleTimeout => "idle timeout",
            EndReason::BrowserGone => "browser went away",
            EndReason::Unused => "unused",
        }
    }

    /// What the context's next command is told: a browser lost to a crash or to another
    /// context restarts, a lease that ran out expired; an end someone asked for is silent.
    pub fn notice(self) -> Notice {
        match self {
            EndReason::BrowserGone | EndReason::Evicted => Notice::BrowserRestarted,
            EndReason::IdleTimeout => Notice::LeaseExpired,
            EndReason::StoppedByRequest
            | EndReason::Restarted
            | EndReason::DaemonStopped
            | EndReason::OwnerExited
            | EndReason::Unused => Notice::Silent,
        }
    }
}

/// Whether the context's next command is told that its browser ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice {
    /// Ended on request (stop, restart, daemon stop) or with its owner: nothing to tell.
    Silent,
    /// The browser went away, or was evicted for another context: `BROWSER_RESTARTED`.
    BrowserRestarted,
    /// The context sat idle past its lease: `CONTEXT_LEASE_EXPIRED`.
    LeaseExpired,
}

/// The warning telling a context's next command that its browser ended, naming the pages lost.
fn restart_warning(reason: EndReason, pages: &[PageInfo], restarts: u32) -> Option<Warning> {
    let notice = reason.notice();
    let code = match notice {
        Notice::Silent => return None,
        Notice::BrowserRestarted => WarningCode::BrowserRestarted,
        Notice::LeaseExpired => WarningCode::ContextLeaseExpired,
    };
    let lost: Vec<String> = pages
        .iter()
        .map(|p| format!("{} {}", p.id, p.url))
        .collect();
    let lost_text = if lost.is_empty() {
        "no pages were open".to_string()
    } else {
        format!("pages lost: {}", lost.join(", "))
    };
    let what = match notice {
        Notice::LeaseExpired => "the context's lease expired and its browser was stopped",
        _ => "the context's browser ended",
    };
    Some(
        Warning::new(
            code,
            format!(
                "{what} ({}) since its last command; a new browser runs now; {lost_text}",
                reason.as_str()
            ),
        )
        .with_details(
            json!({ "reason": reason.as_str(), "pagesLost": pages, "restarts": restarts }),
        ),
    )
}

/// Stops the slot's browser, drops the slot and tidies its files (ephemeral contexts lose
/// their profile), whatever is in flight on it (an explicit stop or restart).
pub async fn reap(runtime: &Runtime, slot: &Arc<Slot>, reason: EndReason) {
    slot.retire();
    runtime.registry.remove(slot);
    runtime.registry.forget_end(&slot.key);
    shut_down(runtime, slot, reason).await;
}

/// Stops the browser of a slot already retired and removed from the registry, and tidies its
/// files. With a notice, the context's next command is told what was lost.
pub async fn shut_down(runtime: &Runtime, slot: &Arc<Slot>, reason: EndReason) {
    let restarts = slot.restarts() + 1;
    if let Some(warning) = restart_warning(reason, &slot.last_pages(), restarts) {
        let emulation = slot.any_browser().map(|browser| browser.emulation());
        runtime.registry.remember_end(
            &slot.key,
            warning,
            restarts,
            emulation,
            runtime.monotonic_ms(),
        );
    }
    slot.end_browser().await;
    // Removing a whole profile can take long: off the async threads, so other contexts'
    // commands never wait for it.
    let (store, key) = (runtime.deps.store.clone(), slot.key.clone());
    let ephemeral = slot.context.source.is_ephemeral();
    let state =
        json!({ "status": "stopped", "reason": reason.as_str(), "stoppedAt": runtime.now() });
    let result = blocking::run(move || {
        if ephemeral {
            store.remove_context(&key, true)
        } else {
            store.write(&key, ContextFile::State, &state)
        }
    })
    .await;
    if let Err(error) = result {
        tracing::warn!(context = %slot.key, %error, "cannot tidy the context's files");
    }
    tracing::info!(context = %slot.key, reason = reason.as_str(), "slot stopped");
}

/// The caller's slot if its browser runs, for a passive read: nothing starts, the lease is
/// left alone.
pub fn running(
    runtime: &Arc<Runtime>,
    context: &ResolvedContext,
) -> Result<(Arc<Slot>, InFlight), CdtError> {
    let (slot, in_flight) = runtime.route_as(context, Access::Passive);
    if slot.is_running() && !slot.is_retired() {
        return Ok((slot, in_flight));
    }
    Err(CdtError::new(
        ErrorCode::SessionNotFound,
        "no browser runs in this context (a background read starts none)",
    )
    .run::<op::SessionStart>(""))
}

/// The caller's slot with a running browser, auto-started with default settings if needed.
pub async fn ensure_running(
    runtime: &Arc<Runtime>,
    context: &ResolvedContext,
    until: Instant,
) -> Result<(Arc<Slot>, InFlight), CdtError> {
    let (slot, in_flight) = runtime.route(context);
    if slot.is_running() && !slot.is_retired() {
        return Ok((slot, in_flight));
    }
    drop(in_flight);
    let (slot, in_flight, _life) = route_locked(runtime, context, until).await?;
    if !slot.is_running() {
        // A browser that died is replaced with the settings it had.
        let settings = slot.settings().unwrap_or(StartSettings {
            headless: true,
            ..StartSettings::default()
        });
        let died = slot.any_browser().is_some();
        let pages = slot.last_pages();
        if let Some(emulation) = slot.end_browser().await {
            slot.carry_emulation(Some(emulation));
        }
        launch_locked(runtime, &slot, settings, until).await?;
        if died {
            let restarts = slot.restarts() + 1;
            let reason = EndReason::BrowserGone;
            if let Some(warning) = restart_warning(reason, &pages, restarts) {
                slot.note_restart(restarts, warning);
            }
        }
    }
    Ok((slot, in_flight))
}
