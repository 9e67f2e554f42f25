//! Per-browser bookkeeping of frames, cdt's worlds in them and the uids the page probe
//! reports: per page and frame, the uid numbers issued in the frame's current document (never
//! reused within a page) and, once looked up, each one's `backendNodeId`. Numbers are issued at
//! once when the probe reports fresh nodes; the `backendNodeId` is read only when a command
//! needs it (the probe holds the node meanwhile), so a first snapshot of a large page pays for
//! no lookups. Kept current from `Page` events; only data, no protocol traffic (running the
//! probe is `world.rs`).

use std::collections::HashMap;

use serde_json::Value;

use crate::support::{lock, str_field};

/// One document's uids in a frame: uid number ↔ backendNodeId.
#[derive(Default)]
struct DocumentUids {
    /// The document (loader) the node ids belong to.
    loader: String,
    /// Given to each document the frame shows; the probe drops what it learned before.
    epoch: u64,
    by_node: HashMap<i64, u64>,
    by_number: HashMap<u64, i64>,
    /// Numbers issued whose `backendNodeId` is not read yet (the probe resolves them itself).
    pending: std::collections::HashSet<u64>,
}

/// One frame's uids: those of its current document, and of the last few it left.
#[derive(Default)]
pub(crate) struct UidTable {
    /// The frame these uids belong to.
    frame_id: String,
    /// The next uid number; never goes back, so a uid is never reused within a page.
    next: u64,
    /// The latest epoch given to a document (a restored document takes its own back).
    last_epoch: u64,
    current: DocumentUids,
    /// The documents the frame navigated away from, newest last: the browser may keep such a
    /// document whole (the back/forward cache) and show it again, nodes and all.
    left: Vec<DocumentUids>,
}

/// cdt's world in a document a frame left (for a back/forward-cache restore).
struct LeftWorld {
    frame: String,
    loader: String,
    session: String,
    context: i64,
}

/// Documents left whose uids are kept (Chromium's back/forward cache holds a few pages).
const LEFT_DOCUMENTS: usize = 3;

impl UidTable {
    fn new(frame_id: &str) -> Self {
        UidTable {
            frame_id: frame_id.to_string(),
            next: 1,
            ..Default::default()
        }
    }

    /// The epoch of the document the frame shows.
    pub(crate) fn epoch(&self) -> u64 {
        self.current.epoch
    }

    /// The frame shows document `loader` now. An earlier document's uids stay issued (so they
    /// are stale) and are put aside; when `restored` (a back/forward-cache restore: the same
    /// document, nodes and all), that document's uids and epoch come back. Numbers go on either
    /// way, so no number is ever given twice.
    fn new_document(&mut self, loader: &str, restored: bool) {
        if self.current.loader == loader {
            return;
        }
        if !self.current.loader.is_empty() {
            self.last_epoch += 1;
            let next = DocumentUids {
                epoch: self.last_epoch,
                ..DocumentUids::default()
            };
            self.left.push(std::mem::replace(&mut self.current, next));
            if self.left.len() > LEFT_DOCUMENTS {
                self.left.remove(0);
            }
        }
        if restored && let Some(at) = self.left.iter().position(|d| d.loader == loader) {
            self.current = self.left.remove(at);
        }
        self.current.loader = loader.to_string();
    }

    /// Issues `count` new numbers for nodes the probe reported fresh; answers the first.
    pub(crate) fn reserve(&mut self, count: usize) -> u64 {
        let first = self.next;
        self.next += count as u64;
        self.current.pending.extend(first..self.next);
        first
    }

    /// Uid number `number` now names another node (the probe gave it to a node that replaced
    /// its own in a re-render): its `backendNodeId` is read again when needed.
    pub(crate) fn adopted(&mut self, number: u64) {
        if number >= self.next {
            return;
        }
        if let Some(node) = self.current.by_number.remove(&number) {
            self.current.by_node.remove(&node);
        }
        self.current.pending.insert(number);
    }

    /// Records the `backendNodeId` of uid number `number`, looked up now.
    pub(crate) fn resolved(&mut self, number: u64, node: i64) {
        if self.current.pending.remove(&number) || !self.current.by_number.contains_key(&number) {
            self.current.by_node.insert(node, number);
            self.current.by_number.insert(number, node);
        }
    }
}

/// A child frame known in a page: `f<K>` is entry K-1.
#[derive(Clone)]
pub(crate) struct FrameEntry {
    pub(crate) frame_id: String,
    /// The prefix of the frame whose document holds the owning `<iframe>`.
    pub(crate) parent: String,
    /// The owning `<iframe>` element in the parent's document.
    pub(crate) owner: i64,
    /// Out of process: reached through a session of its own.
    pub(crate) remote: bool,
}

/// What a uid names, once looked up.
pub(crate) enum Named {
    Node(i64),
    /// Issued in the current document; its `backendNodeId` is not read yet: the probe holds
    /// the node (uid number given).
    Pending(u64),
    Stale,
    Unknown,
}

/// The name of cdt's isolated world in every frame.
pub(crate) const WORLD_NAME: &str = "cdt";

/// Whether `context` (a `Runtime.executionContextCreated` event's) is a world of cdt's.
fn is_cdt_world(context: &Value) -> bool {
    context["name"] == WORLD_NAME && context["auxData"]["isDefault"] == false
}

/// Per-browser state of worlds, frames and uids.
#[derive(Default)]
pub struct Worlds {
    /// Frame id → (session, execution context id of cdt's world in its current document).
    pub(crate) contexts: std::sync::Mutex<HashMap<String, (String, i64)>>,
    /// Main frame id → cdt's world Chromium made in the frame's document as it was created,
    /// with the probe installed (`world::probe_on_new_document`), as
    /// `Runtime.executionContextCreated` announced it; taken into `contexts` on first use.
    announced: std::sync::Mutex<HashMap<String, i64>>,
    /// Frame id → held while cdt's world is created there: two commands that find none in a
    /// frame (a snapshot and the walk prepared after a navigation) create one, not two, and a
    /// frame that hangs holds up no other.
    pub(crate) creating: std::sync::Mutex<HashMap<String, std::sync::Arc<tokio::sync::Mutex<()>>>>,
    /// Page target → held while a probe command that may report fresh nodes runs in the page
    /// and those are numbered and taught to the probe: a second command sent before the first's
    /// numbers were taught would report the same nodes fresh again and number them twice.
    numbering: std::sync::Mutex<HashMap<String, std::sync::Arc<tokio::sync::Mutex<()>>>>,
    /// cdt's worlds in documents frames navigated away from, oldest first.
    left_worlds: std::sync::Mutex<Vec<LeftWorld>>,
    /// Frame id → the document (loader) it shows, from its latest `Page.frameNavigated`.
    loaders: std::sync::Mutex<HashMap<String, String>>,
    /// (page target, frame prefix) → uid table.
    tables: std::sync::Mutex<HashMap<(String, String), UidTable>>,
    /// Page target → its child frames, in the order first seen.
    pub(crate) frames: std::sync::Mutex<HashMap<String, Vec<FrameEntry>>>,
    /// Sessions on out-of-process iframe targets, by frame id.
    pub(crate) sessions: tokio::sync::Mutex<HashMap<String, String>>,
    /// Frames with a navigation started and not yet committed.
    navigating: std::sync::Mutex<std::collections::HashSet<String>>,
    /// Numbers the object groups of resolved elements, each released after its command.
    pub(crate) groups: std::sync::atomic::AtomicU64,
    /// What the probe last sent for each snapshot walk (it then sends only what changed).
    pub(crate) snapshots: crate::snapshot_memo::SnapshotMemo,
}

impl Worlds {
    /// Keeps worlds and uid tables current from `Page` events of any session: a frame that
    /// navigated has a new document (a new world, new node ids).
    /// `action`: the event comes from a page's own action session, whose events arrive in
    /// order (the observer sessions' events may interleave with them), so only these decide
    /// whether a navigation is pending.
    pub(crate) fn track(&self, method: &str, params: &Value, action: bool) {
        match method {
            _ if !action => {}
            "Page.frameStartedLoading" => {
                lock(&self.navigating).insert(str_field(params, "frameId").to_string());
            }
            "Page.frameStoppedLoading" => {
                lock(&self.navigating).remove(str_field(params, "frameId"));
            }
            "Page.frameNavigated" => {
                lock(&self.navigating).remove(str_field(&params["frame"], "id"));
            }
            "Page.frameDetached" => {
                lock(&self.navigating).remove(str_field(params, "frameId"));
            }
            _ => {}
        }
        let frame = match method {
            "Page.frameNavigated" => &params["frame"],
            "Page.frameDetached" => params,
            _ => return,
        };
        let frame_id = str_field(
            frame,
            if method == "Page.frameNavigated" {
                "id"
            } else {
                "frameId"
            },
        );
        let loader = str_field(frame, "loaderId");
        // The document the frame showed until now. The same event comes from every session
        // attached to the page: once the frame is known to show this document, it is done.
        let was = if method == "Page.frameNavigated" {
            let was = lock(&self.loaders).insert(frame_id.to_string(), loader.to_string());
            if was.as_deref() == Some(loader) {
                return;
            }
            was
        } else {
            lock(&self.loaders).remove(frame_id)
        };
        let world = lock(&self.contexts).remove(frame_id);
        // A document shown again from the back/forward cache still has cdt's world, with the
        // probe and what it learned: its uids stay valid.
        let restored = params["type"] == "BackForwardCacheRestore";
        let mut left = lock(&self.left_worlds);
        if let (Some((session, context)), Some(was)) = (world, was) {
            left.retain(|w| !(w.frame == frame_id && w.loader == was));
            left.push(LeftWorld {
                frame: frame_id.to_string(),
                loader: was,
                session,
                context,
            });
            if left.len() > 8 * LEFT_DOCUMENTS {
                left.remove(0);
            }
        }
        if restored
            && let Some(at) = left
                .iter()
                .position(|w| w.frame == frame_id && w.loader == loader)
        {
            let world = left.remove(at);
            lock(&self.contexts).insert(frame_id.to_string(), (world.session, world.context));
        }
        drop(left);
        if !loader.is_empty() {
            for table in lock(&self.tables).values_mut() {
                if table.frame_id == frame_id {
                    table.new_document(loader, restored);
                }
            }
        }
    }

    /// Keeps the announced world of `page` current from its sessions' `Runtime` events: cdt's
    /// world that Chromium made as a document was created (`executionContextCreated`; the probe
    /// is installed in the page's main frame only), gone with its context
    /// (`executionContextDestroyed`) or with every context of the page as the next document
    /// commits (`executionContextsCleared`, which comes before the new document's).
    pub(crate) fn announce(&self, page: &str, method: &str, params: &Value) {
        let mut announced = lock(&self.announced);
        match method {
            "Runtime.executionContextCreated" => {
                let context = &params["context"];
                let frame = context["auxData"]["frameId"].as_str();
                if let (Some(frame), Some(id)) = (frame, context["id"].as_i64())
                    && frame == page
                    && is_cdt_world(context)
                {
                    announced.insert(frame.to_string(), id);
                }
            }
            "Runtime.executionContextDestroyed"
                if announced.get(page) == params["executionContextId"].as_i64().as_ref() =>
            {
                announced.remove(page);
            }
            "Runtime.executionContextsCleared" => {
                announced.remove(page);
            }
            _ => {}
        }
    }

    /// The lock a probe command in `page` holds from its question until its fresh nodes are
    /// taught.
    pub(crate) fn numbering(&self, page: &str) -> std::sync::Arc<tokio::sync::Mutex<()>> {
        lock(&self.numbering)
            .entry(page.to_string())
            .or_default()
            .clone()
    }

    /// cdt's world with the probe in the frame's current document, if Chromium made one as the
    /// document was created.
    pub(crate) fn announced(&self, frame_id: &str) -> Option<i64> {
        lock(&self.announced).get(frame_id).copied()
    }

    /// Forgets the frame's announced world `context` (it lacks the probe, or went with its
    /// document); a world announced since for a newer document is kept.
    pub(crate) fn unannounce(&self, frame_id: &str, context: i64) {
        let mut announced = lock(&self.announced);
        if announced.get(frame_id) == Some(&context) {
            announced.remove(frame_id);
        }
    }

    /// The document (loader) the frame shows, as far as its events told.
    pub(crate) fn loader(&self, frame_id: &str) -> String {
        lock(&self.loaders)
            .get(frame_id)
            .cloned()
            .unwrap_or_default()
    }

    /// Records that `uid` of frame `prefix` of `page` is node `node` (looked up on use).
    pub(crate) fn resolved(&self, page: &str, prefix: &str, number: u64, node: i64) {
        if let Some(table) = lock(&self.tables).get_mut(&(page.to_string(), prefix.to_string())) {
            table.resolved(number, node);
        }
    }

    /// Drops what is known of a closed page (or gone frame target).
    pub(crate) fn forget(&self, target: &str) {
        lock(&self.tables).retain(|(page, _), _| page != target);
        lock(&self.left_worlds).retain(|w| w.frame != target);
        lock(&self.loaders).remove(target);
        lock(&self.frames).remove(target);
        lock(&self.contexts).remove(target);
        lock(&self.announced).remove(target);
        lock(&self.numbering).remove(target);
        lock(&self.navigating).remove(target);
    }

    /// Whether the frame has a navigation under way that has not committed yet.
    pub(crate) fn navigation_pending(&self, frame_id: &str) -> bool {
        lock(&self.navigating).contains(frame_id)
    }

    pub(crate) fn with_table<T>(
        &self,
        page: &str,
        prefix: &str,
        frame_id: &str,
        f: impl FnOnce(&mut UidTable) -> T,
    ) -> T {
        let loader = self.loader(frame_id);
        let mut tables = lock(&self.tables);
        let table = tables
            .entry((page.to_string(), prefix.to_string()))
            .or_insert_with(|| {
                let mut table = UidTable::new(frame_id);
                table.current.loader = loader;
                table
            });
        f(table)
    }

    pub(crate) fn named(&self, page: &str, prefix: &str, uid: &str) -> Named {
        let number = uid
            .strip_prefix(prefix)
            .and_then(|rest| rest.strip_prefix('e'))
            .and_then(|n| n.parse::<u64>().ok());
        let Some(number) = number else {
            return Named::Unknown;
        };
        let tables = lock(&self.tables);
        let Some(table) = tables.get(&(page.to_string(), prefix.to_string())) else {
            return Named::Unknown;
        };
        match table.current.by_number.get(&number) {
            Some(node) => Named::Node(*node),
            None if table.current.pending.contains(&number) => Named::Pending(number),
            None if number < table.next => Named::Stale,
            None => Named::Unknown,
        }
    }

    /// The backendNodeId each uid of frame `prefix` names, where it names a live entry (looked
    /// up under one lock: a snapshot names thousands).
    pub(crate) fn nodes_of<'a>(
        &self,
        page: &str,
        prefix: &str,
        uids: impl Iterator<Item = &'a str>,
    ) -> Vec<Option<i64>> {
        let tables = lock(&self.tables);
        let table = tables.get(&(page.to_string(), prefix.to_string()));
        uids.map(|uid| {
            let number = uid.strip_prefix(prefix)?.strip_prefix('e')?.parse().ok()?;
            table?.current.by_number.get(&number).copied()
        })
        .collect()
    }

    fn uid_of_node(&self, page: &str, prefix: &str, node: i64) -> Option<String> {
        let tables = lock(&self.tables);
        let table = tables.get(&(page.to_string(), prefix.to_string()))?;
        table
            .current
            .by_node
            .get(&node)
            .map(|n| format!("{prefix}e{n}"))
    }

    /// `(prefix, owner uid)` of every child frame of a page whose owner still has a uid.
    pub(crate) fn child_frames(&self, page: &str) -> Vec<(String, String)> {
        let frames = lock(&self.frames).get(page).cloned().unwrap_or_default();
        frames
            .iter()
            .enumerate()
            .filter_map(|(index, entry)| {
                let owner = self.uid_of_node(page, &entry.parent, entry.owner)?;
                Some((format!("f{}", index + 1), owner))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_never_reused_across_documents() {
        let mut table = UidTable::new("F");
        table.new_document("L1", false);
        assert_eq!(table.reserve(2), 1);
        table.resolved(1, 10);
        assert_eq!(table.current.by_number.get(&1), Some(&10));
        assert!(
            table.current.pending.contains(&2),
            "2 is issued, its node not read yet"
        );
        table.new_document("L2", false);
        assert!(table.current.by_number.is_empty() && table.current.pending.is_empty());
        assert_eq!(table.reserve(1), 3, "numbers go on across documents");
        assert_eq!(table.epoch(), 1);
    }

    #[test]
    fn a_document_restored_from_the_back_forward_cache_gets_its_uids_back() {
        let mut table = UidTable::new("F");
        table.new_document("L1", false);
        table.reserve(2);
        table.resolved(1, 10);
        table.new_document("L2", false);
        table.reserve(1);
        assert_eq!(table.epoch(), 1);
        // Back to L1, shown again from the cache: its uids and epoch return.
        table.new_document("L1", true);
        assert_eq!(table.epoch(), 0);
        assert_eq!(table.current.by_number.get(&1), Some(&10));
        assert!(table.current.pending.contains(&2));
        assert_eq!(table.reserve(1), 4, "numbers still go on");
        // Forward to L2 loaded again (not restored): a new document, a new epoch.
        table.new_document("L2", false);
        assert!(table.epoch() > 1, "an epoch no document had");
        assert!(table.current.by_number.is_empty());
        // A restore of a document never seen is a new one.
        let before = table.epoch();
        table.new_document("L9", true);
        assert!(table.epoch() > before);
        assert!(table.current.by_number.is_empty());
    }

    #[test]
    fn only_a_main_frame_world_is_taken_as_announced_and_only_until_it_goes() {
        let worlds = Worlds::default();
        let world = |frame: &str, id: i64| serde_json::json!({ "context": { "id": id, "name": "cdt", "auxData": { "frameId": frame, "isDefault": false } } });
        let created = "Runtime.executionContextCreated";
        worlds.announce("P", created, &world("P", 5));
        worlds.announce("P", created, &world("CHILD", 6));
        assert_eq!(worlds.announced("P"), Some(5));
        assert_eq!(
            worlds.announced("CHILD"),
            None,
            "a frame inside the page has no probe"
        );
        // The next document's world replaces it; the old one's loss forgets nothing newer.
        worlds.announce("P", created, &world("P", 7));
        worlds.unannounce("P", 5);
        assert_eq!(worlds.announced("P"), Some(7));
        let destroyed = serde_json::json!({ "executionContextId": 7 });
        worlds.announce("P", "Runtime.executionContextDestroyed", &destroyed);
        assert_eq!(worlds.announced("P"), None);
        // A new document clears the page's contexts before its own are made.
        worlds.announce("P", created, &world("P", 8));
        worlds.announce(
            "P",
            "Runtime.executionContextsCleared",
            &serde_json::json!({}),
        );
        assert_eq!(worlds.announced("P"), None);
        worlds.announce("P", created, &world("P", 9));
        worlds.forget("P");
        assert_eq!(worlds.announced("P"), None);
    }

    #[test]
    fn an_adopted_uid_forgets_its_old_node_until_read_again() {
        let mut table = UidTable::new("F");
        table.new_document("L1", false);
        table.reserve(1);
        table.resolved(1, 10);
        table.adopted(1);
        assert!(table.current.by_number.is_empty() && table.current.by_node.is_empty());
        assert!(
            table.current.pending.contains(&1),
            "the probe resolves it meanwhile"
        );
        table.resolved(1, 11);
        assert_eq!(table.current.by_number.get(&1), Some(&11));
        table.adopted(9);
        assert!(
            !table.current.pending.contains(&9),
            "a number never issued is not adopted"
        );
    }
}
