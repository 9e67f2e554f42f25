//! The raw observer (SPEC §8.3, seed 002): read the ring by offset, get and set its filters.

use std::sync::Arc;

use cdt_domain::ops::op;
use cdt_domain::ops::{
    EventFiltersReply, EventFiltersSetParams, EventFiltersSetReply, EventTarget, EventTargetsReply,
    EventsClearReply, EventsObserveParams, EventsObserveReply, EventsReadParams, EventsReadReply,
    EventsScopeParams, EventsTargetsParams, EventsUnobserveParams, EventsUnobserveReply,
};
use cdt_domain::ports::BrowserTarget;
use cdt_domain::{CdtError, ErrorCode, Warning, WarningCode, limits};
use serde_json::json;
use tokio::time::Instant;

use crate::context::Scope;
use crate::context::page_labels;
use crate::context::{optional_page_target, resolve_page};
use crate::dispatch::use_case;
use crate::slot::{InFlight, Slot};
use crate::telemetry::{ReadFilter, TargetOptions};

use_case!(EventsRead, |scope, params, until| read(
    scope, &params, until
)
.await);
use_case!(EventsFiltersGet, |scope, params, until| filters_get(
    scope, &params, until
)
.await);
use_case!(EventsTargets, |scope, params, until| targets(
    scope, &params, until
)
.await);
use_case!(EventsFiltersSet, |scope, params, until| filters_set(
    scope, params, until
)
.await);
use_case!(EventsClear, |scope, params, until| clear(
    scope, &params, until
)
.await);
use_case!(EventsObserve, |scope, params, until| observe(
    scope, &params, until
)
.await);
use_case!(EventsUnobserve, |scope, params, until| unobserve(
    scope, &params, until
)
.await);

const MAX_READ: usize = 10_000;

pub async fn read(
    scope: &Scope<'_>,
    params: &EventsReadParams,
    until: Instant,
) -> Result<EventsReadReply, CdtError> {
    let (slot, _in_flight) = match params.page {
        Some(page) => running_slot(scope, page)?,
        None => scope.ensure_running(until).await?,
    };
    let limit = params.limit.unwrap_or(500).clamp(1, MAX_READ);
    let mut filter = ReadFilter {
        kinds: params.kinds.clone(),
        url_includes: params.url_includes.clone(),
        method: params.method.clone(),
        page_target_id: None,
    };
    // Named by CDP target: that target's own buffer, numbered from 0 (seed 002).
    let per_target = params.target_id.is_some();
    let result = match &params.target_id {
        Some(target_id) => {
            let (_, page_target) = by_target_id(&slot, target_id).await?;
            if params.tail {
                filter.page_target_id = Some(page_target);
                slot.telemetry.read_tail(limit, &filter)
            } else {
                slot.telemetry
                    .read_target(&page_target, params.offset, limit, &filter)
            }
        }
        None => {
            filter.page_target_id = optional_page_target(&slot, params.page)?;
            if params.tail {
                slot.telemetry.read_tail(limit, &filter)
            } else {
                slot.telemetry.read(params.offset, limit, &filter)
            }
        }
    };
    let next_after_tail = match (&params.target_id, params.tail) {
        (Some(_), true) => result.events.last().map(|e| e.target_seq + 1),
        _ => None,
    };
    let labels = page_labels(&slot);
    // A page stops where the reply budget would be passed; `nextOffset` then continues right
    // after the last event returned, so nothing is skipped.
    let mut events = Vec::new();
    let mut used = 0;
    let mut next_offset = next_after_tail.unwrap_or(result.next_offset);
    let mut truncated = false;
    for event in &result.events {
        let mut value = event.to_json(labels.get(&event.page_target_id).copied(), per_target);
        let mut size = limits::json_len(&value) + 1;
        if events.is_empty() && size > limits::FIELD_BUDGET_BYTES {
            // One event alone over the budget: its parameters are left out, marked.
            value["params"] = json!({ "truncated": true, "size": size });
            size = limits::json_len(&value) + 1;
        }
        if used + size > limits::FIELD_BUDGET_BYTES {
            next_offset = if per_target {
                event.target_seq
            } else {
                event.seq
            };
            truncated = true;
            break;
        }
        used += size;
        events.push(value);
    }
    let warnings = if truncated {
        vec![Warning::new(
            WarningCode::Truncated,
            format!(
                "{} events fit in one reply; read on from nextOffset {next_offset}",
                events.len()
            ),
        )]
    } else {
        Vec::new()
    };
    Ok(EventsReadReply {
        next_offset,
        dropped: result.dropped,
        events,
        reset: result.reset,
        truncated,
        warnings,
    })
}

pub async fn filters_get(
    scope: &Scope<'_>,
    params: &EventsScopeParams,
    until: Instant,
) -> Result<EventFiltersReply, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let filters = match &params.target_id {
        Some(target_id) => {
            let (_, page_target) = by_target_id(&slot, target_id).await?;
            slot.telemetry.target_filters(&page_target)
        }
        None => slot.telemetry.filters(),
    };
    Ok(EventFiltersReply {
        filters,
        target_id: params.target_id.clone(),
    })
}

pub async fn filters_set(
    scope: &Scope<'_>,
    params: EventFiltersSetParams,
    until: Instant,
) -> Result<EventFiltersSetReply, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let page_target = match &params.target_id {
        Some(target_id) => Some(by_target_id(&slot, target_id).await?.1),
        None => None,
    };
    let mut filters = match &page_target {
        Some(page_target) => slot.telemetry.target_filters(page_target),
        None => slot.telemetry.filters(),
    };
    if let Some(kinds) = params.kinds {
        filters.kinds = kinds;
    }
    if let Some(allow) = params.url_allow {
        filters.url_allow = allow;
    }
    if let Some(block) = params.url_block {
        filters.url_block = block;
    }
    if let Some(max) = params.max_body_bytes {
        filters.max_body_bytes = max;
    }
    let applies_from = match &page_target {
        Some(page_target) => slot
            .telemetry
            .set_target_filters(page_target, filters.clone()),
        None => slot.telemetry.set_filters(filters.clone()),
    };
    Ok(EventFiltersSetReply {
        updated: true,
        filters,
        target_id: params.target_id,
        applies_from_offset: applies_from,
    })
}

/// Every target of the context's browser, each with its CDP id, and the cdt page it is (or
/// belongs to).
pub async fn targets(
    scope: &Scope<'_>,
    params: &EventsTargetsParams,
    until: Instant,
) -> Result<EventTargetsReply, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let browser = slot
        .browser()
        .ok_or_else(|| CdtError::new(ErrorCode::CdpDisconnected, "the browser is gone"))?;
    let listed = browser.targets().await?;
    let pages = slot.pages().ids_by_target();
    let targets = listed
        .iter()
        .filter(|t| params.types.is_empty() || params.types.contains(&t.kind))
        .filter(|t| {
            params
                .filter_url_includes
                .as_deref()
                .is_none_or(|needle| t.url.contains(needle))
        })
        .map(|t| {
            let page = pages
                .get(&t.target_id)
                .or_else(|| t.parent.as_ref().and_then(|p| pages.get(p)));
            EventTarget {
                id: t.target_id.clone(),
                kind: t.kind.clone(),
                title: t.title.clone(),
                url: t.url.clone(),
                attached: t.attached,
                page: page.copied(),
            }
        })
        .collect();
    Ok(EventTargetsReply { targets })
}

/// A CDP target id → (its page id, the page target whose buffer holds its events). A page of
/// the context is its own; an iframe or worker shares its page's (found by its parent among
/// the browser's targets); a target of no page (a service worker) has its own.
async fn by_target_id(slot: &Slot, target_id: &str) -> Result<(Option<u32>, String), CdtError> {
    if let Some(id) = slot.pages().id_of(target_id) {
        return Ok((Some(id.0), target_id.to_string()));
    }
    let listed = match slot.browser() {
        Some(browser) => browser.targets().await?,
        None => Vec::new(),
    };
    match listed.iter().find(|t| t.target_id == target_id) {
        Some(target) => {
            let page = target
                .parent
                .as_ref()
                .and_then(|parent| Some((slot.pages().id_of(parent)?, parent.clone())));
            Ok(match page {
                Some((id, parent)) => (Some(id.0), parent),
                None => (None, target_id.to_string()),
            })
        }
        None => Err(target_not_found(target_id, &listed)),
    }
}

fn target_not_found(target_id: &str, listed: &[BrowserTarget]) -> CdtError {
    CdtError::new(
        ErrorCode::TargetNotFound,
        format!("no target {target_id:?} in this browser"),
    )
    .with_details(json!({
        "targetId": target_id,
        "known": listed.iter().map(|t| json!({ "id": t.target_id, "type": t.kind, "url": t.url })).collect::<Vec<_>>(),
    }))
    .run::<op::EventsTargets>("")
}

/// The caller's slot when its browser runs. A page id names a page of the running browser, so
/// reading one page's events never launches a browser (a subscriber polling a page of a
/// stopped session must not bring it back).
fn running_slot(scope: &Scope<'_>, page: u32) -> Result<(Arc<Slot>, InFlight), CdtError> {
    let (slot, in_flight) = scope.route();
    if slot.is_running() && !slot.is_retired() {
        return Ok((slot, in_flight));
    }
    Err(CdtError::new(
        ErrorCode::PageNotFound,
        format!("no page {page}: no browser runs in this context"),
    )
    .with_details(json!({ "page": page }))
    .run::<op::PageOpen>("<url>"))
}

pub async fn clear(
    scope: &Scope<'_>,
    params: &EventsScopeParams,
    until: Instant,
) -> Result<EventsClearReply, CdtError> {
    if let Some(target_id) = &params.target_id {
        let (slot, _in_flight) = scope.ensure_running(until).await?;
        let (page, page_target) = by_target_id(&slot, target_id).await?;
        let cleared = slot.telemetry.clear_events(Some(&page_target));
        let next = slot.telemetry.target_next_seq(&page_target);
        return Ok(EventsClearReply {
            cleared,
            page,
            target_id: Some(target_id.clone()),
            next_offset: next,
        });
    }
    let (slot, _in_flight, target) = scope.slot_and_target(params.page, until).await?;
    let cleared = slot.telemetry.clear_events(target.as_deref());
    Ok(EventsClearReply {
        cleared,
        page: params.page,
        target_id: None,
        next_offset: slot.telemetry.next_seq(),
    })
}

/// The page an observer command names: by id, else the first whose URL contains the text,
/// else the current page.
fn observed_page(
    slot: &Slot,
    page: Option<u32>,
    url_includes: Option<&str>,
) -> Result<(u32, String), CdtError> {
    if let (None, Some(needle)) = (page, url_includes) {
        let pages = slot.pages().list();
        let found = pages.iter().find(|p| p.url.contains(needle));
        return match found {
            Some(info) => resolve_page(slot, Some(info.id.0)).map(|(id, t)| (id.0, t)),
            None => Err(CdtError::new(
                ErrorCode::TargetNotFound,
                format!("No target matches: urlIncludes={needle}"),
            )
            .with_details(json!({ "urlIncludes": needle, "urls": pages.iter().map(|p| &p.url).collect::<Vec<_>>() }))
            .run::<op::EventsTargets>("")),
        };
    }
    resolve_page(slot, page).map(|(id, target)| (id.0, target))
}

pub async fn observe(
    scope: &Scope<'_>,
    params: &EventsObserveParams,
    until: Instant,
) -> Result<EventsObserveReply, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let Some(target_id) = &params.target_id else {
        let (page, target) = observed_page(&slot, params.page, params.url_includes.as_deref())?;
        slot.telemetry.set_observed(&target, true);
        apply_options(&slot, &target, params);
        let url = slot.pages().info(cdt_domain::PageId(page)).map(|p| p.url);
        return Ok(EventsObserveReply {
            page: Some(page),
            target_id: target,
            url,
            observing: true,
            attached: true,
            next_offset: slot.telemetry.next_seq(),
        });
    };
    let (page, page_target) = by_target_id(&slot, target_id).await?;
    slot.telemetry.set_observed(&page_target, true);
    apply_options(&slot, &page_target, params);
    Ok(EventsObserveReply {
        page,
        target_id: target_id.clone(),
        url: None,
        observing: true,
        attached: true,
        next_offset: slot.telemetry.target_next_seq(&page_target),
    })
}

/// The per-target options of `events observe` (seed 002: buffer size, TTL, workers, iframes).
fn apply_options(slot: &Slot, page_target: &str, params: &EventsObserveParams) {
    slot.telemetry.set_target_options(
        page_target,
        TargetOptions {
            buffer_size: params.buffer_size,
            ttl_ms: params.ttl_sec.map(|s| s.saturating_mul(1000)),
            exclude_workers: params.include_workers == Some(false),
            exclude_iframes: params.include_iframes == Some(false),
        },
    );
}

pub async fn unobserve(
    scope: &Scope<'_>,
    params: &EventsUnobserveParams,
    until: Instant,
) -> Result<EventsUnobserveReply, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let (page, target) = match &params.target_id {
        Some(target_id) => {
            let (page, page_target) = by_target_id(&slot, target_id).await?;
            (page, page_target)
        }
        None => {
            let (page, target) = observed_page(&slot, params.page, None)?;
            (Some(page), target)
        }
    };
    slot.telemetry.set_observed(&target, false);
    let dropped = if params.drop_buffer {
        slot.telemetry.clear_events(Some(&target))
    } else {
        0
    };
    Ok(EventsUnobserveReply {
        page,
        target_id: params.target_id.clone(),
        observing: false,
        stopped: true,
        dropped_events: dropped,
    })
}
