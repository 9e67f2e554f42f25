//! What a command does in a frame's world: the element it names resolved there, the call, and
//! its reply read (fresh nodes numbered and taught, placeholders made uids, frames registered).

use cdt_domain::probe::ProbeCommand;
use cdt_domain::snapshot_change::line_node;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};

use super::{
    Element, Frame, LEARN, NODE, RUN, is_lost_world, next_group, probe_failed, release, substitute,
};
use crate::support::{lock, str_field};
use crate::uids::{FrameEntry, Named};

impl Frame<'_> {
    /// Resolves the element the command's `uid` (or `rootUid`) names into cdt's world.
    pub(super) async fn element(&self, args: &Value, group: &str) -> Result<Element, CdtError> {
        let named = args["uid"].as_str().or_else(|| args["rootUid"].as_str());
        let Some(uid) = named else {
            return Ok(Element::Absent);
        };
        match self.pages.state.worlds.named(self.page, self.prefix, uid) {
            Named::Node(node) => {
                let resolved = self
                    .pages
                    .connection
                    .call(
                        "DOM.resolveNode",
                        json!({ "backendNodeId": node, "executionContextId": self.context, "objectGroup": group }),
                        Some(self.session),
                    )
                    .await;
                match resolved {
                    Ok(resolved) => Ok(Element::Object(resolved["object"]["objectId"].clone())),
                    Err(error) if is_lost_world(&error) => Err(error),
                    Err(_) => Ok(Element::Gone("stale")),
                }
            }
            Named::Pending(number) => Ok(match self.held(uid, number, group).await? {
                Some((object_id, _)) => Element::Object(object_id),
                None => Element::Gone("stale"),
            }),
            Named::Stale => Ok(Element::Gone("stale")),
            Named::Unknown => Ok(Element::Gone("unknown")),
        }
    }

    /// The node the probe holds for `uid` (number `number`), as an object of cdt's world in
    /// `group` and its `backendNodeId`, which is kept from now on; `None` when the node is gone.
    pub(super) async fn held(
        &self,
        uid: &str,
        number: u64,
        group: &str,
    ) -> Result<Option<(Value, i64)>, CdtError> {
        let connection = &self.pages.connection;
        let held = connection
            .call(
                "Runtime.callFunctionOn",
                json!({
                    "functionDeclaration": NODE, "executionContextId": self.context,
                    "arguments": [{ "value": uid }], "objectGroup": group,
                }),
                Some(self.session),
            )
            .await?;
        let Some(object_id) = held["result"]["objectId"].as_str() else {
            return Ok(None);
        };
        let described = connection
            .call(
                "DOM.describeNode",
                json!({ "objectId": object_id }),
                Some(self.session),
            )
            .await?;
        let Some(node) = described["node"]["backendNodeId"].as_i64() else {
            return Ok(None);
        };
        self.pages
            .state
            .worlds
            .resolved(self.page, self.prefix, number, node);
        Ok(Some((json!(object_id), node)))
    }

    /// Runs the command in cdt's world; the element's object group is released afterwards.
    pub(super) async fn call(
        &self,
        command: ProbeCommand,
        args: &Value,
        target: Value,
        group: String,
    ) -> Result<Value, CdtError> {
        let connection = &self.pages.connection;
        let resolved = target.get("objectId").is_some();
        let reply = connection
            .call(
                "Runtime.callFunctionOn",
                json!({
                    "functionDeclaration": RUN, "executionContextId": self.context,
                    "arguments": [{ "value": command.name() }, { "value": args }, target],
                    "awaitPromise": true, "returnByValue": true,
                }),
                Some(self.session),
            )
            .await;
        if resolved {
            release(self.pages, self.session, group);
        }
        let reply = reply?;
        if let Some(details) = reply.get("exceptionDetails") {
            let text = details["exception"]["description"]
                .as_str()
                .unwrap_or_default();
            if text.contains("globalThis.cdt") || text.contains("reading 'run'") {
                // A world announced without the probe (its install failed) is not taken again:
                // the next try creates one of cdt's own.
                let worlds = &self.pages.state.worlds;
                lock(&worlds.contexts).remove(self.frame_id);
                worlds.unannounce(self.frame_id, self.context);
                return Err(CdtError::new(
                    ErrorCode::ProtocolError,
                    "Cannot find context: the page probe is missing",
                ));
            }
            return Err(probe_failed(command.name(), details));
        }
        Ok(reply)
    }

    /// Turns the probe's reply into the command's answer: the fresh nodes it reported get
    /// uids (taught back to the probe), named nodes get their backendNodeId, and iframes the
    /// prefix of their frame.
    pub(super) async fn read_reply(&self, reply: &Value) -> Result<Value, CdtError> {
        let (page, prefix) = (self.page, self.prefix);
        let worlds = &self.pages.state.worlds;
        let items = &reply["result"]["value"];
        let text = items[0].as_str().unwrap_or("null").to_string();
        let generation = items[1].as_u64().unwrap_or(0);
        let nonce = items[2].as_str().unwrap_or_default().to_string();
        let count = items[3].as_u64().unwrap_or(0) as usize;
        let adopted: Vec<u64> = items[4]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|uid| {
                let rest = uid.as_str()?.strip_prefix(prefix)?.strip_prefix('e')?;
                rest.parse().ok()
            })
            .collect();
        if !adopted.is_empty() {
            worlds.with_table(page, prefix, self.frame_id, |table| {
                for number in adopted {
                    table.adopted(number);
                }
            });
        }
        let uids: Vec<String> = if count == 0 {
            Vec::new()
        } else {
            let first =
                worlds.with_table(page, prefix, self.frame_id, |table| table.reserve(count));
            (first..first + count as u64)
                .map(|number| format!("{prefix}e{number}"))
                .collect()
        };
        if !uids.is_empty() {
            self.teach(generation, &uids);
        }
        let text = if uids.is_empty() {
            text
        } else {
            substitute(&text, &nonce, &uids)
        };
        let mut value: Value = serde_json::from_str(&text).map_err(|e| {
            CdtError::new(
                ErrorCode::InternalError,
                format!("cdt's page probe sent an unreadable reply: {e}"),
            )
        })?;
        // A snapshot's lines come as one text beside the answer (see the probe's `finish`).
        if let (Some(lines), Some(object)) = (items[5].as_str(), value.as_object_mut()) {
            let lines = if uids.is_empty() {
                lines.to_string()
            } else {
                substitute(lines, &nonce, &uids)
            };
            let lines = if lines.is_empty() {
                Vec::new()
            } else {
                lines
                    .split('\n')
                    .map(|line| Value::String(line.to_string()))
                    .collect()
            };
            object.insert("lines".to_string(), Value::Array(lines));
        }
        Ok(value)
    }

    /// Teaches the probe the uids of the nodes it reported fresh in run `generation`. The
    /// command is on its way before this returns, so the page handles it before any later
    /// command of this session (the probe is what resolves these uids until their
    /// backendNodeIds are read); its answer is not waited for: the page learns while the daemon
    /// reads the reply. Should the report be gone (more than 8 runs of this world came between),
    /// those uids resolve to nothing and answer `UID_STALE`.
    pub(super) fn teach(&self, generation: u64, uids: &[String]) {
        let learn = json!({
            "functionDeclaration": LEARN, "executionContextId": self.context,
            "arguments": [{ "value": generation }, { "value": uids }],
        });
        let sent = self
            .pages
            .connection
            .send_now("Runtime.callFunctionOn", learn, self.session);
        let learned = match sent {
            Ok(learned) => learned,
            Err(error) => {
                tracing::debug!("teaching the page probe failed: {}", error.message);
                return;
            }
        };
        tokio::spawn(async move {
            match learned.await {
                Ok(learned) if learned["result"]["value"] == true => {}
                Ok(_) => tracing::warn!("the page probe had no report {generation} to learn"),
                Err(error) => tracing::debug!("teaching the page probe failed: {}", error.message),
            }
        });
    }

    /// Adds a snapshot's nodes (`[uid, role, name, backendNodeId?]`, read from its lines, each
    /// with its backendNodeId once known), and each iframe's frame prefix.
    pub(super) async fn annotate(&self, value: &mut Value, command: ProbeCommand) {
        let (page, prefix) = (self.page, self.prefix);
        let worlds = &self.pages.state.worlds;
        if matches!(command, ProbeCommand::Snapshot)
            && let Some(lines) = value.get("lines").and_then(Value::as_array)
        {
            let named: Vec<(&str, &str, String)> = lines
                .iter()
                .filter_map(|line| line_node(line.as_str()?))
                .collect();
            let ids = worlds.nodes_of(page, prefix, named.iter().map(|(uid, ..)| *uid));
            let nodes: Vec<Value> = named
                .iter()
                .zip(ids)
                .map(|((uid, role, name), id)| match id {
                    Some(id) => json!([uid, role, name, id]),
                    None => json!([uid, role, name]),
                })
                .collect();
            value["nodes"] = Value::Array(nodes);
        }
        if let Some(frames) = value.get_mut("frames").and_then(Value::as_array_mut) {
            for frame in frames {
                let uid = frame["uid"].as_str().unwrap_or_default().to_string();
                let owner = match worlds.named(page, prefix, &uid) {
                    Named::Node(node) => Some(node),
                    Named::Pending(number) => {
                        let group = next_group(self.pages);
                        let held = self.held(&uid, number, &group).await;
                        release(self.pages, self.session, group);
                        held.ok().flatten().map(|(_, node)| node)
                    }
                    Named::Stale | Named::Unknown => None,
                };
                if let Some(owner) = owner
                    && let Some(child) = self.register_frame(owner).await
                {
                    frame["prefix"] = json!(child);
                }
            }
        }
    }

    /// The prefix of the frame an `<iframe>` (backendNodeId `owner` in frame `parent`) shows.
    pub(super) async fn register_frame(&self, owner: i64) -> Option<String> {
        let described = self
            .pages
            .connection
            .call(
                "DOM.describeNode",
                json!({ "backendNodeId": owner }),
                Some(self.session),
            )
            .await
            .ok()?;
        let frame_id = str_field(&described["node"], "frameId").to_string();
        if frame_id.is_empty() {
            return None;
        }
        let remote = self
            .pages
            .connection
            .call(
                "Target.getTargetInfo",
                json!({ "targetId": frame_id }),
                None,
            )
            .await
            .is_ok_and(|info| info["targetInfo"]["type"] == "iframe");
        let mut frames = lock(&self.pages.state.worlds.frames);
        let list = frames.entry(self.page.to_string()).or_default();
        let entry = FrameEntry {
            frame_id: frame_id.clone(),
            parent: self.prefix.to_string(),
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
}
