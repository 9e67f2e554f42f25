//! Leases: owner death, idle timeout and the slot limit end slots and their browsers.

use std::process::Command;
use std::time::Duration;

use cdt_e2e::{HttpServer, TestEnv, eventually};

#[test]
fn a_process_keyed_slot_ends_when_its_owner_exits() {
    let server = HttpServer::start();
    let env = TestEnv::new().with_env("CDT_JANITOR_INTERVAL_MS", "200");
    // A short-lived "agent" (python3) opens a page through a shell, then exits.
    let script = "import subprocess, os, json; out = subprocess.run(['sh', '-c', '\"$CDT\" page open \"$URL\" --verbose'], capture_output=True, text=True).stdout; print(json.loads(out)['meta']['context'])";
    let output = Command::new("python3")
        .args(["-c", script])
        .env("CDT", cdt_e2e::cdt_bin())
        .env("URL", server.url("/"))
        .env("CDT_HOME", &env.home)
        .envs(env.envs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .env_remove("CDT_CONTEXT_ID")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let key = String::from_utf8_lossy(&output.stdout).trim().to_string();
    let hash = key.trim_start_matches("ctx_").to_string();
    assert!(
        eventually(Duration::from_secs(15), || env.browser_pids().is_empty()),
        "browser outlived its owner: {:?}",
        env.browser_pids()
    );
    assert!(
        eventually(Duration::from_secs(5), || !env
            .home
            .join("contexts")
            .join(&hash)
            .exists()),
        "ephemeral context dir was not removed"
    );
}

#[test]
fn an_idle_slot_is_reaped_after_its_timeout() {
    let env = TestEnv::new()
        .with_env("CDT_IDLE_TIMEOUT_SECS", "1")
        .with_env("CDT_JANITOR_INTERVAL_MS", "200");
    env.ctx("idle", &["session", "start"]).ok();
    assert!(!env.browser_pids().is_empty());
    assert!(
        eventually(Duration::from_secs(15), || env.browser_pids().is_empty()),
        "idle browser still running"
    );
    let sessions = env.run(&["session", "list"]);
    assert!(sessions.ok()["sessions"].as_array().unwrap().is_empty());
    let profile = env.home.join("contexts");
    assert!(
        std::fs::read_dir(profile).unwrap().next().is_some(),
        "a named context keeps its profile"
    );
}

#[test]
fn past_the_slot_limit_the_least_recently_used_idle_slot_is_evicted() {
    let server = HttpServer::start();
    let env = TestEnv::new().with_env("CDT_MAX_SLOTS", "2");
    env.ctx("first", &["page", "open", &server.url("/")]).ok();
    env.ctx("second", &["page", "open", &server.url("/")]).ok();
    env.ctx("first", &["page", "list"]).ok();
    env.ctx("third", &["page", "open", &server.url("/")]).ok();
    let sessions = env.run(&["session", "list"]);
    let identities: Vec<String> = sessions.ok()["sessions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["identity"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(identities.len(), 2, "{identities:?}");
    assert!(
        !identities.iter().any(|i| i.ends_with("=second")),
        "the LRU slot survived: {identities:?}"
    );
}
