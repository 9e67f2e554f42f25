//! Property tests of the MCP entry (issue 20.4): every tool of the catalog, given any JSON
//! object as its arguments, answers an operation, a description or an error with a code —
//! never a panic. `CDT_FUZZ_CASES` sets the number of random cases (`bench/fuzz.sh` runs a
//! million).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use cdt_mcp::tools::catalog;
use cdt_testkit::fuzz::{config, json};
use proptest::prelude::*;
use serde_json::{Map, Value};

/// Any JSON value, with a uid and a URL among the leaves.
fn json_value() -> impl Strategy<Value = Value> {
    json(vec![Value::from("e1"), Value::from("http://127.0.0.1:1/")])
}

/// Arguments: the tool's own property names (from its schema) with random values, plus
/// random extra names.
fn arguments() -> impl Strategy<Value = (usize, Map<String, Value>)> {
    // Each tool's property names, read from its schema once.
    let names: Vec<Vec<String>> = catalog()
        .iter()
        .map(|tool| {
            tool.schema()
                .get("properties")
                .and_then(Value::as_object)
                .map(|p| p.keys().cloned().collect())
                .unwrap_or_default()
        })
        .collect();
    (
        0..catalog().len(),
        prop::collection::vec((any::<prop::sample::Index>(), json_value()), 0..6),
        prop::collection::btree_map("[a-zA-Z]{1,8}", json_value(), 0..2),
    )
        .prop_map(move |(tool, known, extra)| {
            let mut args: Map<String, Value> = extra.into_iter().collect();
            let names = &names[tool];
            if !names.is_empty() {
                for (index, value) in known {
                    args.insert(names[index.index(names.len())].clone(), value);
                }
            }
            (tool, args)
        })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn any_arguments_to_any_tool_answer_or_fail_with_a_code((tool, args) in arguments()) {
        if let Err(error) = catalog()[tool].call(args) {
            prop_assert!(!error.message.is_empty());
        }
    }
}
