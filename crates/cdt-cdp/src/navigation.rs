//! Navigation of a page: to a URL, through its history, or a reload, each waiting (unless told
//! not to) until the main frame reaches the lifecycle point asked for, and each answering
//! `DIALOG_BLOCKING` at once if a dialog opens on the way.

use cdt_domain::ports::NavigationOutcome;
use cdt_domain::{CdtError, ErrorCode, WaitUntil};
use serde_json::{Value, json};
use std::collections::HashSet;
use std::time::Duration;
use tokio::time::{Instant, timeout_at};

use crate::dialogs::until_dialog;
use crate::emulation::is_frame;
use crate::pages::Pages;
use crate::support::{browser_gone, lock, str_field};
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
    let events = pages.connection.subscribe();
    let reply = pages
        .connection
        .call("Page.navigate", json!({ "url": url }), Some(&session))
        .await?;
    let error_text = str_field(&reply, "errorText");
    if !error_text.is_empty() {
        return Err(navigation_failed(url, error_text));
    }
    let loader = str_field(&reply, "loaderId").to_string();
    let mut status = None;
    if !loader.is_empty() {
        let point = Point {
            pages,
            page: target_id,
            session: &session,
            loader: Some(&loader),
        };
        // A page that opens a dialog while loading never reaches `load`: say so at once.
        status = until_dialog(pages, target_id, point.reached(events, wait_until)).await?;
    }
    if wait_until == WaitUntil::None {
        return Ok(NavigationOutcome {
            url: url.to_string(),
            ..NavigationOutcome::default()
        });
    }
    let outcome = pages.location(target_id).await?;
    Ok(NavigationOutcome { status, ..outcome })
}

/// Why the browser could not load a URL, as far as its network error tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LoadFailure {
    /// The server asks for HTTP authentication (401) and took no credentials.
    AuthRequired,
    /// Nothing accepts connections at that host and port.
    Refused,
    /// The host name does not resolve.
    UnknownHost,
    /// The TLS handshake or the server's certificate failed.
    Tls,
    /// Chromium never connects to that port (a well-known port of another protocol).
    UnsafePort,
    Other,
}

impl LoadFailure {
    fn of(error_text: &str) -> LoadFailure {
        match error_text {
            "net::ERR_INVALID_AUTH_CREDENTIALS" => LoadFailure::AuthRequired,
            "net::ERR_CONNECTION_REFUSED" => LoadFailure::Refused,
            "net::ERR_NAME_NOT_RESOLVED" => LoadFailure::UnknownHost,
            "net::ERR_UNSAFE_PORT" => LoadFailure::UnsafePort,
            text if text.starts_with("net::ERR_CERT_") || text.starts_with("net::ERR_SSL_") => {
                LoadFailure::Tls
            }
            _ => LoadFailure::Other,
        }
    }
}

/// `NAVIGATION_FAILED` for a URL the browser could not load, saying why and what to do when its
/// network error tells (`details.errorText` is Chromium's).
fn navigation_failed(url: &str, error_text: &str) -> CdtError {
    let parsed = url::Url::parse(url).ok();
    let origin = parsed
        .as_ref()
        .map_or_else(|| url.to_string(), |u| u.origin().ascii_serialization());
    let (why, hints) = match LoadFailure::of(error_text) {
        LoadFailure::AuthRequired => (
            "the server asks for HTTP authentication (401), and took no credentials (none given, or wrong)"
                .to_string(),
            vec![
                format!(
                    "Put the user and password in the URL: cdt page navigate '{}'",
                    with_credentials(parsed.as_ref(), url)
                ),
                format!(
                    "Or send the header with every request: cdt network route '{origin}/*' --action modify --header 'Authorization: Basic <base64 of user:password>'"
                ),
            ],
        ),
        LoadFailure::Refused => (
            format!("nothing accepts connections at {origin}"),
            vec![format!(
                "Start the server, or check the port (curl -I {url})"
            )],
        ),
        LoadFailure::UnknownHost => (
            format!("the host name of {origin} does not resolve"),
            vec!["Check the host name; this machine may reach only some networks".to_string()],
        ),
        LoadFailure::Tls => (
            format!("the TLS connection to {origin} failed"),
            vec![format!(
                "Check that the server speaks HTTPS on that port (a plain one: {})",
                url.replacen("https://", "http://", 1)
            )],
        ),
        LoadFailure::UnsafePort => (
            "Chromium never connects to that port (it belongs to another protocol)".to_string(),
            vec!["Serve the page on another port".to_string()],
        ),
        LoadFailure::Other => (
            "the browser could not load it".to_string(),
            vec![format!(
                "Check that {url} is reachable from this machine (curl -I {url})"
            )],
        ),
    };
    let error = CdtError::new(
        ErrorCode::NavigationFailed,
        format!("navigation to {url} failed: {why} ({error_text})"),
    )
    .with_details(json!({ "url": url, "errorText": error_text }));
    hints.into_iter().fold(error, CdtError::hinted)
}

/// `url` with `USER:PASSWORD@` before its host, for an example.
fn with_credentials(parsed: Option<&url::Url>, url: &str) -> String {
    let Some(mut example) = parsed.cloned() else {
        return url.to_string();
    };
    if example.set_username("USER").is_err() || example.set_password(Some("PASSWORD")).is_err() {
        return url.to_string();
    }
    example.to_string()
}

/// Where a wait for a lifecycle point listens: the main frame of a page (its id is the page's)
/// on its session, and the document a navigation created (its loader), when the navigation said
/// which; after a history navigation or a reload it is learnt from the frame's first new
/// document (`init`, or the navigation's start): a fresh tab may first commit a document of its
/// own, which says `load` and `networkIdle` at once and is not the one asked for.
struct Point<'a> {
    pages: &'a Pages,
    page: &'a str,
    session: &'a str,
    loader: Option<&'a str>,
}

/// Whether a frame's event tells a new document starting: its `init` lifecycle point, or the
/// start of a navigation that leaves the document.
fn starts_document(method: &str, params: &Value) -> bool {
    match method {
        "Page.lifecycleEvent" => str_field(params, "name") == "init",
        "Page.frameStartedNavigating" => !matches!(
            str_field(params, "navigationType"),
            "sameDocument" | "historySameDocument"
        ),
        _ => false,
    }
}

/// How long `networkidle` wants the network quiet once the page has loaded: no request of the
/// page in flight for this long (Playwright's rule). Chromium's own `networkIdle` lifecycle event
/// comes up to two seconds after a still page went quiet (it is checked when the page runs a task,
/// or by a two-second watchdog), so it is taken only when it comes first.
const NETWORK_QUIET: Duration = Duration::from_millis(cdt_domain::NETWORK_QUIET_MS);

impl Point<'_> {
    /// Whether `session` observes a frame of the page (the page itself, or a frame of it in a
    /// process of its own), whose requests are the page's.
    fn observes_frame(&self, session: &str) -> bool {
        lock(&self.pages.state.observed)
            .get(session)
            .is_some_and(|o| o.page_target_id == self.page && is_frame(&o.target_type))
    }

    /// Waits until the frame reaches `wait_until`. A page restored from the back/forward cache
    /// or moved within its document (after a history navigation or a reload, where no loader is
    /// known) fires no lifecycle events: that is reaching it too. A document that replaces the
    /// one waited for is waited for instead: one that starts while it loads (a script's
    /// `location.replace`), or whose navigation the page asks for while it loads or within [`REDIRECT_LINGER`] of
    /// `load` (a `<meta http-equiv=refresh content=0>`, a redirect from a load handler), up to
    /// [`REDIRECTS_FOLLOWED`]. Answers the HTTP status of the document reached, when its
    /// response was seen while this waited.
    async fn reached(
        &self,
        mut events: EventStream,
        wait_until: WaitUntil,
    ) -> Result<Option<u16>, CdtError> {
        let Some(name) = lifecycle_name(wait_until) else {
            return Ok(None);
        };
        let mut progress = Progress::new(self.loader, wait_until == WaitUntil::Networkidle);
        loop {
            let next = match progress.deadline() {
                Some(deadline) => match timeout_at(deadline, events.recv()).await {
                    Ok(event) => event,
                    Err(_) => return Ok(progress.status()),
                },
                None => events.recv().await,
            };
            let event = next.ok_or_else(browser_gone)?;
            let session = event.session_id.as_deref().unwrap_or_default();
            let p = &event.params;
            let this_frame = session == self.session && str_field(p, "frameId") == self.page;
            if this_frame && progress.frame_event(&event.method, p, name) {
                return Ok(progress.status());
            }
            match event.method.as_str() {
                "Page.frameNavigated"
                    if self.loader.is_none()
                        && session == self.session
                        && p["type"] == "BackForwardCacheRestore" =>
                {
                    return Ok(None);
                }
                "Page.navigatedWithinDocument" if self.loader.is_none() && this_frame => {
                    return Ok(None);
                }
                // (Told on the session that observes the page, not the one commands go to.)
                "Network.responseReceived"
                    if self.observes_frame(session)
                        && str_field(p, "frameId") == self.page
                        && p["type"] == "Document" =>
                {
                    if let Some(status) = p["response"]["status"].as_u64() {
                        let status = u16::try_from(status).unwrap_or(u16::MAX);
                        progress
                            .statuses
                            .push((str_field(p, "loaderId").to_string(), status));
                    }
                }
                // The page's requests are told on the sessions that observe its frames (an
                // event stream never loads: it is the page's live connection, not loading).
                "Network.requestWillBeSent"
                    if self.observes_frame(session) && p["type"] != "EventSource" =>
                {
                    progress
                        .in_flight
                        .insert(str_field(p, "requestId").to_string());
                }
                "Network.loadingFinished" | "Network.loadingFailed" => {
                    progress.in_flight.remove(str_field(p, "requestId"));
                }
                _ => {}
            }
            progress.note_quiet();
        }
    }
}

/// How long a wait for `load` lingers once it came, for a navigation the page asks for at once
/// (a meta refresh of 0 s asks 1–4 ms after `load`).
const REDIRECT_LINGER: Duration = Duration::from_millis(30);

/// How long a navigation the page asked for may take to start its document before the wait
/// answers with the one it had.
const REDIRECT_COMMIT: Duration = Duration::from_secs(2);

/// How many such redirects a wait follows (a page that refreshes itself at once, forever).
const REDIRECTS_FOLLOWED: u32 = 5;

/// Where a wait for a lifecycle point stands.
struct Progress {
    /// The document waited for (its loader), once known.
    loader: Option<String>,
    /// Whether that document has started: a document that starts in the frame after it
    /// replaced it (the one replaced never reaches `load`).
    started: bool,
    /// The frame's documents' statuses by loader (a history navigation's loader is known only
    /// once its document starts, after its response).
    statuses: Vec<(String, u16)>,
    /// `networkidle`: the network must stay quiet once the document has loaded.
    quiet_after_load: bool,
    loaded: bool,
    in_flight: HashSet<String>,
    quiet_since: Option<Instant>,
    /// Until when the wait lingers after `load`, or waits for a redirect to start its document.
    settle_by: Option<Instant>,
    /// Redirects followed.
    redirects: u32,
    /// The page has asked to leave the document waited for, or started another.
    asked: bool,
}

impl Progress {
    fn new(loader: Option<&str>, quiet_after_load: bool) -> Progress {
        Progress {
            loader: loader.map(str::to_string),
            started: false,
            statuses: Vec::new(),
            quiet_after_load,
            loaded: false,
            in_flight: HashSet::new(),
            quiet_since: None,
            settle_by: None,
            redirects: 0,
            asked: false,
        }
    }

    /// The status of the document waited for, when its response was seen.
    fn status(&self) -> Option<u16> {
        self.statuses
            .iter()
            .find(|(l, _)| Some(l) == self.loader.as_ref())
            .map(|(_, status)| *status)
    }

    /// The document waited for passed lifecycle `point`; whether the wait for `name` is over
    /// (after `load`, a moment for a redirect the page asks for).
    fn passed(&mut self, point: &str, name: &str) -> bool {
        self.loaded |= self.quiet_after_load && point == "load";
        point == name && (point != "load" || !self.linger())
    }

    /// The wait has reached `load`: follows the navigation the page asked for while it loaded
    /// (its load handler's), else lingers for one it asks for at once, unless it has followed
    /// enough.
    fn linger(&mut self) -> bool {
        if self.redirects >= REDIRECTS_FOLLOWED {
            return false;
        }
        if self.asked {
            self.follow();
        } else {
            self.settle_by = Some(Instant::now() + REDIRECT_LINGER);
        }
        true
    }

    /// Gives the navigation the page asked for [`REDIRECT_COMMIT`] to start its document.
    fn follow(&mut self) {
        self.redirects += 1;
        self.settle_by = Some(Instant::now() + REDIRECT_COMMIT);
    }

    /// Whether `method` tells the page leaving the document waited for: a navigation of the
    /// frame it asks for, or one that starts another document.
    fn leaves(&self, method: &str, p: &Value) -> bool {
        match method {
            "Page.frameRequestedNavigation" => str_field(p, "disposition") == "currentTab",
            "Page.frameStartedNavigating" => {
                starts_document(method, p)
                    && self.loader.as_deref() != Some(str_field(p, "loaderId"))
            }
            _ => false,
        }
    }

    /// An event of the frame waited for: a document starting, a lifecycle point, or a
    /// navigation it asks for; whether the wait for `name` is over.
    fn frame_event(&mut self, method: &str, p: &Value, name: &str) -> bool {
        if self.loader.is_none() && starts_document(method, p) {
            self.loader = Some(str_field(p, "loaderId").to_string()).filter(|l| !l.is_empty());
        }
        match method {
            "Page.lifecycleEvent" => {
                let (document, point) = (str_field(p, "loaderId"), str_field(p, "name"));
                if point == "init" {
                    if self.loader.as_deref() == Some(document) {
                        self.started = true;
                    } else if self.started && !document.is_empty() {
                        self.loader = Some(document.to_string());
                        self.loaded = false;
                        self.asked = false;
                        self.settle_by = None;
                    }
                }
                return self.loader.as_deref() == Some(document) && self.passed(point, name);
            }
            _ if self.started && !self.asked && self.leaves(method, p) => {
                // Told before `load` (a load handler's `location.href`, whose document may
                // start long after it under load), it is followed once `load` comes.
                self.asked = true;
                if self.settle_by.is_some() {
                    self.follow();
                }
            }
            _ => {}
        }
        false
    }

    /// Notes whether the network has gone quiet after `load` (`networkidle`).
    fn note_quiet(&mut self) {
        self.quiet_since = if self.loaded && self.in_flight.is_empty() {
            self.quiet_since.or_else(|| Some(Instant::now()))
        } else {
            None
        };
    }

    /// When the wait answers with what it has, if nothing else comes first.
    fn deadline(&self) -> Option<Instant> {
        let quiet = self.quiet_since.map(|since| since + NETWORK_QUIET);
        [quiet, self.settle_by].into_iter().flatten().min()
    }
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
    let point = Point {
        pages,
        page,
        session,
        loader: None,
    };
    let status = until_dialog(pages, page, point.reached(events, wait_until)).await?;
    let outcome = pages.location(page).await?;
    Ok(NavigationOutcome { status, ..outcome })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_load_says_why_and_what_to_do() {
        let auth = navigation_failed(
            "http://127.0.0.1:8/in?q=1",
            "net::ERR_INVALID_AUTH_CREDENTIALS",
        );
        assert!(auth.message.contains("HTTP authentication"), "{auth:?}");
        assert!(
            auth.suggestions[0]
                .to_string()
                .contains("'http://USER:PASSWORD@127.0.0.1:8/in?q=1'"),
            "{auth:?}"
        );
        assert!(
            auth.suggestions[1]
                .to_string()
                .contains("'http://127.0.0.1:8/*'")
        );
        for (text, failure) in [
            ("net::ERR_CONNECTION_REFUSED", LoadFailure::Refused),
            ("net::ERR_NAME_NOT_RESOLVED", LoadFailure::UnknownHost),
            ("net::ERR_CERT_AUTHORITY_INVALID", LoadFailure::Tls),
            ("net::ERR_SSL_PROTOCOL_ERROR", LoadFailure::Tls),
            ("net::ERR_UNSAFE_PORT", LoadFailure::UnsafePort),
            ("net::ERR_ABORTED", LoadFailure::Other),
        ] {
            assert_eq!(LoadFailure::of(text), failure, "{text}");
            let error = navigation_failed("https://example.test/", text);
            assert_eq!(error.code, ErrorCode::NavigationFailed);
            assert_eq!(error.details["errorText"], text);
            assert!(!error.suggestions.is_empty());
        }
    }

    /// The events of a load handler's redirect in the order Chromium tells them: the page asks
    /// and the next document starts before the first one's `load`; that document is waited for
    /// however late it commits.
    #[test]
    fn a_redirect_asked_for_before_load_is_followed_once_load_comes() {
        let lifecycle = |name: &str, loader: &str| json!({"name": name, "loaderId": loader});
        let mut progress = Progress::new(Some("A"), false);
        assert!(!progress.frame_event("Page.lifecycleEvent", &lifecycle("init", "A"), "load"));
        for (method, p) in [
            (
                "Page.frameRequestedNavigation",
                json!({"disposition": "currentTab"}),
            ),
            (
                "Page.frameStartedNavigating",
                json!({"loaderId": "B", "navigationType": "differentDocument"}),
            ),
        ] {
            assert!(!progress.frame_event(method, &p, "load"));
        }
        assert!(!progress.frame_event("Page.lifecycleEvent", &lifecycle("load", "A"), "load"));
        let waits = progress.deadline().expect("it waits for the redirect") - Instant::now();
        assert!(waits > REDIRECT_LINGER, "{waits:?}");
        assert!(!progress.frame_event("Page.lifecycleEvent", &lifecycle("init", "B"), "load"));
        assert_eq!(progress.loader.as_deref(), Some("B"));
        assert!(!progress.frame_event("Page.lifecycleEvent", &lifecycle("load", "B"), "load"));
        let lingers = progress.deadline().expect("it lingers after load") - Instant::now();
        assert!(lingers <= REDIRECT_LINGER, "{lingers:?}");
    }
}
