//! Snapshots a slot keeps: the last whole snapshot of each page's committed document, so that
//! `capture snapshot` can answer at once while a navigation is pending (Chromium holds every
//! DevTools command for a frame until its pending navigation commits, so the document still on
//! screen cannot be read then). One per page and view, bounded in count, dropped with the slot.

use std::collections::HashMap;
use std::sync::Mutex;

use cdt_domain::snapshot_change::line_node;
use serde_json::{Map, Value, json};

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

/// A kept snapshot: its text, where it was taken, of which document, and its version. Its uid
/// map is read from its lines when it is recalled (kept whole, thousands of entries would be
/// copied on every snapshot of a large page for the rare answer during a navigation).
struct Kept {
    text: String,
    url: String,
    title: String,
    time_origin: String,
    version: u64,
}

/// The uid map of a snapshot's lines: each uid's role and name, as its line shows them.
fn uids_of(text: &str) -> Map<String, Value> {
    text.lines()
        .filter_map(line_node)
        .map(|(uid, role, name)| (uid.to_string(), json!({ "role": role, "name": name })))
        .collect()
}

/// The last whole snapshot of each page, by page target and view (`interactive` or not).
#[derive(Default)]
pub struct CommittedSnapshots {
    kept: Mutex<HashMap<(String, bool), Kept>>,
}

impl CommittedSnapshots {
    /// Remembers a page's latest whole snapshot in this view, as version `version`.
    pub fn remember(&self, target: &str, interactive: bool, snapshot: &Snapshot, version: u64) {
        let key = (target.to_string(), interactive);
        let mut kept = lock(&self.kept);
        if kept.len() >= KEEP && !kept.contains_key(&key) {
            let evicted = kept.keys().next().cloned();
            if let Some(evicted) = evicted {
                kept.remove(&evicted);
            }
        }
        kept.insert(
            key,
            Kept {
                text: snapshot.text.clone(),
                url: snapshot.url.clone(),
                title: snapshot.title.clone(),
                time_origin: snapshot.time_origin.clone(),
                version,
            },
        );
    }

    /// Whether version `version` of this document is the one kept for the page in this view.
    pub fn holds(&self, target: &str, interactive: bool, document: &str, version: u64) -> bool {
        lock(&self.kept)
            .get(&(target.to_string(), interactive))
            .is_some_and(|kept| kept.time_origin == document && kept.version == version)
    }

    /// The page's latest whole snapshot in this view and its version, if one was taken.
    pub fn recall(&self, target: &str, interactive: bool) -> Option<(Snapshot, u64)> {
        lock(&self.kept)
            .get(&(target.to_string(), interactive))
            .map(|kept| {
                let snapshot = Snapshot {
                    text: kept.text.clone(),
                    uids: uids_of(&kept.text),
                    url: kept.url.clone(),
                    title: kept.title.clone(),
                    time_origin: kept.time_origin.clone(),
                };
                (snapshot, kept.version)
            })
    }
}
