//! The agent loop against real pages: a form filled and submitted through uids, actions with
//! feedback, actionability errors, isolated eval and dialogs. Captures, observation and frames
//! are in `agent_loop_captures`.

use std::time::Duration;

use cdt_e2e::{HttpServer, TestEnv, snapshot, uid_of};
use serde_json::{Value, json};

const LOGIN: &str = r#"<meta charset="utf-8"><h1>Sign in</h1>
<form action="/welcome.html" method="get">
<label>Email <input name="email" type="email" required></label>
<label>Password <input name="password" type="password"></label>
<label>Display name <input name="name"></label>
<label>Country <select name="country"><option value="">Choose</option><option value="de">Germany</option><option value="jp">Japan</option></select></label>
<label><input type="checkbox" name="terms"> I accept the terms</label>
<button type="submit">Sign in</button>
</form>"#;

/// The agent-loop fixture pages (shared with `agent_loop_captures`).
pub(crate) fn server() -> HttpServer {
    let server = HttpServer::start();
    server.page("/login.html", "Login", LOGIN);
    server.page("/welcome.html", "Welcome", "<meta charset=\"utf-8\"><h1>Welcome back</h1><p id=q></p><script>q.textContent = decodeURIComponent(location.search)</script>");
    server.raw(
        "/frame.html",
        "text/html; charset=utf-8",
        "<button onclick=\"this.textContent='frame clicked'\">Frame button</button>",
    );
    let frame = server.other_origin_url("/frame.html");
    server.page(
        "/hard.html",
        "Hard",
        &format!(
            "<button id=covered onclick=\"document.title='covered clicked'\">Covered</button>
            <div id=overlay style=\"position:fixed;left:0;top:0;width:400px;height:100px;background:#0003\">Overlay</div>
            <div style=\"margin-top:120px\">
            <button id=gone onclick=\"this.remove()\">Remove me</button>
            <button id=count onclick=\"out.textContent = 'count ' + (++window.n || (window.n = 1))\">Count</button>
            <button id=alert onclick=\"alert('Hello from alert')\">Alert</button>
            <button id=noop>Does nothing</button>
            <p id=out></p>
            <iframe src=\"{frame}\" style=\"width:300px;height:120px\"></iframe></div>"
        ),
    );
    server
}

#[test]
fn an_agent_signs_in_through_a_form() {
    let server = server();
    let env = TestEnv::new();
    env.ctx("a", &["page", "open", &server.url("/login.html")])
        .ok();
    let snap = snapshot(&env, "a");
    assert!(
        snap.contains("textbox \"Email\" required")
            && snap.contains("combobox \"Country\"")
            && snap.contains("button \"Sign in\""),
        "{snap}"
    );
    let (email, name, country, terms, submit) = (
        uid_of(&snap, "\"Email\""),
        uid_of(&snap, "\"Display name\""),
        uid_of(&snap, "\"Country\""),
        uid_of(&snap, "checkbox"),
        uid_of(&snap, "button \"Sign in\""),
    );

    let filled = env.ctx("a", &["element", "fill", &email, "ada@example.com"]);
    assert!(
        filled.ok()["changes"]
            .to_string()
            .contains("ada@example.com"),
        "{}",
        filled.stdout
    );
    env.ctx("a", &["element", "fill", &name, "Zoë 東京"]).ok();
    // An option the select does not have: the error lists those it has, in its message too
    // (what a reader of the text form sees).
    let missing = env.ctx("a", &["element", "select", &country, "Mars"]);
    let error = missing.err("ELEMENT_NOT_FOUND", 3);
    assert_eq!(
        error["details"]["options"],
        serde_json::json!(["Choose", "Germany", "Japan"])
    );
    assert_eq!(
        error["message"],
        format!(
            "{country} has no option \"Mars\"; its options: \"Choose\", \"Germany\", \"Japan\""
        )
    );
    let selected = env.ctx("a", &["element", "select", &country, "Germany"]);
    assert!(
        selected.ok()["changes"]
            .to_string()
            .contains("value=\\\"Germany\\\""),
        "{}",
        selected.stdout
    );
    // A checkbox is filled with a yes or no; another word is refused (it was taken as a yes),
    // and the box stays as it was.
    let refused = env.ctx("a", &["element", "fill", &terms, "hello"]);
    assert_eq!(refused.code, 2, "{}", refused.stdout);
    assert_eq!(refused.json["error"]["code"], "VALIDATION_ERROR");
    assert!(
        refused.json["error"]["suggestions"][0]
            .as_str()
            .is_some_and(|s| s.contains(&format!("cdt element check {terms}"))),
        "{}",
        refused.stdout
    );
    let unchanged = env
        .ctx("a", &["element", "fill", &terms, "No"])
        .ok()
        .clone();
    assert!(unchanged.get("changes").is_none(), "{unchanged}");
    let checked = env.ctx("a", &["element", "check", &terms]);
    assert!(
        checked.ok()["changes"].to_string().contains("checked"),
        "{}",
        checked.stdout
    );
    // A box as asked already is told so, not warned of as an action that changed nothing.
    let again = env.ctx("a", &["element", "check", &terms]);
    assert_eq!(
        again.ok()["result"],
        "it was checked already",
        "{}",
        again.stdout
    );
    assert!(
        again.json["meta"].get("warnings").is_none(),
        "{}",
        again.stdout
    );
    assert_eq!(
        unchanged["result"], "it was unchecked already",
        "{unchanged}"
    );

    // Untouched nodes keep their uids across snapshots taken around the actions.
    let again = snapshot(&env, "a");
    assert_eq!(uid_of(&again, "button \"Sign in\""), submit);
    assert_eq!(uid_of(&again, "\"Email\""), email);

    let clicked = env.ctx("a", &["element", "click", &submit]);
    let feedback = clicked.ok();
    assert_eq!(feedback["navigated"], true, "{feedback}");
    assert!(
        feedback["url"]
            .as_str()
            .unwrap()
            .contains("/welcome.html?email=ada%40example.com"),
        "{feedback}"
    );
    assert_eq!(feedback["title"], "Welcome");
    env.ctx(
        "a",
        &["page", "wait-text", "Welcome back", "--timeout", "5000"],
    )
    .ok();
    let text = env.ctx("a", &["page", "text"]);
    let text = text.ok()["text"].as_str().unwrap().to_string();
    assert!(
        text.contains("name=Zoë+東京") && text.contains("country=de") && text.contains("terms=on"),
        "{text}"
    );
}

#[test]
fn obscured_stale_and_unknown_targets_are_reported_with_their_codes() {
    let server = server();
    let env = TestEnv::new();
    env.ctx("h", &["page", "open", &server.url("/hard.html")])
        .ok();
    let snap = snapshot(&env, "h");
    let covered = env.ctx("h", &["element", "click", &uid_of(&snap, "\"Covered\"")]);
    let error = covered.err("TARGET_OBSCURED", 5);
    assert!(
        error["message"].as_str().unwrap().contains("div#overlay"),
        "{error}"
    );

    let gone = uid_of(&snap, "\"Remove me\"");
    let removed = env.ctx("h", &["element", "click", &gone]);
    assert!(
        removed.ok()["changes"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!({ "op": "remove", "uid": gone })),
        "{}",
        removed.stdout
    );
    env.ctx("h", &["element", "click", &gone])
        .err("UID_STALE", 3);
    env.ctx("h", &["element", "click", "e999"])
        .err("ELEMENT_NOT_FOUND", 3);
    env.ctx("h", &["element", "click", "nonsense"])
        .err("VALIDATION_ERROR", 2);
    env.ctx("h", &["element", "click", "--selector", "#missing"])
        .err("ELEMENT_NOT_FOUND", 3);

    let noop = env.ctx("h", &["element", "click", "--text", "Does nothing"]);
    noop.ok();
    assert_eq!(
        noop.json["meta"]["warnings"][0]["code"], "ACTION_NO_EFFECT",
        "{}",
        noop.stdout
    );
}

/// `--text` picks the element an agent means when several contain the words: the one whose
/// words are exactly the text, and one that takes actions before one that does not (it took
/// the first in page order: a heading "Save" above the button, "Save draft" before "Save", a
/// label beside its field).
#[test]
fn a_text_target_prefers_exact_words_and_controls() {
    let server = HttpServer::start();
    server.page(
        "/save.html",
        "Save",
        "<h2>Save</h2><p id=r>idle</p>
         <button onclick=\"r.textContent='draft saved'\">Save draft</button>
         <button onclick=\"r.textContent='saved'\">Save</button>
         <label for=e>Email</label> <input id=e>
         <button id=next onclick=\"r.textContent='next slide'\"><span style='display:inline-block;width:20px;height:20px'></span><span
           style='position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)'>Next</span></button>
         <ul><li>One <button onclick=\"r.textContent='one deleted'\">Delete</button>
         <li>Two <button onclick=\"r.textContent='two deleted'\">Delete</button></ul>
         <x-panel></x-panel><script>customElements.define('x-panel', class extends HTMLElement {
           connectedCallback() { const root = this.attachShadow({ mode: 'open' });
             root.innerHTML = '<button class=arch>Archive</button>';
             root.querySelector('button').onclick = () => { r.textContent = 'archived';
               setTimeout(() => { const p = document.createElement('p'); p.textContent = 'Archived at noon'; root.append(p); }, 200); }; } });</script>",
    );
    let env = TestEnv::new();
    env.ctx("t", &["page", "open", &server.url("/save.html")])
        .ok();
    let saved = env.ctx("t", &["element", "click", "--text", "save"]);
    assert!(
        saved.json["meta"].get("warnings").is_none(),
        "{}",
        saved.stdout
    );
    let read = |js: &str| env.ctx("t", &["runtime", "eval", js]).ok()["value"].clone();
    assert_eq!(read("r.textContent"), "saved");
    // A control's visually hidden label (Bootstrap's carousel arrows): the control is meant.
    let next = env.ctx("t", &["element", "click", "--text", "Next"]);
    let button = env.ctx("t", &["element", "inspect", "--selector", "#next"]);
    assert_eq!(next.ok()["uid"], button.ok()["uid"], "{}", next.stdout);
    assert_eq!(read("r.textContent"), "next slide");
    // Two equally good matches: the first is acted on, and the reply says a uid chooses.
    let deleted = env.ctx("t", &["element", "click", "--text", "Delete"]);
    deleted.ok();
    let warning = &deleted.json["meta"]["warnings"][0];
    assert_eq!(warning["code"], "AMBIGUOUS_TARGET", "{}", deleted.stdout);
    assert!(
        warning["message"].as_str().is_some_and(
            |m| m.contains("1 other element") && m.ends_with("cdt element find Delete")
        ),
        "{}",
        deleted.stdout
    );
    assert_eq!(read("r.textContent"), "one deleted");
    // Commands that only look at or focus an element say so too, and take the same one.
    for command in ["focus", "scroll-into-view", "inspect"] {
        let taken = env.ctx("t", &["element", command, "--text", "Delete"]);
        let uid = taken.ok()["uid"].as_str().unwrap_or_default().to_string();
        let warning = &taken.json["meta"]["warnings"][0];
        assert_eq!(warning["code"], "AMBIGUOUS_TARGET", "{}", taken.stdout);
        assert!(
            warning["message"]
                .as_str()
                .is_some_and(|m| m.contains(&uid)),
            "{}",
            taken.stdout
        );
    }
    assert_eq!(
        read("document.activeElement.parentElement.firstChild.textContent"),
        "One "
    );
    env.ctx("t", &["element", "click", "--text", "draft"]).ok();
    assert_eq!(read("r.textContent"), "draft saved");
    env.ctx(
        "t",
        &["element", "fill", "--text", "Email", "ada@example.com"],
    )
    .ok();
    assert_eq!(read("e.value"), "ada@example.com");
    // In a shadow root, as the snapshot shows it.
    env.ctx("t", &["element", "click", "--text", "Archive"])
        .ok();
    assert_eq!(read("r.textContent"), "archived");
    let found = env.ctx("t", &["element", "find", "archive"]).ok()["matches"].clone();
    assert_eq!(found[0]["name"], "Archive", "{found}");
    // A selector: in the document, else within each open shadow root alone (one that crosses
    // into a root says how to write it).
    let by_selector = env.ctx("t", &["element", "focus", "--selector", ".arch"]);
    assert_eq!(
        by_selector.ok()["action"],
        "focus",
        "{}",
        by_selector.stdout
    );
    // The snapshot marks it focused, as Chromium's tree does (not its host).
    let snap = snapshot(&env, "t");
    assert!(snap.contains("button \"Archive\" focused"), "{snap}");
    let crossing = env.ctx("t", &["element", "click", "--selector", "x-panel .arch"]);
    let error = crossing.err("ELEMENT_NOT_FOUND", 3);
    assert!(
        error["suggestions"]
            .to_string()
            .contains("shadow root alone"),
        "{}",
        crossing.stdout
    );
    // Its text is the page's text too: waited for, and read.
    env.ctx(
        "t",
        &["page", "wait-text", "Archived at noon", "--timeout", "5000"],
    )
    .ok();
    let text = env.ctx("t", &["page", "text"]).ok()["text"].clone();
    assert!(
        text.as_str()
            .is_some_and(|t| t.contains("Archive\nArchived at noon")),
        "{text}"
    );
    // `element find` lists them in that order.
    let found = env.ctx("t", &["element", "find", "save"]).ok()["matches"].clone();
    let names: Vec<String> = found
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            format!(
                "{} {}",
                m["role"].as_str().unwrap(),
                m["name"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(names, ["button Save", "heading Save", "button Save draft"]);
}

#[test]
fn a_runaway_eval_times_out_and_the_page_stays_usable() {
    let server = server();
    let env = TestEnv::new();
    env.ctx("e", &["page", "open", &server.url("/hard.html")])
        .ok();
    let run = env.ctx(
        "e",
        &["runtime", "eval", "while (true) {}", "--timeout", "500"],
    );
    let error = run.err("TIMEOUT", 4);
    assert!(error["message"].is_string());
    // 500 ms budget + 250 ms headroom, plus room for process start-up on a loaded machine.
    assert!(
        run.elapsed < Duration::from_millis(500 + 250 + 1500),
        "took {:?}",
        run.elapsed
    );
    let clicked = env.ctx("e", &["element", "click", "--selector", "#count"]);
    assert_eq!(clicked.ok()["domChanged"], true, "{}", clicked.stdout);
    assert_eq!(
        env.ctx("e", &["page", "text", "--selector", "#out"]).ok()["text"],
        "count 1"
    );

    assert_eq!(
        env.ctx("e", &["runtime", "eval", "document.title"]).ok()["value"],
        "Hard"
    );
    assert_eq!(
        env.ctx(
            "e",
            &[
                "runtime",
                "eval",
                "new Promise(r => setTimeout(() => r(42), 50))",
                "--await"
            ]
        )
        .ok()["value"],
        42
    );
    let snap = snapshot(&env, "e");
    let count = uid_of(&snap, "\"Count\"");
    assert_eq!(
        env.ctx("e", &["runtime", "eval", "(el) => el.id", "--arg", &count])
            .ok()["value"],
        "count"
    );
    let thrown = env.ctx("e", &["runtime", "eval", "throw new Error('nope')"]);
    let error = thrown.err("EVAL_EXCEPTION", 5);
    assert!(error["message"].as_str().unwrap().contains("nope"));
}

#[test]
fn an_alert_blocks_actions_until_handled() {
    let server = server();
    let env = TestEnv::new();
    env.ctx("d", &["page", "open", &server.url("/hard.html")])
        .ok();
    env.ctx("d", &["dialog", "handle", "accept"])
        .err("DIALOG_NOT_OPEN", 3);
    let opened = env.ctx("d", &["element", "click", "--selector", "#alert"]);
    let feedback = opened.ok();
    assert_eq!(feedback["dialog"]["type"], "alert", "{feedback}");
    assert_eq!(feedback["dialog"]["message"], "Hello from alert");
    let blocked = env.ctx("d", &["element", "click", "--selector", "#count"]);
    let error = blocked.err("DIALOG_BLOCKING", 5);
    assert!(
        error["suggestions"]
            .to_string()
            .contains("cdt dialog handle accept")
    );
    assert_eq!(env.ctx("d", &["dialog", "status"]).ok()["open"], true);
    env.ctx("d", &["dialog", "handle", "accept"]).ok();
    assert_eq!(env.ctx("d", &["dialog", "status"]).ok()["open"], false);
    env.ctx("d", &["element", "click", "--selector", "#count"])
        .ok();
}

#[test]
fn a_beforeunload_prompt_does_not_stall_navigation_and_fill_takes_a_flag_target() {
    let server = server();
    server.page("/leave.html", "Leave", "<input id=i><a id=away href=/login.html>Away</a><script>addEventListener('beforeunload', e => { e.preventDefault(); e.returnValue = 'sure?' })</script>");
    let env = TestEnv::new();
    env.ctx("b", &["page", "open", &server.url("/leave.html")])
        .ok();
    env.ctx("b", &["element", "click", "--selector", "#i"]).ok();
    let filled = env.ctx("b", &["element", "fill", "--selector", "#i", "typed"]);
    assert!(
        filled.ok().to_string().contains("typed"),
        "{}",
        filled.stdout
    );
    let left = env.ctx(
        "b",
        &[
            "page",
            "navigate",
            &server.url("/login.html"),
            "--timeout",
            "10000",
        ],
    );
    assert_eq!(left.ok()["title"], "Login");
    assert_eq!(env.ctx("b", &["dialog", "status"]).ok()["open"], false);
    // A link clicked away from such a page (the page interacted with, so it may prompt): the
    // click navigates, and says so; no dialog is left to answer (it said one was open).
    env.ctx("b", &["page", "navigate", &server.url("/leave.html")])
        .ok();
    env.ctx("b", &["element", "fill", "--selector", "#i", "typed"])
        .ok();
    let clicked = env.ctx("b", &["element", "click", "--selector", "#away"]);
    let feedback = clicked.ok();
    assert!(feedback.get("dialog").is_none(), "{}", clicked.stdout);
    assert_eq!(feedback["navigated"], true, "{}", clicked.stdout);
    assert_eq!(feedback["title"], "Login", "{}", clicked.stdout);
    assert_eq!(env.ctx("b", &["dialog", "status"]).ok()["open"], false);
}

/// Answering a dialog tells what the answer caused, as an action does: the branch of a confirm
/// that ran, a prompt's answer put in the page, the next dialog the script opened.
#[test]
fn an_answered_dialog_tells_what_the_answer_caused() {
    let server = server();
    server.page(
        "/ask.html",
        "Ask",
        "<p id=r>idle</p><button id=ask onclick=\"r.textContent = confirm('Sure?') ? 'confirmed' : 'cancelled'\">Ask</button>\
         <button id=two onclick=\"alert('one'); alert('two'); r.textContent = 'after two'\">Two</button>\
         <button id=name onclick=\"r.textContent = prompt('Name?')\">Name</button>\
         <a id=next onclick=\"if (confirm('Leave?')) location = '/login.html'\">Next</a>",
    );
    let env = TestEnv::new();
    let answer = |action: &[&str], answer: &[&str]| {
        let opened = env.ctx("q", action).ok().clone();
        assert!(opened["dialog"].is_object(), "{opened}");
        env.ctx("q", answer).ok().clone()
    };
    // The last snapshot is of another document: answering on this one is no navigation.
    env.ctx("q", &["page", "open", &server.url("/login.html")])
        .ok();
    env.ctx("q", &["capture", "snapshot"]).ok();
    env.ctx("q", &["page", "navigate", &server.url("/ask.html")])
        .ok();
    let first = answer(
        &["element", "click", "--selector", "#ask"],
        &["dialog", "handle", "accept"],
    );
    assert_eq!(first["navigated"], false, "{first}");
    assert!(first.to_string().contains("confirmed"), "{first}");
    env.ctx("q", &["capture", "snapshot"]).ok();
    let dismissed = answer(
        &["element", "click", "--selector", "#ask"],
        &["dialog", "handle", "dismiss"],
    );
    assert_eq!(
        (dismissed["action"].clone(), dismissed["accepted"].clone()),
        (json!("dismiss"), json!(false)),
        "{dismissed}"
    );
    assert_eq!(dismissed["handled"]["message"], "Sure?");
    assert_eq!(dismissed["domChanged"], true, "{dismissed}");
    assert!(
        dismissed["changes"].to_string().contains("cancelled"),
        "{dismissed}"
    );
    let second = answer(
        &["element", "click", "--selector", "#two"],
        &["dialog", "handle", "accept"],
    );
    assert_eq!(second["dialog"]["message"], "two", "{second}");
    let after = env.ctx("q", &["dialog", "handle", "accept"]).ok().clone();
    assert!(after.get("dialog").is_none(), "{after}");
    assert!(after.to_string().contains("after two"), "{after}");
    let named = answer(
        &["element", "click", "--selector", "#name"],
        &["dialog", "handle", "accept", "--text", "Zoë 東京"],
    );
    assert!(named.to_string().contains("Zoë 東京"), "{named}");
    let left = answer(
        &["element", "click", "--selector", "#next"],
        &["dialog", "handle", "accept"],
    );
    assert_eq!(
        (left["navigated"].clone(), left["title"].clone()),
        (json!(true), json!("Login")),
        "{left}"
    );
    let text = env.ctx("q", &["capture", "snapshot", "--output", "text"]);
    assert!(text.stdout.contains("Sign in"), "{}", text.stdout);
}

#[test]
fn review_regressions_fill_focus_stale_uids_after_back_and_no_effect_after_a_full_snapshot() {
    let server = server();
    server.page(
        "/fields.html",
        "Fields",
        "<input id=other aria-label=Other><input id=hidden aria-label=Hidden style=display:none>
        <fieldset disabled><input id=locked aria-label=Locked></fieldset><input id=ro aria-label=RO readonly>
        <button id=noop>Nothing</button><a href=/login.html>Next page</a>",
    );
    let env = TestEnv::new();
    env.ctx("r", &["page", "open", &server.url("/fields.html")])
        .ok();
    env.ctx("r", &["element", "focus", "--selector", "#other"])
        .ok();
    // A field that cannot take the text must not let it land in the focused one.
    env.ctx("r", &["element", "fill", "--selector", "#hidden", "SECRET"])
        .err("TARGET_NOT_INTERACTABLE", 5);
    env.ctx("r", &["element", "fill", "--selector", "#locked", "SECRET"])
        .err("TARGET_NOT_INTERACTABLE", 5);
    let run = env.ctx("r", &["element", "fill", "--selector", "#ro", "SECRET"]);
    let readonly = run.err("TARGET_NOT_INTERACTABLE", 5);
    // A read-only field points at the click that opens a page's picker, on its own uid.
    let uid = readonly["details"]["uid"]
        .as_str()
        .expect("uid of the field");
    assert!(
        readonly["suggestions"][0].as_str().is_some_and(
            |s| s.starts_with(&format!("Run: cdt element click {uid} (a page's picker"))
        ),
        "{readonly}"
    );
    assert_eq!(
        env.ctx(
            "r",
            &["runtime", "eval", "document.getElementById('other').value"]
        )
        .ok()["value"],
        ""
    );

    // After a full snapshot, a no-op click is reported as having no effect.
    let snap = snapshot(&env, "r");
    let noop = env.ctx(
        "r",
        &["element", "click", &uid_of(&snap, "button \"Nothing\"")],
    );
    // Only the focus moved (from the field focused before to the button): that is in the
    // changes (so a diff stays exact) but is no effect.
    assert!(
        noop.ok()["domChanged"] == false
            && noop.ok().get("snapshot").is_none()
            && noop.ok()["changes"]
                .as_array()
                .is_none_or(|c| c.iter().all(|c| c["op"] == "change"))
            && noop.ok()["changes"].to_string().contains("focused"),
        "{}",
        noop.stdout
    );
    assert!(
        noop.json["meta"]["warnings"][0]["code"] == "ACTION_NO_EFFECT",
        "{}",
        noop.stdout
    );
    // --no-wait observes nothing, so it claims no "no effect".
    let quick = env.ctx(
        "r",
        &[
            "element",
            "click",
            &uid_of(&snap, "button \"Nothing\""),
            "--no-wait",
        ],
    );
    assert!(
        quick.ok()["action"] == "click" && quick.json["meta"]["warnings"].is_null(),
        "{}",
        quick.stdout
    );

    // Back to a page restored from the back/forward cache: its new nodes never reuse a uid
    // handed out on the page in between.
    let first_uids: Vec<String> = snap
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect();
    env.ctx(
        "r",
        &["element", "click", &uid_of(&snap, "link \"Next page\"")],
    )
    .ok();
    let second = snapshot(&env, "r");
    let second_uids: Vec<String> = second
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|u| u.starts_with('e'))
        .map(str::to_string)
        .collect();
    env.ctx("r", &["page", "back"]).ok();
    env.ctx(
        "r",
        &[
            "runtime",
            "eval",
            "document.body.insertAdjacentHTML('beforeend', '<button>Fresh</button>')",
        ],
    )
    .ok();
    let restored = snapshot(&env, "r");
    let fresh = uid_of(&restored, "button \"Fresh\"");
    assert!(
        !second_uids.contains(&fresh) && !first_uids.contains(&fresh),
        "uid {fresh} was reused"
    );
}

#[test]
fn dialogs_opened_while_waiting_or_by_a_popup_never_hang_a_command() {
    let server = server();
    server.page(
        "/popup.html",
        "Popup",
        "<script>alert('from the popup')</script>",
    );
    server.page("/opener.html", "Opener", "<button id=open onclick=\"window.open('/popup.html')\">Open</button><a id=blank href=/login.html target=_blank>New tab</a>");
    let env = TestEnv::new();
    env.ctx("p", &["page", "open", &server.url("/hard.html")])
        .ok();
    // A confirm() from eval blocks at once with DIALOG_BLOCKING, not at the end of the budget.
    let confirm = env.ctx(
        "p",
        &["runtime", "eval", "confirm('sure?')", "--timeout", "8000"],
    );
    confirm.err("DIALOG_BLOCKING", 5);
    assert!(
        confirm.elapsed < Duration::from_secs(6),
        "took {:?}",
        confirm.elapsed
    );
    env.ctx("p", &["dialog", "handle", "dismiss"]).ok();

    // A page that needs a new renderer (target=_blank) loads.
    env.ctx("p", &["page", "navigate", &server.url("/opener.html")])
        .ok();
    let opened = env.ctx("p", &["element", "click", "--selector", "#blank"]);
    let new_pages = opened.ok()["newPages"].as_array().unwrap().clone();
    assert_eq!(new_pages.len(), 1, "{}", opened.stdout);
    let id = new_pages[0].clone();
    let loaded = cdt_e2e::eventually(Duration::from_secs(10), || {
        env.ctx("p", &["page", "list"]).json["data"]["pages"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["id"] == id && p["title"] == "Login")
    });
    assert!(
        loaded,
        "the new tab never loaded: {}",
        env.ctx("p", &["page", "list"]).stdout
    );

    // A popup that alerts while loading is tracked, so it can be handled.
    env.ctx("p", &["element", "click", "--selector", "#open"])
        .ok();
    let popup = cdt_e2e::eventually(Duration::from_secs(10), || {
        env.ctx("p", &["page", "list"]).json["data"]["pages"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["url"].as_str().unwrap_or("").ends_with("/popup.html"))
    });
    assert!(popup);
    let pages = env.ctx("p", &["page", "list"]);
    let popup_id = pages.ok()["pages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["url"].as_str().unwrap().ends_with("/popup.html"))
        .unwrap()["id"]
        .to_string();
    assert!(cdt_e2e::eventually(Duration::from_secs(10), || env
        .ctx("p", &["dialog", "status", "--page", &popup_id])
        .json["data"]["open"]
        == true));
    env.ctx("p", &["dialog", "handle", "accept", "--page", &popup_id])
        .ok();
}

/// A submission the page's script keeps back (its `submit` cancelled) while it marks fields
/// invalid — `aria-invalid` with a message `aria-describedby` names (Parsley's, jQuery
/// Validate's), a class `is-invalid` with a message right after (Bootstrap's), a field the page
/// draws with a role of ARIA's, which the form does not list, classed `ng-invalid` (Angular
/// Material's `mat-select`) — says so as a blocked native submission does, naming the fields
/// and the page's messages; it answered only that the page changed. A submission the script
/// lets through navigates as before.
#[test]
fn a_submission_the_pages_script_keeps_back_names_the_fields_it_marks() {
    let server = HttpServer::start();
    server.page(
        "/js-signup.html",
        "Sign up",
        "<form id=f novalidate action=/welcome.html>
           <label for=em>Email</label> <input id=em name=em aria-describedby=em-err>
           <p id=em-err class=error hidden></p>
           <label for=pw>Password</label> <input id=pw name=pw type=password><span class=invalid-feedback></span>
           <span id=cl>Country</span> <div role=combobox id=co aria-labelledby=cl tabindex=0 aria-describedby=co-err
             style='display: inline-block; width: 100px; height: 20px; border: 1px solid'></div><p id=co-err hidden></p>
           <label for=nm>Name</label> <div class=item><div class=control-input><span><input id=nm name=nm></span></div>
             <div><div id=nm-help class=item-explain role=alert hidden></div></div></div>
           <button>Sign up</button></form>
         <script>
         f.addEventListener('submit', (e) => {
           const mail = !em.value.includes('@');
           em.toggleAttribute('aria-invalid', mail); if (mail) em.setAttribute('aria-invalid', 'true');
           window['em-err'].hidden = !mail; window['em-err'].textContent = mail ? 'Enter an email address' : '';
           const short = pw.value.length < 8;
           pw.classList.toggle('is-invalid', short); pw.nextElementSibling.textContent = short ? 'At least 8 characters' : '';
           // (Ant Design's: the field classed `…-status-error`, its message in an alert below
           // what holds it, drawn a moment later.)
           const country = !co.textContent;
           co.classList.toggle('ng-invalid', country);
           window['co-err'].hidden = !country; window['co-err'].textContent = country ? 'Pick a country' : '';
           const none = !nm.value;
           nm.classList.toggle('input-status-error', none);
           setTimeout(() => { window['nm-help'].hidden = !none; window['nm-help'].textContent = none ? 'Please give your name' : ''; }, 30);
           if (mail || short || country || none) e.preventDefault();
         });
         </script>",
    );
    server.page("/welcome.html", "Welcome", "<h1>Welcome</h1>");
    let env = TestEnv::new();
    env.ctx("j", &["page", "open", &server.url("/js-signup.html")])
        .ok();
    let snap = snapshot(&env, "j");
    let (email, password, submit) = (
        uid_of(&snap, "textbox \"Email\""),
        uid_of(&snap, "textbox \"Password\""),
        uid_of(&snap, "button \"Sign up\""),
    );
    let name = uid_of(&snap, "textbox \"Name\"");
    let country = uid_of(&snap, "combobox \"Country\"");
    env.ctx("j", &["element", "fill", &password, "short"]).ok();
    let kept = env.ctx("j", &["element", "click", &submit]);
    let data = kept.ok();
    assert_eq!(data["navigated"], false, "{}", kept.stdout);
    assert_eq!(
        data["result"],
        json!(format!(
            "submit blocked: {email} \"Email\": Enter an email address; {password} \"Password\": At least 8 characters; {country} \"Country\": Pick a country; {name} \"Name\": Please give your name"
        )),
        "{}",
        kept.stdout
    );
    env.ctx("j", &["element", "fill", &email, "ada@example.com"])
        .ok();
    env.ctx("j", &["element", "fill", &password, "long enough"])
        .ok();
    env.ctx("j", &["element", "fill", &name, "Ada"]).ok();
    env.ctx("j", &["runtime", "eval", "co.textContent = 'Japan'"])
        .ok();
    let sent = env.ctx("j", &["element", "click", &submit]);
    assert_eq!(sent.ok()["title"], "Welcome", "{}", sent.stdout);
}

/// Issue 17 item 5: a click that did nothing says why, when the page can tell — a submission
/// blocked by constraint validation names the invalid fields with their uids and Chromium's own
/// messages; a link whose click the page cancelled says so. A submission that goes through is
/// an ordinary navigation.
#[test]
fn a_click_that_did_nothing_says_why() {
    let server = HttpServer::start();
    server.page(
        "/signup.html",
        "Signup",
        "<form action=/done.html><label>Username <input name=u required></label>
         <label>Email <input type=email name=e required></label><button>Create account</button></form>
         <a href=/done.html onclick='event.preventDefault()'>Cancelled link</a>
         <a href=# role=button onclick=\"event.preventDefault(); window.zoomed = 1\">Zoom in</a>",
    );
    server.page("/done.html", "Done", "<h1>Done</h1>");
    let env = TestEnv::new();
    env.ctx("w", &["page", "open", &server.url("/signup.html")])
        .ok();
    let snap = snapshot(&env, "w");
    let (user, email, submit, link) = (
        uid_of(&snap, "\"Username\""),
        uid_of(&snap, "\"Email\""),
        uid_of(&snap, "button \"Create account\""),
        uid_of(&snap, "link \"Cancelled link\""),
    );
    let blocked = env.ctx("w", &["element", "click", &submit]);
    let data = blocked.ok();
    assert_eq!(data["navigated"], false, "{}", blocked.stdout);
    let invalid = data["invalid"].as_array().expect("invalid fields");
    assert_eq!(invalid.len(), 2, "{}", blocked.stdout);
    assert_eq!(invalid[0]["uid"], user.as_str());
    assert_eq!(invalid[0]["name"], "Username");
    assert!(!invalid[0]["message"].as_str().unwrap().is_empty());
    assert_eq!(invalid[1]["uid"], email.as_str());
    let result = data["result"].as_str().unwrap();
    assert!(
        result.starts_with(&format!("submit blocked: {user} \"Username\": ")),
        "{result}"
    );
    assert!(
        blocked.json["meta"]["warnings"][0]["message"]
            .as_str()
            .unwrap()
            .contains("submit blocked"),
        "{}",
        blocked.stdout
    );
    let text = env.ctx("w", &["element", "click", &submit, "--output", "text"]);
    assert!(
        text.stdout
            .starts_with(&format!("click {submit} → submit blocked: {user}")),
        "{}",
        text.stdout
    );

    let cancelled = env.ctx("w", &["element", "click", &link]);
    assert!(
        cancelled.ok()["result"]
            .as_str()
            .unwrap_or_default()
            .contains("preventDefault"),
        "{}",
        cancelled.stdout
    );

    // A link made a button cancels its navigation by design (a map's zoom, which changes no
    // line): nothing to say about a link.
    let zoom = uid_of(&snap, "button \"Zoom in\"");
    let zoomed = env.ctx("w", &["element", "click", &zoom]);
    assert!(zoomed.ok().get("result").is_none(), "{}", zoomed.stdout);

    env.ctx("w", &["element", "fill", &user, "ada"]).ok();
    env.ctx("w", &["element", "fill", &email, "ada@example.com"])
        .ok();
    let sent = env.ctx("w", &["element", "click", &submit]);
    assert_eq!(sent.ok()["navigated"], true, "{}", sent.stdout);
    assert!(sent.ok().get("result").is_none(), "{}", sent.stdout);
    // On a form so small that the focus moving to the invalid field is most of its lines: the
    // move is still told as changes (it was the whole snapshot, which counted as a change of
    // the page and hid why nothing happened).
    server.page(
        "/tiny.html",
        "Tiny",
        "<form action=/done.html><input name=q required aria-label=Query><button>Go</button></form>",
    );
    env.ctx("w", &["page", "navigate", &server.url("/tiny.html")])
        .ok();
    let tiny = snapshot(&env, "w");
    let (query, go) = (
        uid_of(&tiny, "textbox \"Query\""),
        uid_of(&tiny, "button \"Go\""),
    );
    env.ctx("w", &["element", "focus", &go]).ok();
    snapshot(&env, "w");
    let small = env.ctx("w", &["element", "click", &go]);
    let data = small.ok();
    assert!(
        data["result"]
            .as_str()
            .is_some_and(|r| r.starts_with(&format!("submit blocked: {query} \"Query\""))),
        "{}",
        small.stdout
    );
    assert_eq!(
        (data["domChanged"].clone(), data.get("snapshot")),
        (serde_json::json!(false), None),
        "{}",
        small.stdout
    );
    assert!(
        data["changes"].to_string().contains("focused"),
        "{}",
        small.stdout
    );

    // An agent that acts before looking gets the whole page (nothing to compare with), and
    // still why its submission went nowhere.
    env.ctx("w", &["page", "navigate", &server.url("/signup.html")])
        .ok();
    let unseen = env.ctx("w", &["element", "click", "--text", "Create account"]);
    let data = unseen.ok();
    assert!(data["snapshot"].is_string(), "{}", unseen.stdout);
    assert!(
        data["result"]
            .as_str()
            .is_some_and(|r| r.starts_with("submit blocked: ") && r.contains("\"Username\"")),
        "{}",
        unseen.stdout
    );
    // Enter in a field submits its form as a click does, and is blocked as one is: the browser
    // moves the focus to the invalid field, and the reply names it with Chromium's message.
    let snap = snapshot(&env, "w");
    let (user, email) = (uid_of(&snap, "\"Username\""), uid_of(&snap, "\"Email\""));
    env.ctx("w", &["element", "fill", &user, "ada"]).ok();
    let enter = env.ctx("w", &["input", "key", "Enter", "--output", "text"]);
    assert!(
        enter
            .stdout
            .starts_with(&format!("key Enter → submit blocked: {email} \"Email\": ")),
        "{}",
        enter.stdout
    );
    let typed = env.ctx("w", &["input", "type", "ada@", "--submit", "Enter"]);
    let data = typed.ok();
    assert_eq!(data["navigated"], false, "{}", typed.stdout);
    assert_eq!(
        data["invalid"][0]["uid"],
        email.as_str(),
        "{}",
        typed.stdout
    );
    // Once every field is valid, Enter submits: a navigation, and nothing to explain.
    env.ctx("w", &["element", "fill", &email, "ada@example.com"])
        .ok();
    let sent = env.ctx("w", &["input", "key", "Enter"]);
    assert_eq!(sent.ok()["navigated"], true, "{}", sent.stdout);
    assert!(sent.ok().get("result").is_none(), "{}", sent.stdout);
}

/// Issue 17 item 4: an element that takes drops (here an inline `ondrop`) has a uid to drag
/// onto; dragging an element onto itself is refused at once.
#[test]
fn drop_targets_have_uids_and_a_drag_onto_itself_is_refused() {
    let server = HttpServer::start();
    server.page(
        "/drop.html",
        "Drop",
        "<div draggable=true style='width:80px;height:40px'>Card</div>
         <div style='width:200px;height:100px;margin-top:20px' ondragover='event.preventDefault()'
              ondrop='this.textContent = \"dropped\"'>Bin</div>
         <div id=zone style='width:200px;height:100px'>Zone</div>
         <script>zone.addEventListener('dragover', e => e.preventDefault());
                 zone.addEventListener('drop', () => { zone.textContent = 'zone took it' })</script>",
    );
    let env = TestEnv::new();
    env.ctx("d", &["page", "open", &server.url("/drop.html")])
        .ok();
    let snap = snapshot(&env, "d");
    let (card, bin) = (
        uid_of(&snap, "\"Card\""),
        uid_of(&snap, "droptarget \"Bin\""),
    );
    // Refused before any mouse moves (it used to wait a second for a drag, then warn).
    let itself = env.ctx("d", &["element", "drag", &card, &card]);
    let error = itself.err("VALIDATION_ERROR", 2);
    assert!(
        error["message"].as_str().unwrap().contains("onto itself"),
        "{error}"
    );
    let dropped = env.ctx("d", &["element", "drag", &card, &bin]);
    assert!(
        dropped.ok().to_string().contains("dropped"),
        "{}",
        dropped.stdout
    );
    // A zone whose handlers a script added is named by its selector.
    let zone = env.ctx("d", &["element", "drag", &card, "#zone"]);
    assert!(
        zone.ok().to_string().contains("zone took it"),
        "{}",
        zone.stdout
    );
}

/// Focus guards (the empty `tabindex=0` elements a modal dialog or a data grid puts around
/// itself to keep the focus in) are no lines: nothing there to click. An empty element that
/// takes clicks and has a box (a colour swatch) still is one.
#[test]
fn focus_guards_are_no_lines_but_empty_click_targets_are() {
    let server = HttpServer::start();
    server.page(
        "/modal.html",
        "Modal",
        "<div tabindex=0 data-guard=start></div>
         <div role=dialog aria-label=Settings><h2>Settings</h2><button>Close</button>
           <div role=presentation tabindex=0 class=guard></div><span tabindex=0></span></div>
         <div tabindex=0 data-guard=end></div>
         <div onclick=\"this.title='picked'\" style='width:20px;height:20px;background:red'></div>",
    );
    let env = TestEnv::new();
    env.ctx("g", &["page", "open", &server.url("/modal.html")])
        .ok();
    let snap = snapshot(&env, "g");
    let clickables: Vec<&str> = snap.lines().filter(|l| l.contains("clickable")).collect();
    assert_eq!(clickables.len(), 1, "{snap}");
    let swatch = clickables[0].trim().split(' ').next().unwrap().to_string();
    env.ctx("g", &["element", "click", &swatch]).ok();
    assert!(snapshot(&env, "g").contains("clickable \"picked\""));
}

/// A target still sliding into place (a grid's row after a filter) is pressed where it comes to
/// rest, not reported covered by what it is sliding away from.
#[test]
fn a_sliding_target_is_pressed_where_it_comes_to_rest() {
    let server = HttpServer::start();
    server.page(
        "/slide.html",
        "Slide",
        "<div id=cover style='position:absolute;top:100px;left:0;width:300px;height:60px;background:#ccc;z-index:1'>Header</div>
         <button id=b style='position:absolute;top:100px;left:20px;transition:top 800ms linear'
           onclick=\"this.textContent='Pressed'\">Row</button>",
    );
    let env = TestEnv::new();
    env.ctx("s", &["page", "open", &server.url("/slide.html")])
        .ok();
    let row = uid_of(&snapshot(&env, "s"), "button \"Row\"");
    env.ctx("s", &["runtime", "eval", "b.style.top = '220px'"])
        .ok();
    let clicked = env.ctx("s", &["element", "click", &row]);
    clicked.ok();
    let read = |js: &str| env.ctx("s", &["runtime", "eval", js]).ok()["value"].clone();
    assert_eq!(read("b.textContent"), "Pressed", "{}", clicked.stdout);
    // Still covered once at rest: covered, after the wait.
    env.ctx("s", &["runtime", "eval", "b.style.top = '100px'"])
        .ok();
    env.ctx("s", &["element", "click", &row])
        .err("TARGET_OBSCURED", 5);
}

/// A scroll that moved the page (or a pane under the wheel) did what it is for: no "no effect",
/// and it says what moved; one at the end of the page says it moved nothing.
#[test]
fn a_scroll_says_what_it_moved() {
    let server = HttpServer::start();
    server.page(
        "/long.html",
        "Long",
        "<div id=chat style='height:100px;overflow:auto;width:300px'><p style='height:600px'>Messages</p></div>
         <p style='height:3000px'>A long page</p>",
    );
    let env = TestEnv::new();
    env.ctx("s", &["page", "open", &server.url("/long.html")])
        .ok();
    let down = env.ctx("s", &["input", "scroll", "--dy", "500", "--at", "400,300"]);
    let data = down.ok();
    assert_eq!(data["scrolled"], "page", "{}", down.stdout);
    assert!(
        data["scroll"]["y"].as_f64().unwrap() > 0.0,
        "{}",
        down.stdout
    );
    assert!(
        down.json["meta"].get("warnings").is_none(),
        "{}",
        down.stdout
    );
    let text = env.ctx(
        "s",
        &["input", "scroll", "--dy", "100000", "--output", "text"],
    );
    assert!(
        text.stdout.contains("→ scrolled the page to y="),
        "{}",
        text.stdout
    );
    let end = env.ctx("s", &["input", "scroll", "--dy", "500", "--at", "400,300"]);
    assert!(end.ok().get("scrolled").is_none(), "{}", end.stdout);
    let warning = &end.json["meta"]["warnings"][0];
    assert_eq!(warning["code"], "ACTION_NO_EFFECT", "{}", end.stdout);
    assert!(
        warning["message"]
            .as_str()
            .unwrap()
            .contains("moved nothing"),
        "{}",
        end.stdout
    );
    // A key that scrolls says so, where the page came to rest (the browser animates it).
    let home = env.ctx("s", &["input", "key", "Home"]);
    assert_eq!(home.ok()["scrolled"], "page", "{}", home.stdout);
    assert_eq!(home.ok()["scroll"]["y"], 0, "{}", home.stdout);
    assert!(
        home.json["meta"].get("warnings").is_none(),
        "{}",
        home.stdout
    );
    let pane = env.ctx("s", &["input", "scroll", "--dy", "200", "--at", "50,50"]);
    assert_eq!(
        pane.ok()["scrolled"],
        "div#chat \"Messages\"",
        "{}",
        pane.stdout
    );
}

/// A click that leads to another page shows that page as drawn: one that fetches its data and
/// lists it once loaded (a search page, an app's route), not its empty frame.
#[test]
fn a_page_a_click_leads_to_is_shown_once_drawn() {
    let server = HttpServer::start();
    server.page(
        "/home.html",
        "Home",
        "<a href=/results.html?q=tea>Search tea</a>",
    );
    server.raw(
        "/data.json",
        "application/json",
        r#"["Green tea", "Black tea"]"#,
    );
    server.page(
        "/results.html",
        "Searching",
        "<h1>Results</h1><ul id=list></ul>
         <script>addEventListener('load', async () => {
           const items = await (await fetch('/data.json')).json();
           // (Drawn a frame or two later, as a framework schedules its render.)
           await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
           list.innerHTML = items.map((i) => '<li>' + i + '</li>').join('');
           document.title = items.length + ' results';
         })</script>",
    );
    let env = TestEnv::new();
    env.ctx("d", &["page", "open", &server.url("/home.html")])
        .ok();
    let link = uid_of(&snapshot(&env, "d"), "link \"Search tea\"");
    let clicked = env.ctx("d", &["element", "click", &link]);
    let data = clicked.ok();
    assert_eq!(data["navigated"], true, "{}", clicked.stdout);
    assert!(
        data["snapshot"]
            .as_str()
            .unwrap_or_default()
            .contains("Black tea"),
        "{}",
        clicked.stdout
    );
    assert_eq!(data["title"], "2 results", "{}", clicked.stdout);
}

/// The page may move a target as it is pressed (a banner pushed in above it, a feed's posts
/// loaded): the release, or the press, lands on what took its place. That is kept from the
/// page (nothing else is clicked), and the target is pressed again where it is now; one that
/// never stays put is `TARGET_OBSCURED`.
#[test]
fn a_target_moved_as_it_is_pressed_is_pressed_again_and_nothing_else_is() {
    let server = HttpServer::start();
    server.page(
        "/moving.html",
        "Moving",
        "<style>button { display: block; height: 40px; width: 200px; margin: 0 }</style>
         <div id=banners></div>
         <button id=decoy onclick='window.decoys = (window.decoys || 0) + 1'>Decoy</button>
         <button id=buy onclick='window.buys = (window.buys || 0) + 1'>Buy</button>
         <button id=run onclick='window.runs = (window.runs || 0) + 1'>Run away</button>
         <script>
         buy.addEventListener('pointerdown', () => banners.insertAdjacentHTML('beforeend',
           '<p style=\"height:40px;margin:0\">Sale banner</p>'), { once: true });
         run.addEventListener('pointerdown', () => banners.insertAdjacentHTML('beforeend',
           '<p style=\"height:40px;margin:0\">Another banner</p>'));
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("m", &["page", "open", &server.url("/moving.html")])
        .ok();
    let snap = snapshot(&env, "m");
    let buy = uid_of(&snap, "button \"Buy\"");
    env.ctx("m", &["element", "click", &buy]).ok();
    let read = |js: &str| env.ctx("m", &["runtime", "eval", js]).ok()["value"].clone();
    assert_eq!(read("[window.buys, window.decoys]"), json!([1, null]));
    // A target that moves at every press.
    let run = uid_of(&snap, "button \"Run away\"");
    let ran = env.ctx("m", &["element", "click", &run]);
    let error = ran.err("TARGET_OBSCURED", 5);
    assert!(
        error["message"].as_str().unwrap().contains("kept moving"),
        "{error}"
    );
    assert_eq!(
        read("[window.runs, window.buys, window.decoys]"),
        json!([null, 1, null])
    );
}

/// A drop-down drawn by a script (Material UI's Select, Radix's) opens its menu as the button
/// goes down, with a backdrop over the whole page: the release lands on that backdrop. The
/// target did not move, so that is the press's own release, as a user's lands there too: the
/// click is not kept from the page, and the menu it opened stays open.
#[test]
fn a_menu_opened_as_the_button_goes_down_is_not_a_press_that_missed() {
    let server = HttpServer::start();
    server.page(
        "/menu.html",
        "Menu",
        "<div id=age role=combobox tabindex=0 aria-haspopup=listbox aria-label=Age
              style='width:200px;height:40px;border:1px solid'>Choose</div>
         <p id=chosen>No age</p>
         <script>
         age.addEventListener('mousedown', () => {
           const backdrop = document.createElement('div');
           backdrop.style = 'position:fixed;inset:0';
           backdrop.onclick = () => { backdrop.remove(); list.remove(); window.dismissed = (window.dismissed || 0) + 1; };
           const list = document.createElement('ul');
           list.setAttribute('role', 'listbox');
           list.style = 'position:fixed;top:60px;left:10px;background:white';
           list.innerHTML = '<li role=option>Ten</li><li role=option>Twenty</li>';
           list.onclick = (e) => { chosen.textContent = 'Age ' + e.target.textContent; backdrop.remove(); list.remove(); };
           document.body.append(backdrop, list);
         });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("m", &["page", "open", &server.url("/menu.html")])
        .ok();
    let age = uid_of(&snapshot(&env, "m"), "combobox \"Age\"");
    let opened = env.ctx("m", &["element", "click", &age]);
    opened.ok();
    assert!(
        opened.stdout.contains("option \\\"Twenty\\\""),
        "{}",
        opened.stdout
    );
    let chosen = env.ctx("m", &["element", "click", "--text", "Twenty"]);
    chosen.ok();
    assert!(chosen.stdout.contains("Age Twenty"), "{}", chosen.stdout);
    let closed = env.ctx("m", &["runtime", "eval", "window.dismissed"]);
    assert_eq!(
        closed.ok()["value"],
        Value::Null,
        "the backdrop was never clicked"
    );
}

/// A control its label draws (a star rating: radios visually hidden, one clipped to a pixel
/// where another star covers it) is pressed where a user presses it, on its label.
#[test]
fn a_control_drawn_by_its_label_is_pressed_on_its_label() {
    let server = HttpServer::start();
    let stars: String = (1..=5)
        .map(|n| {
            format!(
                "<label for=s{n}><span aria-hidden=true>&#9733;</span><span class=vh>{n} Stars</span></label>
                 <input type=radio class=vh name=stars id=s{n} value={n}>"
            )
        })
        .collect();
    server.page(
        "/stars.html",
        "Stars",
        &format!(
            "<style>
             .vh {{ position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden;
                    clip: rect(0 0 0 0); white-space: nowrap; border: 0; padding: 0 }}
             #rating {{ position: relative; display: inline-flex; font-size: 32px }}
             label {{ cursor: pointer }}
             </style>
             <span id=rating>{stars}</span>
             <p id=out>No rating</p>
             <script>
             rating.addEventListener('change', (e) => out.textContent = e.target.value + ' stars');
             for (const input of document.querySelectorAll('input')) input.style.left = '0';
             </script>"
        ),
    );
    let env = TestEnv::new();
    env.ctx("r", &["page", "open", &server.url("/stars.html")])
        .ok();
    let snap = snapshot(&env, "r");
    let four = uid_of(&snap, "radio \"4 Stars\"");
    let clicked = env.ctx("r", &["element", "click", &four]);
    clicked.ok();
    assert!(clicked.stdout.contains("4 stars"), "{}", clicked.stdout);
    let two = uid_of(&snap, "radio \"2 Stars\"");
    let checked = env.ctx("r", &["element", "check", &two]);
    checked.ok();
    assert!(checked.stdout.contains("2 stars"), "{}", checked.stdout);
}

/// A drop-down the page draws itself is chosen from as a user chooses: `element select` (and
/// `fill`) presses it open and presses the option of that name. Three shapes: WAI-ARIA's
/// select-only combobox (a `div` that controls its list box), a button that opens a list box
/// drawn at the end of the page as it goes down (Radix's Select), a menu button (an editor's
/// Heading menu), and a text combobox whose suggestions come after typing (react-select). An
/// option it does not have is an error that
/// names the options, the list closed again.
#[test]
fn a_drop_down_drawn_by_the_page_is_chosen_from_by_its_option_name() {
    let server = HttpServer::start();
    server.page(
        "/dropdowns.html",
        "Drop-downs",
        "<style>[role=listbox] { border: 1px solid; margin: 0; padding: 0; list-style: none }
                [role=option] { padding: 4px }</style>
         <label id=size-label>Size</label>
         <div id=size role=combobox tabindex=0 aria-labelledby=size-label aria-controls=sizes
              aria-expanded=false style='width:150px;border:1px solid'>Medium</div>
         <ul id=sizes role=listbox aria-labelledby=size-label hidden>
           <li role=option id=s1>Small</li><li role=option id=s2>Medium</li><li role=option id=s3>Large</li>
         </ul>
         <p id=size-out>Size: Medium</p>
         <button id=fruit aria-haspopup=listbox aria-label=Fruit>Pick a fruit</button>
         <p id=fruit-out>Fruit: none</p>
         <button id=style aria-haspopup=true aria-label=Style>Paragraph</button>
         <div id=styles role=menu hidden><span role=menuitemradio>Paragraph</span><span role=menuitemradio>Heading 1</span></div>
         <ul role=listbox aria-label=Recent><li role=option>Tokyo</li></ul>
         <label for=city>City</label>
         <input id=city role=combobox aria-autocomplete=list aria-expanded=false autocomplete=off>
         <p id=city-out>City: none</p>
         <script>
         size.onclick = () => { sizes.hidden = !sizes.hidden; size.setAttribute('aria-expanded', !sizes.hidden); };
         size.onkeydown = (e) => { if (e.key === 'Escape') { sizes.hidden = true; size.setAttribute('aria-expanded', false); } };
         sizes.onclick = (e) => { size.textContent = e.target.textContent; sizes.hidden = true;
           size.setAttribute('aria-expanded', false); window['size-out'].textContent = 'Size: ' + e.target.textContent; };
         fruit.addEventListener('pointerdown', () => setTimeout(() => {
           const list = document.createElement('div');
           list.setAttribute('role', 'listbox');
           list.style = 'position:fixed;top:10px;right:10px;background:white';
           list.innerHTML = '<div role=option data-value=apple>Apple</div><div role=option data-value=banana>Banana</div>';
           list.onclick = (e) => { window['fruit-out'].textContent = 'Fruit: ' + e.target.dataset.value; list.remove(); };
           document.body.append(list);
         }, 150));
         style.onclick = () => { styles.hidden = false; };
         styles.onclick = (e) => { style.textContent = e.target.textContent; styles.hidden = true; };
         const cities = ['Paris', 'Parma', 'Perth', 'Porto'];
         let timer;
         city.oninput = () => { clearTimeout(timer); timer = setTimeout(() => {
           document.getElementById('cities')?.remove();
           const list = document.createElement('ul');
           list.id = 'cities'; list.setAttribute('role', 'listbox');
           list.innerHTML = cities.filter((c) => c.toLowerCase().startsWith(city.value.toLowerCase()))
             .map((c) => '<li role=option>' + c + '</li>').join('');
           list.onclick = (e) => { city.value = e.target.textContent; list.remove();
             window['city-out'].textContent = 'City: ' + e.target.textContent; };
           city.after(list);
           city.setAttribute('aria-controls', 'cities');
         }, 200); };
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("d", &["page", "open", &server.url("/dropdowns.html")])
        .ok();
    let snap = snapshot(&env, "d");
    let size = uid_of(&snap, "combobox \"Size\"");
    let chosen = env.ctx("d", &["element", "select", &size, "Large"]);
    chosen.ok();
    assert!(chosen.stdout.contains("Size: Large"), "{}", chosen.stdout);
    // By fill too, and regardless of case.
    let filled = env.ctx("d", &["element", "fill", &size, "small"]);
    filled.ok();
    assert!(filled.stdout.contains("Size: Small"), "{}", filled.stdout);

    let fruit = uid_of(&snap, "button \"Fruit\"");
    let picked = env.ctx("d", &["element", "select", &fruit, "Banana"]);
    picked.ok();
    assert!(picked.stdout.contains("Fruit: banana"), "{}", picked.stdout);

    // A menu button's item; a list box shown before the button was pressed is not its own.
    let style = uid_of(&snap, "button \"Style\"");
    env.ctx("d", &["element", "select", &style, "Heading 1"])
        .ok();
    let read = |js: &str| env.ctx("d", &["runtime", "eval", js]).ok()["value"].clone();
    assert_eq!(read("style.textContent"), json!("Heading 1"));

    let city = uid_of(&snap, "combobox \"City\"");
    let typed = env.ctx("d", &["element", "select", &city, "Perth"]);
    typed.ok();
    assert!(typed.stdout.contains("City: Perth"), "{}", typed.stdout);
    assert_eq!(read("city.value"), json!("Perth"));

    // No such option: the options named, the list closed again, nothing chosen.
    let missing = env.ctx("d", &["element", "select", &size, "Huge"]);
    let error = missing.err("ELEMENT_NOT_FOUND", 3);
    assert_eq!(
        error["details"]["options"],
        json!(["Small", "Medium", "Large"]),
        "{error}"
    );
    assert_eq!(
        read("[sizes.hidden, size.textContent]"),
        json!([true, "Small"])
    );
    // A suggestion never shown: what the combobox held is typed back.
    let unknown = env.ctx("d", &["element", "select", &city, "Oslo"]);
    let error = unknown.err("ELEMENT_NOT_FOUND", 3);
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("suggested no option \"Oslo\""),
        "{error}"
    );
    assert_eq!(read("city.value"), json!("Perth"));
}

/// A drop-down the page draws that takes several options is given them comma-separated, as a
/// `<select multiple>` is, and each is chosen as a user chooses: a list box that says it takes
/// several (`aria-multiselectable`) and stays open (Material UI's and Headless UI's), a text
/// combobox whose list closes after each and hides what is chosen (react-select's), options
/// drawn without roles that stay open (Ant Design's). An option shown chosen is left so, not
/// taken back; the list is closed at the end. A part the list lacks, or several for a list box
/// that takes one, is refused before anything is chosen, the list closed.
#[test]
fn a_drop_down_that_takes_several_options_is_given_them_comma_separated() {
    let server = HttpServer::start();
    server.page(
        "/several.html",
        "Several",
        "<style>[role=listbox], .layer { position: fixed; top: 10px; right: 10px; background: white;
                  border: 1px solid; margin: 0; padding: 0; list-style: none }
                [role=option], .opt { padding: 4px }</style>
         <button id=people aria-haspopup=listbox aria-expanded=false aria-label=People>People</button>
         <ul id=folks role=listbox aria-multiselectable=true aria-label=People hidden>
           <li role=option aria-selected=false>Ada</li><li role=option aria-selected=false>Grace</li>
           <li role=option aria-selected=false>Linus</li></ul>
         <p id=people-out>People: none</p>
         <label for=colours>Colours</label>
         <input id=colours role=combobox aria-expanded=false aria-autocomplete=list autocomplete=off>
         <p id=colours-out>Colours: none</p>
         <input id=owners role=combobox aria-label=Owners aria-expanded=false autocomplete=off>
         <p id=owners-out>Owners: none</p>
         <input id=tags role=combobox aria-label=Tags aria-expanded=false autocomplete=off>
         <p id=tags-out>Tags: none</p>
         <div id=size role=combobox tabindex=0 aria-label=Size aria-expanded=false>Medium</div>
         <ul id=sizes role=listbox aria-label=Size hidden>
           <li role=option>Small</li><li role=option>Medium</li><li role=option>Large</li></ul>
         <script>
         const show = (out, label, all) => { out.textContent = label + ': ' + (all.join(' + ') || 'none'); };
         people.onclick = () => { folks.hidden = false; people.setAttribute('aria-expanded', true); folks.tabIndex = -1; folks.focus(); };
         folks.onclick = (e) => {
           e.target.setAttribute('aria-selected', e.target.getAttribute('aria-selected') !== 'true');
           show(window['people-out'], 'People', [...folks.children].filter((o) => o.ariaSelected === 'true').map((o) => o.textContent));
         };
         let chosen = [];
         const drawColours = () => {
           document.getElementById('palette')?.remove();
           const list = document.createElement('ul');
           list.id = 'palette'; list.setAttribute('role', 'listbox'); list.setAttribute('aria-multiselectable', 'true');
           list.innerHTML = ['Red', 'Green', 'Blue'].filter((c) => !chosen.includes(c) && c.toLowerCase().startsWith(colours.value.toLowerCase()))
             .map((c) => '<li role=option>' + c + '</li>').join('');
           list.onmousedown = (e) => e.preventDefault();
           list.onclick = (e) => { chosen.push(e.target.textContent); colours.value = ''; list.remove();
             colours.setAttribute('aria-expanded', false); show(window['colours-out'], 'Colours', chosen); };
           document.body.append(list);
           colours.setAttribute('aria-controls', 'palette'); colours.setAttribute('aria-expanded', true);
         };
         colours.onclick = drawColours; colours.oninput = drawColours;
         const owned = [];
         owners.oninput = () => {
           document.getElementById('owned')?.remove();
           const list = document.createElement('ul');
           list.id = 'owned'; list.setAttribute('role', 'listbox'); list.setAttribute('aria-multiselectable', 'true');
           list.innerHTML = ['Ada', 'Grace', 'Linus'].filter((c) => owners.value && c.toLowerCase().startsWith(owners.value.toLowerCase()))
             .map((c) => '<li role=option>' + c + '</li>').join('');
           list.onmousedown = (e) => e.preventDefault();
           list.onclick = (e) => { owned.push(e.target.textContent); owners.value = ''; list.remove();
             show(window['owners-out'], 'Owners', owned); };
           document.body.append(list);
           owners.setAttribute('aria-controls', 'owned');
         };
         const tagged = [];
         tags.onclick = () => {
           if (document.querySelector('.layer')) return;
           const layer = document.createElement('div');
           layer.className = 'layer';
           layer.innerHTML = ['Alpha', 'Beta', 'Gamma'].map((t) => '<div class=\"opt' + (tagged.includes(t) ? ' opt-selected' : '') + '\"><span>' + t + '</span></div>').join('');
           layer.onmousedown = (e) => e.preventDefault();
           layer.onclick = (e) => { const opt = e.target.closest('.opt'); const t = opt.textContent;
             opt.classList.toggle('opt-selected');
             if (tagged.includes(t)) tagged.splice(tagged.indexOf(t), 1); else tagged.push(t);
             show(window['tags-out'], 'Tags', tagged); };
           document.body.append(layer);
           tags.setAttribute('aria-expanded', true);
         };
         size.onclick = () => { sizes.hidden = false; size.setAttribute('aria-expanded', true); };
         sizes.onclick = (e) => { size.textContent = e.target.textContent; sizes.hidden = true; size.setAttribute('aria-expanded', false); };
         document.addEventListener('keydown', (e) => {
           if (e.key !== 'Escape') return;
           folks.hidden = true; people.setAttribute('aria-expanded', false);
           document.querySelector('.layer')?.remove(); tags.setAttribute('aria-expanded', false);
           document.getElementById('palette')?.remove(); colours.setAttribute('aria-expanded', false);
           sizes.hidden = true; size.setAttribute('aria-expanded', false);
         });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("s", &["page", "open", &server.url("/several.html")])
        .ok();
    let snap = snapshot(&env, "s");
    let read = |js: &str| env.ctx("s", &["runtime", "eval", js]).ok()["value"].clone();
    let text = |id: &str| read(&format!("document.getElementById('{id}').textContent"));

    // A list box of several, open until Escape; an option chosen already is left chosen.
    let people = uid_of(&snap, "button \"People\"");
    env.ctx("s", &["element", "select", &people, "Ada, Linus"])
        .ok();
    assert_eq!(text("people-out"), json!("People: Ada + Linus"));
    assert_eq!(
        read("folks.hidden"),
        json!(true),
        "the list is closed at the end"
    );
    env.ctx("s", &["element", "select", &people, "Ada,Grace"])
        .ok();
    assert_eq!(text("people-out"), json!("People: Ada + Grace + Linus"));
    env.ctx("s", &["element", "select", &people, "Grace"]).ok();
    assert_eq!(text("people-out"), json!("People: Ada + Grace + Linus"));
    assert_eq!(read("folks.hidden"), json!(true));

    // A text combobox whose list closes after each option and leaves out those chosen.
    let colours = uid_of(&snap, "combobox \"Colours\"");
    env.ctx("s", &["element", "select", &colours, "Red,Blue"])
        .ok();
    assert_eq!(text("colours-out"), json!("Colours: Red + Blue"));

    // A text combobox that shows no list until typed into: each part typed in turn; one it
    // suggests nothing for is an error, what was typed taken back.
    let owners = uid_of(&snap, "combobox \"Owners\"");
    env.ctx("s", &["element", "select", &owners, "Ada,Linus"])
        .ok();
    assert_eq!(text("owners-out"), json!("Owners: Ada + Linus"));
    let unknown = env.ctx("s", &["element", "select", &owners, "Nobody,Grace"]);
    let error = unknown.err("ELEMENT_NOT_FOUND", 3);
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("suggested no option \"Nobody\""),
        "{error}"
    );
    assert_eq!(
        read("[owners.value, window['owners-out'].textContent]"),
        json!(["", "Owners: Ada + Linus"])
    );

    // Options drawn without roles, open until Escape.
    let tags = uid_of(&snap, "combobox \"Tags\"");
    env.ctx("s", &["element", "select", &tags, "Beta,Gamma"])
        .ok();
    assert_eq!(text("tags-out"), json!("Tags: Beta + Gamma"));
    assert_eq!(read("!document.querySelector('.layer')"), json!(true));

    // A part it lacks: the options named, nothing chosen, the list closed.
    let refused = |uid: &str, value: &str, options: Value| {
        let answer = env.ctx("s", &["element", "select", uid, value]);
        let error = answer.err("ELEMENT_NOT_FOUND", 3);
        assert_eq!(error["details"]["options"], options, "{error}");
    };
    refused(&people, "Linus,Nobody", json!(["Ada", "Grace", "Linus"]));
    assert_eq!(text("people-out"), json!("People: Ada + Grace + Linus"));
    assert_eq!(read("folks.hidden"), json!(true));
    refused(&tags, "Alpha,Nobody", json!(["Alpha", "Beta", "Gamma"]));
    assert_eq!(text("tags-out"), json!("Tags: Beta + Gamma"));
    assert_eq!(read("!document.querySelector('.layer')"), json!(true));

    // Several for a list box that takes one: refused as no option of its, nothing chosen.
    let size = uid_of(&snap, "combobox \"Size\"");
    refused(&size, "Small,Large", json!(["Small", "Medium", "Large"]));
    assert_eq!(
        read("[sizes.hidden, size.textContent]"),
        json!([true, "Medium"])
    );
}

/// Drop-downs drawn over a `<select>` kept out of sight, as Tom Select draws them: a text
/// combobox that opens its list as it takes the focus, and toggles it when pressed while
/// focused (a press after a focus of cdt's own closed it), and closes it after each option; one standing for a `<select
/// multiple>`, whose list does not say it takes several, marks the option the keys are on
/// `aria-selected`, and leaves chosen options out of its list (shown as chips beside the
/// field). An option asked that was chosen already is told so; a `<select>` such a drop-down
/// stands for (kept see-through inside it, as Choices.js keeps it) is chosen through the
/// drop-down, which went on showing what it showed; `--text` finds the option a user sees, not
/// the one of the `<select>` kept out of sight.
#[test]
fn a_drop_down_drawn_over_a_select_kept_out_of_sight_is_chosen_from_as_a_user_does() {
    let server = HttpServer::start();
    server.page(
        "/over.html",
        "Over a select",
        "<style>.kept { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0) }
                [role=listbox] { border: 1px solid; margin: 0; padding: 0 } [role=option] { padding: 4px }
                .item { display: inline-block; padding: 2px; margin-right: 4px; background: #eee }</style>
         <p><label for=airport-ts id=airport-label>Airport</label>
           <select id=airport class=kept tabindex=-1><option value=''>Pick one</option><option value=OSL>Oslo</option>
             <option value=CDG>Paris</option><option value=FRA>Frankfurt</option></select>
           <span class=wrap><input id=airport-ts role=combobox aria-haspopup=listbox aria-expanded=false
             aria-controls=airport-list aria-labelledby=airport-label autocomplete=off></span></p>
         <div id=airport-list role=listbox hidden></div>
         <p><label for=tags-ts id=tags-label>Tags</label>
           <select id=tags class=kept multiple tabindex=-1><option>Quiet</option><option>Sea view</option><option>Balcony</option></select>
           <span class=wrap><span id=chips></span><input id=tags-ts role=combobox aria-expanded=false
             aria-controls=tags-list aria-labelledby=tags-label autocomplete=off></span></p>
         <div id=tags-list role=listbox hidden></div>
         <label for=fruit>Fruit</label>
         <div id=fruits role=combobox tabindex=0 aria-expanded=false aria-controls=fruit-list>
           <select id=fruit style='position: absolute; opacity: 0' tabindex=-1><option value=''>Pick a fruit</option>
             <option>Apple</option><option>Banana</option></select><span id=shown>Pick a fruit</span></div>
         <div id=fruit-list role=listbox hidden></div>
         <script>
         fruits.onclick = () => {
           window['fruit-list'].innerHTML = [...fruit.options].filter((o) => o.value).map((o) => '<div role=option>' + o.text + '</div>').join('');
           window['fruit-list'].hidden = false; fruits.setAttribute('aria-expanded', true);
         };
         window['fruit-list'].onclick = (e) => {
           fruit.value = e.target.textContent; shown.textContent = e.target.textContent;
           window['fruit-list'].hidden = true; fruits.setAttribute('aria-expanded', false);
         };
         const widget = (input, select, list, multi) => {
           const open = () => list.hidden === false;
           const draw = () => {
             const words = input.value.toLowerCase();
             const shown = [...select.options].filter((o) => o.value && !(multi && o.selected) &&
               o.textContent.toLowerCase().includes(words));
             list.innerHTML = shown.map((o, i) => '<div role=option id=' + list.id + '-' + i +
               (i ? '' : ' aria-selected=true class=active') + ' data-value=\"' + o.value + '\">' + o.textContent + '</div>').join('');
             if (shown.length) input.setAttribute('aria-activedescendant', list.id + '-0');
           };
           const show = () => { draw(); list.hidden = false; input.setAttribute('aria-expanded', true); };
           const hide = () => { list.hidden = true; input.setAttribute('aria-expanded', false); };
           input.addEventListener('focus', show);
           input.addEventListener('mousedown', () => { if (document.activeElement === input) open() ? hide() : show(); });
           input.addEventListener('input', () => { if (open()) draw(); else show(); });
           // (Escape in a closed one opens it, as in Select2's multiple select.)
           input.addEventListener('keydown', (e) => { if (e.key === 'Escape') { window.escapes = (window.escapes || 0) + 1; open() ? hide() : show(); } });
           input.addEventListener('blur', hide);
           list.addEventListener('mousedown', (e) => e.preventDefault());
           list.addEventListener('click', (e) => {
             const value = e.target.closest('[role=option]').dataset.value;
             [...select.options].find((o) => o.value === value).selected = true;
             input.value = '';
             if (!multi) { hide(); input.placeholder = select.selectedOptions[0].textContent; return; }
             chips.innerHTML = [...select.selectedOptions].map((o) => '<div class=item>' + o.textContent + '</div>').join('');
             hide();
           });
         };
         widget(window['airport-ts'], airport, window['airport-list'], false);
         widget(window['tags-ts'], tags, window['tags-list'], true);
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("o", &["page", "open", &server.url("/over.html")])
        .ok();
    let snap = snapshot(&env, "o");
    let read = |js: &str| env.ctx("o", &["runtime", "eval", js]).ok()["value"].clone();
    let chosen = || read("[...tags.selectedOptions].map((o) => o.textContent)");

    // A click on an option of the `<select multiple>` kept out of sight (its line is in the
    // snapshot, as in Chromium's tree) is refused, hinting the select that chooses it through
    // the drop-down drawn for it; that hint, run, chooses it.
    let hidden = uid_of(&snap, "option \"Sea view\"");
    let refused = env.ctx("o", &["element", "click", &hidden]);
    let error = refused.err("TARGET_OBSCURED", 5);
    let select = uid_of(&snap, "listbox");
    assert_eq!(
        error["suggestions"][0],
        format!(
            "Run: cdt element select {select} \"Sea view\" (its <select> is kept out of sight; this chooses it through the drop-down drawn for it)"
        ),
        "{error}"
    );
    env.ctx("o", &["element", "select", &select, "Sea view"])
        .ok();
    assert_eq!(chosen(), json!(["Sea view"]));
    env.ctx(
        "o",
        &[
            "runtime",
            "eval",
            "tags.options[1].selected = false; chips.textContent = ''",
        ],
    )
    .ok();

    // Pressed as a user presses it, it opens as it takes the focus; its option is pressed.
    let airport = uid_of(&snap, "combobox \"Airport\"");
    env.ctx("o", &["element", "select", &airport, "Frankfurt"])
        .ok();
    assert_eq!(
        read("[airport.value, window['airport-list'].hidden]"),
        json!(["FRA", true])
    );

    // Several, for the drop-down standing for a `<select multiple>`.
    let tags = uid_of(&snap, "combobox \"Tags\"");
    env.ctx("o", &["element", "select", &tags, "Quiet,Balcony"])
        .ok();
    assert_eq!(chosen(), json!(["Quiet", "Balcony"]));
    // Its list closes after each option, as Select2's does; closed at the end, it is sent no
    // Escape (which opens a closed one, as in Select2's multiple select).
    assert_eq!(
        read("[window['tags-list'].hidden, window.escapes || 0]"),
        json!([true, 0])
    );
    // A part chosen already (no longer in its list: its chip) is left so.
    env.ctx("o", &["element", "select", &tags, "Quiet, Sea view"])
        .ok();
    assert_eq!(chosen(), json!(["Quiet", "Sea view", "Balcony"]));
    let again = env.ctx("o", &["element", "select", &tags, "Balcony"]);
    assert_eq!(
        again.ok()["result"],
        json!("it was chosen already"),
        "{}",
        again.stdout
    );
    assert_eq!(chosen(), json!(["Quiet", "Sea view", "Balcony"]));

    // The `<select>` itself, as asked already: told so, not as an action that did nothing.
    let kept = uid_of(&snapshot(&env, "o"), "combobox value=\"Frankfurt\"");
    let native = env.ctx("o", &["element", "select", &kept, "Frankfurt"]);
    assert_eq!(
        native.ok()["result"],
        json!("it was chosen already"),
        "{}",
        native.stdout
    );
    assert!(
        native.json["meta"]["warnings"].is_null(),
        "{}",
        native.stdout
    );

    // A `<select>` kept out of sight inside the drop-down drawn for it is chosen through that.
    let fruit = uid_of(&snap, "combobox \"Fruit\"");
    env.ctx("o", &["element", "select", &fruit, "Banana"]).ok();
    assert_eq!(
        read("[fruit.value, shown.textContent]"),
        json!(["Banana", "Banana"])
    );

    // `--text` finds the option the open list shows, not the kept `<select>`'s.
    read("tags.selectedOptions[1].selected = false; chips.lastChild.remove(); 1");
    env.ctx("o", &["element", "click", &tags]).ok();
    env.ctx("o", &["element", "click", "--text", "Sea view"])
        .ok();
    assert_eq!(chosen(), json!(["Quiet", "Sea view", "Balcony"]));
}

/// `element select` into a text field that suggests as it is typed into without saying it is
/// a combobox — jQuery UI's autocomplete (`autocomplete=off`, a menu of plain items drawn over
/// the page 300 ms after a key) and Tagify's tag input (an editable `span` with
/// `aria-autocomplete`, a list box drawn at the page's end) — types the value, then presses its
/// suggestion of that name, as a user picks it; it only typed, leaving the menu open and the
/// page's pick never made. A value it suggests nothing for stays typed, as a fill's, and so
/// does a value for a field whose suggestions are a `<datalist>`'s.
/// Drop-downs of words a user may add (Tom Select's and react-select's creatable ones): a part
/// they do not list is chosen by what offers to add it once typed ("Add family…", `Create
/// "Lyon"`, shown the moment after the typing, over the list as it was), never taken for
/// chosen already. Where nothing offers it, nothing is chosen, the error names the options
/// shown when pressed and how to type words it does not list.
#[test]
fn a_drop_down_that_adds_words_it_does_not_list_is_given_them() {
    let server = HttpServer::start();
    server.page(
        "/adds.html",
        "Adds",
        "<label id=tl>Tags</label><span id=chips></span><input id=tags role=combobox aria-labelledby=tl aria-controls=tl-list aria-expanded=false>
         <label id=cl>City</label><input id=city role=combobox aria-labelledby=cl aria-controls=cl-list aria-expanded=false>
         <label id=fl>Fruit</label><input id=fruit role=combobox aria-labelledby=fl aria-controls=fl-list aria-expanded=false>
         <p id=out></p>
         <script>
         const made = [];
         const box = (input, items, adds, several, chosen) => {
           const list = document.createElement('div');
           list.id = input.getAttribute('aria-controls'); list.setAttribute('role', 'listbox');
           if (several) list.setAttribute('aria-multiselectable', 'true');
           list.style.cssText = 'border: 1px solid; display: none';
           input.after(list);
           // (Drawn as a framework keeps a list: the options still shown keep their nodes.)
           const draw = () => {
             const typed = input.value.trim().toLowerCase();
             const shown = items.filter((i) => !chosen.includes(i) && i.toLowerCase().includes(typed));
             for (const o of [...list.children]) if (!o.matches('[role=option]') || o.textContent.startsWith('Create') || !shown.includes(o.textContent)) o.remove();
             for (const i of shown) if (![...list.children].some((o) => o.textContent === i)) list.insertAdjacentHTML('beforeend', '<div role=option>' + i + '</div>');
             if (adds && typed && !shown.length) list.insertAdjacentHTML('beforeend', adds === 'add' ? '<div class=create aria-selected=true>Add <strong>' + input.value + '</strong>…</div>'
                 : '<div role=option>Create \\u201c' + input.value + '\\u201d</div>');
           };
           const open = () => { draw(); list.style.display = 'block'; input.setAttribute('aria-expanded', 'true'); };
           input.addEventListener('click', open);
           // (Its list is drawn for what was typed a moment after the typing, as a debounced search's.)
           let timer;
           input.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(open, 120); });
           input.addEventListener('keydown', (e) => { if (e.key === 'Escape') { list.style.display = 'none'; input.setAttribute('aria-expanded', 'false'); } });
           list.addEventListener('mousedown', (e) => e.preventDefault());
           list.addEventListener('click', (e) => {
             const hit = e.target.closest('[role=option], .create');
             if (!hit) return;
             const words = hit.matches('.create') ? hit.querySelector('strong').textContent
               : hit.textContent.replace(/^Create \\u201c(.*)\\u201d$/, '$1');
             if (several) { chosen.push(words); chips.textContent = chosen.join(' | '); input.value = ''; draw(); }
             else { chosen[0] = words; input.value = words; list.style.display = 'none'; input.setAttribute('aria-expanded', 'false'); }
             out.textContent = JSON.stringify(made);
           });
           made.push(chosen);
         };
         box(tags, ['quiet', 'sea view'], 'add', true, []);
         box(city, ['Paris'], 'create', false, []);
         box(fruit, ['Apple', 'Pear'], null, true, []);
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("a", &["page", "open", &server.url("/adds.html")])
        .ok();
    let snap = snapshot(&env, "a");
    let read = || env.ctx("a", &["runtime", "eval", "made"]).ok()["value"].clone();
    let tags = uid_of(&snap, "combobox \"Tags\"");
    let chose = env
        .ctx("a", &["element", "select", &tags, "quiet,family"])
        .ok()
        .clone();
    assert_ne!(chose["result"], "it was chosen already", "{chose}");
    assert_eq!(read()[0], json!(["quiet", "family"]));
    let city = uid_of(&snap, "combobox \"City\"");
    env.ctx("a", &["element", "select", &city, "Lyon"]).ok();
    assert_eq!(read()[1], json!(["Lyon"]));
    // Nothing offers a part: nothing of the value is chosen.
    let fruit = uid_of(&snap, "combobox \"Fruit\"");
    let run = env.ctx("a", &["element", "select", &fruit, "Apple,Kiwi"]);
    let error = run.err("ELEMENT_NOT_FOUND", 3);
    assert_eq!(
        error["details"]["options"],
        json!(["Apple", "Pear"]),
        "{error}"
    );
    assert!(
        error["suggestions"].to_string().contains(&format!(
            "cdt element fill {fruit} \\\"Kiwi\\\" then cdt input key Enter"
        )),
        "{error}"
    );
    assert_eq!(read()[2], json!([]));
}

/// A native box given a role of its own says its state by `aria-checked`, which its script
/// keeps while `checked` stays as it was (Element Plus's switch): filled with what it shows
/// already, it is left so (it was pressed, and turned off).
#[test]
fn a_switch_that_tells_its_state_by_aria_checked_is_filled_by_what_it_tells() {
    let server = HttpServer::start();
    server.page(
        "/switch.html",
        "Switch",
        "<label id=xl>Express</label>
         <input type=checkbox role=switch aria-checked=false aria-labelledby=xl id=express>
         <script>
         let on = false;
         express.addEventListener('click', (e) => { e.preventDefault(); on = !on; express.setAttribute('aria-checked', on); });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("w", &["page", "open", &server.url("/switch.html")])
        .ok();
    let snap = snapshot(&env, "w");
    let express = uid_of(&snap, "switch \"Express\"");
    let on = || env.ctx("w", &["runtime", "eval", "on"]).ok()["value"].clone();
    env.ctx("w", &["element", "fill", &express, "true"]).ok();
    assert_eq!(on(), json!(true));
    let again = env
        .ctx("w", &["element", "fill", &express, "true"])
        .ok()
        .clone();
    assert_eq!(on(), json!(true), "{again}");
    assert_eq!(again["result"], "it was checked already", "{again}");
    env.ctx("w", &["element", "fill", &express, "false"]).ok();
    assert_eq!(on(), json!(false));
}

/// A drop-down whose list box does not say it takes several, but whose pop-up's class does
/// (Element Plus's `el-select-dropdown is-multiple`), is given several options.
#[test]
fn a_drop_down_whose_pop_up_is_classed_multiple_takes_several() {
    let server = HttpServer::start();
    server.page(
        "/multiple.html",
        "Multiple",
        "<label id=tl>Toppings</label><span id=chips></span>
         <input id=tops role=combobox readonly aria-labelledby=tl aria-controls=tl-list aria-expanded=false aria-haspopup=listbox>
         <div class='dropdown is-multiple' style='display: none' id=pop><ul role=listbox id=tl-list>
           <li role=option aria-selected=false>Cheese</li><li role=option aria-selected=false>Olives</li><li role=option aria-selected=false>Ham</li></ul></div>
         <script>
         const chosen = [];
         tops.addEventListener('click', () => { pop.style.display = 'block'; tops.setAttribute('aria-expanded', 'true'); });
         tops.addEventListener('keydown', (e) => { if (e.key === 'Escape') { pop.style.display = 'none'; tops.setAttribute('aria-expanded', 'false'); } });
         pop.addEventListener('mousedown', (e) => e.preventDefault());
         pop.addEventListener('click', (e) => {
           const o = e.target.closest('[role=option]');
           const at = chosen.indexOf(o.textContent);
           if (at < 0) chosen.push(o.textContent); else chosen.splice(at, 1);
           o.setAttribute('aria-selected', at < 0);
           chips.textContent = chosen.join(' ');
         });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("m", &["page", "open", &server.url("/multiple.html")])
        .ok();
    let snap = snapshot(&env, "m");
    let tops = uid_of(&snap, "combobox \"Toppings\"");
    env.ctx("m", &["element", "select", &tops, "Cheese,Ham"])
        .ok();
    assert_eq!(
        env.ctx("m", &["runtime", "eval", "chosen"]).ok()["value"],
        json!(["Cheese", "Ham"])
    );
}

#[test]
fn a_field_that_suggests_as_typed_into_is_chosen_from_by_its_suggestion() {
    let server = HttpServer::start();
    server.page(
        "/suggests.html",
        "Suggests",
        "<label for=city>City</label> <input id=city autocomplete=off>
         <p id=picked>none</p>
         <label id=tags-label>Tags</label>
         <span id=tags contenteditable role=textbox aria-labelledby=tags-label aria-autocomplete=both
           style='display: inline-block; min-width: 100px; border: 1px solid'></span>
         <p id=tagged>Tags: none</p>
         <nav style='position: fixed; bottom: 0'><a href=#nowhere>Nowhere</a></nav>
         <input id=browser list=browsers aria-label=Browser>
         <datalist id=browsers><option value=Chrome><option value=Firefox></datalist>
         <script>
         const below = (field, list) => {
           const r = field.getBoundingClientRect();
           list.style.cssText = 'position: absolute; margin: 0; padding: 0; list-style: none; background: white; border: 1px solid; left: ' +
             r.left + 'px; top: ' + (r.bottom + scrollY) + 'px';
           list.onmousedown = (e) => e.preventDefault();
           document.body.append(list);
         };
         let timer;
         city.addEventListener('input', () => {
           clearTimeout(timer);
           timer = setTimeout(() => {
             document.querySelector('.menu')?.remove();
             const menu = document.createElement('ul');
             menu.className = 'menu';
             menu.innerHTML = ['Oslo', 'Osaka', 'Ottawa'].filter((c) => city.value && c.toLowerCase().startsWith(city.value.toLowerCase()))
               .map((c) => '<li><div>' + c + '</div></li>').join('');
             menu.onclick = (e) => { city.value = e.target.textContent; picked.textContent = 'picked ' + city.value; menu.remove(); };
             below(city, menu);
           }, 300);
         });
         const chosen = [];
         tags.addEventListener('input', () => {
           document.getElementById('offers')?.remove();
           const list = document.createElement('div');
           list.id = 'offers'; list.setAttribute('role', 'listbox');
           list.innerHTML = ['red', 'green', 'blue'].filter((t) => tags.textContent && t.startsWith(tags.textContent))
             .map((t, i) => '<div role=option' + (i ? '' : ' aria-selected=true') + '>' + t + '</div>').join('');
           list.onclick = (e) => { chosen.push(e.target.textContent); tags.textContent = ''; list.remove();
             tagged.textContent = 'Tags: ' + chosen.join(', '); };
           below(tags, list);
         });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("s", &["page", "open", &server.url("/suggests.html")])
        .ok();
    let snap = snapshot(&env, "s");
    let read = |js: &str| env.ctx("s", &["runtime", "eval", js]).ok()["value"].clone();

    let city = uid_of(&snap, "textbox \"City\"");
    env.ctx("s", &["element", "select", &city, "Osaka"]).ok();
    assert_eq!(
        read("[city.value, picked.textContent, !document.querySelector('.menu')]"),
        json!(["Osaka", "picked Osaka", true])
    );
    let tags = uid_of(&snap, "textbox \"Tags\"");
    env.ctx("s", &["element", "select", &tags, "blue"]).ok();
    assert_eq!(read("tagged.textContent"), json!("Tags: blue"));

    // Nothing suggested: what was typed stays (the link of those words the page showed before,
    // over it in a bar of its own, is no suggestion).
    env.ctx("s", &["element", "select", &city, "Nowhere"]).ok();
    assert_eq!(
        read("[city.value, picked.textContent, location.hash]"),
        json!(["Nowhere", "picked Osaka", ""])
    );

    // A field with a `<datalist>` (a combobox to Chromium) suggests in the browser's own
    // pop-up, not the page's: it is typed into (it was `ELEMENT_NOT_FOUND` "suggested no
    // option").
    let browser = uid_of(&snap, "combobox \"Browser\"");
    env.ctx("s", &["element", "select", &browser, "Firefox"])
        .ok();
    assert_eq!(read("browser.value"), json!("Firefox"));
}

/// Drop-downs drawn with no roles over a `<select>` kept out of sight — Fomantic UI's (a `div`
/// around the `<select>`, its menu inside it) and Chosen's (a link beside it, its options in a
/// pop-up) — take `element select`: pressed open, the option of those words pressed; the
/// `<select>` holding it already is told so; a missing one names what the drop-down showed.
/// They were `TARGET_NOT_INTERACTABLE` "cannot take that action".
#[test]
fn a_drop_down_drawn_with_no_roles_over_a_hidden_select_is_chosen_from() {
    let server = HttpServer::start();
    server.page(
        "/roleless.html",
        "No roles",
        "<style>.menu, .drop { position: absolute; z-index: 1; background: white; border: 1px solid }
                .box { display: inline-block; min-width: 140px; border: 1px solid; cursor: pointer; position: relative }</style>
         <div>Country <div id=country class=box tabindex=0>
           <select id=land style='display: none'><option value=''>Country</option><option value=NO>Norway</option>
             <option value=SE>Sweden</option></select>
           <div class=text>Country</div>
           <div class=menu hidden><div class=item data-value=NO>Norway</div><div class=item data-value=SE>Sweden</div></div></div></div>
         <div>Team <select id=team style='display: none'><option></option><option>Ajax</option><option>Celtic</option></select>
           <div style='position: relative; display: inline-block'><a id=single class=box><span id=shown>Choose a team</span></a>
           <div id=drop class=drop style='clip-path: inset(100% 100%)'><ul><li>Ajax</li><li>Celtic</li></ul></div></div></div>
         <div>Gender <div id=gender class=box tabindex=0><input type=hidden name=gender><div class=text>Gender</div>
           <div class=menu hidden><div class=item data-value=f>Female</div><div class=item data-value=m>Male</div></div></div></div>
         <div><select style='display: none'><option>Old</option></select>
           <button onclick=\"this.textContent = 'Deleted'\">Delete</button></div>
         <script>
         country.onclick = (e) => {
           const item = e.target.closest('.item');
           const menu = country.querySelector('.menu');
           if (!item) { menu.hidden = !menu.hidden; return; }
           land.value = item.dataset.value; country.querySelector('.text').textContent = item.textContent; menu.hidden = true;
         };
         // (Chosen keeps its closed list clipped out of sight, and closes it on Escape.)
         const shut = () => { drop.style.clipPath = 'inset(100% 100%)'; };
         gender.onclick = (e) => {
           const item = e.target.closest('.item');
           const menu = gender.querySelector('.menu');
           if (!item) { menu.hidden = !menu.hidden; return; }
           gender.querySelector('input').value = item.dataset.value; gender.querySelector('.text').textContent = item.textContent; menu.hidden = true;
         };
         single.onmousedown = () => { if (drop.style.clipPath === 'none') shut(); else drop.style.clipPath = 'none'; };
         drop.onmouseup = (e) => { team.value = e.target.textContent; shown.textContent = e.target.textContent; shut(); };
         document.addEventListener('keydown', (e) => { if (e.key === 'Escape') shut(); });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("r", &["page", "open", &server.url("/roleless.html")])
        .ok();
    let snap = snapshot(&env, "r");
    let read = |js: &str| env.ctx("r", &["runtime", "eval", js]).ok()["value"].clone();

    let country = uid_of(&snap, "clickable \"Country\"");
    env.ctx("r", &["element", "select", &country, "Sweden"])
        .ok();
    assert_eq!(
        read("[land.value, country.querySelector('.menu').hidden]"),
        json!(["SE", true])
    );
    let team = uid_of(&snap, "clickable \"Choose a team\"");
    env.ctx("r", &["element", "select", &team, "Celtic"]).ok();
    let closed = "drop.style.clipPath !== 'none'";
    assert_eq!(
        read(&format!("[team.value, shown.textContent, {closed}]")),
        json!(["Celtic", "Celtic", true])
    );
    let again = env.ctx("r", &["element", "select", &team, "Celtic"]);
    assert_eq!(
        again.ok()["result"],
        json!("it was chosen already"),
        "{}",
        again.stdout
    );
    let missing = env.ctx("r", &["element", "select", &team, "Rangers"]);
    let error = missing.err("ELEMENT_NOT_FOUND", 3);
    assert!(
        error["details"]["options"].to_string().contains("Ajax"),
        "{error}"
    );
    assert_eq!(
        read(&format!("[team.value, {closed}]")),
        json!(["Celtic", true])
    );
    let missing = env.ctx("r", &["element", "select", &country, "Oslo"]);
    missing.err("ELEMENT_NOT_FOUND", 3);
    // One over a hidden field of its own.
    let gender = uid_of(&snap, "clickable \"Gender\"");
    env.ctx("r", &["element", "select", &gender, "Female"]).ok();
    assert_eq!(
        read("[gender.querySelector('input').value, gender.querySelector('.menu').hidden]"),
        json!(["f", true])
    );
    // A button after a hidden `<select>` acts: it is no drop-down, and is not pressed.
    let delete = uid_of(&snap, "button \"Delete\"");
    env.ctx("r", &["element", "select", &delete, "Old"])
        .err("TARGET_NOT_INTERACTABLE", 5);
    assert!(snapshot(&env, "r").contains("button \"Delete\""));
    assert_eq!(
        read("[land.value, country.querySelector('.menu').hidden]"),
        json!(["SE", true])
    );
}

/// Drop-downs as Mantine and PrimeReact draw them: a read-only field that says it opens a list
/// box (`aria-haspopup`, no role) is a drop-down; a field kept out of sight in a box of a pixel
/// is opened by pressing what draws it, where none of its own controls shows (a chosen value's
/// remove button, which a press at its middle would hit); a list box that does not say it takes
/// several, of a drop-down whose class names it a multiple select, takes several.
#[test]
fn drop_downs_drawn_around_a_field_kept_out_of_sight_are_opened_where_they_show() {
    let server = HttpServer::start();
    server.page(
        "/kept.html",
        "Kept out of sight",
        "<style>[role=listbox] { position: fixed; top: 10px; right: 10px; background: white; border: 1px solid;
                  margin: 0; padding: 0; list-style: none } [role=option] { padding: 4px }
                .hidden-accessible { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0) }
                .box { position: relative; display: flex; width: 300px; height: 30px; border: 1px solid; cursor: pointer }
                .pill { margin: 2px; padding: 2px; background: #ddd }</style>
         <label for=lang>Language</label>
         <input id=lang readonly aria-haspopup=listbox autocomplete=off>
         <p id=lang-out>Language: none</p>
         <label for=langs>Languages</label>
         <div id=langs-box class='box mantine-MultiSelect-input'>
           <span id=pills style='display:flex;flex:1;justify-content:center'></span>
           <span class=hidden-accessible><input id=langs readonly aria-haspopup=listbox style='pointer-events:none'></span>
         </div>
         <p id=langs-out>Languages: none</p>
         <script>
         const names = ['Rust', 'Go', 'Python'];
         const open = (field, pick) => {
           document.getElementById('list')?.remove();
           const list = document.createElement('div');
           list.id = 'list'; list.setAttribute('role', 'listbox');
           list.innerHTML = names.map((n) => '<div role=option>' + n + '</div>').join('');
           list.onmousedown = (e) => e.preventDefault();
           list.onclick = (e) => pick(e.target.textContent, list);
           document.body.append(list);
           field.setAttribute('aria-controls', 'list');
         };
         lang.onclick = () => open(lang, (n, list) => { lang.value = n; list.remove(); window['lang-out'].textContent = 'Language: ' + n; });
         const chosen = [];
         const draw = () => {
           pills.innerHTML = chosen.map((n) => '<button class=pill aria-label=\"Remove ' + n + '\">' + n + ' x</button>').join('');
           window['langs-out'].textContent = 'Languages: ' + (chosen.join(' + ') || 'none');
         };
         pills.onclick = (e) => { if (e.target.tagName !== 'BUTTON') return; e.stopPropagation();
           chosen.splice(chosen.indexOf(e.target.textContent.slice(0, -2)), 1); draw(); };
         // (A click on the field itself, as its label gives it, does not open it: PrimeReact's.)
         window['langs-box'].onclick = (e) => e.target !== langs && open(langs, (n) => { if (!chosen.includes(n)) chosen.push(n); draw(); });
         document.addEventListener('keydown', (e) => { if (e.key === 'Escape') document.getElementById('list')?.remove(); });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("k", &["page", "open", &server.url("/kept.html")])
        .ok();
    let snap = snapshot(&env, "k");
    let read = |js: &str| env.ctx("k", &["runtime", "eval", js]).ok()["value"].clone();
    let lang = uid_of(&snap, "textbox \"Language\"");
    env.ctx("k", &["element", "select", &lang, "Go"]).ok();
    assert_eq!(
        read("window['lang-out'].textContent"),
        json!("Language: Go")
    );

    let langs = uid_of(&snap, "textbox \"Languages\"");
    env.ctx("k", &["element", "select", &langs, "Go"]).ok();
    assert_eq!(
        read("window['langs-out'].textContent"),
        json!("Languages: Go")
    );
    assert_eq!(read("!document.getElementById('list')"), json!(true));
    // The chosen value's remove button now sits at the middle of what draws the field.
    env.ctx("k", &["element", "select", &langs, "Python,Rust"])
        .ok();
    assert_eq!(
        read("window['langs-out'].textContent"),
        json!("Languages: Go + Python + Rust")
    );
    assert_eq!(read("!document.getElementById('list')"), json!(true));
}

/// A checkbox, switch or radio kept out of sight (no box) and drawn by its label (Mantine's
/// switch track and segmented control) is pressed on its label, as a user presses it; it was
/// "not visible". So is a see-through checkbox its label beside it covers, a label for no
/// control that the page's script toggles it by (Fomantic UI's toggle); it was
/// `TARGET_OBSCURED` "covered by label". A group of radio buttons takes `element select` by a
/// radio's name.
#[test]
fn a_control_kept_out_of_sight_and_drawn_by_its_label_is_pressed_on_its_label() {
    let server = HttpServer::start();
    server.page(
        "/drawn.html",
        "Drawn by labels",
        "<style>.out { position: absolute; opacity: 0; width: 0; height: 0; margin: 0 }
                label { display: inline-block; padding: 6px; border: 1px solid; cursor: pointer }</style>
         <input type=checkbox role=switch id=dark class=out><label for=dark>Dark mode</label>
         <div role=radiogroup>
           <input type=radio name=range id=day class=out checked><label for=day>Day</label>
           <input type=radio name=range id=week class=out><label for=week>Week</label>
         </div>
         <div class=toggle style='position: relative'>
           <input type=checkbox name=news style='position: absolute; opacity: 0; left: 0; top: 0; width: 40px; height: 20px'>
           <label style='position: relative; padding-left: 50px'>Newsletter</label></div>
         <script>
         const toggle = document.querySelector('.toggle');
         toggle.querySelector('label').onclick = () => { const box = toggle.querySelector('input'); box.checked = !box.checked; };
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("l", &["page", "open", &server.url("/drawn.html")])
        .ok();
    let snap = snapshot(&env, "l");
    let read = |js: &str| env.ctx("l", &["runtime", "eval", js]).ok()["value"].clone();
    env.ctx(
        "l",
        &["element", "check", &uid_of(&snap, "switch \"Dark mode\"")],
    )
    .ok();
    env.ctx("l", &["element", "click", &uid_of(&snap, "radio \"Week\"")])
        .ok();
    assert_eq!(
        read("[dark.checked, week.checked, day.checked]"),
        json!([true, true, false])
    );
    // A group of radio buttons is chosen from by a radio's name, as a drop-down is (it was
    // `TARGET_NOT_INTERACTABLE` "holds fields").
    let group = uid_of(&snap, "radiogroup");
    env.ctx("l", &["element", "select", &group, "Day"]).ok();
    assert_eq!(read("[day.checked, week.checked]"), json!([true, false]));
    let none = env.ctx("l", &["element", "select", &group, "Month"]);
    let error = none.err("ELEMENT_NOT_FOUND", 3);
    assert_eq!(
        error["details"]["options"],
        json!(["Day", "Week"]),
        "{error}"
    );
    // So is it by a radio button of it: the radio of that name is checked (a radio was only
    // filled with true or false); one of no such name names the group's.
    let day = uid_of(&snap, "radio \"Day\"");
    env.ctx("l", &["element", "select", &day, "Week"]).ok();
    assert_eq!(read("[day.checked, week.checked]"), json!([false, true]));
    let none = env.ctx("l", &["element", "select", &day, "Month"]);
    let error = none.err("VALIDATION_ERROR", 2);
    assert_eq!(
        error["details"]["options"],
        json!(["Day", "Week"]),
        "{error}"
    );
    let news = "document.querySelector('[name=news]').checked";
    // (Its line: an unnamed checkbox, the label's words a line of text after it.)
    let toggle = snap
        .lines()
        .find(|line| line.trim_end().ends_with(" checkbox"))
        .and_then(|line| line.split_whitespace().next())
        .unwrap_or_else(|| panic!("no unnamed checkbox in {snap}"))
        .to_string();
    env.ctx("l", &["element", "check", &toggle]).ok();
    assert_eq!(read(news), json!(true));
    env.ctx("l", &["element", "check", &toggle, "--checked", "false"])
        .ok();
    assert_eq!(read(news), json!(false));
}

/// A field whose pop-up takes the focus as it opens (PrimeReact's Calendar moves it to a day
/// of its panel, for screen readers) lost what `element fill` typed: the field is focused again
/// and typed into once more when nothing typed reached it.
#[test]
fn a_field_whose_pop_up_takes_the_focus_as_it_opens_is_typed_into_again() {
    let server = HttpServer::start();
    server.page(
        "/steal.html",
        "Steals the focus",
        "<label for=date>Date</label> <input id=date autocomplete=off>
         <div id=panel hidden><span tabindex=-1 id=today>28</span></div>
         <p id=out>Date: none</p>
         <script>
         date.onfocus = () => { if (!panel.hidden) return; panel.hidden = false; setTimeout(() => today.focus(), 0); };
         date.oninput = () => { out.textContent = 'Date: ' + date.value; };
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("f", &["page", "open", &server.url("/steal.html")])
        .ok();
    let snap = snapshot(&env, "f");
    let date = uid_of(&snap, "textbox \"Date\"");
    env.ctx("f", &["element", "fill", &date, "12/25/2026"]).ok();
    let read = |js: &str| env.ctx("f", &["runtime", "eval", js]).ok()["value"].clone();
    assert_eq!(
        read("[date.value, out.textContent]"),
        json!(["12/25/2026", "Date: 12/25/2026"])
    );
}

/// Bootstrap's ways: a menu button that says it expands something it does not name (no
/// `aria-controls`), its menu of links drawn in the page's flow beside it (a collapsed
/// navigation bar), takes `element select` by a link's words, and an option it lacks names the
/// links; a tooltip shown while the pointer rests on one button, drawn over the next, goes as
/// the pointer leaves, fading, before that one is clicked (it answered `TARGET_OBSCURED`).
#[test]
fn a_menu_of_links_beside_its_button_is_chosen_from_and_a_tooltip_goes_with_the_pointer() {
    let server = HttpServer::start();
    server.page(
        "/bootstrap.html",
        "Bootstrap's ways",
        "<style>.tip { position: absolute; background: black; color: white; padding: 8px;
                  transition: opacity 150ms } .tip.fading { opacity: 0 }</style>
         <div class=dropdown><a href=# role=button id=acct aria-expanded=false>Account</a>
           <ul id=menu hidden><li><a href=#profile>Profile</a></li><li><a href=#orders>Orders</a></li></ul></div>
         <p id=out>Nowhere yet</p>
         <button id=save>Save</button> <button id=cart>Cart</button>
         <script>
         acct.onclick = (e) => { e.preventDefault(); menu.hidden = !menu.hidden; acct.setAttribute('aria-expanded', !menu.hidden); };
         menu.onclick = (e) => { e.preventDefault(); out.textContent = 'Went to ' + e.target.textContent; menu.hidden = true; acct.setAttribute('aria-expanded', false); };
         let tip;
         save.onmouseenter = () => {
           tip = document.createElement('div'); tip.className = 'tip'; tip.setAttribute('role', 'tooltip');
           tip.textContent = 'Saves a draft';
           const r = cart.getBoundingClientRect();
           tip.style.left = (r.left - 10) + 'px'; tip.style.top = (r.top - 10) + 'px';
           tip.style.width = (r.width + 20) + 'px'; tip.style.height = (r.height + 20) + 'px';
           document.body.append(tip);
         };
         save.onmouseleave = () => { const t = tip; t.classList.add('fading'); t.ontransitionend = () => t.remove(); };
         cart.onclick = () => { out.textContent = 'Cart opened'; };
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("b", &["page", "open", &server.url("/bootstrap.html")])
        .ok();
    let snap = snapshot(&env, "b");
    let read = |js: &str| env.ctx("b", &["runtime", "eval", js]).ok()["value"].clone();
    let account = uid_of(&snap, "button \"Account\"");
    env.ctx("b", &["element", "select", &account, "Orders"])
        .ok();
    assert_eq!(
        read("[out.textContent, menu.hidden]"),
        json!(["Went to Orders", true])
    );
    let missing = env.ctx("b", &["element", "select", &account, "Billing"]);
    let error = missing.err("ELEMENT_NOT_FOUND", 3);
    assert_eq!(
        error["details"]["options"],
        json!(["Profile", "Orders"]),
        "{error}"
    );

    env.ctx(
        "b",
        &["element", "hover", &uid_of(&snap, "button \"Save\"")],
    )
    .ok();
    assert_eq!(read("!!document.querySelector('.tip')"), json!(true));
    env.ctx(
        "b",
        &["element", "click", &uid_of(&snap, "button \"Cart\"")],
    )
    .ok();
    assert_eq!(read("out.textContent"), json!("Cart opened"));
}

/// A code typed into the first of its boxes, each taking a digit (Chakra's pin input): the page
/// passes the digits on and moves the focus to the next box on a task of its own; the last key
/// goes where the focus is once that ran (it landed in a box already filled, the code short of
/// its last digit).
#[test]
fn a_code_typed_into_boxes_that_pass_digits_on_lands_whole() {
    let server = HttpServer::start();
    server.page(
        "/pin.html",
        "Code",
        "<div role=group aria-label=Code>
           <input aria-label='digit 1' inputmode=numeric><input aria-label='digit 2' inputmode=numeric>
           <input aria-label='digit 3' inputmode=numeric><input aria-label='digit 4' inputmode=numeric></div>
         <script>
         const boxes = [...document.querySelectorAll('input')];
         boxes.forEach((box, at) => box.addEventListener('input', () => {
           const digits = box.value.split('');
           digits.forEach((d, i) => { if (boxes[at + i]) boxes[at + i].value = d; });
           const next = boxes[Math.min(at + digits.length, boxes.length - 1)];
           // (After the page's next render, as React schedules one — a task of its own —, in the
           // frame after it, as zag's state machines move the focus.)
           const render = new MessageChannel();
           render.port1.onmessage = () => requestAnimationFrame(() => next.focus());
           render.port2.postMessage(0);
         }));
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("p", &["page", "open", &server.url("/pin.html")])
        .ok();
    let snap = snapshot(&env, "p");
    env.ctx(
        "p",
        &[
            "element",
            "fill",
            &uid_of(&snap, "textbox \"digit 1\""),
            "1234",
        ],
    )
    .ok();
    let read = |js: &str| env.ctx("p", &["runtime", "eval", js]).ok()["value"].clone();
    assert_eq!(read("boxes.map((b) => b.value).join('')"), json!("1234"));
}

/// Vuetify's select: a combobox one does not type into (`inputmode=none`) that takes no pointer
/// (`pointer-events: none`), inside the field that opens its list. It is chosen from as a
/// drop-down is, pressed where it shows (it answered `TARGET_OBSCURED` "takes no pointer"), and
/// nothing is typed into it (its keys pick options by their first letter).
#[test]
fn a_combobox_that_takes_no_pointer_nor_typing_is_chosen_from_where_it_shows() {
    let server = HttpServer::start();
    server.page(
        "/vselect.html",
        "Vuetify's select",
        "<style>.field { width: 250px; padding: 8px; border: 1px solid; cursor: pointer }
                .field input { pointer-events: none; border: 0 }
                [role=listbox] { position: fixed; top: 60px; left: 10px; background: white; border: 1px solid }</style>
         <label id=fruit-label>Fruit</label>
         <div class=field id=field><input id=fruit role=combobox inputmode=none aria-labelledby=fruit-label
           aria-expanded=false aria-controls=menu></div>
         <p id=out>Fruit: none</p>
         <script>
         const pick = (name) => { fruit.value = name; out.textContent = 'Fruit: ' + name; };
         field.onclick = () => {
           fruit.focus();
           if (document.getElementById('menu')) return;
           const menu = document.createElement('div');
           menu.id = 'menu'; menu.setAttribute('role', 'listbox');
           menu.innerHTML = ['Apple', 'Banana', 'Cherry'].map((f) => '<div role=option>' + f + '</div>').join('');
           menu.onclick = (e) => { pick(e.target.textContent); menu.remove(); fruit.setAttribute('aria-expanded', false); };
           document.body.append(menu);
           fruit.setAttribute('aria-expanded', true);
         };
         fruit.onkeydown = (e) => {
           if (e.key === 'Escape') { document.getElementById('menu')?.remove(); fruit.setAttribute('aria-expanded', false); return; }
           const first = ['Apple', 'Banana', 'Cherry'].find((f) => f[0].toLowerCase() === e.key.toLowerCase());
           if (first) pick(first);
         };
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("v", &["page", "open", &server.url("/vselect.html")])
        .ok();
    let snap = snapshot(&env, "v");
    let fruit = uid_of(&snap, "combobox \"Fruit\"");
    let read = |js: &str| env.ctx("v", &["runtime", "eval", js]).ok()["value"].clone();
    env.ctx("v", &["element", "select", &fruit, "Banana"]).ok();
    assert_eq!(read("out.textContent"), json!("Fruit: Banana"));
    let missing = env.ctx("v", &["element", "select", &fruit, "Nothing"]);
    let error = missing.err("ELEMENT_NOT_FOUND", 3);
    assert_eq!(
        error["details"]["options"],
        json!(["Apple", "Banana", "Cherry"]),
        "{error}"
    );
    assert_eq!(
        read("[out.textContent, !document.getElementById('menu')]"),
        json!(["Fruit: Banana", true])
    );
}

/// A date field drawn as editable segments (Material UI's pickers: month, day and year, each a
/// spin button) takes digits typed over a segment; the field's own select-all (Control+A) would
/// take the whole date and fill it from the month on, so it is not pressed. The field itself
/// holds no value: filling it names its segments.
#[test]
fn a_date_fields_segments_are_typed_over_and_the_field_names_them() {
    let server = HttpServer::start();
    server.page(
        "/date.html",
        "Date",
        "<div role=group aria-label=Delivery id=date>
           <span role=spinbutton contenteditable=true aria-label=Month>MM</span>/<span
             role=spinbutton contenteditable=true aria-label=Day>DD</span>/<span
             role=spinbutton contenteditable=true aria-label=Year>YYYY</span>
         </div>
         <script>
         date.addEventListener('keydown', (e) => { if (e.ctrlKey && e.key === 'a') window.all = true; });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("t", &["page", "open", &server.url("/date.html")])
        .ok();
    let snap = snapshot(&env, "t");
    let day = uid_of(&snap, "spinbutton \"Day\"");
    env.ctx("t", &["element", "fill", &day, "25"]).ok();
    let read = |js: &str| env.ctx("t", &["runtime", "eval", js]).ok()["value"].clone();
    assert_eq!(
        read("[window.all || false, date.textContent.replace(/\\s+/g, '')]"),
        json!([false, "MM/25/YYYY"])
    );
    let group = uid_of(&snap, "group \"Delivery\"");
    let filled = env.ctx("t", &["element", "fill", &group, "12/25/2026"]);
    let error = filled.err("TARGET_NOT_INTERACTABLE", 5);
    let named: Vec<&str> = error["details"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(named, ["Month", "Day", "Year"], "{error}");
    assert!(
        error["suggestions"][0].as_str().unwrap().contains(&format!(
            "element fill {} <value>",
            uid_of(&snap, "spinbutton \"Month\"")
        )),
        "{error}"
    );
}

/// A long list that draws only the rows in view (react-window; here in a custom element, as
/// Angular CDK's `cdk-virtual-scroll-viewport`): a row not drawn yet is not found, and the error
/// says what scrolls, with where the wheel goes. Scrolled there, the row is clicked, though the
/// list turns the pointer off while it scrolls (150 ms): the click waits for it.
#[test]
fn a_row_a_long_list_has_not_drawn_yet_is_found_by_scrolling_what_the_error_names() {
    let server = HttpServer::start();
    server.page(
        "/rows.html",
        "Rows",
        "<virtual-list id=list style='display:block;height:300px;width:300px;overflow:auto;position:relative'>
           <div id=inner style='height:30000px;position:relative'></div></virtual-list>
         <p id=out>Opened: none</p>
         <script>
         let timer;
         const draw = () => {
           const first = Math.floor(list.scrollTop / 30);
           inner.innerHTML = '';
           for (let i = first; i < first + 11 && i < 1000; i++) {
             const b = document.createElement('button');
             b.textContent = 'Row ' + i;
             b.style = 'position:absolute;left:0;height:30px;top:' + (i * 30) + 'px';
             b.onclick = () => { out.textContent = 'Opened: Row ' + i; };
             inner.append(b);
           }
         };
         list.addEventListener('scroll', () => {
           draw();
           inner.style.pointerEvents = 'none';
           clearTimeout(timer);
           timer = setTimeout(() => { inner.style.pointerEvents = ''; }, 150);
         });
         draw();
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("v", &["page", "open", &server.url("/rows.html")])
        .ok();
    let missing = env.ctx("v", &["element", "click", "--text", "Row 25"]);
    let error = missing.err("ELEMENT_NOT_FOUND", 3);
    let list = &error["details"]["scrollable"][0];
    assert!(list["below"].as_u64().unwrap() > 29_000, "{error}");
    let at = format!("{},{}", list["x"], list["y"]);
    assert!(
        error["suggestions"]
            .to_string()
            .contains(&format!("input scroll --dy 600 --at {at}")),
        "{error}"
    );
    env.ctx("v", &["input", "scroll", "--dy", "600", "--at", &at])
        .ok();
    let clicked = env.ctx("v", &["element", "click", "--text", "Row 25"]);
    clicked.ok();
    assert!(
        clicked.stdout.contains("Opened: Row 25"),
        "{}",
        clicked.stdout
    );
}

/// Ant Design's Select, as it draws itself: a read-only text field of role combobox that opens
/// on a press; a list box kept out of sight for screen readers (no box), whose options say the
/// values; the options a user sees are plain `div`s in a pop-up drawn at the end of the page,
/// fading in from nothing. The option is the one shown with those words. A cascading menu's
/// options carry an icon's label in their names ("Europe right"): their words match too.
#[test]
fn a_drop_down_whose_options_are_drawn_without_roles_is_chosen_from_by_its_words() {
    let server = HttpServer::start();
    server.page(
        "/antd.html",
        "Ant",
        "<label for=role>Role</label>
         <span id=shown>Select a role</span>
         <input id=role role=combobox readonly aria-expanded=false aria-controls=role_list>
         <div role=listbox id=role_list style='height:0;width:0;overflow:hidden'>
           <div role=option>admin</div><div role=option>editor</div></div>
         <label for=region>Region</label>
         <input id=region role=combobox readonly aria-expanded=false>
         <p id=chosen>Region: none</p>
         <script>
         role.addEventListener('mousedown', () => {
           const drop = document.createElement('div');
           drop.style = 'position:absolute;top:120px;left:10px;background:white;opacity:0;transition:opacity .2s';
           drop.innerHTML = '<div class=option data-v=admin><div>Administrator</div></div>' +
             '<div class=option data-v=editor><div>Editor</div></div>';
           drop.onclick = (e) => { shown.textContent = e.target.textContent; drop.remove();
             role.setAttribute('aria-expanded', false); };
           document.body.append(drop);
           role.setAttribute('aria-expanded', true);
           setTimeout(() => { drop.style.opacity = 1; }, 100);
         });
         const arrow = '<svg width=8 height=8><path d=\"M0 0L8 4L0 8z\"/></svg>';
         region.addEventListener('mousedown', () => {
           const menu = document.createElement('ul');
           menu.setAttribute('role', 'menu');
           menu.style = 'position:absolute;top:200px;left:10px;background:white';
           menu.innerHTML = '<li role=menuitemcheckbox>Europe <span role=img aria-label=right>' + arrow + '</span></li>' +
             '<li role=menuitemcheckbox>Asia <span role=img aria-label=right>' + arrow + '</span></li>';
           menu.onclick = (e) => { chosen.textContent = 'Region: ' + e.target.closest('li').firstChild.data.trim();
             menu.remove(); region.setAttribute('aria-expanded', false); };
           document.body.append(menu);
           region.setAttribute('aria-expanded', true);
         });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("a", &["page", "open", &server.url("/antd.html")])
        .ok();
    let snap = snapshot(&env, "a");
    let role = uid_of(&snap, "combobox \"Role\"");
    let chosen = env.ctx("a", &["element", "select", &role, "Editor"]);
    chosen.ok();
    let read = |js: &str| env.ctx("a", &["runtime", "eval", js]).ok()["value"].clone();
    assert_eq!(
        read("shown.textContent"),
        json!("Editor"),
        "{}",
        chosen.stdout
    );
    let region = uid_of(&snap, "combobox \"Region\"");
    let picked = env.ctx("a", &["element", "select", &region, "Asia"]);
    picked.ok();
    assert!(picked.stdout.contains("Region: Asia"), "{}", picked.stdout);
}

/// Web components as Material Web draws them. A form-associated checkbox element inside a
/// `<label>` does not take the label's words (its checkbox is inside its shadow tree), so they
/// show as text, as in Chromium's tree (they were dropped). A button element whose host takes
/// the pointer cursor from its own `:host` rule is its button, not a clickable around it (its
/// backdrop `div` was one). And its select: a combobox in a shadow tree whose list box shows
/// options slotted into it, each drawing its option inside, one after another.
#[test]
fn web_components_show_their_labels_words_and_their_select_is_chosen_from() {
    let server = HttpServer::start();
    server.page(
        "/wc.html",
        "Components",
        "<label><x-check></x-check> Beta features</label>
         <x-button id=save>Save</x-button>
         <x-select id=lang>
           <x-option value=en><div>English</div></x-option>
           <x-option value=fr><div>French</div></x-option>
           <x-option value=ja><div>Japanese</div></x-option>
         </x-select>
         <p id=out>Language: none</p>
         <script>
         customElements.define('x-check', class extends HTMLElement {
           static formAssociated = true;
           constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<input type=checkbox>'; }
         });
         customElements.define('x-button', class extends HTMLElement {
           constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML =
             '<style>:host { cursor: pointer; display: inline-flex; position: relative }' +
             ' .bg { position: absolute; inset: 0; background: #ddd }</style>' +
             '<div class=bg></div><button><slot></slot></button>'; }
         });
         customElements.define('x-option', class extends HTMLElement {
           constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML =
             '<li role=option style=\"list-style:none;padding:4px\"><slot></slot></li>'; }
         });
         customElements.define('x-select', class extends HTMLElement {
           constructor() {
             super();
             const root = this.attachShadow({ mode: 'open' });
             root.innerHTML = '<div id=field role=combobox tabindex=0 aria-label=Language aria-controls=menu' +
               ' aria-expanded=false style=\"border:1px solid;width:150px\">Pick</div>' +
               '<div id=menu role=listbox hidden style=\"position:absolute;background:white\"><slot></slot></div>';
             const field = root.getElementById('field');
             const menu = root.getElementById('menu');
             field.onclick = () => {
               menu.hidden = false;
               field.setAttribute('aria-expanded', true);
               [...this.children].forEach((option, i) => {
                 option.style.opacity = 0;
                 setTimeout(() => { option.style.opacity = 1; }, 80 * (i + 1));
               });
             };
             this.addEventListener('click', (e) => {
               const option = e.target.closest('x-option');
               if (!option) return;
               field.textContent = option.textContent.trim();
               menu.hidden = true;
               field.setAttribute('aria-expanded', false);
               out.textContent = 'Language: ' + option.getAttribute('value');
             });
           }
         });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("w", &["page", "open", &server.url("/wc.html")])
        .ok();
    let snap = snapshot(&env, "w");
    assert!(snap.contains("text \"Beta features\""), "{snap}");
    assert!(!snap.contains("clickable"), "{snap}");
    assert!(snap.contains("button \"Save\""), "{snap}");
    let lang = uid_of(&snap, "combobox \"Language\"");
    let chosen = env.ctx("w", &["element", "select", &lang, "Japanese"]);
    chosen.ok();
    assert!(chosen.stdout.contains("Language: ja"), "{}", chosen.stdout);
}

/// The invisible characters a rich-text editor or a widget writes between words (CKEditor's
/// inline filler of word joiners, a zero-width space in an empty select, a byte order mark)
/// are not in what the agent reads, and a text match does without them; nor are an icon
/// font's glyphs (Unicode's private use area: Fomantic UI's drop-down caret).
#[test]
fn invisible_characters_a_page_writes_are_not_read() {
    let server = HttpServer::start();
    server.page(
        "/invisible.html",
        "Invisible",
        "<meta charset=utf-8>
         <button onclick=\"out.textContent = 'saved'\">Sa\u{200b}ve</button>
         <div contenteditable=true aria-label=Post>Bold\u{2060}\u{2060}\u{2060} words</div>
         <p id=out>\u{feff}Not saved</p>
         <style>.caret::before { content: '\\f0d7' }</style>
         <button><i class=caret></i> Menu \u{e001}</button>",
    );
    let env = TestEnv::new();
    env.ctx("i", &["page", "open", &server.url("/invisible.html")])
        .ok();
    let snap = snapshot(&env, "i");
    assert!(
        !snap.contains(['\u{200b}', '\u{2060}', '\u{feff}', '\u{f0d7}', '\u{e001}']),
        "{snap:?}"
    );
    // (An icon font's glyph, drawn by `::before` or written, reads as nothing.)
    assert!(snap.contains("button \"Menu\""), "{snap}");
    assert!(snap.contains("button \"Save\""), "{snap}");
    assert!(snap.contains("value=\"Bold words\""), "{snap}");
    assert!(snap.contains("text \"Not saved\""), "{snap}");
    let saved = env.ctx("i", &["element", "click", "--text", "Save"]);
    saved.ok();
    assert!(saved.stdout.contains("saved"), "{}", saved.stdout);
}

/// An action's feedback waits for what it set on its way (a toast sliding out, removed by the
/// page once its transition ends), not only for the DOM to be quiet; a colour is not waited for.
#[test]
fn feedback_waits_for_a_transition_the_action_started() {
    let server = HttpServer::start();
    server.page(
        "/toast.html",
        "Toast",
        "<style>#toast { transition: transform 600ms linear } button { transition: background-color 5s }
           button:hover { background-color: red } @keyframes glow { from { color: red } to { color: blue } }
           .glow { animation: glow 5s }</style>
         <p id=late>Waiting</p><button onclick=\"late.classList.add('glow'); setTimeout(() => late.textContent = 'Late', 800)\">Glow</button>
         <h1>Account settings</h1><p>Your name, email address and password are kept here.</p>
         <p>Changes are saved as soon as you make them.</p><a href=/help>Help with your account</a>
         <div id=toast role=status>Saved</div>
         <button onclick=\"toast.style.transform = 'translateX(400px)'\">Dismiss</button>
         <script>toast.addEventListener('transitionend', () => toast.remove())</script>",
    );
    let env = TestEnv::new();
    env.ctx("t", &["page", "open", &server.url("/toast.html")])
        .ok();
    let dismiss = uid_of(&snapshot(&env, "t"), "button \"Dismiss\"");
    let clicked = env.ctx("t", &["element", "click", &dismiss, "--output", "text"]);
    assert!(
        clicked.stdout.lines().any(|l| l.starts_with("- ")),
        "the toast's removal is in the feedback:\n{}",
        clicked.stdout
    );
    // A colour animation is not waited for (a change 800 ms later is not in the feedback; had
    // it been waited for, up to the 1 s cap, it would be), nor a hover colour.
    let glow = uid_of(&snapshot(&env, "t"), "button \"Glow\"");
    let glowed = env.ctx("t", &["element", "click", &glow, "--output", "text"]);
    assert!(!glowed.stdout.contains("Late"), "{}", glowed.stdout);
}

/// What a click sets off may come after a page timer (a "Load more" behind a fake latency, a
/// redirect a moment later): an action that activates something and changed nothing at once is
/// watched a second more, so an agent is not told "no effect" and does not click again.
#[test]
fn an_outcome_a_timer_draws_after_the_click_is_told() {
    let server = HttpServer::start();
    server.page(
        "/late.html",
        "Late",
        "<h1>Orders</h1><button id=more>Load more</button><button id=go>Open later</button>
         <button id=dead>Does nothing</button><label>Note <input></label><ul id=list><li>Order 1</li></ul>
         <span id=menu tabindex=0>Products</span><ul id=sub hidden><li><a href=#a>Alpha</a></ul>
         <script>
         let pause;
         menu.onmouseenter = () => { pause = setTimeout(() => sub.hidden = false, 300); };
         menu.onmouseleave = () => clearTimeout(pause);
         more.onclick = () => setTimeout(() => list.insertAdjacentHTML('beforeend', '<li>Order 2</li>'), 600);
         go.onclick = () => setTimeout(() => { location.href = '/other.html'; }, 500);
         </script>",
    );
    server.page("/other.html", "Other", "<h1>Elsewhere</h1>");
    let env = TestEnv::new();
    env.ctx("t", &["page", "open", &server.url("/late.html")])
        .ok();
    let snap = snapshot(&env, "t");
    let (more, go, dead) = (
        uid_of(&snap, "button \"Load more\""),
        uid_of(&snap, "button \"Open later\""),
        uid_of(&snap, "button \"Does nothing\""),
    );
    let loaded = env.ctx("t", &["element", "click", &more, "--output", "text"]);
    assert!(
        loaded.stdout.contains("Order 2") && !loaded.stderr.contains("ACTION_NO_EFFECT"),
        "the row drawn 600 ms after the click is its outcome:\n{}{}",
        loaded.stdout,
        loaded.stderr
    );
    // Enter on a focused button activates it as well.
    env.ctx("t", &["element", "focus", &more]).ok();
    let entered = env.ctx("t", &["input", "key", "Enter"]);
    let data = entered.ok();
    assert_eq!(data["domChanged"], true, "{}", entered.stdout);
    assert!(entered.stdout.contains("Order 2"), "{}", entered.stdout);
    // A menu shown once the pointer has rested on it a moment.
    let products = uid_of(&snap, "\"Products\"");
    let hovered = env.ctx("t", &["element", "hover", &products, "--output", "text"]);
    assert!(
        hovered.stdout.contains("link \"Alpha\""),
        "{}",
        hovered.stdout
    );
    // A click that truly does nothing is still told so, after that second.
    let nothing = env.ctx("t", &["element", "click", &dead]);
    assert_eq!(
        nothing.json["meta"]["warnings"][0]["code"], "ACTION_NO_EFFECT",
        "{}",
        nothing.stdout
    );
    // A navigation a timer starts is the click's too.
    let went = env.ctx("t", &["element", "click", &go]);
    let data = went.ok();
    assert_eq!(data["navigated"], true, "{}", went.stdout);
    assert!(
        data["url"]
            .as_str()
            .unwrap_or_default()
            .ends_with("/other.html"),
        "{}",
        went.stdout
    );
    assert!(
        data["snapshot"]
            .as_str()
            .unwrap_or_default()
            .contains("Elsewhere"),
        "{}",
        went.stdout
    );
}

/// A data grid's column header that says how it sorts (`aria-sort`) is what one clicks to sort
/// (Tabulator's and AG Grid's carry no other sign: their handlers are added by script), and
/// shows how it sorts.
#[test]
fn sortable_column_headers_have_uids_and_say_how_they_sort() {
    let server = HttpServer::start();
    server.page(
        "/sort.html",
        "Sort",
        "<div role=grid><div role=row><div role=columnheader id=age aria-sort=none>Age</div>
           <div role=columnheader>Name</div></div>
         <div role=row><div role=gridcell>41</div><div role=gridcell>Alan</div></div>
         <div role=row><div role=gridcell>36</div><div role=gridcell>Ada</div></div></div>
         <script>
         age.addEventListener('click', () => {
           const rows = [...document.querySelectorAll('[role=row]')].slice(1);
           rows.sort((a, b) => a.firstChild.textContent - b.firstChild.textContent).forEach((r) => r.parentNode.append(r));
           age.setAttribute('aria-sort', 'ascending'); });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("g", &["page", "open", &server.url("/sort.html")])
        .ok();
    let snap = snapshot(&env, "g");
    assert!(
        snap.lines().any(|l| l.trim() == "columnheader \"Name\""),
        "{snap}"
    );
    let age = uid_of(&snap, "columnheader \"Age\"");
    let sorted = env.ctx("g", &["element", "click", &age, "--output", "text"]);
    assert!(
        sorted
            .stdout
            .contains(&format!("{age} columnheader \"Age\" sort=ascending")),
        "{}",
        sorted.stdout
    );
    let snap = snapshot(&env, "g");
    assert!(
        snap.find("row \"36 Ada\"") < snap.find("row \"41 Alan\""),
        "{snap}"
    );
}

/// A data grid's rows take the focus to move it with the arrow keys: they stay rows, as in
/// Chromium's tree, while a row with a click handler is a control of its own.
#[test]
fn focusable_grid_rows_stay_rows_and_clickable_rows_are_controls() {
    let server = HttpServer::start();
    server.page(
        "/grid.html",
        "Grid",
        "<div role=grid aria-label=Cars>
           <div role=row tabindex=0><div role=columnheader>Make</div><div role=columnheader>Price</div></div>
           <div role=row tabindex=0><div role=gridcell tabindex=-1>Toyota</div><div role=gridcell tabindex=-1>10000</div></div>
           <div role=row tabindex=-1 onclick=\"this.title='opened'\"><div role=gridcell>Kia</div><div role=gridcell>12000</div></div>
         </div>",
    );
    let env = TestEnv::new();
    env.ctx("g", &["page", "open", &server.url("/grid.html")])
        .ok();
    let snap = snapshot(&env, "g");
    let lines: Vec<&str> = snap.lines().map(str::trim).collect();
    assert!(lines.contains(&"row \"Toyota 10000\""), "{snap}");
    assert!(lines.contains(&"gridcell \"Toyota\""), "{snap}");
    assert!(!snap.contains("clickable \"Toyota"), "{snap}");
    let kia = uid_of(&snap, "clickable \"Kia 12000\"");
    env.ctx("g", &["element", "click", &kia]).ok();
}

/// A date picker's days (spans its author named, `tabindex=-1` but for the one with the focus)
/// are each a control an agent can pick; a container focused only by script is not.
#[test]
fn a_date_pickers_named_days_are_controls() {
    let server = HttpServer::start();
    server.page(
        "/days.html",
        "Days",
        "<p id=picked>none</p><div tabindex=-1 class=panel>
         <div class=days onclick=\"picked.textContent = event.target.getAttribute('aria-label')\">
           <span tabindex=-1 aria-label='May 1, 2026'>1</span><span tabindex=0 aria-label='May 2, 2026'>2</span>
           <span tabindex=-1 aria-label='May 3, 2026'>3</span></div></div>",
    );
    let env = TestEnv::new();
    env.ctx("d", &["page", "open", &server.url("/days.html")])
        .ok();
    let snap = snapshot(&env, "d");
    for day in ["May 1, 2026", "May 2, 2026", "May 3, 2026"] {
        assert!(snap.contains(&format!("clickable \"{day}\"")), "{snap}");
    }
    assert_eq!(snap.matches("clickable").count(), 4, "{snap}");
    let third = uid_of(&snap, "clickable \"May 3, 2026\"");
    env.ctx("d", &["element", "click", &third]).ok();
    assert!(snapshot(&env, "d").contains("text \"May 3, 2026\""));
}

/// What an agent types into a combobox (a tag picker's input, an `<input list>`) shows in its
/// line, so the fill's feedback is the text that went in, not "no visible change".
#[test]
fn a_combobox_typed_into_shows_its_text() {
    let server = HttpServer::start();
    server.page(
        "/combo.html",
        "Combo",
        "<label for=t>Tags</label> <input id=t role=combobox aria-expanded=false>
         <label for=c>City</label> <input id=c list=cities><datalist id=cities><option>Paris</option></datalist>",
    );
    let env = TestEnv::new();
    env.ctx("c", &["page", "open", &server.url("/combo.html")])
        .ok();
    let snap = snapshot(&env, "c");
    for (name, text) in [("Tags", "exp"), ("City", "Par")] {
        let uid = uid_of(&snap, &format!("combobox \"{name}\""));
        let filled = env.ctx("c", &["element", "fill", &uid, text, "--output", "text"]);
        assert!(
            filled.stdout.contains(&format!("value=\"{text}\"")),
            "{}",
            filled.stdout
        );
        assert!(
            !filled.stderr.contains("ACTION_NO_EFFECT"),
            "{}",
            filled.stderr
        );
    }
}

/// An overlay that fades out inside a web component (its dialog closing) is waited for: the
/// action's feedback reports it gone, and a press on what it covered waits for it to leave
/// instead of answering TARGET_OBSCURED. Its Close fades it after a pause, so it ends past the
/// feedback's first second (as a fade whose frames come late on a loaded machine does).
#[test]
fn an_overlay_fading_out_in_a_shadow_root_is_waited_for() {
    let server = HttpServer::start();
    server.page(
        "/modal.html",
        "Modal",
        "<p id=out>idle</p><button id=under onclick=\"out.textContent = 'pressed'\">Under</button>
         <x-modal id=m></x-modal>
         <script>
         customElements.define('x-modal', class extends HTMLElement { connectedCallback() {
           const root = this.attachShadow({ mode: 'open' });
           root.innerHTML = '<div id=veil style=\"position:fixed;inset:0;background:rgba(0,0,0,.4)\">' +
             '<div role=dialog aria-label=Notice style=\"background:white;margin:200px\"><button id=close>Close</button></div></div>';
           root.getElementById('close').onclick = () => this.close(700); }
           close(delay = 0) { const veil = this.shadowRoot.getElementById('veil');
             veil.animate([{ opacity: 1 }, { opacity: 0 }], { duration: 600, delay }).finished.then(() => veil.remove()); } });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("o", &["page", "open", &server.url("/modal.html")])
        .ok();
    let snap = snapshot(&env, "o");
    let close = uid_of(&snap, "button \"Close\"");
    let closed = env.ctx("o", &["element", "click", &close, "--output", "text"]);
    assert!(
        closed.stdout.lines().any(|l| l.starts_with("- ")),
        "the dialog's removal is in the feedback:\n{}",
        closed.stdout
    );
    // Again, the fade started by script: the press waits for the veil to go.
    env.ctx("o", &["page", "reload"]).ok();
    let snap = snapshot(&env, "o");
    let under = uid_of(&snap, "button \"Under\"");
    env.ctx("o", &["runtime", "eval", "m.close()"]).ok();
    env.ctx("o", &["element", "click", &under]).ok();
    assert_eq!(
        env.ctx("o", &["runtime", "eval", "out.textContent"]).ok()["value"],
        "pressed"
    );
}

/// A board's script: an item pressed and released over another goes after it (handlers added by
/// script, as SortableJS's fallback and jQuery UI's sortable do).
const BOARD: &str = "<script>
  let held = null;
  document.addEventListener('mousedown', (e) => { held = e.target.closest('li'); });
  document.addEventListener('mouseup', (e) => {
    const over = document.elementFromPoint(e.clientX, e.clientY);
    const onto = over && over.closest('li');
    if (held && onto && onto !== held) onto.after(held);
    held = null; });
  </script>";

/// Items a page lets one drag by the mouse (its author's `cursor: grab`, a board's cards) have
/// uids, so `element drag` can move one onto another; again on an item the drag before left
/// selected (the page lets its text be selected: a drag that started on the selection would
/// drag the text instead).
#[test]
fn items_with_a_grab_cursor_can_be_dragged() {
    let server = HttpServer::start();
    server.page(
        "/board.html",
        "Board",
        &format!(
            "<style>li {{ cursor: grab; padding: 6px }} .other {{ cursor: move }}</style>
             <ul id=list><li>Write spec</li><li>Fix bug</li><li>Review PR</li></ul><div class=other>Handle</div>
             {BOARD}"
        ),
    );
    let env = TestEnv::new();
    env.ctx("b", &["page", "open", &server.url("/board.html")])
        .ok();
    let snap = snapshot(&env, "b");
    assert!(snap.contains("clickable \"Handle\""), "{snap}");
    let first = uid_of(&snap, "clickable \"Write spec\"");
    let last = uid_of(&snap, "clickable \"Review PR\"");
    env.ctx("b", &["element", "drag", &first, &last]).ok();
    assert_eq!(
        words_in_order(&env, "b", "#list > li"),
        "Fix bug, Review PR, Write spec"
    );
    // Items that show no sign of it at all (jQuery UI's sortable sets no cursor): by selector.
    env.ctx(
        "b",
        &[
            "element",
            "drag",
            "#list li:first-child",
            "#list li:last-child",
        ],
    )
    .ok();
    assert_eq!(
        words_in_order(&env, "b", "#list > li"),
        "Review PR, Write spec, Fix bug"
    );
}

/// The words of the elements `selector` matches, in page order, joined by ", ".
fn words_in_order(env: &TestEnv, context: &str, selector: &str) -> Value {
    let script =
        format!("[...document.querySelectorAll({selector:?})].map(e => e.textContent).join(', ')");
    env.ctx(context, &["runtime", "eval", &script]).ok()["value"].clone()
}

/// A sortable list on HTML5 drag-and-drop whose items become draggable only when pressed, and
/// which reorders on `dragover` at most once a frame (SortableJS's way): the drag the press
/// starts goes on over the items between the ends, a frame apart, as a hand's would, so the item
/// passes each one and lands where it was dropped, up or down the list.
#[test]
fn a_list_sorted_by_html5_drags_started_on_press_reorders_as_a_hand_drags() {
    let server = HttpServer::start();
    server.page(
        "/sortable.html",
        "Priorities",
        "<style>li { padding: 8px; margin: 2px; cursor: move; list-style: none }</style>
         <ul id=list><li>Taxes</li><li>Groceries</li><li>Gym</li><li>Dentist</li></ul>
         <script>
         let dragged = null, busy = false;
         const at = (li) => [...list.children].indexOf(li);
         list.addEventListener('mousedown', (e) => { const li = e.target.closest('li'); if (li) li.draggable = true; });
         list.addEventListener('dragstart', (e) => { dragged = e.target; e.dataTransfer.setData('text/plain', dragged.textContent); });
         list.addEventListener('dragover', (e) => {
           e.preventDefault();
           if (busy) return;
           busy = true;
           requestAnimationFrame(() => { busy = false; });
           const over = e.target.closest && e.target.closest('li');
           if (!over || over === dragged) return;
           list.insertBefore(dragged, at(dragged) > at(over) ? over : over.nextSibling);
         });
         list.addEventListener('drop', (e) => e.preventDefault());
         list.addEventListener('dragend', () => { dragged.draggable = false; dragged = null; });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("s", &["page", "open", &server.url("/sortable.html")])
        .ok();
    let snap = snapshot(&env, "s");
    let (taxes, dentist) = (
        uid_of(&snap, "clickable \"Taxes\""),
        uid_of(&snap, "clickable \"Dentist\""),
    );
    let order = |env: &TestEnv| words_in_order(env, "s", "#list > li");
    // Up: the last item onto the first.
    let moved = env
        .ctx("s", &["element", "drag", &dentist, &taxes])
        .ok()
        .clone();
    assert_eq!(order(&env), "Dentist, Taxes, Groceries, Gym", "{moved}");
    assert!(
        moved["changes"]
            .as_array()
            .is_some_and(|c| c.iter().any(|c| c["op"] == "move")),
        "{moved}"
    );
    // Down: the first onto the last.
    env.ctx("s", &["element", "drag", &dentist, "#list li:last-child"])
        .ok();
    assert_eq!(order(&env), "Taxes, Groceries, Gym, Dentist");
}

#[test]
fn a_drop_target_below_the_fold_is_scrolled_to_with_the_source_on_screen() {
    let server = HttpServer::start();
    server.page(
        "/far.html",
        "Far",
        &format!(
            "<style>li {{ cursor: grab; height: 40px; user-select: none }} #gap {{ height: 420px }}
             #far {{ height: 2000px }}</style>
             <ul id=list><li>Write spec</li><div id=gap></div><li>Fix bug</li></ul>
             <div id=far></div><ul id=archive><li>Archived</li></ul>
             {BOARD}"
        ),
    );
    let env = TestEnv::new();
    env.ctx("d", &["page", "open", &server.url("/far.html")])
        .ok();
    let snap = snapshot(&env, "d");
    let first = uid_of(&snap, "clickable \"Write spec\"");
    let below = uid_of(&snap, "clickable \"Fix bug\"");
    let archived = uid_of(&snap, "clickable \"Archived\"");
    let order = |env: &TestEnv| words_in_order(env, "d", "li");
    // Below the fold, near enough to be on screen with the source.
    env.ctx("d", &["element", "drag", &first, &below]).ok();
    assert_eq!(order(&env), "Fix bug, Write spec, Archived");
    // Too far for both: said so, and nothing moved.
    let far = env.ctx("d", &["element", "drag", &below, &archived]);
    far.err("TARGET_OUT_OF_VIEW", 5);
    assert!(far.stdout.contains("too far apart"), "{}", far.stdout);
    assert_eq!(order(&env), "Fix bug, Write spec, Archived");
}

/// A fill replaces what an editor holds even where the editor types through a hidden field of
/// its own (CodeMirror's way: it takes Control+A as its select-all), and a rich editor's
/// paragraphs are its content, not each a field.
#[test]
fn a_fill_replaces_an_editors_content_and_its_paragraphs_are_content() {
    let server = HttpServer::start();
    server.page(
        "/editor.html",
        "Editor",
        "<div id=view style='font-family:monospace;min-height:20px'>let x = 1;</div>
         <textarea id=sink aria-label=Code style='width:40px;height:20px;opacity:.01'></textarea>
         <div contenteditable=true aria-label=Post><p>First paragraph</p><p>Second paragraph</p></div>
         <div contenteditable=true class=ql-editor><p>Unnamed note</p></div>
         <script>
         let code = 'let x = 1;', all = false;
         sink.addEventListener('keydown', (e) => { if (e.ctrlKey && e.key.toLowerCase() === 'a') { all = true; e.preventDefault(); } });
         sink.addEventListener('input', () => { code = all ? sink.value : code + sink.value; all = false; sink.value = ''; view.textContent = code; });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("e", &["page", "open", &server.url("/editor.html")])
        .ok();
    let snap = snapshot(&env, "e");
    let code = uid_of(&snap, "textbox \"Code\"");
    env.ctx("e", &["element", "fill", &code, "const y = 2;"])
        .ok();
    assert_eq!(
        env.ctx("e", &["runtime", "eval", "code"]).ok()["value"],
        "const y = 2;"
    );
    // One line for the editor (its words are its value), none per paragraph; an unnamed one
    // (Quill's) too, its words not again as a text line below it.
    assert!(
        snap.contains("textbox \"Post\" value=\"First paragraph Second paragraph\""),
        "{snap}"
    );
    assert!(snap.contains("textbox value=\"Unnamed note\""), "{snap}");
    assert!(!snap.contains("text \"Unnamed note\""), "{snap}");
    assert!(
        !snap
            .lines()
            .any(|l| l.split_whitespace().take(2).any(|w| w == "paragraph")),
        "{snap}"
    );
}

/// A clickable that holds controls of its own (a card with its buttons, a map with its
/// markers) is not named by all their words: its controls have their lines and its text shows
/// below it. One without controls is named by its text.
#[test]
fn a_clickable_holding_controls_is_not_named_by_their_words() {
    let server = HttpServer::start();
    server.page(
        "/cards.html",
        "Cards",
        "<div onclick=\"this.dataset.opened = 1\">Red kettle <b>$25</b> <button>Add to cart</button></div>
         <div onclick=\"this.dataset.opened = 1\">Blue mug <b>$8</b></div>
         <div tabindex=0 style=\"height: 60px; overflow: auto\"><div role=grid>
           <div role=row><span role=gridcell>Ada</span><span role=gridcell>36</span></div>
           <div role=row><span role=gridcell>Alan</span><span role=gridcell>41</span></div></div></div>
         <div role=tablist><div class=tab style=\"cursor: pointer\"><div role=tab>First</div></div>
           <div class=tab style=\"cursor: pointer\"><div role=tab>Second</div></div></div>",
    );
    let env = TestEnv::new();
    env.ctx("k", &["page", "open", &server.url("/cards.html")])
        .ok();
    let snap = snapshot(&env, "k");
    let lines: Vec<&str> = snap.lines().map(str::trim).collect();
    let card = lines
        .iter()
        .position(|l| l.ends_with(" clickable"))
        .unwrap_or_else(|| panic!("an unnamed card: {snap}"));
    assert!(
        lines[card + 1].starts_with("text \"Red kettle $25\""),
        "{snap}"
    );
    assert!(
        lines[card + 2].ends_with("button \"Add to cart\""),
        "{snap}"
    );
    assert!(snap.contains("clickable \"Blue mug $8\""), "{snap}");
    // A grid's focusable scroll region (Tabulator's) holds rows, named each by their cells.
    let region = lines
        .iter()
        .rposition(|l| l.ends_with(" clickable"))
        .unwrap();
    assert_ne!(region, card, "{snap}");
    assert!(lines[region + 1].ends_with(" grid"), "{snap}");
    assert_eq!(lines[region + 2], "row \"Ada36\"", "{snap}");
    // A bare clickable around one control and none of its own words (Ant Design's tab around
    // its `tab`) is that control: no line of its own, as in Chromium's tree.
    let tab = lines
        .iter()
        .position(|l| l.ends_with("tab \"First\""))
        .unwrap();
    assert!(lines[tab - 1].ends_with(" tablist"), "{snap}");
    assert!(!snap.contains("clickable \"First\""), "{snap}");
}

/// Typing into a field that offers suggestions (here as jQuery UI's autocomplete marks it: the
/// browser's own turned off; a search box; a text field its page calls a filter) waits for the
/// list drawn once typing pauses (a 300 ms debounce; rustdoc's 500 ms, then a fetch): the
/// fill's feedback shows the suggestions.
#[test]
fn a_fill_into_a_suggesting_field_shows_the_suggestions() {
    let server = HttpServer::start();
    server.page(
        "/suggest.html",
        "Suggest",
        "<label for=city>City</label> <input id=city autocomplete=off><ul id=menu></ul>
         <script>
         let timer;
         city.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(() => {
           menu.innerHTML = ['Lille', 'Lyon', 'Paris'].filter((c) => c.toLowerCase().startsWith(city.value.toLowerCase()))
             .map((c) => '<li><button>' + c + '</button></li>').join(''); }, 300); });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("s", &["page", "open", &server.url("/suggest.html")])
        .ok();
    let city = uid_of(&snapshot(&env, "s"), "textbox \"City\"");
    // However long the page was quiet before the typing.
    std::thread::sleep(Duration::from_millis(500));
    let typed = env.ctx("s", &["element", "fill", &city, "L", "--output", "text"]);
    for shown in ["button \"Lille\"", "button \"Lyon\""] {
        assert!(typed.stdout.contains(shown), "{}", typed.stdout);
    }
    let lille = uid_of(&snapshot(&env, "s"), "button \"Lille\"");
    // Typing on into the focused field waits for the list as well: Lille leaves it.
    std::thread::sleep(Duration::from_millis(500));
    let typed = env.ctx("s", &["input", "type", "y", "--output", "text"]);
    let removed = typed
        .stdout
        .lines()
        .any(|line| line == format!("- {lille}"));
    let whole = typed.stdout.contains("button \"Lyon\"") && !typed.stdout.contains("Lille");
    assert!(removed || whole, "{}", typed.stdout);
    // A search that waits 500 ms after the last key (rustdoc's), shows "Loading…" and fetches
    // its results: the fill shows the results, not the "Loading…" drawn as a shorter wait
    // ended.
    server.delayed_bytes(
        "/results.json",
        "application/json",
        br#"["Vec", "VecDeque"]"#,
        150,
    );
    server.page(
        "/docs.html",
        "Docs",
        "<input type=search aria-label=Search id=q><div id=out></div>
         <script>
         let timer;
         q.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(async () => {
           out.textContent = 'Loading…';
           const found = await (await fetch('/results.json')).json();
           out.innerHTML = found.map((name) => '<a href=#' + name + '>' + name + '</a>').join(' ');
         }, 500); });
         </script>",
    );
    env.ctx("s", &["page", "navigate", &server.url("/docs.html")])
        .ok();
    let search = uid_of(&snapshot(&env, "s"), "searchbox \"Search\"");
    let typed = env.ctx(
        "s",
        &["element", "fill", &search, "Vec", "--output", "text"],
    );
    assert!(
        typed.stdout.contains("link \"VecDeque\"") && !typed.stdout.contains("Loading"),
        "{}",
        typed.stdout
    );
    // A plain text field its page calls a filter (by its label), hiding the rows that do not
    // match once typing pauses for 400 ms.
    server.page(
        "/people.html",
        "People",
        "<h1>Team</h1><p>Everyone on the team this year, by first name.</p><p>Ask Dee to add someone.</p>
         <label>Filter people <input id=who></label><ul id=list><li>Ann</li><li>Bob</li><li>Cy</li></ul>
         <script>
         let timer;
         who.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(() => {
           for (const li of list.children) li.hidden = !li.textContent.toLowerCase().includes(who.value.toLowerCase());
         }, 400); });
         </script>",
    );
    env.ctx("s", &["page", "navigate", &server.url("/people.html")])
        .ok();
    let who = uid_of(&snapshot(&env, "s"), "textbox \"Filter people\"");
    let typed = env.ctx("s", &["element", "fill", &who, "bo", "--output", "text"]);
    assert!(
        typed.stdout.contains("- e") && !typed.stdout.contains("Bob"),
        "Ann and Cy are told gone, Bob left as he was: {}",
        typed.stdout
    );
}

/// A plain field called nothing of a search, but inside a search (a `<search>` element) or a
/// component named a filter (as Vaadin's grid wraps its header's text field in
/// `vaadin-grid-filter`), whose results come once typing pauses: the fill's reply shows them.
#[test]
fn a_field_inside_a_search_or_a_filter_component_waits_for_its_debounced_results() {
    let server = HttpServer::start();
    server.page(
        "/crew.html",
        "Crew",
        "<h1>Crew</h1>
         <search><input id=who aria-label=Name></search>
         <team-filter><input id=role aria-label=Role></team-filter>
         <ul id=list><li>Ann, pilot</li><li>Bob, cook</li><li>Cy, medic</li></ul>
         <script>
         customElements.define('team-filter', class extends HTMLElement {});
         for (const field of [who, role]) {
           let timer;
           field.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(() => {
             for (const li of list.children) li.hidden = !li.textContent.toLowerCase().includes(field.value.toLowerCase());
           }, 300); });
         }
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("f", &["page", "open", &server.url("/crew.html")])
        .ok();
    let page = snapshot(&env, "f");
    for (field, words, kept) in [("Name", "bo", "Bob"), ("Role", "medic", "Cy")] {
        let uid = uid_of(&page, &format!("textbox \"{field}\""));
        let changes = env.ctx("f", &["element", "fill", &uid, words]).ok()["changes"].to_string();
        assert!(
            changes.contains("\"op\":\"remove\"") || changes.contains("gone"),
            "the rows that do not match are told gone by the fill itself: {changes}"
        );
        env.ctx("f", &["element", "fill", &uid, ""]).ok();
        let shown = snapshot(&env, "f");
        assert!(shown.contains(kept), "{shown}");
    }
}

/// A text area shows what it holds as its `value=`; the text it began with (its child text) is
/// no line of its own, which would still read the old words once the value changed.
#[test]
fn a_text_area_shows_its_value_not_the_text_it_began_with() {
    let server = HttpServer::start();
    server.page(
        "/notes.html",
        "Notes",
        "<p>Notes</p><textarea>first draft</textarea>",
    );
    let env = TestEnv::new();
    env.ctx("t", &["page", "open", &server.url("/notes.html")])
        .ok();
    let snap = snapshot(&env, "t");
    let notes = uid_of(&snap, "textbox value=\"first draft\"");
    assert_eq!(snap.matches("first draft").count(), 1, "{snap}");
    env.ctx("t", &["element", "fill", &notes, "final words"])
        .ok();
    let snap = snapshot(&env, "t");
    assert!(snap.contains("value=\"final words\""), "{snap}");
    assert!(!snap.contains("first draft"), "{snap}");
}

/// Words a script put inside an input or an image (PlastronJS's to-do template writes each
/// to-do's state into its checkbox) never show: no lines, as in Chromium's tree (they were
/// `text "undefined"` under each checkbox).
#[test]
fn what_a_script_puts_inside_an_input_or_an_image_is_no_line() {
    let (_server, _env, snap) = cdt_e2e::opened(
        "Inside",
        "<ul><li><input type=checkbox id=done><label>Buy milk</label></li></ul><img id=pic alt=Logo>
         <script>done.append('undefined'); pic.append('hidden words');</script>",
        "i",
    );
    uid_of(&snap, "checkbox");
    assert!(snap.contains("Buy milk"), "{snap}");
    assert!(
        !snap.contains("undefined") && !snap.contains("hidden words"),
        "{snap}"
    );
}

/// A slider or spin button of ARIA's (a `div` that says `aria-valuenow` and answers keys) shows
/// its value on its line, and `element fill` moves it by its keys to the value asked for: Page
/// Up/Down while they fit, then arrows (left and right where up and down move nothing), the
/// nearer value when no step lands on it, the end of its range beyond it.
#[test]
fn sliders_of_aria_show_their_value_and_fill_moves_them_by_their_keys() {
    let server = HttpServer::start();
    server.page(
        "/sliders.html",
        "Sliders",
        "<div id=volume role=slider tabindex=0 aria-label=Volume aria-valuemin=0 aria-valuemax=100
              aria-valuenow=20 aria-valuetext='20 %'></div>
         <div id=pan role=slider tabindex=0 aria-label=Pan aria-valuemin=-10 aria-valuemax=10 aria-valuenow=0></div>
         <div id=count role=spinbutton tabindex=0 aria-label=Count aria-valuenow=1>1</div>
         <div id=tilt role=slider tabindex=0 aria-label=Tilt aria-valuemin=0 aria-valuemax=10 aria-valuenow=5></div>
         <div id=stuck role=slider tabindex=0 aria-label=Stuck aria-valuemin=0 aria-valuemax=10 aria-valuenow=5></div>
         <script>
           function range(el, step, page, keys) {
             const min = Number(el.getAttribute('aria-valuemin') ?? -Infinity);
             const max = Number(el.getAttribute('aria-valuemax') ?? Infinity);
             el.addEventListener('keydown', (e) => {
               const by = keys[e.key];
               if (by === undefined) return;
               const now = Number(el.getAttribute('aria-valuenow'));
               const next = Math.min(max, Math.max(min, now + by * (Math.abs(by) > 1 ? page : step) / Math.abs(by)));
               el.setAttribute('aria-valuenow', next);
               if (el.hasAttribute('aria-valuetext')) el.setAttribute('aria-valuetext', next + ' %');
               if (el.id === 'count') el.textContent = next;
               e.preventDefault();
             });
           }
           range(volume, 5, 20, { ArrowUp: 1, ArrowRight: 1, ArrowDown: -1, ArrowLeft: -1, PageUp: 2, PageDown: -2 });
           range(pan, 1, 1, { ArrowRight: 1, ArrowLeft: -1 });
           range(count, 1, 1, { ArrowUp: 1, ArrowDown: -1 });
           range(tilt, 1, 1, { ArrowUp: -1, ArrowDown: 1, ArrowRight: 1, ArrowLeft: -1 });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("s", &["page", "open", &server.url("/sliders.html")])
        .ok();
    let snap = snapshot(&env, "s");
    assert!(snap.contains("slider \"Volume\" value=\"20 %\""), "{snap}");
    assert!(snap.contains("slider \"Pan\" value=\"0\""), "{snap}");
    assert!(snap.contains("spinbutton \"Count\" value=\"1\""), "{snap}");
    let value_of = |id: &str| {
        env.ctx(
            "s",
            &[
                "runtime",
                "eval",
                &format!("document.getElementById('{id}').getAttribute('aria-valuenow')"),
            ],
        )
        .ok()["value"]
            .clone()
    };
    let filled = env.ctx("s", &["element", "fill", "--selector", "#volume", "85"]);
    assert!(
        filled.ok()["changes"]
            .to_string()
            .contains("value=\\\"85 %\\\""),
        "{}",
        filled.stdout
    );
    assert_eq!(value_of("volume"), "85");
    // No step of 5 lands on 47: the nearer of 45 and 50.
    env.ctx("s", &["element", "fill", "--selector", "#volume", "47"])
        .ok();
    assert_eq!(value_of("volume"), "45");
    env.ctx("s", &["element", "fill", "--selector", "#volume", "250"])
        .ok();
    assert_eq!(value_of("volume"), "100");
    env.ctx("s", &["element", "fill", "--selector", "#pan", "-7"])
        .ok();
    assert_eq!(value_of("pan"), "-7");
    env.ctx("s", &["element", "fill", "--selector", "#count", "6"])
        .ok();
    assert_eq!(value_of("count"), "6");
    // Up moves this one down: undone, and the right arrow takes it there.
    env.ctx("s", &["element", "fill", "--selector", "#tilt", "8"])
        .ok();
    assert_eq!(value_of("tilt"), "8");
    let run = env.ctx("s", &["element", "fill", "--selector", "#count", "lots"]);
    let error = run.err("VALIDATION_ERROR", 2);
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("fill it with a number")),
        "{error}"
    );
    assert_eq!(value_of("count"), "6");
    // One that no key moves (moved only by a pointer) is refused, not left as it was in silence.
    let stuck = env.ctx("s", &["element", "fill", "--selector", "#stuck", "8"]);
    let error = stuck.err("TARGET_NOT_INTERACTABLE", 5);
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("none of its keys")),
        "{error}"
    );
    assert!(stuck.stdout.contains("input drag"), "{}", stuck.stdout);
    // At the end of its range already, a value beyond it is where it is: no error.
    env.ctx("s", &["element", "fill", "--selector", "#volume", "250"])
        .ok();
    assert_eq!(value_of("volume"), "100");
}

/// A click whose effect no snapshot line shows (a toolbar button that only takes a class, as a
/// rich editor's Bold does) changed the page all the same: `domChanged`, no `ACTION_NO_EFFECT`
/// (an agent told "no effect" would click again and undo it); a click that changes nothing still
/// says so.
#[test]
fn a_change_no_snapshot_line_shows_is_an_effect_not_nothing() {
    let server = HttpServer::start();
    server.page(
        "/toolbar.html",
        "Toolbar",
        "<button id=bold onmousedown='event.preventDefault()'
           onclick=\"this.classList.toggle('active')\">Bold</button>
         <button id=idle onmousedown='event.preventDefault()'>Nothing</button>",
    );
    let env = TestEnv::new();
    env.ctx("b", &["page", "open", &server.url("/toolbar.html")])
        .ok();
    snapshot(&env, "b");
    let bold = env.ctx("b", &["element", "click", "--selector", "#bold"]);
    assert_eq!(bold.ok()["domChanged"], true, "{}", bold.stdout);
    assert!(bold.json["meta"]["warnings"].is_null(), "{}", bold.stdout);
    let text = env.ctx(
        "b",
        &[
            "element",
            "click",
            "--selector",
            "#bold",
            "--output",
            "text",
        ],
    );
    assert!(
        text.stdout
            .contains("the page changed, not what the snapshot shows"),
        "{}",
        text.stdout
    );
    let idle = env.ctx("b", &["element", "click", "--selector", "#idle"]);
    assert_eq!(idle.ok()["domChanged"], false, "{}", idle.stdout);
    assert_eq!(
        idle.json["meta"]["warnings"][0]["code"], "ACTION_NO_EFFECT",
        "{}",
        idle.stdout
    );
}

/// A target under a cover says what takes the cover away: a modal dialog's controls, a cookie
/// banner's Accept (not the banner itself, whose click closes nothing).
#[test]
fn a_covered_target_names_what_takes_the_cover_away() {
    let server = HttpServer::start();
    server.page(
        "/covered.html",
        "Covered",
        "<h1>Shop</h1><button id=open onclick='dlg.showModal()'>Open dialog</button>
         <button id=bg>Background</button>
         <dialog id=dlg><p>Are you sure?</p><button onclick='dlg.close()'>OK</button></dialog>
         <div style='height:2000px'></div><button id=far>Far away</button>
         <div id=cookie style='position:fixed;bottom:0;left:0;right:0;height:120px;background:#eee'>
           We use cookies <a href='#policy'>Policy</a> <button onclick='cookie.remove()'>Accept</button></div>",
    );
    let env = TestEnv::new();
    env.ctx("c", &["page", "open", &server.url("/covered.html")])
        .ok();
    let snap = snapshot(&env, "c");
    let accept = uid_of(&snap, "button \"Accept\"");
    let far = env.ctx("c", &["element", "click", "--selector", "#far"]);
    let error = far.err("TARGET_OBSCURED", 5);
    assert_eq!(
        error["suggestions"][0],
        format!("Run: cdt element click {accept} (button \"Accept\", in what covers it) first"),
        "{error}"
    );
    assert_eq!(
        error["details"]["coverControls"].as_array().map(Vec::len),
        Some(1),
        "{error}"
    );
    env.ctx("c", &["element", "click", &accept]).ok();
    env.ctx("c", &["element", "click", "--selector", "#open"])
        .ok();
    let ok = uid_of(&snapshot(&env, "c"), "button \"OK\"");
    let behind = env.ctx("c", &["element", "click", "--selector", "#bg"]);
    let error = behind.err("TARGET_OBSCURED", 5);
    assert_eq!(
        error["suggestions"][0],
        format!("Run: cdt element click {ok} (button \"OK\", in what covers it) first"),
        "{error}"
    );
}

/// A pop-up a field opened and left over the page (jQuery UI's date picker, which closes only on
/// a press outside it) covers the next target: `TARGET_OBSCURED` hints a click outside it, at
/// a point of the view where nothing takes a click, which closes it (it hinted clicking the
/// calendar's header cell that covered the target, which does nothing).
#[test]
fn a_pop_up_left_over_the_target_is_closed_by_the_click_outside_its_error_hints() {
    let server = HttpServer::start();
    server.page(
        "/popup.html",
        "Pop-up",
        "<input id=date aria-label=Date>
         <div style='margin-top: 40px'><button id=speed onclick=\"out.textContent = 'speed'\">Speed</button></div>
         <p id=out>none</p>
         <div id=cal hidden style='position: absolute; width: 300px; height: 200px; background: #eee'>
           <table><tr><th>Mo</th><th>Tu</th></tr></table></div>
         <script>
         date.onfocus = () => {
           const r = date.getBoundingClientRect();
           cal.style.top = r.bottom + 'px'; cal.style.left = r.left + 'px'; cal.hidden = false;
         };
         document.addEventListener('mousedown', (e) => { if (!cal.contains(e.target) && e.target !== date) cal.hidden = true; });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("p", &["page", "open", &server.url("/popup.html")])
        .ok();
    let snap = snapshot(&env, "p");
    env.ctx(
        "p",
        &[
            "element",
            "fill",
            &uid_of(&snap, "textbox \"Date\""),
            "12/24/2026",
        ],
    )
    .ok();
    let speed = uid_of(&snap, "button \"Speed\"");
    let covered = env.ctx("p", &["element", "click", &speed]);
    let error = covered.err("TARGET_OBSCURED", 5);
    let hint = error["suggestions"][0].as_str().unwrap();
    let at: Vec<&str> = hint
        .strip_prefix("Run: cdt input click ")
        .and_then(|rest| rest.split(" (").next())
        .unwrap_or_else(|| panic!("{error}"))
        .split(' ')
        .collect();
    assert!(
        error["details"]["popup"]
            .as_str()
            .unwrap()
            .contains("div#cal"),
        "{error}"
    );
    env.ctx("p", &["input", "click", at[0], at[1]]).ok();
    env.ctx("p", &["element", "click", &speed]).ok();
    let read = |js: &str| env.ctx("p", &["runtime", "eval", js]).ok()["value"].clone();
    assert_eq!(
        read("[cal.hidden, out.textContent]"),
        json!([true, "speed"])
    );
}

/// A hover menu the last action left open (the pointer rests over it) does not cover the next
/// target: the pointer leaves it first, as a user's hand does, and the menu closes.
#[test]
fn a_hover_menu_left_open_does_not_cover_the_next_target() {
    let server = HttpServer::start();
    server.page(
        "/menu.html",
        "Menu",
        "<style>.menu { position: relative; display: inline-block }
           .sub { display: none; position: absolute; background: #fff }
           .menu:hover .sub { display: block }</style>
         <nav><div class=menu><a href='#products'>Products</a>
           <div class=sub><a href='#laptops'>Laptops</a><br><a href='#phones'>Phones</a><br><a href='#tv'>TV</a></div></div></nav>
         <button id=reviews onclick=\"out.textContent = 'reviews shown'\">Reviews</button><p id=out></p>",
    );
    let env = TestEnv::new();
    env.ctx("m", &["page", "open", &server.url("/menu.html")])
        .ok();
    snapshot(&env, "m");
    env.ctx("m", &["element", "hover", "--text", "Products"])
        .ok();
    env.ctx("m", &["element", "click", "--text", "Laptops"])
        .ok();
    let reviews = env.ctx("m", &["element", "click", "--selector", "#reviews"]);
    reviews.ok();
    // (So small a page changed by more than half: the whole snapshot, the menu closed.)
    assert!(
        reviews.stdout.contains("reviews shown"),
        "{}",
        reviews.stdout
    );
    assert!(!reviews.stdout.contains("Laptops"), "{}", reviews.stdout);
}

/// A hidden target names the control that shows it, as a user would open it: a closed
/// `<details>`' summary, the tab of its panel, an accordion's button (`aria-controls`).
#[test]
fn a_hidden_target_names_the_control_that_shows_it() {
    let server = HttpServer::start();
    server.page(
        "/hidden.html",
        "Hidden",
        "<details><summary>Shipping</summary><a href='#rates' id=rates>Rates</a></details>
         <div role=tablist><button role=tab aria-selected=true aria-controls=p1>Specs</button>
           <button role=tab aria-selected=false aria-controls=p2>Reviews</button></div>
         <div role=tabpanel id=p1>Weight 1.2 kg</div>
         <div role=tabpanel id=p2 hidden><button id=write>Write a review</button></div>
         <button aria-expanded=false aria-controls=faq>FAQ</button>
         <div id=faq hidden><a href='#q1' id=q1>How to return?</a></div>
         <div><button aria-expanded=false>Account</button>
           <ul style='display:none'><li><a href='#out' id=signout>Sign out</a></ul></div>
         <p id=gone style='display:none'><a href='#x' id=nothing>Nothing shows it</a></p>",
    );
    let env = TestEnv::new();
    env.ctx("h", &["page", "open", &server.url("/hidden.html")])
        .ok();
    let snap = snapshot(&env, "h");
    for (target, control) in [
        ("#rates", "button \"Shipping\""),
        ("#write", "tab \"Reviews\""),
        ("#q1", "button \"FAQ\""),
        ("#signout", "button \"Account\""),
    ] {
        let uid = uid_of(&snap, control);
        let run = env.ctx("h", &["element", "click", "--selector", target]);
        let error = run.err("TARGET_NOT_INTERACTABLE", 5);
        assert_eq!(
            error["suggestions"][0],
            format!("Run: cdt element click {uid} ({control}, which shows it) first"),
            "{error}"
        );
    }
    let run = env.ctx("h", &["element", "click", "--selector", "#nothing"]);
    let error = run.err("TARGET_NOT_INTERACTABLE", 5);
    assert!(
        error["suggestions"][0]
            .as_str()
            .is_some_and(|s| s.starts_with("Run: cdt element inspect")),
        "{error}"
    );
}

/// A click whose outcome the page fetches first (a search's results, answered after 600 ms) is
/// looked at once the answer is drawn: its feedback shows the results, not "no effect".
#[test]
fn a_click_whose_outcome_is_fetched_shows_it_once_answered() {
    let server = HttpServer::start();
    server.page(
        "/search.html",
        "Search",
        "<h1>Search</h1><button id=go onclick=\"fetch('/api/results').then((r) => r.json())
           .then((items) => out.innerHTML = items.map((i) => '<li>' + i + '</li>').join(''))\">Search</button>
         <ul id=out></ul>",
    );
    server.delayed_bytes(
        "/api/results",
        "application/json",
        br#"["Result one", "Result two"]"#,
        600,
    );
    let env = TestEnv::new();
    env.ctx("s", &["page", "open", &server.url("/search.html")])
        .ok();
    snapshot(&env, "s");
    let searched = env.ctx("s", &["element", "click", "--selector", "#go"]);
    searched.ok();
    assert!(
        searched.stdout.contains("Result two"),
        "{}",
        searched.stdout
    );
    assert!(
        searched.json["meta"]["warnings"].is_null(),
        "{}",
        searched.stdout
    );
}

/// A page that changes on its own (a spinner turned by script every frame, a clock, a carousel
/// and a feed going round) does not make every action an effect: its churning nodes' changes are
/// set apart while an action is under way, so a click that did nothing says so
/// (`ACTION_NO_EFFECT`) and the feedback does not wait out its cap for a quiet that never comes;
/// what a click did there is still its effect, on the nodes that churn too.
#[test]
fn a_page_that_changes_on_its_own_does_not_hide_a_click_that_did_nothing() {
    let server = HttpServer::start();
    // Churn faster than every 250 ms: never counted, even while a click is dispatched.
    server.page(
        "/live.html",
        "Live",
        "<h1>Dashboard</h1><div id=spin style='width:9px;height:9px'></div>
         <p>Time: <span id=clock>0</span></p>
         <button id=add onclick=\"out.textContent = 'Added'\">Add</button>
         <button id=dead>Dead</button>
         <button id=toggle onclick=\"this.classList.toggle('on')\">Toggle</button>
         <p id=out></p><p id=slide>Slide 0</p>
         <div><button id=b0 aria-current=true>1</button><button id=b1>2</button><button id=b2>3</button></div>
         <ul id=feed></ul><input type=checkbox id=agree aria-label=Agree>
         <nav><a href='#1'>One</a> <a href='#2'>Two</a> <a href='#3'>Three</a>
           <a href='#4'>Four</a> <a href='#5'>Five</a> <a href='#6'>Six</a></nav>
         <script>let turn = 0, tick = 0, shown = 0, sent = 0;
           (function spin() { spin.el = spin.el || document.getElementById('spin');
             spin.el.style.transform = 'rotate(' + (turn += 3) + 'deg)'; requestAnimationFrame(spin); })();
           setInterval(() => clock.textContent = String(++tick), 150);
           setInterval(() => { shown = (shown + 1) % 50; slide.textContent = 'Slide ' + shown;
             for (const i of [0, 1, 2]) document.getElementById('b' + i).toggleAttribute('aria-current', i === shown % 3); }, 100);
           setInterval(() => { const li = document.createElement('li');
             li.innerHTML = '<a href=#m' + sent + '>Message ' + (sent++) + '</a>'; feed.append(li);
             if (feed.children.length > 3) feed.firstElementChild.remove(); }, 100);</script>",
    );
    // A carousel that goes round every 400 ms, with a Next button.
    server.page(
        "/carousel.html",
        "Carousel",
        "<h1>Offers</h1><p id=slide>Slide 0</p><button id=next onclick='show(shown + 1)'>Next</button>
         <script>let shown = 0; function show(n) { shown = n % 50; slide.textContent = 'Slide ' + shown; }
           setInterval(() => show(shown + 1), 400);</script>",
    );
    let env = TestEnv::new();
    env.ctx("l", &["page", "open", &server.url("/live.html")])
        .ok();
    snapshot(&env, "l");
    // An agent's turn: the probe, watching from its first command, sees the clock tick, the
    // slides (and their bullets, elements with uids) go round and the feed's links come and go.
    std::thread::sleep(std::time::Duration::from_millis(800));
    let dead = env.ctx("l", &["element", "click", "--selector", "#dead"]);
    assert_eq!(dead.ok()["domChanged"], false, "{}", dead.stdout);
    assert_eq!(
        dead.json["meta"]["warnings"][0]["code"], "ACTION_NO_EFFECT",
        "{}",
        dead.stdout
    );
    let add = env.ctx("l", &["element", "click", "--selector", "#add"]);
    assert_eq!(add.ok()["domChanged"], true, "{}", add.stdout);
    assert!(add.stdout.contains("Added"), "{}", add.stdout);
    assert!(add.json["meta"]["warnings"].is_null(), "{}", add.stdout);
    let toggle = env.ctx("l", &["element", "click", "--selector", "#toggle"]);
    assert_eq!(toggle.ok()["domChanged"], true, "{}", toggle.stdout);
    assert!(
        toggle.json["meta"]["warnings"].is_null(),
        "{}",
        toggle.stdout
    );
    // A checkbox changes no attribute when checked: on such a page it is an effect all the same.
    let agree = env.ctx("l", &["element", "click", "--selector", "#agree"]);
    assert_eq!(agree.ok()["domChanged"], true, "{}", agree.stdout);
    assert!(agree.json["meta"]["warnings"].is_null(), "{}", agree.stdout);
    // A carousel's Next changes what its autoplay changes: a change made while the click is
    // dispatched counts (the slide churns no faster than every 250 ms).
    env.ctx("l", &["page", "navigate", &server.url("/carousel.html")])
        .ok();
    snapshot(&env, "l");
    std::thread::sleep(std::time::Duration::from_millis(1000));
    let next = env.ctx("l", &["element", "click", "--selector", "#next"]);
    assert_eq!(next.ok()["domChanged"], true, "{}", next.stdout);
    assert!(next.json["meta"]["warnings"].is_null(), "{}", next.stdout);
}

/// `element focus` is an action: on a page no click has reached yet, the element takes the
/// focus as a user's would (the page's `focus` handlers run: a tooltip shows), the reply tells
/// what that caused, and an element that cannot take the focus is refused.
#[test]
fn focus_reports_what_it_caused_and_refuses_what_cannot_take_it() {
    let server = HttpServer::start();
    server.page(
        "/tip.html",
        "Tip",
        "<h1>Prices</h1><span id=info tabindex=0 aria-label=Info>i</span><div id=tips></div>
         <script>info.addEventListener('focus', () =>
           tips.innerHTML = '<div role=tooltip>Prices include VAT</div>');</script>",
    );
    let env = TestEnv::new();
    env.ctx("f", &["page", "open", &server.url("/tip.html")])
        .ok();
    snapshot(&env, "f");
    let focused = env.ctx("f", &["element", "focus", "--selector", "#info"]);
    // (So small a page changed by more than half: the whole snapshot.)
    let changes = focused.ok().to_string();
    assert!(
        changes.contains("clickable \\\"Info\\\" focused"),
        "{}",
        focused.stdout
    );
    assert!(
        changes.contains("tooltip \\\"Prices include VAT\\\""),
        "{}",
        focused.stdout
    );
    assert!(
        focused.json["meta"]["warnings"].is_null(),
        "{}",
        focused.stdout
    );
    let run = env.ctx("f", &["element", "focus", "--selector", "h1"]);
    let error = run.err("TARGET_NOT_INTERACTABLE", 5);
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("cannot take the keyboard focus")),
        "{error}"
    );
}

/// `element fill` and `input type` end as a user's typing ends, on a key: a page that reacts to
/// `keyup` (mdBook's search) sees the whole value and shows what it does in the
/// feedback. Whatever the last character (a `+`, an accented letter), the value is exact; a
/// line break at the end is no Enter key (nothing is submitted).
#[test]
fn typing_ends_on_a_key_so_a_page_listening_for_keys_sees_it() {
    let server = HttpServer::start();
    server.page(
        "/keys.html",
        "Keys",
        "<form action=/sent.html><input aria-label=Find id=f></form><p id=out>Nothing yet</p><p id=last></p>
         <script>
         f.addEventListener('keyup', () => out.textContent = 'Results for ' + f.value);
         f.addEventListener('keydown', (e) => last.textContent = 'Key ' + e.key + (e.shiftKey ? ' with Shift' : ''));
         </script>",
    );
    server.page("/sent.html", "Sent", "<h1>Sent</h1>");
    let env = TestEnv::new();
    env.ctx("k", &["page", "open", &server.url("/keys.html")])
        .ok();
    let find = uid_of(&snapshot(&env, "k"), "textbox \"Find\"");
    let filled = env.ctx(
        "k",
        &["element", "fill", &find, "ownership", "--output", "text"],
    );
    assert!(
        filled.stdout.contains("text \"Results for ownership\""),
        "{}",
        filled.stdout
    );
    let typed = env.ctx("k", &["input", "type", " rules", "--output", "text"]);
    assert!(
        typed
            .stdout
            .contains("text \"Results for ownership rules\""),
        "{}",
        typed.stdout
    );
    for value in ["1+1", "café", "x"] {
        env.ctx("k", &["element", "fill", &find, value]).ok();
        let snap = snapshot(&env, "k");
        assert!(
            snap.contains(&format!("value=\"{value}\""))
                && snap.contains(&format!("Results for {value}")),
            "{value}: {snap}"
        );
    }
    // A capital's key comes with Shift held, as a hand types it.
    env.ctx("k", &["element", "fill", &find, "ABC"]).ok();
    let snap = snapshot(&env, "k");
    assert!(snap.contains("text \"Key C with Shift\""), "{snap}");
    let lined = env.ctx("k", &["element", "fill", &find, "end\n"]);
    assert_eq!(lined.ok()["navigated"], false, "{}", lined.stdout);
    assert!(snapshot(&env, "k").contains("value=\"end\""));
}

/// An editor built on the EditContext API (Monaco's: a `div` that is neither an input nor
/// `contenteditable`) is filled as a field is: focused, what it holds selected by its own
/// select-all (Control+A), the text typed. It was refused (`TARGET_NOT_INTERACTABLE`).
#[test]
fn an_editor_on_the_edit_context_api_is_filled() {
    let server = HttpServer::start();
    server.page(
        "/edit-context.html",
        "Code",
        "<div id=ed role=textbox aria-label=Code tabindex=0 style='width:300px;height:60px;border:1px solid'></div>
         <p id=out>Empty</p>
         <script>
         const context = new EditContext();
         ed.editContext = context;
         context.addEventListener('textupdate', () => out.textContent = 'Text: ' + context.text);
         ed.addEventListener('keydown', (e) => {
           if (e.ctrlKey && e.key === 'a') { context.updateSelection(0, context.text.length); e.preventDefault(); }
         });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("c", &["page", "open", &server.url("/edit-context.html")])
        .ok();
    let code = uid_of(&snapshot(&env, "c"), "textbox \"Code\"");
    for value in ["let a = 1;", "done"] {
        let filled = env.ctx("c", &["element", "fill", &code, value, "--output", "text"]);
        assert!(
            filled.stdout.contains(&format!("text \"Text: {value}\"")),
            "{value}: {}",
            filled.stdout
        );
    }
}
