//! What a page timer draws after an action that activated something and changed nothing at
//! once (a "Load more" behind a fake latency, a menu shown once the pointer rests): the page
//! is watched a moment more, so an agent is not told "no effect" and clicks again.

use std::time::Duration;

use cdt_domain::ops::{ActionDialog, ActionReply};

use super::{
    Before, Quiet, answered, committed_state, landed, look, new_pages, report_landing, settle,
};
use crate::context::PageCtx;
use crate::snapshot_diff::Against;

/// How long an action that activates something and changed nothing at once is watched for
/// what a page timer draws (a "Load more" behind a fake latency, a toast shown after a pause):
/// an agent told "no effect" would click again.
pub(super) const LATE_WAIT: Duration = Duration::from_millis(1000);

/// How long that watch may take in all (what the late change asked of the server included);
/// past it, the reply is what the first look saw.
pub(super) const LATE_CAP: Duration = Duration::from_millis(2500);

/// An action that activated something changed nothing at once: the page is watched
/// [`LATE_WAIT`] more, and what came then (a DOM change and what it asked of the server, a
/// navigation, a dialog, a new page) is told against the page before the action (`base`).
pub(super) async fn look_later(
    ctx: &PageCtx,
    before: &Before,
    base: u64,
    mut out: ActionReply,
) -> ActionReply {
    let Some(after) = before.mutations else {
        return out;
    };
    let waiting = tokio::time::Instant::now();
    let cap = LATE_WAIT + Duration::from_millis(500);
    let mut settled = settle(ctx, Quiet::Late { after }, cap).await;
    if let Some(dialog) = ctx.browser.dialog(&ctx.target) {
        out.dialog = Some(ActionDialog { dialog, page: None });
        return out;
    }
    out.new_pages = new_pages(ctx, before);
    let state = committed_state(ctx).await;
    let landed_now = landed(&state, before);
    let changed = settled.mutations.is_some_and(|now| now > after);
    if !landed_now && !changed {
        return out;
    }
    if landed_now {
        // (The new page once quiet, as a navigation at once is looked at, in less time.)
        settled = settle(ctx, Quiet::AfterChanges, Duration::from_millis(500)).await;
        report_landing(&mut out, &state, before);
    } else if answered(ctx, before.requests, waiting + LATE_WAIT).await {
        settled = settle(ctx, Quiet::AfterAnswers, Duration::from_millis(500)).await;
    }
    let against = if landed_now {
        Against::PageBefore
    } else {
        Against::ActionStart(base)
    };
    look(ctx, before, &settled, against, &mut out).await;
    out
}
