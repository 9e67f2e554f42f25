//! The uids the REPL has seen in replies (snapshots, action feedback, finds, targets), for Tab
//! completion. Only what the daemon reported; nothing is looked up.

use std::collections::BTreeMap;

use cdt_domain::snapshot_change::Change;
use serde_json::Value;

/// uid number → (uid, `role "name"`), in page order.
type Known = BTreeMap<u64, (String, String)>;

/// The uids of the page's current version, and of the last versions the REPL was shown: a diff
/// is against version `base` (after `back` to a page kept whole by the browser, that is the
/// version it had when it was left, not the last one shown).
#[derive(Debug, Default)]
pub struct Uids {
    current: Known,
    /// (page, version) → its uids, oldest first.
    versions: Vec<((u64, u64), Known)>,
    /// The page the last snapshot reply named (action feedback does not name it).
    page: u64,
}

/// Versions kept for later diffs (the daemon keeps 4 per page).
const KEPT_VERSIONS: usize = 8;

fn number(uid: &str) -> Option<u64> {
    uid.strip_prefix('e')?.parse().ok()
}

/// `e5 heading "Next" level=1` → (`e5`, `heading "Next" level=1`).
fn parse_line(line: &str) -> Option<(String, String)> {
    let line = line.trim();
    let (uid, description) = line.split_once(' ').unwrap_or((line, ""));
    number(uid)?;
    Some((uid.to_string(), description.to_string()))
}

impl Uids {
    fn insert(&mut self, uid: &str, description: String) {
        if let Some(n) = number(uid) {
            self.current.insert(n, (uid.to_string(), description));
        }
    }

    fn replace_from_text(&mut self, snapshot: &str) {
        self.current.clear();
        for (uid, description) in snapshot.lines().filter_map(parse_line) {
            self.insert(&uid, description);
        }
    }

    fn insert_nodes(&mut self, nodes: &[Value]) {
        for node in nodes {
            if let Some(uid) = node["uid"].as_str() {
                let name = node["name"].as_str().unwrap_or_default();
                let role = node["role"].as_str().unwrap_or_default();
                self.insert(uid, format!("{role} {name:?}"));
            }
        }
    }

    /// Takes in the uids a reply of `op` names.
    pub fn learn(&mut self, op: &str, data: &Value) {
        if let Some(page) = data["page"].as_u64() {
            self.page = page;
        }
        self.take_in(op, data);
        if let Some(version) = data["version"].as_u64() {
            let key = (self.page, version);
            self.versions.retain(|(k, _)| *k != key);
            self.versions.push((key, self.current.clone()));
            if self.versions.len() > KEPT_VERSIONS {
                self.versions.remove(0);
            }
        }
    }

    fn take_in(&mut self, op: &str, data: &Value) {
        // A whole snapshot replaces what is known; a diff (`full: false`) amends it below.
        if op == "capture.snapshot"
            && data["full"] != false
            && let Some(uids) = data["uids"].as_object()
        {
            self.current.clear();
            for (uid, node) in uids {
                let name = node["name"].as_str().unwrap_or_default();
                let role = node["role"].as_str().unwrap_or_default();
                self.insert(uid, format!("{role} {name:?}"));
            }
            return;
        }
        if let Some(snapshot) = data["snapshot"].as_str() {
            self.replace_from_text(snapshot);
        } else if let Some(base) = data["base"].as_u64().or(data["version"].as_u64())
            && let Some((_, known)) = self.versions.iter().find(|(k, _)| *k == (self.page, base))
        {
            // Changes are against version `base`, which may not be the last one shown.
            self.current = known.clone();
        }
        let changes: Vec<Change> = data
            .get("changes")
            .and_then(|c| serde_json::from_value(c.clone()).ok())
            .unwrap_or_default();
        for change in &changes {
            if let Change::Remove { uid, also, .. } = change {
                for n in std::iter::once(uid)
                    .chain(also)
                    .filter_map(|uid| number(uid))
                {
                    self.current.remove(&n);
                }
            }
            for line in change.lines().into_iter().flat_map(str::lines) {
                if let Some((uid, description)) = parse_line(line.trim_start()) {
                    self.insert(&uid, description);
                }
            }
        }
        for key in ["matches", "targets"] {
            if let Some(nodes) = data[key].as_array() {
                self.insert_nodes(nodes);
            }
        }
    }

    /// `(uid, description)` of the uids starting with `prefix`, in page order.
    pub fn matching(&self, prefix: &str) -> Vec<(String, String)> {
        self.current
            .values()
            .filter(|(uid, _)| uid.starts_with(prefix))
            .cloned()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_diff_amends_the_version_it_is_against() {
        let mut uids = Uids::default();
        uids.learn(
            "capture.snapshot",
            &json!({ "page": 1, "version": 1, "uids": { "e1": { "role": "textbox", "name": "Email" } } }),
        );
        // Another document on the page, then back to the first, kept whole by the browser.
        uids.learn(
            "capture.snapshot",
            &json!({ "page": 1, "version": 2, "uids": { "e5": { "role": "link", "name": "Home" } } }),
        );
        uids.learn(
            "capture.snapshot",
            &json!({ "page": 1, "version": 1, "full": false, "changes": [] }),
        );
        assert_eq!(
            uids.matching("e"),
            vec![("e1".to_string(), "textbox \"Email\"".to_string())]
        );
    }

    #[test]
    fn learns_from_snapshots_feedback_and_finds() {
        let mut uids = Uids::default();
        uids.learn(
            "capture.snapshot",
            &json!({ "uids": { "e10": { "role": "link", "name": "Ten" }, "e2": { "role": "button", "name": "Go" } } }),
        );
        assert_eq!(
            uids.matching("e"),
            vec![
                ("e2".to_string(), "button \"Go\"".to_string()),
                ("e10".to_string(), "link \"Ten\"".to_string())
            ]
        );
        uids.learn(
            "element.fill",
            &json!({ "changes": [
                { "op": "add", "uid": "e11", "after": "e1", "lines": "  e11 button \"New\"" },
                { "op": "remove", "uid": "e2" }] }),
        );
        assert_eq!(uids.matching("e1").len(), 2);
        assert!(uids.matching("e2").is_empty());
        uids.learn(
            "element.click",
            &json!({ "snapshot": "e20 heading \"Next\" level=1\n  e21 link \"Home\"" }),
        );
        assert_eq!(uids.matching("e").len(), 2);
        uids.learn(
            "element.find",
            &json!({ "matches": [{ "uid": "e30", "role": "link", "name": "x" }] }),
        );
        assert_eq!(uids.matching("e3").len(), 1);
        // A snapshot diff amends, it does not replace.
        uids.learn(
            "capture.snapshot",
            &json!({ "full": false, "version": 2, "base": 1, "uids": {}, "changes": [
                { "op": "change", "uid": "e21", "lines": "  e21 link \"Home\" focused" }] }),
        );
        assert_eq!(uids.matching("e").len(), 3);
    }
}
