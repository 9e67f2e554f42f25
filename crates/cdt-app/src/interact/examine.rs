//! `element scroll-into-view|inspect|find`: one page-probe command on an element (or a search
//! for one), answered as the probe reports it — no action, so no feedback.

use cdt_domain::ops::{
    ElementActionParams, FindParams, FindReply, InspectReply, ScrollIntoViewReply,
};
use cdt_domain::probe::ProbeCommand;
use cdt_domain::{CdtError, Warning};
use serde_json::json;
use tokio::time::Instant;

use super::element::pick;
use super::pointing::frame_offset;
use super::{Target, locate, probe_read, probe_result};
use crate::context::Scope;
use crate::dispatch::use_case;

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

/// What one probe command answered on an element: read as `T`, the warning of a text that
/// matched others as well, and the offset of the element's frame in the page.
struct OnElement<T> {
    answer: T,
    ambiguous: Option<Warning>,
    offset: (f64, f64),
}

/// Runs one probe command on the element `params` names.
async fn on_element<T: serde::de::DeserializeOwned>(
    scope: &Scope<'_>,
    params: &ElementActionParams,
    command: ProbeCommand,
    until: Instant,
) -> Result<OnElement<T>, CdtError> {
    let Target { frame, args, what } = pick(&params.target)?;
    let (ctx, _mutating) = scope.page_for_action(params.target.page, until).await?;
    let locate::Located {
        frame,
        args,
        warning,
    } = locate::in_any_frame(&ctx, frame, args, &what).await?;
    let result = probe_result(ctx.probe(&frame, command, args).await?, &what)?;
    let offset = frame_offset(&ctx, &frame).await?;
    Ok(OnElement {
        answer: probe_read(&result, "")?,
        ambiguous: warning,
        offset,
    })
}

/// `element scroll-into-view`.
pub async fn scroll_into_view(
    scope: &Scope<'_>,
    params: &ElementActionParams,
    until: Instant,
) -> Result<ScrollIntoViewReply, CdtError> {
    let done = on_element(scope, params, ProbeCommand::ScrollIntoView, until).await?;
    Ok(ScrollIntoViewReply {
        warnings: done.ambiguous.into_iter().collect(),
        ..done.answer
    })
}

/// `element inspect`: its box in page viewport coordinates (its frame's offset added).
pub async fn inspect(
    scope: &Scope<'_>,
    params: &ElementActionParams,
    until: Instant,
) -> Result<InspectReply, CdtError> {
    let done: OnElement<InspectReply> =
        on_element(scope, params, ProbeCommand::Inspect, until).await?;
    let (dx, dy) = done.offset;
    Ok(InspectReply {
        bounds: done.answer.bounds.moved(dx, dy),
        warnings: done.ambiguous.into_iter().collect(),
        ..done.answer
    })
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
