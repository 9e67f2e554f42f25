//! What an operation answers: its `Reply` type (the `data` of its envelope), a struct serialized
//! once, whose schema `--describe`, the `cdt` MCP tool's describe, `GET /ops` and `cdt http`'s
//! OpenAPI publish.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

/// The JSON schema of reply type `R`.
pub fn schema_of<R: JsonSchema>() -> Value {
    super::surface::schema_of::<R>()
}

/// A string a reply cut to fit its budget: marked `truncated`, with its whole `size` and the
/// bytes `returned` (flattened into the reply that holds the string).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Cut {
    pub truncated: bool,
    /// The whole string's size in bytes.
    pub size: usize,
    /// The bytes returned.
    pub returned: usize,
}
