//! Serialization of mutating commands on one page (issue 12 item 5): every mutating command
//! waits for the page's mutation lock, then checks for dialogs. The tests start a long mutating
//! command (an awaiting eval, or a navigation the server answers slowly), wait until it is under
//! way, send another mutating command, and check the order in which their effects happened.

use std::process::Stdio;
use std::time::Duration;

use cdt_e2e::{HttpServer, Run, TestEnv, eventually};
use serde_json::Value;

const FIELD: &str = "<input id=q autofocus>";

/// A `cdt` command running in the background.
struct Background(std::process::Child);

impl Background {
    fn finish(self) -> Run {
        let output = self.0.wait_with_output().unwrap();
        Run::from_output(&output, Duration::ZERO)
    }
}

fn eval(env: &TestEnv, expression: &str) -> Value {
    env.ctx("m", &["runtime", "eval", expression]).ok()["value"].clone()
}

/// Starts a `runtime eval` that logs a mark, waits 1.5 s without blocking the page, then
/// returns `probe`; returns once the mark is logged (so the eval holds the page's lock).
fn slow_eval(env: &TestEnv, probe: &str) -> Background {
    let mark = format!("slow eval {probe}");
    let script = format!(
        "new Promise(resolve => {{ console.log({mark:?}); setTimeout(() => resolve({probe}), 1500); }})"
    );
    let child = env
        .command(&["runtime", "eval", &script, "--await"])
        .env("CDT_CONTEXT_ID", "m")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // `console list` reads what the daemon collected: it never waits for the page's lock.
    let running = eventually(Duration::from_secs(10), || {
        env.ctx("m", &["console", "list"]).stdout.contains(&mark)
    });
    assert!(running, "the eval never started");
    Background(child)
}

#[test]
fn regression_input_resize_and_eval_wait_for_a_running_eval_on_the_same_page() {
    let server = HttpServer::start();
    server.page("/start", "Start", FIELD);
    let env = TestEnv::new();
    env.ctx("m", &["page", "open", &server.url("/start")]).ok();

    // input type sent while an eval runs lands after it: the eval saw the field empty.
    let running = slow_eval(&env, "document.querySelector('#q').value");
    env.ctx("m", &["input", "type", "later"]).ok();
    assert_eq!(running.finish().ok()["value"], "");
    assert_eq!(eval(&env, "document.querySelector('#q').value"), "later");

    // page resize waits too.
    let width = eval(&env, "innerWidth");
    let running = slow_eval(&env, "innerWidth");
    env.ctx("m", &["page", "resize", "640", "480"]).ok();
    assert_eq!(running.finish().ok()["value"], width);
    assert_eq!(eval(&env, "innerWidth"), 640);

    // So does another eval.
    let running = slow_eval(&env, "document.body.dataset.second ?? 'unset'");
    env.ctx(
        "m",
        &["runtime", "eval", "document.body.dataset.second = 'set'"],
    )
    .ok();
    assert_eq!(running.finish().ok()["value"], "unset");
}

#[test]
fn regression_a_dialog_opened_by_the_lock_holder_refuses_the_next_mutation() {
    let server = HttpServer::start();
    server.page("/start", "Start", FIELD);
    let env = TestEnv::new();
    env.ctx("m", &["page", "open", &server.url("/start")]).ok();
    // The running eval ends by opening an alert; the key press queued behind it must see it.
    let running = slow_eval(&env, "alert('from the eval')");
    env.ctx("m", &["input", "key", "Enter", "--timeout", "8000"])
        .err("DIALOG_BLOCKING", 5);
    running.finish().err("DIALOG_BLOCKING", 5);
    env.ctx("m", &["dialog", "handle", "accept"]).ok();
    env.ctx("m", &["input", "key", "Enter"]).ok();
}
