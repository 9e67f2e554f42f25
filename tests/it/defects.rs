//! The smaller defects of the hardening review (issue 12 item 11) and the crash notice of
//! issue 7 item 5, each pinned by what `cdt` answers.

use std::time::Duration;

use cdt_e2e::{HttpServer, Run, TestEnv, eventually};
use serde_json::Value;

fn warning_codes(run: &Run) -> Vec<String> {
    run.json["meta"]["warnings"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|w| w["code"].as_str().unwrap_or("").to_string())
        .collect()
}

#[test]
fn regression_runtime_eval_lets_the_engine_tell_functions_from_expressions() {
    let server = HttpServer::start();
    server.page("/form", "Form", "<input id=q value=typed>");
    let env = TestEnv::new();
    env.ctx("d", &["page", "open", &server.url("/form")]).ok();
    let eval = |args: &[&str]| {
        let mut all = vec!["runtime", "eval"];
        all.extend_from_slice(args);
        env.ctx("d", &all).ok()["value"].clone()
    };
    // Misread as a function declaration by the old text heuristic.
    assert_eq!(
        eval(&["(await Promise.resolve([1, 2])).map(x => x * 2)"]),
        serde_json::json!([2, 4])
    );
    assert_eq!(eval(&["[1, 2].map(x => x + 1)"]), serde_json::json!([2, 3]));
    assert_eq!(eval(&["() => 41 + 1"]), 42);
    assert_eq!(eval(&["function () { return 'declared' }"]), "declared");
    assert_eq!(
        eval(&["function () { return 'explicit' }", "--function"]),
        "explicit"
    );
    assert_eq!(
        eval(&["fetch('/form').then(r => r.status)", "--await"]),
        200
    );
    // Awaited without the flag too: by value a promise read `{}`.
    assert_eq!(eval(&["fetch('/form').then(r => r.status)"]), 200);
    assert_eq!(
        eval(&["async () => { await new Promise(r => setTimeout(r, 50)); return 'later' }"]),
        "later"
    );
    let snapshot = env.ctx("d", &["capture", "snapshot"]).stdout;
    let uid = snapshot
        .split(|c: char| !c.is_ascii_alphanumeric())
        .find(|w| w.starts_with('e') && w[1..].chars().all(|c| c.is_ascii_digit()) && w.len() > 1)
        .unwrap()
        .to_string();
    assert_eq!(eval(&["(el) => el.value", "--arg", &uid]), "typed");
    env.ctx("d", &["runtime", "eval", "document.title", "--arg", &uid])
        .err("VALIDATION_ERROR", 2);
}

#[test]
fn regression_wait_url_is_a_glob_and_regex_is_explicit() {
    let server = HttpServer::start();
    server.page("/step-3", "Step", "step");
    let env = TestEnv::new();
    env.ctx("d", &["page", "open", &server.url("/step-3")]).ok();
    let found = env.ctx("d", &["page", "wait-url", "*/step-?"]);
    assert!(found.ok()["url"].as_str().unwrap().ends_with("/step-3"));
    // Slashes no longer switch to a regular expression silently: this glob never matches.
    env.ctx(
        "d",
        &["page", "wait-url", "/step-[0-9]/", "--timeout", "800"],
    )
    .err("TIMEOUT", 4);
    env.ctx("d", &["page", "wait-url", "--regex", "step-[0-9]$"])
        .ok();
    env.ctx("d", &["page", "wait-url", "--regex", "step-("])
        .err("VALIDATION_ERROR", 2);
}

#[test]
fn regression_input_file_paths_are_resolved_against_the_callers_directory() {
    let env = TestEnv::new();
    env.ctx("d", &["page", "open", "about:blank"]).ok();
    let dir = env.home.with_extension("cwd");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("params.json"), r#"{"file": "shot.png"}"#).unwrap();
    let output = env
        .command(&["capture", "screenshot", "--input-file", "params.json"])
        .env("CDT_CONTEXT_ID", "d")
        .current_dir(&dir)
        .output()
        .unwrap();
    let run = Run::from_output(&output, Duration::ZERO);
    let path = run.ok()["path"].as_str().unwrap().to_string();
    assert_eq!(std::path::Path::new(&path), dir.join("shot.png"));
    assert!(
        std::fs::read(dir.join("shot.png"))
            .unwrap()
            .starts_with(b"\x89PNG")
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn regression_har_redirect_entries_carry_the_real_protocol_and_status_text() {
    let server = HttpServer::start();
    server.redirect("/moved", "/target");
    server.page("/target", "Target", "here");
    let env = TestEnv::new();
    env.ctx("d", &["page", "open", &server.url("/moved")]).ok();
    let har_path = env.home.with_extension("har");
    env.ctx("d", &["network", "har", har_path.to_str().unwrap()])
        .ok();
    let har: Value = serde_json::from_slice(&std::fs::read(&har_path).unwrap()).unwrap();
    let hop = har["log"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["request"]["url"].as_str().unwrap().ends_with("/moved"))
        .cloned()
        .unwrap();
    assert_eq!(hop["response"]["status"], 302);
    assert_eq!(hop["response"]["statusText"], "Found");
    assert_eq!(hop["response"]["httpVersion"], "http/1.1");
    assert_eq!(hop["response"]["redirectURL"], "/target");
    let _ = std::fs::remove_file(har_path);
}

fn restart_notice_after_a_crash(env: &TestEnv, server: &HttpServer, wait_for_janitor: bool) {
    env.ctx("crash", &["page", "open", &server.url("/kept")])
        .ok();
    let old = env.kill_browser("crash");
    if wait_for_janitor {
        assert!(eventually(Duration::from_secs(10), || {
            env.run(&["session", "list"]).json["data"]["sessions"]
                .as_array()
                .is_some_and(Vec::is_empty)
        }));
    }
    let next = env.ctx("crash", &["page", "list"]);
    next.ok();
    assert_eq!(
        warning_codes(&next),
        vec!["BROWSER_RESTARTED"],
        "{}",
        next.stdout
    );
    let warning = &next.json["meta"]["warnings"][0];
    assert!(
        warning["message"].as_str().unwrap().contains("/kept"),
        "the lost page is named: {warning}"
    );
    assert_eq!(
        warning["details"]["pagesLost"][0]["url"],
        server.url("/kept")
    );
    let status = env.ctx("crash", &["session", "status"]);
    let data = status.ok();
    assert_eq!(data["restarts"], 1);
    assert_ne!(data["session"]["browser"]["pid"], old);
    // Told once.
    assert!(warning_codes(&env.ctx("crash", &["page", "list"])).is_empty());
}

#[test]
fn a_killed_browser_is_reported_to_the_next_command_before_the_janitor_runs() {
    let server = HttpServer::start();
    server.page("/kept", "Kept", "kept");
    let env = TestEnv::new().with_env("CDT_JANITOR_INTERVAL_MS", "600000");
    restart_notice_after_a_crash(&env, &server, false);
}

#[test]
fn a_killed_browser_is_reported_to_the_next_command_after_the_janitor_reaped_it() {
    let server = HttpServer::start();
    server.page("/kept", "Kept", "kept");
    let env = TestEnv::new().with_env("CDT_JANITOR_INTERVAL_MS", "100");
    restart_notice_after_a_crash(&env, &server, true);
}

#[test]
fn an_expired_lease_is_reported_to_the_next_command() {
    let env = TestEnv::new()
        .with_env("CDT_JANITOR_INTERVAL_MS", "100")
        .with_env("CDT_IDLE_TIMEOUT_SECS", "1");
    env.ctx("idle", &["page", "open", "about:blank"]).ok();
    assert!(eventually(Duration::from_secs(15), || {
        env.run(&["session", "list"]).json["data"]["sessions"]
            .as_array()
            .is_some_and(Vec::is_empty)
    }));
    let next = env.ctx("idle", &["page", "list"]);
    next.ok();
    assert_eq!(
        warning_codes(&next),
        vec!["CONTEXT_LEASE_EXPIRED"],
        "{}",
        next.stdout
    );
}

/// Storage and emulation commands do not wait out their budget on a page frozen by an alert:
/// they answer `DIALOG_BLOCKING` at once, and work again once the dialog is handled.
#[test]
fn storage_and_emulation_answer_dialog_blocking_while_an_alert_is_open() {
    let server = HttpServer::start();
    server.page(
        "/alert",
        "Alert",
        "<button onclick=\"alert('stop')\">Alert</button>",
    );
    let env = TestEnv::new();
    env.ctx("dlg", &["page", "open", &server.url("/alert")])
        .ok();
    env.ctx("dlg", &["element", "click", "--text", "Alert"]);
    for command in [
        vec!["storage", "local", "set", "k", "v"],
        vec!["storage", "session", "get"],
        vec!["emulation", "set", "--color-scheme", "dark"],
    ] {
        let mut args = command.clone();
        args.extend(["--timeout", "20000"]);
        let run = env.ctx("dlg", &args);
        let error = run.err("DIALOG_BLOCKING", 5);
        assert_eq!(error["details"]["dialog"]["message"], "stop", "{command:?}");
    }
    env.ctx("dlg", &["dialog", "handle", "accept"]).ok();
    env.ctx("dlg", &["storage", "local", "set", "k", "v"]).ok();
    env.ctx("dlg", &["emulation", "set", "--color-scheme", "dark"])
        .ok();
}

/// `element fill` on what takes no value (a heading, a link, a paragraph) hinted clicking it
/// open as "a drop-down the page draws without saying so": an agent that misread a uid clicked
/// a heading. It now says it is not a field and names the field nearest to it, which takes the
/// value; a bare element a click acts on (Chosen's drop-down) keeps the click's hint.
#[test]
fn a_fill_on_what_takes_no_value_names_the_field_nearest_to_it() {
    let server = HttpServer::start();
    server.page(
        "/todo",
        "Todo",
        "<p><input aria-label=Search placeholder=Search></p>
        <div style='margin-top:600px'><h1>todos</h1><input aria-label='What needs to be done?'></div>
        <div id=menu style='cursor:pointer' onclick=\"this.textContent='opened'\">Choose a fruit</div>",
    );
    let env = TestEnv::new();
    env.ctx("n", &["page", "open", &server.url("/todo")]).ok();
    let snapshot = env.ctx("n", &["capture", "snapshot"]).ok()["snapshot"]
        .as_str()
        .unwrap()
        .to_string();
    let uid_of = |line: &str| {
        snapshot
            .lines()
            .find(|l| l.contains(line))
            .and_then(|l| l.split(' ').next())
            .unwrap_or_else(|| panic!("{line} in {snapshot}"))
            .to_string()
    };
    let (heading, todo) = (uid_of("heading \"todos\""), uid_of("textbox \"What needs"));
    let run = env.ctx("n", &["element", "fill", &heading, "Buy milk"]);
    let error = run.err("TARGET_NOT_INTERACTABLE", 5);
    assert!(
        error["message"].as_str().unwrap().contains("not a field"),
        "{error}"
    );
    assert_eq!(error["details"]["near"][0]["uid"], todo.as_str(), "{error}");
    let hint = error["suggestions"][0].as_str().unwrap();
    assert!(
        hint.starts_with(&format!("Run: cdt element fill {todo} <value>")),
        "{error}"
    );
    assert!(!run.stdout.contains("drop-down"), "{error}");
    // The hint, followed, fills the field.
    env.ctx("n", &["element", "fill", &todo, "Buy milk"]).ok();
    assert!(
        env.ctx("n", &["capture", "snapshot"])
            .stdout
            .contains("value=\\\"Buy milk\\\""),
    );
    // A bare element a click acts on may be a drop-down drawn without roles: it is hinted.
    let menu = env.ctx("n", &["element", "select", "--selector", "#menu", "Apple"]);
    menu.err("TARGET_NOT_INTERACTABLE", 5);
    assert!(menu.stdout.contains("drop-down"), "{}", menu.stdout);
}

/// A field whose page rewrites what it holds as it is typed into (PrimeVue's date picker reads
/// `2026-12-2` as the 2nd and writes `2026-12-02` back; the last key then lands after it):
/// `element fill 2026-12-24` left `2026-12-024`. What the field holds is checked, and a value it
/// rewrote is given again whole, as a paste: it holds `2026-12-24`. So is one whose page moves
/// the caret to the start as the text first goes in (Carbon's table search, re-drawn on its
/// first input: `alpha` became `aalph`). A mask that formats the whole, and a tag input that
/// takes the words away, are typed once, as before.
#[test]
fn a_field_that_rewrites_what_is_typed_into_it_is_given_the_value_whole() {
    let server = HttpServer::start();
    server.page(
        "/date",
        "Date",
        "<label>Date <input id=date></label><label>Phone <input id=phone></label>
        <label>Tags <input id=tag></label><label>Filter <input id=search></label>
        <script>
        // (Re-drawn on its first input: the caret goes back to the start.)
        let drawn = false;
        search.addEventListener('input', () => { if (!drawn) { drawn = true; search.setSelectionRange(0, 0); } });
        // (A tag input: what comes before a comma becomes a tag, taken out of the field.)
        const tags = [];
        tag.oninput = () => {
          const parts = tag.value.split(',');
          if (parts.length > 1) { tags.push(...parts.slice(0, -1)); tag.value = parts[parts.length - 1]; }
        };
        date.oninput = () => {
          const part = /^(\\d{4})-(\\d{2})-(\\d)$/.exec(date.value);
          if (part) date.value = part[1] + '-' + part[2] + '-0' + part[3];
        };
        phone.oninput = () => {
          const digits = phone.value.replace(/\\D/g, '').slice(0, 10);
          phone.value = digits.length > 6 ? '(' + digits.slice(0, 3) + ') ' + digits.slice(3, 6) + '-' + digits.slice(6)
            : digits.length > 3 ? '(' + digits.slice(0, 3) + ') ' + digits.slice(3) : digits;
        };
        </script>",
    );
    let env = TestEnv::new();
    env.ctx("w", &["page", "open", &server.url("/date")]).ok();
    env.ctx(
        "w",
        &["element", "fill", "--selector", "#date", "2026-12-24"],
    )
    .ok();
    env.ctx(
        "w",
        &["element", "fill", "--selector", "#phone", "5551234567"],
    )
    .ok();
    env.ctx("w", &["element", "fill", "--selector", "#tag", "a,b"])
        .ok();
    env.ctx("w", &["element", "fill", "--selector", "#search", "alpha"])
        .ok();
    let held = env.ctx(
        "w",
        &[
            "runtime",
            "eval",
            "[date.value, phone.value, tags, tag.value, search.value]",
        ],
    );
    // (The tag input is given its words once: what it did with them is the page's.)
    assert_eq!(
        held.ok()["value"],
        serde_json::json!(["2026-12-24", "(555) 123-4567", ["a"], "b", "alpha"])
    );
}

/// `--text` takes whole words: `element click --text New` while the menu item "New" was still
/// closed clicked the checkbox "Send me news" (a warning said another matched). A match inside
/// a longer word does not count where the text has spaces between its words; in Japanese, with
/// none, a part of the words still does.
#[test]
fn a_text_target_is_whole_words() {
    let server = HttpServer::start();
    server.page(
        "/words",
        "Words",
        "<label><input type=checkbox id=news> Send me news</label>
         <button id=folder onclick=\"this.dataset.hit = 1\">New folder</button>
         <button id=save onclick=\"this.dataset.hit = 1\">保存する</button>",
    );
    let env = TestEnv::new();
    env.ctx("t", &["page", "open", &server.url("/words")]).ok();
    env.ctx("t", &["element", "click", "--text", "new"]).ok();
    env.ctx("t", &["element", "click", "--text", "保存"]).ok();
    let read = env.ctx(
        "t",
        &[
            "runtime",
            "eval",
            "[news.checked, folder.dataset.hit, save.dataset.hit]",
        ],
    );
    assert_eq!(read.ok()["value"], serde_json::json!([false, "1", "1"]));
    env.ctx("t", &["element", "click", "--text", "ews"])
        .err("ELEMENT_NOT_FOUND", 3);
}
