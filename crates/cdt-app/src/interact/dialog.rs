//! `dialog status|handle`: JavaScript dialogs are tracked per page; while one is open, commands
//! that would block answer `DIALOG_BLOCKING`.

use cdt_domain::interact::DispatchOutcome;
use cdt_domain::ops::op;
use cdt_domain::ops::{
    DialogAction, DialogHandleParams, DialogHandleReply, DialogStatusReply, PageParams,
};
use cdt_domain::{CdtError, ErrorCode};
use tokio::time::Instant;

use super::feedback;
use crate::context::Scope;
use crate::dispatch::use_case;

use_case!(DialogHandle, |scope, params, until| handle(
    scope, &params, until
)
.await);
use_case!(DialogStatus, |scope, params, until| status(
    scope, &params, until
)
.await);

pub async fn status(
    scope: &Scope<'_>,
    params: &PageParams,
    until: Instant,
) -> Result<DialogStatusReply, CdtError> {
    let ctx = scope.page(params.page, until).await?;
    let dialog = ctx.browser.dialog(&ctx.target);
    Ok(DialogStatusReply {
        page: ctx.page,
        open: dialog.is_some(),
        dialog,
    })
}

pub async fn handle(
    scope: &Scope<'_>,
    params: &DialogHandleParams,
    until: Instant,
) -> Result<DialogHandleReply, CdtError> {
    let accept = params.action == DialogAction::Accept;
    let ctx = scope.page(params.page, until).await?;
    let Some(dialog) = ctx.browser.dialog(&ctx.target) else {
        return Err(CdtError::new(
            ErrorCode::DialogNotOpen,
            format!("no dialog is open on page {}", ctx.page),
        )
        .run::<op::DialogStatus>(""));
    };
    let before = feedback::before_answer(&ctx);
    ctx.browser
        .handle_dialog(&ctx.target, accept, params.text.as_deref())
        .await?;
    let mut effect = feedback::after(&ctx, before, DispatchOutcome::default(), false).await;
    effect.action = if accept { "accept" } else { "dismiss" }.to_string();
    Ok(DialogHandleReply {
        page: ctx.page,
        handled: dialog,
        accepted: accept,
        effect,
    })
}
