use super::*;

#[test]
fn codex_exec_json_lines() {
    let stdout = r#"{"type":"thread.started","thread_id":"0199a213-81c0-7800-8aa1-bbab2a035a53"}
{"type":"turn.started"}
{"type":"item.completed","item":{"id":"item_0","type":"reasoning","text":"**Thinking about it**"}}
{"type":"item.completed","item":{"id":"item_1","type":"command_execution","command":"ls","aggregated_output":"a\nb"}}
{"type":"item.completed","item":{"id":"item_2","type":"agent_message","text":"I agree with the plan."}}
{"type":"turn.completed","usage":{"input_tokens":10,"output_tokens":5}}
"#;
    let parsed = parse(stdout);
    assert!(parsed.json);
    assert_eq!(parsed.response, "I agree with the plan.");
    assert_eq!(
        parsed.session_id.as_deref(),
        Some("0199a213-81c0-7800-8aa1-bbab2a035a53")
    );
}

#[test]
fn codex_error_lines_are_not_a_reply() {
    let stdout = r#"{"type":"thread.started","thread_id":"th_1234"}
{"type":"item.completed","item":{"type":"error","message":"Model metadata not found"}}
{"type":"error","message":"usage limit"}
{"type":"turn.failed","error":{"message":"usage limit"}}
"#;
    let parsed = parse(stdout);
    assert!(parsed.json);
    assert_eq!(parsed.response, "");
    assert_eq!(parsed.session_id.as_deref(), Some("th_1234"));
}

#[test]
fn gemini_json_document() {
    let stdout = r#"{
  "session_id": "5f1c2a9e-0000-4000-8000-000000000001",
  "response": "동의합니다. 결론은 A입니다.",
  "stats": {"models": {"gemini-2.5-pro": {"tokens": {"total": 20}}}}
}"#;
    let parsed = parse(stdout);
    assert_eq!(parsed.response, "동의합니다. 결론은 A입니다.");
    assert_eq!(
        parsed.session_id.as_deref(),
        Some("5f1c2a9e-0000-4000-8000-000000000001")
    );
}

#[test]
fn gemini_stream_json_chunks_are_joined() {
    let stdout = r#"{"type":"init","sessionId":"abc123","model":"gemini-2.5-flash"}
{"type":"message","role":"user","content":"the prompt"}
{"type":"message","role":"assistant","content":"Hello ","delta":true}
{"type":"message","role":"assistant","content":"world","delta":true}
{"type":"result","status":"success","stats":{"total_tokens":3}}
"#;
    let parsed = parse(stdout);
    assert_eq!(parsed.response, "Hello world");
    assert_eq!(parsed.session_id.as_deref(), Some("abc123"));
}

#[test]
fn nested_session_object() {
    let parsed = parse(r#"{"session":{"id":"s-42"},"result":"ok"}"#);
    assert_eq!(parsed.session_id.as_deref(), Some("s-42"));
    assert_eq!(parsed.response, "ok");
}

#[test]
fn json_with_no_text_is_an_empty_reply() {
    let parsed = parse(r#"{"stats":{"tokens":3}}"#);
    assert!(parsed.json);
    assert_eq!(parsed.response, "");
    assert_eq!(parsed.session_id, None);
}

#[test]
fn plain_text_is_the_reply_and_the_session_comes_from_text() {
    let stdout = "OpenAI Codex v0.50.0\n--------\nworkdir: /tmp\nsession id: 0199a213-81c0-7800\n--------\n합의: 좋습니다.\n";
    let parsed = parse(stdout);
    assert!(!parsed.json);
    assert_eq!(parsed.response, stdout.trim());
    assert_eq!(parsed.session_id.as_deref(), Some("0199a213-81c0-7800"));
}

#[test]
fn text_session_id_spellings() {
    for (text, id) in [
        ("Session ID: abc-123", "abc-123"),
        ("sessionId=xyz_789.", "xyz_789"),
        ("thread_id: th_55aa", "th_55aa"),
        ("session-id `q1w2e3`", "q1w2e3"),
        ("resume with conversation id 77aa88bb", "77aa88bb"),
    ] {
        assert_eq!(parse(text).session_id.as_deref(), Some(id), "{text}");
    }
    for text in [
        "no id here",
        "the session is over",
        "session id: -rf",
        "session id: ab",
    ] {
        assert_eq!(parse(text).session_id, None, "{text}");
    }
}

#[test]
fn a_line_that_is_not_json_makes_it_text() {
    let stdout = "{\"session_id\":\"s-1\"}\nplain words\n";
    let parsed = parse(stdout);
    assert!(!parsed.json);
    assert_eq!(parsed.response, stdout.trim());
}

#[test]
fn json_scalars_are_text() {
    let parsed = parse("42\n");
    assert!(!parsed.json);
    assert_eq!(parsed.response, "42");
    assert_eq!(parse("").response, "");
    assert_eq!(parse("  \n ").response, "");
}

#[test]
fn session_id_shape() {
    assert!(is_valid_session_id("0199a213-81c0-7800-8aa1-bbab2a035a53"));
    assert!(is_valid_session_id("th_1.2:3"));
    assert!(!is_valid_session_id("-rf"));
    assert!(!is_valid_session_id("a b"));
    assert!(!is_valid_session_id("a'b"));
    assert!(!is_valid_session_id(""));
    assert!(!is_valid_session_id(&"a".repeat(129)));
}
