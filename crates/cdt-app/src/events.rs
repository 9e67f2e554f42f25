//! The raw observer (SPEC §8.3, seed 002): read the ring by offset, get and set its filters.

use std::sync::Arc;

use cdt_domain::ops::{EventFiltersSetParams, EventsReadParams};
use cdt_domain::{CdtError, ResolvedContext, Warning, WarningCode, limits};
use serde_json::{Value, json};
use tokio::time::Instant;

use crate::broker::Broker;
use crate::console::page_labels;
use crate::session::ensure_running;
use crate::telemetry::ReadFilter;
use crate::telemetry::events::KINDS;

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
    broker: &Arc<Broker>,
    context: &ResolvedContext,
    params: &EventsReadParams,
    until: Instant,
) -> Result<Value, CdtError> {
    check_kinds(&params.kinds)?;
    let (slot, _in_flight) = ensure_running(broker, context, until).await?;
    let filter = ReadFilter {
        kinds: params.kinds.clone(),
        url_includes: params.url_includes.clone(),
        method: params.method.clone(),
    };
    let limit = params.limit.unwrap_or(500).clamp(1, MAX_READ);
    let result = slot.telemetry.read(params.offset, limit, &filter);
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

pub async fn filters_get(
    broker: &Arc<Broker>,
    context: &ResolvedContext,
    until: Instant,
) -> Result<Value, CdtError> {
    let (slot, _in_flight) = ensure_running(broker, context, until).await?;
    Ok(json!({ "filters": slot.telemetry.filters() }))
}

pub async fn filters_set(
    broker: &Arc<Broker>,
    context: &ResolvedContext,
    params: EventFiltersSetParams,
    until: Instant,
) -> Result<Value, CdtError> {
    if let Some(kinds) = &params.kinds {
        check_kinds(kinds)?;
    }
    let (slot, _in_flight) = ensure_running(broker, context, until).await?;
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
