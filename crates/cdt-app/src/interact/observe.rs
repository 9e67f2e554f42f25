//! `observe state|targets`: the cheap "where am I" of an agent loop, and the actionable
//! elements with boxes and selectors.

use cdt_domain::CdtError;
use cdt_domain::ops::PageParams;
use cdt_domain::probe::ProbeCommand;
use serde_json::{Value, json};
use tokio::time::Instant;

use crate::context::PageCtx;
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

/// Requests of the page's current navigation that have not finished.
pub fn pending_requests(ctx: &PageCtx) -> usize {
    let navigation = ctx.slot.telemetry.navigation(&ctx.target);
    ctx.slot
        .telemetry
        .requests_where(|r| {
            r.page_target_id == ctx.target
                && r.navigation == navigation
                && !r.finished
                && !r.failed
                && r.resource_type != "websocket"
        })
        .len()
}

pub async fn state(
    scope: &Scope<'_>,
    params: &PageParams,
    until: Instant,
) -> Result<Value, CdtError> {
    let ctx = scope.page(params.page, until).await?;
    if let Some(dialog) = ctx.browser.dialog(&ctx.target) {
        // A dialog freezes the page's scripts; report what is known without touching it.
        let info = ctx.slot.pages().info(ctx.page);
        return Ok(
            json!({ "page": ctx.page, "url": info.as_ref().map(|i| i.url.clone()), "title": info.map(|i| i.title), "dialog": dialog }),
        );
    }
    let page_state = ctx.probe("", ProbeCommand::State, json!({})).await?;
    let pending = pending_requests(&ctx);
    // The active emulation (`null` when nothing is emulated).
    let emulation = Some(ctx.browser.emulation())
        .filter(|settings| !settings.is_empty())
        .map_or(Value::Null, |settings| json!(settings));
    let quiet_ms = page_state["msSinceMutation"].as_u64().unwrap_or(0);
    Ok(json!({
        "page": ctx.page, "url": page_state["url"], "title": page_state["title"], "viewport": page_state["viewport"],
        "scroll": page_state["scroll"], "activeElement": page_state["activeElement"], "dialog": Value::Null,
        "loading": page_state["loading"], "networkIdle": pending == 0, "pendingRequests": pending, "domStable": quiet_ms >= 500,
        "msSinceDomChange": quiet_ms, "emulation": emulation,
        // Seed 003's names for the same facts.
        "network_idle": pending == 0, "pending_requests": pending, "dom_stable": quiet_ms >= 500,
    }))
}

pub async fn targets(
    scope: &Scope<'_>,
    params: &PageParams,
    until: Instant,
) -> Result<Value, CdtError> {
    let ctx = scope.page(params.page, until).await?;
    ctx.no_dialog()?;
    let mut found = ctx.probe("", ProbeCommand::Targets, json!({})).await?;
    found["page"] = json!(ctx.page);
    Ok(found)
}
