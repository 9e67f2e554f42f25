//! ContextRegistry and SlotRouter: context key → slot, with the slot limit (SPEC §4.3): past
//! it, the least recently used idle slot is evicted, or the start fails.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use cdt_domain::{CdtError, ContextKey, ErrorCode, ResolvedContext};

use crate::slot::{InFlight, Slot, lock};
use crate::telemetry::TelemetryStore;

#[derive(Default)]
pub struct Registry {
    slots: Mutex<HashMap<ContextKey, Arc<Slot>>>,
}

impl Registry {
    pub fn get(&self, key: &ContextKey) -> Option<Arc<Slot>> {
        lock(&self.slots).get(key).cloned()
    }

    /// The slot of a context, created (without a browser) if missing, with this request
    /// counted in flight — atomically, so the janitor never reaps a slot being routed to.
    pub fn route(
        &self,
        context: &ResolvedContext,
        now_ms: u64,
        telemetry: impl FnOnce() -> Arc<TelemetryStore>,
    ) -> (Arc<Slot>, InFlight) {
        let mut slots = lock(&self.slots);
        let slot = slots
            .entry(context.key.clone())
            .or_insert_with(|| Arc::new(Slot::new(context.clone(), now_ms, telemetry())))
            .clone();
        let in_flight = slot.begin(now_ms);
        (slot, in_flight)
    }

    /// Removes exactly this slot (not a newer one under the same key).
    pub fn remove(&self, slot: &Arc<Slot>) {
        let mut slots = lock(&self.slots);
        if slots
            .get(&slot.key)
            .is_some_and(|known| Arc::ptr_eq(known, slot))
        {
            slots.remove(&slot.key);
        }
    }

    /// Retires and removes the slot only if no request is in flight on it, under the lock that
    /// routing takes: no request can be routed to it in between, and one already routed keeps
    /// it. Returns whether it did (the caller then shuts the slot down).
    pub fn retire_if_idle(&self, slot: &Arc<Slot>) -> bool {
        let mut slots = lock(&self.slots);
        let idle = slot.in_flight() == 0
            && slots
                .get(&slot.key)
                .is_some_and(|known| Arc::ptr_eq(known, slot));
        if idle {
            slot.retire();
            slots.remove(&slot.key);
        }
        idle
    }

    /// Every slot, ordered by key (deterministic listings).
    pub fn all(&self) -> Vec<Arc<Slot>> {
        let mut slots: Vec<Arc<Slot>> = lock(&self.slots).values().cloned().collect();
        slots.sort_by(|a, b| a.key.cmp(&b.key));
        slots
    }

    pub fn running(&self) -> Vec<Arc<Slot>> {
        self.all()
            .into_iter()
            .filter(|slot| slot.any_browser().is_some())
            .collect()
    }

    /// Before `key` starts a browser: `Ok(None)` if there is room, `Ok(Some(victim))` for the
    /// least recently used idle slot to evict, or `SLOT_LIMIT_REACHED`.
    pub fn choose_eviction(
        &self,
        key: &ContextKey,
        max_slots: usize,
    ) -> Result<Option<Arc<Slot>>, CdtError> {
        let running: Vec<Arc<Slot>> = self
            .running()
            .into_iter()
            .filter(|slot| &slot.key != key)
            .collect();
        if running.len() < max_slots {
            return Ok(None);
        }
        let victim = running
            .into_iter()
            .filter(|slot| slot.in_flight() == 0)
            .min_by_key(|slot| slot.last_seen_ms());
        match victim {
            Some(victim) => Ok(Some(victim)),
            None => Err(CdtError::new(
                ErrorCode::SlotLimitReached,
                format!("all {max_slots} browser slots are busy"),
            )
            .with_details(serde_json::json!({ "maxSlots": max_slots }))
            .hinted("Retry in a moment: cdt session list shows what runs")
            .hinted("Raise the limit: CDT_MAX_SLOTS=32 (then cdt daemon stop)")),
        }
    }
}
