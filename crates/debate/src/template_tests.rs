#![allow(clippy::unwrap_used)]

use std::process::Command;

use super::*;

const HOSTILE: [&str; 9] = [
    "it's a 'quoted' \"word\"",
    "a; rm -rf /tmp/nothing-here",
    "$(touch /tmp/cdt-debate-pwned) `id` ${HOME}",
    "line one\nline two\r\nline three",
    "' ; echo injected ; '",
    "--help",
    "back\\slash and tab\tend",
    "",
    "{session_id} {prompt} 합의",
];

fn start(text: &str) -> CommandTemplate {
    CommandTemplate::parse(text, TemplateKind::Start).unwrap()
}

fn values(prompt: &str) -> Values<'_> {
    Values {
        prompt,
        session_id: Some("sess-1"),
    }
}

#[test]
fn placeholders_become_exactly_one_argument_each() {
    let template = CommandTemplate::parse(
        "codex exec resume {session_id} --json '{prompt}'",
        TemplateKind::Resume,
    )
    .unwrap();
    for prompt in HOSTILE {
        let argv = template.render(values(prompt)).unwrap();
        assert_eq!(
            argv,
            vec!["codex", "exec", "resume", "sess-1", "--json", prompt],
            "prompt {prompt:?}"
        );
    }
}

#[test]
fn placeholder_inside_a_word_and_inside_quotes() {
    let template = CommandTemplate::parse(
        r#"gemini --resume="{session_id}" -p 'say: {prompt} (end)'"#,
        TemplateKind::Resume,
    )
    .unwrap();
    let argv = template.render(values("a b; c")).unwrap();
    assert_eq!(
        argv,
        vec!["gemini", "--resume=sess-1", "-p", "say: a b; c (end)"]
    );
}

#[test]
fn hostile_values_reach_the_real_process_unchanged() {
    // printf runs without a shell: what it prints is exactly the argument it received.
    let template = start("printf %s {prompt}");
    for prompt in HOSTILE {
        let argv = template.render(values(prompt)).unwrap();
        let output = Command::new(&argv[0]).args(&argv[1..]).output().unwrap();
        assert!(output.status.success());
        assert_eq!(String::from_utf8(output.stdout).unwrap(), prompt);
    }
    assert!(!std::path::Path::new("/tmp/cdt-debate-pwned").exists());
}

#[test]
fn shell_line_quotes_values_so_a_real_shell_reads_them_back() {
    for prompt in HOSTILE {
        let argv = vec!["printf".to_string(), "%s".to_string(), prompt.to_string()];
        let line = shell_line(&argv, usize::MAX);
        let output = Command::new("sh").arg("-c").arg(&line).output().unwrap();
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            prompt,
            "line {line}"
        );
    }
    assert!(!std::path::Path::new("/tmp/cdt-debate-pwned").exists());
}

#[test]
fn shell_quote_single_quotes_anything_not_plain() {
    assert_eq!(shell_quote("codex"), "codex");
    assert_eq!(shell_quote("--model=o4"), "--model=o4");
    assert_eq!(shell_quote(""), "''");
    assert_eq!(shell_quote("a b"), "'a b'");
    assert_eq!(shell_quote("it's"), r"'it'\''s'");
    assert_eq!(shell_quote("$(id)"), "'$(id)'");
    assert_eq!(shell_quote("합의"), "'합의'");
}

#[test]
fn shell_line_shortens_long_arguments() {
    let argv = vec!["codex".to_string(), "x".repeat(100)];
    assert_eq!(shell_line(&argv, 5), "codex 'xxxxx…'");
}

#[test]
fn quoting_rules_of_the_template_itself() {
    let argv = start(r#"prog 'a  b' "c \"d\" \\ e" f\ g '' {prompt}"#)
        .render(values("p"))
        .unwrap();
    assert_eq!(argv, vec!["prog", "a  b", r#"c "d" \ e"#, "f g", "", "p"]);
}

#[test]
fn refuses_shell_syntax_that_would_mean_something_else() {
    for text in [
        "codex exec {prompt} | tee log",
        "codex exec {prompt}; echo done",
        "codex exec {prompt} > out",
        "codex exec $MODEL {prompt}",
        "codex exec $(echo x) {prompt}",
        "codex `x` {prompt}",
        "codex {prompt} &",
        "~/bin/codex {prompt}",
        "codex {prompt} # comment",
        "codex \"$HOME\" {prompt}",
    ] {
        let error = CommandTemplate::parse(text, TemplateKind::Start).unwrap_err();
        assert!(
            error.0.contains("shell") || error.0.contains("expanded"),
            "{text}: {error}"
        );
    }
}

#[test]
fn refuses_a_placeholder_inside_a_shell_script() {
    for text in [
        "sh -c 'codex exec {prompt}'",
        "/bin/bash -lc \"gemini -p {prompt}\"",
        "env A=1 dash -ec 'x {prompt}'",
    ] {
        let error = CommandTemplate::parse(text, TemplateKind::Start).unwrap_err();
        assert!(error.0.contains("shell's -c script"), "{text}: {error}");
    }
    // A script file run by a shell is fine: the prompt is an argument, not script text.
    assert!(CommandTemplate::parse("sh ./agent.sh {prompt}", TemplateKind::Start).is_ok());
}

#[test]
fn placeholder_rules_per_kind() {
    let error = |text, kind| CommandTemplate::parse(text, kind).unwrap_err().0;
    assert!(error("codex exec", TemplateKind::Start).contains("{prompt} placeholder is missing"));
    assert!(
        error("codex resume {session_id} {prompt}", TemplateKind::Start)
            .contains("remove {session_id}")
    );
    assert!(
        error("codex resume {prompt}", TemplateKind::Resume)
            .contains("{session_id} placeholder is missing")
    );
    assert!(error("   ", TemplateKind::Start).contains("empty"));
    assert!(error("{prompt} x", TemplateKind::Start).contains("program"));
    assert!(error("codex {promt}", TemplateKind::Start).contains("unknown placeholder {promt}"));
    assert!(error("codex 'x {prompt}", TemplateKind::Start).contains("not closed"));
    assert!(error("codex \"x {prompt}", TemplateKind::Start).contains("not closed"));
    // Braces that are not placeholder-shaped are plain text.
    let argv = start("codex --config {\"a\":1} {X} {prompt}")
        .render(values("p"))
        .unwrap();
    assert_eq!(argv, vec!["codex", "--config", "{a:1}", "{X}", "p"]);
}

#[test]
fn render_refuses_nul_and_a_missing_session() {
    let template = CommandTemplate::parse("c {session_id} {prompt}", TemplateKind::Resume).unwrap();
    assert!(template.render(values("a\0b")).is_err());
    let no_session = Values {
        prompt: "p",
        session_id: None,
    };
    assert!(template.render(no_session).is_err());
}
