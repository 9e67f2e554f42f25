//! `observe state|targets`: the cheap "where am I" of an agent loop, and the actionable
//! elements with boxes and selectors.

use cdt_domain::CdtError;
use cdt_domain::ops::{FrozenState, LiveState, ObserveTargetsReply, PageParams, PageStateReply};
use cdt_domain::probe::ProbeCommand;
use serde_json::json;
use tokio::time::Instant;

use super::probe_read;
use crate::context::Scope;
use crate::dispatch::use_case;

use_case!(ObserveState, |scope, params, until| state(
    scope, &params, until
)
.await);
use_case!(ObserveTargets, |scope, params, until| targets(
    scope, &params, until
)
.await);

pub async fn state(
    scope: &Scope<'_>,
    params: &PageParams,
    until: Instant,
) -> Result<PageStateReply, CdtError> {
    let ctx = scope.page(params.page, until).await?;
    if let Some(dialog) = ctx.browser.dialog(&ctx.target) {
        // A dialog freezes the page's scripts; report what is known without touching it.
        let info = ctx.slot.pages().info(ctx.page);
        return Ok(PageStateReply::Frozen(FrozenState {
            page: ctx.page,
            url: info.as_ref().map(|i| i.url.clone()),
            title: info.map(|i| i.title),
            dialog,
        }));
    }
    let page_state = ctx.probe("", ProbeCommand::State, json!({})).await?;
    let pending = ctx.slot.telemetry.loading(&ctx.target).len();
    let quiet_ms = page_state["msSinceMutation"].as_u64().unwrap_or(0);
    Ok(PageStateReply::Live(Box::new(LiveState {
        page: ctx.page,
        url: page_state["url"].as_str().unwrap_or_default().to_string(),
        title: page_state["title"].as_str().unwrap_or_default().to_string(),
        viewport: probe_read(&page_state, "viewport")?,
        scroll: probe_read(&page_state, "scroll")?,
        active_element: probe_read(&page_state, "activeElement")?,
        dialog: None,
        loading: page_state["loading"] == true,
        network_idle: pending == 0,
        pending_requests: pending,
        dom_stable: quiet_ms >= 500,
        ms_since_dom_change: quiet_ms,
        emulation: Some(ctx.browser.emulation()).filter(|settings| !settings.is_empty()),
        seed_network_idle: pending == 0,
        seed_pending_requests: pending,
        seed_dom_stable: quiet_ms >= 500,
    })))
}

pub async fn targets(
    scope: &Scope<'_>,
    params: &PageParams,
    until: Instant,
) -> Result<ObserveTargetsReply, CdtError> {
    let ctx = scope.page_to_read(params.page, until).await?;
    let found = ctx.probe("", ProbeCommand::Targets, json!({})).await?;
    Ok(ObserveTargetsReply {
        page: ctx.page,
        targets: probe_read(&found, "targets")?,
    })
}
