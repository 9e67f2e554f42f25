//! `cdt errors`: the published error contract, generated from the one table in `cdt-domain`.

use cdt_domain::ErrorCode;
use serde_json::{Value, json};

const EXIT_CODES: &[(i32, &str)] = &[
    (0, "success"),
    (2, "usage / validation error"),
    (3, "resource not found"),
    (4, "timeout (budget exhausted)"),
    (5, "state conflict"),
    (6, "external dependency failed"),
    (7, "protocol error"),
    (8, "transient, retryable"),
    (10, "daemon or browser connection failed"),
    (11, "internal error"),
];

pub fn table() -> Value {
    let errors: Vec<Value> = ErrorCode::ALL
        .iter()
        .map(|code| {
            json!({
                "code": code.as_str(),
                "exitCode": code.exit_code().as_i32(),
                "retryable": code.retryable(),
                "meaning": code.meaning(),
                "remedy": code.remedy(),
            })
        })
        .collect();
    let exit_codes: Vec<Value> = EXIT_CODES
        .iter()
        .map(|(code, meaning)| json!({ "exitCode": code, "meaning": meaning }))
        .collect();
    json!({ "errors": errors, "exitCodes": exit_codes })
}
