//! `page wait-text|wait-selector|wait-url|wait-idle`: waits bounded by the request's budget,
//! re-checked in the page until they hold.

use std::future::Future;
use std::time::Duration;

use cdt_domain::ops::{
    WaitIdleParams, WaitIdleReply, WaitSelectorParams, WaitSelectorReply, WaitTextParams,
    WaitTextReply, WaitUrlParams, WaitUrlReply,
};
use cdt_domain::probe::ProbeCommand;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::json;
use tokio::time::Instant;

use super::{probe_result, scope_to};
use crate::context::Scope;
use crate::dispatch::use_case;
use crate::url_pattern::UrlPattern;

use_case!(PageWaitText, |scope, params, until| wait_text(
    scope, &params, until
)
.await);
use_case!(PageWaitSelector, |scope, params, until| wait_selector(
    scope, &params, until
)
.await);
use_case!(PageWaitUrl, |scope, params, until| wait_url(
    scope, &params, until
)
.await);
use_case!(PageWaitIdle, |scope, params, until| wait_idle(
    scope, &params, until
)
.await);

const POLL: Duration = Duration::from_millis(50);
/// How long a page error may persist before a wait reports it instead of retrying.
const PERSISTENT: Duration = Duration::from_secs(2);

/// Polls `check` until it yields a value; the runtime's budget ends the wait with `TIMEOUT`.
/// Errors of a page between two documents (mid-navigation) are retried — but one that
/// persists (for [`PERSISTENT`], or still at the end of the budget) is reported as itself,
/// never hidden behind a `TIMEOUT`.
async fn poll<T, F: Future<Output = Result<Option<T>, CdtError>>>(
    until: Instant,
    mut check: impl FnMut() -> F,
) -> Result<T, CdtError> {
    let mut failing_since: Option<Instant> = None;
    loop {
        match check().await {
            Ok(Some(found)) => return Ok(found),
            Ok(None) => failing_since = None,
            Err(
                error @ CdtError {
                    code:
                        ErrorCode::ProtocolError
                        | ErrorCode::NavigationInterrupted
                        | ErrorCode::InternalError,
                    ..
                },
            ) => {
                let now = Instant::now();
                let since = *failing_since.get_or_insert(now);
                let last_chance = until.saturating_duration_since(now) <= POLL * 3;
                if now.duration_since(since) >= PERSISTENT || last_chance {
                    return Err(error);
                }
            }
            Err(error) => return Err(error),
        }
        tokio::time::sleep(POLL).await;
    }
}

pub async fn wait_text(
    scope: &Scope<'_>,
    params: &WaitTextParams,
    until: Instant,
) -> Result<WaitTextReply, CdtError> {
    if params.texts.iter().all(|t| t.is_empty()) {
        return Err(CdtError::validation("no text to wait for")
            .hinted("Example: cdt page wait-text 'Welcome' 'Signed in'"));
    }
    let ctx = scope.page(params.page, until).await?;
    let mut args = json!({ "texts": params.texts });
    let frame = params
        .root
        .as_deref()
        .map_or("", |root| scope_to(root, &mut args));
    let what = params.root.as_deref().unwrap_or("the page");
    let found = poll(until, || async {
        ctx.no_dialog()?;
        let checked = probe_result(
            ctx.probe(frame, ProbeCommand::WaitCheck, args.clone())
                .await?,
            what,
        )?;
        Ok((checked["done"] == true)
            .then(|| checked["found"].as_str().unwrap_or_default().to_string()))
    })
    .await?;
    Ok(WaitTextReply {
        page: ctx.page,
        found,
    })
}

pub async fn wait_selector(
    scope: &Scope<'_>,
    params: &WaitSelectorParams,
    until: Instant,
) -> Result<WaitSelectorReply, CdtError> {
    let state = params.state.as_str();
    let ctx = scope.page(params.page, until).await?;
    let args = json!({ "selector": params.selector, "state": state });
    let uid = poll(until, || async {
        ctx.no_dialog()?;
        let checked = probe_result(
            ctx.probe("", ProbeCommand::WaitCheck, args.clone()).await?,
            &params.selector,
        )?;
        Ok((checked["done"] == true).then(|| checked["uid"].as_str().map(str::to_string)))
    })
    .await?;
    Ok(WaitSelectorReply {
        page: ctx.page,
        selector: params.selector.clone(),
        state: params.state,
        uid,
    })
}

pub async fn wait_url(
    scope: &Scope<'_>,
    params: &WaitUrlParams,
    until: Instant,
) -> Result<WaitUrlReply, CdtError> {
    let pattern = UrlPattern::new(&params.pattern, params.regex)
        .map_err(|error| error.hinted("Example: cdt page wait-url --regex 'step-[0-9]+$'"))?;
    let ctx = scope.page(params.page, until).await?;
    let url = poll(until, || async {
        let url = ctx
            .slot
            .pages()
            .info(ctx.page)
            .map(|info| info.url)
            .unwrap_or_default();
        Ok(pattern.matches(&url).then_some(url))
    })
    .await?;
    Ok(WaitUrlReply {
        page: ctx.page,
        url,
    })
}

pub async fn wait_idle(
    scope: &Scope<'_>,
    params: &WaitIdleParams,
    until: Instant,
) -> Result<WaitIdleReply, CdtError> {
    let idle = Duration::from_millis(params.idle_ms.unwrap_or(500));
    let ctx = scope.page(params.page, until).await?;
    let started = Instant::now();
    let mut quiet_since: Option<Instant> = None;
    poll(until, || {
        let now = Instant::now();
        let busy = !ctx.slot.telemetry.loading(&ctx.target).is_empty();
        quiet_since = if busy {
            None
        } else {
            quiet_since.or(Some(now))
        };
        let done = quiet_since.is_some_and(|since| now.duration_since(since) >= idle);
        async move { Ok(done.then_some(())) }
    })
    .await?;
    Ok(WaitIdleReply {
        page: ctx.page,
        idle_ms: idle.as_millis() as u64,
        waited_ms: started.elapsed().as_millis() as u64,
    })
}
