#![allow(clippy::unwrap_used)]

use super::*;
use crate::template::Values;

const GOOD: &str = r#"
# agents
GEMINI_START_CMD='gemini --output-format json -p {prompt}'
GEMINI_RESUME_CMD='gemini --output-format json --resume {session_id} -p {prompt}'
export CODEX_START_CMD="codex exec --json {prompt}"   # a comment
CODEX_RESUME_CMD=codex exec resume {session_id} --json {prompt}
OTHER_TOOL=whatever
"#;

#[test]
fn a_complete_file_with_defaults() {
    let settings = Settings::parse(GOOD).unwrap();
    assert_eq!(settings.max_rounds, 6);
    assert_eq!(settings.turn_timeout_ms, 120_000);
    assert_eq!(settings.consensus_regex, "(합의|동의|consensus|agreed)");
    let argv = settings
        .codex
        .resume
        .render(Values {
            prompt: "p",
            session_id: Some("s1"),
        })
        .unwrap();
    assert_eq!(argv, ["codex", "exec", "resume", "s1", "--json", "p"]);
    let argv = settings
        .commands(AgentName::Gemini)
        .start
        .render(Values {
            prompt: "hi there",
            session_id: None,
        })
        .unwrap();
    assert_eq!(
        argv,
        ["gemini", "--output-format", "json", "-p", "hi there"]
    );
}

#[test]
fn overrides() {
    let text = format!(
        "{GOOD}\nDEBATE_MAX_ROUNDS=3\nDEBATE_TURN_TIMEOUT_MS=5000\nDEBATE_CONSENSUS_REGEX='(done|끝)'\n"
    );
    let settings = Settings::parse(&text).unwrap();
    assert_eq!(settings.max_rounds, 3);
    assert_eq!(settings.turn_timeout_ms, 5000);
    assert!(settings.consensus.is_match("We are DONE here"));
    assert!(settings.consensus.is_match("이제 끝"));
    assert!(!settings.consensus.is_match("합의"));
}

#[test]
fn every_problem_is_reported_at_once() {
    let text = "GEMINI_START_CMD='gemini -p'\nCODEX_START_CMD='codex {prompt} | tee x'\n\
                CODEX_RESUME_CMD='codex {prompt}'\nDEBATE_MAX_ROUNDS=0\n\
                DEBATE_TURN_TIMEOUT_MS=soon\nDEBATE_CONSENSUS_REGEX='(unclosed'\nGEMINI_MODEL=x\n\
                this line is wrong\n";
    let problems = Settings::parse(text).unwrap_err();
    let all = problems.join("\n");
    for expected in [
        "GEMINI_START_CMD: the {prompt} placeholder is missing",
        "GEMINI_RESUME_CMD: missing",
        "CODEX_START_CMD: `|` is shell syntax",
        "CODEX_RESUME_CMD: the {session_id} placeholder is missing",
        "DEBATE_MAX_ROUNDS: `0` is not a whole number from 1 to 100",
        "DEBATE_TURN_TIMEOUT_MS: `soon`",
        "DEBATE_CONSENSUS_REGEX:",
        "GEMINI_MODEL: unknown key",
        "line 8: expected KEY=value",
    ] {
        assert!(all.contains(expected), "missing {expected:?} in:\n{all}");
    }
}

#[test]
fn env_syntax() {
    let mut problems = Vec::new();
    let pairs = parse_env(
        "A=plain value # comment\nB='lit # not a comment $x'\nC=\"esc \\\"q\\\" \\\\ \\n end\"\n\
         D='multi\nline'\nE=\nF = spaced \n",
        &mut problems,
    );
    assert!(problems.is_empty(), "{problems:?}");
    let get = |key: &str| pairs.iter().find(|(k, _)| k == key).unwrap().1.clone();
    assert_eq!(get("A"), "plain value");
    assert_eq!(get("B"), "lit # not a comment $x");
    assert_eq!(get("C"), "esc \"q\" \\ \n end");
    assert_eq!(get("D"), "multi\nline");
    assert_eq!(get("E"), "");
    assert_eq!(get("F"), "spaced");
}

#[test]
fn env_syntax_errors() {
    let mut problems = Vec::new();
    parse_env("A='open\nB=1\n", &mut problems);
    assert!(problems[0].contains("quote is not closed"), "{problems:?}");
    let mut problems = Vec::new();
    parse_env("A='x'y\nB-C=1\n", &mut problems);
    assert!(problems[0].contains("unexpected `y`"), "{problems:?}");
    assert!(
        problems[1].contains("`B-C` is not a valid key"),
        "{problems:?}"
    );
}

#[test]
fn consensus_default_is_case_insensitive() {
    let regex = compile_consensus(DEFAULT_CONSENSUS_REGEX).unwrap();
    for text in [
        "우리는 합의했습니다",
        "그 의견에 동의합니다",
        "We reached CONSENSUS.",
        "Agreed!",
        "I AGREED earlier",
    ] {
        assert!(regex.is_match(text), "{text}");
    }
    for text in ["I disagree", "반대합니다", "no deal"] {
        // "disagree" holds "agree" but not "agreed".
        assert!(!regex.is_match(text), "{text}");
    }
    assert!(compile_consensus("  ").is_err());
}

#[test]
fn load_names_the_file() {
    let error = Settings::load(Path::new("/nonexistent/.env")).unwrap_err();
    assert_eq!(error.code, ErrorCode::ConfigInvalid);
    assert!(error.message.contains("/nonexistent/.env"));
    assert!(error.suggestion.contains(".env.example"));
}

#[test]
fn the_shipped_example_is_valid() {
    let settings = Settings::parse(include_str!("../.env.example")).unwrap();
    assert_eq!(settings.max_rounds, DEFAULT_MAX_ROUNDS);
    let argv = settings
        .codex
        .resume
        .render(Values {
            prompt: "p q",
            session_id: Some("0199a213"),
        })
        .unwrap();
    assert_eq!(
        argv,
        [
            "codex",
            "exec",
            "--json",
            "--skip-git-repo-check",
            "resume",
            "0199a213",
            "p q"
        ]
    );
}
