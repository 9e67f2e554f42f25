//! An action whose page closed itself (a sign-in popup that tells its opener who signed in,
//! then calls `window.close()`): the reply says so, names the page current now (the opener,
//! when open) and shows what changed there since the context last saw it.

use std::time::Duration;

use cdt_domain::ops::{ActionDialog, ActionReply};
use serde_json::Value;

use super::{Before, Quiet, look, new_pages, settle};
use crate::context::PageCtx;
use crate::snapshot_diff::Against;

/// Whether the page acted on is no longer open.
pub(super) fn page_closed(ctx: &PageCtx) -> bool {
    ctx.slot.pages().target_of(ctx.page).is_none()
}

/// The reply of an action whose page closed: `closed`, the pages it opened before closing,
/// and the page current now, once quiet, compared with the context's last snapshot of it (the
/// whole page when it has none).
pub(super) async fn reply(ctx: &PageCtx, before: &Before) -> ActionReply {
    let mut out = ActionReply {
        closed: true,
        new_pages: new_pages(ctx, before),
        ..ActionReply::default()
    };
    let now = {
        let pages = ctx.slot.pages();
        let id = pages.current();
        id.zip(id.and_then(|id| pages.target_of(id)))
    };
    let Some((page, target)) = now else {
        return out;
    };
    out.current = Some(page.0);
    let current = ctx.on(page, target);
    if let Some(dialog) = current.browser.dialog(&current.target) {
        out.dialog = Some(ActionDialog {
            dialog,
            page: Some(page.0),
        });
        return out;
    }
    let settled = settle(&current, Quiet::AfterChanges, Duration::from_millis(500)).await;
    let seen = Before::at(&current, Value::Null, "", "");
    look(&current, &seen, &settled, Against::PageBefore, &mut out).await;
    out
}
