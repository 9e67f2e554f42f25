//! The resource template `cdp://events/{pageId}` (seed 002): reading it returns the page's
//! newest events as `{nextOffset, events}`; subscribing to it sends
//! `notifications/resources/updated` when new events arrive.
//!
//! Watching is polling the daemon's `events.read` (newest event of the page only: one cheap
//! request) every [`POLL`], so notifications are coalesced to at most four a second per
//! resource. A watch never starts a browser: reading a page of a stopped session fails.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use cdt_domain::CdtError;
use cdt_domain::ops::{EventsReadParams, Operation};
use rmcp::model::{
    ReadResourceResult, ResourceContents, ResourceTemplate, ResourceUpdatedNotificationParam,
};
use rmcp::service::{Peer, RoleServer, SubscriptionSink};
use serde_json::{Value, json};
use tokio::task::JoinHandle;

use crate::daemon::Daemon;

pub const TEMPLATE: &str = "cdp://events/{pageId}";
const PREFIX: &str = "cdp://events/";
/// Events returned by `resources/read`.
pub const READ_LIMIT: usize = 200;
/// Time between two looks for new events of a watched page.
pub const POLL: Duration = Duration::from_millis(250);

pub fn template() -> ResourceTemplate {
    ResourceTemplate::new(TEMPLATE, "events")
        .with_description("Console and network events of a page: {nextOffset, events} (the newest 200). Subscribe to be told when new ones arrive.")
        .with_mime_type("application/json")
}

pub fn uri(page: u32) -> String {
    format!("{PREFIX}{page}")
}

/// The page id of a `cdp://events/{pageId}` URI.
pub fn page_of(uri: &str) -> Result<u32, CdtError> {
    uri.strip_prefix(PREFIX)
        .and_then(|id| id.parse().ok())
        .ok_or_else(|| {
            CdtError::validation(format!("{uri:?} is not a cdp://events/{{pageId}} URI"))
                .hinted("Use a page id from list_pages, e.g. cdp://events/1")
        })
}

fn tail(page: u32, limit: usize) -> Operation {
    Operation::EventsRead(EventsReadParams {
        page: Some(page),
        tail: true,
        limit: Some(limit),
        ..EventsReadParams::default()
    })
}

/// `resources/read`: the newest events of the page.
pub async fn read(daemon: &Daemon, uri: &str) -> Result<ReadResourceResult, CdtError> {
    let page = page_of(uri)?;
    let (data, _) = daemon.send(tail(page, READ_LIMIT), None).await?;
    let body = json!({ "nextOffset": data["nextOffset"], "events": data["events"] });
    Ok(ReadResourceResult::new(vec![
        ResourceContents::text(body.to_string(), uri).with_mime_type("application/json"),
    ]))
}

/// Where update notifications go: a legacy `resources/subscribe` peer, or a
/// `subscriptions/listen` stream.
#[derive(Clone)]
pub enum Notifier {
    Peer(Peer<RoleServer>),
    Listen(SubscriptionSink),
}

impl Notifier {
    /// Sends the notification; false once the other side is gone.
    async fn updated(&self, uri: &str) -> bool {
        match self {
            Notifier::Peer(peer) => peer
                .notify_resource_updated(ResourceUpdatedNotificationParam::new(uri))
                .await
                .is_ok(),
            Notifier::Listen(sink) => sink.notify_resource_updated(uri).await.is_ok(),
        }
    }
}

/// The sequence number the next event of the page will have; `Err` when the page cannot be
/// read (gone, or no browser).
async fn newest(daemon: &Daemon, page: u32) -> Result<(Option<u64>, u64), CdtError> {
    let (data, _) = daemon.send(tail(page, 1), None).await?;
    let seq = data["events"][0]["seq"].as_u64();
    Ok((seq, data["nextOffset"].as_u64().unwrap_or(0)))
}

/// Checks the page can be watched now, then watches it until the task is aborted or the
/// client is gone.
pub async fn watch(
    daemon: Daemon,
    uri: String,
    notifier: Notifier,
) -> Result<JoinHandle<()>, CdtError> {
    let page = page_of(&uri)?;
    let (_, mut from) = newest(&daemon, page).await?;
    Ok(tokio::spawn(async move {
        let mut interval = tokio::time::interval(POLL);
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        interval.tick().await;
        loop {
            interval.tick().await;
            // A page that is gone (or a daemon that restarts) is looked at again next time:
            // the client decides when to stop watching.
            let Ok((seq, next)) = newest(&daemon, page).await else {
                continue;
            };
            if seq.is_some_and(|seq| seq >= from) && !notifier.updated(&uri).await {
                return;
            }
            from = from.max(next);
        }
    }))
}

/// Watches by URI; a new subscription to the same URI replaces the old one.
#[derive(Clone, Default)]
pub struct Watches {
    tasks: Arc<Mutex<HashMap<String, JoinHandle<()>>>>,
}

impl Watches {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, JoinHandle<()>>> {
        self.tasks
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn insert(&self, uri: String, task: JoinHandle<()>) {
        if let Some(old) = self.lock().insert(uri, task) {
            old.abort();
        }
    }

    /// Stops watching `uri`; false when it was not watched.
    pub fn remove(&self, uri: &str) -> bool {
        self.lock().remove(uri).map(|task| task.abort()).is_some()
    }

    pub fn stop_all(&self) {
        for (_, task) in self.lock().drain() {
            task.abort();
        }
    }
}

/// The structured result of `cdp_observe` names the page's resource.
pub fn add_uri(data: &mut Value) {
    if let Some(page) = data["page"].as_u64().and_then(|p| u32::try_from(p).ok()) {
        data["resourceUri"] = json!(uri(page));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_name_pages() {
        assert_eq!(page_of("cdp://events/12").ok(), Some(12));
        assert_eq!(uri(3), "cdp://events/3");
        for bad in [
            "cdp://events/",
            "cdp://events/x",
            "file:///etc/passwd",
            "cdp://events/-1",
        ] {
            let error = page_of(bad).err().map(|e| e.code);
            assert_eq!(error, Some(cdt_domain::ErrorCode::ValidationError), "{bad}");
        }
    }
}
