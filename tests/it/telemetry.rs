//! Telemetry that loses nothing: console, network, bodies, HAR and the raw event observer,
//! from pages, a cross-origin iframe and a WebSocket, all served on 127.0.0.1.

use std::collections::BTreeSet;
use std::time::Duration;

use cdt_e2e::{HttpServer, TestEnv, eventually};
use serde_json::Value;

/// Bytes that are not UTF-8, so Chrome hands the body over base64-encoded.
const PIXEL: [u8; 8] = [0x89, b'P', b'N', b'G', 0x00, 0xff, 0xfe, 0x01];
const DATA: &str = "{\"ok\":true,\"items\":[1,2,3],\"name\":\"caf\u{e9}\"}";

pub(crate) fn fixture() -> HttpServer {
    let server = HttpServer::start();
    server.raw("/api/data", "application/json", DATA);
    server.raw("/api/frame-data", "application/json", "{\"frame\":true}");
    server.raw(
        "/frame.html",
        "text/html",
        "<script>console.log('frame says hi'); fetch('/api/frame-data')</script>",
    );
    server.bytes("/pixel.bin", "application/octet-stream", &PIXEL);
    server.redirect("/api/old", "/api/data");
    server.raw("/api/worker-data", "application/json", "{\"worker\":true}");
    server.raw(
        "/worker.js",
        "application/javascript",
        "console.log('worker says hi'); fetch('/api/worker-data');",
    );
    let frame = server.other_origin_url("/frame.html");
    let ws = format!("ws://127.0.0.1:{}/ws", server.port);
    let script = format!(
        "<script>
        console.log('log line', 1); console.info('info line'); console.warn('warn line');
        console.error('error line'); console.debug('debug line');
        fetch('/api/data').then(r => r.json()).then(j => console.log('data ok', j.ok));
        fetch('/api/echo', {{ method: 'POST', headers: {{ 'Content-Type': 'application/json', 'Authorization': 'Bearer secret-token' }}, body: JSON.stringify({{ hello: 'world' }}) }});
        const ws = new WebSocket('{ws}'); ws.onopen = () => ws.send('ping'); ws.onmessage = e => console.log('ws got', e.data);
        setTimeout(() => {{ throw new Error('boom from page') }}, 0);
        new Worker('/worker.js'); fetch('/pixel.bin'); fetch('/api/old');
        </script><img src='/missing.png'><iframe src='{frame}'></iframe>"
    );
    server.page("/app.html", "Telemetry", &script);
    server
}

fn texts(run: &cdt_e2e::Run) -> Vec<String> {
    run.json["data"]["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|m| {
            format!(
                "{} {}",
                m["type"].as_str().unwrap_or(""),
                m["text"].as_str().unwrap_or("")
            )
        })
        .collect()
}

fn requests(env: &TestEnv) -> Vec<Value> {
    env.ctx("tel", &["network", "list"]).json["data"]["requests"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

fn find<'a>(list: &'a [Value], url_end: &str, method: &str) -> Option<&'a Value> {
    list.iter()
        .find(|r| r["url"].as_str().is_some_and(|u| u.ends_with(url_end)) && r["method"] == method)
}

#[test]
fn console_network_iframe_and_websocket_are_all_recorded() {
    let server = fixture();
    let env = TestEnv::new();
    env.ctx("tel", &["page", "open", &server.url("/app.html")])
        .ok();

    let expected = [
        "log log line 1",
        "info info line",
        "warn warn line",
        "error error line",
        "debug debug line",
        "log data ok true",
        "log frame says hi",
        "log ws got echo:ping",
        "log ws got hello from server",
        "log worker says hi",
    ];
    let mut seen = Vec::new();
    let complete = eventually(Duration::from_secs(15), || {
        seen = texts(&env.ctx("tel", &["console", "list"]));
        expected.iter().all(|e| seen.iter().any(|s| s == e))
            && seen
                .iter()
                .any(|s| s.starts_with("exception Error: boom from page"))
    });
    assert!(complete, "missing console messages; saw {seen:#?}");
    assert!(
        seen.iter()
            .any(|s| s.starts_with("error Failed to load resource") && s.contains("404")),
        "{seen:#?}"
    );
    let errors = texts(&env.ctx("tel", &["console", "list", "--type", "error,exception"]));
    assert!(
        errors
            .iter()
            .all(|e| e.starts_with("error") || e.starts_with("exception")),
        "{errors:?}"
    );

    let mut list = Vec::new();
    let complete = eventually(Duration::from_secs(15), || {
        list = requests(&env);
        find(&list, "/api/data", "GET")
            .is_some_and(|r| r["status"] == 200 && r.get("bytes").is_some())
            && find(&list, "/api/echo", "POST").is_some_and(|r| r["status"] == 200)
            && find(&list, "/missing.png", "GET").is_some_and(|r| r["status"] == 404)
            && find(&list, "/ws", "GET").is_some_and(|r| r["type"] == "websocket")
            && find(&list, "/frame.html", "GET")
                .is_some_and(|r| r["type"] == "document" && r["status"] == 200)
            && find(&list, "/api/frame-data", "GET")
                .is_some_and(|r| r["target"] == "iframe" && r["status"] == 200)
            && find(&list, "/pixel.bin", "GET").is_some_and(|r| r.get("bytes").is_some())
            && list
                .iter()
                .filter(|r| {
                    r["url"].as_str().is_some_and(|u| u.ends_with("/api/data"))
                        && r["status"] == 200
                })
                .count()
                == 2
            && find(&list, "/api/worker-data", "GET")
                // Chromium reports a dedicated worker's fetch on the worker's session or the page's.
                .is_some_and(|r| {
                    (r["target"] == "worker" || r["target"].is_null())
                        && r["page"] == 1
                        && r["status"] == 200
                })
    });
    assert!(complete, "missing requests: {list:#?}");

    // Bodies byte for byte, secrets redacted unless asked for.
    let data_id = find(&list, "/api/data", "GET").unwrap()["id"]
        .as_u64()
        .unwrap()
        .to_string();
    let body = env.ctx("tel", &["network", "body", &data_id]);
    assert_eq!(body.ok()["body"], DATA);
    let echo_id = find(&list, "/api/echo", "POST").unwrap()["id"]
        .as_u64()
        .unwrap()
        .to_string();
    let echo = env.ctx("tel", &["network", "get", &echo_id]);
    let echo = echo.ok();
    assert_eq!(
        echo["requestHeaders"]["Authorization"], "<redacted>",
        "{echo}"
    );
    assert_eq!(echo["requestBodyPreview"], "{\"hello\":\"world\"}");
    let secret = env.ctx("tel", &["network", "get", &echo_id, "--include-secrets"]);
    assert_eq!(
        secret.ok()["requestHeaders"]["Authorization"],
        "Bearer secret-token"
    );
    let pixel_id = find(&list, "/pixel.bin", "GET").unwrap()["id"]
        .as_u64()
        .unwrap()
        .to_string();
    let pixel = env.ctx("tel", &["network", "body", &pixel_id]);
    assert_eq!(pixel.ok()["base64Encoded"], true);
    let pixel_file = env.home.with_extension("pixel");
    env.ctx(
        "tel",
        &[
            "network",
            "body",
            &pixel_id,
            "--file",
            pixel_file.to_str().unwrap(),
        ],
    )
    .ok();
    assert_eq!(std::fs::read(&pixel_file).unwrap(), PIXEL);
    let _ = std::fs::remove_file(pixel_file);
    let request_body = env.ctx("tel", &["network", "body", &echo_id, "--request"]);
    assert_eq!(request_body.ok()["body"], "{\"hello\":\"world\"}");
    let ws_id = find(&list, "/ws", "GET").unwrap()["id"]
        .as_u64()
        .unwrap()
        .to_string();
    let frames = env.ctx("tel", &["network", "get", &ws_id]);
    let frames = frames.ok()["frames"].to_string();
    assert!(
        frames.contains("ping") && frames.contains("hello from server"),
        "{frames}"
    );

    // The raw event stream carries no secrets either (ExtraInfo events hold raw cookie headers).
    let all_events = env.ctx("tel", &["events", "read", "--limit", "10000"]);
    assert!(
        all_events.ok()["events"]
            .as_array()
            .is_some_and(|e| e.len() > 20)
    );
    let leaks: Vec<&Value> = all_events.json["data"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e.to_string().contains("secret-token") || e.to_string().contains("abc123"))
        .collect();
    assert!(leaks.is_empty(), "events leak secrets: {leaks:#?}");
    let request_events = env.ctx(
        "tel",
        &[
            "events", "read", "--limit", "10000", "--kinds", "request", "--method", "POST",
        ],
    );
    assert_eq!(request_events.ok()["events"][0]["method"], "POST");

    // A redirect chain is kept on the final request.
    let redirected = list.iter().find(|r| {
        r["url"].as_str().is_some_and(|u| u.ends_with("/api/data"))
            && r["id"].as_u64().unwrap().to_string() != data_id
    });
    let redirected_id = redirected.expect("no record for the redirected fetch")["id"]
        .as_u64()
        .unwrap()
        .to_string();
    let hops = env.ctx("tel", &["network", "get", &redirected_id]);
    let hops = hops.ok()["redirects"].clone();
    assert_eq!(hops[0]["status"], 302, "{hops}");
    assert_eq!(hops[0]["location"], "/api/data");
    assert!(hops[0]["url"].as_str().unwrap().ends_with("/api/old"));

    // Filters of the list.
    let failed_or_4xx = env.ctx("tel", &["network", "list", "--status", "4xx"]);
    let urls: Vec<String> = failed_or_4xx.ok()["requests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["url"].as_str().unwrap().to_string())
        .collect();
    assert!(
        urls.iter()
            .all(|u| u.ends_with("/missing.png") || u.ends_with("/favicon.ico")),
        "{urls:?}"
    );
    let posts = env.ctx("tel", &["network", "list", "--method", "POST"]);
    assert_eq!(posts.ok()["requests"].as_array().unwrap().len(), 1);

    // Errors of this area.
    env.ctx("tel", &["network", "get", "99999"])
        .err("NETWORK_REQUEST_NOT_FOUND", 3);
    env.ctx("tel", &["console", "get", "99999"])
        .err("CONSOLE_MESSAGE_NOT_FOUND", 3);
    env.ctx("tel", &["network", "body", &data_id, "--request"])
        .err("BODY_NOT_AVAILABLE", 3);
    let first = env.ctx("tel", &["console", "list", "--limit", "1"]);
    let message_id = first.ok()["messages"][0]["id"]
        .as_u64()
        .unwrap()
        .to_string();
    let detail = env.ctx("tel", &["console", "get", &message_id]);
    assert!(detail.ok().get("args").is_some());
}

#[test]
fn har_lists_every_request_and_parses_as_har_1_2() {
    let server = fixture();
    let env = TestEnv::new();
    env.ctx("tel", &["page", "open", &server.url("/app.html")])
        .ok();
    let mut list = Vec::new();
    let complete = eventually(Duration::from_secs(15), || {
        list = requests(&env);
        find(&list, "/api/frame-data", "GET").is_some()
            && find(&list, "/api/worker-data", "GET").is_some_and(|r| r.get("bytes").is_some())
            && list
                .iter()
                .filter(|r| r["url"].as_str().is_some_and(|u| u.ends_with("/api/data")))
                .count()
                == 2
            && find(&list, "/api/echo", "POST").is_some_and(|r| r["status"] == 200)
    });
    let everything = env.ctx("tel", &["network", "list", "--preserved"]).stdout;
    assert!(complete, "missing requests: {list:#?}\nall: {everything}");
    let har_path = env.home.with_extension("har");
    let written = env.ctx("tel", &["network", "har", har_path.to_str().unwrap()]);
    let entries = written.ok()["entries"].as_u64().unwrap();
    let har: Value = serde_json::from_slice(&std::fs::read(&har_path).unwrap()).unwrap();
    assert_eq!(har["log"]["version"], "1.2");
    assert_eq!(har["log"]["creator"]["name"], "cdt");
    let har_entries = har["log"]["entries"].as_array().unwrap();
    assert_eq!(har_entries.len() as u64, entries);
    for entry in har_entries {
        for key in [
            "startedDateTime",
            "time",
            "request",
            "response",
            "cache",
            "timings",
        ] {
            assert!(entry.get(key).is_some(), "entry without {key}: {entry}");
        }
        assert!(entry["request"]["headers"].is_array() && entry["response"]["content"].is_object());
    }
    let urls: BTreeSet<String> = har_entries
        .iter()
        .map(|e| e["request"]["url"].as_str().unwrap().to_string())
        .collect();
    // Every request listed before the HAR was written is in it.
    for listed in &list {
        let url = listed["url"].as_str().unwrap();
        assert!(urls.contains(url), "{url} missing from the HAR");
    }
    let echo = har_entries
        .iter()
        .find(|e| e["request"]["url"].as_str().unwrap().ends_with("/api/echo"))
        .unwrap();
    let authorization: Vec<&Value> = echo["request"]["headers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| {
            h["name"]
                .as_str()
                .unwrap()
                .eq_ignore_ascii_case("authorization")
        })
        .collect();
    assert!(
        !authorization.is_empty() && authorization.iter().all(|h| h["value"] == "<redacted>"),
        "{authorization:?}"
    );
    let set_cookie = har_entries
        .iter()
        .flat_map(|e| e["response"]["headers"].as_array().unwrap().iter())
        .filter(|h| {
            h["name"]
                .as_str()
                .unwrap()
                .eq_ignore_ascii_case("set-cookie")
        });
    let set_cookie: Vec<&Value> = set_cookie.collect();
    assert!(
        !set_cookie.is_empty() && set_cookie.iter().all(|h| h["value"] == "<redacted>"),
        "{set_cookie:?}"
    );
    // A redirect is two entries: the 302 hop with its redirectURL, then the final response.
    let hop = har_entries
        .iter()
        .find(|e| e["request"]["url"].as_str().unwrap().ends_with("/api/old"))
        .expect("no entry for the redirect hop");
    assert_eq!(
        (
            hop["response"]["status"].clone(),
            hop["response"]["redirectURL"].clone()
        ),
        (Value::from(302), Value::from("/api/data"))
    );
    let _ = std::fs::remove_file(har_path);
}

#[test]
fn waits_return_what_arrives_after_they_were_called() {
    let server = HttpServer::start();
    server.raw("/api/late", "application/json", "{\"late\":true}");
    server.page(
        "/later.html",
        "Later",
        "<script>console.log('tick early'); fetch('/api/late?early'); setTimeout(() => { console.log('tick later'); fetch('/api/late?second') }, 1500)</script>",
    );
    let env = TestEnv::new();
    env.ctx("w", &["page", "open", &server.url("/later.html")])
        .ok();
    let console = env.ctx(
        "w",
        &[
            "console",
            "wait",
            "--pattern",
            "^tick",
            "--timeout",
            "10000",
        ],
    );
    assert_eq!(console.ok()["text"], "tick later");
    // Let the early request finish first: a wait also accepts requests already in flight.
    env.ctx(
        "w",
        &[
            "page",
            "navigate",
            &server.url("/later.html"),
            "--wait-until",
            "networkidle",
        ],
    )
    .ok();
    let network = env.ctx(
        "w",
        &[
            "network",
            "wait",
            "--url-includes",
            "/api/late",
            "--status",
            "2xx",
            "--timeout",
            "10000",
        ],
    );
    assert!(
        network.ok()["url"].as_str().unwrap().ends_with("?second"),
        "{}",
        network.stdout
    );
    // A request already under way when the wait starts still counts.
    server.slow_page("/api/slow", 1500);
    server.page(
        "/inflight.html",
        "In flight",
        "<script>fetch('/api/slow')</script>",
    );
    env.ctx("w", &["page", "navigate", &server.url("/inflight.html")])
        .ok();
    let slow = env.ctx(
        "w",
        &[
            "network",
            "wait",
            "--url-includes",
            "/api/slow",
            "--timeout",
            "10000",
        ],
    );
    assert!(
        slow.ok()["url"].as_str().unwrap().ends_with("/api/slow"),
        "{}",
        slow.stdout
    );
    // An offset from a previous buffer (e.g. before a daemon restart) restarts from the oldest event.
    let far = env.ctx(
        "w",
        &["events", "read", "--offset", "99999999", "--limit", "5"],
    );
    assert_eq!(far.ok()["reset"], true);
    assert!(!far.ok()["events"].as_array().unwrap().is_empty());
    let timeout = env.ctx(
        "w",
        &[
            "console",
            "wait",
            "--pattern",
            "never-logged",
            "--timeout",
            "500",
        ],
    );
    timeout.err("TIMEOUT", 4);
    env.ctx(
        "w",
        &[
            "console",
            "wait",
            "--pattern",
            "(unclosed",
            "--timeout",
            "500",
        ],
    )
    .err("VALIDATION_ERROR", 2);
}

#[test]
fn console_list_starts_fresh_after_a_navigation_unless_preserved() {
    let server = HttpServer::start();
    server.page("/one.html", "One", "<script>console.log('on one')</script>");
    server.page("/two.html", "Two", "<script>console.log('on two')</script>");
    let env = TestEnv::new();
    env.ctx("n", &["page", "open", &server.url("/one.html")])
        .ok();
    // `--type log`: the browser also reports the missing favicon as an error message.
    assert!(eventually(Duration::from_secs(10), || texts(
        &env.ctx("n", &["console", "list", "--type", "log"])
    )
    .contains(&"log on one".to_string())));
    env.ctx("n", &["page", "navigate", &server.url("/two.html")])
        .ok();
    assert!(eventually(Duration::from_secs(10), || texts(
        &env.ctx("n", &["console", "list", "--type", "log"])
    ) == vec![
        "log on two".to_string()
    ]));
    let preserved = texts(&env.ctx("n", &["console", "list", "--preserved", "--type", "log"]));
    assert_eq!(
        preserved,
        vec!["log on one".to_string(), "log on two".to_string()]
    );
    assert!(
        env.ctx("n", &["console", "clear"]).ok()["cleared"]
            .as_u64()
            .is_some_and(|n| n >= 2)
    );
    // (`--type log` again: the favicon's error may come after the clear, on a loaded host.)
    assert!(texts(&env.ctx("n", &["console", "list", "--preserved", "--type", "log"])).is_empty());
}
