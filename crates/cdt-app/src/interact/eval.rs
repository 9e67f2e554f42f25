//! `runtime eval`: JavaScript on an evaluation session of its own. Past the budget the script is
//! terminated and `TIMEOUT` returned; the page stays usable for the next command.

use std::time::Duration;

use cdt_domain::CdtError;
use cdt_domain::interact::{EvalForm, EvalRequest};
use cdt_domain::ops::{EvalParams, EvalReply};
use serde_json::Value;
use tokio::time::Instant;

use super::frame_of;
use crate::bounded;
use crate::context::Scope;
use crate::dispatch::use_case;

use_case!(RuntimeEval, |scope, params, until| eval(
    scope, &params, until
)
.await);

/// Time kept back from the budget to terminate the script and answer before the deadline.
const TERMINATE_HEADROOM: Duration = Duration::from_millis(120);

pub async fn eval(
    scope: &Scope<'_>,
    params: &EvalParams,
    until: Instant,
) -> Result<EvalReply, CdtError> {
    if params.expression.trim().is_empty() {
        return Err(CdtError::validation("the expression is empty")
            .hinted("Example: cdt runtime eval 'document.title'"));
    }
    for uid in &params.args {
        if !frame_of(uid)?.is_empty() {
            return Err(CdtError::validation(format!(
                "{uid} is inside an iframe; only main-frame elements can be passed"
            ))
            .hinted("Use a main-frame uid, or read the iframe with cdt page text --uid <uid>"));
        }
    }
    let (ctx, _mutating) = scope.page_for_action(params.page, until).await?;
    let remaining = until
        .saturating_duration_since(Instant::now())
        .saturating_sub(TERMINATE_HEADROOM);
    let request = EvalRequest {
        source: params.expression.clone(),
        form: if params.function {
            EvalForm::Function
        } else {
            EvalForm::Auto
        },
        element_args: params.args.clone(),
        // A returned promise is awaited, as in Playwright and the DevTools server: by value a
        // promise reads `{}`, which an agent takes for the answer.
        await_promise: true,
        budget_ms: remaining.as_millis().max(1) as u64,
    };
    let value = ctx.browser.evaluate(&ctx.target, &request).await?;
    bounded_value(value)
}

/// The reply for an eval value: a string too long for one reply is cut (marked `truncated`,
/// with its `size`); any other value that large is `RESULT_TOO_LARGE`.
fn bounded_value(value: Value) -> Result<EvalReply, CdtError> {
    let size = match bounded::fits(&value) {
        Ok(()) => {
            return Ok(EvalReply {
                value,
                cut: None,
                warnings: Vec::new(),
            });
        }
        Err(size) => size,
    };
    if let Value::String(text) = value {
        let read = bounded::cut_string(
            text,
            "value",
            "Return the part you need, e.g. cdt runtime eval 'text.slice(6000000, 12000000)'",
        );
        return Ok(EvalReply {
            value: Value::String(read.text),
            cut: read.cut,
            warnings: read.warning.into_iter().collect(),
        });
    }
    Err(bounded::too_large(
        "the value",
        size,
        "Return a smaller value: filter or count it in the script, or return a slice, e.g. cdt runtime eval 'JSON.stringify(value).slice(0, 1000000)'",
    ))
}
