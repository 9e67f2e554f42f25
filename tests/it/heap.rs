//! `runtime heap-snapshot` (issue 21.5) on a real Chromium: a snapshot DevTools can load (JSON
//! with `snapshot.meta`), a summary that names the constructor a page leaks and its detached
//! DOM node, and the growth since an earlier snapshot.

use cdt_e2e::{HttpServer, TestEnv};
use serde_json::Value;

#[test]
fn a_heap_snapshot_names_what_a_page_leaks_and_what_grew() {
    let server = HttpServer::start();
    server.page(
        "/leak.html",
        "Leak",
        "<script>class LeakyThing { constructor(i) { this.id = i; this.payload = new Array(50).fill(i); } }
window.leak = []; function grow() { for (let i = 0; i < 5000; i++) leak.push(new LeakyThing(i)); } grow();
const d = document.createElement('div'); d.innerHTML = '<span>gone</span>'; window.kept = d;</script>",
    );
    let env = TestEnv::new();
    env.ctx("heap", &["page", "open", &server.url("/leak.html")])
        .ok();
    std::fs::create_dir_all(&env.home).unwrap();
    let first = env.home.join("first.heapsnapshot");
    let taken = env.ctx(
        "heap",
        &[
            "runtime",
            "heap-snapshot",
            "--file",
            first.to_str().unwrap(),
        ],
    );
    let summary = taken.ok().clone();
    let loaded: Value = serde_json::from_slice(&std::fs::read(&first).unwrap()).unwrap();
    assert!(loaded["snapshot"]["meta"]["node_fields"].is_array());
    assert_eq!(summary["nodes"], loaded["snapshot"]["node_count"]);
    let leaky = summary["constructors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["constructor"] == "LeakyThing")
        .unwrap_or_else(|| panic!("LeakyThing is not among the top constructors: {summary}"));
    assert_eq!(leaky["count"], 5000);
    assert!(leaky["retainedSize"].as_u64().unwrap() >= leaky["selfSize"].as_u64().unwrap());
    assert!(
        summary["detachedDomNodes"].as_u64().unwrap() >= 1,
        "{summary}"
    );
    assert!(
        summary["detached"]
            .to_string()
            .to_lowercase()
            .contains("div"),
        "{summary}"
    );

    env.ctx("heap", &["runtime", "eval", "grow(); 1"]).ok();
    let compared = env.ctx(
        "heap",
        &[
            "runtime",
            "heap-snapshot",
            "--compare",
            first.to_str().unwrap(),
        ],
    );
    let compared = compared.ok().clone();
    let grown = &compared["compare"]["grown"];
    let leaky = grown
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["constructor"] == "LeakyThing")
        .unwrap_or_else(|| panic!("LeakyThing did not grow: {compared}"));
    assert_eq!(leaky["countDelta"], 5000);
    let default_file = compared["file"].as_str().unwrap();
    assert!(
        default_file.starts_with(env.home.to_str().unwrap())
            && default_file.ends_with(".heapsnapshot"),
        "{default_file}"
    );

    env.ctx(
        "heap",
        &[
            "runtime",
            "heap-snapshot",
            "--compare",
            "/nonexistent/x.heapsnapshot",
        ],
    )
    .err("IO_ERROR", 6);
}
