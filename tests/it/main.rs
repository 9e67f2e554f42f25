//! End-to-end tests: the real `cdt`, `cdt-daemon`, Unix socket and Chromium, against pages
//! served on 127.0.0.1. Every test has its own `CDT_HOME` (and so its own daemon).

#![allow(clippy::unwrap_used, clippy::print_stderr)]

mod accname;
mod agent_loop;
mod agent_loop_captures;
mod audit;
mod ax_probe;
mod concurrency;
mod contexts;
mod contract;
mod daemon;
mod defects;
mod doctor;
mod downloads;
mod drawers;
mod drawn_menus;
mod effects;
mod emulation;
mod events_ring;
mod faults;
mod flags;
mod fluent_components;
mod form_fields;
mod heap;
mod http;
mod lease;
mod limits;
mod markdown;
mod mcp;
mod mcp_watches;
mod mobile_components;
mod pages;
mod probe_world;
mod raw_cdp;
mod repl;
mod routes;
mod security;
mod seed_examples;
mod session;
mod shared;
mod snapshot_diff;
mod storage;
mod telemetry;
mod trace;
mod vaadin_components;
mod video;
mod web_components;

/// Fails when a test file in this folder is not wired in above.
#[test]
fn every_test_module_is_wired_in() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("it");
    let main = std::fs::read_to_string(dir.join("main.rs")).unwrap();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().to_string();
        if let Some(module) = name.strip_suffix(".rs").filter(|m| *m != "main") {
            assert!(
                main.contains(&format!("mod {module};")),
                "tests/it/{name} is not wired into main.rs"
            );
        }
    }
}
