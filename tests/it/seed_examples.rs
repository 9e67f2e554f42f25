//! Seed 000's printed examples (§16.1 and §16.3), run as printed: an agent that copies them
//! must succeed. Only what cannot be literal is substituted — the URL (a local page, never an
//! outside address) and the uids (`node-123` stands for a uid of the page; cdt's look like
//! `e5`, taken from the snapshot the way an agent would). `jq` filters are applied in Rust to
//! the very stdout the pipeline would feed them.

use cdt_e2e::{HttpServer, Run, TestEnv, uid_of};
use serde_json::Value;

/// The example's stdout is one JSON envelope and nothing else (stderr stays out of it).
fn envelope(run: &Run) -> &Value {
    assert!(
        run.json.is_object(),
        "stdout is not one JSON value: {:?}",
        run.stdout
    );
    assert_eq!(run.stdout.trim().lines().count(), 1, "{:?}", run.stdout);
    &run.json
}

fn server() -> HttpServer {
    let server = HttpServer::start();
    server.page(
        "/form.html",
        "Seed form",
        r#"<h1>Seed</h1><label>Name <input id="name"></label>
<button onclick="document.querySelector('h1').textContent = 'Hello ' + document.getElementById('name').value; fetch('/data.json')">Greet</button>"#,
    );
    server.raw("/data.json", "application/json", "{\"ok\":true}");
    server
}

#[test]
fn seed_16_1_examples_run_as_printed() {
    let env = TestEnv::new();
    let server = server();
    let url = server.url("/form.html");

    // cdt session start --headless --output json
    let started = env.run(&["session", "start", "--headless", "--output", "json"]);
    assert_eq!(envelope(&started)["ok"], true, "{started:#?}");
    // cdt page open --url https://example.com --output json
    let opened = env.run(&["page", "open", "--url", &url, "--output", "json"]);
    assert_eq!(opened.ok()["url"], url.as_str());
    // cdt page list --output text
    let listed = env.run(&["page", "list", "--output", "text"]);
    assert_eq!(listed.code, 0, "{listed:#?}");
    assert!(listed.stdout.contains("Seed form"), "{}", listed.stdout);
    // cdt page use --page 1
    let page_id = env.run(&["page", "list"]).ok()["pages"][0]["id"].clone();
    let used = env.run(&["page", "use", "--page", &page_id.to_string()]);
    assert_eq!(used.ok()["id"], page_id, "{used:#?}");
    // cdt runtime eval --function "() => document.title" --output json
    let title = env.run(&[
        "runtime",
        "eval",
        "--function",
        "() => document.title",
        "--output",
        "json",
    ]);
    assert_eq!(title.ok()["value"], "Seed form", "{title:#?}");
    // cdt element fill --uid node-123 --value "hello"
    let snapshot = env.run(&["capture", "snapshot"]).ok()["snapshot"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let field = uid_of(&snapshot, "textbox \"Name\"");
    let filled = env.run(&["element", "fill", "--uid", &field, "--value", "hello"]);
    assert_eq!(filled.ok()["action"], "fill", "{filled:#?}");
    // cdt element click --uid node-456
    let button = uid_of(&snapshot, "button \"Greet\"");
    let clicked = env.run(&["element", "click", "--uid", &button]);
    assert_eq!(clicked.ok()["action"], "click", "{clicked:#?}");
    // cdt capture snapshot --output json
    let after = env.run(&["capture", "snapshot", "--output", "json"]);
    assert!(
        after.ok()["snapshot"]
            .as_str()
            .is_some_and(|text| text.contains("Hello hello")),
        "{after:#?}"
    );
    // cdt page list --share-group qa-team --output json
    let shared = env.run(&[
        "page",
        "list",
        "--share-group",
        "qa-team",
        "--output",
        "json",
    ]);
    assert!(shared.ok()["pages"].is_array(), "{shared:#?}");
    // cdt session stop
    let stopped = env.run(&["session", "stop"]);
    assert_eq!(stopped.code, 0, "{stopped:#?}");
}

#[test]
fn seed_16_3_composable_examples_branch_on_json_and_exit_codes() {
    let env = TestEnv::new();
    let server = server();
    env.run(&["page", "open", &server.url("/form.html")]).ok();
    let snapshot = env.run(&["capture", "snapshot"]).ok()["snapshot"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    env.run(&["element", "click", &uid_of(&snapshot, "button \"Greet\"")])
        .ok();

    // PAGE_ID=$(cdt page list --output json | jq -r '.data.pages[0].id')
    let listed = env.run(&["page", "list", "--output", "json"]);
    let page_id = envelope(&listed)["data"]["pages"][0]["id"].to_string();
    assert!(page_id.parse::<u32>().is_ok(), "{listed:#?}");
    // cdt page use --page "$PAGE_ID" --output json
    let used = env.run(&["page", "use", "--page", &page_id, "--output", "json"]);
    assert_eq!(envelope(&used)["ok"], true, "{used:#?}");

    // cdt page use --page 999 --output json >/tmp/out.json; code=$?; [ "$code" -eq 3 ]
    let missing = env.run(&["page", "use", "--page", "999", "--output", "json"]);
    assert_eq!(missing.code, 3, "{missing:#?}");
    assert_eq!(envelope(&missing)["error"]["code"], "PAGE_NOT_FOUND");
    // then: cdt page list --output json | jq '.data.pages'
    let pages = env.run(&["page", "list", "--output", "json"]);
    assert!(
        envelope(&pages)["data"]["pages"]
            .as_array()
            .is_some_and(|p| !p.is_empty())
    );

    // cdt network list --fields id,url,status --output json | jq '.data.requests'
    let requests = env.run(&[
        "network",
        "list",
        "--fields",
        "id,url,status",
        "--output",
        "json",
    ]);
    let list = envelope(&requests)["data"]["requests"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(list.len() >= 2, "the page and its fetch: {requests:#?}");
    for request in &list {
        let keys: Vec<&String> = request
            .as_object()
            .map(|o| o.keys().collect())
            .unwrap_or_default();
        assert_eq!(keys, ["id", "status", "url"], "{request}");
    }
    assert!(
        list.iter()
            .any(|r| r["url"].as_str().is_some_and(|u| u.ends_with("/data.json")))
    );

    // A field that matches nothing is refused, naming the fields there are.
    let wrong = env.run(&["network", "list", "--fields", "id,colour"]);
    let error = wrong.err("VALIDATION_ERROR", 2);
    assert_eq!(error["details"]["unknown"], serde_json::json!(["colour"]));
    assert!(
        error["details"]["fields"]
            .as_array()
            .is_some_and(|fields| fields.contains(&Value::from("requests.status"))),
        "{wrong:#?}"
    );
}
