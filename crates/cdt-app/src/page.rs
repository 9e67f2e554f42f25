//! Page use cases: open, list, use, close, navigate. Each auto-starts the caller's browser.
//! Mutations of one page are serialized by that page's lock (`mutation.rs`); listing never
//! waits for them.

use std::sync::Arc;

use cdt_domain::ops::{
    NavigatedReply, PageCloseReply, PageListReply, PageNavigateParams, PageOpenParams,
};
use cdt_domain::{CdtError, PageId, PageInfo, WaitUntil};
use serde_json::json;
use tokio::time::Instant;

use crate::context::Scope;
use crate::context::resolve_page;
use crate::dispatch::use_case;
use crate::mutation::{Dialogs, lock_page};
use crate::slot::Slot;

use_case!(PageOpen, |scope, params, until| open(scope, &params, until)
    .await);
use_case!(PageList, |scope, _, until| list(scope, until).await);
use_case!(PageUse, |scope, params, until| use_page(
    scope, params.id, until
)
.await);
use_case!(PageClose, |scope, params, until| close(
    scope, params.id, until
)
.await);
use_case!(PageNavigate, |scope, params, until| navigate(
    scope, &params, until
)
.await);

/// Adds a scheme to bare hosts (`example.com` → `https://example.com`, `localhost:8080` →
/// `http://…`) and refuses what cannot be navigated to.
pub fn normalize_url(raw: &str) -> Result<String, CdtError> {
    let url = raw.trim();
    if url.is_empty() {
        return Err(CdtError::validation("the URL is empty")
            .hinted("Pass a URL, e.g. cdt page open https://example.com"));
    }
    let lower = url.to_ascii_lowercase();
    if lower.starts_with("javascript:") {
        return Err(CdtError::validation("javascript: URLs are not navigations")
            .hinted("Run script with: cdt runtime eval '<expression>'"));
    }
    let has_scheme = url.split_once(':').is_some_and(|(scheme, rest)| {
        !scheme.is_empty()
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
            && (rest.starts_with("//")
                || matches!(
                    scheme.to_ascii_lowercase().as_str(),
                    "about" | "data" | "blob" | "chrome" | "view-source"
                ))
    });
    if has_scheme {
        return Ok(url.to_string());
    }
    if url.contains(char::is_whitespace) {
        return Err(CdtError::validation(format!("{url:?} is not a URL"))
            .hinted("Pass a full URL, e.g. https://example.com/path"));
    }
    let local = ["localhost", "127.", "[::1]", "0.0.0.0"]
        .iter()
        .any(|prefix| lower.starts_with(prefix));
    Ok(format!("{}://{url}", if local { "http" } else { "https" }))
}

/// Navigates page `id`; the caller holds its mutation lock (taken before an init script is
/// installed, so the script's add, the navigation and its removal are one mutation).
async fn navigate_page(
    slot: &Arc<Slot>,
    (id, target): (PageId, &str),
    url: &str,
    wait_until: WaitUntil,
    until: Instant,
) -> Result<NavigatedReply, CdtError> {
    let browser = slot.live_browser()?;
    let navigation = browser.navigate(target, url, wait_until);
    let outcome =
        crate::quiet::within_budget(slot, (id, target), wait_until, until, navigation).await;
    let outcome = outcome.map_err(|error| {
        let details = if error.details.is_object() {
            error.details.clone()
        } else {
            json!({})
        };
        let mut details = details;
        details["page"] = json!(id);
        error.with_details(details)
    })?;
    crate::interact::snapshot::prepare(slot, browser, target, wait_until);
    let current = slot.pages().current() == Some(id);
    Ok(NavigatedReply::reached(id, outcome, current))
}

pub async fn open(
    scope: &Scope<'_>,
    params: &PageOpenParams,
    until: Instant,
) -> Result<NavigatedReply, CdtError> {
    let url = normalize_url(&params.url)?;
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let browser = slot.live_browser()?;
    let reused = if params.background {
        None
    } else {
        slot.pages().take_pristine()
    };
    let (id, target) = match reused {
        Some(found) => found,
        None => {
            let target = browser.create_page(params.background).await?;
            let id = slot
                .pages()
                .id_of(&target)
                .ok_or_else(|| CdtError::internal("a new page was not tracked"))?;
            (id, target)
        }
    };
    if !params.background {
        slot.pages().set_current(id);
    }
    let _mutating = lock_page(&slot, browser.as_ref(), id, &target, Dialogs::Ignore).await?;
    let navigation = navigate_page(&slot, (id, &target), &url, params.wait_until, until);
    crate::init_script::around(
        browser.as_ref(),
        &target,
        params.init_script.as_deref(),
        params.persist,
        navigation,
    )
    .await
}

pub async fn list(scope: &Scope<'_>, until: Instant) -> Result<PageListReply, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    Ok(PageListReply {
        pages: slot.pages().list(),
    })
}

pub async fn use_page(scope: &Scope<'_>, id: u32, until: Instant) -> Result<PageInfo, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let (id, target) = resolve_page(&slot, Some(id))?;
    if let Some(browser) = slot.browser() {
        browser.activate(&target).await?;
    }
    slot.pages().set_current(id);
    // Closed in the meantime: as if it never was.
    slot.pages().info(id).ok_or_else(|| {
        CdtError::new(
            cdt_domain::ErrorCode::PageNotFound,
            format!("page {id} closed while it was made current"),
        )
        .run::<cdt_domain::ops::op::PageList>("")
    })
}

pub async fn close(
    scope: &Scope<'_>,
    id: Option<u32>,
    until: Instant,
) -> Result<PageCloseReply, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let (id, target) = resolve_page(&slot, id)?;
    if let Some(browser) = slot.browser() {
        // Closing works whatever the page shows, a dialog included.
        let _mutating = lock_page(&slot, browser.as_ref(), id, &target, Dialogs::Ignore).await?;
        browser.close_page(&target).await?;
    }
    Ok(PageCloseReply {
        closed: id,
        current_page: slot.pages().current(),
    })
}

pub async fn navigate(
    scope: &Scope<'_>,
    params: &PageNavigateParams,
    until: Instant,
) -> Result<NavigatedReply, CdtError> {
    let url = normalize_url(&params.url)?;
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let (id, target) = resolve_page(&slot, params.page)?;
    let browser = slot.live_browser()?;
    let _mutating = lock_page(&slot, browser.as_ref(), id, &target, Dialogs::Refuse).await?;
    let navigation = navigate_page(&slot, (id, &target), &url, params.wait_until, until);
    crate::init_script::around(
        browser.as_ref(),
        &target,
        params.init_script.as_deref(),
        params.persist,
        navigation,
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_normalized_or_refused() {
        let cases = [
            ("example.com", "https://example.com"),
            ("localhost:8080/x", "http://localhost:8080/x"),
            ("127.0.0.1:9/a", "http://127.0.0.1:9/a"),
            ("http://127.0.0.1:9/a", "http://127.0.0.1:9/a"),
            ("about:blank", "about:blank"),
            ("data:text/html,hi", "data:text/html,hi"),
            ("file:///tmp/x.html", "file:///tmp/x.html"),
        ];
        for (given, normalized) in cases {
            assert_eq!(normalize_url(given).ok().as_deref(), Some(normalized));
        }
        for refused in ["  ", "javascript:alert(1)", "two words"] {
            assert!(normalize_url(refused).is_err(), "{refused:?} accepted");
        }
    }
}
