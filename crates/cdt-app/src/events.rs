//! The raw observer (SPEC §8.3, seed 002): read the ring by offset, get and set its filters.

use std::sync::Arc;

use cdt_domain::ops::{EventFiltersSetParams, EventsReadParams};
use cdt_domain::{CdtError, ResolvedContext};
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
    let events: Vec<Value> = result
        .events
        .iter()
        .map(|e| e.to_json(labels.get(&e.page_target_id).copied()))
        .collect();
    let mut out =
        json!({ "nextOffset": result.next_offset, "dropped": result.dropped, "events": events });
    if result.reset {
        out["reset"] = json!(true);
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
