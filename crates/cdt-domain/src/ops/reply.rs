//! What several operations' replies share (each operation's `Reply` type, the `data` of its
//! envelope, is declared in its own file; `reply_schema` publishes its schema).

use schemars::JsonSchema;
use serde::Serialize;

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
