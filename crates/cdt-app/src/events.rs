//! The raw observer (SPEC §8.3, seed 002): read the ring by offset, get and set its filters.

use std::sync::Arc;

use cdt_domain::ops::op;
use cdt_domain::ops::{
    EventFiltersSetParams, EventsObserveParams, EventsReadParams, EventsUnobserveParams,
};
use cdt_domain::{CdtError, ErrorCode, Warning, WarningCode, limits};
use serde_json::{Value, json};
use tokio::time::Instant;

use crate::context::Scope;
use crate::context::page_labels;
use crate::context::{optional_page_target, resolve_page};
use crate::dispatch::use_case;
use crate::slot::{InFlight, Slot};
use crate::telemetry::ReadFilter;
use crate::telemetry::events::KINDS;

use_case!(EventsRead, |scope, params, until| read(
    scope, &params, until
)
.await);
use_case!(EventsFiltersGet, |scope, _, until| filters_get(
    scope, until
)
.await);
use_case!(EventsFiltersSet, |scope, params, until| filters_set(
    scope, params, until
)
.await);
use_case!(EventsClear, |scope, params, until| clear(
    scope,
    params.page,
    until
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

fn check_kinds(kinds: &[String]) -> Result<(), CdtError> {
    match kinds
        .iter()
        .find(|k| *k != "network" && !KINDS.contains(&k.as_str()))
    {
        Some(bad) => Err(CdtError::validation(format!("unknown event kind {bad:?}"))
            .with_details(json!({ "kinds": KINDS }))
            .hinted(format!("Use some of: {}, network", KINDS.join(", ")))),
        None => Ok(()),
    }
}

pub async fn read(
    scope: &Scope<'_>,
    params: &EventsReadParams,
    until: Instant,
) -> Result<Value, CdtError> {
    check_kinds(&params.kinds)?;
    let (slot, _in_flight) = match params.page {
        Some(page) => running_slot(scope, page)?,
        None => scope.ensure_running(until).await?,
    };
    let filter = ReadFilter {
        kinds: params.kinds.clone(),
        url_includes: params.url_includes.clone(),
        method: params.method.clone(),
        page_target_id: optional_page_target(&slot, params.page)?,
    };
    let limit = params.limit.unwrap_or(500).clamp(1, MAX_READ);
    let result = if params.tail {
        slot.telemetry.read_tail(limit, &filter)
    } else {
        slot.telemetry.read(params.offset, limit, &filter)
    };
    let labels = page_labels(&slot);
    // A page stops where the reply budget would be passed; `nextOffset` then continues right
    // after the last event returned, so nothing is skipped.
    let mut events = Vec::new();
    let mut used = 0;
    let mut next_offset = result.next_offset;
    let mut truncated = false;
    for event in &result.events {
        let mut value = event.to_json(labels.get(&event.page_target_id).copied());
        let mut size = limits::json_len(&value) + 1;
        if events.is_empty() && size > limits::FIELD_BUDGET_BYTES {
            // One event alone over the budget: its parameters are left out, marked.
            value["params"] = json!({ "truncated": true, "size": size });
            size = limits::json_len(&value) + 1;
        }
        if used + size > limits::FIELD_BUDGET_BYTES {
            next_offset = event.seq;
            truncated = true;
            break;
        }
        used += size;
        events.push(value);
    }
    let mut out = json!({ "nextOffset": next_offset, "dropped": result.dropped, "events": events });
    if result.reset {
        out["reset"] = json!(true);
    }
    if truncated {
        out["truncated"] = json!(true);
        Warning::new(
            WarningCode::Truncated,
            format!(
                "{} events fit in one reply; read on from nextOffset {next_offset}",
                out["events"].as_array().map(Vec::len).unwrap_or(0)
            ),
        )
        .attach(&mut out);
    }
    Ok(out)
}

pub async fn filters_get(scope: &Scope<'_>, until: Instant) -> Result<Value, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    Ok(json!({ "filters": slot.telemetry.filters() }))
}

pub async fn filters_set(
    scope: &Scope<'_>,
    params: EventFiltersSetParams,
    until: Instant,
) -> Result<Value, CdtError> {
    if let Some(kinds) = &params.kinds {
        check_kinds(kinds)?;
    }
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let mut filters = slot.telemetry.filters();
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
    let applies_from = slot.telemetry.set_filters(filters.clone());
    Ok(json!({ "filters": filters, "appliesFromOffset": applies_from }))
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
    page: Option<u32>,
    until: Instant,
) -> Result<Value, CdtError> {
    let (slot, _in_flight, target) = scope.slot_and_target(page, until).await?;
    let cleared = slot.telemetry.clear_events(target.as_deref());
    Ok(json!({ "cleared": cleared, "page": page, "nextOffset": slot.telemetry.next_seq() }))
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
                ErrorCode::PageNotFound,
                format!("no page's URL contains {needle:?}"),
            )
            .with_details(json!({ "urls": pages.iter().map(|p| &p.url).collect::<Vec<_>>() }))
            .run::<op::PageList>("")),
        };
    }
    resolve_page(slot, page).map(|(id, target)| (id.0, target))
}

pub async fn observe(
    scope: &Scope<'_>,
    params: &EventsObserveParams,
    until: Instant,
) -> Result<Value, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let (page, target) = observed_page(&slot, params.page, params.url_includes.as_deref())?;
    slot.telemetry.set_observed(&target, true);
    let url = slot.pages().info(cdt_domain::PageId(page)).map(|p| p.url);
    Ok(
        json!({ "page": page, "url": url, "observing": true, "nextOffset": slot.telemetry.next_seq() }),
    )
}

pub async fn unobserve(
    scope: &Scope<'_>,
    params: &EventsUnobserveParams,
    until: Instant,
) -> Result<Value, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let (page, target) = observed_page(&slot, params.page, None)?;
    slot.telemetry.set_observed(&target, false);
    let dropped = if params.drop_buffer {
        slot.telemetry.clear_events(Some(&target))
    } else {
        0
    };
    Ok(json!({ "page": page, "observing": false, "droppedEvents": dropped }))
}
