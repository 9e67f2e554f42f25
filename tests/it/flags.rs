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

#[test]
fn the_back_forward_cache_keeps_the_two_pages_left_last_and_no_more() {
    let server = HttpServer::start();
    for name in ["a", "b", "c", "d"] {
        server.page(
            &format!("/{name}.html"),
            name,
            &format!("<h1>Page {name}</h1>"),
        );
    }
    let env = TestEnv::new();
    // How a page came to show: `navigate` when it is the document first loaded (restored from
    // the back/forward cache as it was left), `back_forward` when history loaded it anew.
    let how = |env: &TestEnv| {
        let kind = "performance.getEntriesByType('navigation')[0].type";
        env.ctx("f", &["runtime", "eval", kind]).ok()["value"].clone()
    };
    // Whether a page left goes to the cache is Chromium's call (a loaded machine may time out
    // putting it there): tried until the two pages left last came back from it.
    let restored = (0..3).any(|_| {
        env.ctx("f", &["page", "open", &server.url("/a.html")]).ok();
        for page in ["/b.html", "/c.html", "/d.html"] {
            env.ctx("f", &["page", "navigate", &server.url(page)]).ok();
        }
        env.ctx("f", &["page", "back"]).ok();
        let c = how(&env) == "navigate";
        env.ctx("f", &["page", "back"]).ok();
        let both = c && how(&env) == "navigate";
        if !both {
            env.ctx("f", &["page", "close"]).ok();
        }
        both
    });
    assert!(restored, "the pages left last (c, b) were not kept");
    // Three steps back, a was no longer kept: with Chromium's default of six it would be.
    env.ctx("f", &["page", "back"]).ok();
    assert_eq!(
        env.ctx("f", &["runtime", "eval", "document.title"]).ok()["value"],
        "a"
    );
    assert_eq!(how(&env), "back_forward", "a came back from the cache");
}

#[test]
fn every_page_of_a_browser_has_the_same_viewport() {
    let server = HttpServer::start();
    server.page("/a.html", "A", "<h1>A</h1>");
    let env = TestEnv::new();
    let size = "[innerWidth, innerHeight].join('x')";
    env.ctx("f", &["page", "open", &server.url("/a.html")]).ok();
    let first = env.ctx("f", &["runtime", "eval", size]).ok()["value"].clone();
    env.ctx("f", &["page", "open", &server.url("/a.html?2")])
        .ok();
    let second = env.ctx("f", &["runtime", "eval", size]).ok()["value"].clone();
    // (Running as root, Chromium warns of --no-sandbox in an infobar over the first page
    // unless told this is automation.)
    assert_eq!(first, second);
}
