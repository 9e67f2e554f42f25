//! `page text|html`: the visible text (or, with `--markdown`, the main content as Markdown) or
//! the HTML of a page or one element; `page links|forms`: its links and its forms' fields, each
//! with its uid.

use cdt_domain::CdtError;
use cdt_domain::ops::{
    PageForm, PageFormField, PageFormsReply, PageLink, PageLinksReply, PageParams, PageReadReply,
    ReadParams, TextParams,
};
use cdt_domain::probe::ProbeCommand;
use serde_json::json;
use tokio::time::Instant;

use super::{frame_of, locate, probe_read, probe_result};
use crate::bounded;
use crate::context::{PageCtx, Scope};
use crate::dispatch::use_case;

use_case!(PageText, |scope, params, until| {
    let TextParams {
        uid,
        selector,
        markdown,
        page,
    } = params;
    let kind = if markdown {
        ReadKind::Markdown
    } else {
        ReadKind::Text
    };
    read(
        scope,
        &ReadParams {
            uid,
            selector,
            page,
        },
        kind,
        until,
    )
    .await
});
use_case!(PageHtml, |scope, params, until| read(
    scope,
    &params,
    ReadKind::Html,
    until
)
.await);

use_case!(PageLinks, |scope, params, until| links(
    scope, &params, until
)
.await);
use_case!(PageForms, |scope, params, until| forms(
    scope, &params, until
)
.await);

/// `page links`: the links of the page's document, then of each frame inside it (their uids
/// carry the frame's prefix, `f1e3`), each document's in page order.
pub async fn links(
    scope: &Scope<'_>,
    params: &PageParams,
    until: Instant,
) -> Result<PageLinksReply, CdtError> {
    let ctx = scope.page_to_read(params.page, until).await?;
    let mut links = Vec::new();
    for found in each_frame(&ctx, ProbeCommand::Links).await? {
        links.extend(probe_read::<Vec<PageLink>>(&found, "links")?);
    }
    Ok(PageLinksReply {
        page: ctx.page,
        links,
    })
}

/// `page forms`: the forms of the page's document and of each frame inside it, with their
/// fields, and the fields outside any form.
pub async fn forms(
    scope: &Scope<'_>,
    params: &PageParams,
    until: Instant,
) -> Result<PageFormsReply, CdtError> {
    let ctx = scope.page_to_read(params.page, until).await?;
    let (mut forms, mut fields) = (Vec::new(), Vec::new());
    for found in each_frame(&ctx, ProbeCommand::Forms).await? {
        forms.extend(probe_read::<Vec<PageForm>>(&found, "forms")?);
        fields.extend(probe_read::<Vec<PageFormField>>(&found, "fields")?);
    }
    Ok(PageFormsReply {
        page: ctx.page,
        forms,
        fields,
    })
}

/// `command`'s answer in every frame of the page, the main frame's first (its failure is the
/// command's; a frame that went away meanwhile has nothing to tell).
async fn each_frame(
    ctx: &PageCtx,
    command: ProbeCommand,
) -> Result<Vec<serde_json::Value>, CdtError> {
    let mut answers = Vec::new();
    for frame in locate::every_frame(ctx).await {
        match ctx.probe(&frame, command, json!({})).await {
            Ok(found) => answers.push(found),
            Err(error) if frame.is_empty() => return Err(error),
            Err(_) => {}
        }
    }
    Ok(answers)
}

/// What `page text` and `page html` read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadKind {
    Text,
    Markdown,
    Html,
}

/// `page text` and `page html`.
pub async fn read(
    scope: &Scope<'_>,
    params: &ReadParams,
    kind: ReadKind,
    until: Instant,
) -> Result<PageReadReply, CdtError> {
    let frame = params
        .uid
        .as_deref()
        .map(frame_of)
        .transpose()?
        .unwrap_or("")
        .to_string();
    let ctx = scope.page_to_read(params.page, until).await?;
    let what = params
        .uid
        .clone()
        .or_else(|| params.selector.clone())
        .unwrap_or_else(|| "the page".into());
    let args = json!({ "uid": params.uid, "selector": params.selector });
    let command = match kind {
        ReadKind::Text => ProbeCommand::ReadText,
        ReadKind::Markdown => ProbeCommand::ReadMarkdown,
        ReadKind::Html => ProbeCommand::ReadHtml,
    };
    let result = probe_result(ctx.probe(&frame, command, args).await?, &what)?;
    let field = match kind {
        ReadKind::Text => "text",
        ReadKind::Markdown => "markdown",
        ReadKind::Html => "html",
    };
    let read = bounded::cut_string(
        result[field].as_str().unwrap_or_default().to_string(),
        field,
        "Narrow it with --selector or --uid (uids from cdt capture snapshot)",
    );
    let mut reply = PageReadReply {
        page: ctx.page,
        text: None,
        markdown: None,
        html: None,
        cut: read.cut,
        warnings: read.warning.into_iter().collect(),
    };
    *match kind {
        ReadKind::Text => &mut reply.text,
        ReadKind::Markdown => &mut reply.markdown,
        ReadKind::Html => &mut reply.html,
    } = Some(read.text);
    Ok(reply)
}
