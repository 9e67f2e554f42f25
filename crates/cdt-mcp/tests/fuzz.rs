//! Property tests of the MCP entry (issue 20.4): every tool of the catalog, given any JSON
//! object as its arguments, answers an operation, a description or an error with a code —
//! never a panic. `CDT_FUZZ_CASES` sets the number of random cases (`bench/fuzz.sh` runs a
//! million).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use cdt_mcp::tools::catalog;
use proptest::prelude::*;
use serde_json::{Map, Value};

fn cases() -> u32 {
    std::env::var("CDT_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
}

fn json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        ".{0,12}".prop_map(Value::from),
        Just(Value::from("e1")),
        Just(Value::from("http://127.0.0.1:1/")),
    ];
    leaf.prop_recursive(3, 32, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map("[a-zA-Z]{1,8}", inner, 0..5)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
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
        prop::collection::vec((any::<prop::sample::Index>(), json()), 0..6),
        prop::collection::btree_map("[a-zA-Z]{1,8}", json(), 0..2),
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
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn any_arguments_to_any_tool_answer_or_fail_with_a_code((tool, args) in arguments()) {
        if let Err(error) = catalog()[tool].call(args) {
            prop_assert!(!error.message.is_empty());
        }
    }
}
