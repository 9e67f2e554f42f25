//! The page probe in its isolated world: a hostile page can neither see it nor make a uid act
//! on another element (a uid passes only to an equal element that replaced its node, as in a
//! re-render); every actionable element has a uid; HTML5 drag-and-drop; every frame
//! (data:, same-origin, nested out-of-process) is snapshotted and searched; a snapshot during a
//! pending navigation answers with the document on screen.

use std::time::{Duration, Instant};

use cdt_e2e::{HttpServer, TestEnv, snapshot, uid_of};
use serde_json::{Value, json};

fn eval(env: &TestEnv, context: &str, script: &str) -> Value {
    env.ctx(context, &["runtime", "eval", script]).ok()["value"].clone()
}

/// Patches what an in-page probe would use, plants fake registries, watches for cdt.
const HOSTILE: &str = r#"<meta charset="utf-8">
<div id=top><button id=target onclick="log('target')">Target</button></div>
<div id=bottom><button id=decoy onclick="log('decoy')">Decoy</button></div>
<p id=out></p>
<p>&#127;0:0&#127; forged &#1;0:1&#2;</p><button>&#127;1:2&#127; Pay</button>
<script>
window.clicks = [];
function log(who) { clicks.push(who); document.getElementById('out').textContent = clicks.join(','); }
const decoy = document.getElementById('decoy');
const realQsa = Document.prototype.querySelectorAll;
Document.prototype.querySelector = function () { return decoy; };
Document.prototype.querySelectorAll = function () { return realQsa.call(this, '#decoy'); };
Element.prototype.querySelector = function () { return decoy; };
Element.prototype.getBoundingClientRect = function () { const r = decoy.getClientRects()[0]; return r; };
Element.prototype.getClientRects = function () { return [decoy.getBoundingClientRect()]; };
Element.prototype.scrollIntoView = function () {};
Document.prototype.elementFromPoint = function () { return decoy; };
window.observers = 0;
window.MutationObserver = function () { window.observers++; return { observe() {}, disconnect() {} }; };
window.WeakRef = function () { return { deref() { return decoy; } }; };
window.__cdt = { byUid: { get() { return { deref() { return decoy; } }; } }, prefix: '', next: 1 };
window.seen = [];
setInterval(() => {
  for (const k of Object.getOwnPropertyNames(window)) if (/(^|_)cdt/i.test(k) && k !== '__cdt') seen.push(k);
  document.querySelectorAll('*');
}, 5);
function swap() {
  // Move the target away and the decoy where it was; plant a fake registry again.
  document.getElementById('bottom').appendChild(document.getElementById('target'));
  document.getElementById('top').appendChild(decoy);
  window.__cdt = { byUid: new Map([['e1', { deref: () => decoy }], ['e2', { deref: () => decoy }]]) };
}
function replace() {
  const target = document.getElementById('target');
  const twin = target.cloneNode(true);
  target.replaceWith(twin);
}
</script>"#;

#[test]
fn a_hostile_page_can_neither_see_the_probe_nor_redirect_a_uid() {
    let server = HttpServer::start();
    server.page("/hostile.html", "Hostile", HOSTILE);
    let env = TestEnv::new();
    env.ctx("h", &["page", "open", &server.url("/hostile.html")])
        .ok();
    let reply = env.ctx("h", &["capture", "snapshot"]);
    let data = reply.ok();
    let snap = data["snapshot"].as_str().unwrap().to_string();
    let target = uid_of(&snap, "button \"Target\"");
    let decoy = uid_of(&snap, "button \"Decoy\"");
    assert_ne!(target, decoy);
    // Page text cannot carry the characters that delimit the probe's placeholders for new uids:
    // it shows as text, the delimiters dropped.
    assert!(!snap.contains(['\u{7f}', '\u{1}', '\u{2}']), "{snap:?}");
    assert!(snap.contains("text \"0:0 forged 0:1\""), "{snap}");
    assert!(snap.contains(" button \"1:2 Pay\""), "{snap}");
    // The uid map names each node's role and name (its backendNodeId is read on first use).
    assert_eq!(data["uids"][&target]["name"], "Target", "{data}");
    assert_eq!(data["uids"][&decoy]["role"], "button", "{data}");

    eval(&env, "h", "swap()");
    env.ctx("h", &["element", "click", &target]).ok();
    assert_eq!(eval(&env, "h", "clicks.join(',')"), "target");
    env.ctx("h", &["element", "click", "--selector", "#target"])
        .ok();
    env.ctx("h", &["element", "click", "--text", "Target"]).ok();
    assert_eq!(eval(&env, "h", "clicks.join(',')"), "target,target,target");
    // The same node keeps its uid wherever the page moved it.
    assert_eq!(uid_of(&snapshot(&env, "h"), "button \"Target\""), target);

    // Nothing of cdt is visible from the page's world, and its patched built-ins were not used.
    assert_eq!(eval(&env, "h", "seen.slice(0, 3).join(',')"), "");
    assert_eq!(eval(&env, "h", "observers"), 0);
    assert_eq!(
        eval(
            &env,
            "h",
            "Object.getOwnPropertyNames(window).filter(k => /(^|_)cdt/i.test(k)).join(',')"
        ),
        "__cdt"
    );

    // A node the page replaced is gone: its uid is stale until the next snapshot, which gives
    // it to the replacement only because that is the same element again (role, name and
    // parent's text, as a re-render makes it); never to another one, like the decoy.
    eval(&env, "h", "replace()");
    env.ctx("h", &["element", "click", &target])
        .err("UID_STALE", 3);
    assert_eq!(eval(&env, "h", "clicks.join(',')"), "target,target,target");
    let again = snapshot(&env, "h");
    assert_eq!(uid_of(&again, "button \"Target\""), target, "{again}");
    assert_eq!(uid_of(&again, "button \"Decoy\""), decoy, "{again}");
    env.ctx("h", &["element", "click", &target]).ok();
    assert_eq!(
        eval(&env, "h", "clicks.join(',')"),
        "target,target,target,target"
    );
}

const ACTIONABLE: &str = r#"<meta charset="utf-8">
<style>.card { cursor: pointer; padding: 4px } #zone { width: 200px; height: 80px; border: 1px solid }</style>
<div id=a draggable=true style="width:80px;height:30px;background:#eee">Item A</div>
<div id=zone>Drop here</div>
<div contenteditable=true id=editor>Notes</div>
<div tabindex=0 id=focusable>Focusable box</div>
<div class=card id=card><span>Scripted card</span></div>
<h2><a href=#top>Folded heading link</a></h2>
<p>★</p><p>★</p><p>★</p>
<p id=log></p>
<script>
const zone = document.getElementById('zone');
document.getElementById('a').addEventListener('dragstart', (e) => e.dataTransfer.setData('text/plain', e.target.id));
zone.addEventListener('dragover', (e) => e.preventDefault());
zone.addEventListener('drop', (e) => {
  e.preventDefault();
  const id = e.dataTransfer.getData('text/plain');
  zone.appendChild(document.getElementById(id));
  document.getElementById('log').textContent = 'dropped ' + id;
});
document.getElementById('card').addEventListener('click', () => { document.getElementById('log').textContent = 'card clicked'; });
</script>"#;

#[test]
fn every_actionable_element_has_a_uid_and_html5_drag_and_drop_moves_a_node() {
    let server = HttpServer::start();
    server.page("/actionable.html", "Actionable", ACTIONABLE);
    let env = TestEnv::new();
    env.ctx("d", &["page", "open", &server.url("/actionable.html")])
        .ok();
    let snap = snapshot(&env, "d");
    for line in [
        "clickable \"Item A\" draggable",
        "textbox",
        "clickable \"Focusable box\"",
        "clickable \"Scripted card\"",
    ] {
        assert!(snap.contains(line), "no {line:?} in:\n{snap}");
    }
    // The card's text is its name, not a uid of its own.
    assert_eq!(snap.matches("Scripted card").count(), 1, "{snap}");
    // A heading whose only content is a same-named link is one line: the link, with the level.
    assert!(
        snap.contains("link \"Folded heading link\" heading=2") && !snap.contains("heading \""),
        "{snap}"
    );
    // Repeated identical lines without uids are run-length compressed.
    assert!(snap.contains("text \"★\" ×3"), "{snap}");
    // Names are whole unless --max-name cuts them.
    let cut = env.ctx("d", &["capture", "snapshot", "--max-name", "8"]);
    let cut = cut.ok()["snapshot"].as_str().unwrap().to_string();
    assert!(cut.contains("clickable \"Focusab…\""), "{cut}");

    let item = uid_of(&snap, "\"Item A\"");
    let card = uid_of(&snap, "\"Scripted card\"");
    env.ctx("d", &["element", "click", &card]).ok();
    assert_eq!(
        eval(&env, "d", "document.getElementById('log').textContent"),
        "card clicked"
    );

    // The drop zone is plain text (no line of its own): any element gets a uid when a command
    // names it by selector.
    let zone_uid = env
        .ctx("d", &["element", "inspect", "--selector", "#zone"])
        .ok()["uid"]
        .as_str()
        .unwrap()
        .to_string();
    let dragged = env.ctx("d", &["element", "drag", &item, &zone_uid]);
    dragged.ok();
    assert_eq!(
        eval(&env, "d", "document.getElementById('log').textContent"),
        "dropped a"
    );
    assert_eq!(
        eval(
            &env,
            "d",
            "document.getElementById('zone').contains(document.getElementById('a'))"
        ),
        true
    );
}

#[test]
fn every_frame_is_snapshotted_searched_and_clickable() {
    let server = HttpServer::start();
    let click = |label: &str| {
        format!(
            "<button id={id} onclick=\"this.textContent='{label} clicked'\">{label}</button>",
            id = label.split(' ').next().unwrap().to_lowercase()
        )
    };
    server.raw(
        "/nested.html",
        "text/html; charset=utf-8",
        &click("Nested button"),
    );
    let nested = server.url("/nested.html");
    server.raw(
        "/middle.html",
        "text/html; charset=utf-8",
        &format!(
            "{}<iframe src=\"{nested}\" style=\"width:260px;height:60px\"></iframe>",
            click("Middle button")
        ),
    );
    server.raw(
        "/same.html",
        "text/html; charset=utf-8",
        &click("Same button"),
    );
    let middle = server.other_origin_url("/middle.html");
    let data_frame = "data:text/html,<button onclick='this.textContent=&quot;Data button clicked&quot;'>Data button</button>";
    server.page(
        "/frames.html",
        "Frames",
        &format!(
            "<button>Main button</button>
            <iframe src=\"/same.html\" style=\"width:260px;height:60px\"></iframe>
            <iframe src=\"{data_frame}\" style=\"width:260px;height:60px\"></iframe>
            <iframe src=\"{middle}\" style=\"width:300px;height:140px\"></iframe>"
        ),
    );
    let env = TestEnv::new();
    env.ctx("r", &["page", "open", &server.url("/frames.html")])
        .ok();
    env.ctx(
        "r",
        &[
            "page",
            "wait-idle",
            "--idle-ms",
            "200",
            "--timeout",
            "10000",
        ],
    )
    .ok();
    let snap = snapshot(&env, "r");
    let labels = [
        "Same button",
        "Data button",
        "Middle button",
        "Nested button",
    ];
    let mut uids = Vec::new();
    for label in labels {
        let uid = uid_of(&snap, &format!("\"{label}\""));
        assert!(
            uid.starts_with('f'),
            "{label} is not frame-qualified:\n{snap}"
        );
        uids.push(uid);
    }
    // The nested frame's lines sit under the middle frame's iframe line, deeper.
    let indent = |needle: &str| {
        let line = snap.lines().find(|l| l.contains(needle)).unwrap();
        line.len() - line.trim_start().len()
    };
    assert!(indent("Nested button") > indent("Middle button"), "{snap}");

    for uid in &uids[..2] {
        env.ctx("r", &["element", "click", uid]).ok();
    }
    // Search every frame: text in the nested out-of-process frame, a selector in the middle one.
    let by_text = env.ctx("r", &["element", "click", "--text", "Nested button"]);
    assert!(
        by_text.ok()["uid"].as_str().unwrap().starts_with('f'),
        "{}",
        by_text.stdout
    );
    env.ctx("r", &["element", "click", "--selector", "#middle"])
        .ok();
    let after = snapshot(&env, "r");
    for label in labels {
        assert!(
            after.contains(&format!("\"{label} clicked\"")),
            "{label} was not clicked:\n{after}"
        );
    }
    env.ctx("r", &["element", "click", "--selector", "#nowhere"])
        .err("ELEMENT_NOT_FOUND", 3);
}

#[test]
fn a_snapshot_during_a_pending_navigation_answers_with_the_document_on_screen() {
    let server = HttpServer::start();
    server.page("/here.html", "Here", "<button>Still here</button>");
    server.slow_page("/slow.html", 8000);
    let env = TestEnv::new();
    env.ctx("n", &["page", "open", &server.url("/here.html")])
        .ok();
    let before = snapshot(&env, "n");
    let version = env.ctx("n", &["capture", "snapshot"]).ok()["version"].clone();
    assert!(version.is_u64(), "{version}");
    std::thread::scope(|scope| {
        let navigation = scope.spawn(|| {
            env.ctx(
                "n",
                &[
                    "page",
                    "navigate",
                    &server.url("/slow.html"),
                    "--timeout",
                    "30000",
                ],
            )
        });
        // Snapshots answer at once all along; once the navigation has started they say so.
        let started = Instant::now();
        let mut warned = None;
        while started.elapsed() < Duration::from_secs(6) && warned.is_none() {
            let run = env.ctx("n", &["capture", "snapshot", "--timeout", "3000"]);
            let reply: Value = serde_json::from_str(&run.stdout).unwrap();
            assert_eq!(reply["ok"], true, "{}", run.stdout);
            assert_eq!(reply["data"]["snapshot"], before.as_str());
            // As the version it was, so that a client keeping versions can place what follows.
            assert_eq!(reply["data"]["version"], version, "{}", run.stdout);
            let pending = reply["meta"]["warnings"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|w| w["code"] == "NAVIGATION_PENDING");
            if pending {
                warned = Some(reply);
            } else {
                std::thread::sleep(Duration::from_millis(100));
            }
        }
        assert!(
            warned.is_some(),
            "no NAVIGATION_PENDING warning while the navigation was pending"
        );
        // A diff then has nothing newer to tell: unchanged since that version, and whole (as
        // that version) against any other.
        let diff = env.ctx("n", &["capture", "snapshot", "--diff", "--timeout", "3000"]);
        let diff = diff.ok();
        assert_eq!(diff["full"], false, "{diff}");
        assert_eq!(diff["changes"], json!([]), "{diff}");
        assert_eq!(diff["version"], version, "{diff}");
        let older = env.ctx(
            "n",
            &[
                "capture",
                "snapshot",
                "--diff",
                "--since",
                "999",
                "--timeout",
                "3000",
            ],
        );
        let older = older.ok();
        assert_eq!(older["full"], true, "{older}");
        assert_eq!(older["snapshot"], before.as_str(), "{older}");
        assert_eq!(older["version"], version, "{older}");
        // Its uids are those of the snapshot on screen, each with its role and name.
        let uids = &warned.as_ref().unwrap()["data"]["uids"];
        assert!(
            uids.as_object().is_some_and(|uids| uids
                .values()
                .any(|n| n["role"] == "button" && n["name"] == "Still here")),
            "{uids}"
        );
        navigation.join().unwrap().ok();
    });
    let after = snapshot(&env, "n");
    assert!(!after.contains("Still here"), "{after}");
}

/// A page that reloads itself every few tens of milliseconds: a snapshot always answers (the
/// document it read, or the last one with `NAVIGATION_PENDING`), and an action answers what
/// it did, that its element went with its document (or is not there yet), or that the page kept navigating
/// (`NAVIGATION_INTERRUPTED`, exit 8, retryable), never a protocol error; so do reads.
#[test]
fn a_page_that_keeps_reloading_gets_answers_not_protocol_errors() {
    let server = HttpServer::start();
    server.page(
        "/loop.html",
        "Loop",
        "<h1>Reloading</h1><ul id=l></ul><script>\
         const l = document.getElementById('l');\
         for (let i = 0; i < 2000; i++) {\
           const li = document.createElement('li');\
           li.innerHTML = '<a href=\"#' + i + '\">Item ' + i + '</a>';\
           l.appendChild(li);\
         }\
         setTimeout(() => location.reload(), 20 + Math.random() * 60);\
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("loop", &["page", "open", &server.url("/loop.html")])
        .ok();
    for args in [
        &["capture", "snapshot"][..],
        &["capture", "snapshot", "--diff"],
    ] {
        for _ in 0..20 {
            let run = env.ctx("loop", args);
            let data = run.ok();
            // Every snapshot has its version, but the empty one of a page never read yet.
            assert!(
                data["version"].is_u64() || data["snapshot"] == "",
                "{}",
                run.stdout
            );
        }
    }
    let mut answers = std::collections::BTreeSet::new();
    for _ in 0..12 {
        let run = env.ctx(
            "loop",
            &["element", "click", "--text", "Item 5", "--timeout", "5000"],
        );
        let answer = match run.json["error"]["code"].as_str() {
            None => {
                run.ok();
                "ok"
            }
            // Found in a document that went, or looked for in one not built yet.
            Some(code @ ("UID_STALE" | "ELEMENT_NOT_FOUND")) => {
                assert_eq!(run.code, 3, "{}", run.stdout);
                if code == "UID_STALE" {
                    "UID_STALE"
                } else {
                    "ELEMENT_NOT_FOUND"
                }
            }
            Some("NAVIGATION_INTERRUPTED") => {
                assert_eq!(run.code, 8, "{}", run.stdout);
                assert_eq!(run.json["meta"]["retryable"], true, "{}", run.stdout);
                "NAVIGATION_INTERRUPTED"
            }
            Some(_) => panic!("{}", run.stdout),
        };
        answers.insert(answer);
    }
    eprintln!("click answers: {answers:?}");
    // Reads answer, or say the page kept navigating (retryable); a screenshot may also run out
    // of its budget waiting for a frame such a page never paints. Never a protocol error.
    for args in [
        &["observe", "state"][..],
        &["page", "text"],
        &["page", "html"],
        &["capture", "screenshot", "--timeout", "3000"],
    ] {
        for _ in 0..5 {
            let run = env.ctx("loop", args);
            match run.json["error"]["code"].as_str() {
                None => {
                    run.ok();
                }
                Some("NAVIGATION_INTERRUPTED") => assert_eq!(run.code, 8, "{}", run.stdout),
                Some("TIMEOUT") if args[0] == "capture" => assert_eq!(run.code, 4),
                Some(_) => panic!("{args:?}: {}", run.stdout),
            }
        }
    }
}

/// An unnamed `role=alert` (an error banner) and a `role=status` keep their lines, with their
/// words under them, as Chromium's accessibility tree shows them; an alert gets a uid.
#[test]
fn unnamed_alerts_and_status_messages_keep_their_lines() {
    let server = HttpServer::start();
    server.page(
        "/alert.html",
        "Alert",
        "<div role=alert><strong>Error:</strong> the agent did not answer</div>\
         <div role=status>3 results</div><div>plain words</div>",
    );
    let env = TestEnv::new();
    env.ctx("alert", &["page", "open", &server.url("/alert.html")])
        .ok();
    let text = snapshot(&env, "alert");
    let lines: Vec<&str> = text.lines().collect();
    let alert = lines
        .iter()
        .position(|l| l.ends_with(" alert"))
        .unwrap_or_else(|| panic!("no alert line in:\n{text}"));
    assert!(lines[alert].starts_with('e'), "the alert has a uid: {text}");
    assert!(
        lines[alert + 1].starts_with("  ") && lines[alert + 1].contains("the agent did not answer"),
        "the alert's words are under it:\n{text}"
    );
    let status = lines
        .iter()
        .position(|l| l.trim() == "status")
        .unwrap_or_else(|| panic!("no status line in:\n{text}"));
    assert!(lines[status + 1].contains("3 results"), "{text}");
}

/// Pointer cursors set every way an author can: the probe skips computing styles only where no
/// author style can set a cursor, so each of these is still `clickable`.
const CURSORS: &str = r#"<meta charset="utf-8">
<x-card></x-card>
<div id=late>Late pointer</div>
<script>
const host = document.querySelector('x-card').attachShadow({ mode: 'open' });
host.innerHTML = '<style>.c { cursor: pointer }</style><div class=c>Shadow pointer</div>';
</script>"#;

#[test]
fn a_pointer_cursor_from_an_inline_style_a_shadow_sheet_or_a_later_rule_is_clickable() {
    let server = HttpServer::start();
    server.page("/cursors.html", "Cursors", CURSORS);
    server.page(
        "/inline.html",
        "Inline",
        "<div style=\"cursor: pointer\">Inline pointer</div><div>Plain</div>",
    );
    let env = TestEnv::new();
    env.ctx("c", &["page", "open", &server.url("/inline.html")])
        .ok();
    let snap = snapshot(&env, "c");
    assert!(
        snap.contains("clickable \"Inline pointer\"") && !snap.contains("clickable \"Plain\""),
        "{snap}"
    );
    // The document sets no cursor; its shadow root's sheet does.
    env.ctx("c", &["page", "navigate", &server.url("/cursors.html")])
        .ok();
    let snap = snapshot(&env, "c");
    assert!(snap.contains("clickable \"Shadow pointer\""), "{snap}");
    // The document had no cursor rule; one added later (inside @media, by the CSSOM) counts.
    assert!(!snap.contains("clickable \"Late pointer\""), "{snap}");
    eval(
        &env,
        "c",
        "const s = document.createElement('style'); document.head.append(s); \
         s.sheet.insertRule('@media screen { #late { cursor: pointer } }'); 'ok'",
    );
    let snap = snapshot(&env, "c");
    assert!(snap.contains("clickable \"Late pointer\""), "{snap}");
}

/// Two snapshots of a new document asked at once (two callers of one context, or the agent's
/// and the one cdt prepares after a navigation) number its nodes once: each element has one
/// uid, in both answers and in every snapshot after.
#[test]
fn snapshots_asked_at_once_give_each_element_one_uid() {
    let server = HttpServer::start();
    let buttons: String = (1..=300)
        .map(|i| format!("<li><button>Item {i}</button></li>"))
        .collect();
    server.page("/many.html", "Many", &format!("<ul>{buttons}</ul>"));
    server.page("/other.html", "Other", "<p>Other</p>");
    let env = TestEnv::new();
    env.ctx("u", &["page", "open", &server.url("/other.html")])
        .ok();
    for round in 0..3 {
        env.ctx("u", &["page", "navigate", &server.url("/many.html")])
            .ok();
        let (a, b) = std::thread::scope(|scope| {
            let a = scope.spawn(|| snapshot(&env, "u"));
            let b = scope.spawn(|| snapshot(&env, "u"));
            (a.join().unwrap(), b.join().unwrap())
        });
        let after = snapshot(&env, "u");
        for item in ["Item 1\"", "Item 150\"", "Item 300\""] {
            let uid = uid_of(&after, item);
            assert_eq!(uid_of(&a, item), uid, "round {round}: {item}");
            assert_eq!(uid_of(&b, item), uid, "round {round}: {item}");
        }
        env.ctx("u", &["page", "navigate", &server.url("/other.html")])
            .ok();
    }
}
