//! cdt's page agent in an isolated world per frame, and the uids it reports.
//!
//! Each frame (the main frame, same-process iframes, out-of-process iframes) gets an isolated
//! world of cdt's own (`Page.createIsolatedWorld`), where the agent (`js/agent.js` with
//! `js/accname.js` and `js/snapshot.js`) is installed once, as that world's global `cdt`. Page
//! scripts cannot see or patch that world. A world is recreated after its frame navigates.
//!
//! Uids are kept here, never in the page: per page and frame, uid ↔ `backendNodeId` of the
//! frame's current document, numbered on and never reused within a page. The agent reports the
//! nodes it names (deep-serialized, so each carries its `backendNodeId` and `loaderId`); an
//! element named by uid is resolved from its `backendNodeId` (`DOM.resolveNode`) into the
//! frame's world and handed to the agent. A uid of a node that is gone, or of an earlier
//! document, answers `stale`; a uid never issued answers `unknown`.
//!
//! This module must never trust a value the page could have written: nothing here reads the
//! page's main world.

use std::collections::HashMap;

use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};

use crate::browser::CdpBrowser;
use crate::page_ops::{agent_failed, stale_frame};
use crate::support::{lock, str_field};

/// The agent's source, installed once per isolated world: it leaves `{ run, learn }` on the
/// world's own global `cdt`.
pub const AGENT_SOURCE: &str = concat!(
    "globalThis.cdt = (",
    include_str!("js/agent.js"),
    ")(",
    include_str!("js/accname.js"),
    ", ",
    include_str!("js/snapshot.js"),
    "); true"
);

const WORLD_NAME: &str = "cdt";
const RUN: &str = "function (c, a, t) { return globalThis.cdt.run(c, a, t); }";
const LEARN: &str = "function (g, u) { return globalThis.cdt.learn(g, u); }";
/// The message of a run whose report of fresh nodes was dropped before it was read.
const REPORT_GONE: &str = "the page agent's report of fresh nodes is gone";
const FRESH: &str = "function (g) { return globalThis.cdt.fresh(g); }";

/// One frame's uids: uid number ↔ backendNodeId within the frame's current document.
#[derive(Default)]
pub(crate) struct UidTable {
    /// The frame these uids belong to.
    frame_id: String,
    /// The document (loader) the node ids belong to.
    loader: String,
    /// Bumped whenever the document changes; the agent drops what it learned before.
    epoch: u64,
    /// The next uid number; never goes back, so a uid is never reused within a page.
    next: u64,
    by_node: HashMap<i64, u64>,
    by_number: HashMap<u64, i64>,
}

impl UidTable {
    fn new(frame_id: &str) -> Self {
        UidTable {
            frame_id: frame_id.to_string(),
            next: 1,
            ..Default::default()
        }
    }

    /// Forgets the node ids of an earlier document (their uids stay issued, so they are stale).
    fn new_document(&mut self, loader: &str) {
        if self.loader != loader {
            if !self.loader.is_empty() {
                self.by_node.clear();
                self.by_number.clear();
                self.epoch += 1;
            }
            self.loader = loader.to_string();
        }
    }

    fn number_of(&mut self, loader: &str, node: i64) -> u64 {
        if !loader.is_empty() {
            self.new_document(loader);
        }
        if let Some(number) = self.by_node.get(&node) {
            return *number;
        }
        let number = self.next;
        self.next += 1;
        self.by_node.insert(node, number);
        self.by_number.insert(number, node);
        number
    }
}

/// A child frame known in a page: `f<K>` is entry K-1.
#[derive(Clone)]
pub(crate) struct FrameEntry {
    frame_id: String,
    /// The prefix of the frame whose document holds the owning `<iframe>`.
    parent: String,
    /// The owning `<iframe>` element in the parent's document.
    owner: i64,
    /// Out of process: reached through a session of its own.
    remote: bool,
}

/// What a uid names, once looked up.
enum Named {
    Node(i64),
    Stale,
    Unknown,
}

/// Per-browser state of worlds, frames and uids.
#[derive(Default)]
pub struct Worlds {
    /// Frame id → (session, execution context id of cdt's world in its current document).
    contexts: std::sync::Mutex<HashMap<String, (String, i64)>>,
    /// (page target, frame prefix) → uid table.
    tables: std::sync::Mutex<HashMap<(String, String), UidTable>>,
    /// Page target → its child frames, in the order first seen.
    frames: std::sync::Mutex<HashMap<String, Vec<FrameEntry>>>,
    /// Sessions on out-of-process iframe targets, by frame id.
    sessions: tokio::sync::Mutex<HashMap<String, String>>,
    /// Frames with a navigation started and not yet committed.
    navigating: std::sync::Mutex<std::collections::HashSet<String>>,
    /// Numbers the object groups of resolved elements, each released after its command.
    groups: std::sync::atomic::AtomicU64,
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
        lock(&self.contexts).remove(frame_id);
        let loader = str_field(frame, "loaderId");
        if !loader.is_empty() {
            for table in lock(&self.tables).values_mut() {
                if table.frame_id == frame_id {
                    table.new_document(loader);
                }
            }
        }
    }

    /// Drops what is known of a closed page (or gone frame target).
    pub(crate) fn forget(&self, target: &str) {
        lock(&self.tables).retain(|(page, _), _| page != target);
        lock(&self.frames).remove(target);
        lock(&self.contexts).remove(target);
        lock(&self.navigating).remove(target);
    }

    /// Whether the frame has a navigation under way that has not committed yet.
    pub(crate) fn navigation_pending(&self, frame_id: &str) -> bool {
        lock(&self.navigating).contains(frame_id)
    }

    fn with_table<T>(
        &self,
        page: &str,
        prefix: &str,
        frame_id: &str,
        f: impl FnOnce(&mut UidTable) -> T,
    ) -> T {
        let mut tables = lock(&self.tables);
        let table = tables
            .entry((page.to_string(), prefix.to_string()))
            .or_insert_with(|| UidTable::new(frame_id));
        f(table)
    }

    fn named(&self, page: &str, prefix: &str, uid: &str) -> Named {
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
        match table.by_number.get(&number) {
            Some(node) => Named::Node(*node),
            None if number < table.next => Named::Stale,
            None => Named::Unknown,
        }
    }

    /// The backendNodeId a uid names, if it names a live entry.
    pub(crate) fn node_of(&self, page: &str, prefix: &str, uid: &str) -> Option<i64> {
        match self.named(page, prefix, uid) {
            Named::Node(node) => Some(node),
            _ => None,
        }
    }

    fn uid_of_node(&self, page: &str, prefix: &str, node: i64) -> Option<String> {
        let tables = lock(&self.tables);
        let table = tables.get(&(page.to_string(), prefix.to_string()))?;
        table.by_node.get(&node).map(|n| format!("{prefix}e{n}"))
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

/// Replaces the agent's placeholders `\u0001<nonce>:<i>\u0002` (as JSON escapes) with uids.
fn substitute(json_text: &str, nonce: &str, uids: &[String]) -> String {
    let marker = format!("\\u0001{nonce}:");
    let mut out = String::with_capacity(json_text.len());
    let mut rest = json_text;
    while let Some(at) = rest.find(&marker) {
        out.push_str(&rest[..at]);
        let after = &rest[at + marker.len()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let tail = &after[digits..];
        match (
            after[..digits].parse::<usize>().ok(),
            tail.strip_prefix("\\u0002"),
        ) {
            (Some(index), Some(tail)) if index < uids.len() => {
                out.push_str(&uids[index]);
                rest = tail;
            }
            _ => {
                out.push_str(&marker);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn is_lost_world(error: &CdtError) -> bool {
    error.code == ErrorCode::ProtocolError
        && (error.message.contains("Cannot find context")
            || error.message.contains("Execution context was destroyed")
            || error.message.contains("No frame for given id"))
}

impl CdpBrowser {
    /// The session and frame id commands for frame `prefix` of `page` go to.
    pub(crate) async fn frame_target(
        &self,
        page: &str,
        prefix: &str,
    ) -> Result<(String, String), CdtError> {
        let mut current = prefix.to_string();
        let mut frame_id: Option<String> = None;
        loop {
            if current.is_empty() {
                let session = self.session_for(page).await?;
                return Ok((session, frame_id.unwrap_or_else(|| page.to_string())));
            }
            let index: usize = current.trim_start_matches('f').parse().unwrap_or(0);
            let entry = lock(&self.page_state.worlds.frames)
                .get(page)
                .and_then(|f| f.get(index.wrapping_sub(1)).cloned());
            let Some(entry) = entry else {
                return Err(CdtError::new(
                    ErrorCode::UidStale,
                    format!("frame {current} of this page is gone"),
                )
                .hinted("Run: cdt capture snapshot"));
            };
            let frame = frame_id
                .get_or_insert_with(|| entry.frame_id.clone())
                .clone();
            if entry.remote {
                let session = self.remote_frame_session(&entry.frame_id, &current).await?;
                return Ok((session, frame));
            }
            current = entry.parent;
        }
    }

    async fn remote_frame_session(&self, frame_id: &str, prefix: &str) -> Result<String, CdtError> {
        let mut sessions = self.page_state.worlds.sessions.lock().await;
        if let Some(session) = sessions.get(frame_id) {
            return Ok(session.clone());
        }
        let attached = self
            .connection
            .call(
                "Target.attachToTarget",
                json!({ "targetId": frame_id, "flatten": true }),
                None,
            )
            .await
            .map_err(|_| {
                CdtError::new(
                    ErrorCode::UidStale,
                    format!("frame {prefix} of this page is gone"),
                )
                .hinted("Run: cdt capture snapshot")
            })?;
        let session = str_field(&attached, "sessionId").to_string();
        sessions.insert(frame_id.to_string(), session.clone());
        Ok(session)
    }

    /// cdt's world in the frame's current document, created (and the agent installed) if needed.
    async fn world(&self, session: &str, frame_id: &str) -> Result<i64, CdtError> {
        if let Some((known_session, context)) = lock(&self.page_state.worlds.contexts).get(frame_id)
            && known_session == session
        {
            return Ok(*context);
        }
        let created = self
            .connection
            .call(
                "Page.createIsolatedWorld",
                json!({ "frameId": frame_id, "worldName": WORLD_NAME, "grantUniveralAccess": false }),
                Some(session),
            )
            .await?;
        let context = created["executionContextId"].as_i64().unwrap_or_default();
        let installed = self
            .connection
            .call(
                "Runtime.evaluate",
                json!({ "expression": AGENT_SOURCE, "contextId": context, "returnByValue": true }),
                Some(session),
            )
            .await?;
        if let Some(details) = installed.get("exceptionDetails") {
            return Err(agent_failed("install", details));
        }
        lock(&self.page_state.worlds.contexts)
            .insert(frame_id.to_string(), (session.to_string(), context));
        Ok(context)
    }

    /// Runs an agent command in frame `prefix` of `page`; `args.uid` / `args.rootUid` name the
    /// element it works on.
    pub(crate) async fn run_agent(
        &self,
        page: &str,
        prefix: &str,
        command: &str,
        args: Value,
    ) -> Result<Value, CdtError> {
        let mut attempt = 0;
        loop {
            attempt += 1;
            let (session, frame_id) = self
                .frame_target(page, prefix)
                .await
                .map_err(|e| stale_frame(e, prefix))?;
            let result = self
                .until_dialog(
                    page,
                    self.run_once(page, prefix, &session, &frame_id, command, &args),
                )
                .await;
            match result {
                Err(error) if attempt < 3 && is_lost_world(&error) => {
                    lock(&self.page_state.worlds.contexts).remove(&frame_id);
                }
                // An out-of-process frame's session went away (the frame was recreated).
                Err(error)
                    if attempt < 3 && error.message.contains("Session with given id not found") =>
                {
                    lock(&self.page_state.worlds.contexts).remove(&frame_id);
                    self.page_state
                        .worlds
                        .sessions
                        .lock()
                        .await
                        .remove(&frame_id);
                }
                Err(error) if attempt < 3 && error.message == REPORT_GONE => {}
                other => return other.map_err(|e| stale_frame(e, prefix)),
            }
        }
    }

    async fn run_once(
        &self,
        page: &str,
        prefix: &str,
        session: &str,
        frame_id: &str,
        command: &str,
        args: &Value,
    ) -> Result<Value, CdtError> {
        let worlds = &self.page_state.worlds;
        let context = self.world(session, frame_id).await?;
        let mut args = args.clone();
        args["epoch"] = json!(worlds.with_table(page, prefix, frame_id, |t| t.epoch));
        let named = args["uid"]
            .as_str()
            .or_else(|| args["rootUid"].as_str())
            .map(str::to_string);
        let mut target = json!({ "value": null });
        let group = format!(
            "cdt-{}",
            worlds
                .groups
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        );
        if let Some(uid) = named {
            match worlds.named(page, prefix, &uid) {
                Named::Node(node) => {
                    let resolved = self
                        .connection
                        .call(
                            "DOM.resolveNode",
                            json!({ "backendNodeId": node, "executionContextId": context, "objectGroup": group }),
                            Some(session),
                        )
                        .await;
                    match resolved {
                        Ok(resolved) => {
                            target = json!({ "objectId": resolved["object"]["objectId"] })
                        }
                        Err(error) if is_lost_world(&error) => return Err(error),
                        Err(_) => return Ok(json!({ "error": "stale" })),
                    }
                }
                Named::Stale => return Ok(json!({ "error": "stale" })),
                Named::Unknown => return Ok(json!({ "error": "unknown" })),
            }
        }
        let reply = self
            .connection
            .call(
                "Runtime.callFunctionOn",
                json!({
                    "functionDeclaration": RUN, "executionContextId": context,
                    "arguments": [{ "value": command }, { "value": args }, target],
                    "awaitPromise": true, "returnByValue": true,
                }),
                Some(session),
            )
            .await;
        if target.get("objectId").is_some() {
            let (connection, session) = (self.connection.clone(), session.to_string());
            tokio::spawn(async move {
                let release = json!({ "objectGroup": group });
                let _ = connection
                    .call("Runtime.releaseObjectGroup", release, Some(&session))
                    .await;
            });
        }
        let reply = reply?;
        if let Some(details) = reply.get("exceptionDetails") {
            let text = details["exception"]["description"]
                .as_str()
                .unwrap_or_default();
            if text.contains("globalThis.cdt") || text.contains("reading 'run'") {
                lock(&worlds.contexts).remove(frame_id);
                return Err(CdtError::new(
                    ErrorCode::ProtocolError,
                    "Cannot find context: the agent is missing",
                ));
            }
            return Err(agent_failed(command, details));
        }
        let items = &reply["result"]["value"];
        let text = items[0].as_str().unwrap_or("null").to_string();
        let generation = items[1].as_u64().unwrap_or(0);
        let nonce = items[2].as_str().unwrap_or_default().to_string();
        let count = items[3].as_u64().unwrap_or(0) as usize;
        let fresh = if count == 0 {
            Vec::new()
        } else {
            self.fresh_nodes(session, context, generation, count)
                .await?
        };
        let uids: Vec<String> = worlds.with_table(page, prefix, frame_id, |table| {
            fresh
                .iter()
                .map(|(loader, node)| format!("{prefix}e{}", table.number_of(loader, *node)))
                .collect()
        });
        let text = if uids.is_empty() {
            text
        } else {
            substitute(&text, &nonce, &uids)
        };
        if !uids.is_empty() {
            let (connection, session) = (self.connection.clone(), session.to_string());
            let learn = json!({
                "functionDeclaration": LEARN, "executionContextId": context,
                "arguments": [{ "value": generation }, { "value": uids }],
            });
            tokio::spawn(async move {
                let _ = connection
                    .call("Runtime.callFunctionOn", learn, Some(&session))
                    .await;
            });
        }
        let mut value: Value = serde_json::from_str(&text).map_err(|e| {
            CdtError::new(
                ErrorCode::InternalError,
                format!("cdt's page agent sent an unreadable reply: {e}"),
            )
        })?;
        if let Some(nodes) = value.get_mut("nodes").and_then(Value::as_array_mut) {
            for node in nodes {
                let uid = node[0].as_str().unwrap_or_default().to_string();
                if let (Some(id), Some(list)) =
                    (worlds.node_of(page, prefix, &uid), node.as_array_mut())
                {
                    list.push(json!(id));
                }
            }
        }
        if let Some(frames) = value.get_mut("frames").and_then(Value::as_array_mut) {
            for frame in frames {
                let uid = frame["uid"].as_str().unwrap_or_default().to_string();
                if let Some(owner) = worlds.node_of(page, prefix, &uid)
                    && let Some(child) = self.register_frame(page, prefix, session, owner).await
                {
                    frame["prefix"] = json!(child);
                }
            }
        }
        Ok(value)
    }

    /// The `(loaderId, backendNodeId)` of the nodes run `generation` reported fresh: one deep
    /// serialization of just those nodes.
    async fn fresh_nodes(
        &self,
        session: &str,
        context: i64,
        generation: u64,
        count: usize,
    ) -> Result<Vec<(String, i64)>, CdtError> {
        let reply = self
            .connection
            .call(
                "Runtime.callFunctionOn",
                json!({
                    "functionDeclaration": FRESH, "executionContextId": context,
                    "arguments": [{ "value": generation }],
                    "serializationOptions": { "serialization": "deep", "maxDepth": 1 },
                }),
                Some(session),
            )
            .await?;
        let nodes: Vec<(String, i64)> = reply["result"]["deepSerializedValue"]["value"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|node| {
                (
                    str_field(&node["value"], "loaderId").to_string(),
                    node["value"]["backendNodeId"].as_i64().unwrap_or_default(),
                )
            })
            .collect();
        if nodes.len() != count || nodes.iter().any(|(_, id)| *id == 0) {
            // The report was dropped (many runs in between): run the command again.
            return Err(CdtError::new(ErrorCode::ProtocolError, REPORT_GONE));
        }
        Ok(nodes)
    }

    /// The prefix of the frame an `<iframe>` (backendNodeId `owner` in frame `parent`) shows.
    async fn register_frame(
        &self,
        page: &str,
        parent: &str,
        session: &str,
        owner: i64,
    ) -> Option<String> {
        let described = self
            .connection
            .call(
                "DOM.describeNode",
                json!({ "backendNodeId": owner }),
                Some(session),
            )
            .await
            .ok()?;
        let frame_id = str_field(&described["node"], "frameId").to_string();
        if frame_id.is_empty() {
            return None;
        }
        let remote = self
            .connection
            .call(
                "Target.getTargetInfo",
                json!({ "targetId": frame_id }),
                None,
            )
            .await
            .is_ok_and(|info| info["targetInfo"]["type"] == "iframe");
        let mut frames = lock(&self.page_state.worlds.frames);
        let list = frames.entry(page.to_string()).or_default();
        let entry = FrameEntry {
            frame_id: frame_id.clone(),
            parent: parent.to_string(),
            owner,
            remote,
        };
        let index = match list.iter().position(|f| f.frame_id == frame_id) {
            Some(index) => {
                list[index] = entry;
                index
            }
            None => {
                list.push(entry);
                list.len() - 1
            }
        };
        Some(format!("f{}", index + 1))
    }

    /// The backendNodeId of the element a uid names, for CDP commands that take one.
    pub(crate) fn uid_node(&self, page: &str, uid: &str) -> Result<i64, CdtError> {
        let prefix = uid.rfind('e').map_or("", |at| &uid[..at]);
        match self.page_state.worlds.named(page, prefix, uid) {
            Named::Node(node) => Ok(node),
            Named::Stale => Err(CdtError::new(
                ErrorCode::UidStale,
                format!("{uid} no longer exists in the page"),
            )
            .hinted("Run: cdt capture snapshot (uids of removed nodes are never reused)")),
            Named::Unknown => Err(CdtError::new(
                ErrorCode::ElementNotFound,
                format!("no element matches {uid}"),
            )
            .hinted("Run: cdt capture snapshot")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_become_uids_and_forged_ones_stay_text() {
        let uids = vec!["e7".to_string(), "e8".to_string()];
        let text = r#"{"a":"\u0001abc:0\u0002 button","b":["\u0001abc:1\u0002"],"c":"\u0001xyz:0\u0002","d":"\u0001abc:9\u0002"}"#;
        let out = substitute(text, "abc", &uids);
        assert_eq!(
            out,
            r#"{"a":"e7 button","b":["e8"],"c":"\u0001xyz:0\u0002","d":"\u0001abc:9\u0002"}"#
        );
    }

    #[test]
    fn numbers_are_never_reused_across_documents() {
        let mut table = UidTable::new("F");
        assert_eq!(table.number_of("L1", 10), 1);
        assert_eq!(table.number_of("L1", 11), 2);
        assert_eq!(table.number_of("L1", 10), 1);
        table.new_document("L2");
        assert!(table.by_number.is_empty());
        assert_eq!(table.number_of("L2", 10), 3);
        assert_eq!(table.epoch, 1);
    }
}
