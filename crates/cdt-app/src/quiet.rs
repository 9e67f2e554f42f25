//! `--wait-until networkidle` within the request's budget: a wait the budget cuts short says
//! which of the page's requests kept its network busy (a long poll keeps a page from ever being
//! idle, however long the budget), where the budget's own timeout says only that it ran out.

use std::future::Future;
use std::time::Duration;

use cdt_domain::{CdtError, ErrorCode, PageId, WaitUntil};
use serde_json::json;
use tokio::time::Instant;

use crate::slot::Slot;

/// How long before the budget runs out a `networkidle` wait gives up, to say why.
const GIVE_UP_BEFORE: Duration = Duration::from_millis(250);

/// Runs `wait` (a navigation, a reload or a history step of page `id`, browser target
/// `target`, waiting for `wait_until`) until `until`; a `networkidle` wait that would run out
/// the budget ends a moment before it with what kept the network busy.
pub async fn within_budget<T>(
    slot: &Slot,
    (id, target): (PageId, &str),
    wait_until: WaitUntil,
    until: Instant,
    wait: impl Future<Output = Result<T, CdtError>>,
) -> Result<T, CdtError> {
    if wait_until != WaitUntil::Networkidle {
        return wait.await;
    }
    let give_up = until.checked_sub(GIVE_UP_BEFORE).unwrap_or(until);
    match tokio::time::timeout_at(give_up, wait).await {
        Ok(outcome) => outcome,
        Err(_) => Err(never_quiet(slot, id, target)),
    }
}

/// The requests that kept page `target`'s network from being quiet until the budget ran out.
fn never_quiet(slot: &Slot, id: PageId, target: &str) -> CdtError {
    let loading = slot.telemetry.loading(target);
    // The first three by name, then how many more: `: GET …/poll (fetch) and 2 more`.
    let mut listed: String = loading
        .iter()
        .take(3)
        .map(|r| format!(", {} {} ({})", r.method, r.url, r.resource_type))
        .collect();
    if loading.len() > 3 {
        listed.push_str(&format!(" and {} more", loading.len() - 3));
    }
    let listed = listed.replacen(", ", ": ", 1);
    let message = format!(
        "the page's network was not quiet for {} ms before the budget ran out (--wait-until networkidle): {} request{} still loading{listed}",
        cdt_domain::NETWORK_QUIET_MS,
        loading.len(),
        if loading.len() == 1 { "" } else { "s" },
    );
    let loading: Vec<_> = loading
        .iter()
        .map(|r| json!({ "method": r.method, "url": r.url, "type": r.resource_type }))
        .collect();
    CdtError::new(ErrorCode::Timeout, message)
        .with_details(json!({ "page": id, "waitUntil": "networkidle", "loading": loading }))
        .hinted("Wait for the page's load instead: --wait-until load (a long poll keeps a page from ever being idle)")
        .hinted("Or wait for what you need on it: cdt page wait-text <text>")
}
