//! Raw CDP for `cdt cdp send|listen`: a method sent to a page's observer session (the one the
//! telemetry collector attached with every domain cdt listens to, so the events of what it
//! enables come there, once) or to the browser; and the events of a page's sessions handed to
//! a listener until its guard drops. What may be sent was checked before (`raw_cdp::check`).

use std::sync::Arc;

use cdt_domain::raw_cdp::RawCdpEvent;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::Value;
use tokio::task::JoinHandle;

use crate::observed::ObservedSessions;
use crate::support::lock;
use crate::transport::CdpConnection;

/// The observer session of page `page_target_id`.
fn page_session(observed: &ObservedSessions, page_target_id: &str) -> Result<String, CdtError> {
    lock(observed)
        .iter()
        .find(|(_, o)| o.target_id == page_target_id && o.target_type == "page")
        .map(|(session, _)| session.clone())
        .ok_or_else(|| {
            CdtError::new(
                ErrorCode::PageNotFound,
                format!("page {page_target_id} is not observed (yet)"),
            )
            .hinted("Retry in a moment: a new page is observed as soon as it exists")
        })
}

pub async fn send(
    connection: &CdpConnection,
    observed: &ObservedSessions,
    page_target_id: Option<&str>,
    method: &str,
    params: Value,
) -> Result<Value, CdtError> {
    let session = page_target_id
        .map(|page| page_session(observed, page))
        .transpose()?;
    connection.call(method, params, session.as_deref()).await
}

/// Stops the pump when dropped.
struct Listening(JoinHandle<()>);

impl Drop for Listening {
    fn drop(&mut self) {
        self.0.abort();
    }
}

pub fn listen(
    connection: &CdpConnection,
    observed: ObservedSessions,
    page_target_id: Option<String>,
    sink: Arc<dyn Fn(RawCdpEvent) + Send + Sync>,
) -> Box<dyn std::any::Any + Send + Sync> {
    let mut events = connection.subscribe();
    Box::new(Listening(tokio::spawn(async move {
        while let Some(event) = events.recv().await {
            let target = match (&page_target_id, &event.session_id) {
                (None, None) => Some(String::new()),
                (Some(page), Some(session)) => lock(&observed)
                    .get(session)
                    .filter(|o| &o.page_target_id == page)
                    .map(|o| o.target_id.clone()),
                _ => None,
            };
            if let Some(target_id) = target {
                sink(RawCdpEvent {
                    method: event.method.clone(),
                    params: event.params.clone(),
                    session_id: event.session_id.clone().unwrap_or_default(),
                    target_id,
                });
            }
        }
    })))
}
