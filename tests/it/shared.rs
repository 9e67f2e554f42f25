//! Shared browsers (issue 19): contexts in browser contexts of one Chromium. Two contexts on one
//! shared browser try to see each other through every channel; a context ends without a trace;
//! a shared browser that dies takes only its own contexts; which contexts share by default.

use std::io::Read;
use std::time::Duration;

use cdt_e2e::{HttpServer, Run, TestEnv, eventually, snapshot_with, uid_of};
use serde_json::Value;

const SHARED: (&str, &str) = ("CDT_BROWSER_MODE", "shared");

/// `CDT_CONTEXT_ID=<context> CDT_BROWSER_MODE=shared cdt args…`
fn sh(env: &TestEnv, context: &str, args: &[&str]) -> Run {
    env.run_with(args, &[("CDT_CONTEXT_ID", context), SHARED])
}

fn eval(env: &TestEnv, context: &str, expression: &str) -> Value {
    sh(env, context, &["runtime", "eval", expression, "--await"]).ok()["value"].clone()
}

fn app(server: &HttpServer) {
    server.page(
        "/app.html",
        "App",
        "<button id=b onclick=\"this.dataset.n=(+this.dataset.n||0)+1\">Only here</button>\
         <a href='/file.txt' download>Get file</a>",
    );
    server.raw("/file.txt", "text/plain", "file body");
    server.raw(
        "/sw.js",
        "text/javascript",
        "self.addEventListener('fetch', () => {});",
    );
    server.cacheable(
        "/cached.js",
        "text/javascript",
        "window.cachedLoaded = true;",
    );
    server.raw("/only-a.json", "application/json", "{\"a\":1}");
}

#[test]
fn two_contexts_on_one_shared_browser_see_nothing_of_each_other() {
    let server = HttpServer::start();
    app(&server);
    let env = TestEnv::new();
    let url = server.url("/app.html");
    sh(&env, "a", &["page", "open", &url]).ok();
    sh(&env, "b", &["page", "open", &url]).ok();

    // One Chromium, two browser contexts, no profile on disk.
    let (a, b) = (
        sh(&env, "a", &["session", "status"]).ok().clone(),
        sh(&env, "b", &["session", "status"]).ok().clone(),
    );
    let (a_browser, b_browser) = (&a["session"]["browser"], &b["session"]["browser"]);
    assert_eq!(a_browser["mode"], "shared", "{a}");
    assert_eq!(a_browser["pid"], b_browser["pid"]);
    assert_eq!(
        a_browser["shared"]["browser"],
        b_browser["shared"]["browser"]
    );
    assert_ne!(
        a_browser["shared"]["browserContextId"],
        b_browser["shared"]["browserContextId"]
    );
    assert_eq!(b_browser["shared"]["contexts"], 2, "{b}");
    assert!(a["session"]["profileDir"].is_null(), "{a}");

    // Storage of every kind, written by a on the same origin b uses.
    let written = eval(
        &env,
        "a",
        "(async () => {
            document.cookie = 'a_only=1';
            localStorage.setItem('k', 'a');
            sessionStorage.setItem('k', 'a');
            await new Promise((ok, ko) => { const r = indexedDB.open('adb', 1);
                r.onupgradeneeded = () => r.result.createObjectStore('s');
                r.onsuccess = () => { r.result.close(); ok(); }; r.onerror = ko; });
            await (await caches.open('acache')).put('/x', new Response('x'));
            await navigator.serviceWorker.register('/sw.js');
            await navigator.serviceWorker.ready;
            console.log('secret-from-a');
            await fetch('/only-a.json');
            return 'done';
        })()",
    );
    assert_eq!(written, "done");
    let seen = eval(
        &env,
        "b",
        "(async () => JSON.stringify({
            cookie: document.cookie.includes('a_only'),
            local: localStorage.getItem('k'),
            session: sessionStorage.getItem('k'),
            idb: (await indexedDB.databases()).map(d => d.name),
            caches: await caches.keys(),
            workers: (await navigator.serviceWorker.getRegistrations()).length,
        }))()",
    );
    assert_eq!(
        seen,
        "{\"cookie\":false,\"local\":null,\"session\":null,\"idb\":[],\"caches\":[],\"workers\":0}"
    );
    let a_cookies = sh(&env, "a", &["storage", "cookies", "list"])
        .ok()
        .to_string();
    let b_cookies = sh(&env, "b", &["storage", "cookies", "list"])
        .ok()
        .to_string();
    assert!(a_cookies.contains("a_only"), "{a_cookies}");
    assert!(!b_cookies.contains("a_only"), "{b_cookies}");

    // Telemetry: a's console message and request are a's only.
    let a_console = sh(&env, "a", &["console", "list"]).ok().to_string();
    assert!(a_console.contains("secret-from-a"), "{a_console}");
    let b_console = sh(&env, "b", &["console", "list"]).ok().to_string();
    assert!(!b_console.contains("secret-from-a"), "{b_console}");
    let b_network = sh(&env, "b", &["network", "list"]).ok().to_string();
    assert!(!b_network.contains("only-a.json"), "{b_network}");
    let b_events = sh(&env, "b", &["events", "read", "--limit", "1000"])
        .ok()
        .to_string();
    assert!(
        !b_events.contains("only-a.json") && !b_events.contains("secret-from-a"),
        "{b_events}"
    );

    // Permissions: a's geolocation grant is not b's.
    sh(
        &env,
        "a",
        &["emulation", "set", "--geolocation", "48.85,2.35"],
    )
    .ok();
    let query = "navigator.permissions.query({name: 'geolocation'}).then(p => p.state)";
    assert_eq!(eval(&env, "a", query), "granted");
    assert_eq!(eval(&env, "b", query), "prompt");
    // Emulation: a's user agent is not b's.
    sh(&env, "a", &["emulation", "set", "--user-agent", "AgentA/1"]).ok();
    assert_eq!(eval(&env, "a", "navigator.userAgent"), "AgentA/1");
    assert_ne!(eval(&env, "b", "navigator.userAgent"), "AgentA/1");

    // HTTP cache: each browser context has its own.
    let load = "new Promise(ok => { const s = document.createElement('script'); s.src = '/cached.js'; s.onload = () => ok(true); document.head.append(s); })";
    eval(&env, "a", load);
    eval(&env, "a", "location.reload(); 1");
    sh(&env, "a", &["page", "wait-text", "Only here"]).ok();
    eval(&env, "a", load);
    assert_eq!(
        server.hits("/cached.js"),
        1,
        "a's second load comes from its cache"
    );
    eval(&env, "b", load);
    assert_eq!(server.hits("/cached.js"), 2, "b does not read a's cache");

    // Pages and uids: b lists only its page; a's uids mean nothing in b, never a's elements.
    sh(&env, "a", &["page", "open", &server.url("/")]).ok();
    let b_pages = sh(&env, "b", &["page", "list"]).ok()["pages"].clone();
    assert_eq!(b_pages.as_array().map(Vec::len), Some(1), "{b_pages}");
    sh(&env, "a", &["page", "use", "1"]).ok();
    let a_snapshot = snapshot_with(&env, &[("CDT_CONTEXT_ID", "a"), SHARED]);
    let button = uid_of(&a_snapshot, "button \"Only here\"");
    sh(&env, "b", &["element", "click", &button]).err("ELEMENT_NOT_FOUND", 3);
    assert_eq!(
        eval(&env, "a", "document.getElementById('b').dataset.n || '0'"),
        "0"
    );

    // Downloads: a's file is a's.
    let link = uid_of(&a_snapshot, "link \"Get file\"");
    let clicked = sh(&env, "a", &["element", "click", &link]).ok().clone();
    assert_eq!(clicked["downloads"][0]["state"], "completed", "{clicked}");
    let b_downloads = sh(&env, "b", &["downloads", "list"]).ok()["downloads"].clone();
    assert_eq!(b_downloads, Value::Array(Vec::new()), "{b_downloads}");

    // Dialogs: a's open alert neither shows in b nor blocks it.
    eval(&env, "a", "setTimeout(() => alert('a-dialog'), 300); 1");
    assert!(eventually(Duration::from_secs(5), || {
        sh(&env, "a", &["dialog", "status"])
            .stdout
            .contains("a-dialog")
    }));
    let b_dialog = sh(&env, "b", &["dialog", "status"]).ok().to_string();
    assert!(!b_dialog.contains("a-dialog"), "{b_dialog}");
    assert_eq!(eval(&env, "b", "1 + 1"), 2);

    // Raw CDP on the browser shows b its own targets only, and refuses what would reach a.
    let targets = sh(
        &env,
        "b",
        &["cdp", "send", "--browser", "Target.getTargets"],
    )
    .ok()
    .to_string();
    assert!(!targets.contains(&server.url("/\"")), "{targets}");
    assert_eq!(targets.matches("\"type\":\"page\"").count(), 1, "{targets}");
}

#[test]
fn a_trace_in_a_shared_browser_holds_only_its_own_context() {
    let server = HttpServer::start();
    server.page("/mine.html", "Mine", "<p>mine</p>");
    server.page("/theirs-secret.html", "Theirs", "<p>theirs</p>");
    let env = TestEnv::new();
    sh(&env, "a", &["page", "open", &server.url("/mine.html")]).ok();
    sh(&env, "b", &["page", "open", "about:blank"]).ok();
    sh(&env, "a", &["trace", "start"]).ok();
    sh(&env, "b", &["trace", "start"]).err("TRACE_ALREADY_RUNNING", 5);
    sh(
        &env,
        "b",
        &["page", "navigate", &server.url("/theirs-secret.html")],
    )
    .ok();
    sh(
        &env,
        "a",
        &["page", "navigate", &server.url("/mine.html?again")],
    )
    .ok();
    let dir = env.home.with_extension("out");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a.json.gz");
    sh(
        &env,
        "a",
        &["trace", "stop", "--file", file.to_str().unwrap()],
    )
    .ok();
    let mut json = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(&file).unwrap())
        .read_to_string(&mut json)
        .unwrap();
    assert!(
        json.contains("mine.html?again"),
        "a's own navigation is in its trace"
    );
    assert!(
        !json.contains("theirs-secret"),
        "b's page leaked into a's trace"
    );
    let insights = sh(&env, "a", &["trace", "insight"]).ok().to_string();
    assert!(insights.contains("mine.html"), "{insights}");
}

#[test]
fn a_stopped_shared_context_leaves_nothing_and_a_dead_shared_browser_only_its_own() {
    let server = HttpServer::start();
    let env = TestEnv::new();
    for context in ["a", "b", "c"] {
        sh(&env, context, &["page", "open", &server.url("/")]).ok();
    }
    env.ctx("d", &["page", "open", &server.url("/")]).ok();
    let status = sh(&env, "a", &["session", "status"]).ok().clone();
    let shared_pid = status["session"]["browser"]["pid"].as_u64().unwrap() as u32;
    assert_eq!(status["session"]["browser"]["shared"]["contexts"], 3);

    // Stopping a disposes its browser context: the others go on, nothing of a stays on disk.
    sh(&env, "a", &["session", "stop"]).ok();
    let b = sh(&env, "b", &["session", "status", "--verbose"])
        .ok()
        .clone();
    assert_eq!(b["session"]["browser"]["shared"]["contexts"], 2, "{b}");
    assert_eq!(b["memory"]["contextsInBrowser"], 2, "{b}");
    assert!(
        b["memory"]["contextPssKib"].as_u64().is_some_and(|k| k > 0),
        "{b}"
    );
    let contexts = std::fs::read_dir(env.home.join("contexts")).unwrap();
    for context in contexts.flatten() {
        let profile = context.path().join("chrome-profile");
        let named_d = std::fs::read_to_string(context.path().join("metadata.json"))
            .unwrap_or_default()
            .contains("CDT_CONTEXT_ID=d");
        assert!(named_d || !profile.exists(), "{} exists", profile.display());
    }

    // The shared browser dies: b and c report it, d (a browser of its own) does not notice.
    assert_eq!(env.kill_browser("b"), shared_pid);
    for context in ["b", "c"] {
        let run = sh(&env, context, &["page", "list"]);
        run.ok();
        assert!(run.stdout.contains("BROWSER_RESTARTED"), "{}", run.stdout);
        assert!(
            run.stdout.contains(&server.url("/")),
            "names its lost page: {}",
            run.stdout
        );
    }
    let d = env.ctx("d", &["page", "list"]);
    assert!(!d.stdout.contains("BROWSER_RESTARTED"), "{}", d.stdout);
    assert!(d.ok()["pages"].to_string().contains(&server.url("/")));
}

#[test]
fn who_shares_by_default_and_how_to_ask() {
    let server = HttpServer::start();
    let env = TestEnv::new();
    // A process-keyed context (no name) shares; a named one keeps a browser of its own.
    env.run(&["page", "open", &server.url("/")]).ok();
    let unnamed = env.run(&["session", "status"]).ok().clone();
    assert_eq!(unnamed["session"]["browser"]["mode"], "shared", "{unnamed}");
    env.ctx("named", &["page", "open", &server.url("/")]).ok();
    let named = env.ctx("named", &["session", "status"]).ok().clone();
    assert_eq!(named["session"]["browser"]["mode"], "dedicated", "{named}");
    // Asked for either way, by flag or environment.
    let started = env.ctx("flag", &["session", "start", "--browser-mode", "shared"]);
    assert_eq!(started.ok()["session"]["browser"]["mode"], "shared");
    let dedicated = env.run_with(
        &["session", "start"],
        &[("CDT_CONTEXT_ID", "env"), ("CDT_BROWSER_MODE", "dedicated")],
    );
    assert_eq!(dedicated.ok()["session"]["browser"]["mode"], "dedicated");
    // Bad requests say how to fix them.
    let bad = env.run_with(
        &["page", "list"],
        &[("CDT_CONTEXT_ID", "bad"), ("CDT_BROWSER_MODE", "both")],
    );
    let error = bad.err("VALIDATION_ERROR", 2);
    assert!(error.to_string().contains("CDT_BROWSER_MODE"), "{error}");
    let headed = env.ctx(
        "headed",
        &["session", "start", "--headed", "--browser-mode", "shared"],
    );
    let error = headed.err("VALIDATION_ERROR", 2);
    assert!(error.to_string().contains("dedicated"), "{error}");
}

#[test]
fn shared_browsers_fill_up_the_next_starts_ahead_and_empty_ones_close() {
    let server = HttpServer::start();
    let env = TestEnv::new().with_env("CDT_CONTEXTS_PER_BROWSER", "2");
    let browser_of = |context: &str| {
        let status = sh(&env, context, &["session", "status"]).ok().clone();
        let shared = &status["session"]["browser"]["shared"];
        (
            shared["browser"].as_str().unwrap_or_default().to_string(),
            status["session"]["browser"]["pid"].as_u64().unwrap_or(0) as u32,
        )
    };
    for context in ["a", "b", "c"] {
        sh(&env, context, &["page", "open", &server.url("/")]).ok();
    }
    let (a, b, c) = (browser_of("a"), browser_of("b"), browser_of("c"));
    assert_eq!(a, b, "two contexts fill the first shared browser");
    assert_ne!(a, c, "the third goes to the next one");
    // Every context is in use: the browsers run; once all stop, none is left.
    for context in ["a", "b", "c"] {
        sh(&env, context, &["session", "stop"]).ok();
    }
    assert!(
        eventually(Duration::from_secs(10), || {
            let pids = env.browser_pids();
            !pids.contains(&a.1) && !pids.contains(&c.1)
        }),
        "shared browsers outlived their contexts: {:?}",
        env.browser_pids()
    );
    let shared_dirs = || {
        std::fs::read_dir(env.home.join("shared"))
            .map(|d| d.count())
            .unwrap_or(0)
    };
    assert!(
        eventually(Duration::from_secs(10), || shared_dirs() == 0),
        "a closed shared browser's profile is removed: {} left",
        shared_dirs()
    );
}
