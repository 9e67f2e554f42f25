//! Snapshots a slot keeps: the last whole snapshot of each page's committed document, so that
//! `capture snapshot` can answer at once while a navigation is pending (Chromium holds every
//! DevTools command for a frame until its pending navigation commits, so the document still on
//! screen cannot be read then). One per page and view, bounded in count, dropped with the slot.

use std::collections::HashMap;
use std::sync::Mutex;

use serde_json::{Map, Value};

use crate::sync::lock;

/// At most this many pages' snapshots are kept per slot.
const KEEP: usize = 32;

/// A snapshot: its text and its uids (`uid → {role, name, backendNodeId}`).
#[derive(Clone)]
pub struct Snapshot {
    pub text: String,
    pub uids: Map<String, Value>,
    pub url: String,
    pub title: String,
    /// Identifies the document (`performance.timeOrigin`).
    pub time_origin: String,
}

/// The last whole snapshot of each page, by page target and view (`interactive` or not).
#[derive(Default)]
pub struct CommittedSnapshots {
    kept: Mutex<HashMap<(String, bool), Snapshot>>,
}

impl CommittedSnapshots {
    /// Remembers a page's latest whole snapshot in this view.
    pub fn remember(&self, target: &str, interactive: bool, snapshot: &Snapshot) {
        let key = (target.to_string(), interactive);
        let mut kept = lock(&self.kept);
        if kept.len() >= KEEP && !kept.contains_key(&key) {
            let evicted = kept.keys().next().cloned();
            if let Some(evicted) = evicted {
                kept.remove(&evicted);
            }
        }
        kept.insert(key, snapshot.clone());
    }

    /// Whether a snapshot of this document is kept for the page in this view.
    pub fn holds(&self, target: &str, interactive: bool, document: &str) -> bool {
        lock(&self.kept)
            .get(&(target.to_string(), interactive))
            .is_some_and(|kept| kept.time_origin == document)
    }

    /// The page's latest whole snapshot in this view, if one was taken.
    pub fn recall(&self, target: &str, interactive: bool) -> Option<Snapshot> {
        lock(&self.kept)
            .get(&(target.to_string(), interactive))
            .cloned()
    }
}
