//! Property tests of the REPL line grammar and `--fields` (issue 20.4): any line splits into
//! commands and words or fails with a code, every alias expands any rest of a line or fails
//! with a code, and `--fields` with any path list selects or refuses — never a panic.
//! `CDT_FUZZ_CASES` sets the number of random cases (`bench/fuzz.sh` runs a million); the
//! committed corpus runs first.

use cdt_testkit::fuzz::config;
use proptest::prelude::*;
use serde_json::json;

use super::aliases::aliases;
use super::expand::expand;
use super::line::{Variables, first_word, rest, split_commands, split_flags, words};
use crate::output::select_fields;

const REPL_CORPUS: &str = include_str!("../../../../tests/fuzz-corpus/repl.txt");
const FIELDS_CORPUS: &str = include_str!("../../../../tests/fuzz-corpus/fields.txt");

fn variables() -> Variables {
    [
        ("x".to_string(), "1".to_string()),
        ("y".to_string(), "a b".to_string()),
    ]
    .into_iter()
    .collect()
}

/// Runs a line through everything the REPL does before it runs a command.
fn through_the_grammar(line: &str) -> Result<(), String> {
    let vars = variables();
    let Ok(commands) = split_commands(line) else {
        return Ok(());
    };
    for command in commands {
        let (name, tail) = first_word(&command);
        let _ = words(&command, &vars);
        let _ = rest(tail, &vars, true);
        let _ = rest(tail, &vars, false);
        let _ = split_flags(tail);
        for alias in aliases().iter().filter(|a| a.names.contains(&name)) {
            if let Err(error) = expand(alias, tail, &vars)
                && error.message.is_empty()
            {
                return Err(format!("{command:?}: an error without a message"));
            }
        }
    }
    Ok(())
}

/// A line: an alias name (or junk), then words with quotes, variables and separators.
fn line() -> impl Strategy<Value = String> {
    let names: Vec<&'static str> = aliases()
        .iter()
        .flat_map(|a| a.names.iter().copied())
        .collect();
    (
        prop::sample::select(names),
        prop::collection::vec(
            prop_oneof![
                "[a-z0-9=.#]{1,8}",
                Just("\"".to_string()),
                Just("'".to_string()),
                Just("$x".to_string()),
                Just("${y}".to_string()),
                Just("$".to_string()),
                Just(";".to_string()),
                Just("--force".to_string()),
                Just("into view".to_string()),
                Just("e12".to_string()),
                Just("x=-1e999".to_string()),
                ".{0,6}",
            ],
            0..8,
        ),
    )
        .prop_map(|(name, parts)| format!("{name} {}", parts.join(" ")))
}

fn reply() -> serde_json::Value {
    json!({
        "pages": [{ "id": 1, "url": "http://a/", "title": "A" }, { "id": 2, "url": "http://b/" }],
        "requests": [{ "id": 7, "url": "http://a/x", "status": 200, "headers": { "a": 1 } }],
        "count": 2, "nested": { "deep": { "deeper": [1, 2, { "x": null }] } }
    })
}

#[test]
fn the_corpus_goes_through_the_grammar_and_fields() {
    for line in REPL_CORPUS.lines() {
        assert_eq!(through_the_grammar(&line.replace("\\n", "\n")), Ok(()));
    }
    for fields in FIELDS_CORPUS.lines() {
        if let Err(error) = select_fields(&reply(), fields) {
            assert!(!error.message.is_empty(), "{fields}");
        }
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn any_text_goes_through_the_grammar(text in ".{0,64}") {
        prop_assert_eq!(through_the_grammar(&text), Ok(()));
    }

    #[test]
    fn any_alias_line_goes_through_the_grammar(text in line()) {
        prop_assert_eq!(through_the_grammar(&text), Ok(()));
    }

    #[test]
    fn any_fields_list_selects_or_refuses(fields in "[a-z.,*0-9 ]{0,24}") {
        if let Err(error) = select_fields(&reply(), &fields) {
            prop_assert!(!error.message.is_empty());
        }
    }
}
