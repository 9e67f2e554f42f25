//! [`Pages`]: the page targets of one browser and the sessions actions use on them. Page
//! targets are tracked from `Target.*` events (so listing pages costs no round-trip); each page
//! gets one flattened session, attached on first use. The same event tracker keeps worlds,
//! uids and dialogs current.
//!
//! Every page operation (`dialogs`, `navigation`, `world`, `page_ops`, `storage`, …) works
//! through a `&Pages`; this module must never depend on them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use cdt_domain::CdtError;
use cdt_domain::interact::DialogInfo;
use cdt_domain::ports::{NavigationOutcome, TargetInfo};
use serde_json::{Value, json};

use crate::page_state::PageState;
use crate::support::str_field;
use crate::transport::{CdpConnection, CdpEvent};

/// The page targets of a browser, their action sessions and per-page state.
pub(crate) struct Pages {
    pub(crate) connection: CdpConnection,
    pub(crate) state: Arc<PageState>,
    targets: Arc<Mutex<Vec<TargetInfo>>>,
    /// Page target → its action session.
    sessions: Arc<Mutex<HashMap<String, String>>>,
    attaching: tokio::sync::Mutex<()>,
}

/// Whether `event` opens a dialog that waits for an answer: not a `beforeunload` prompt, which
/// the event follower accepts at once (a click on a link goes on to its navigation).
pub(crate) fn opens_dialog(event: &CdpEvent) -> bool {
    event.method == "Page.javascriptDialogOpening" && event.params["type"] != "beforeunload"
}

/// The dialog a `Page.javascriptDialogOpening` event announces.
pub(crate) fn dialog_from(params: &Value) -> DialogInfo {
    DialogInfo {
        kind: str_field(params, "type").to_string(),
        message: str_field(params, "message").to_string(),
        default_prompt: str_field(params, "defaultPrompt").to_string(),
        url: str_field(params, "url").to_string(),
    }
}

/// What Chromium told of a page target.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Told {
    /// It exists (new, or listed): added when not known.
    Exists,
    /// What changed of it: taken in only when known (a change told of a page just closed, its
    /// renderer slow to let it go, must not bring it back as a new page).
    Changed,
}

/// Adds a page target, or takes in what changed of one known, as `told` says.
fn upsert(targets: &Mutex<Vec<TargetInfo>>, info: &Value, told: Told) {
    if str_field(info, "type") != "page" {
        return;
    }
    let target = TargetInfo {
        target_id: str_field(info, "targetId").to_string(),
        url: str_field(info, "url").to_string(),
        title: str_field(info, "title").to_string(),
        opener: info["openerId"].as_str().map(str::to_string),
    };
    if target.target_id.is_empty() {
        return;
    }
    if let Ok(mut targets) = targets.lock() {
        match targets.iter_mut().find(|t| t.target_id == target.target_id) {
            Some(existing) => *existing = target,
            None if told == Told::Exists => targets.push(target),
            None => {}
        }
    }
}

fn track(
    event: &CdpEvent,
    targets: &Mutex<Vec<TargetInfo>>,
    sessions: &Mutex<HashMap<String, String>>,
    pages: &PageState,
) {
    if let Some(session) = &event.session_id {
        let action = sessions
            .lock()
            .is_ok_and(|s| s.values().any(|known| known == session));
        let world_event = matches!(
            event.method.as_str(),
            "Runtime.executionContextCreated"
                | "Runtime.executionContextDestroyed"
                | "Runtime.executionContextsCleared"
        );
        if world_event && let Some(page) = page_of_session(session, sessions, pages) {
            pages.worlds.announce(&page, &event.method, &event.params);
        }
        pages.worlds.track(&event.method, &event.params, action);
        track_dialog(event, session, sessions, pages);
        return;
    }
    match event.method.as_str() {
        "Target.targetCreated" => upsert(targets, &event.params["targetInfo"], Told::Exists),
        "Target.targetInfoChanged" => upsert(targets, &event.params["targetInfo"], Told::Changed),
        "Target.targetDestroyed" | "Target.targetCrashed" => {
            let id = str_field(&event.params, "targetId");
            if let Ok(mut targets) = targets.lock() {
                targets.retain(|t| t.target_id != id);
            }
            if let Ok(mut sessions) = sessions.lock() {
                sessions.remove(id);
            }
            pages.worlds.forget(id);
        }
        "Target.detachedFromTarget" => {
            let session = str_field(&event.params, "sessionId");
            if let Ok(mut sessions) = sessions.lock() {
                sessions.retain(|_, s| s != session);
            }
        }
        _ => {}
    }
}

/// The page a session belongs to: an action session of ours, or one of the observer sessions
/// (which also cover popups and iframes).
fn page_of_session(
    session: &str,
    sessions: &Mutex<HashMap<String, String>>,
    pages: &PageState,
) -> Option<String> {
    let action = sessions.lock().ok().and_then(|s| {
        s.iter()
            .find(|(_, v)| v.as_str() == session)
            .map(|(k, _)| k.clone())
    });
    action.or_else(|| {
        pages
            .observed
            .lock()
            .ok()?
            .get(session)
            .map(|o| o.page_target_id.clone())
            .filter(|p| !p.is_empty())
    })
}

/// Keeps the per-page dialog state current from the action sessions' `Page` events.
fn track_dialog(
    event: &CdpEvent,
    session: &str,
    sessions: &Mutex<HashMap<String, String>>,
    pages: &PageState,
) {
    if !matches!(
        event.method.as_str(),
        "Page.javascriptDialogOpening" | "Page.javascriptDialogClosed"
    ) {
        return;
    }
    let target = page_of_session(session, sessions, pages);
    let (Some(target), Ok(mut dialogs)) = (target, pages.dialogs.lock()) else {
        return;
    };
    if opens_dialog(event) {
        dialogs.insert(target, (dialog_from(&event.params), session.to_string()));
    } else if event.method == "Page.javascriptDialogClosed" {
        dialogs.remove(&target);
    }
}

/// Attaches a flattened session of our own to a target and returns its id.
pub(crate) async fn attach(
    connection: &CdpConnection,
    target_id: &str,
) -> Result<String, CdtError> {
    let attached = connection
        .call(
            "Target.attachToTarget",
            json!({ "targetId": target_id, "flatten": true }),
            None,
        )
        .await?;
    Ok(str_field(&attached, "sessionId").to_string())
}

impl Pages {
    pub(crate) fn new(connection: CdpConnection) -> Pages {
        Pages {
            connection,
            state: Arc::default(),
            targets: Arc::default(),
            sessions: Arc::default(),
            attaching: tokio::sync::Mutex::new(()),
        }
    }

    /// Starts the task that follows the browser's events: it tracks targets, sessions, worlds
    /// and dialogs, accepts `beforeunload` prompts and refreshes a page's info after it loads.
    pub(crate) fn follow_events(&self) {
        let mut events = self.connection.subscribe();
        let (tracked_targets, tracked_sessions, tracked_pages) = (
            self.targets.clone(),
            self.sessions.clone(),
            self.state.clone(),
        );
        let dialog_connection = self.connection.clone();
        tokio::spawn(async move {
            while let Some(event) = events.recv().await {
                // `beforeunload` prompts would stall every navigation away; they are accepted.
                if event.method == "Page.javascriptDialogOpening" && !opens_dialog(&event) {
                    if let Some(session) = event.session_id.clone() {
                        let connection = dialog_connection.clone();
                        tokio::spawn(async move {
                            let _ = connection
                                .call(
                                    "Page.handleJavaScriptDialog",
                                    json!({ "accept": true }),
                                    Some(&session),
                                )
                                .await;
                        });
                    }
                    continue;
                }
                // Chromium does not always send a title change for a page it opened (popups,
                // target=_blank): refresh the page's info whenever it finishes loading.
                if event.method == "Page.loadEventFired"
                    && let Some(page) = event
                        .session_id
                        .as_deref()
                        .and_then(|s| page_of_session(s, &tracked_sessions, &tracked_pages))
                {
                    let (connection, targets) =
                        (dialog_connection.clone(), tracked_targets.clone());
                    tokio::spawn(async move {
                        if let Ok(info) = connection
                            .call("Target.getTargetInfo", json!({ "targetId": page }), None)
                            .await
                        {
                            upsert(&targets, &info["targetInfo"], Told::Changed);
                        }
                    });
                }
                track(&event, &tracked_targets, &tracked_sessions, &tracked_pages);
            }
        });
    }

    /// The page targets known now.
    pub(crate) fn list(&self) -> Vec<TargetInfo> {
        self.targets.lock().map(|t| t.clone()).unwrap_or_default()
    }

    /// Records (or updates) a target from its `targetInfo`; only pages are kept.
    pub(crate) fn upsert(&self, info: &Value) {
        upsert(&self.targets, info, Told::Exists);
    }

    /// Forgets a page that was closed.
    pub(crate) fn remove(&self, target_id: &str) {
        if let Ok(mut targets) = self.targets.lock() {
            targets.retain(|t| t.target_id != target_id);
        }
    }

    /// The page a session belongs to (an action session or an observer session).
    pub(crate) fn page_of(&self, session: &str) -> Option<String> {
        page_of_session(session, &self.sessions, &self.state)
    }

    /// The flattened session of a page target, attached (with page lifecycle events) on first use.
    pub(crate) async fn session_for(&self, target_id: &str) -> Result<String, CdtError> {
        let cached = |sessions: &Mutex<HashMap<String, String>>| {
            sessions.lock().ok().and_then(|s| s.get(target_id).cloned())
        };
        if let Some(session) = cached(&self.sessions) {
            return Ok(session);
        }
        let _attaching = self.attaching.lock().await;
        if let Some(session) = cached(&self.sessions) {
            return Ok(session);
        }
        let session = attach(&self.connection, target_id).await?;
        self.connection
            .call("Page.enable", json!({}), Some(&session))
            .await?;
        self.connection
            .call(
                "Page.setLifecycleEventsEnabled",
                json!({ "enabled": true }),
                Some(&session),
            )
            .await?;
        if let Ok(mut sessions) = self.sessions.lock() {
            sessions.insert(target_id.to_string(), session.clone());
        }
        Ok(session)
    }

    /// The page's URL and title now, as the browser holds them (`Target.getTargetInfo`, not an
    /// evaluation in the page, whose `location` and `document.title` a page can redefine to
    /// detect or mislead cdt); also recorded in the target list.
    pub(crate) async fn location(&self, target_id: &str) -> Result<NavigationOutcome, CdtError> {
        let info = self
            .connection
            .call(
                "Target.getTargetInfo",
                json!({ "targetId": target_id }),
                None,
            )
            .await?;
        let info = &info["targetInfo"];
        let url = info["url"].as_str().unwrap_or_default().to_string();
        let outcome = NavigationOutcome {
            title: own_title(info["title"].as_str().unwrap_or_default(), &url),
            url,
            status: None,
        };
        if let Ok(mut targets) = self.targets.lock()
            && let Some(target) = targets.iter_mut().find(|t| t.target_id == target_id)
        {
            target.url.clone_from(&outcome.url);
            target.title.clone_from(&outcome.title);
        }
        Ok(outcome)
    }
}

/// A target's title, or empty when the page has none: Chromium then shows the URL without its
/// scheme (`127.0.0.1:8765/a.html`), or the whole URL (`about:blank`).
fn own_title(title: &str, url: &str) -> String {
    let bare = url.split_once("://").map_or(url, |(_, rest)| rest);
    if title == url || title == bare {
        String::new()
    } else {
        title.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::{Mutex, Told, own_title, upsert};

    #[test]
    fn the_url_chromium_shows_for_an_untitled_page_is_no_title() {
        assert_eq!(
            own_title("127.0.0.1:8765/a.html", "http://127.0.0.1:8765/a.html"),
            ""
        );
        assert_eq!(own_title("about:blank", "about:blank"), "");
        assert_eq!(own_title("Shop", "http://127.0.0.1:8765/a.html"), "Shop");
    }

    /// A page closed while its renderer was slow to let it go may still be told of (its title,
    /// its URL) after cdt forgot it: that does not bring it back, as a new page, into the list.
    #[test]
    fn a_change_told_of_a_page_no_longer_known_does_not_bring_it_back() {
        let targets = Mutex::new(Vec::new());
        let info = |id: &str, title: &str| serde_json::json!({ "type": "page", "targetId": id, "url": "http://x/", "title": title });
        upsert(&targets, &info("A", "One"), Told::Exists);
        upsert(&targets, &info("A", "Two"), Told::Changed);
        upsert(&targets, &info("B", "Closed"), Told::Changed);
        let known: Vec<(String, String)> = targets
            .lock()
            .map(|t| {
                t.iter()
                    .map(|t| (t.target_id.clone(), t.title.clone()))
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(known, vec![("A".to_string(), "Two".to_string())]);
    }
}
