//! Daemon use cases: status (with metrics) and an orderly stop that leaves no browser behind.

use std::sync::Arc;

use cdt_domain::ops::{DaemonMemory, DaemonStatusReply, DaemonStopReply, TelemetryBounds};

use crate::dispatch::runtime_use_case;
use crate::lifecycle::{EndReason, reap};
use crate::runtime::Runtime;

runtime_use_case!(DaemonStatus, |runtime, _, params, _| Ok(status(
    runtime,
    params.verbose
)
.await));
runtime_use_case!(DaemonStop, |runtime, _, _, _| Ok(stop(runtime).await));

pub async fn status(runtime: &Arc<Runtime>, verbose: bool) -> DaemonStatusReply {
    let now = runtime.now();
    let running = runtime.registry.running();
    let mut out = DaemonStatusReply {
        pid: std::process::id(),
        version: cdt_domain::CDT_VERSION.to_string(),
        protocol: cdt_domain::PROTOCOL_VERSION,
        uptime_ms: now.saturating_sub(runtime.started_ms),
        socket: runtime.config.socket.clone(),
        home: runtime.config.home.clone(),
        slots: running.len(),
        max_slots: runtime.config.max_slots,
        max_launches: runtime.admission.max_launches(),
        starting: runtime.admission.starting(),
        idle_timeout_ms: runtime.config.idle_timeout_ms,
        requests: runtime.metrics.total_requests(),
        metrics: None,
        memory: None,
        sessions: None,
        telemetry: None,
    };
    if verbose {
        out.metrics = Some(runtime.metrics.snapshot());
        let processes = runtime.deps.processes.clone();
        let pid = std::process::id();
        let memory = crate::blocking::value(move || DaemonMemory {
            daemon_pss_kib: processes.pss_kib(pid),
            total_pss_kib: processes.tree_pss_kib(pid),
        })
        .await;
        out.memory = memory;
        out.sessions = Some(crate::session::list(runtime).sessions);
        out.telemetry = Some(telemetry_bounds(runtime, &running));
    }
    out
}

/// The bounds on telemetry memory and what they dropped or cut, over every running slot.
fn telemetry_bounds(runtime: &Runtime, running: &[Arc<crate::slot::Slot>]) -> TelemetryBounds {
    let config = &runtime.config.telemetry;
    let (mut ring_bytes, mut ring_dropped_for_bytes, mut cut_values, mut cdp_events_dropped) =
        (0, 0, 0, 0);
    for slot in running {
        let counts = slot.telemetry.counts();
        ring_bytes += counts["ringBytes"].as_u64().unwrap_or(0);
        ring_dropped_for_bytes += counts["ringDroppedForBytes"].as_u64().unwrap_or(0);
        cut_values += counts["cutValues"].as_u64().unwrap_or(0);
        cdp_events_dropped += slot.any_browser().map_or(0, |b| b.events_dropped());
    }
    TelemetryBounds {
        events_capacity: config.ring_capacity,
        events_max_bytes: config.ring_max_bytes,
        events_ttl_ms: config.ring_ttl_ms,
        ring_bytes,
        ring_dropped_for_bytes,
        cut_values,
        cdp_events_dropped,
        log_records_dropped: runtime
            .deps
            .telemetry_log
            .as_ref()
            .map_or(0, |log| log.dropped()),
    }
}

/// Stops every slot (killing launched browsers), then signals the daemon to exit. The reply is
/// sent only after the browsers are gone.
pub async fn stop(runtime: &Arc<Runtime>) -> DaemonStopReply {
    let slots = runtime.registry.all();
    let stopped = slots
        .iter()
        .filter(|slot| slot.any_browser().is_some())
        .count();
    let reaps = slots.iter().map(|slot| async move {
        let _life = slot.lifecycle.lock().await;
        reap(runtime, slot, EndReason::DaemonStopped).await;
    });
    futures_join_all(reaps).await;
    runtime.request_shutdown();
    DaemonStopReply {
        stopping: true,
        sessions_stopped: stopped,
    }
}

/// Runs futures concurrently to completion (a tiny join_all over tokio tasks' semantics).
async fn futures_join_all<F: std::future::Future<Output = ()>>(
    futures: impl IntoIterator<Item = F>,
) {
    let mut pinned: Vec<std::pin::Pin<Box<F>>> = futures.into_iter().map(Box::pin).collect();
    std::future::poll_fn(|cx| {
        pinned.retain_mut(|future| future.as_mut().poll(cx).is_pending());
        if pinned.is_empty() {
            std::task::Poll::Ready(())
        } else {
            std::task::Poll::Pending
        }
    })
    .await;
}
