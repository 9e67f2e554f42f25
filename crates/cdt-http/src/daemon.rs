//! The server's way to the daemon: each request becomes one operation sent with the caller
//! context its headers name (`X-CDT-Context`, `X-CDT-Share-Group`) or the server's own, on an
//! async connection, so a client that disconnects cancels its request in the daemon.

use std::time::Instant;

use cdt_domain::ops::{Operation, WaitIdleParams};
use cdt_domain::{Access, CallerContext, CdtError, ErrorCode, Warning, WarningCode};
use cdt_store::StatePaths;
use serde_json::Value;

use crate::envelope::Meta;

/// How long seed 003's interactive endpoints wait for the network to go idle after acting.
pub const SETTLE_MS: u64 = 3_000;

/// Which context a request acts in.
#[derive(Clone, Debug, PartialEq)]
pub enum Who {
    /// The server's own context (as `cdt` run where `cdt http` was started).
    Server,
    /// `X-CDT-Context: <id>`: as `CDT_CONTEXT_ID=<id> cdt …`.
    Context(String),
    /// `X-CDT-Share-Group: <name>`: as `cdt --share-group <name> …`.
    ShareGroup(String),
}

/// The caller context a request carries.
pub fn caller(server: &CallerContext, who: &Who) -> CallerContext {
    match who {
        Who::Server => server.clone(),
        Who::Context(id) => CallerContext {
            context_id: Some(id.clone()),
            client_pid: server.client_pid,
            ..CallerContext::default()
        },
        Who::ShareGroup(group) => CallerContext {
            share_group: Some(group.clone()),
            client_pid: server.client_pid,
            ..CallerContext::default()
        },
    }
}

/// Sends `operation` (within `budget_ms`, else its default) and returns the reply's result and
/// meta. Dropping the future (the HTTP client went away) closes the daemon connection, which
/// cancels the operation.
pub async fn send(
    paths: &StatePaths,
    caller: CallerContext,
    operation: Operation,
    budget_ms: Option<u64>,
    request_id: &str,
) -> (Result<Value, CdtError>, Meta) {
    let started = Instant::now();
    let budget = budget_ms.unwrap_or(operation.spec().default_timeout_ms);
    let (paths, id) = (paths.clone(), request_id.to_string());
    let prepared = tokio::task::spawn_blocking(move || {
        cdt_client::prepare(&paths, operation, caller, budget, &id, Access::Active)
    })
    .await
    .map_err(|error| CdtError::internal(format!("the connect task failed: {error}")))
    .and_then(|prepared| prepared);
    let mut meta = Meta {
        request_id: request_id.to_string(),
        ..Meta::default()
    };
    let result = match prepared {
        Err(error) => Err(error),
        Ok(prepared) => {
            meta.warnings = prepared.notes;
            match prepared
                .connection
                .call_async(&prepared.request, prepared.give_up)
                .await
            {
                Err(error) => Err(error),
                Ok(reply) => {
                    meta.context = reply.meta.context.clone();
                    meta.warnings.extend(reply.meta.warnings.clone());
                    match reply.into_result() {
                        Ok((data, _)) => Ok(data),
                        Err((error, _)) => Err(error),
                    }
                }
            }
        }
    };
    meta.duration_ms = started.elapsed().as_millis() as u64;
    (result, meta)
}

/// Seed 003's wait after an interactive command: the network idle, at most [`SETTLE_MS`];
/// past that the reply stands with a `NETWORK_BUSY` warning.
pub async fn settle(paths: &StatePaths, caller: CallerContext, page: Option<u32>, meta: &mut Meta) {
    let wait = Operation::PageWaitIdle(WaitIdleParams {
        idle_ms: None,
        page,
    });
    let (waited, _) = send(paths, caller, wait, Some(SETTLE_MS), &meta.request_id).await;
    if let Err(error) = waited
        && error.code == ErrorCode::Timeout
    {
        meta.warnings.push(Warning::new(
            WarningCode::NetworkBusy,
            format!(
                "the network was not idle within {} s; this is the page as it is now (force=true skips the wait)",
                SETTLE_MS / 1000
            ),
        ));
    }
}
