//! Raw CDP use cases (`cdt cdp send|listen`, issue 21.3): a method checked against what would
//! break cdt's bookkeeping or leave the context (`raw_cdp::check`), then sent to the page (under
//! its mutation lock, like any action) or the browser; and listeners that gather a page's events
//! of the names given until a poll takes them.

use std::sync::Arc;

use cdt_domain::ops::{CdpListenParams, CdpListenReply, CdpSendParams, CdpSendReply};
use cdt_domain::raw_cdp::{self, RawCdpEvent, RawTarget};
use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};
use tokio::time::{Duration, Instant};

use crate::context::Scope;
use crate::dispatch::use_case;
use crate::raw_listeners::{self, Buffer, Poll, RawListener};
use crate::sync::lock;

use_case!(CdpSend, |scope, params, until| send(scope, &params, until)
    .await);
use_case!(CdpListen, |scope, params, until| listen(
    scope, &params, until
)
.await);

/// How long one poll waits for an event unless told.
const WAIT_MS: u64 = 1_000;

pub async fn send(
    scope: &Scope<'_>,
    params: &CdpSendParams,
    until: Instant,
) -> Result<CdpSendReply, CdtError> {
    let target = if params.browser {
        RawTarget::Browser
    } else {
        RawTarget::Page
    };
    raw_cdp::check(&params.method, target)?;
    let arguments = match &params.params {
        None | Some(Value::Null) => json!({}),
        Some(value @ Value::Object(_)) => value.clone(),
        Some(other) => {
            return Err(CdtError::validation(format!(
                "the parameters of {} must be a JSON object, not {other}",
                params.method
            ))
            .hinted("e.g. cdt cdp send Runtime.evaluate '{\"expression\":\"1+1\"}'"));
        }
    };
    if params.browser {
        let (slot, _in_flight) = scope.ensure_running(until).await?;
        let browser = slot
            .browser()
            .ok_or_else(|| CdtError::new(ErrorCode::CdpDisconnected, "the browser is gone"))?;
        let result = browser
            .cdp_send(None, &params.method, arguments)
            .await
            .map_err(|error| refused(&params.method, error))?;
        return Ok(CdpSendReply {
            page: None,
            method: params.method.clone(),
            browser: true,
            result,
        });
    }
    let (ctx, _mutating) = scope.page_for_action(params.page, until).await?;
    let result = ctx
        .browser
        .cdp_send(Some(&ctx.target), &params.method, arguments)
        .await
        .map_err(|error| refused(&params.method, error))?;
    Ok(CdpSendReply {
        page: Some(ctx.page),
        method: params.method.clone(),
        browser: false,
        result,
    })
}

/// A method the browser does not know (-32601) or parameters it refuses (-32602) are the
/// caller's mistake: `VALIDATION_ERROR` with the browser's words and where to look.
fn refused(method: &str, error: CdtError) -> CdtError {
    match error.details["cdpCode"].as_i64() {
        Some(-32601 | -32602) => CdtError::new(ErrorCode::ValidationError, error.message)
            .with_details(error.details)
            .hinted(format!(
                "Check {method} and its parameters in the protocol: https://chromedevtools.github.io/devtools-protocol/"
            )),
        _ => error,
    }
}

/// Starts a listener of the page's events named in `params`; answers its id.
async fn start(
    scope: &Scope<'_>,
    params: &CdpListenParams,
    until: Instant,
) -> Result<String, CdtError> {
    if params.events.is_empty() {
        return Err(
            CdtError::validation("cdp listen needs the events to listen to")
                .hinted("e.g. cdt cdp listen Network.requestWillBeSent 'Page.*' --count 5"),
        );
    }
    for pattern in &params.events {
        raw_cdp::check_event_pattern(pattern)?;
    }
    if params.count == Some(0) {
        return Err(CdtError::validation("--count 0 would listen to nothing")
            .hinted("Pass --count 1 or more, or leave it out"));
    }
    let ctx = scope.page(params.page, until).await?;
    let buffer = Arc::new(std::sync::Mutex::new(Buffer::default()));
    let arrived = Arc::new(tokio::sync::Notify::new());
    let (patterns, kept, signal) = (params.events.clone(), buffer.clone(), arrived.clone());
    let guard = ctx.browser.cdp_listen(
        Some(&ctx.target),
        Arc::new(move |event| {
            if raw_cdp::matches(&patterns, &event.method) {
                raw_listeners::keep(&kept, event);
                signal.notify_one();
            }
        }),
    );
    let now = scope.monotonic_ms();
    let listener = RawListener {
        buffer,
        arrived,
        remaining: params.count,
        ends_at_ms: params.for_ms.map(|ms| now.saturating_add(ms)),
        last_poll_ms: now,
        _guard: guard,
    };
    Ok(ctx.slot.raw_listeners.add(listener, now))
}

pub async fn listen(
    scope: &Scope<'_>,
    params: &CdpListenParams,
    until: Instant,
) -> Result<CdpListenReply, CdtError> {
    let id = match &params.listener {
        Some(id) => id.clone(),
        None => start(scope, params, until).await?,
    };
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let listeners = &slot.raw_listeners;
    let Some(Poll {
        buffer,
        arrived,
        remaining,
        ends_at_ms: ends_at,
    }) = listeners.get(&id, scope.monotonic_ms())
    else {
        return Err(CdtError::validation(format!(
            "no listener {id:?} (it ended: its count or time was reached, nobody polled it for 30 s, or the browser restarted)"
        ))
        .hinted("Start a new one: cdt cdp listen <Domain.event>…"));
    };
    // Wait for an event, at most the poll's wait, the budget, and the listener's end.
    let wait = Duration::from_millis(params.wait_ms.unwrap_or(WAIT_MS));
    let margin = until
        .checked_sub(Duration::from_millis(100))
        .unwrap_or(until);
    let mut give_up = (Instant::now() + wait).min(margin);
    if let Some(ends_at) = ends_at {
        let left = ends_at.saturating_sub(scope.monotonic_ms());
        give_up = give_up.min(Instant::now() + Duration::from_millis(left));
    }
    while lock(&buffer).events.is_empty() && Instant::now() < give_up {
        let _ = tokio::time::timeout_at(give_up, arrived.notified()).await;
    }
    let (events, dropped) = {
        let mut taken = lock(&buffer);
        let take = remaining.map_or(taken.events.len(), |r| (r as usize).min(taken.events.len()));
        let events: Vec<RawCdpEvent> = taken.events.drain(..take).collect();
        (events, std::mem::take(&mut taken.dropped))
    };
    let delivered = events.len() as u64;
    let counted_out = remaining.is_some_and(|r| delivered >= r);
    let timed_out = ends_at.is_some_and(|end| scope.monotonic_ms() >= end);
    let done = counted_out || timed_out;
    listeners.delivered(&id, delivered, done);
    Ok(CdpListenReply {
        listener: id,
        events,
        dropped,
        done,
    })
}
