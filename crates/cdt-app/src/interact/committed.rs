//! The last snapshot of each page's committed document, kept so that `capture snapshot` can
//! answer at once while a navigation is pending: Chromium holds every DevTools command for a
//! frame until its pending navigation commits, so the document still on screen cannot be read
//! then. Only whole-page snapshots are kept (one per page and view), bounded in count.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use super::snapshot::{Options, Snapshot};

/// At most this many pages' snapshots are kept (across all slots).
const KEEP: usize = 64;

type Key = (String, String, bool);

fn cache() -> &'static Mutex<HashMap<Key, Snapshot>> {
    static CACHE: OnceLock<Mutex<HashMap<Key, Snapshot>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

fn key(slot: &str, target: &str, options: &Options) -> Option<Key> {
    let whole = options.root.is_none()
        && options.depth.is_none()
        && !options.verbose
        && options.max_name.is_none();
    whole.then(|| (slot.to_string(), target.to_string(), options.interactive))
}

/// Remembers a page's latest whole snapshot.
pub fn remember(slot: &str, target: &str, options: &Options, snapshot: &Snapshot) {
    let Some(key) = key(slot, target, options) else {
        return;
    };
    let mut cache = cache()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if cache.len() >= KEEP && !cache.contains_key(&key) {
        let evicted = cache.keys().next().cloned();
        if let Some(evicted) = evicted {
            cache.remove(&evicted);
        }
    }
    cache.insert(key, snapshot.clone());
}

/// The page's latest whole snapshot in this view, if one was taken.
pub fn recall(slot: &str, target: &str, options: &Options) -> Option<Snapshot> {
    let key = key(slot, target, options)?;
    cache()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .get(&key)
        .cloned()
}
