//! The resource template `cdp://events/{targetId}` (seed 002; a cdt page id works too):
//! reading it returns the target's newest events as `{nextOffset, events}`; subscribing to it
//! sends `notifications/resources/updated` when new events arrive.
//!
//! Watching is polling the daemon's `events.read` (newest event of the page only: one cheap
//! request) every [`POLL`], so notifications are coalesced to at most four a second per
//! resource. Reads and polls are passive: they never start the daemon or a browser and never
//! keep the context's lease alive, so an idle context still times out. A watch ends when its
//! target is gone (after one last notification, so the client reads the error), when the
//! client is gone, or when it unsubscribes; one watch per target, whatever the URI's spelling.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use cdt_domain::ops::{EventsReadParams, Operation};
use cdt_domain::time::now_unix_ms;
use cdt_domain::{CdtError, ErrorCode};
use rmcp::model::{
    ReadResourceResult, ResourceContents, ResourceTemplate, ResourceUpdatedNotificationParam,
};
use rmcp::service::{Peer, RoleServer, SubscriptionSink};
use serde_json::{Value, json};
use tokio::task::JoinHandle;

use crate::daemon::Daemon;
use crate::sync::lock;

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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
    if !id.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(Events::Target(id.to_string()));
    }
    // One spelling per page: `cdp://events/01` is not another resource of page 1.
    match id.parse::<u32>() {
        Ok(page) if page.to_string() == id => Ok(Events::Page(page)),
        _ => Err(
            CdtError::validation(format!("{uri:?} is not how a page's events are named")).hinted(
                format!(
                    "Use {PREFIX}{} (the page id from list_pages, without leading zeros)",
                    id.trim_start_matches('0')
                ),
            ),
        ),
    }
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
    let (data, _) = daemon.peek(tail(&events, READ_LIMIT)).await?;
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

/// The target's newest event (its sequence number and wall-clock ms) and the sequence number
/// the next will have; `Err` when it cannot be read (gone, or no browser).
async fn newest(daemon: &Daemon, events: &Events) -> Result<(Option<(u64, u64)>, u64), CdtError> {
    let (data, _) = daemon.peek(tail(events, 1)).await?;
    let event = &data["events"][0];
    let newest = event["seq"]
        .as_u64()
        .map(|seq| (seq, event["ts"].as_u64().unwrap_or(0)));
    Ok((newest, data["nextOffset"].as_u64().unwrap_or(0)))
}

/// When each resource's subscription was acknowledged (`subscriptions/listen`): the client may
/// act the moment it is, before its watch reads where the events stand, so the watch tells of
/// events from that moment on. The earliest moment not yet taken is kept per resource (a second
/// listen of the same resource meanwhile is at worst told once too often).
#[derive(Clone, Default)]
pub struct Acknowledged {
    at: Arc<Mutex<HashMap<String, u64>>>,
}

impl Acknowledged {
    pub fn record(&self, uri: &str) {
        lock(&self.at)
            .entry(uri.to_string())
            .or_insert_with(now_unix_ms);
    }

    pub fn take(&self, uri: &str) -> Option<u64> {
        lock(&self.at).remove(uri)
    }
}

/// Failures that mean the watched target is gone for good (not a slow moment).
fn is_gone(error: &CdtError) -> bool {
    matches!(
        error.code,
        ErrorCode::PageNotFound
            | ErrorCode::TargetNotFound
            | ErrorCode::SessionNotFound
            | ErrorCode::DaemonUnavailable
    )
}

/// Polls in a row that found the target gone before the watch ends.
const GONE_POLLS: u32 = 4;

/// Checks the target can be watched now, then watches it until it is gone, the client is
/// gone, or the task is aborted. Events from `since` (wall-clock ms) on are told of, else
/// those from now on.
pub async fn watch(
    daemon: Daemon,
    uri: String,
    notifier: Notifier,
    since: Option<u64>,
) -> Result<JoinHandle<()>, CdtError> {
    let events = events_of(&uri)?;
    let (newest_now, next) = newest(&daemon, &events).await?;
    let mut from = told_from(newest_now, next, since);
    Ok(tokio::spawn(async move {
        let mut interval = tokio::time::interval(POLL);
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        interval.tick().await;
        let mut gone = 0;
        loop {
            interval.tick().await;
            match newest(&daemon, &events).await {
                Ok((seq, next)) => {
                    gone = 0;
                    let seq = seq.map(|(seq, _)| seq);
                    if seq.is_some_and(|seq| seq >= from) && !notifier.updated(&uri).await {
                        return;
                    }
                    from = from.max(next);
                }
                Err(error) if is_gone(&error) => {
                    gone += 1;
                    if gone >= GONE_POLLS {
                        // Told once more, the client reads the resource and gets the error.
                        notifier.updated(&uri).await;
                        return;
                    }
                }
                // A slow moment (a timeout): looked at again next time.
                Err(_) => {}
            }
        }
    }))
}

/// The first sequence number a new watch tells of, given the newest event now (seq, ms) and
/// the next seq: the next, unless the newest came at or after `since` (between the
/// acknowledgement and now), which is then told of at the first poll.
fn told_from(newest: Option<(u64, u64)>, next: u64, since: Option<u64>) -> u64 {
    match (newest, since) {
        (Some((seq, ts)), Some(since)) if ts >= since => seq,
        _ => next,
    }
}

/// Tasks that end when their owner drops them.
#[derive(Default)]
struct Tasks(HashMap<Events, JoinHandle<()>>);

impl Drop for Tasks {
    fn drop(&mut self) {
        for task in self.0.values() {
            task.abort();
        }
    }
}

/// The watches of one client, one per target (a second subscription to it replaces the first);
/// every task ends when the last handle on them is dropped.
#[derive(Clone, Default)]
pub struct Watches {
    tasks: Arc<Mutex<Tasks>>,
}

impl Watches {
    fn lock(&self) -> MutexGuard<'_, Tasks> {
        lock(&self.tasks)
    }

    pub fn insert(&self, uri: &str, task: JoinHandle<()>) {
        let Ok(events) = events_of(uri) else {
            task.abort();
            return;
        };
        if let Some(old) = self.lock().0.insert(events, task) {
            old.abort();
        }
    }

    /// Stops watching `uri`; false when it was not watched.
    pub fn remove(&self, uri: &str) -> bool {
        let Ok(events) = events_of(uri) else {
            return false;
        };
        self.lock()
            .0
            .remove(&events)
            .map(|task| task.abort())
            .is_some()
    }

    /// How many watches run (finished ones are not counted).
    #[cfg(test)]
    fn running(&self) -> usize {
        self.lock()
            .0
            .values()
            .filter(|task| !task.is_finished())
            .count()
    }

    pub fn stop_all(&self) {
        for (_, task) in self.lock().0.drain() {
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
        // One spelling per page: these would have made extra pollers of page 1.
        assert!(events_of("cdp://events/01").is_err());
        assert_eq!(
            events_of("cdp://events/+1").ok(),
            Some(Events::Target("+1".into())),
            "not a page id: a target id no browser has"
        );
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

    #[test]
    fn a_watch_tells_of_what_came_after_the_acknowledgement_only() {
        // The client fetched between the acknowledgement (at 1000 ms) and the watch's start.
        assert_eq!(told_from(Some((7, 1005)), 8, Some(1000)), 7);
        assert_eq!(told_from(Some((7, 1000)), 8, Some(1000)), 7);
        // The newest event is older: only what comes next is told of.
        assert_eq!(told_from(Some((7, 999)), 8, Some(1000)), 8);
        assert_eq!(told_from(Some((7, 1005)), 8, None), 8);
        assert_eq!(told_from(None, 0, Some(1000)), 0);
    }

    /// Regression: a watch task outlived its client (a failed second URI left the first one
    /// polling). Dropping the last handle on the watches ends every task.
    #[tokio::test]
    async fn dropping_the_watches_ends_their_tasks() {
        let watches = Watches::default();
        let (alive, mut ended) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            let _alive = alive;
            tokio::time::sleep(Duration::from_secs(3600)).await;
        });
        watches.insert("cdp://events/1", task);
        let clone = watches.clone();
        drop(watches);
        tokio::task::yield_now().await;
        assert!(
            ended
                .try_recv()
                .is_err_and(|e| e == tokio::sync::oneshot::error::TryRecvError::Empty)
        );
        assert_eq!(clone.running(), 1);
        drop(clone);
        let closed = tokio::time::timeout(Duration::from_secs(5), ended).await;
        assert!(matches!(closed, Ok(Err(_))), "the task still runs");
    }

    #[tokio::test]
    async fn a_second_watch_of_a_page_replaces_the_first_whatever_the_uri() {
        let watches = Watches::default();
        let first = tokio::spawn(tokio::time::sleep(Duration::from_secs(3600)));
        let second = tokio::spawn(tokio::time::sleep(Duration::from_secs(3600)));
        watches.insert("cdp://events/7", first);
        watches.insert("cdp://events/7", second);
        tokio::task::yield_now().await;
        assert_eq!(watches.running(), 1);
        assert!(watches.remove("cdp://events/7"));
        assert!(!watches.remove("cdp://events/7"));
    }
}
