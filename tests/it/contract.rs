//! The machine contract: envelopes, exit codes, suggestions, --describe, --fields, help.

use std::io::Read;
use std::process::Stdio;

use cdt_e2e::TestEnv;
use serde_json::Value;

#[test]
fn errors_lists_every_code_with_exit_code_and_remedy() {
    let env = TestEnv::new();
    let run = env.run(&["errors"]);
    let data = run.ok();
    let errors = data["errors"].as_array().unwrap();
    assert!(errors.len() >= 26);
    for error in errors {
        assert!(
            error["remedy"].as_str().is_some_and(|r| !r.is_empty()),
            "{error}"
        );
        assert!(
            error["exitCode"].as_i64().is_some_and(|c| c >= 2),
            "{error}"
        );
    }
    let find = |code: &str| {
        errors
            .iter()
            .find(|e| e["code"] == code)
            .map(|e| e["exitCode"].clone())
    };
    assert_eq!(find("PAGE_NOT_FOUND"), Some(Value::from(3)));
    assert_eq!(find("TIMEOUT"), Some(Value::from(4)));
    assert_eq!(find("DAEMON_UNAVAILABLE"), Some(Value::from(10)));
    assert!(
        env.daemon_pid().is_none(),
        "cdt errors must not start a daemon"
    );
}

#[test]
fn unknown_flag_is_a_json_validation_error_with_a_help_suggestion() {
    let env = TestEnv::new();
    let run = env.run(&["page", "open", "--bogus"]);
    let error = run.err("VALIDATION_ERROR", 2);
    assert!(
        error["suggestions"][0]
            .as_str()
            .unwrap()
            .contains("cdt page open --help"),
        "{error}"
    );
    let run = env.run(&["nonsense"]);
    let error = run.err("VALIDATION_ERROR", 2);
    assert_eq!(error["suggestions"][0], "Run: cdt --help", "{error}");
    // An unknown subcommand points at its parent's help, not at itself (nor at the word after
    // it: `cdt click e5` is not a group `e5`).
    let run = env.run(&["input", "pres", "Enter"]);
    let error = run.err("VALIDATION_ERROR", 2);
    assert_eq!(error["suggestions"][0], "Run: cdt input --help", "{error}");
    // Words that read as the REPL's short form of the command (`scroll bottom`) name what the
    // CLI takes instead, first.
    for (args, instead) in [
        (
            &["input", "scroll", "bottom"][..],
            "Run: cdt input scroll --dy 1000000",
        ),
        (
            &["input", "scroll", "e5", "into", "view"],
            "Run: cdt element scroll-into-view e5",
        ),
        // (The flags after the words stay flags.)
        (
            &[
                "element",
                "fill",
                "e3",
                "hello",
                "world",
                "--timeout",
                "5000",
            ],
            "Run: cdt element fill e3 \"--value=hello world\" --timeout 5000",
        ),
        // (`-o`, `--output`'s short name, as well.)
        (
            &["element", "fill", "e3", "hello", "world", "-o", "json"],
            "Run: cdt element fill e3 \"--value=hello world\" -o json",
        ),
    ] {
        let run = env.run(args);
        let error = run.err("VALIDATION_ERROR", 2);
        assert_eq!(error["suggestions"][0], instead, "{error}");
    }
    // A flag the command does not take is not made part of its value: the commands that take
    // it are named.
    let run = env.run(&["element", "fill", "e3", "family", "--submit", "Enter"]);
    let error = run.err("VALIDATION_ERROR", 2);
    assert!(
        error["suggestions"][0]
            .as_str()
            .is_some_and(|s| s.starts_with("Run: cdt input type — takes --submit")),
        "{error}"
    );
    assert!(!error.to_string().contains("--value="), "{error}");
    // A word that is a command elsewhere, a REPL short form or a near spelling names the
    // commands meant, each with what it does, before the group's help.
    for (args, meant) in [
        (
            &["element", "type", "e1", "x"][..],
            &["cdt element fill — ", "cdt input type — "][..],
        ),
        (
            &["page", "goto", "http://127.0.0.1/"],
            &["cdt page navigate — "],
        ),
        (
            &["page", "click", "e3"],
            &["cdt element click — ", "cdt input click — "],
        ),
        (
            &["element", "clik", "e1"],
            &["cdt element click — Click an element"],
        ),
        (&["screenshot"], &["cdt capture screenshot — "]),
        (
            &["click", "e5"],
            &["cdt element click — ", "cdt input click — "],
        ),
        (&["press", "Enter"], &["cdt input key — "]),
        (&["input", "press", "Enter"], &["cdt input key — "]),
    ] {
        let run = env.run(args);
        let error = run.err("VALIDATION_ERROR", 2);
        let suggestions: Vec<&str> = error["suggestions"]
            .as_array()
            .expect("suggestions")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        assert_eq!(suggestions.len(), meant.len() + 1, "{error}");
        for (suggestion, meant) in suggestions.iter().zip(meant) {
            assert!(suggestion.starts_with(&format!("Run: {meant}")), "{error}");
        }
        let group = args[..args.len() - 1]
            .iter()
            .take_while(|word| ["element", "input", "page"].contains(word))
            .map(|word| format!(" {word}"))
            .collect::<String>();
        assert_eq!(
            suggestions[meant.len()],
            format!("Run: cdt{group} --help"),
            "{error}"
        );
    }
}

#[test]
fn missing_url_names_an_example() {
    let env = TestEnv::new();
    let run = env.run(&["page", "open"]);
    let error = run.err("VALIDATION_ERROR", 2);
    assert!(
        error["message"].as_str().unwrap().contains("url"),
        "{error}"
    );
    assert!(
        error["suggestions"]
            .to_string()
            .contains("cdt page open https://example.com"),
        "{error}"
    );
}

#[test]
fn zero_timeout_is_refused() {
    let env = TestEnv::new();
    env.run(&["page", "list", "--timeout", "0"])
        .err("VALIDATION_ERROR", 2);
}

#[test]
fn describe_prints_schema_example_and_error_codes_without_running() {
    let env = TestEnv::new();
    let run = env.run(&["page", "open", "--describe"]);
    let data = run.ok();
    assert_eq!(data["op"], "page.open");
    assert_eq!(data["inputSchema"]["required"], serde_json::json!(["url"]));
    assert!(
        data["inputSchema"]["properties"]["waitUntil"].is_object(),
        "{data}"
    );
    assert!(
        data["example"]
            .as_str()
            .unwrap()
            .starts_with("cdt page open")
    );
    let codes = data["errorCodes"].as_array().unwrap();
    assert!(
        codes.contains(&Value::from("NAVIGATION_FAILED"))
            && codes.contains(&Value::from("TIMEOUT"))
    );
    assert!(env.daemon_pid().is_none(), "--describe must run nothing");
}

#[test]
fn input_file_supplies_parameters_and_bad_ones_are_validation_errors() {
    let env = TestEnv::new();
    let file = env.home.with_extension("params.json");
    std::fs::write(&file, r#"{"id": "not-a-number"}"#).unwrap();
    let run = env.run(&["page", "use", "--input-file", file.to_str().unwrap()]);
    run.err("VALIDATION_ERROR", 2);
    std::fs::write(&file, "[1,2]").unwrap();
    env.run(&["page", "use", "--input-file", file.to_str().unwrap()])
        .err("VALIDATION_ERROR", 2);
    let _ = std::fs::remove_file(&file);
}

#[test]
fn fields_projects_data_and_text_output_is_not_json() {
    let env = TestEnv::new();
    let run = env.run(&["errors", "--fields", "errors.code"]);
    let first = &run.ok()["errors"][0];
    assert_eq!(first.as_object().map(|o| o.len()), Some(1), "{first}");
    let text = env.run(&["errors", "--output", "text"]);
    assert_eq!(text.code, 0);
    assert!(
        text.json.is_null() && text.stdout.contains("PAGE_NOT_FOUND"),
        "{}",
        text.stdout
    );
    // `-o` is `--output`'s short name, and a usage error is printed in the form it names.
    let short = env.run(&["errors", "-o", "text"]);
    assert!(
        short.json.is_null() && short.stdout == text.stdout,
        "{}",
        short.stdout
    );
    let refused = env.run(&["page", "open", "-o", "text", "--bogus"]);
    assert_eq!(refused.code, 2);
    assert!(
        refused.stdout.is_empty() && refused.stderr.starts_with("error[VALIDATION_ERROR]"),
        "{}",
        refused.stderr
    );
}

#[test]
fn a_reply_tells_its_context_on_failure_or_when_asked() {
    let env = TestEnv::new();
    env.ctx("meta", &["page", "open", "about:blank"]).ok();
    // A plain success carries SPEC §3.3's meta and no more.
    let plain = env.ctx("meta", &["page", "list"]);
    plain.ok();
    let mut keys: Vec<&String> = plain.json["meta"]
        .as_object()
        .expect("meta")
        .keys()
        .collect();
    keys.sort();
    assert_eq!(keys, ["durationMs", "requestId"], "{}", plain.stdout);
    // Asked for, or on a failure, the context key is there: the one `session status` tells.
    let key = env.ctx("meta", &["session", "status"]).ok()["context"]["key"].clone();
    assert!(key.as_str().is_some_and(|k| k.starts_with("ctx_")), "{key}");
    let verbose = env.ctx("meta", &["page", "list", "--verbose"]);
    assert_eq!(verbose.json["meta"]["context"], key, "{}", verbose.stdout);
    let failed = env.ctx("meta", &["page", "use", "99"]);
    failed.err("PAGE_NOT_FOUND", 3);
    assert_eq!(failed.json["meta"]["context"], key, "{}", failed.stdout);
}

#[test]
fn closed_stdout_exits_quietly() {
    let env = TestEnv::new();
    let mut child = env
        .command(&["errors", "--output", "text"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let status = child.wait().unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(status.code().is_some(), "killed by a signal: {status:?}");
}

/// The `--help` of every command, walked from the clap tree itself, so a new command (or one
/// a hand-kept list forgot) shows up in review.
#[test]
fn help_tree_is_pinned() {
    let env = TestEnv::new();
    let mut all = String::new();
    for path in cdt_cli::cli::command_paths() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let run = env.run(&args);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        all.push_str(&format!("===== cdt {}\n{}\n", path.join(" "), run.stdout));
    }
    insta::assert_snapshot!("help_tree", all);
}
