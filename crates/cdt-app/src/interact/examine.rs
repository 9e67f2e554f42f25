//! `element focus|scroll-into-view|inspect|find`: one page-probe command on an element (or a
//! search for one), answered as the probe reports it — no action, so no feedback.

use cdt_domain::CdtError;
use cdt_domain::ops::{
    ElementActionParams, FindParams, FindReply, FocusReply, InspectReply, ScrollIntoViewReply,
};
use cdt_domain::probe::ProbeCommand;
use serde_json::json;
use tokio::time::Instant;

use super::element::{frame_offset, pick};
use super::{locate, probe_read, probe_result};
use crate::context::Scope;
use crate::dispatch::use_case;

use_case!(ElementFocus, |scope, params, until| focus(
    scope, &params, until
)
.await);
use_case!(ElementScrollIntoView, |scope, params, until| {
    scroll_into_view(scope, &params, until).await
});
use_case!(ElementInspect, |scope, params, until| inspect(
    scope, &params, until
)
.await);
use_case!(ElementFind, |scope, params, until| find(
    scope, &params, until
)
.await);

/// Runs one probe command on the element `params` names; its answer read as `T`. Also gives
/// the frame it is in, whose offset places its coordinates in the page.
async fn on_element<T: serde::de::DeserializeOwned>(
    scope: &Scope<'_>,
    params: &ElementActionParams,
    command: ProbeCommand,
    until: Instant,
) -> Result<(T, (f64, f64)), CdtError> {
    let (frame, args, what) = pick(&params.target)?;
    let (ctx, _mutating) = scope.page_for_action(params.target.page, until).await?;
    // (Its reply has no warnings: a text that matched others as well is not told here.)
    let locate::Located { frame, args, .. } =
        locate::in_any_frame(&ctx, frame, args, &what).await?;
    let result = probe_result(ctx.probe(&frame, command, args).await?, &what)?;
    let offset = frame_offset(&ctx, &frame).await?;
    Ok((probe_read(&result, "")?, offset))
}

/// `element focus`.
pub async fn focus(
    scope: &Scope<'_>,
    params: &ElementActionParams,
    until: Instant,
) -> Result<FocusReply, CdtError> {
    Ok(on_element(scope, params, ProbeCommand::Focus, until)
        .await?
        .0)
}

/// `element scroll-into-view`.
pub async fn scroll_into_view(
    scope: &Scope<'_>,
    params: &ElementActionParams,
    until: Instant,
) -> Result<ScrollIntoViewReply, CdtError> {
    Ok(
        on_element(scope, params, ProbeCommand::ScrollIntoView, until)
            .await?
            .0,
    )
}

/// `element inspect`: its box in page viewport coordinates (its frame's offset added).
pub async fn inspect(
    scope: &Scope<'_>,
    params: &ElementActionParams,
    until: Instant,
) -> Result<InspectReply, CdtError> {
    let (mut found, (dx, dy)): (InspectReply, _) =
        on_element(scope, params, ProbeCommand::Inspect, until).await?;
    found.bounds = found.bounds.moved(dx, dy);
    Ok(found)
}

pub async fn find(
    scope: &Scope<'_>,
    params: &FindParams,
    until: Instant,
) -> Result<FindReply, CdtError> {
    if params.text.trim().is_empty() {
        return Err(CdtError::validation("the text to find is empty")
            .hinted("Example: cdt element find 'Sign in'"));
    }
    let ctx = scope.page_to_read(params.page, until).await?;
    let result = ctx
        .probe(
            "",
            ProbeCommand::Find,
            json!({ "text": params.text, "limit": params.limit.unwrap_or(20) }),
        )
        .await?;
    probe_read(&result, "")
}
