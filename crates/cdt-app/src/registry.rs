//! ContextRegistry and SlotRouter: context key → slot, with the slot limit (SPEC §4.3): past
//! it, the least recently used idle slot is evicted, or the start fails.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use cdt_domain::emulation::EmulationSettings;
use cdt_domain::ports::Clock;
use cdt_domain::{Access, ContextKey, ResolvedContext, Warning};

use crate::slot::{InFlight, Slot};
use crate::sync::lock;
use crate::telemetry::TelemetryStore;

/// How many ended contexts' notices are kept for their next command (oldest dropped first).
const MAX_ENDED: usize = 1024;

/// A context whose browser ended without being asked to, waiting for its next command.
struct Ended {
    warning: Warning,
    restarts: u32,
    /// The emulation the ended browser had, for the next one.
    emulation: Option<EmulationSettings>,
    at_ms: u64,
}

/// How many contexts may run, and how much memory they may take.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_slots: usize,
    pub memory_budget_kib: u64,
}

/// Room for one more browser under the slot limit.
pub enum Room {
    Free,
    /// After evicting this least recently used idle slot.
    Evict(Arc<Slot>),
    /// Every slot is busy.
    Full,
}

#[derive(Default)]
pub struct Registry {
    slots: Mutex<HashMap<ContextKey, Arc<Slot>>>,
    ended: Mutex<HashMap<ContextKey, Ended>>,
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
        clock: &dyn Clock,
        access: Access,
        telemetry: impl FnOnce() -> Arc<TelemetryStore>,
    ) -> (Arc<Slot>, InFlight) {
        let mut slots = lock(&self.slots);
        let slot = slots
            .entry(context.key.clone())
            .or_insert_with(|| {
                let slot = Slot::new(context.clone(), clock, telemetry());
                // A browser that ended on its own is reported to the context's next command.
                if let Some(ended) = lock(&self.ended).remove(&context.key) {
                    slot.note_restart(ended.restarts, ended.warning);
                    slot.carry_emulation(ended.emulation);
                }
                Arc::new(slot)
            })
            .clone();
        let in_flight = match access {
            Access::Active => slot.begin(clock.monotonic_ms()),
            Access::Passive => slot.begin_passive(),
        };
        (slot, in_flight)
    }

    /// Remembers that a context's browser ended without being asked to, so its next command
    /// is told (`warning`) and its restart count goes on.
    pub fn remember_end(
        &self,
        key: &ContextKey,
        warning: Warning,
        restarts: u32,
        emulation: Option<EmulationSettings>,
        now_ms: u64,
    ) {
        let mut ended = lock(&self.ended);
        if ended.len() >= MAX_ENDED
            && let Some(oldest) = ended
                .iter()
                .min_by_key(|(_, e)| e.at_ms)
                .map(|(k, _)| k.clone())
        {
            ended.remove(&oldest);
        }
        ended.insert(
            key.clone(),
            Ended {
                warning,
                restarts,
                emulation,
                at_ms: now_ms,
            },
        );
    }

    /// The restart count of a context that has no slot right now.
    pub fn ended_restarts(&self, key: &ContextKey) -> Option<u32> {
        lock(&self.ended).get(key).map(|e| e.restarts)
    }

    /// Forgets an ended context (it was stopped or restarted on request since).
    pub fn forget_end(&self, key: &ContextKey) {
        lock(&self.ended).remove(key);
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

    /// Before `key` starts a browser, with `starting` other browsers starting and
    /// `wanted_kib` for them and this one (they count toward the limits too): whether there is
    /// room, the least recently used idle slot to evict, or none (every slot is busy).
    pub fn choose_eviction(
        &self,
        key: &ContextKey,
        limits: Limits,
        starting: usize,
        wanted_kib: u64,
    ) -> Room {
        let running: Vec<Arc<Slot>> = self
            .running()
            .into_iter()
            .filter(|slot| &slot.key != key)
            .collect();
        let used_kib: u64 = running.iter().map(|slot| slot.footprint().kib()).sum();
        if running.len() + starting < limits.max_slots
            && used_kib.saturating_add(wanted_kib) <= limits.memory_budget_kib
        {
            return Room::Free;
        }
        running
            .into_iter()
            .filter(|slot| slot.in_flight() == 0)
            .min_by_key(|slot| slot.last_active_mono_ms())
            .map_or(Room::Full, Room::Evict)
    }
}
