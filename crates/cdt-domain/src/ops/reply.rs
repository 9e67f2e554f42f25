//! What an operation answers: its `Reply` type (the `data` of its envelope). A typed reply is a
//! struct serialized once, whose schema `--describe`, MCP's own tools and `cdt http`'s OpenAPI
//! publish; [`Untyped`] marks an operation whose reply is still built as JSON (no schema is
//! published for it).

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Serialize;
use serde_json::Value;

/// A reply built as JSON, whose shape is not declared as a type yet.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Untyped(pub Value);

impl From<Value> for Untyped {
    fn from(value: Value) -> Untyped {
        Untyped(value)
    }
}

const UNTYPED: &str = "Untyped";

impl JsonSchema for Untyped {
    fn schema_name() -> Cow<'static, str> {
        UNTYPED.into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "object" })
    }
}

/// The JSON schema of reply type `R`, or `None` for [`Untyped`].
pub fn schema_of<R: JsonSchema>() -> Option<Value> {
    (R::schema_name() != UNTYPED).then(|| super::surface::schema_of::<R>())
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
