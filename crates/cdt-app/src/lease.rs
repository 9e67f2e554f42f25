//! LeaseManager (SPEC §4.3): decides when a slot's lease has ended — its owner process died
//! (process-keyed contexts only), it sat idle past the timeout, or its browser went away — and
//! runs the janitor that reaps such slots. Also cleans what a previous daemon left behind.

use std::sync::Arc;
use std::time::Duration;

use cdt_domain::ports::ContextFile;
use cdt_domain::{ContextSource, ErrorCode};

use crate::lifecycle::{EndReason, shut_down};
use crate::runtime::Runtime;
use crate::slot::Slot;

/// The lease verdict for one slot. Idle time is measured on the monotonic clock: a wall clock
/// stepped forward never ends a lease early, one stepped back never keeps it past its time.
pub fn verdict(runtime: &Runtime, slot: &Slot) -> Option<EndReason> {
    if slot.in_flight() > 0 {
        return None;
    }
    let Some(browser) = slot.any_browser() else {
        return Some(EndReason::Unused);
    };
    if !browser.is_connected() {
        return Some(EndReason::BrowserGone);
    }
    let owner_gone = slot.context.source == ContextSource::Process
        && slot
            .context
            .owner
            .as_ref()
            .is_some_and(|owner| !runtime.deps.processes.is_alive(owner));
    if owner_gone {
        return Some(EndReason::OwnerExited);
    }
    (slot.idle_ms(runtime.deps.clock.as_ref()) > runtime.config.idle_timeout_ms)
        .then_some(EndReason::IdleTimeout)
}

/// One janitor pass; returns what it reaped.
pub async fn sweep(runtime: &Arc<Runtime>) -> Vec<(String, EndReason)> {
    let mut reaped = Vec::new();
    for slot in runtime.registry.all() {
        let Some(reason) = verdict(runtime, &slot) else {
            continue;
        };
        // Skip a slot that is starting or stopping right now; the next pass sees it again.
        let Ok(_life) = slot.lifecycle.clone().try_lock_owned() else {
            continue;
        };
        if verdict(runtime, &slot) != Some(reason) {
            continue;
        }
        // Decided and retired under the routing lock: a request routed meanwhile keeps the slot.
        if !runtime.registry.retire_if_idle(&slot) {
            continue;
        }
        if reason == EndReason::Unused {
            continue;
        }
        shut_down(runtime, &slot, reason).await;
        reaped.push((slot.key.to_string(), reason));
    }
    reaped
}

/// Runs [`sweep`] every `janitor_interval_ms` until shutdown.
pub fn spawn_janitor(runtime: Arc<Runtime>) -> tokio::task::JoinHandle<()> {
    let mut shutdown = runtime.shutdown_signal();
    tokio::spawn(async move {
        let mut ticker = tokio::time::interval(Duration::from_millis(
            runtime.config.janitor_interval_ms.max(50),
        ));
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = ticker.tick() => {
                    for (context, reason) in sweep(&runtime).await {
                        tracing::info!(%context, reason = reason.as_str(), "lease ended");
                    }
                }
                _ = shutdown.changed() => return,
            }
        }
    })
}

/// Kills browsers a previous daemon left running (e.g. after `kill -9`) and removes the files of
/// its ephemeral contexts. Returns how many browsers were killed.
pub fn recover_leftovers(runtime: &Runtime) -> usize {
    let store = &runtime.deps.store;
    let mut killed = 0;
    for key in store.contexts() {
        let state = store.read(&key, ContextFile::State).unwrap_or_default();
        if state["status"] == "running" {
            let pid = state["browserPid"]
                .as_u64()
                .and_then(|p| u32::try_from(p).ok());
            let start = state["browserStartTime"].as_u64();
            if let (Some(pid), Some(start)) = (pid, start)
                && runtime.deps.processes.kill_group(pid, start)
            {
                killed += 1;
                tracing::info!(context = %key, pid, "killed a leftover browser");
            }
        }
        let ephemeral = store
            .read(&key, ContextFile::Metadata)
            .is_some_and(|m| m["ephemeral"] == true);
        let result = if ephemeral {
            store.remove_context(&key, true)
        } else if state["status"] == "running" {
            store.write(
                &key,
                ContextFile::State,
                &serde_json::json!({ "status": "stopped", "reason": "daemon restarted" }),
            )
        } else {
            Ok(())
        };
        if let Err(error) = result {
            tracing::warn!(context = %key, code = ?ErrorCode::InternalError, %error, "cannot tidy a leftover context");
        }
    }
    killed
}
