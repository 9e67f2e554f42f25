//! Automatic isolation: context keys, separate browsers and profiles, share groups, and the
//! process fingerprint through short-lived shells.

use std::process::Command;

use cdt_e2e::{HttpServer, TestEnv};
use serde_json::Value;

#[test]
fn two_contexts_get_two_browsers_and_do_not_see_each_others_pages() {
    let server = HttpServer::start();
    server.page("/x.html", "Page X", "<p>x</p>");
    let env = TestEnv::new();
    let opened = env.ctx("a", &["page", "open", &server.url("/x.html")]);
    let page = opened.ok();
    assert_eq!(
        (
            page["id"].clone(),
            page["title"].clone(),
            page["current"].clone()
        ),
        (Value::from(1), Value::from("Page X"), Value::Bool(true))
    );

    let b_pages = env.ctx("b", &["page", "list"]);
    let b_urls = b_pages.ok()["pages"].to_string();
    assert!(
        !b_urls.contains("x.html"),
        "context b sees a's page: {b_urls}"
    );
    let a_pages = env.ctx("a", &["page", "list"]);
    let a_list = a_pages.ok()["pages"].as_array().unwrap().clone();
    assert!(
        a_list
            .iter()
            .any(|p| p["url"].as_str().unwrap().ends_with("/x.html") && p["current"] == true),
        "{a_list:?}"
    );

    let a = env.ctx("a", &["session", "status"]);
    let b = env.ctx("b", &["session", "status"]);
    let (a, b) = (a.ok(), b.ok());
    assert_ne!(a["context"]["key"], b["context"]["key"]);
    assert_ne!(
        a["session"]["browser"]["pid"],
        b["session"]["browser"]["pid"]
    );
    assert_ne!(a["session"]["profileDir"], b["session"]["profileDir"]);
    assert_eq!(a["context"]["source"], "env");
    for status in [a, b] {
        let pid = status["session"]["browser"]["pid"].as_u64().unwrap() as u32;
        let cmdline = std::fs::read_to_string(format!("/proc/{pid}/cmdline")).unwrap();
        let profile = status["session"]["profileDir"].as_str().unwrap();
        assert!(
            cmdline.contains(&format!("--user-data-dir={profile}")),
            "{cmdline}"
        );
    }
}

#[test]
fn a_share_group_joins_two_context_ids_in_one_slot() {
    let server = HttpServer::start();
    let env = TestEnv::new();
    env.run_with(
        &["page", "open", &server.url("/"), "--share-group", "g"],
        &[("CDT_CONTEXT_ID", "a")],
    )
    .ok();
    let seen = env.run_with(
        &["page", "list", "--share-group", "g"],
        &[("CDT_CONTEXT_ID", "b")],
    );
    assert!(
        seen.ok()["pages"].to_string().contains(&server.url("/")),
        "{}",
        seen.stdout
    );
    let status = env.run_with(
        &["session", "status", "--share-group", "g"],
        &[("CDT_CONTEXT_ID", "b")],
    );
    assert_eq!(status.ok()["context"]["source"], "shareGroup");
    let sessions = env.run(&["session", "list"]);
    assert_eq!(sessions.ok()["sessions"].as_array().unwrap().len(), 1);
}

/// Runs `cdt session status` through `shell -c` from one python3 "agent" process, several times.
fn keys_from_one_agent(env: &TestEnv, shells: &[&str]) -> Vec<String> {
    let mut script = String::from("import json, subprocess, sys\nkeys = []\n");
    for shell in shells {
        script.push_str(&format!(
            "out = subprocess.run(['{shell}', '-c', '\"$CDT\" session status'], capture_output=True, text=True).stdout\nkeys.append(json.loads(out)['data']['context']['key'])\n"
        ));
    }
    script.push_str("print(json.dumps(keys))\n");
    let output = Command::new("python3")
        .arg("-c")
        .arg(script)
        .env("CDT", cdt_e2e::cdt_bin())
        .env("CDT_HOME", &env.home)
        .envs(env.envs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .env_remove("CDT_CONTEXT_ID")
        .env_remove("CDT_SHARE_GROUP")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn one_agent_through_different_shells_keeps_one_key_and_two_agents_get_two() {
    let env = TestEnv::new();
    let first = keys_from_one_agent(&env, &["sh", "bash", "sh"]);
    assert!(
        first.windows(2).all(|w| w[0] == w[1]),
        "one agent got several keys: {first:?}"
    );
    let second = keys_from_one_agent(&env, &["bash"]);
    assert_ne!(first[0], second[0], "two agents share a key");
    let status = env.run(&["session", "status"]);
    assert_eq!(status.ok()["context"]["source"], "process");
}

#[test]
fn context_id_override_reaches_another_context() {
    let server = HttpServer::start();
    let env = TestEnv::new();
    env.ctx("a", &["page", "open", &server.url("/")]).ok();
    let key = env.ctx("a", &["session", "status"]).ok()["context"]["key"]
        .as_str()
        .unwrap()
        .to_string();
    let seen = env.ctx("other", &["page", "list", "--context-id", &key]);
    assert!(seen.ok()["pages"].to_string().contains(&server.url("/")));
    env.ctx("a", &["page", "list", "--context-id", ""])
        .err("CONTEXT_RESOLUTION_FAILED", 2);
}
