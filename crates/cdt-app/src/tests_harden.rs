//! Regression tests of the hardening review (issue 12), against fake ports.

use std::sync::atomic::Ordering;
use std::time::Duration;

use cdt_domain::ops::{NoParams, Operation, SessionStartParams};
use cdt_domain::{CallerContext, Deadline, ErrorCode};
use serde_json::Value;

use crate::BrokerConfig;
use crate::slot::lock;
use crate::testing::{World, world};

fn caller(id: &str) -> CallerContext {
    CallerContext {
        context_id: Some(id.into()),
        ..Default::default()
    }
}

async fn run(
    world: &World,
    caller: &CallerContext,
    operation: Operation,
) -> Result<Value, cdt_domain::CdtError> {
    let now = world.clock.0.load(Ordering::SeqCst);
    world
        .broker
        .handle(operation, caller, Deadline::new(now, 2000))
        .await
        .result
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
