//! The resource template `cdp://events/{targetId}` (seed 002; a cdt page id works too):
//! reading it returns the target's newest events as `{nextOffset, events}`; subscribing to it
//! sends `notifications/resources/updated` when new events arrive.
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

pub const TEMPLATE: &str = "cdp://events/{targetId}";
const PREFIX: &str = "cdp://events/";
/// Events returned by `resources/read`.
pub const READ_LIMIT: usize = 200;
/// Time between two looks for new events of a watched page.
pub const POLL: Duration = Duration::from_millis(250);

pub fn template() -> ResourceTemplate {
    ResourceTemplate::new(TEMPLATE, "events")
        .with_description("Console and network events of a target (a CDP targetId from cdp_list_targets, or a cdt page id): {nextOffset, events} (the newest 200). Subscribe to be told when new ones arrive.")
        .with_mime_type("application/json")
}

/// What a `cdp://events/…` URI names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Events {
    /// A cdt page id (`cdp://events/2`).
    Page(u32),
    /// A CDP target id (`cdp://events/5D1F…`).
    Target(String),
}

pub fn uri(events: &Events) -> String {
    match events {
        Events::Page(page) => format!("{PREFIX}{page}"),
        Events::Target(target) => format!("{PREFIX}{target}"),
    }
}

/// What a `cdp://events/{targetId}` URI names: digits are a cdt page id, anything else a
/// CDP target id.
pub fn events_of(uri: &str) -> Result<Events, CdtError> {
    let bad = || {
        CdtError::validation(format!("{uri:?} is not a cdp://events/{{targetId}} URI"))
            .hinted("Use a target id from cdp_list_targets (or a page id from list_pages)")
    };
    let id = uri.strip_prefix(PREFIX).ok_or_else(bad)?;
    if id.is_empty() || id.contains(['/', '?', '#']) || id.chars().any(char::is_whitespace) {
        return Err(bad());
    }
    Ok(match id.parse() {
        Ok(page) => Events::Page(page),
        Err(_) => Events::Target(id.to_string()),
    })
}

fn tail(events: &Events, limit: usize) -> Operation {
    let (page, target_id) = match events {
        Events::Page(page) => (Some(*page), None),
        Events::Target(target) => (None, Some(target.clone())),
    };
    Operation::EventsRead(EventsReadParams {
        page,
        target_id,
        tail: true,
        limit: Some(limit),
        ..EventsReadParams::default()
    })
}

/// `resources/read`: the newest events of the target.
pub async fn read(daemon: &Daemon, uri: &str) -> Result<ReadResourceResult, CdtError> {
    let events = events_of(uri)?;
    let (data, _) = daemon.send(tail(&events, READ_LIMIT), None).await?;
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

/// The sequence number the next event of the target will have; `Err` when it cannot be read
/// (gone, or no browser).
async fn newest(daemon: &Daemon, events: &Events) -> Result<(Option<u64>, u64), CdtError> {
    let (data, _) = daemon.send(tail(events, 1), None).await?;
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
    let events = events_of(&uri)?;
    let (_, mut from) = newest(&daemon, &events).await?;
    Ok(tokio::spawn(async move {
        let mut interval = tokio::time::interval(POLL);
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        interval.tick().await;
        loop {
            interval.tick().await;
            // A page that is gone (or a daemon that restarts) is looked at again next time:
            // the client decides when to stop watching.
            let Ok((seq, next)) = newest(&daemon, &events).await else {
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

/// The structured result of `cdp_observe` names the target's resource.
pub fn add_uri(data: &mut Value) {
    let events = match (data["targetId"].as_str(), data["page"].as_u64()) {
        (Some(target), _) => Events::Target(target.to_string()),
        (None, Some(page)) => Events::Page(u32::try_from(page).unwrap_or(u32::MAX)),
        (None, None) => return,
    };
    data["resourceUri"] = json!(uri(&events));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_name_targets_or_pages() {
        assert_eq!(events_of("cdp://events/12").ok(), Some(Events::Page(12)));
        assert_eq!(
            events_of("cdp://events/5D1F0A").ok(),
            Some(Events::Target("5D1F0A".into()))
        );
        // Seed 002's own example id.
        assert_eq!(
            events_of("cdp://events/-abc").ok(),
            Some(Events::Target("-abc".into()))
        );
        assert_eq!(uri(&Events::Page(3)), "cdp://events/3");
        for bad in [
            "cdp://events/",
            "cdp://events/a/b",
            "file:///etc/passwd",
            "cdp://events/a b",
        ] {
            let error = events_of(bad).err().map(|e| e.code);
            assert_eq!(error, Some(cdt_domain::ErrorCode::ValidationError), "{bad}");
        }
    }
}
