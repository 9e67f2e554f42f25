//! The MCP server's way to the daemon: the caller context collected once at start (so the
//! agent that launched `cdt mcp` resolves to the same slot as its `cdt` commands), and one
//! operation per call through `cdt-client`, on the blocking pool so the MCP loop never waits
//! on a socket.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use cdt_domain::ops::Operation;
use cdt_domain::{Access, CallerContext, CdtError, Warning};
use cdt_store::StatePaths;
use serde_json::Value;

/// What one operation returned: its data and warnings, or the error.
pub type Outcome = Result<(Value, Vec<Warning>), CdtError>;

#[derive(Clone)]
pub struct Daemon {
    inner: Arc<Inner>,
}

struct Inner {
    paths: StatePaths,
    caller: CallerContext,
    sent: AtomicU64,
}

impl Daemon {
    pub fn new(paths: StatePaths, caller: CallerContext) -> Self {
        Daemon {
            inner: Arc::new(Inner {
                paths,
                caller,
                sent: AtomicU64::new(0),
            }),
        }
    }

    /// Sends `operation` with `budget_ms` (the op's default budget when `None`).
    pub async fn send(&self, operation: Operation, budget_ms: Option<u64>) -> Outcome {
        self.send_as(operation, budget_ms, Access::Active).await
    }

    /// Reads without side effects (a resource read or watch): never starts the daemon or a
    /// browser, never keeps the context's lease alive.
    pub async fn peek(&self, operation: Operation) -> Outcome {
        self.send_as(operation, None, Access::Passive).await
    }

    async fn send_as(
        &self,
        operation: Operation,
        budget_ms: Option<u64>,
        access: Access,
    ) -> Outcome {
        let budget = budget_ms.unwrap_or(operation.spec().default_timeout_ms);
        let inner = self.inner.clone();
        let n = inner.sent.fetch_add(1, Ordering::Relaxed);
        let id = format!("{}-mcp{n}", cdt_client::request_id());
        let sent = tokio::task::spawn_blocking(move || {
            cdt_client::send_as(
                &inner.paths,
                operation,
                inner.caller.clone(),
                budget,
                &id,
                access,
            )
        })
        .await
        .map_err(|error| CdtError::internal(format!("the request task failed: {error}")))?;
        match sent?.into_result() {
            Ok((data, meta)) => Ok((data, meta.warnings)),
            Err((error, _)) => Err(error),
        }
    }
}
