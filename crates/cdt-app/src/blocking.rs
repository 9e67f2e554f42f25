//! Blocking work (disk, `/proc`) run off the daemon's async threads, so one context's cleanup
//! or capture never delays another context's commands (issue 12 item 10). The caller still
//! awaits the result, so the order of its own steps is kept.

use cdt_domain::CdtError;

/// Runs `work` on tokio's blocking pool and waits for it.
pub async fn run<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, CdtError> + Send + 'static,
) -> Result<T, CdtError> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|error| Err(CdtError::internal(format!("blocking task failed: {error}"))))
}

/// Like [`run`], for work that cannot fail.
pub async fn value<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    tokio::task::spawn_blocking(work).await.ok()
}
