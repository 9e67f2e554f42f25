//! Property tests of the IPC framing and request parser (issue 20.4): whatever bytes a peer
//! sends, reading a line and parsing a request return a value or an error with a code; they
//! never panic, and a line never exceeds its limit. `CDT_FUZZ_CASES` sets the number of random
//! cases (`bench/fuzz.sh` runs a million); the committed corpus runs first.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use cdt_ipc::framing::read_line;
use cdt_ipc::protocol::parse_request;
use cdt_testkit::fuzz::{config, json};
use proptest::prelude::*;
use serde_json::Value;

const CORPUS: &str = include_str!("../../../tests/fuzz-corpus/ipc.txt");

/// A request-shaped object: a real op name (or not), random params and fields.
fn request() -> impl Strategy<Value = Value> {
    let ops: Vec<&'static str> = cdt_domain::ops::OP_SPECS.iter().map(|s| s.name).collect();
    (
        prop::sample::select(ops),
        ".{0,8}",
        json(Vec::new()),
        json(Vec::new()),
        any::<bool>(),
    )
        .prop_map(|(op, junk, params, extra, real)| {
            serde_json::json!({
                "id": "r-1", "op": if real { op.to_string() } else { junk },
                "params": params, "caller": extra, "deadlineMs": 1000,
            })
        })
}

#[test]
fn the_corpus_parses_or_fails_with_a_code() {
    for line in CORPUS.lines() {
        let line = line.replace("\\n", "\n");
        if let Err(error) = parse_request(line.as_bytes()) {
            assert!(!error.message.is_empty(), "{line}");
        }
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn any_bytes_parse_or_fail_with_a_code(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        if let Err(error) = parse_request(&bytes) {
            prop_assert!(!error.code.as_str().is_empty());
        }
    }

    #[test]
    fn any_request_shape_parses_or_fails_with_a_code(value in request()) {
        let line = value.to_string();
        if let Err(error) = parse_request(line.as_bytes()) {
            prop_assert!(!error.message.is_empty());
        }
    }

    #[test]
    fn framing_never_returns_a_line_over_its_limit(
        chunks in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..64), 0..8),
        limit in 1usize..96,
    ) {
        let bytes: Vec<u8> = chunks.concat();
        let mut reader: &[u8] = &bytes;
        for _ in 0..16 {
            match read_line(&mut reader, limit) {
                Ok(line) => prop_assert!(line.len() <= limit),
                Err(_) => break,
            }
        }
    }
}
