//! The feedback contract (SPEC §6.4): every action says what it caused — a navigation, a
//! dialog, new pages, and which actionable nodes appeared, vanished or changed since the last
//! snapshot (the whole snapshot when more than half changed).

use std::collections::BTreeMap;
use std::time::Duration;

use cdt_domain::interact::DispatchOutcome;
use cdt_domain::probe::ProbeCommand;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};

use super::snapshot;
use crate::context::PageCtx;

/// What was true before the action.
pub struct Before {
    document: Value,
    url: String,
    pages: Vec<u32>,
}

pub async fn before(ctx: &PageCtx) -> Before {
    let state = ctx
        .probe("", ProbeCommand::State, json!({}))
        .await
        .unwrap_or(Value::Null);
    Before {
        document: state["timeOrigin"].clone(),
        url: state["url"].as_str().unwrap_or_default().to_string(),
        pages: ctx.slot.pages().ids(),
    }
}

/// The page's state, retried while a navigation replaces the document.
async fn state_after(ctx: &PageCtx) -> Value {
    for _ in 0..100 {
        if ctx.browser.dialog(&ctx.target).is_some() {
            return Value::Null;
        }
        match ctx.probe("", ProbeCommand::State, json!({})).await {
            Ok(state) if state["readyState"] != "loading" => return state,
            // A dialog opened while we looked: the caller reports it from the error.
            Err(error) if error.code == ErrorCode::DialogBlocking => {
                return json!({ "__dialog": error.details["dialog"] });
            }
            Ok(_)
            | Err(CdtError {
                code: ErrorCode::ProtocolError | ErrorCode::InternalError,
                ..
            }) => tokio::time::sleep(Duration::from_millis(50)).await,
            Err(_) => return Value::Null,
        }
    }
    Value::Null
}

/// Waits for what the action set off (unless `no_wait`), then reports it.
pub async fn after(
    ctx: &PageCtx,
    before: Before,
    outcome: DispatchOutcome,
    no_wait: bool,
) -> Value {
    let mut out =
        json!({ "navigated": false, "dialog": Value::Null, "newPages": [], "domChanged": false });
    if let Some(dialog) = outcome.dialog.or_else(|| ctx.browser.dialog(&ctx.target)) {
        out["dialog"] = json!(dialog);
        return out;
    }
    if no_wait {
        // Nothing was observed, so nothing can be said to have had no effect.
        out["waited"] = json!(false);
        return out;
    }
    // A navigation the action caused starts within ~100 ms.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let pages_before = before.pages.clone();
    match tokio::time::timeout(OBSERVE_CAP, observe(ctx, before, out.clone())).await {
        Ok(observed) => observed,
        Err(_) => frozen(ctx, &pages_before, out),
    }
}

/// How long feedback may watch the page before reporting it unresponsive.
const OBSERVE_CAP: Duration = Duration::from_secs(3);

/// The page stopped answering (its scripts are frozen, e.g. by a dialog in a popup sharing its
/// process): report the new pages and any dialog open on them instead of waiting on.
fn frozen(ctx: &PageCtx, pages_before: &[u32], mut out: Value) -> Value {
    let pages = ctx.slot.pages();
    let new_pages: Vec<u32> = pages
        .ids()
        .into_iter()
        .filter(|id| !pages_before.contains(id))
        .collect();
    out["newPages"] = json!(new_pages);
    out["pageUnresponsive"] = json!(true);
    for id in pages.ids() {
        if let Some(dialog) = pages
            .target_of(cdt_domain::PageId(id))
            .and_then(|target| ctx.browser.dialog(&target))
        {
            let mut dialog = json!(dialog);
            dialog["page"] = json!(id);
            out["dialog"] = dialog;
        }
    }
    out
}

async fn observe(ctx: &PageCtx, before: Before, mut out: Value) -> Value {
    let state = state_after(ctx).await;
    if let Some(dialog) = state
        .get("__dialog")
        .cloned()
        .or_else(|| ctx.browser.dialog(&ctx.target).map(|d| json!(d)))
    {
        out["dialog"] = dialog;
        return out;
    }
    let navigated = !state.is_null()
        && (state["timeOrigin"] != before.document
            || state["url"].as_str() != Some(before.url.as_str()));
    if !navigated {
        let _ = ctx
            .probe(
                "",
                ProbeCommand::Settle,
                json!({ "quiet": 100, "cap": 1000 }),
            )
            .await;
    }
    out["navigated"] = json!(navigated);
    if navigated {
        out["url"] = state["url"].clone();
        out["title"] = state["title"].clone();
    }
    let now = ctx.slot.pages().ids();
    out["newPages"] = json!(
        now.iter()
            .filter(|id| !before.pages.contains(id))
            .collect::<Vec<_>>()
    );
    if let Ok(current) = snapshot::take(
        ctx,
        &snapshot::Options {
            interactive: true,
            ..Default::default()
        },
    )
    .await
    {
        // The baseline is the last snapshot's interactive view, and only of this same document.
        let previous = ctx.slot.last_snapshot(&ctx.target, &current.time_origin);
        let nodes = snapshot::interactive_nodes(&current);
        let changes = diff(&previous, &nodes);
        ctx.slot
            .store_snapshot(&ctx.target, &current.time_origin, nodes.clone());
        let changed = changes.0.len() + changes.1.len() + changes.2.len();
        out["domChanged"] = json!(changed > 0);
        let largest = previous.len().max(nodes.len()).max(1);
        if navigated || changed * 2 > largest {
            out["snapshot"] = json!(current.text);
        } else if changed > 0 {
            out["changes"] =
                json!({ "added": changes.0, "removed": changes.1, "changed": changes.2 });
        }
    }
    out
}

/// `(added, removed, changed)` between two snapshots' node lines (uid → line).
pub fn diff(
    old: &BTreeMap<String, String>,
    new: &BTreeMap<String, String>,
) -> (Vec<String>, Vec<String>, Vec<String>) {
    // Focus moves with almost every action; it is not an effect worth reporting.
    let unfocused = |line: &str| line.replace(" focused", "");
    let added = new
        .iter()
        .filter(|(uid, _)| !old.contains_key(*uid))
        .map(|(_, line)| line.clone())
        .collect();
    let removed = old
        .keys()
        .filter(|uid| !new.contains_key(*uid))
        .cloned()
        .collect();
    let changed = new
        .iter()
        .filter(|(uid, line)| {
            old.get(*uid)
                .is_some_and(|before| unfocused(before) != unfocused(line))
        })
        .map(|(_, line)| line.clone())
        .collect();
    (added, removed, changed)
}

/// True when an action changed nothing observable (reported as a warning, not an error).
pub fn no_effect(feedback: &Value) -> bool {
    feedback["navigated"] == false
        && feedback["dialog"].is_null()
        && feedback["newPages"].as_array().is_some_and(Vec::is_empty)
        && feedback["domChanged"] == false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_reports_added_removed_changed() {
        let old: BTreeMap<String, String> = [("e1", "e1 button \"A\""), ("e2", "e2 textbox \"B\"")]
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let new: BTreeMap<String, String> =
            [("e1", "e1 button \"A\" disabled"), ("e3", "e3 link \"C\"")]
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
        let (added, removed, changed) = diff(&old, &new);
        assert_eq!(added, vec!["e3 link \"C\"".to_string()]);
        assert_eq!(removed, vec!["e2".to_string()]);
        assert_eq!(changed, vec!["e1 button \"A\" disabled".to_string()]);
        assert!(no_effect(
            &json!({ "navigated": false, "dialog": null, "newPages": [], "domChanged": false })
        ));
    }
}
