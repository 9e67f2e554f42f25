//! `page back|forward|reload|resize`: history and the viewport of one page.

use cdt_domain::ops::op;
use cdt_domain::ops::{HistoryParams, NavigatedReply, PageResizeReply, ReloadParams, ResizeParams};
use cdt_domain::ports::NavigationOutcome;
use cdt_domain::{CdtError, ErrorCode, WaitUntil};
use tokio::time::Instant;

use crate::context::{PageCtx, Scope};
use crate::dispatch::use_case;

use_case!(PageBack, |scope, params, until| history(
    scope, &params, -1, until
)
.await);
use_case!(PageForward, |scope, params, until| history(
    scope, &params, 1, until
)
.await);
use_case!(PageReload, |scope, params, until| reload(
    scope, &params, until
)
.await);
use_case!(PageResize, |scope, params, until| resize(
    scope, &params, until
)
.await);

/// The reply of a navigation that loaded (`wait_until`); the page's next snapshot is prepared
/// meanwhile.
fn navigated(ctx: &PageCtx, outcome: NavigationOutcome, wait_until: WaitUntil) -> NavigatedReply {
    super::snapshot::prepare(&ctx.slot, ctx.browser.clone(), &ctx.target, wait_until);
    let current = ctx.slot.pages().current() == Some(ctx.page);
    NavigatedReply::reached(ctx.page, outcome, current)
}

pub async fn history(
    scope: &Scope<'_>,
    params: &HistoryParams,
    delta: i32,
    until: Instant,
) -> Result<NavigatedReply, CdtError> {
    let (ctx, _mutating) = scope.page_for_action(params.page, until).await?;
    let step = ctx.browser.history(&ctx.target, delta, params.wait_until);
    let page = (ctx.page, ctx.target.as_str());
    match crate::quiet::within_budget(&ctx.slot, page, params.wait_until, until, step).await? {
        Some(outcome) => Ok(navigated(&ctx, outcome, params.wait_until)),
        None => {
            let (word, command) = if delta < 0 {
                ("previous", "back")
            } else {
                ("next", "forward")
            };
            Err(CdtError::new(
                ErrorCode::NavigationFailed,
                format!(
                    "page {} has no {word} history entry to go {command} to",
                    ctx.page
                ),
            )
            .run::<op::PageNavigate>("<url>"))
        }
    }
}

pub async fn reload(
    scope: &Scope<'_>,
    params: &ReloadParams,
    until: Instant,
) -> Result<NavigatedReply, CdtError> {
    let (ctx, _mutating) = scope.page_for_action(params.page, until).await?;
    let reload = ctx
        .browser
        .reload(&ctx.target, params.ignore_cache, params.wait_until);
    let page = (ctx.page, ctx.target.as_str());
    let outcome =
        crate::quiet::within_budget(&ctx.slot, page, params.wait_until, until, reload).await?;
    Ok(navigated(&ctx, outcome, params.wait_until))
}

pub async fn resize(
    scope: &Scope<'_>,
    params: &ResizeParams,
    until: Instant,
) -> Result<PageResizeReply, CdtError> {
    if !(100..=10_000).contains(&params.width) || !(100..=10_000).contains(&params.height) {
        return Err(
            CdtError::validation("width and height go from 100 to 10000")
                .hinted("Example: cdt page resize 1280 800"),
        );
    }
    let (ctx, _mutating) = scope.page_for_action(params.page, until).await?;
    ctx.browser
        .resize(&ctx.target, params.width, params.height)
        .await?;
    Ok(PageResizeReply {
        page: ctx.page,
        width: params.width,
        height: params.height,
    })
}
