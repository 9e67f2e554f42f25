//! The MCP server's way to the daemon: the caller context collected once at start (so the
//! agent that launched `cdt mcp` resolves to the same slot as its `cdt` commands), and one
//! operation per call through `cdt-client`, on the blocking pool so the MCP loop never waits
//! on a socket.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use cdt_domain::ops::Operation;
use cdt_domain::{CallerContext, CdtError, Warning};
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
        let budget = budget_ms.unwrap_or(operation.spec().default_timeout_ms);
        let inner = self.inner.clone();
        let n = inner.sent.fetch_add(1, Ordering::Relaxed);
        let id = format!("{}-mcp{n}", cdt_client::request_id());
        let sent = tokio::task::spawn_blocking(move || {
            cdt_client::send(&inner.paths, operation, inner.caller.clone(), budget, &id)
        })
        .await
        .map_err(|error| CdtError::internal(format!("the request task failed: {error}")))?;
        match sent?.into_result() {
            Ok((data, meta)) => Ok((data, meta.warnings)),
            Err((error, _)) => Err(error),
        }
    }
}
