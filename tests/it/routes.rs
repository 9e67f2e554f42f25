//! Request interception (issue 21.1), end to end on a real Chromium: routes that fulfill,
//! block, modify, delay and count; they survive navigation and reach new pages and workers;
//! removal lets held requests go; `network offline` on and off; bad routes are refused.

use cdt_e2e::{HttpServer, Run, TestEnv};
use serde_json::Value;

const CTX: &str = "routes";

fn eval(env: &TestEnv, expression: &str) -> Value {
    env.ctx(CTX, &["runtime", "eval", "--await", expression])
        .ok()["value"]
        .clone()
}

fn fetch_text(env: &TestEnv, path: &str) -> Value {
    eval(
        env,
        &format!("fetch('{path}').then(r => r.text()).catch(e => 'failed: ' + e.message)"),
    )
}

fn route(env: &TestEnv, args: &[&str]) -> Run {
    let mut all = vec!["network", "route"];
    all.extend_from_slice(args);
    env.ctx(CTX, &all)
}

fn server() -> HttpServer {
    let server = HttpServer::start();
    server.page("/app.html", "App", "<p id=out>app</p>");
    server.raw("/api/user", "application/json", "{\"name\":\"server\"}");
    server.raw("/api/slow", "text/plain", "slow");
    server.bytes("/pic.png", "image/png", &[0x89, b'P', b'N', b'G']);
    server.echo_headers("/headers");
    server
}

#[test]
fn routes_fulfill_block_modify_and_delay_and_are_counted() {
    let server = server();
    let env = TestEnv::new();
    env.ctx(CTX, &["page", "open", &server.url("/app.html")])
        .ok();
    assert_eq!(fetch_text(&env, "/api/user"), "{\"name\":\"server\"}");

    // Fulfill: the page sees the mocked JSON, with its type.
    let added = route(
        &env,
        &[
            "*/api/user",
            "--body",
            "{\"name\":\"Ada\"}",
            "--content-type",
            "application/json",
        ],
    );
    let data = added.ok().clone();
    assert_eq!(data["route"]["action"], "fulfill", "{data}");
    assert_eq!(data["route"]["id"], 1);
    assert_eq!(fetch_text(&env, "/api/user"), "{\"name\":\"Ada\"}");
    assert_eq!(
        eval(
            &env,
            "fetch('/api/user').then(r => r.status + ' ' + r.headers.get('content-type'))"
        ),
        "200 application/json"
    );

    // Block: the image fails with the reason given, and the route counts it.
    route(
        &env,
        &["*.png", "--action", "block", "--reason", "AccessDenied"],
    )
    .ok();
    let image = "new Promise(r => { const i = new Image(); i.onload = () => r('loaded'); i.onerror = () => r('error'); i.src = '/pic.png'; })";
    assert_eq!(eval(&env, image), "error");
    let failed = env.ctx(
        CTX,
        &["network", "list", "--failed", "--url-includes", "pic.png"],
    );
    let failed = failed.ok()["requests"].clone();
    assert!(
        failed.to_string().contains("ERR_ACCESS_DENIED"),
        "the block's reason shows in the network log: {failed}"
    );
    let routes = env.ctx(CTX, &["network", "routes"]).ok()["routes"].clone();
    let block = routes
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["action"] == "block")
        .unwrap();
    assert_eq!(block["matched"], 1, "{routes}");

    // Modify: a header set over the request's own reaches the server.
    route(&env, &["*/headers", "--header", "X-Cdt-Test: yes"]).ok();
    assert_eq!(
        eval(
            &env,
            "fetch('/headers').then(r => r.json()).then(h => h['x-cdt-test'])"
        ),
        "yes"
    );

    // Delay: held, then let through.
    route(&env, &["*/api/slow", "--delay", "1200"]).ok();
    let waited = eval(
        &env,
        "(async () => { const t = performance.now(); const body = await (await fetch('/api/slow')).text(); return [body, performance.now() - t]; })()",
    );
    assert_eq!(waited[0], "slow");
    assert!(waited[1].as_f64().unwrap() >= 1100.0, "held {waited}");
}

#[test]
fn routes_survive_navigation_reach_new_pages_and_workers_and_removal_lets_requests_go() {
    let server = server();
    let env = TestEnv::new();
    env.ctx(CTX, &["page", "open", &server.url("/app.html")])
        .ok();
    route(&env, &["*/api/user", "--body", "mocked"]).ok();
    env.ctx(CTX, &["page", "navigate", &server.url("/app.html?again")])
        .ok();
    assert_eq!(
        fetch_text(&env, "/api/user"),
        "mocked",
        "after a navigation"
    );
    env.ctx(CTX, &["page", "open", &server.url("/app.html")])
        .ok();
    assert_eq!(fetch_text(&env, "/api/user"), "mocked", "on a new page");
    let worker = format!(
        "new Promise(r => {{ const w = new Worker(URL.createObjectURL(new Blob([\"fetch('{}').then(x => x.text()).then(t => postMessage(t))\"]))); w.onmessage = e => r(e.data); }})",
        server.url("/api/user")
    );
    assert_eq!(eval(&env, &worker), "mocked", "in a worker");

    // A request held by a delay when its route goes is still answered.
    route(&env, &["*/api/slow", "--delay", "3000"]).ok();
    eval(
        &env,
        "window.held = fetch('/api/slow').then(r => r.text()); 1",
    );
    let removed = env.ctx(CTX, &["network", "unroute", "--all"]).ok().clone();
    assert_eq!(removed["removed"].as_array().unwrap().len(), 2, "{removed}");
    let held = env.ctx(
        CTX,
        &[
            "runtime",
            "eval",
            "--await",
            "window.held",
            "--timeout",
            "8000",
        ],
    );
    assert_eq!(held.ok()["value"], "slow");
    assert_eq!(fetch_text(&env, "/api/user"), "{\"name\":\"server\"}");
    assert_eq!(
        env.ctx(CTX, &["network", "routes"]).ok()["routes"],
        serde_json::json!([])
    );

    // Offline and back.
    env.ctx(CTX, &["network", "offline", "on"]).ok();
    let offline = fetch_text(&env, "/api/user");
    assert!(offline.as_str().unwrap().starts_with("failed"), "{offline}");
    env.ctx(CTX, &["network", "offline", "off"]).ok();
    assert_eq!(fetch_text(&env, "/api/user"), "{\"name\":\"server\"}");
}

#[test]
fn bad_routes_are_refused_with_a_fix_and_nothing_starts() {
    let env = TestEnv::new();
    route(&env, &["(", "--regex"]).err("VALIDATION_ERROR", 2);
    route(&env, &["*", "--action", "block", "--body", "x"]).err("VALIDATION_ERROR", 2);
    route(&env, &["*", "--action", "delay"]).err("VALIDATION_ERROR", 2);
    route(&env, &["*", "--header", "no colon"]).err("VALIDATION_ERROR", 2);
    route(&env, &["*", "--body-file", "/nonexistent/body.json"]).err("IO_ERROR", 6);
    env.ctx(CTX, &["network", "unroute"])
        .err("VALIDATION_ERROR", 2);
    assert!(
        env.browser_pids().is_empty(),
        "a refused route starts no browser"
    );
}
