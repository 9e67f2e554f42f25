//! Launch flags for automation (issue 7 item 3), each checked by its effect in the browser
//! cdt launches (docs/chromium-flags.md).

use std::time::Duration;

use cdt_e2e::{HttpServer, TestEnv, eventually};
use serde_json::Value;

fn pages(env: &TestEnv) -> Vec<Value> {
    env.ctx("f", &["page", "list"]).json["data"]["pages"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

fn server() -> HttpServer {
    let server = HttpServer::start();
    server.page("/popup.html", "Popup", "popup");
    // Opens a popup from a timer on load, and another on mouse-over: neither has a user
    // activation, so a default browser blocks both.
    server.page(
        "/opener.html",
        "Opener",
        "<div id=h onmouseover=\"window.open('/popup.html?hover')\" style='width:300px;height:300px'>hover me</div>
         <script>setTimeout(() => window.open('/popup.html?onload'), 10)</script>",
    );
    server.page(
        "/counter.html",
        "Counter",
        "<script>window.ticks = 0; setInterval(() => window.ticks++, 10)</script>",
    );
    server
}

#[test]
fn popups_opened_by_script_appear_in_page_list_and_in_new_pages() {
    let server = server();
    let env = TestEnv::new();
    env.ctx("f", &["page", "open", &server.url("/opener.html")])
        .ok();
    let opened = eventually(Duration::from_secs(10), || {
        pages(&env).iter().any(|p| {
            p["url"]
                .as_str()
                .unwrap_or("")
                .ends_with("/popup.html?onload")
        })
    });
    assert!(opened, "the script's popup was blocked: {:?}", pages(&env));
    env.ctx("f", &["page", "use", "1"]).ok();
    let hover = env.ctx("f", &["element", "hover", "--selector", "#h"]);
    let new_pages = hover.ok()["newPages"].as_array().unwrap().clone();
    assert_eq!(new_pages.len(), 1, "{}", hover.stdout);
    let id = new_pages[0].clone();
    assert!(eventually(Duration::from_secs(10), || pages(&env)
        .iter()
        .any(
            |p| p["id"] == id && p["url"].as_str().unwrap_or("").ends_with("?hover")
        )));
}

#[test]
fn a_background_page_timers_are_not_throttled() {
    let server = server();
    let env = TestEnv::new();
    env.ctx("f", &["page", "open", "about:blank"]).ok();
    let opened = env.ctx(
        "f",
        &["page", "open", "--background", &server.url("/counter.html")],
    );
    let id = opened.ok()["id"].to_string();
    // The page is in the background; let its 10 ms interval run for a while.
    let start = env
        .ctx("f", &["runtime", "eval", "ticks", "--page", &id])
        .ok()["value"]
        .as_u64()
        .unwrap();
    std::thread::sleep(Duration::from_millis(2000));
    let end = env
        .ctx("f", &["runtime", "eval", "ticks", "--page", &id])
        .ok()["value"]
        .as_u64()
        .unwrap();
    // Throttled, a hidden page's timers run about once a second (≈ 2 ticks here); unthrottled
    // about a hundred times a second. The bar is far from both.
    assert!(
        end - start > 40,
        "background timers were throttled: {start} → {end}"
    );
    assert_eq!(pages(&env)[0]["current"], true, "page 1 stayed in front");
}

#[test]
fn a_fresh_browser_shows_no_first_run_page() {
    let env = TestEnv::new();
    env.ctx("f", &["session", "start"]).ok();
    std::thread::sleep(Duration::from_millis(500));
    let list = pages(&env);
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(list[0]["url"], "about:blank");
}
