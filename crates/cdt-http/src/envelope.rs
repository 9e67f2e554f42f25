//! cdt's envelope over HTTP: the body is what `cdt` prints (`{ok, data|error, meta}`), the
//! status comes from the error's exit-code class, and a hint that names an operation reads as
//! the command and its endpoint (`Run: cdt page list (POST /op/page.list)`).

use cdt_domain::{CdtError, ExitCode, Suggestion, Warning};
use serde_json::{Value, json};

/// What `meta` carries.
#[derive(Clone, Debug, Default)]
pub struct Meta {
    pub request_id: String,
    pub duration_ms: u64,
    pub context: Option<String>,
    pub warnings: Vec<Warning>,
}

fn meta_json(meta: &Meta) -> Value {
    let mut out = json!({ "requestId": meta.request_id, "durationMs": meta.duration_ms });
    if let Some(context) = &meta.context {
        out["context"] = json!(context);
    }
    if !meta.warnings.is_empty() {
        out["warnings"] = json!(meta.warnings);
    }
    out
}

pub fn success_body(data: &Value, meta: &Meta) -> Value {
    json!({ "ok": true, "data": data, "meta": meta_json(meta) })
}

/// The error with every hint as text; a command hint also names its endpoint.
pub fn failure_body(error: &CdtError, meta: &Meta) -> Value {
    let mut error = error.clone();
    error.suggestions = error
        .suggestions
        .iter()
        .map(|suggestion| match suggestion {
            Suggestion::Run(run) => Suggestion::Text(format!("{suggestion} (POST /op/{})", run.op)),
            Suggestion::Text(_) => suggestion.clone(),
        })
        .collect();
    let mut meta = meta_json(meta);
    meta["retryable"] = json!(error.code.retryable());
    json!({ "ok": false, "error": error, "meta": meta })
}

/// The HTTP status of a failure, from its exit-code class (SPEC §3.4).
pub fn status_of(error: &CdtError) -> u16 {
    match error.exit_code() {
        ExitCode::Success => 200,
        ExitCode::Usage => 400,
        ExitCode::NotFound => 404,
        ExitCode::Timeout => 504,
        ExitCode::Conflict => 409,
        ExitCode::External | ExitCode::Protocol => 502,
        ExitCode::Transient | ExitCode::Connection => 503,
        ExitCode::Internal => 500,
    }
}

#[cfg(test)]
mod tests {
    use cdt_domain::ErrorCode;
    use cdt_domain::ops::op;

    use super::*;

    #[test]
    fn statuses_follow_the_exit_code_class_and_hints_name_the_endpoint() {
        let status = |code| status_of(&CdtError::new(code, "x"));
        assert_eq!(status(ErrorCode::ValidationError), 400);
        assert_eq!(status(ErrorCode::PageNotFound), 404);
        assert_eq!(status(ErrorCode::Timeout), 504);
        assert_eq!(status(ErrorCode::DialogBlocking), 409);
        assert_eq!(status(ErrorCode::NavigationFailed), 502);
        assert_eq!(status(ErrorCode::SlotLimitReached), 503);
        assert_eq!(status(ErrorCode::InternalError), 500);
        let error = CdtError::new(ErrorCode::PageNotFound, "no page 9").run::<op::PageList>("");
        let body = failure_body(&error, &Meta::default());
        assert_eq!(body["ok"], false);
        assert_eq!(body["error"]["code"], "PAGE_NOT_FOUND");
        assert_eq!(
            body["error"]["suggestions"][0],
            "Run: cdt page list (POST /op/page.list)"
        );
        assert_eq!(body["meta"]["retryable"], false);
    }
}
