//! Incremental snapshots (issue 18): `capture snapshot --diff` / `--since`, the versions a slot
//! keeps, action feedback on the same mechanism, and the in-page walk cache checked against a
//! page that never cached: two contexts run the same seeded mutations, one snapshotting after
//! every step (its cache warm, its text rebuilt from diffs as a client would), the other only
//! now and then; their texts must match line for line once uids are set aside.

use cdt_e2e::{HttpServer, TestEnv, uid_of};
use serde_json::{Value, json};

/// A page that mutates itself one seeded random step at a time (`step()`): inserts, removals,
/// text and attribute changes, hiding, moves, and form state changed by property (which no
/// mutation observer sees).
const MUTATING: &str = r##"<meta charset="utf-8">
<h1>Mutations</h1>
<div id="root">
  <nav aria-label="Menu"><a href="#a">Alpha</a> <a href="#b">Beta</a></nav>
  <p>Intro text</p>
  <ul><li><button>One</button></li><li><button>Two</button></li></ul>
  <form><input aria-label="Name" value="x"> <label><input type="checkbox"> Agree</label></form>
</div>
<script>
let seed = 1234567;
function rnd(n) { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; }
let made = 0;
function make() {
  made++;
  switch (rnd(8)) {
    case 0: { const b = document.createElement('button'); b.textContent = 'B' + made; return b; }
    case 1: { const a = document.createElement('a'); a.href = '#' + made; a.textContent = 'L' + made; return a; }
    case 2: { const p = document.createElement('p'); p.textContent = 'text ' + made; return p; }
    case 3: { const d = document.createElement('div'); d.setAttribute('role', 'group'); d.setAttribute('aria-label', 'G' + made); d.append(make()); return d; }
    case 4: { const i = document.createElement('input'); i.setAttribute('aria-label', 'I' + made); i.value = 'v' + made; return i; }
    case 5: { const l = document.createElement('label'); const c = document.createElement('input'); c.type = 'checkbox'; l.append(c, ' C' + made); return l; }
    case 6: { const h = document.createElement('h3'); h.textContent = 'H' + made; return h; }
    default: { const u = document.createElement('ul'); const n = 1 + rnd(3); for (let j = 0; j < n; j++) { const li = document.createElement('li'); li.append(make()); u.append(li); } return u; }
  }
}
const root = document.getElementById('root');
const all = () => [...root.querySelectorAll('*')];
const pick = (list) => list.length ? list[rnd(list.length)] : null;
const containers = () => [root, ...all().filter(e => !['INPUT', 'A', 'BUTTON'].includes(e.tagName))];
function texts() { const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT); const out = []; while (w.nextNode()) if (w.currentNode.data.trim()) out.push(w.currentNode); return out; }
window.step = function () {
  const op = rnd(10);
  switch (op) {
    case 0: case 1: { const p = pick(containers()); const at = p.children[rnd(p.children.length + 1)] || null; p.insertBefore(make(), at); break; }
    case 2: { const e = pick(all()); if (e && root.querySelectorAll('*').length > 6) e.remove(); break; }
    case 3: { const t = pick(texts()); if (t) t.data = t.data.trim() + ' ' + rnd(100); break; }
    case 4: { const e = pick(all().filter(e => ['BUTTON', 'INPUT'].includes(e.tagName))); if (e) e.disabled = !e.disabled; break; }
    case 5: { const e = pick(all()); if (e) e.hidden = !e.hidden; break; }
    case 6: { const e = pick(all()); const p = pick(containers()); if (e && p && !e.contains(p)) p.insertBefore(e, p.children[rnd(p.children.length + 1)] || null); break; }
    case 7: { const e = pick(all().filter(e => e.tagName === 'INPUT' && e.type !== 'checkbox')); if (e) e.value = 'typed ' + rnd(100); break; }
    case 8: { const e = pick(all().filter(e => e.type === 'checkbox')); if (e) e.checked = !e.checked; break; }
    default: { const e = pick(all().filter(e => e.hasAttribute('aria-label'))); if (e) e.setAttribute('aria-label', 'renamed ' + rnd(100)); break; }
  }
  return op;
};
</script>"##;

/// Whether a word is a uid (`e12`, `f1e3`).
fn is_uid(word: &str) -> bool {
    let rest = match word.strip_prefix('f') {
        Some(rest) => match rest.split_once('e') {
            Some((frame, n)) if !frame.is_empty() && frame.bytes().all(|b| b.is_ascii_digit()) => n,
            _ => return false,
        },
        None => match word.strip_prefix('e') {
            Some(n) => n,
            None => return false,
        },
    };
    !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit())
}

/// The uids a removal's `also` entry names, as a client reads it: `e4-e7` → e4 e5 e6 e7
/// (`f1e2-f1e4` likewise), else the uid itself.
fn uid_range(named: &str) -> Vec<String> {
    let split = |uid: &str| -> Option<(String, u64)> {
        let at = uid.rfind('e')? + 1;
        Some((uid[..at].to_string(), uid[at..].parse().ok()?))
    };
    match named.split_once('-') {
        Some((first, last)) if is_uid(first) && is_uid(last) => {
            let ((prefix, from), (_, to)) = split(first).zip(split(last)).unwrap();
            (from..=to).map(|n| format!("{prefix}{n}")).collect()
        }
        _ => vec![named.to_string()],
    }
}

/// A snapshot's lines with their uids taken out.
fn without_uids(text: &str) -> Vec<String> {
    text.lines()
        .map(|line| {
            let body = line.trim_start();
            let indent = &line[..line.len() - body.len()];
            match body.split_once(' ') {
                Some((first, rest)) if is_uid(first) => format!("{indent}{rest}"),
                None if is_uid(body) => indent.to_string(),
                _ => line.to_string(),
            }
        })
        .collect()
}

/// A client's copy of a page's snapshot, kept current from diffs as docs/snapshot-format.md
/// describes: segments (a uid line and the lines without a uid after it; `^` before the first).
#[derive(Default)]
struct Client {
    segments: Vec<(String, Vec<String>)>,
    /// The versions it was shown, by number: changes are against version `base` (none: the
    /// reply's own `version`).
    versions: std::collections::HashMap<u64, Vec<(String, Vec<String>)>>,
}

impl Client {
    fn load(&mut self, text: &str) {
        self.segments.clear();
        for line in text.lines() {
            let first = line.trim_start().split(' ').next().unwrap_or_default();
            if is_uid(first) {
                self.segments
                    .push((first.to_string(), vec![line.to_string()]));
            } else if let Some(last) = self.segments.last_mut() {
                last.1.push(line.to_string());
            } else {
                self.segments.push(("^".into(), vec![line.to_string()]));
            }
        }
    }

    /// Puts segments in after `after` (before its line `split`, when given: its lines from
    /// there on end the last new segment).
    fn place(&mut self, uid: &str, after: &Value, split: Option<u64>, lines: Vec<String>) {
        let at = match after.as_str() {
            None => 0,
            Some(after) => {
                self.segments
                    .iter()
                    .position(|(id, _)| id == after)
                    .unwrap_or_else(|| panic!("{uid} placed after unknown {after}"))
                    + 1
            }
        };
        // An addition may bring several segments that come together: one per uid line.
        let mut placed = vec![(uid.to_string(), Vec::new())];
        for line in lines {
            let first = line.trim_start().split(' ').next().unwrap_or_default();
            if is_uid(first) && !placed.last().unwrap().1.is_empty() {
                placed.push((first.to_string(), Vec::new()));
            }
            placed.last_mut().unwrap().1.push(line);
        }
        if let Some(line) = split {
            let tail = self.segments[at - 1].1.split_off(line as usize);
            placed.last_mut().unwrap().1.extend(tail);
        }
        self.segments.splice(at..at, placed);
    }

    /// Applies a reply: the whole snapshot, or its changes to the version they are against.
    fn apply(&mut self, reply: &Value) {
        if let Some(text) = reply["snapshot"].as_str() {
            self.load(text);
        } else {
            let base = reply["base"].as_u64().or(reply["version"].as_u64());
            if let Some(kept) = base.and_then(|base| self.versions.get(&base)) {
                self.segments = kept.clone();
            }
            self.change(reply["changes"].as_array().expect("changes"));
        }
        if let Some(version) = reply["version"].as_u64() {
            self.versions.insert(version, self.segments.clone());
        }
    }

    fn change(&mut self, changes: &[Value]) {
        let lines_of = |c: &Value| -> Vec<String> {
            c["lines"]
                .as_str()
                .unwrap()
                .lines()
                .map(String::from)
                .collect()
        };
        let mut moving = std::collections::HashMap::new();
        for change in changes {
            let uid = change["uid"].as_str().unwrap();
            if change["op"] == "remove" || change["op"] == "move" {
                // A removal may name the segments that went with it, in order (`also`, uids
                // numbered in a row as a range: `e4-e23`).
                let also = change["also"].as_array().into_iter().flatten();
                let run: Vec<String> = std::iter::once(uid.to_string())
                    .chain(also.filter_map(Value::as_str).flat_map(uid_range))
                    .collect();
                for (i, uid) in run.iter().enumerate() {
                    let at = self.segments.iter().position(|(id, _)| id == uid);
                    let at = at.expect("segment to take out");
                    let (_, mut lines) = self.segments.remove(at);
                    // The last removed segment's last `keep` lines stay: the segment before
                    // has them now.
                    let keep = change["keep"].as_u64().unwrap_or(0) as usize;
                    if keep > 0 && i + 1 == run.len() {
                        let left = lines.split_off(lines.len() - keep);
                        self.segments[at - 1].1.extend(left);
                    }
                    moving.insert(uid.to_string(), lines);
                }
            }
        }
        for change in changes {
            let uid = change["uid"].as_str().unwrap();
            let held = match self.segments.iter_mut().find(|(id, _)| id == uid) {
                Some((_, lines)) => Some(lines),
                None => moving.get_mut(uid),
            };
            match (change["op"].as_str(), held) {
                (Some("change"), Some(lines)) => *lines = lines_of(change),
                (Some("change"), None) => {
                    moving.insert(uid.to_string(), lines_of(change));
                }
                // Some lines of the segment, last first: `remove` from `at`, `lines` instead.
                (Some("edit"), Some(lines)) => {
                    let at = change["at"].as_u64().unwrap() as usize;
                    let remove = change["remove"].as_u64().unwrap_or(0) as usize;
                    let new = change["lines"].as_str().unwrap_or_default().lines();
                    lines.splice(at..at + remove, new.map(String::from));
                }
                (Some("edit"), None) => panic!("edit of unknown segment {uid}"),
                _ => {}
            }
        }
        for change in changes {
            let uid = change["uid"].as_str().unwrap();
            match change["op"].as_str() {
                Some("add") => self.place(
                    uid,
                    &change["after"],
                    change["at"].as_u64(),
                    lines_of(change),
                ),
                Some("move") => {
                    let lines = moving.remove(uid).unwrap();
                    self.place(uid, &change["after"], None, lines);
                }
                _ => {}
            }
        }
    }

    fn text(&self) -> String {
        self.segments
            .iter()
            .flat_map(|(_, lines)| lines.clone())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

fn diff(env: &TestEnv, context: &str, extra: &[&str]) -> Value {
    let mut args = vec!["capture", "snapshot", "--diff"];
    args.extend_from_slice(extra);
    env.ctx(context, &args).ok().clone()
}

fn full(env: &TestEnv, context: &str) -> String {
    env.ctx(context, &["capture", "snapshot"]).ok()["snapshot"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn diffs_rebuild_the_page_exactly_and_a_cached_walk_matches_a_cold_one() {
    rebuilt_and_cold_walks_agree(MUTATING);
}

/// The same, with rules that hide an element by its place among its siblings: a mutation there
/// changes what a sibling (or a sibling's descendant) shows, which a walk keeping each block's
/// lines must not miss.
#[test]
fn rules_on_siblings_and_places_are_seen_by_a_cached_walk() {
    let rules = "<style>li:first-child > button { display: none } h3 + p { display: none } \
                 #root > :nth-child(4n) { visibility: hidden } button:only-child { cursor: pointer }</style>";
    rebuilt_and_cold_walks_agree(&format!("{rules}{MUTATING}"));
}

/// Random steps on `page`; after each, a `--diff` applied to a client's copy; every tenth step
/// the copy equals a full snapshot, and that equals a walk in a context that snapshots rarely.
fn rebuilt_and_cold_walks_agree(page: &str) {
    let server = HttpServer::start();
    server.page("/mutating.html", "Mutating", page);
    let env = TestEnv::new();
    for context in ["warm", "cold"] {
        env.ctx(context, &["page", "open", &server.url("/mutating.html")])
            .ok();
    }
    let mut client = Client::default();
    let first = diff(&env, "warm", &[]);
    assert_eq!(first["full"], true, "{first}");
    client.apply(&first);
    let (mut diffs, mut fulls) = (0, 0);
    for step in 1..=60 {
        for context in ["warm", "cold"] {
            env.ctx(context, &["runtime", "eval", "step()"]).ok();
        }
        let reply = diff(&env, "warm", &[]);
        if reply["full"] == true {
            fulls += 1;
        } else {
            diffs += 1;
        }
        client.apply(&reply);
        if step % 10 == 0 {
            // The client's copy is the page's snapshot, exactly.
            let warm = full(&env, "warm");
            assert_eq!(client.text(), warm, "step {step}: rebuilt from diffs");
            // And the warm walk shows what a walk that cached little shows.
            let cold = full(&env, "cold");
            assert_eq!(without_uids(&warm), without_uids(&cold), "step {step}");
        }
    }
    assert!(diffs > 40, "{diffs} diffs, {fulls} full");
}

/// The issue's check: a sequence of actions, each followed by `capture snapshot --diff`; a client
/// that applies only those diffs to the first snapshot, each to its copy as it stands (it keeps
/// no versions and reads no action replies), ends with the page's fresh snapshot, line for line.
#[test]
fn actions_each_followed_by_a_diff_rebuild_the_page_from_the_diffs_alone() {
    let server = HttpServer::start();
    server.page(
        "/acts.html",
        "Acts",
        "<ul id=l><li>First row</li></ul>
         <button onclick=\"l.insertAdjacentHTML('beforeend', '<li>Row ' + (l.children.length + 1) + ' <button>Open</button></li>')\">Add</button>
         <button onclick=\"l.firstElementChild.textContent = 'Renamed row'\">Rename</button>
         <button onclick=\"l.lastElementChild.remove()\">Remove</button>
         <button onclick=\"for (let i = 0; i < 5; i++) l.insertAdjacentHTML('beforeend', '<li>Row ' + (l.children.length + 1) + ' <button>Open</button></li>')\">Add five</button>
         <button onclick=\"while (l.children.length > 1) l.lastElementChild.remove()\">Clear</button>
         <label>Note <input id=n></label> <a href=#later>Later</a>",
    );
    let env = TestEnv::new();
    env.ctx("n", &["page", "open", &server.url("/acts.html")])
        .ok();
    let first = diff(&env, "n", &[]);
    let mut client = Client::default();
    client.load(first["snapshot"].as_str().expect("whole"));
    let mut version = first["version"].as_u64().unwrap();
    let page = first["snapshot"].as_str().unwrap().to_string();
    let (add_five, clear) = (
        uid_of(&page, "button \"Add five\""),
        uid_of(&page, "button \"Clear\""),
    );
    let (add, rename, remove, note, later) = (
        uid_of(&page, "button \"Add\""),
        uid_of(&page, "button \"Rename\""),
        uid_of(&page, "button \"Remove\""),
        uid_of(&page, "textbox \"Note\""),
        uid_of(&page, "link \"Later\""),
    );
    let steps: Vec<Vec<&str>> = vec![
        vec!["element", "click", &add],
        vec!["element", "click", &add],
        vec!["element", "fill", &note, "remember the milk"],
        vec!["element", "click", &rename],
        vec!["element", "click", &remove],
        vec!["element", "click", &later],
        vec!["element", "click", &add],
        vec!["element", "click", &add_five],
        vec!["element", "click", &clear],
    ];
    // A run of removed segments numbered in a row comes as a range (`"also": ["e12-e15"]`).
    let mut ranges = 0;
    for (n, step) in steps.iter().enumerate() {
        let acted = env.ctx("n", step).ok().clone();
        assert!(
            acted["changes"].is_array() || acted["snapshot"].is_string(),
            "{acted}"
        );
        let reply = diff(&env, "n", &[]);
        if let Some(text) = reply["snapshot"].as_str() {
            client.load(text);
        } else {
            // Against the version this client holds: the one its last diff answered.
            assert_eq!(
                reply["base"].as_u64().or(reply["version"].as_u64()),
                Some(version),
                "step {n}: {reply}"
            );
            let changes = reply["changes"].as_array().expect("changes");
            ranges += changes
                .iter()
                .flat_map(|c| c["also"].as_array().into_iter().flatten())
                .filter(|named| named.as_str().is_some_and(|n| n.contains('-')))
                .count();
            client.change(changes);
        }
        version = reply["version"].as_u64().unwrap();
        assert_eq!(client.text(), full(&env, "n"), "step {n}: {step:?}");
    }
    assert_eq!(ranges, 1, "the rows cleared are one range");
}

#[test]
fn versions_since_navigation_and_feedback_share_one_baseline() {
    let server = HttpServer::start();
    server.page(
        "/list.html",
        "List",
        &format!(
            "<nav>{}</nav><ul id=l><li><button onclick=\"this.textContent='Done'\">Do</button></li><li><a href=/next.html>Next</a></li></ul><p id=s>idle</p>",
            (1..=12).map(|i| format!("<a href=#{i}>Link {i}</a> ")).collect::<String>()
        ),
    );
    server.page("/next.html", "Next", "<h1>Next page</h1>");
    let env = TestEnv::new();
    env.ctx("v", &["page", "open", &server.url("/list.html")])
        .ok();
    let first = diff(&env, "v", &[]);
    assert_eq!(
        (first["full"].clone(), first["version"].clone()),
        (json!(true), json!(1))
    );
    let button = uid_of(first["snapshot"].as_str().unwrap(), "button \"Do\"");
    let same = diff(&env, "v", &[]);
    assert_eq!(
        (
            same["full"].clone(),
            same["version"].clone(),
            same["changes"].clone()
        ),
        (json!(false), json!(1), json!([])),
        "{same}"
    );
    assert!(same.get("snapshot").is_none());
    // In the same place, a diff leaves the URL and title out; a title set by script comes back.
    assert!(
        same.get("url").is_none() && same.get("title").is_none(),
        "{same}"
    );
    env.ctx("v", &["runtime", "eval", "document.title = 'Renamed'"])
        .ok();
    let renamed = diff(&env, "v", &[]);
    assert_eq!(renamed["title"], "Renamed", "{renamed}");
    assert!(
        renamed["url"]
            .as_str()
            .is_some_and(|u| u.ends_with("/list.html"))
    );

    // A row added by the page: an `add`, placed after the segment before it (and, since lines
    // without a uid belong to the uid line above them, the text it now precedes moves into it).
    env.ctx(
        "v",
        &[
            "runtime",
            "eval",
            "l.insertAdjacentHTML('beforeend', '<li><button>Added</button></li>')",
        ],
    )
    .ok();
    let added = diff(&env, "v", &[]);
    assert_eq!(added["version"], 2, "{added}");
    assert_eq!(added["base"], 1);
    let changes = added["changes"].as_array().unwrap();
    assert!(changes.len() <= 2, "{added}");
    let add = changes.iter().find(|c| c["op"] == "add").expect("an add");
    assert!(add["lines"].as_str().unwrap().contains("button \"Added\""));
    assert!(add["after"].is_string(), "{added}");
    let new_uid = add["uid"].as_str().unwrap();
    assert_eq!(added["uids"][new_uid]["name"], "Added", "{added}");

    // An action's feedback is the same kind of diff, and becomes the newest version.
    let clicked = env.ctx("v", &["element", "click", &button]).ok().clone();
    assert_eq!(clicked["version"], 3, "{clicked}");
    assert_eq!(clicked["base"], 2, "{clicked}");
    assert!(
        clicked["changes"]
            .to_string()
            .contains("button \\\"Done\\\""),
        "{clicked}"
    );
    // `--diff` compares with what this context's last snapshot showed (version 2): the click's
    // changes again, exactly (a client that reads only snapshots keeps up); then nothing, and
    // no `base` repeating the version.
    let after = diff(&env, "v", &[]);
    assert_eq!(
        (
            after["version"].clone(),
            after["base"].clone(),
            after["changes"].clone()
        ),
        (json!(3), json!(2), clicked["changes"].clone()),
        "{after}"
    );
    let again = diff(&env, "v", &[]);
    assert_eq!(
        (again["version"].clone(), again["changes"].clone()),
        (json!(3), json!([]))
    );
    assert!(again.get("base").is_none(), "{again}");
    // With `--since` the version the click answered, only what changed after it.
    let since_click = diff(&env, "v", &["--since", "3"]);
    assert_eq!(since_click["changes"], json!([]), "{since_click}");

    // Against an older version the daemon keeps; an unknown one is whole, with a warning.
    let since = diff(&env, "v", &["--since", "1"]);
    assert_eq!(
        (since["base"].clone(), since["full"].clone()),
        (json!(1), json!(false)),
        "{since}"
    );
    // The button changed and one was added above the text below it (the text stays in place:
    // `at`, not sent again).
    assert_eq!(since["changes"].as_array().unwrap().len(), 2, "{since}");
    assert_eq!(since["changes"][1]["at"], 1, "{since}");
    let unknown = env.ctx("v", &["capture", "snapshot", "--since", "99"]);
    assert_eq!(unknown.ok()["full"], true);
    assert!(unknown.ok()["snapshot"].is_string());
    assert_eq!(
        unknown.json["meta"]["warnings"][0]["code"], "SNAPSHOT_VERSION_UNKNOWN",
        "{}",
        unknown.stdout
    );
    // A version never issued is told apart from one no longer kept.
    let warning = &unknown.json["meta"]["warnings"][0];
    assert!(
        warning["message"]
            .as_str()
            .unwrap()
            .contains("version 99 of this page's snapshot in this view was never issued"),
        "{warning}"
    );
    assert_eq!(
        warning["details"]["latest"],
        unknown.ok()["version"],
        "{warning}"
    );

    // Another view is compared only with itself.
    let interactive = diff(&env, "v", &["--interactive"]);
    assert_eq!(interactive["full"], true, "{interactive}");
    assert!(!interactive["snapshot"].as_str().unwrap().contains("idle"));

    // A navigation: the new document is whole.
    env.ctx("v", &["page", "navigate", &server.url("/next.html")])
        .ok();
    let navigated = diff(&env, "v", &[]);
    assert_eq!(navigated["full"], true, "{navigated}");
    assert!(
        navigated["snapshot"]
            .as_str()
            .unwrap()
            .contains("Next page")
    );

    // Text form: the version and the changes.
    env.ctx(
        "v",
        &[
            "runtime",
            "eval",
            "document.body.insertAdjacentHTML('beforeend', '<button>More</button>')",
        ],
    )
    .ok();
    let text = env.ctx("v", &["capture", "snapshot", "--diff", "--output", "text"]);
    assert!(
        text.stdout.starts_with("version ")
            && text.stdout.contains("+ e")
            && text.stdout.contains("button \"More\""),
        "{}",
        text.stdout
    );
    // A threshold alone asks for a diff too (here: nothing changed since).
    let threshold = env.ctx("v", &["capture", "snapshot", "--full-above", "0.9"]);
    assert_eq!(
        (
            threshold.ok()["full"].clone(),
            threshold.ok()["changes"].clone()
        ),
        (json!(false), json!([])),
        "{}",
        threshold.stdout
    );
}

/// A snapshot narrowed to one element (`--root`, `--depth`) narrows what the agent looked at,
/// not what its next action reports: the action's changes are those of the whole page, against
/// the last whole snapshot, even when they fall outside that element or remove it.
#[test]
fn a_narrowed_snapshot_does_not_narrow_what_the_next_action_reports() {
    let server = HttpServer::start();
    server.page(
        "/narrow.html",
        "Narrow",
        &format!("<nav>{}</nav><ul id=l><li><a href=#a>Alpha</a><li id=gone><a href=#b>Beta</a></ul><p id=out>idle</p>\
         <button onclick=\"l.insertAdjacentHTML('beforeend','<li><a href=#c>Gamma</a>'); gone.remove(); out.textContent='done'\">Change</button>",
            (1..=12).map(|i| format!("<a href=#{i}>Link {i}</a> ")).collect::<String>()
        ),
    );
    let env = TestEnv::new();
    env.ctx("n", &["page", "open", &server.url("/narrow.html")])
        .ok();
    let whole = diff(&env, "n", &[]);
    let text = whole["snapshot"].as_str().unwrap();
    let (beta, button) = (
        uid_of(text, "link \"Beta\""),
        uid_of(text, "button \"Change\""),
    );
    // Looked at the top level, then at only Beta's link: the click removes that link, adds one
    // outside it and changes text elsewhere.
    env.ctx("n", &["capture", "snapshot", "--depth", "1"]).ok();
    let rooted = env
        .ctx("n", &["capture", "snapshot", "--root", &beta])
        .ok()
        .clone();
    assert_eq!(
        rooted["snapshot"],
        "{beta} link \"Beta\"".replace("{beta}", &beta)
    );
    let clicked = env.ctx("n", &["element", "click", &button]);
    let data = clicked.ok();
    assert_eq!(data["domChanged"], true, "{}", clicked.stdout);
    assert_eq!(data["base"], whole["version"], "{}", clicked.stdout);
    let changes = data["changes"].to_string();
    for seen in ["Gamma", "done", &format!("\"uid\":\"{beta}\"")] {
        assert!(changes.contains(seen), "{seen} not in {changes}");
    }
    assert!(
        clicked.json["meta"].get("warnings").is_none(),
        "{}",
        clicked.stdout
    );
}

#[test]
fn a_navigation_within_the_document_tells_its_title_only_when_the_page_changed_it() {
    let server = HttpServer::start();
    server.page(
        "/app.html",
        "App",
        "<a href=#/active>Active</a> <button onclick=\"history.pushState({}, '', '/app.html?view=done'); document.title = 'Done view'\">Done</button>",
    );
    let env = TestEnv::new();
    env.ctx("t", &["page", "open", &server.url("/app.html")])
        .ok();
    let page = full(&env, "t");
    let (fragment, retitle) = (
        uid_of(&page, "link \"Active\""),
        uid_of(&page, "button \"Done\""),
    );
    let kept = env.ctx("t", &["element", "click", &fragment]).ok().clone();
    assert_eq!(kept["navigated"], true, "{kept}");
    assert!(
        kept["url"]
            .as_str()
            .is_some_and(|u| u.ends_with("/app.html#/active")),
        "{kept}"
    );
    // The title did not change: not told again. Nothing opened: no `dialog`, no `newPages`.
    for absent in ["title", "dialog", "newPages"] {
        assert!(kept.get(absent).is_none(), "{absent}: {kept}");
    }
    let retitled = env.ctx("t", &["element", "click", &retitle, "--output", "text"]);
    assert!(
        retitled.stdout.starts_with(&format!(
            "click {retitle} → navigated to \"Done view\" http://"
        )),
        "{}",
        retitled.stdout
    );
    // The text form says where, without a title the agent already read nor the origin it is
    // still on.
    env.ctx("t", &["runtime", "eval", "location.hash = '#/all'"])
        .ok();
    let text = env.ctx("t", &["element", "click", &fragment, "--output", "text"]);
    let line = text.stdout.lines().next().unwrap_or_default();
    assert!(
        line == format!("click {fragment} → navigated to /app.html?view=done#/active"),
        "{}",
        text.stdout
    );
}

#[test]
fn bad_diff_parameters_are_refused_with_a_fix() {
    let env = TestEnv::new();
    let ratio = env.ctx("p", &["capture", "snapshot", "--diff", "--full-above", "2"]);
    let error = ratio.err("VALIDATION_ERROR", 2);
    assert!(
        error["message"].as_str().unwrap().contains("0 to 1"),
        "{error}"
    );
    let file = env.ctx(
        "p",
        &["capture", "snapshot", "--diff", "--file", "/tmp/x.txt"],
    );
    let error = file.err("VALIDATION_ERROR", 2);
    assert!(
        error["suggestions"].to_string().contains("--diff"),
        "{error}"
    );
    // A negative version or share is the flag's value, refused as such (not an unknown flag).
    let negative = env.ctx("p", &["capture", "snapshot", "--since", "-1"]);
    let error = negative.err("VALIDATION_ERROR", 2);
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("'-1' for '--since"),
        "{error}"
    );
    let negative = env.ctx("p", &["capture", "snapshot", "--full-above", "-0.5"]);
    let error = negative.err("VALIDATION_ERROR", 2);
    assert!(
        error["message"].as_str().unwrap().contains("0 to 1"),
        "{error}"
    );
    // A threshold, like a version, asks for a diff: alone it is not ignored.
    let implied = env.ctx(
        "p",
        &[
            "capture",
            "snapshot",
            "--full-above",
            "0.9",
            "--file",
            "/tmp/x.txt",
        ],
    );
    implied.err("VALIDATION_ERROR", 2);
}

/// A label that labels nothing (TodoMVC's item text beside its checkbox) is text in the
/// snapshot, and a styled checkbox is not named by its ::after tick (as in Chromium).
#[test]
fn an_unassociated_label_is_text_and_a_styled_checkbox_has_no_pseudo_name() {
    let server = HttpServer::start();
    server.page(
        "/todo.html",
        "Todo",
        "<style>.toggle { appearance: none } .toggle::after { content: '\\2714' }</style>
         <ul><li><input type=checkbox class=toggle><label>Buy milk</label><button>x</button></li></ul>
         <label>Email <input name=email></label>
         <label class=field><span>cli</span><i role=button aria-label=Remove>x</i>
           <span class=float>Skills</span><input role=combobox aria-label=Skills></label>
         <label class=field><span>Rust</span><span id=lang-label>Languages</span>
           <input role=combobox aria-labelledby=lang-label></label>",
    );
    let env = TestEnv::new();
    env.ctx("lbl", &["page", "open", &server.url("/todo.html")])
        .ok();
    let snap = full(&env, "lbl");
    assert!(snap.contains("text \"Buy milk\""), "{snap}");
    let checkbox = snap.lines().find(|l| l.contains("checkbox")).unwrap();
    assert!(!checkbox.contains('✔'), "{snap}");
    // A label that names its control is still not repeated as text.
    assert!(
        snap.contains("textbox \"Email\"") && !snap.contains("text \"Email"),
        "{snap}"
    );
    // A label around a control named otherwise (`aria-label`, `aria-labelledby`: Quasar's
    // field, its chips inside) shows its words as text, but those that name the control.
    for (chip, name) in [("cli", "Skills"), ("Rust", "Languages")] {
        assert!(
            snap.contains(&format!("text \"{chip}\"")),
            "the chip {chip} shows:\n{snap}"
        );
        assert!(
            snap.contains(&format!("combobox \"{name}\""))
                && !snap.contains(&format!("text \"{name}\"")),
            "{snap}"
        );
    }
}

/// A to-do list that rebuilds its whole list with `innerHTML` on every change, as TodoMVC's
/// vanilla example does.
const RERENDERING: &str = r#"<meta charset="utf-8"><h1>Todos</h1>
<input aria-label="New todo" id="new"><button id="add">Add</button>
<ul id="list"></ul>
<script>
const items = ['Milk'];
const render = () => {
  document.getElementById('list').innerHTML = items.map((t, i) =>
    `<li><div><input type="checkbox" aria-label="Done"> <span>${t}</span> <button data-i="${i}">Delete</button></div></li>`).join('');
  for (const b of document.querySelectorAll('[data-i]')) b.onclick = () => { items.splice(+b.dataset.i, 1); render(); };
};
document.getElementById('add').onclick = () => { items.push(document.getElementById('new').value || 'Eggs'); render(); };
render();
</script>"#;

#[test]
fn a_rebuilt_list_keeps_its_uids_so_the_diff_shows_only_what_changed() {
    let server = HttpServer::start();
    server.raw("/todos.html", "text/html", RERENDERING);
    let env = TestEnv::new();
    env.ctx("r", &["page", "open", &server.url("/todos.html")])
        .ok();
    let first = full(&env, "r");
    let milk = uid_of(&first, "button \"Delete\"");
    let add = uid_of(&first, "button \"Add\"");

    // The list is rebuilt with a second item: Milk's line keeps its uid, only Eggs is new.
    let clicked = env.ctx("r", &["element", "click", &add]).ok().clone();
    let changes = clicked["changes"].to_string();
    assert!(changes.contains("Eggs"), "{clicked}");
    assert!(
        !changes.contains("Milk") && !changes.contains("\"remove\""),
        "{clicked}"
    );
    // The next `--diff` (against the first snapshot) tells the same, then nothing.
    assert_eq!(diff(&env, "r", &[])["changes"], clicked["changes"]);
    assert_eq!(diff(&env, "r", &[])["changes"], json!([]));
    let now = full(&env, "r");
    assert_eq!(uid_of(&now, "button \"Delete\""), milk, "{now}");

    // The kept uid names the rebuilt node: deleting through it deletes Milk, not Eggs.
    env.ctx("r", &["element", "click", &milk]).ok();
    let after = full(&env, "r");
    assert!(!after.contains("Milk") && after.contains("Eggs"), "{after}");
}

/// Mithril's TodoMVC rebuilds its whole list section on every route: a "toggle all" checkbox and
/// the only row's checkbox, both unnamed beside the same text, are new nodes each time. Each
/// must take back its own uid, not the other's (that would make an agent's click tick another
/// box), even when the framework gives the row's checkbox a new id each time (as Ember does).
#[test]
fn a_rebuilt_section_gives_each_unnamed_checkbox_back_its_own_uid() {
    let server = HttpServer::start();
    server.page(
        "/rebuilt.html",
        "Rebuilt",
        "<section id=main></section><script>
         let renders = 0;
         function render(items) {
           renders += 1;
           main.innerHTML = '<input type=checkbox id=all><ul>' + items.map((t, i) =>
             '<li><div class=view><input type=checkbox class=toggle id=cb' + renders + '-' + i + '><label>' + t + '</label></div></li>').join('') + '</ul>';
         }
         render(['Buy milk']);
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("sig", &["page", "open", &server.url("/rebuilt.html")])
        .ok();
    let first = full(&env, "sig");
    let boxes: Vec<&str> = first
        .lines()
        .filter(|l| l.contains("checkbox"))
        .map(|l| l.trim().split(' ').next().unwrap())
        .collect();
    assert_eq!(boxes.len(), 2, "{first}");
    let (all, milk) = (boxes[0].to_string(), boxes[1].to_string());
    // Rebuilt with a second row: "toggle all" now stands beside other text (a new uid); the
    // first row's checkbox is the same thing as before.
    env.ctx(
        "sig",
        &["runtime", "eval", "render(['Buy milk', 'Write report'])"],
    )
    .ok();
    let again = full(&env, "sig");
    let row = again
        .lines()
        .position(|l| l.trim() == "text \"Buy milk\"")
        .expect("the row");
    let above = again.lines().nth(row - 1).unwrap().trim();
    assert!(above.starts_with(&format!("{milk} checkbox")), "{again}");
    assert!(!again.contains(&format!("{all} ")), "{again}");
    let clicked = env.ctx("sig", &["element", "click", &milk]).ok().clone();
    assert_eq!(
        env.ctx(
            "sig",
            &[
                "runtime",
                "eval",
                "document.querySelector('.toggle').checked"
            ]
        )
        .ok()["value"],
        true,
        "{clicked}"
    );
}

#[test]
fn a_page_shown_again_from_the_back_forward_cache_keeps_its_uids_and_version() {
    let server = HttpServer::start();
    server.page(
        "/a.html",
        "A",
        "<button onclick=\"this.textContent='Pressed'\">Press</button> <a href=/b.html>To B</a>",
    );
    server.page("/b.html", "B", "<h1>Page B</h1><a href=/a.html>To A</a>");
    let env = TestEnv::new();
    env.ctx("h", &["page", "open", &server.url("/a.html")]).ok();
    // Whether a page left goes to the back/forward cache is Chromium's call (a loaded machine
    // may time out putting it there): A is left and shown again until Chromium restored it,
    // not loaded it anew (its navigation entry then says `back_forward`).
    let restored = |env: &TestEnv| {
        let kind = "performance.getEntriesByType('navigation')[0].type";
        env.ctx("h", &["runtime", "eval", kind]).ok()["value"] == "navigate"
    };
    let (first, b) = (0..3)
        .find_map(|_| {
            let first = diff(&env, "h", &[]);
            env.ctx("h", &["page", "navigate", &server.url("/b.html")])
                .ok();
            let b = diff(&env, "h", &[]);
            env.ctx("h", &["page", "back"]).ok();
            restored(&env).then_some((first, b))
        })
        .expect("Chromium restores a page from its back/forward cache");
    let press = uid_of(first["snapshot"].as_str().unwrap(), "button \"Press\"");
    let to_a = uid_of(b["snapshot"].as_str().unwrap(), "link \"To A\"");
    let mut client = Client::default();
    client.apply(&first);
    client.apply(&b);
    // The page comes back whole from the cache: the same document, version and uids.
    let again = diff(&env, "h", &[]);
    assert_eq!(
        (&again["full"], &again["changes"], &again["version"]),
        (&json!(false), &json!([]), &first["version"]),
        "{again}"
    );
    // A client that keeps the versions it was shown has the page again.
    client.apply(&again);
    assert_eq!(client.text(), full(&env, "h"));
    let clicked = env.ctx("h", &["element", "click", &press]).ok().clone();
    assert!(
        clicked.to_string().contains("button \\\"Pressed\\\""),
        "{clicked}"
    );
    // The uids of the page left are stale here, and new ones are never reused.
    env.ctx("h", &["element", "click", &to_a])
        .err("UID_STALE", 3);
    // Forward: page B comes back from the cache too, with its uid.
    // (Were it loaded anew, it would be a new document, with new uids.)
    env.ctx("h", &["page", "forward"]).ok();
    let from_cache = restored(&env);
    let link = uid_of(&full(&env, "h"), "link \"To A\"");
    assert_eq!(link == to_a, from_cache, "{link} after {to_a}");
}

/// A page that changes itself a while after it loaded: a row added, one removed, a text
/// changed, a field typed into (no mutation), the title changed.
const CHANGES_LATER: &str = r##"<meta charset="utf-8">
<h1>Later</h1>
<ul id="l"><li><button>Keep</button></li><li id="gone"><a href="#x">Gone soon</a></li></ul>
<p id="t">before</p>
<input aria-label="Name">
<script>
setTimeout(() => {
  document.getElementById('l').insertAdjacentHTML('beforeend', '<li><button>Added later</button></li>');
  document.getElementById('gone').remove();
  document.getElementById('t').textContent = 'after';
  document.querySelector('input').value = 'typed';
  document.title = 'Changed later';
}, 400);
</script>"##;

#[test]
fn the_walk_prepared_when_a_page_loaded_shows_what_the_page_changed_after_it() {
    let server = HttpServer::start();
    server.page("/later.html", "Later", CHANGES_LATER);
    let env = TestEnv::new();
    // The navigation's walk runs as the page loads, before its changes.
    env.ctx("p", &["page", "open", &server.url("/later.html")])
        .ok();
    env.ctx("p", &["page", "wait-text", "after", "--timeout", "5000"])
        .ok();
    let reply = env.ctx("p", &["capture", "snapshot"]).ok().clone();
    let first = reply["snapshot"].as_str().unwrap();
    assert!(first.contains("button \"Added later\""), "{first}");
    assert!(first.contains("text \"after\""), "{first}");
    assert!(first.contains("value=\"typed\""), "{first}");
    assert!(
        !first.contains("Gone soon") && !first.contains("before"),
        "{first}"
    );
    assert_eq!(reply["title"], "Changed later", "{reply}");
    // Line for line what a walk that kept nothing shows (another depth: another walk).
    let cold = env
        .ctx("p", &["capture", "snapshot", "--depth", "1000"])
        .ok()["snapshot"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(without_uids(first), without_uids(&cold));
}

/// Rules added through the CSSOM change no node: a shadow root's own style sheet and a sheet the
/// document adopted are watched like the document's, so a cached walk never shows what such a
/// rule hid.
#[test]
fn a_rule_added_to_a_shadow_root_or_an_adopted_sheet_is_seen_by_the_next_snapshot() {
    let server = HttpServer::start();
    server.page(
        "/styled.html",
        "Styled",
        "<div id=host></div><p><button id=plain>Plain</button></p>
        <script>
          const root = document.getElementById('host').attachShadow({ mode: 'open' });
          root.innerHTML = '<style></style><p><button>Inside</button></p>';
          window.adopted = new CSSStyleSheet();
          document.adoptedStyleSheets = [window.adopted];
        </script>",
    );
    let env = TestEnv::new();
    env.ctx("s", &["page", "open", &server.url("/styled.html")])
        .ok();
    let before = full(&env, "s");
    assert!(
        before.contains("button \"Inside\"") && before.contains("button \"Plain\""),
        "{before}"
    );
    let hide_inside = "document.getElementById('host').shadowRoot.styleSheets[0].insertRule('button { display: none }'); 'ok'";
    env.ctx("s", &["runtime", "eval", hide_inside]).ok();
    let after = full(&env, "s");
    assert!(
        !after.contains("Inside") && after.contains("button \"Plain\""),
        "{after}"
    );
    env.ctx(
        "s",
        &[
            "runtime",
            "eval",
            "adopted.insertRule('#plain { display: none }'); 'ok'",
        ],
    )
    .ok();
    let last = full(&env, "s");
    assert!(!last.contains("Plain"), "{last}");
}

/// A walk that kept nothing: each depth is a walk of its own, taken once.
fn cold(env: &TestEnv, context: &str, depth: u32) -> Vec<String> {
    let depth = depth.to_string();
    let reply = env.ctx(context, &["capture", "snapshot", "--depth", &depth]);
    without_uids(reply.ok()["snapshot"].as_str().unwrap())
}

/// Style rules that show or hide an element on a state no mutation tells (`:hover`,
/// `:checked ~` — the box checked by a click or by a script —, `:focus-within`), on its place
/// among siblings, or on `:has()`: the action's
/// feedback, the next snapshot and a walk that kept nothing all show the same page. And a hover
/// menu that closes when the pointer leaves it moves what was under it: a click aimed before
/// that move still lands on its element, not on its neighbour.
#[test]
fn rules_on_states_siblings_and_has_are_seen_by_feedback_and_snapshots() {
    let server = HttpServer::start();
    server.page(
        "/rules.html",
        "Rules",
        "<style>
           .menu .sub { display: none } .menu:hover .sub { display: block }
           .panel { display: none } #t:checked ~ .panel { display: block }
           .hint { display: none } .fw:focus-within .hint { display: block }
           .clear { display: none } .list:has(li.done) .clear { display: block }
           .list li:first-child { display: none }
         </style>
         <div class=menu><button>Menu</button><div class=sub><p><a href=#a>Sub item</a></p><p>More</p><p>And more</p></div></div>
         <div><input type=checkbox id=t><label for=t>Toggle</label><div class=panel><p><button>Panel button</button></p></div></div>
         <div class=fw><input aria-label=Field><div class=hint><p>Hint text</p></div></div>
         <div class=list><ul><li>Hidden first</li><li>Second</li></ul><div><p><button class=clear>Clear done</button></p></div></div>",
    );
    let env = TestEnv::new();
    env.ctx("r", &["page", "open", &server.url("/rules.html")])
        .ok();
    let page = full(&env, "r");
    for hidden in [
        "Sub item",
        "Panel button",
        "Hint text",
        "Clear done",
        "Hidden first",
    ] {
        assert!(!page.contains(hidden), "{hidden}: {page}");
    }
    let (menu, toggle, field) = (
        uid_of(&page, "button \"Menu\""),
        uid_of(&page, "checkbox \"Toggle\""),
        uid_of(&page, "textbox \"Field\""),
    );
    let mut depth = 1000;
    let mut agree = |env: &TestEnv, step: &str| {
        depth += 1;
        let cached = full(env, "r");
        assert_eq!(without_uids(&cached), cold(env, "r", depth), "{step}");
        cached
    };
    let hovered = env.ctx("r", &["element", "hover", &menu]).ok().clone();
    assert!(
        hovered.to_string().contains("link \\\"Sub item\\\""),
        "{hovered}"
    );
    assert!(agree(&env, "hover").contains("link \"Sub item\""));
    // The menu closes as the pointer leaves it for the checkbox, and what was below moves up.
    let clicked = env.ctx("r", &["element", "click", &toggle]).ok().clone();
    assert_eq!(clicked["uid"], toggle.as_str(), "{clicked}");
    let checked = env
        .ctx(
            "r",
            &["runtime", "eval", "document.getElementById('t').checked"],
        )
        .ok()["value"]
        .clone();
    assert_eq!(checked, true, "the click landed elsewhere: {clicked}");
    let now = agree(&env, "checked");
    assert!(
        now.contains("button \"Panel button\"") && !now.contains("Sub item"),
        "{now}"
    );
    assert!(
        now.contains(&format!("{toggle} checkbox \"Toggle\" focused checked")),
        "{now}"
    );
    let focused = env.ctx("r", &["element", "click", &field]).ok().clone();
    assert!(focused.to_string().contains("Hint text"), "{focused}");
    assert!(
        focused["__warnings"].is_null() && !focused.to_string().contains("ACTION_NO_EFFECT"),
        "{focused}"
    );
    assert!(agree(&env, "focus-within").contains("text \"Hint text\""));
    // A class on a list item shows a button outside the list (`:has()`); an item put first
    // hides itself and shows the one it pushed down (`:first-child`).
    let mark = "document.querySelector('.list li:last-child').classList.add('done'); \
                document.querySelector('.list ul').insertAdjacentHTML('afterbegin', '<li>New first</li>'); 'ok'";
    env.ctx("r", &["runtime", "eval", mark]).ok();
    let changed = diff(&env, "r", &[]);
    assert!(changed.to_string().contains("Clear done"), "{changed}");
    let last = agree(&env, "has and first-child");
    assert!(
        last.contains("button \"Clear done\"")
            && last.contains("text \"Hidden first\"")
            && !last.contains("New first"),
        "{last}"
    );
    // A script unchecks the box by property: no event, no mutation, and the panel hides.
    env.ctx(
        "r",
        &[
            "runtime",
            "eval",
            "document.getElementById('t').checked = false",
        ],
    )
    .ok();
    let unchecked = agree(&env, "checked by a script");
    assert!(!unchecked.contains("Panel button"), "{unchecked}");
    // A hover that leaves the open menu for what is below it rests on what it named.
    env.ctx("r", &["element", "hover", &menu]).ok();
    env.ctx("r", &["element", "hover", &field]).ok();
    let over = "document.querySelector('.fw input').matches(':hover')";
    let over = env.ctx("r", &["runtime", "eval", over]).ok()["value"].clone();
    assert_eq!(over, true, "the hover rested elsewhere");
}

/// A media query that starts or stops matching changes what a page shows without a mutation or
/// a resize: an emulated colour scheme, print, reduced motion. The next snapshot shows it, as a
/// walk that kept nothing does.
#[test]
fn an_emulated_colour_scheme_or_print_is_seen_by_the_next_snapshot() {
    let server = HttpServer::start();
    server.page(
        "/media.html",
        "Media",
        "<style>@media (prefers-color-scheme: dark) { .light { display: none } } @media print { .screen { display: none } }
                @media (prefers-reduced-motion: reduce) { .moving { display: none } }</style>
         <p class=light><button>Light</button></p><p class=screen><button>Screen</button></p><p class=moving><button>Moving</button></p>",
    );
    let env = TestEnv::new();
    env.ctx("m", &["page", "open", &server.url("/media.html")])
        .ok();
    let shown = |env: &TestEnv, depth: u32| {
        let page = full(env, "m");
        assert_eq!(without_uids(&page), cold(env, "m", depth), "{page}");
        ["Light", "Screen", "Moving"]
            .into_iter()
            .filter(|name| page.contains(&format!("button \"{name}\"")))
            .collect::<Vec<_>>()
    };
    assert_eq!(shown(&env, 1001), ["Light", "Screen", "Moving"]);
    env.ctx("m", &["emulation", "set", "--color-scheme", "dark"])
        .ok();
    assert_eq!(shown(&env, 1002), ["Screen", "Moving"]);
    env.ctx("m", &["emulation", "reset"]).ok();
    assert_eq!(shown(&env, 1003), ["Light", "Screen", "Moving"]);
    let media = r#"{"media": "print", "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}"#;
    env.ctx("m", &["cdp", "send", "Emulation.setEmulatedMedia", media])
        .ok();
    assert_eq!(shown(&env, 1004), ["Light"]);
}

/// A custom element defined after the page loaded (a lazily loaded component) attaches its
/// shadow root then, which no mutation observer is told of: the next snapshot shows what the
/// shadow root holds, as a walk that kept nothing does, and what is added inside it later.
#[test]
fn a_component_defined_after_the_first_snapshot_shows_its_shadow_root() {
    let server = HttpServer::start();
    server.page(
        "/late.html",
        "Late",
        "<div><p>Before</p><late-el></late-el></div>
         <script>window.defineIt = () => customElements.define('late-el', class extends HTMLElement {
           connectedCallback() { this.attachShadow({ mode: 'open' }).innerHTML = '<p><button>Inside</button></p>'; } });</script>",
    );
    let env = TestEnv::new();
    env.ctx("l", &["page", "open", &server.url("/late.html")])
        .ok();
    let before = full(&env, "l");
    assert!(!before.contains("Inside"), "{before}");
    env.ctx("l", &["runtime", "eval", "defineIt()"]).ok();
    let defined = diff(&env, "l", &[]);
    assert!(
        defined.to_string().contains("button \\\"Inside\\\""),
        "{defined}"
    );
    let after = full(&env, "l");
    assert_eq!(without_uids(&after), cold(&env, "l", 1001));
    let more = "document.querySelector('late-el').shadowRoot.firstChild.insertAdjacentHTML('afterend', '<p><a href=#x>Later link</a></p>'); 'ok'";
    env.ctx("l", &["runtime", "eval", more]).ok();
    assert!(full(&env, "l").contains("link \"Later link\""));
}

/// A component hidden until it is defined (`:not(:defined) { display: none }`, a common guard
/// against unstyled content) and defined later, with no shadow root: the next snapshot shows it.
#[test]
fn a_component_hidden_until_defined_shows_once_defined() {
    let server = HttpServer::start();
    server.page(
        "/defined.html",
        "Defined",
        "<style>light-el:not(:defined) { display: none }</style>
         <div><p>Before</p><light-el><button>Light DOM button</button></light-el></div>
         <script>window.defineIt = () => customElements.define('light-el', class extends HTMLElement {});</script>",
    );
    let env = TestEnv::new();
    env.ctx("d", &["page", "open", &server.url("/defined.html")])
        .ok();
    assert!(!full(&env, "d").contains("Light DOM button"));
    env.ctx("d", &["runtime", "eval", "defineIt()"]).ok();
    let after = full(&env, "d");
    assert!(after.contains("button \"Light DOM button\""), "{after}");
    assert_eq!(without_uids(&after), cold(&env, "d", 1001));
}

/// A label whose checkbox is hidden (the toggle of a sidebar or a menu, as mdBook's "Toggle
/// Table of Contents": a `<label for>` around an icon, the checkbox `display: none`, the
/// sidebar shown by `:checked ~`) is what takes the clicks: it is `clickable` under its name
/// (Chromium's `LabelText`), not its unnamed icon. Clicking it shows the sidebar in the
/// feedback; the checkbox shown by a script makes the label plain text again, in the cached
/// walk as in a cold one.
#[test]
fn a_label_whose_checkbox_is_hidden_is_the_clickable_toggle() {
    let server = HttpServer::start();
    server.page(
        "/toggle.html",
        "Toggle",
        "<style>
           #t { display: none } #t.shown { display: inline }
           .icon { cursor: pointer } nav { display: none } #t:checked ~ nav { display: block }
         </style>
         <input type=checkbox id=t>
         <label for=t class=icon aria-label=\"Toggle Table of Contents\"><svg width=16 height=16 viewBox=\"0 0 8 8\"><path d=\"M0 1h8v1H0z\"/></svg></label>
         <label for=t>Menu</label>
         <nav><a href=\"#one\">Chapter one</a></nav>
         <p>Text</p>",
    );
    let env = TestEnv::new();
    env.ctx("lt", &["page", "open", &server.url("/toggle.html")])
        .ok();
    let snap = full(&env, "lt");
    let toggle = uid_of(&snap, "clickable \"Toggle Table of Contents\"");
    uid_of(&snap, "clickable \"Menu\"");
    assert!(!snap.contains("Chapter one"), "{snap}");
    let click = env.ctx("lt", &["element", "click", &toggle]);
    let changes = click.ok()["changes"].to_string();
    assert!(changes.contains("link \\\"Chapter one\\\""), "{changes}");
    assert_eq!(without_uids(&full(&env, "lt")), cold(&env, "lt", 1000));
    // The checkbox shown: it takes the clicks itself, named by its labels (their icon is no
    // clickable of its own).
    env.ctx(
        "lt",
        &[
            "runtime",
            "eval",
            "document.getElementById('t').classList.add('shown')",
        ],
    )
    .ok();
    let snap = full(&env, "lt");
    assert!(
        snap.contains("checkbox \"Toggle Table of Contents Menu\"") && !snap.contains("clickable"),
        "{snap}"
    );
    assert_eq!(without_uids(&snap), cold(&env, "lt", 1001));
}

/// A table that only lays the page out (nested tables for a menu and a column, as old
/// documentation pages have) shows its contents without table, row and cell lines, whose names
/// repeated the whole menu; a table of data keeps them. A layout table that grows to 20 rows is
/// judged data (as Chromium judges it): the cached walk shows its rows as a cold walk does.
#[test]
fn a_table_that_only_lays_the_page_out_shows_its_contents_not_its_cells() {
    let server = HttpServer::start();
    server.page(
        "/layout.html",
        "Layout",
        "<table id=page><tr>
           <td><table><tr><td>Main Menu</td></tr><tr><td><a href=#home>Home</a> <a href=#faq>FAQ</a></td></tr></table></td>
           <td><h2>Library</h2><table id=grow><tr><td>row 1</td><td>a</td></tr></table></td>
         </tr></table>
         <table><caption>Prices</caption><tr><th>Item</th><th>Price</th></tr><tr><td>Tea</td><td>3</td></tr></table>",
    );
    let env = TestEnv::new();
    env.ctx("lt", &["page", "open", &server.url("/layout.html")])
        .ok();
    let snap = full(&env, "lt");
    assert!(
        snap.contains("link \"Home\"") && snap.contains("text \"Main Menu\""),
        "{snap}"
    );
    assert!(snap.contains("heading \"Library\""), "{snap}");
    // Only the table of prices is a table.
    assert_eq!(snap.matches(" table").count(), 1, "{snap}");
    assert!(snap.contains("cell \"Tea\""), "{snap}");
    assert!(!snap.contains("cell \"Main Menu\""), "{snap}");
    assert_eq!(without_uids(&snap), cold(&env, "lt", 1000));
    // 19 more rows: a data table now.
    env.ctx(
        "lt",
        &[
            "runtime",
            "eval",
            "const t = document.getElementById('grow'); \
             for (let i = 2; i <= 20; i++) t.insertRow().innerHTML = '<td>row ' + i + '</td><td>b</td>'; 'ok'",
        ],
    )
    .ok();
    let snap = full(&env, "lt");
    assert!(snap.contains("cell \"row 1\""), "{snap}");
    assert_eq!(without_uids(&snap), cold(&env, "lt", 1001));
}

/// What the page does not show has no text line, as in Chromium's tree: the text of a
/// `visibility: hidden` element (a child made visible again shows), a closed `<details>`'
/// content (its summary is the button, `expanded` once open), content `hidden=until-found`.
/// Opening, closing and showing them again are seen by the cached walk as by a cold one.
#[test]
fn hidden_content_shows_no_text_and_comes_back_when_shown() {
    let server = HttpServer::start();
    server.page(
        "/hidden.html",
        "Hidden",
        "<h1>Shown</h1>
         <div id=v style=\"visibility: hidden\">secret one <span style=\"visibility: visible\">shown child</span></div>
         <details><summary>More</summary><p>secret two <a href=\"#x\">Inner link</a></p>bare two</details>
         <div id=u hidden=until-found>secret three <a href=\"#f\">Found link</a></div>
         <p>end</p>",
    );
    let env = TestEnv::new();
    env.ctx("h", &["page", "open", &server.url("/hidden.html")])
        .ok();
    let snap = full(&env, "h");
    assert!(
        !snap.contains("secret") && !snap.contains("bare") && !snap.contains("link"),
        "{snap}"
    );
    assert!(snap.contains("text \"shown child\""), "{snap}");
    let more = uid_of(&snap, "button \"More\"");
    assert!(!snap.contains("expanded"), "{snap}");
    // Opened: its content is the click's change; closed again, it goes.
    let opened = env.ctx("h", &["element", "click", &more]);
    // (Its changes, or the whole snapshot: most of this small page changed.)
    let changes = opened.ok().to_string();
    for seen in [
        "expanded",
        "secret two",
        "link \\\"Inner link\\\"",
        "bare two",
    ] {
        assert!(changes.contains(seen), "{seen} not in {changes}");
    }
    assert_eq!(without_uids(&full(&env, "h")), cold(&env, "h", 1000));
    env.ctx("h", &["element", "click", &more]).ok();
    let closed = full(&env, "h");
    assert!(!closed.contains("secret two"), "{closed}");
    assert_eq!(without_uids(&closed), cold(&env, "h", 1001));
    // Shown by a script: the hidden text and the content found.
    env.ctx(
        "h",
        &[
            "runtime",
            "eval",
            "v.style.visibility = 'visible'; u.removeAttribute('hidden')",
        ],
    )
    .ok();
    let shown = full(&env, "h");
    assert!(
        shown.contains("text \"secret one shown child\"")
            && shown.contains("secret three")
            && shown.contains("link \"Found link\""),
        "{shown}"
    );
    assert_eq!(without_uids(&shown), cold(&env, "h", 1002));
}

/// Web components as they render (their flat tree), as in Chromium's tree: a slotted label is
/// its button's name, not a text line of its own; what a closed dialog slots stays hidden, and
/// shows in the dialog's place once open; a host's child no slot takes shows nowhere. A change
/// to slotted text reaches the next diff, and a press on a slotted label presses its button.
#[test]
fn web_components_show_as_they_render() {
    let server = HttpServer::start();
    server.page(
        "/wc.html",
        "Components",
        "<p id=out>idle</p>
         <x-button id=save>Save</x-button>
         <x-dialog id=d><p id=q>Are you sure?</p><x-button slot=footer>OK</x-button></x-dialog>
         <x-empty><span>unslotted words</span></x-empty>
         <script>
         customElements.define('x-button', class extends HTMLElement { connectedCallback() {
           this.attachShadow({ mode: 'open' }).innerHTML = '<button style=\"font-size:20px\"><slot></slot></button>'; } });
         customElements.define('x-dialog', class extends HTMLElement { connectedCallback() {
           this.attachShadow({ mode: 'open' }).innerHTML = '<style>:host(:not([open])) div { display: none }</style>' +
             '<div role=dialog aria-label=Confirm><slot></slot><footer><slot name=footer></slot></footer></div>'; } });
         customElements.define('x-empty', class extends HTMLElement { connectedCallback() {
           this.attachShadow({ mode: 'open' }).innerHTML = '<p>Only the shadow</p>'; } });
         save.addEventListener('click', () => out.textContent = 'saved');
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("w", &["page", "open", &server.url("/wc.html")])
        .ok();
    let snap = cdt_e2e::snapshot(&env, "w");
    let texts = cdt_e2e::chromium_texts(&env, "w");
    for hidden in ["Are you sure?", "unslotted words"] {
        assert!(
            !texts.iter().any(|t| t == hidden),
            "Chromium shows {hidden:?}: {texts:?}"
        );
        assert!(!snap.contains(hidden), "{snap}");
    }
    assert!(snap.contains("text \"Only the shadow\""), "{snap}");
    assert!(
        snap.contains("button \"Save\"") && !snap.contains("text \"Save\""),
        "{snap}"
    );
    let save = uid_of(&snap, "button \"Save\"");
    env.ctx("w", &["element", "click", &save]).ok();
    let read = |js: &str| env.ctx("w", &["runtime", "eval", js]).ok()["value"].clone();
    assert_eq!(read("out.textContent"), "saved");
    // Opened, the dialog shows what it slots, in its place; then a slotted text changes.
    let mut client = Client::default();
    client.apply(&diff(&env, "w", &[]));
    env.ctx("w", &["runtime", "eval", "d.setAttribute('open', '')"])
        .ok();
    let opened = diff(&env, "w", &[]);
    client.apply(&opened);
    let now = full(&env, "w");
    assert_eq!(client.text(), now);
    let dialog: Vec<&str> = now
        .lines()
        .skip_while(|l| !l.contains("dialog \"Confirm\""))
        .take(3)
        .collect();
    assert!(
        dialog.len() == 3
            && dialog[1].contains("text \"Are you sure?\"")
            && dialog[2].contains("button \"OK\""),
        "{now}"
    );
    env.ctx("w", &["runtime", "eval", "q.firstChild.data = 'Really?'"])
        .ok();
    let edited = diff(&env, "w", &[]);
    assert!(edited.to_string().contains("Really?"), "{edited}");
    client.apply(&edited);
    assert_eq!(client.text(), full(&env, "w"));
}

/// What an action did shows in its feedback, as Chromium's tree says it: a validation message
/// that went (by its words: the field's changed line alone would not show it), the tab now
/// selected, a toggle button pressed, a checkbox half checked; the next `--diff` too, and the
/// page rebuilt from the replies equals a fresh snapshot.
#[test]
fn a_cleared_message_a_selected_tab_and_a_pressed_button_show_in_feedback() {
    let server = HttpServer::start();
    server.page(
        "/form.html",
        "Order",
        "<style>.msg { display: none } .checked input:invalid + .msg { display: block }</style>
         <form id=f class=checked novalidate>
           <input id=email type=email required aria-label=Email><div class=msg>Please give an email.</div>
         </form>
         <div role=tablist aria-label=Product>
           <button role=tab aria-selected=true id=t1 onclick=\"pick(this)\">Description</button>
           <button role=tab aria-selected=false id=t2 onclick=\"pick(this)\">Reviews</button>
         </div>
         <button aria-pressed=false onclick=\"this.setAttribute('aria-pressed', this.getAttribute('aria-pressed') === 'true' ? 'false' : 'true')\">Bold</button>
         <nav><a href=#home aria-current=page>Home</a> <a href=#about>About</a></nav>
         <span role=button tabindex=0 style='display:inline-block;width:12px;height:12px' aria-label='Go to slide 1' aria-current=true onclick=\"slide(this)\"></span>
         <span role=button tabindex=0 style='display:inline-block;width:12px;height:12px' aria-label='Go to slide 2' onclick=\"slide(this)\"></span>
         <label><input type=checkbox id=every> All</label>
         <button onclick=\"every.indeterminate = true\">Some</button>
         <script>function slide(b) { for (const o of document.querySelectorAll('[aria-label^=Go]')) o === b ? o.setAttribute('aria-current', 'true') : o.removeAttribute('aria-current'); }
           function pick(tab) { for (const t of document.querySelectorAll('[role=tab]')) t.setAttribute('aria-selected', t === tab); }
           for (let i = 1; i <= 20; i++) document.body.insertAdjacentHTML('beforeend', `<p>Review ${i}: a sturdy kettle that boils fast.</p>`);</script>",
    );
    let env = TestEnv::new();
    env.ctx("g", &["page", "open", &server.url("/form.html")])
        .ok();
    let page = full(&env, "g");
    assert!(
        page.contains("text \"Please give an email.\"")
            && page.contains("tab \"Description\" selected")
            && page.contains("button \"Bold\"\n"),
        "{page}"
    );
    let email = uid_of(&page, "textbox \"Email\"");
    let mut client = Client::default();
    client.apply(&env.ctx("g", &["capture", "snapshot"]).ok().clone());

    // The message goes as the field takes a valid value: the feedback tells it by its words.
    let filled = env
        .ctx("g", &["element", "fill", &email, "ada@example.com"])
        .ok()
        .clone();
    let gone: Vec<&Value> = filled["changes"]
        .as_array()
        .map(|c| c.iter().filter(|c| c.get("gone").is_some()).collect())
        .unwrap_or_default();
    assert_eq!(gone.len(), 1, "{filled}");
    assert_eq!(gone[0]["op"], "edit", "{filled}");
    assert_eq!(gone[0]["uid"], email.as_str(), "{filled}");
    assert_eq!(
        gone[0]["gone"], "text \"Please give an email.\"",
        "{filled}"
    );
    client.apply(&filled);
    assert_eq!(client.text(), full(&env, "g"));
    client.apply(&env.ctx("g", &["capture", "snapshot"]).ok().clone());
    // It comes back with the field's changed line (the segment whole), and goes again.
    let text = env.ctx("g", &["element", "fill", &email, "ada", "--output", "text"]);
    assert!(
        text.stdout.contains(&format!(
            "~ {email} textbox \"Email\" focused required value=\"ada\"\n  text \"Please give an email.\""
        )),
        "{}",
        text.stdout
    );
    let text = env.ctx(
        "g",
        &[
            "element",
            "fill",
            &email,
            "ada@example.org",
            "--output",
            "text",
        ],
    );
    assert!(
        text.stdout
            .contains(&format!("- {email}:1 text \"Please give an email.\"")),
        "{}",
        text.stdout
    );

    // A tab selected, a toggle pressed, a checkbox half checked: each by the state Chromium's
    // tree gives it.
    let page = full(&env, "g");
    let reviews = uid_of(&page, "tab \"Reviews\"");
    let text = env.ctx("g", &["element", "click", &reviews, "--output", "text"]);
    assert!(
        text.stdout
            .contains(&format!("~ {reviews} tab \"Reviews\" focused selected"))
            && text.stdout.contains("tab \"Description\"\n"),
        "{}",
        text.stdout
    );
    let bold = uid_of(&page, "button \"Bold\"");
    let text = env.ctx("g", &["element", "click", &bold, "--output", "text"]);
    assert!(
        text.stdout
            .contains(&format!("~ {bold} button \"Bold\" focused pressed")),
        "{}",
        text.stdout
    );
    let some = uid_of(&page, "button \"Some\"");
    let text = env.ctx("g", &["element", "click", &some, "--output", "text"]);
    assert!(
        text.stdout.contains("checkbox \"All\" checked=mixed"),
        "{}",
        text.stdout
    );
    // The current item of a set (`aria-current`): a navigation's page, a carousel's bullet.
    assert!(page.contains("link \"Home\" current=page"), "{page}");
    let second = uid_of(&page, "button \"Go to slide 2\"");
    let text = env.ctx("g", &["element", "click", &second, "--output", "text"]);
    assert!(
        text.stdout.contains("button \"Go to slide 1\"\n")
            && text.stdout.contains(&format!(
                "~ {second} button \"Go to slide 2\" focused current"
            )),
        "{}",
        text.stdout
    );
    let diff = &env
        .ctx("g", &["capture", "snapshot", "--diff", "--output", "text"])
        .stdout;
    assert!(
        diff.contains("selected") && diff.contains("pressed") && diff.contains("checked=mixed"),
        "{diff}"
    );
}

/// A modal dialog that hides the rest of the page (`aria-hidden` on it, as Material UI's and
/// Radix's do) leaves the dialog alone in the snapshot; once it closes, the action's feedback
/// tells the changes from the page as it was before the dialog (`earlier`, `base` that
/// version), not the whole page again, and a client that kept that version rebuilds the page.
#[test]
fn a_page_back_from_under_a_modal_dialog_is_told_as_changes_from_before_it() {
    let server = HttpServer::start();
    let rows: String = (1..=12)
        .map(|n| format!("<li>Order {n} <button>Open {n}</button></li>"))
        .collect();
    server.page(
        "/modal.html",
        "Modal",
        &format!(
            "<main id=app><h1>Orders</h1><ul>{rows}</ul><p id=out>Nothing deleted</p>
             <button id=del>Delete all</button></main>
             <div id=modal role=dialog aria-label='Delete all?' hidden>
               <p>This cannot be undone.</p><button id=cancel>Cancel</button></div>
             <script>
             del.onclick = () => {{ modal.hidden = false; app.setAttribute('aria-hidden', 'true'); cancel.focus(); }};
             cancel.onclick = () => {{ modal.hidden = true; app.removeAttribute('aria-hidden');
               out.textContent = 'Deletion cancelled'; del.focus(); }};
             </script>"
        ),
    );
    let env = TestEnv::new();
    env.ctx("m", &["page", "open", &server.url("/modal.html")])
        .ok();
    let first = diff(&env, "m", &[]);
    let page = first["snapshot"].as_str().expect("whole").to_string();
    let mut client = Client::default();
    client.apply(&first);
    let del = uid_of(&page, "button \"Delete all\"");
    let opened = env.ctx("m", &["element", "click", &del]).ok().clone();
    assert!(opened["snapshot"].is_string(), "{opened}");
    client.apply(&opened);
    let cancel = uid_of(opened["snapshot"].as_str().unwrap(), "button \"Cancel\"");
    let closed = env.ctx("m", &["element", "click", &cancel]).ok().clone();
    assert_eq!(closed["earlier"], true, "{closed}");
    assert_eq!(closed["base"], first["version"], "{closed}");
    assert_eq!(closed["domChanged"], true, "{closed}");
    assert!(closed["snapshot"].is_null(), "{closed}");
    assert!(
        closed["changes"].to_string().contains("Deletion cancelled"),
        "{closed}"
    );
    client.apply(&closed);
    assert_eq!(client.text(), full(&env, "m"));
    // Opened and closed again, the page is back exactly as it was: that version is named, in
    // the text form too.
    let before = closed["version"].clone();
    env.ctx("m", &["element", "click", &del]).ok();
    let cancel = uid_of(&full(&env, "m"), "button \"Cancel\"");
    let again = env.ctx("m", &["element", "click", &cancel]).ok().clone();
    assert_eq!(
        (again["earlier"].clone(), again["base"].clone()),
        (json!(true), before),
        "{again}"
    );
    env.ctx("m", &["element", "click", &del]).ok();
    let cancel = uid_of(&full(&env, "m"), "button \"Cancel\"");
    let said = env.ctx("m", &["element", "click", &cancel, "--output", "text"]);
    assert!(
        said.stdout.starts_with(&format!(
            "click {cancel} → the page is back as it was at version "
        )),
        "{}",
        said.stdout
    );
}
