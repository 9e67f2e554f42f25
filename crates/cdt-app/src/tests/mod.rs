//! Use-case tests against the fake ports: whole requests through the broker, no browser.
//!
//! - [`routing`]: contexts, page ids, leases, eviction and budgets;
//! - [`lifecycle`]: restarts, the janitor and browsers that die (regressions of the hardening
//!   review);
//! - [`state`]: emulation, traces, storage state and init scripts.

mod interact;
mod lifecycle;
mod raw;
mod routing;
mod state;

use cdt_domain::ports::Clock as _;

use cdt_domain::ops::{Operation, PageOpenParams};
use cdt_domain::{CallerContext, Deadline, ProcessFingerprint};

use crate::broker::Outcome;
use crate::testing::World;

/// A caller naming its context by `CDT_CONTEXT_ID`.
fn caller(id: &str) -> CallerContext {
    CallerContext {
        context_id: Some(id.into()),
        ..Default::default()
    }
}

/// A caller identified only by its process (an ephemeral, owner-bound context).
fn process_caller(pid: u32) -> CallerContext {
    let owner = ProcessFingerprint {
        pid,
        start_time: 1,
        name: "agent".into(),
        tty: 0,
    };
    CallerContext {
        process: Some(owner),
        ..Default::default()
    }
}

/// One request through the broker, with a budget from the fake clock's now.
async fn handle(
    world: &World,
    caller: &CallerContext,
    operation: Operation,
    budget_ms: u64,
) -> Outcome {
    let now = world.clock.now_unix_ms();
    world
        .broker
        .handle(operation, caller, Deadline::new(now, budget_ms))
        .await
}

fn open(url: &str) -> Operation {
    Operation::PageOpen(PageOpenParams {
        url: url.into(),
        ..Default::default()
    })
}
