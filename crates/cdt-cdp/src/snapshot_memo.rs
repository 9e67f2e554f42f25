//! What the probe last sent for each snapshot walk, so it can send only what changed (issue 18).
//!
//! The probe remembers the lines it sent for a walk (its options and root) under a token; when
//! the daemon asks with that token as `base`, the probe answers `keep: [p, s]` (the first `p`
//! and last `s` lines are those of the base) with only the lines between. The adapter puts the
//! whole answer back together here, so nothing above it sees the difference:
//! a warm snapshot of an unchanged page crosses the DevTools connection as a few bytes instead
//! of the whole page. A line carrying a placeholder uid (a node reported fresh) never counts as
//! kept, so every uid in a kept line is one the daemon already numbered.

use std::collections::HashMap;
use std::sync::Mutex;

use serde_json::Value;

use crate::support::lock;

/// Walks remembered (page, frame, options); beyond this the oldest is forgotten (the next walk
/// is sent whole).
const KEPT: usize = 32;

struct Sent {
    token: String,
    lines: Vec<Value>,
    used: u64,
}

/// The walks' last answers, by (page target, frame prefix, the walk's arguments).
#[derive(Default)]
pub(crate) struct SnapshotMemo {
    sent: Mutex<(u64, HashMap<Key, Sent>)>,
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
            let tail = &base.lines[base.lines.len() - suffix..];
            let middle = std::mem::take(&mut value["lines"]);
            let mut lines = base.lines[..prefix].to_vec();
            lines.extend(middle.as_array().cloned().unwrap_or_default());
            lines.extend_from_slice(tail);
            value["lines"] = Value::Array(lines);
        }
        let Some(object) = value.as_object_mut() else {
            return true;
        };
        object.remove("keep");
        object.remove("base");
        let token = object.remove("token");
        if let (Some(Value::String(token)), Some(Value::Array(lines))) =
            (token, object.get("lines"))
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
    fn a_kept_answer_is_put_back_together() {
        let memo = SnapshotMemo::default();
        let key = SnapshotMemo::key("T", "", &json!({ "interactive": false }));
        let mut first = json!({ "token": "a.1",
            "lines": ["e1 main", "  e2 button \"A\"", "  text \"x\"", "  e3 button \"B\"", "  e4 link \"C\""] });
        assert!(memo.complete(key.clone(), &mut first));
        assert!(first.get("token").is_none());
        assert_eq!(memo.base(&key).as_deref(), Some("a.1"));
        // The second and third lines changed.
        let mut delta = json!({ "token": "a.2", "base": "a.1", "keep": [1, 2],
            "lines": ["  e2 button \"A\" disabled"] });
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
        assert!(delta.get("keep").is_none() && delta.get("base").is_none());
        // A delta against a base no longer held is refused.
        let mut stale = json!({ "token": "a.3", "base": "a.1", "keep": [1, 0], "lines": [] });
        assert!(!memo.complete(key, &mut stale));
    }
}
