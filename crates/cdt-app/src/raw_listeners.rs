//! The raw CDP listeners of a context (`cdt cdp listen`): each keeps the events of the names it
//! was given in a bounded buffer until a poll takes them, and ends after its count or time, when
//! nobody polled it for [`IDLE_MS`], or with the slot's browser. A leaf: only data and a wait.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use cdt_domain::raw_cdp::RawCdpEvent;

use crate::sync::lock;

/// Events a listener keeps before it drops the oldest (and counts them).
pub const CAPACITY: usize = 10_000;
/// A listener nobody polled for this long ends.
pub const IDLE_MS: u64 = 30_000;
/// Listeners a context may have at once (the least recently polled goes first).
pub const MAX_LISTENERS: usize = 8;

/// What a listener has gathered since the last poll.
#[derive(Default)]
pub struct Buffer {
    pub events: VecDeque<RawCdpEvent>,
    pub dropped: u64,
}

pub struct RawListener {
    pub buffer: Arc<Mutex<Buffer>>,
    pub arrived: Arc<tokio::sync::Notify>,
    /// Events still to deliver (`None`: no count).
    pub remaining: Option<u64>,
    /// When it ends (monotonic ms, the clock port's; `None`: no time limit).
    pub ends_at_ms: Option<u64>,
    /// When it was last polled (monotonic ms).
    pub last_poll_ms: u64,
    /// The browser's subscription; dropping it stops the events.
    pub _guard: Box<dyn std::any::Any + Send + Sync>,
}

/// A listener as one poll sees it.
pub struct Poll {
    pub buffer: Arc<Mutex<Buffer>>,
    pub arrived: Arc<tokio::sync::Notify>,
    pub remaining: Option<u64>,
    pub ends_at_ms: Option<u64>,
}

/// A context's listeners by id.
#[derive(Default)]
pub struct RawListeners {
    listeners: Mutex<HashMap<String, RawListener>>,
    next: Mutex<u64>,
}

impl RawListeners {
    /// Adds `listener` (ending idle ones, and the least recently polled past the limit);
    /// answers its id.
    pub fn add(&self, listener: RawListener, now_ms: u64) -> String {
        let mut listeners = lock(&self.listeners);
        listeners.retain(|_, l| now_ms.saturating_sub(l.last_poll_ms) < IDLE_MS);
        while listeners.len() >= MAX_LISTENERS {
            let oldest = listeners
                .iter()
                .min_by_key(|(_, l)| l.last_poll_ms)
                .map(|(id, _)| id.clone());
            match oldest {
                Some(id) => listeners.remove(&id),
                None => break,
            };
        }
        let mut next = lock(&self.next);
        *next += 1;
        let id = format!("l{}", *next);
        listeners.insert(id.clone(), listener);
        id
    }

    /// What a poll of `id` needs (or `None`: no such listener).
    pub fn get(&self, id: &str, now_ms: u64) -> Option<Poll> {
        let mut listeners = lock(&self.listeners);
        let listener = listeners.get_mut(id)?;
        listener.last_poll_ms = now_ms;
        Some(Poll {
            buffer: listener.buffer.clone(),
            arrived: listener.arrived.clone(),
            remaining: listener.remaining,
            ends_at_ms: listener.ends_at_ms,
        })
    }

    /// Records that `delivered` events went out; ends the listener when it is `done`.
    pub fn delivered(&self, id: &str, delivered: u64, done: bool) {
        let mut listeners = lock(&self.listeners);
        if done {
            listeners.remove(id);
        } else if let Some(listener) = listeners.get_mut(id) {
            listener.remaining = listener.remaining.map(|r| r.saturating_sub(delivered));
        }
    }

    /// Ends every listener (the browser went away).
    pub fn clear(&self) {
        lock(&self.listeners).clear();
    }
}

/// Keeps `event` in `buffer`, dropping the oldest past [`CAPACITY`].
pub fn keep(buffer: &Mutex<Buffer>, event: RawCdpEvent) {
    let mut buffer = lock(buffer);
    if buffer.events.len() >= CAPACITY {
        buffer.events.pop_front();
        buffer.dropped += 1;
    }
    buffer.events.push_back(event);
}
