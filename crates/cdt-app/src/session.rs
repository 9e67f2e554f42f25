//! Session use cases: start (launch or attach), status, stop, restart, list. Starting and
//! ending browsers is [`crate::lifecycle`]'s; these decide when, with which settings.

use std::sync::Arc;

use cdt_domain::ops::op;
use cdt_domain::ops::{
    LeaseInfo, SessionBrowser, SessionInfo, SessionListReply, SessionMemory, SessionStartParams,
    SessionStartReply, SessionState, SessionStatusReply, SessionStopReply, SessionSummary,
    StatusContext, StatusDaemon,
};
use cdt_domain::{CdtError, ErrorCode, ResolvedContext};
use serde_json::json;
use tokio::time::Instant;

use crate::blocking;
use crate::dispatch::runtime_use_case;
use crate::lifecycle::{EndReason, launch_locked, lock_lifecycle, reap, route_locked};
use crate::runtime::Runtime;
use crate::slot::{Slot, StartSettings};

runtime_use_case!(SessionStart, |runtime, context, params, until| start(
    runtime, context, &params, until
)
.await);
runtime_use_case!(SessionStatus, |runtime, context, params, _| Ok(status(
    runtime,
    context,
    params.verbose
)
.await));
runtime_use_case!(SessionStop, |runtime, context, _, _| stop(runtime, context)
    .await);
runtime_use_case!(SessionRestart, |runtime, context, params, until| restart(
    runtime, context, &params, until
)
.await);
runtime_use_case!(SessionList, |runtime, _, _, _| Ok(list(runtime)));

fn describe(runtime: &Runtime, slot: &Slot) -> Option<SessionInfo> {
    let browser = slot.any_browser()?;
    let info = browser.info();
    let mode = info.mode();
    let settings = slot.settings().unwrap_or_default();
    let pages = slot.pages();
    Some(SessionInfo {
        status: if browser.is_connected() {
            SessionState::Running
        } else {
            SessionState::Disconnected
        },
        profile_dir: (!info.attached && info.shared.is_none()).then(|| {
            runtime
                .deps
                .store
                .profile_dir(&slot.key)
                .display()
                .to_string()
        }),
        browser: SessionBrowser {
            pid: info.pid,
            product: info.product,
            attached: info.attached,
            ws_endpoint: info.ws_endpoint,
            headless: settings.headless,
            executable: info.executable,
            mode,
            shared: info.shared,
        },
        pages: pages.len(),
        current_page: pages.current(),
        started_at: slot.started_ms(),
        restarts: slot.restarts(),
    })
}

/// The settings `params` ask for, with an attach endpoint checked against the remote-attach
/// guard (every endpoint, every time it is given).
async fn checked_settings(
    runtime: &Runtime,
    params: &SessionStartParams,
) -> Result<StartSettings, CdtError> {
    let settings = StartSettings::from_params(params)?;
    if let Some(endpoint) = &settings.endpoint {
        runtime
            .deps
            .launcher
            .check_endpoint(endpoint, settings.allow_remote)
            .await?;
    }
    Ok(settings)
}

pub async fn start(
    runtime: &Arc<Runtime>,
    context: &ResolvedContext,
    params: &SessionStartParams,
    until: Instant,
) -> Result<SessionStartReply, CdtError> {
    let settings = checked_settings(runtime, params).await?;
    let (slot, _in_flight, _life) = route_locked(runtime, context, until).await?;
    let started = if slot.is_running() {
        if slot
            .settings()
            .is_some_and(|running| running.conflicts_with(params))
        {
            return Err(CdtError::new(
                ErrorCode::SessionAlreadyRunning,
                format!(
                    "context {} already runs a browser with other settings",
                    slot.key
                ),
            )
            .with_details(json!({ "session": describe(runtime, &slot) }))
            .run_then::<op::SessionRestart>("", " (with the new flags)")
            .hinted("Or: cdt session stop, then cdt session start"));
        }
        false
    } else {
        slot.end_browser().await;
        launch_locked(runtime, &slot, settings, until).await?;
        true
    };
    Ok(SessionStartReply {
        context: slot.key.clone(),
        started,
        session: describe(runtime, &slot),
    })
}

pub async fn stop(
    runtime: &Arc<Runtime>,
    context: &ResolvedContext,
) -> Result<SessionStopReply, CdtError> {
    let slot = runtime
        .registry
        .get(&context.key)
        .filter(|slot| slot.any_browser().is_some())
        .ok_or_else(|| {
            CdtError::new(
                ErrorCode::SessionNotFound,
                format!("no browser session runs for context {}", context.key),
            )
            .with_details(json!({ "context": context.key, "resolvedFrom": context.identity }))
            .run_then::<op::SessionList>("", " (to see every running session)")
        })?;
    let _life = slot.lifecycle.lock().await;
    reap(runtime, &slot, EndReason::StoppedByRequest).await;
    Ok(SessionStopReply {
        context: slot.key.clone(),
        stopped: true,
    })
}

pub async fn restart(
    runtime: &Arc<Runtime>,
    context: &ResolvedContext,
    params: &SessionStartParams,
    until: Instant,
) -> Result<SessionStartReply, CdtError> {
    let previous = runtime
        .registry
        .get(&context.key)
        .and_then(|slot| slot.settings());
    // Flags not given keep the values the previous browser ran with.
    let mut merged = params.clone();
    if let Some(previous) = previous {
        merged.headless = merged.headless.or(Some(previous.headless));
        if merged.viewport.is_none() {
            merged.viewport = previous.window_size.map(|(w, h)| format!("{w}x{h}"));
        }
        if merged.browser_url.is_none() && merged.ws_endpoint.is_none() {
            // The inherited endpoint keeps the permission it was given with (and is checked
            // again below); a new endpoint is judged by this request's flags alone.
            merged.browser_url = previous.endpoint;
            merged.allow_remote = params.allow_remote || previous.allow_remote;
        }
        if merged.chrome_args.is_empty() {
            merged.chrome_args = previous.chrome_args;
        }
        merged.chrome_path = merged.chrome_path.or(previous.chrome_path);
    }
    // Everything is validated before the running browser is stopped.
    checked_settings(runtime, &merged).await?;
    if let Some(slot) = runtime.registry.get(&context.key) {
        let _life = lock_lifecycle(&slot, until).await?;
        reap(runtime, &slot, EndReason::Restarted).await;
    }
    start(runtime, context, &merged, until).await
}

pub async fn status(
    runtime: &Arc<Runtime>,
    context: &ResolvedContext,
    verbose: bool,
) -> SessionStatusReply {
    let slot = runtime.registry.get(&context.key);
    let restarts = slot
        .as_ref()
        .map(|slot| slot.restarts())
        .or_else(|| runtime.registry.ended_restarts(&context.key))
        .unwrap_or(0);
    let mut out = SessionStatusReply {
        restarts,
        context: StatusContext {
            key: context.key.clone(),
            source: context.source,
            identity: context.identity.clone(),
            warning: context.warning.clone(),
        },
        daemon: StatusDaemon {
            pid: std::process::id(),
            version: cdt_domain::CDT_VERSION.to_string(),
            socket: runtime.config.socket.clone(),
        },
        session: slot.as_ref().and_then(|slot| describe(runtime, slot)),
        lease: None,
        memory: None,
        telemetry: None,
    };
    if verbose && let Some(slot) = slot {
        let clock = runtime.deps.clock.as_ref();
        let idle_ms = slot.idle_ms(clock);
        let owner_alive = slot
            .context
            .owner
            .as_ref()
            .map(|owner| runtime.deps.processes.is_alive(owner));
        out.lease = Some(LeaseInfo {
            last_seen_at: slot.last_seen_unix_ms(clock),
            idle_ms,
            idle_timeout_ms: runtime.config.idle_timeout_ms,
            expires_in_ms: runtime.config.idle_timeout_ms.saturating_sub(idle_ms),
            owner: slot.context.owner.clone(),
            owner_alive,
            in_flight: slot.in_flight().saturating_sub(1),
            ephemeral: slot.context.source.is_ephemeral(),
        });
        let info = slot.any_browser().map(|b| b.info()).unwrap_or_default();
        let contexts = info.shared.as_ref().map_or(1, |s| s.contexts.max(1));
        let processes = runtime.deps.processes.clone();
        let pss = match info.pid {
            Some(pid) => blocking::value(move || processes.tree_pss_kib(pid))
                .await
                .flatten(),
            None => None,
        };
        out.memory = Some(SessionMemory {
            browser_pss_kib: pss,
            contexts_in_browser: contexts,
            context_pss_kib: pss.map(|kib| kib / contexts as u64),
        });
        out.telemetry = Some(slot.telemetry.counts());
    }
    out
}

pub fn list(runtime: &Arc<Runtime>) -> SessionListReply {
    let clock = runtime.deps.clock.as_ref();
    let sessions = runtime
        .registry
        .running()
        .iter()
        .map(|slot| {
            let info = slot.any_browser().map(|b| b.info()).unwrap_or_default();
            SessionSummary {
                context: slot.key.clone(),
                source: slot.context.source,
                identity: slot.context.identity.clone(),
                pid: info.pid,
                attached: info.attached,
                connected: slot.is_running(),
                pages: slot.pages().len(),
                last_seen_at: slot.last_seen_unix_ms(clock),
                idle_ms: slot.idle_ms(clock),
                in_flight: slot.in_flight(),
            }
        })
        .collect();
    SessionListReply {
        sessions,
        max_slots: runtime.config.max_slots,
    }
}
