//! Use-case tests against fake ports: routing, page ids, leases, eviction and budgets.

use std::sync::atomic::Ordering;
use std::time::Duration;

use cdt_domain::ops::{NoParams, Operation, PageUseParams, every_operation};
use cdt_domain::ports::SessionStorePort;
use cdt_domain::{Access, CallerContext, ErrorCode};
use serde_json::Value;

use crate::lease::{recover_leftovers, sweep};
use crate::lifecycle::EndReason;
use crate::runtime::BrokerConfig;
use crate::testing::{FakeLauncher, World, world, world_with};

use super::{caller, handle, open, process_caller};

async fn run(
    world: &World,
    caller: &CallerContext,
    operation: Operation,
    budget_ms: u64,
) -> Result<Value, cdt_domain::CdtError> {
    handle(world, caller, operation, budget_ms).await.result
}

#[tokio::test]
async fn contexts_route_to_separate_browsers_and_page_ids_are_stable() {
    let w = world(BrokerConfig::default(), Duration::ZERO);
    let first = run(&w, &caller("a"), open("http://x/1"), 1000).await;
    assert_eq!(
        first.as_ref().ok().map(|d| d["id"].clone()),
        Some(Value::from(1)),
        "{first:?}"
    );
    let second = run(&w, &caller("a"), open("http://x/2"), 1000).await;
    assert_eq!(second.ok().map(|d| d["id"].clone()), Some(Value::from(2)));
    let other = run(&w, &caller("b"), Operation::PageList(NoParams {}), 1000).await;
    assert_eq!(
        other.ok().map(|d| d["pages"].as_array().map(Vec::len)),
        Some(Some(1))
    );
    assert_eq!(w.launcher.launched.lock().map(|l| l.len()).unwrap_or(0), 2);
    let missing = run(
        &w,
        &caller("a"),
        Operation::PageUse(PageUseParams { id: 9 }),
        1000,
    )
    .await;
    assert_eq!(missing.err().map(|e| e.code), Some(ErrorCode::PageNotFound));
}

#[tokio::test]
async fn a_slow_operation_returns_timeout_at_its_budget() {
    let w = world(BrokerConfig::default(), Duration::from_secs(30));
    let started = std::time::Instant::now();
    let result = run(&w, &caller("slow"), open("http://x/"), 200).await;
    assert_eq!(result.err().map(|e| e.code), Some(ErrorCode::Timeout));
    assert!(started.elapsed() < Duration::from_secs(5));
    let metrics = w.runtime.metrics.snapshot();
    assert_eq!(metrics["page.open"]["timeouts"], 1);
}

#[tokio::test]
async fn leases_end_on_owner_death_and_idle_timeout_but_not_for_named_contexts_owners() {
    let config = BrokerConfig {
        idle_timeout_ms: 60_000,
        ..BrokerConfig::default()
    };
    let w = world(config, Duration::ZERO);
    let by_process = process_caller(42);
    let named = CallerContext {
        context_id: Some("named".into()),
        process: by_process.process.clone(),
        ..Default::default()
    };
    assert!(
        run(&w, &by_process, Operation::PageList(NoParams {}), 1000)
            .await
            .is_ok()
    );
    assert!(
        run(&w, &named, Operation::PageList(NoParams {}), 1000)
            .await
            .is_ok()
    );
    assert!(sweep(&w.runtime).await.is_empty(), "nothing has ended yet");

    w.processes
        .dead
        .lock()
        .map(|mut d| d.push(42))
        .unwrap_or(());
    let reaped = sweep(&w.runtime).await;
    assert_eq!(
        reaped.iter().map(|(_, r)| *r).collect::<Vec<_>>(),
        vec![EndReason::OwnerExited]
    );
    assert_eq!(
        w.store.removed.lock().map(|r| r.len()).unwrap_or(0),
        1,
        "the ephemeral context's files are removed"
    );

    w.clock.advance(61_000);
    let reaped = sweep(&w.runtime).await;
    assert_eq!(
        reaped.iter().map(|(_, r)| *r).collect::<Vec<_>>(),
        vec![EndReason::IdleTimeout]
    );
    assert!(w.runtime.registry.running().is_empty());
    assert!(
        w.launcher
            .launched
            .lock()
            .map(|l| l.iter().all(|b| !b.alive.load(Ordering::SeqCst)))
            .unwrap_or(false)
    );
}

#[tokio::test]
async fn a_wall_clock_jump_neither_ends_a_lease_early_nor_keeps_it_past_its_time() {
    let config = BrokerConfig {
        idle_timeout_ms: 60_000,
        ..BrokerConfig::default()
    };
    let w = world(config, Duration::ZERO);
    let me = caller("jumpy");
    assert!(
        run(&w, &me, Operation::PageList(NoParams {}), 1000)
            .await
            .is_ok()
    );
    // NTP steps the clock an hour ahead: no time has passed, so the lease holds.
    w.clock.jump_wall(3_600_000);
    assert!(
        sweep(&w.runtime).await.is_empty(),
        "a forward jump ended a lease"
    );
    let status = run(
        &w,
        &me,
        Operation::SessionStatus(cdt_domain::ops::VerboseParams { verbose: true }),
        1000,
    )
    .await
    .unwrap_or_default();
    assert_eq!(status["lease"]["idleMs"], 0, "{status}");
    // Stepped back a day: the lease still ends once it has really been idle past its time.
    w.clock.jump_wall(-86_400_000);
    w.clock.advance(30_000);
    assert!(sweep(&w.runtime).await.is_empty(), "idle 30 s of 60 s");
    w.clock.advance(31_000);
    let reaped = sweep(&w.runtime).await;
    assert_eq!(
        reaped.iter().map(|(_, r)| *r).collect::<Vec<_>>(),
        vec![EndReason::IdleTimeout],
        "a backward jump kept the lease alive"
    );
}

#[tokio::test]
async fn a_deadline_is_never_longer_than_its_budget() {
    // The caller stamped its deadline, then the wall clock went back an hour before the
    // daemon read it: the daemon still gives it only its budget.
    let deadline = cdt_domain::Deadline::new(10_000_000, 500);
    assert_eq!(deadline.remaining_ms(10_000_000 - 3_600_000), 500);
    assert_eq!(deadline.remaining_ms(10_000_200), 300);
    assert_eq!(deadline.remaining_ms(10_000_900), 0);
}

/// The identities of the contexts whose browser runs.
fn running_identities(w: &World) -> Vec<String> {
    w.runtime
        .registry
        .running()
        .iter()
        .map(|s| s.context.identity.clone())
        .collect()
}

#[tokio::test]
async fn past_the_slot_limit_the_lru_idle_slot_is_evicted() {
    let config = BrokerConfig {
        max_slots: 2,
        ..BrokerConfig::default()
    };
    let w = world(config, Duration::ZERO);
    for name in ["a", "b"] {
        w.clock.advance(1);
        assert!(
            run(&w, &caller(name), Operation::PageList(NoParams {}), 1000)
                .await
                .is_ok()
        );
    }
    w.clock.advance(8);
    assert!(
        run(&w, &caller("a"), Operation::PageList(NoParams {}), 1000)
            .await
            .is_ok()
    );
    assert!(
        run(&w, &caller("c"), Operation::PageList(NoParams {}), 1000)
            .await
            .is_ok()
    );
    let identities = running_identities(&w);
    assert_eq!(identities.len(), 2);
    assert!(
        !identities.iter().any(|i| i.ends_with("=b")),
        "{identities:?}"
    );
}

#[tokio::test]
async fn past_the_memory_budget_the_lru_idle_slot_is_evicted_though_slots_remain() {
    // Room for two dedicated browsers' budgets, far more slots than that.
    let config = BrokerConfig {
        max_slots: 16,
        memory_budget_kib: 2 * crate::slot::Footprint::Browser.kib() + 1,
        ..BrokerConfig::default()
    };
    let w = world(config, Duration::ZERO);
    for name in ["a", "b", "c"] {
        w.clock.advance(1);
        assert!(
            run(&w, &caller(name), Operation::PageList(NoParams {}), 1000)
                .await
                .is_ok()
        );
    }
    let running = running_identities(&w);
    assert_eq!(running.len(), 2, "{running:?}");
    assert!(!running.iter().any(|i| i.ends_with("=a")), "{running:?}");
}

/// Callers arriving together, each starting a browser that takes a while to launch.
fn slow_launches(max_slots: usize, max_launches: usize) -> World {
    let config = BrokerConfig {
        max_slots,
        max_launches,
        ..BrokerConfig::default()
    };
    let launcher = FakeLauncher {
        launch_delay: Duration::from_millis(150),
        ..FakeLauncher::default()
    };
    world_with(config, launcher)
}

#[tokio::test]
async fn browsers_still_starting_count_toward_the_slot_limit() {
    let w = slow_launches(2, 4);
    let list = || Operation::PageList(NoParams {});
    let (a, b) = (caller("a"), caller("b"));
    let late = async {
        // Arrives while a and b are starting: both slots are taken, and neither is idle.
        tokio::time::sleep(Duration::from_millis(50)).await;
        run(&w, &caller("c"), list(), 1000).await
    };
    let (ra, rb, rc) = tokio::join!(run(&w, &a, list(), 1000), run(&w, &b, list(), 1000), late);
    assert!(ra.is_ok() && rb.is_ok(), "{ra:?} {rb:?}");
    let refused = rc.expect_err("c found no room");
    assert_eq!(refused.code, ErrorCode::SlotLimitReached, "{refused:?}");
    assert_eq!(refused.details["maxSlots"], 2);
    assert_eq!(
        refused.details["retryAfterMs"],
        crate::admission::RETRY_AFTER_MS
    );
    assert_eq!(w.launcher.launched.lock().map_or(0, |l| l.len()), 2);
}

#[tokio::test]
async fn launches_past_the_limit_wait_their_turn_within_their_budgets() {
    let w = slow_launches(16, 2);
    let list = || Operation::PageList(NoParams {});
    let c: Vec<CallerContext> = (0..5).map(|i| caller(&format!("agent{i}"))).collect();
    let results = tokio::join!(
        run(&w, &c[0], list(), 2000),
        run(&w, &c[1], list(), 2000),
        run(&w, &c[2], list(), 2000),
        run(&w, &c[3], list(), 2000),
        run(&w, &c[4], list(), 2000),
    );
    let results = [results.0, results.1, results.2, results.3, results.4];
    assert!(results.iter().all(Result::is_ok), "{results:?}");
    assert_eq!(w.launcher.launched.lock().map_or(0, |l| l.len()), 5);
    // Never more than two at once.
    assert_eq!(w.launcher.launching_peak.load(Ordering::SeqCst), 2);

    // A start whose budget ends before its turn comes is refused as retryable, saying why.
    let w = slow_launches(16, 1);
    let (first, second) = (caller("first"), caller("second"));
    let (ok, late) = tokio::join!(run(&w, &first, list(), 2000), async {
        tokio::time::sleep(Duration::from_millis(20)).await;
        run(&w, &second, list(), 100).await
    });
    assert!(ok.is_ok(), "{ok:?}");
    let refused = late.expect_err("its budget ended first");
    assert_eq!(refused.code, ErrorCode::Timeout, "{refused:?}");
    assert!(
        refused.message.contains("turn to start a browser"),
        "{}",
        refused.message
    );
}

/// A command given no `--timeout` that must start its browser first gets the cold-start
/// allowance on top of its default budget (a launch on busy cores outlasts a read's 5 s); one
/// given a budget of its own keeps it, and a warm command keeps the default.
#[tokio::test(start_paused = true)]
async fn a_default_budget_makes_room_for_starting_the_browser_and_an_explicit_one_does_not() {
    let launcher = FakeLauncher {
        launch_delay: Duration::from_millis(8_000),
        ..FakeLauncher::default()
    };
    let w = world_with(BrokerConfig::default(), launcher);
    let list = || Operation::PageList(NoParams {});
    let default = list().spec().default_timeout_ms;
    assert!(
        default < 8_000,
        "the launch must outlast the default: {default}"
    );
    let explicit = run(&w, &caller("explicit"), list(), default + 1).await;
    let refused = explicit.expect_err("an explicit budget is kept");
    assert_eq!(refused.code, ErrorCode::Timeout, "{refused:?}");
    assert_eq!(refused.details["budgetMs"], default + 1);
    let cold = run(&w, &caller("cold"), list(), default).await;
    assert!(cold.is_ok(), "{cold:?}");
    // Warm, the default is the default: a slow page read is not stretched.
    let running = w.runtime.registry.running();
    assert_eq!(running.len(), 1);
    let stretch = |slot| crate::broker::default_budget_stretch(slot, default, Access::Active);
    assert_eq!(stretch(Some(&running[0])), 0);
    assert_eq!(
        stretch(None),
        cdt_domain::time::COLD_START_ALLOWANCE_MS.min(default * 9)
    );
    // A background read starts no browser, so it is given no room for one.
    assert_eq!(
        crate::broker::default_budget_stretch(None, default, Access::Passive),
        0
    );
}

#[tokio::test]
async fn leftovers_of_a_killed_daemon_are_killed_and_ephemeral_files_removed() {
    let w = world(BrokerConfig::default(), Duration::ZERO);
    let by_process = process_caller(5);
    assert!(
        run(&w, &by_process, Operation::PageList(NoParams {}), 1000)
            .await
            .is_ok()
    );
    // A new broker over the same store sees the running state the old one left.
    let killed = recover_leftovers(&w.runtime);
    assert_eq!(killed, 1);
    assert_eq!(
        w.processes
            .killed
            .lock()
            .map(|k| k.clone())
            .unwrap_or_default(),
        vec![1000]
    );
    assert!(w.store.contexts().is_empty());
}

/// Every operation reaches a use case: none falls through to the dispatcher's last arm.
#[tokio::test]
async fn every_operation_has_a_use_case() {
    let w = world(BrokerConfig::default(), Duration::ZERO);
    let me = caller("dispatch");
    let operations = every_operation();
    assert!(operations.len() >= 85, "{} operations", operations.len());
    for operation in operations {
        let name = operation.name();
        let outcome = handle(&w, &me, operation, 500).await;
        if let Err(error) = &outcome.result {
            assert!(
                !(error.code == ErrorCode::InternalError && error.message.contains("no use case")),
                "{name}: {}",
                error.message
            );
        }
    }
}
