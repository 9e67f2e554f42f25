//! Console use cases: list, get, wait, clear (SPEC §8.1).

use cdt_domain::ops::op;
use cdt_domain::ops::{
    ClearedReply, ConsoleDetail, ConsoleListParams, ConsoleListReply, ConsoleWaitParams,
};
use cdt_domain::{CdtError, ErrorCode};
use serde_json::json;
use tokio::time::Instant;

use crate::context::resolve_page;
use crate::context::{Scope, page_labels};
use crate::dispatch::use_case;
use crate::telemetry::console::ConsoleMessage;

use_case!(ConsoleList, |scope, params, until| list(
    scope, &params, until
)
.await);
use_case!(ConsoleGet, |scope, params, until| get(
    scope, params.id, until
)
.await);
use_case!(ConsoleWait, |scope, params, until| wait(
    scope, &params, until
)
.await);
use_case!(ConsoleClear, |scope, params, until| clear(
    scope,
    params.page,
    until
)
.await);

/// `warning` is accepted for `warn`; everything else is matched as given.
fn type_matches(types: &[String], message: &ConsoleMessage) -> bool {
    types.is_empty()
        || types.iter().any(|t| {
            t.eq_ignore_ascii_case(&message.kind) || (t == "warning" && message.kind == "warn")
        })
}

pub async fn list(
    scope: &Scope<'_>,
    params: &ConsoleListParams,
    until: Instant,
) -> Result<ConsoleListReply, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let (page, target) = resolve_page(&slot, params.page)?;
    let navigation = slot.telemetry.navigation(&target);
    let mut messages = slot.telemetry.console_where(|m| {
        m.page_target_id == target
            && (params.preserved || m.navigation == navigation)
            && type_matches(&params.types, m)
            && params.since.is_none_or(|since| m.id > since)
    });
    let total = messages.len();
    if let Some(limit) = params.limit {
        messages.drain(..messages.len().saturating_sub(limit));
    }
    Ok(ConsoleListReply {
        page,
        messages: messages.iter().map(|m| m.summary(Some(page.0))).collect(),
        total,
        dropped: slot.telemetry.console_dropped(),
    })
}

fn not_found(id: u64) -> CdtError {
    CdtError::new(
        ErrorCode::ConsoleMessageNotFound,
        format!("no console message {id} in this context"),
    )
    .with_details(json!({ "id": id }))
    .run::<op::ConsoleList>("--preserved")
}

pub async fn get(scope: &Scope<'_>, id: u64, until: Instant) -> Result<ConsoleDetail, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let message = slot
        .telemetry
        .console_where(|m| m.id == id)
        .pop()
        .ok_or_else(|| not_found(id))?;
    let page = page_labels(&slot).get(&message.page_target_id).copied();
    Ok(message.detail(page))
}

pub async fn wait(
    scope: &Scope<'_>,
    params: &ConsoleWaitParams,
    until: Instant,
) -> Result<ConsoleDetail, CdtError> {
    let pattern = regex_lite::Regex::new(&params.pattern).map_err(|error| {
        CdtError::validation(format!(
            "--pattern is not a valid regular expression: {error}"
        ))
        .hinted("Escape special characters, e.g. --pattern 'loaded \\(ok\\)'")
    })?;
    let (slot, _in_flight, target) = scope.slot_and_target(params.page, until).await?;
    let after = slot.telemetry.last_console_id();
    let message = slot
        .telemetry
        .wait_for(|| {
            let keep = |m: &ConsoleMessage| {
                target.as_deref().is_none_or(|t| m.page_target_id == t)
                    && type_matches(&params.types, m)
                    && pattern.is_match(&m.text)
            };
            slot.telemetry.console_after(after, keep).into_iter().next()
        })
        .await;
    let page = page_labels(&slot).get(&message.page_target_id).copied();
    Ok(message.detail(page))
}

pub async fn clear(
    scope: &Scope<'_>,
    page: Option<u32>,
    until: Instant,
) -> Result<ClearedReply, CdtError> {
    let (slot, _in_flight, target) = scope.slot_and_target(page, until).await?;
    Ok(ClearedReply {
        cleared: slot.telemetry.clear_console(target.as_deref()),
    })
}
