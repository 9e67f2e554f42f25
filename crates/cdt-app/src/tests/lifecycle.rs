//! Restarts, the janitor and browsers that die: regression tests of the hardening review.

use std::sync::atomic::Ordering;
use std::time::Duration;

use cdt_domain::ops::{NoParams, Operation, SessionStartParams};
use cdt_domain::ports::Clock as _;
use cdt_domain::{CallerContext, Deadline, ErrorCode};
use serde_json::Value;

use crate::runtime::BrokerConfig;
use crate::sync::lock;
use crate::testing::{World, world};

use super::{caller, handle, process_caller};

async fn run(
    world: &World,
    caller: &CallerContext,
    operation: Operation,
) -> Result<Value, cdt_domain::CdtError> {
    handle(world, caller, operation, 2000).await.result
}

fn alive_browsers(world: &World) -> usize {
    lock(&world.launcher.launched)
        .iter()
        .filter(|b| b.alive.load(Ordering::SeqCst))
        .count()
}

#[tokio::test]
async fn regression_restart_with_a_new_endpoint_does_not_inherit_allow_remote() {
    let w = world(BrokerConfig::default(), Duration::ZERO);
    let me = caller("r");
    assert!(run(&w, &me, Operation::PageList(NoParams {})).await.is_ok());
    let restart = Operation::SessionRestart(SessionStartParams {
        browser_url: Some("http://10.1.2.3:9222".into()),
        ..Default::default()
    });
    let result = run(&w, &me, restart).await;
    assert_eq!(
        result.err().map(|e| e.code),
        Some(ErrorCode::SecurityBlocked)
    );
    assert_eq!(
        lock(&w.launcher.checked).clone(),
        vec![("http://10.1.2.3:9222".to_string(), false)],
        "the new endpoint is checked with this request's own permission"
    );
    assert_eq!(alive_browsers(&w), 1, "the running browser was not stopped");
}

#[tokio::test]
async fn regression_janitor_never_reaps_a_slot_a_request_was_routed_to_meanwhile() {
    let w = world(BrokerConfig::default(), Duration::ZERO);
    let owner = process_caller(42);
    assert!(
        run(&w, &owner, Operation::PageList(NoParams {}))
            .await
            .is_ok()
    );
    lock(&w.processes.dead).push(42);
    // Right after the janitor's last look at the in-flight count (while it asks, a second
    // time, whether the owner still runs), a request is routed to the slot.
    let slots = w.runtime.registry.all();
    assert_eq!(slots.len(), 1);
    let routed = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let (slot, held) = (slots[0].clone(), routed.clone());
    let calls = std::sync::atomic::AtomicUsize::new(0);
    *lock(&w.processes.on_is_alive) = Some(Box::new(move || {
        if calls.fetch_add(1, Ordering::SeqCst) == 1 {
            lock(&held).push(slot.begin(0));
        }
    }));
    let reaped = crate::lease::sweep(&w.runtime).await;
    assert!(
        reaped.is_empty(),
        "reaped {reaped:?} with a request in flight"
    );
    assert!(!lock(&routed).is_empty(), "the hook ran");
    assert_eq!(alive_browsers(&w), 1);
    // Once that request is done, the next pass reaps the slot.
    *lock(&w.processes.on_is_alive) = None;
    lock(&routed).clear();
    let reaped = crate::lease::sweep(&w.runtime).await;
    assert_eq!(reaped.len(), 1);
    assert_eq!(alive_browsers(&w), 0);
}

#[tokio::test]
async fn regression_restart_with_bad_parameters_keeps_the_running_browser() {
    let w = world(BrokerConfig::default(), Duration::ZERO);
    let me = caller("bad");
    assert!(run(&w, &me, Operation::PageList(NoParams {})).await.is_ok());
    for params in [
        SessionStartParams {
            viewport: Some("12x8".into()),
            ..Default::default()
        },
        SessionStartParams {
            chrome_args: vec!["--remote-debugging-address=0.0.0.0".into()],
            ..Default::default()
        },
        SessionStartParams {
            browser_url: Some("http://127.0.0.1:9".into()),
            ws_endpoint: Some("ws://127.0.0.1:9/x".into()),
            ..Default::default()
        },
    ] {
        let result = run(&w, &me, Operation::SessionRestart(params)).await;
        assert!(result.is_err());
        assert_eq!(alive_browsers(&w), 1, "the running browser was stopped");
    }
}

#[tokio::test]
async fn regression_a_persistent_page_error_inside_a_wait_is_reported_not_timeout() {
    let w = world(BrokerConfig::default(), Duration::ZERO);
    let me = caller("w");
    assert!(
        run(
            &w,
            &me,
            Operation::PageOpen(cdt_domain::ops::PageOpenParams {
                url: "http://x/".into(),
                ..Default::default()
            })
        )
        .await
        .is_ok()
    );
    // The fake's page probe keeps failing with a protocol error.
    let now = w.clock.now_unix_ms();
    let wait = Operation::PageWaitText(cdt_domain::ops::WaitTextParams {
        texts: vec!["never".into()],
        root: None,
        page: None,
    });
    let outcome = w.broker.handle(wait, &me, Deadline::new(now, 4000)).await;
    assert_eq!(
        outcome.result.err().map(|e| e.code),
        Some(ErrorCode::ProtocolError)
    );
}

fn warnings_of(outcome: &crate::broker::Outcome) -> Vec<(cdt_domain::WarningCode, String)> {
    outcome
        .warnings
        .iter()
        .map(|w| (w.code, w.message.clone()))
        .collect()
}

fn kill_browsers(w: &World) {
    for browser in lock(&w.launcher.launched).iter() {
        browser.alive.store(false, Ordering::SeqCst);
    }
}

#[tokio::test]
async fn regression_a_dead_browser_is_reported_with_the_pages_lost_both_before_and_after_the_janitor()
 {
    let config = BrokerConfig {
        idle_timeout_ms: 60_000,
        ..BrokerConfig::default()
    };
    let w = world(config, Duration::ZERO);
    let me = caller("dies");
    let open = || {
        Operation::PageOpen(cdt_domain::ops::PageOpenParams {
            url: "http://x/kept".into(),
            ..Default::default()
        })
    };
    assert!(handle(&w, &me, open(), 2000).await.result.is_ok());
    // Died, and the next command comes before the janitor saw it.
    kill_browsers(&w);
    let next = handle(&w, &me, Operation::PageList(NoParams {}), 2000).await;
    assert!(next.result.is_ok());
    let warnings = warnings_of(&next);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].0, cdt_domain::WarningCode::BrowserRestarted);
    assert!(warnings[0].1.contains("http://x/kept"), "{warnings:?}");
    assert!(
        warnings_of(&handle(&w, &me, Operation::PageList(NoParams {}), 2000).await).is_empty(),
        "told once"
    );

    // Died again, and the janitor reaped the slot before the next command.
    assert!(handle(&w, &me, open(), 2000).await.result.is_ok());
    kill_browsers(&w);
    assert_eq!(crate::lease::sweep(&w.runtime).await.len(), 1);
    let status = run(
        &w,
        &me,
        Operation::SessionStatus(cdt_domain::ops::VerboseParams { verbose: false }),
    )
    .await;
    assert_eq!(
        status.ok().map(|s| s["restarts"].clone()),
        Some(Value::from(2))
    );
    let next = handle(&w, &me, Operation::PageList(NoParams {}), 2000).await;
    let warnings = warnings_of(&next);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].0, cdt_domain::WarningCode::BrowserRestarted);
    assert!(warnings[0].1.contains("http://x/kept"), "{warnings:?}");

    // A lease that ended is its own warning.
    w.clock.advance(61_000);
    assert_eq!(crate::lease::sweep(&w.runtime).await.len(), 1);
    let next = handle(&w, &me, Operation::PageList(NoParams {}), 2000).await;
    let codes: Vec<_> = warnings_of(&next).into_iter().map(|(c, _)| c).collect();
    assert_eq!(codes, vec![cdt_domain::WarningCode::ContextLeaseExpired]);
}

/// A client of another protocol may replace an idle daemon: it retires only when no browser
/// runs, and once it retires no browser starts.
#[tokio::test]
async fn an_idle_daemon_retires_for_another_protocol_a_busy_one_keeps_serving() {
    let w = world(BrokerConfig::default(), Duration::ZERO);
    let me = caller("busy");
    assert!(run(&w, &me, Operation::PageList(NoParams {})).await.is_ok());
    let runtime = w.broker.runtime();
    let mut shutdown = runtime.shutdown_signal();
    assert!(
        !runtime.retire_if_idle(),
        "a browser runs: it keeps serving"
    );
    assert!(!*shutdown.borrow_and_update());
    assert!(
        run(&w, &caller("second"), Operation::PageList(NoParams {}))
            .await
            .is_ok(),
        "after refusing to retire it launches browsers as before"
    );

    let idle = world(BrokerConfig::default(), Duration::ZERO);
    let runtime = idle.broker.runtime();
    let mut shutdown = runtime.shutdown_signal();
    assert!(runtime.retire_if_idle(), "no browser runs: it retires");
    assert!(*shutdown.borrow_and_update());
    let refused = run(&idle, &caller("late"), Operation::PageList(NoParams {})).await;
    assert_eq!(
        refused.err().map(|e| e.code),
        Some(ErrorCode::DaemonUnavailable),
        "no browser starts in a daemon that is retiring"
    );
    assert_eq!(lock(&idle.launcher.launched).len(), 0);
}
