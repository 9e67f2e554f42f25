//! Navigation of a page: to a URL, through its history, or a reload, each waiting (unless told
//! not to) until the main frame reaches the lifecycle point asked for, and each answering
//! `DIALOG_BLOCKING` at once if a dialog opens on the way.

use cdt_domain::ops::op;
use cdt_domain::ports::NavigationOutcome;
use cdt_domain::{CdtError, ErrorCode, WaitUntil};
use serde_json::json;

use crate::dialogs::until_dialog;
use crate::pages::Pages;
use crate::support::{browser_gone, str_field};
use crate::transport::EventStream;

/// The `Page.lifecycleEvent` name `wait_until` waits for; `None` waits for nothing.
fn lifecycle_name(wait_until: WaitUntil) -> Option<&'static str> {
    match wait_until {
        WaitUntil::Load => Some("load"),
        WaitUntil::Domcontentloaded => Some("DOMContentLoaded"),
        WaitUntil::Networkidle => Some("networkIdle"),
        WaitUntil::None => None,
    }
}

pub(crate) async fn navigate(
    pages: &Pages,
    target_id: &str,
    url: &str,
    wait_until: WaitUntil,
) -> Result<NavigationOutcome, CdtError> {
    let session = pages.session_for(target_id).await?;
    let mut events = pages.connection.subscribe();
    let reply = pages
        .connection
        .call("Page.navigate", json!({ "url": url }), Some(&session))
        .await?;
    let error_text = str_field(&reply, "errorText");
    if !error_text.is_empty() {
        return Err(CdtError::new(
            ErrorCode::NavigationFailed,
            format!("navigation to {url} failed: {error_text}"),
        )
        .with_details(json!({ "url": url, "errorText": error_text }))
        .hinted(format!(
            "Check that {url} is reachable from this machine (curl -I {url})"
        )));
    }
    let (frame, loader) = (
        str_field(&reply, "frameId").to_string(),
        str_field(&reply, "loaderId").to_string(),
    );
    if let Some(name) = lifecycle_name(wait_until).filter(|_| !loader.is_empty()) {
        let reached = async {
            loop {
                let event = events.recv().await.ok_or_else(|| {
                    CdtError::new(
                        ErrorCode::CdpDisconnected,
                        "the browser went away during navigation",
                    )
                    .run::<op::SessionRestart>("")
                })?;
                let p = &event.params;
                if event.session_id.as_deref() == Some(session.as_str())
                    && event.method == "Page.lifecycleEvent"
                    && str_field(p, "name") == name
                    && str_field(p, "frameId") == frame
                    && str_field(p, "loaderId") == loader
                {
                    return Ok(());
                }
            }
        };
        // A page that opens a dialog while loading never reaches `load`: say so at once.
        until_dialog(pages, target_id, reached).await?;
    }
    if wait_until == WaitUntil::None {
        return Ok(NavigationOutcome {
            url: url.to_string(),
            title: String::new(),
        });
    }
    pages.location(target_id).await
}

/// Waits for the main frame to reach `wait_until` after a navigation the caller started.
async fn wait_main_frame(
    page: &str,
    session: &str,
    mut events: EventStream,
    wait_until: WaitUntil,
) -> Result<(), CdtError> {
    let Some(name) = lifecycle_name(wait_until) else {
        return Ok(());
    };
    while let Some(event) = events.recv().await {
        if event.session_id.as_deref() != Some(session) {
            continue;
        }
        let p = &event.params;
        let restored =
            event.method == "Page.frameNavigated" && p["type"] == "BackForwardCacheRestore";
        let same_document =
            event.method == "Page.navigatedWithinDocument" && str_field(p, "frameId") == page;
        let reached = event.method == "Page.lifecycleEvent"
            && str_field(p, "name") == name
            && str_field(p, "frameId") == page;
        if restored || same_document || reached {
            return Ok(());
        }
    }
    Err(browser_gone())
}

/// After a history navigation or reload the caller started: waits for the main frame (or a
/// dialog), then reads where the page is.
async fn settle(
    pages: &Pages,
    page: &str,
    session: &str,
    events: EventStream,
    wait_until: WaitUntil,
) -> Result<NavigationOutcome, CdtError> {
    until_dialog(
        pages,
        page,
        wait_main_frame(page, session, events, wait_until),
    )
    .await?;
    pages.location(page).await
}

pub(crate) async fn go_history(
    pages: &Pages,
    page: &str,
    delta: i32,
    wait_until: WaitUntil,
) -> Result<Option<NavigationOutcome>, CdtError> {
    let session = pages.session_for(page).await?;
    let history = pages
        .connection
        .call("Page.getNavigationHistory", json!({}), Some(&session))
        .await?;
    let index = history["currentIndex"].as_i64().unwrap_or(0) + i64::from(delta);
    let Some(entry) = history["entries"]
        .as_array()
        .and_then(|entries| usize::try_from(index).ok().and_then(|i| entries.get(i)))
    else {
        return Ok(None);
    };
    let events = pages.connection.subscribe();
    pages
        .connection
        .call(
            "Page.navigateToHistoryEntry",
            json!({ "entryId": entry["id"] }),
            Some(&session),
        )
        .await?;
    settle(pages, page, &session, events, wait_until)
        .await
        .map(Some)
}

pub(crate) async fn reload_page(
    pages: &Pages,
    page: &str,
    ignore_cache: bool,
    wait_until: WaitUntil,
) -> Result<NavigationOutcome, CdtError> {
    let session = pages.session_for(page).await?;
    let events = pages.connection.subscribe();
    pages
        .connection
        .call(
            "Page.reload",
            json!({ "ignoreCache": ignore_cache }),
            Some(&session),
        )
        .await?;
    settle(pages, page, &session, events, wait_until).await
}
