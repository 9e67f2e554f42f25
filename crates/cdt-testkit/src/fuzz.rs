//! What the property tests (`crates/*/tests/fuzz.rs`, `cdt`'s `repl/fuzz.rs`) share: how many
//! cases to run and a strategy for any JSON value.

use proptest::prelude::*;
use serde_json::Value;

/// Random cases per property: `CDT_FUZZ_CASES` (`bench/fuzz.sh` sets a million), else a smoke
/// of 256.
pub fn cases() -> u32 {
    std::env::var("CDT_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
}

/// The configuration every fuzz property runs with.
pub fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Any JSON value a few levels deep, with `extra` leaves mixed in (values a target knows, such
/// as a uid or a URL).
pub fn json(extra: Vec<Value>) -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        ".{0,12}".prop_map(Value::from),
        prop::sample::select(if extra.is_empty() {
            vec![Value::Null]
        } else {
            extra
        }),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map("[a-zA-Z]{1,10}", inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}
