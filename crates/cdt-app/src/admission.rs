//! Admission under load (issue 19.4): how many contexts may run at once (the slot limit,
//! `CDT_MAX_SLOTS`, and the memory budget, each context counted at what its kind costs: see
//! [`Footprint`]) and how many browsers may start at once (`CDT_MAX_LAUNCHES`).
//!
//! Many agents arriving together each need a browser. Started all at once on a small machine,
//! fifty Chromium launches share two cores and every one of them runs out of its budget. So a
//! start first takes a **place** (a browser that is starting counts toward the slot limit from
//! that moment, not only once it runs; past the limit the least recently used idle slot is
//! evicted, and with none idle the start is refused as `SLOT_LIMIT_REACHED`, retryable, with
//! `retryAfterMs`), then waits for its **turn** to launch: at most `max_launches` launches run at
//! once and the others wait in arrival order, each within its own budget.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use cdt_domain::{CdtError, ContextKey, ErrorCode};
use serde_json::json;
use tokio::sync::{Semaphore, SemaphorePermit};
use tokio::time::Instant;

use crate::registry::{Limits, Registry, Room};
use crate::slot::Footprint;
use crate::slot::Slot;
use crate::sync::lock;

/// What a refused start suggests waiting before trying again: a busy slot's command usually
/// ends within a second, and its slot can then be evicted.
pub const RETRY_AFTER_MS: u64 = 1000;

pub struct Admission {
    /// Launches running now; the rest wait for a permit in arrival order (tokio's semaphore is
    /// fair).
    launches: Semaphore,
    max_launches: usize,
    /// Contexts whose browser is starting: they hold a place under the slot limit already.
    starting: Mutex<HashMap<ContextKey, Footprint>>,
}

/// A place under the slot limit, held while a browser starts (once it runs, its slot counts).
pub struct Place<'a> {
    admission: &'a Admission,
    key: ContextKey,
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        lock(&self.admission.starting).remove(&self.key);
    }
}

/// What taking a place found.
pub enum Reserve<'a> {
    Taken(Place<'a>),
    /// The slot limit is reached: evict this idle slot first.
    Evict(Arc<Slot>),
}

impl Admission {
    pub fn new(max_launches: usize) -> Admission {
        let max_launches = max_launches.max(1);
        Admission {
            launches: Semaphore::new(max_launches),
            max_launches,
            starting: Mutex::default(),
        }
    }

    pub fn max_launches(&self) -> usize {
        self.max_launches
    }

    /// Browsers starting now, and starts waiting for their turn.
    pub fn starting(&self) -> usize {
        lock(&self.starting).len()
    }

    /// A place for `key`'s browser under the limits (counting running contexts and those
    /// starting), or the idle slot to evict for it; `SLOT_LIMIT_REACHED` when every slot is
    /// busy.
    pub fn reserve<'a>(
        &'a self,
        registry: &Registry,
        key: &ContextKey,
        footprint: Footprint,
        limits: Limits,
    ) -> Result<Reserve<'a>, CdtError> {
        let max_slots = limits.max_slots;
        let mut starting = lock(&self.starting);
        let others: Vec<Footprint> = starting
            .iter()
            .filter(|(k, _)| *k != key)
            .map(|(_, f)| *f)
            .collect();
        let wanted_kib = footprint.kib() + others.iter().map(|f| f.kib()).sum::<u64>();
        let others = others.len();
        match registry.choose_eviction(key, limits, others, wanted_kib) {
            Room::Free => {
                starting.insert(key.clone(), footprint);
                Ok(Reserve::Taken(Place {
                    admission: self,
                    key: key.clone(),
                }))
            }
            Room::Evict(victim) => Ok(Reserve::Evict(victim)),
            Room::Full => Err(CdtError::new(
                ErrorCode::SlotLimitReached,
                format!(
                    "no room for another context: at most {max_slots} and {} MiB, and every running one is busy ({others} starting)",
                    limits.memory_budget_kib / 1024
                ),
            )
            .with_details(json!({ "maxSlots": max_slots, "memoryBudgetMib": limits.memory_budget_kib / 1024, "retryAfterMs": RETRY_AFTER_MS }))
            .hinted("Retry in a moment: cdt session list shows what runs")
            .hinted("Raise the limit: CDT_MAX_SLOTS=32 (then cdt daemon stop)")),
        }
    }

    /// Waits for a turn to launch, in arrival order, until `until`.
    pub async fn turn(&self, until: Instant) -> Result<SemaphorePermit<'_>, CdtError> {
        match tokio::time::timeout_at(until, self.launches.acquire()).await {
            Ok(Ok(permit)) => Ok(permit),
            Ok(Err(_closed)) => Err(CdtError::new(
                ErrorCode::DaemonUnavailable,
                "the daemon is exiting",
            )
            .hinted("Retry the command: a new daemon starts on demand")),
            Err(_) => Err(CdtError::new(
                ErrorCode::Timeout,
                format!(
                    "waited the whole budget for a turn to start a browser ({} start at once; {} waiting or starting)",
                    self.max_launches,
                    self.starting()
                ),
            )
            .with_details(json!({ "maxLaunches": self.max_launches, "retryAfterMs": RETRY_AFTER_MS }))
            .hinted("Retry: the browsers ahead of this one are starting")
            .hinted("Or raise --timeout, or CDT_MAX_LAUNCHES (then cdt daemon stop)")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn launches_beyond_the_limit_wait_their_turn_in_order_within_their_budget() {
        let admission = Admission::new(1);
        let first = admission
            .turn(Instant::now() + std::time::Duration::from_secs(1))
            .await
            .expect("the first start has its turn at once");
        // The only turn is taken: a start whose budget ends first is refused, saying why.
        let refused = admission
            .turn(Instant::now() + std::time::Duration::from_millis(50))
            .await
            .expect_err("no turn is free");
        assert_eq!(refused.code, ErrorCode::Timeout);
        assert_eq!(refused.details["maxLaunches"], 1);
        drop(first);
        assert!(
            admission
                .turn(Instant::now() + std::time::Duration::from_millis(50))
                .await
                .is_ok()
        );
    }
}
