//! What the probe last sent for each snapshot walk, so it can send only what changed (issue 18).
//!
//! The probe remembers the lines it sent for a walk (its options and root) under a token; when
//! the daemon asks with that token as `base`, the probe answers `keep: [p, s]` (the first `p`
//! and last `s` lines are those of the base) with only the lines between and their nodes. The
//! adapter puts the whole answer back together here, so nothing above it sees the difference:
//! a warm snapshot of an unchanged page crosses the DevTools connection as a few bytes instead
//! of the whole page. A line carrying a placeholder uid (a node reported fresh) never counts as
//! kept, so every uid in a kept line is one the daemon already numbered.

use std::collections::HashMap;
use std::sync::Mutex;

use cdt_domain::snapshot_change::line_uid;
use serde_json::Value;

use crate::support::lock;

/// Walks remembered (page, frame, options); beyond this the oldest is forgotten (the next walk
/// is sent whole).
const KEPT: usize = 32;

struct Sent {
    token: String,
    lines: Vec<Value>,
    nodes: Vec<Value>,
    used: u64,
}

/// The walks' last answers, by (page target, frame prefix, the walk's arguments).
#[derive(Default)]
pub(crate) struct SnapshotMemo {
    sent: Mutex<(u64, HashMap<Key, Sent>)>,
}

/// Whether a snapshot line carries a uid.
fn has_uid(line: &Value) -> bool {
    line_uid(line.as_str().unwrap_or_default()).is_some()
}

type Key = (String, String, String);

impl SnapshotMemo {
    pub(crate) fn key(page: &str, prefix: &str, args: &Value) -> Key {
        (page.to_string(), prefix.to_string(), args.to_string())
    }

    /// The token of the last answer held for this walk, to send as `base`.
    pub(crate) fn base(&self, key: &Key) -> Option<String> {
        lock(&self.sent).1.get(key).map(|sent| sent.token.clone())
    }

    /// Completes an answer that kept lines of its base, and remembers it. `false` when it
    /// refers to a base that is not held (the caller asks again without one).
    pub(crate) fn complete(&self, key: Key, value: &mut Value) -> bool {
        let mut guard = lock(&self.sent);
        let (clock, sent) = &mut *guard;
        *clock += 1;
        if let Some(keep) = value.get("keep").cloned() {
            let (Some(prefix), Some(suffix)) = (keep[0].as_u64(), keep[1].as_u64()) else {
                return false;
            };
            let (prefix, suffix) = (prefix as usize, suffix as usize);
            let Some(base) = sent
                .get(&key)
                .filter(|base| Some(base.token.as_str()) == value["base"].as_str())
                .filter(|base| prefix + suffix <= base.lines.len())
            else {
                return false;
            };
            let nodes_before = base.lines[..prefix].iter().filter(|l| has_uid(l)).count();
            let tail = &base.lines[base.lines.len() - suffix..];
            let nodes_after = tail.iter().filter(|l| has_uid(l)).count();
            if nodes_before + nodes_after > base.nodes.len() {
                return false;
            }
            let middle = std::mem::take(&mut value["lines"]);
            let middle_nodes = std::mem::take(&mut value["nodes"]);
            let mut lines = base.lines[..prefix].to_vec();
            lines.extend(middle.as_array().cloned().unwrap_or_default());
            lines.extend_from_slice(tail);
            let mut nodes = base.nodes[..nodes_before].to_vec();
            nodes.extend(middle_nodes.as_array().cloned().unwrap_or_default());
            nodes.extend_from_slice(&base.nodes[base.nodes.len() - nodes_after..]);
            value["lines"] = Value::Array(lines);
            value["nodes"] = Value::Array(nodes);
        }
        let Some(object) = value.as_object_mut() else {
            return true;
        };
        object.remove("keep");
        object.remove("base");
        let token = object.remove("token");
        if let (Some(Value::String(token)), Some(Value::Array(lines)), Some(Value::Array(nodes))) =
            (token, object.get("lines"), object.get("nodes"))
        {
            if !sent.contains_key(&key) && sent.len() >= KEPT {
                let oldest = sent
                    .iter()
                    .min_by_key(|(_, s)| s.used)
                    .map(|(k, _)| k.clone());
                if let Some(oldest) = oldest {
                    sent.remove(&oldest);
                }
            }
            sent.insert(
                key,
                Sent {
                    token,
                    lines: lines.clone(),
                    nodes: nodes.clone(),
                    used: *clock,
                },
            );
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_kept_answer_is_put_back_together_with_its_nodes() {
        let memo = SnapshotMemo::default();
        let key = SnapshotMemo::key("T", "", &json!({ "interactive": false }));
        let mut first = json!({ "token": "a.1",
            "lines": ["e1 main", "  e2 button \"A\"", "  text \"x\"", "  e3 button \"B\"", "  e4 link \"C\""],
            "nodes": [["e1", "main", ""], ["e2", "button", "A"], ["e3", "button", "B"], ["e4", "link", "C"]] });
        assert!(memo.complete(key.clone(), &mut first));
        assert!(first.get("token").is_none());
        assert_eq!(memo.base(&key).as_deref(), Some("a.1"));
        // The second and third lines changed; one node among them.
        let mut delta = json!({ "token": "a.2", "base": "a.1", "keep": [1, 2],
            "lines": ["  e2 button \"A\" disabled"], "nodes": [["e2", "button", "A"]] });
        assert!(memo.complete(key.clone(), &mut delta));
        assert_eq!(
            delta["lines"],
            json!([
                "e1 main",
                "  e2 button \"A\" disabled",
                "  e3 button \"B\"",
                "  e4 link \"C\""
            ])
        );
        assert_eq!(delta["nodes"].as_array().map(Vec::len), Some(4));
        assert_eq!(delta["nodes"][3][0], "e4");
        assert!(delta.get("keep").is_none() && delta.get("base").is_none());
        // A delta against a base no longer held is refused.
        let mut stale =
            json!({ "token": "a.3", "base": "a.1", "keep": [1, 0], "lines": [], "nodes": [] });
        assert!(!memo.complete(key, &mut stale));
        assert!(has_uid(&json!("  f2e10 link")) && !has_uid(&json!("  text \"e1\"")));
    }
}
