//! `--describe`: the command's input schema, its reply's schema (once typed), an example and its
//! error codes, generated from the same types the daemon validates against and answers with.
//! Runs nothing.

use cdt_domain::ops::{Op, op, op_spec, params_schema, reply_schema};
use serde_json::{Value, json};

use crate::commands::Invocation;

pub fn describe(command_path: &str, invocation: &Invocation) -> Value {
    let op = match invocation {
        Invocation::Remote { op, .. } => Some(*op),
        Invocation::Listen { .. } => Some(<op::CdpListen as Op>::NAME),
        _ => None,
    };
    match op {
        Some(op) => {
            let spec = op_spec(op);
            json!({
                "command": command_path,
                "op": op,
                "inputSchema": params_schema(op),
                "outputSchema": reply_schema(op),
                "example": spec.map(|s| s.example()),
                "defaultTimeoutMs": spec.map(|s| s.default_timeout_ms),
                "errorCodes": spec.map(|s| s.error_codes().iter().map(|c| c.as_str()).collect::<Vec<_>>()),
            })
        }
        None => json!({
            "command": command_path,
            "op": Value::Null,
            "inputSchema": { "type": "object", "properties": {} },
            "example": command_path,
            "runsLocally": true,
            "errorCodes": ["VALIDATION_ERROR", "DAEMON_UNAVAILABLE", "INTERNAL_ERROR"],
        }),
    }
}
