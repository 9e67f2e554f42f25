use std::collections::BTreeSet;

use serde_json::json;

use super::*;

/// Arguments that exercise every operation a shaped tool may send.
fn examples(tool: &str) -> Vec<Value> {
    match tool {
        "new_page" => vec![json!({ "url": "http://127.0.0.1/" })],
        "select_page" | "close_page" => vec![json!({ "pageId": 2 })],
        "navigate_page" => vec![
            json!({ "url": "http://127.0.0.1/" }),
            json!({ "type": "back" }),
            json!({ "type": "forward" }),
            json!({ "type": "reload", "ignoreCache": true }),
        ],
        "wait_for" => vec![json!({ "text": ["Done"] })],
        "resize_page" => vec![json!({ "width": 800, "height": 600 })],
        "click" => vec![
            json!({ "uid": "e1" }),
            json!({ "uid": "e1", "dblClick": true }),
        ],
        "hover" => vec![json!({ "uid": "e1" })],
        "drag" => vec![json!({ "from_uid": "e1", "to_uid": "e2" })],
        "fill" => vec![json!({ "uid": "e1", "value": "x" })],
        "fill_form" => vec![json!({ "elements": [{ "uid": "e1", "value": "x" }] })],
        "upload_file" => vec![json!({ "uid": "e1", "filePaths": ["/tmp/a"] })],
        "press_key" => vec![json!({ "key": "Enter" })],
        "handle_dialog" => vec![json!({ "action": "accept", "promptText": "y" })],
        "evaluate_script" => vec![json!({ "function": "() => 1" })],
        "get_console_message" => vec![json!({ "msgid": 1 })],
        "get_network_request" => vec![json!({ "reqid": 1 })],
        "cdp_get_response_body" => vec![
            json!({ "reqid": 1 }),
            json!({ "targetId": "T", "requestId": "1.2" }),
        ],
        "emulate" => vec![
            json!({ "networkConditions": "Slow 4G", "cpuThrottlingRate": 4 }),
            json!({ "networkConditions": "No emulation", "geolocation": null }),
        ],
        "performance_start_trace" => vec![json!({ "reload": true, "autoStop": true })],
        "performance_analyze_insight" => vec![json!({ "insightName": "LCPBreakdown" })],
        "click_at" => vec![json!({ "x": 10, "y": 20, "dblClick": true })],
        "type_text" => vec![json!({ "text": "hi", "submitKey": "Enter" })],
        "route" => vec![
            json!({ "url": "*/api/*", "body": "{}", "status": 201 }),
            json!({ "url": "*.png", "action": "block", "reason": "AccessDenied" }),
        ],
        "unroute" => vec![json!({}), json!({ "id": 2 })],
        _ => vec![json!({})],
    }
}

fn args(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

fn operation(tool: &McpTool, value: Value) -> Operation {
    match tool.call(args(value)) {
        Ok(Call::Run(operation)) => *operation,
        other => panic!("{}: {other:?}", tool.name),
    }
}

#[test]
fn every_shaped_tool_sends_the_operations_it_declares() {
    for tool in catalog()
        .iter()
        .filter(|t| matches!(t.kind, Kind::Shaped(_)))
    {
        let mut sent = BTreeSet::new();
        for example in examples(&tool.name) {
            sent.insert(operation(tool, example).name());
        }
        let declared: BTreeSet<&str> = tool.ops().into_iter().collect();
        assert_eq!(
            sent, declared,
            "{} sends other ops than it declares",
            tool.name
        );
    }
}

/// Every operation is reachable over MCP, in its own shape and through `cdt`, and its own
/// tool takes exactly its parameters.
#[test]
fn every_operation_has_its_own_tool_and_runs_through_cdt() {
    let mut names = BTreeSet::new();
    for tool in catalog() {
        assert!(names.insert(tool.name.as_str()), "{} twice", tool.name);
    }
    for (spec, default) in OP_SPECS.iter().zip(cdt_domain::ops::every_operation()) {
        let own = find(&spec.tool_name()).unwrap_or_else(|| panic!("{} has no tool", spec.name));
        assert_eq!(own.ops(), vec![spec.name]);
        let params = default.params();
        assert_eq!(operation(own, params.clone()), default, "{}", own.name);
        let any = find(ANY).unwrap_or_else(|| panic!("no cdt tool"));
        let through = operation(any, json!({ "op": spec.name, "params": params }));
        assert_eq!(through, default, "cdt op={}", spec.name);
        let Ok(Call::Describe(described)) =
            any.call(args(json!({ "op": spec.name, "describe": true })))
        else {
            panic!("{} does not describe itself", spec.name)
        };
        assert_eq!(described["example"], spec.example());
        assert_eq!(described["inputSchema"]["type"], "object");
    }
}

#[test]
fn the_devtools_and_observer_tool_names_are_all_there() {
    let expected: BTreeSet<&str> = [
        "new_page",
        "list_pages",
        "select_page",
        "close_page",
        "navigate_page",
        "wait_for",
        "resize_page",
        "take_snapshot",
        "take_screenshot",
        "click",
        "hover",
        "drag",
        "fill",
        "fill_form",
        "upload_file",
        "press_key",
        "click_at",
        "type_text",
        "handle_dialog",
        "evaluate_script",
        "list_console_messages",
        "get_console_message",
        "list_network_requests",
        "get_network_request",
        "emulate",
        "performance_start_trace",
        "performance_stop_trace",
        "performance_analyze_insight",
        "lighthouse_audit",
        "route",
        "unroute",
        "cdp_list_targets",
        "cdp_observe",
        "cdp_stop_observe",
        "cdp_read_events",
        "cdp_clear_events",
        "cdp_get_response_body",
        "cdp_set_filters",
        "cdp_get_filters",
    ]
    .into();
    let defaults = families("default").unwrap_or_default();
    let listed: BTreeSet<String> = list(&defaults)
        .into_iter()
        .map(|t| t.name.to_string())
        .collect();
    let shaped: BTreeSet<&str> = listed
        .iter()
        .map(String::as_str)
        .filter(|name| *name != ANY)
        .collect();
    assert_eq!(shaped, expected);
    assert!(listed.contains(ANY));
    let all = families("all").unwrap_or_default();
    assert_eq!(list(&all).len(), catalog().len());
    assert!(families("devtools,nonsense").is_err());
}

#[test]
fn bad_arguments_are_validation_errors_with_a_suggestion() {
    let call = |tool: &str, value: Value| {
        find(tool)
            .unwrap_or_else(|| panic!("no {tool}"))
            .call(args(value))
            .err()
    };
    let error = call("click", json!({ "selectorz": "x" })).map(|e| (e.code, e.suggestions.len()));
    assert_eq!(error, Some((cdt_domain::ErrorCode::ValidationError, 1)));
    let error = call("hover", json!({ "uid": "e1", "includeSnapshot": true }));
    assert!(
        error.is_some_and(|e| e.message.contains("includeSnapshot")),
        "a flattened type must not ignore unknown arguments"
    );
    assert!(
        call("navigate_page", json!({})).is_some(),
        "type=url needs a url"
    );
    let error = call(
        "upload_file",
        json!({ "uid": "e1", "filePaths": ["cv.pdf"] }),
    );
    assert!(
        error.is_some_and(|e| e.message.contains("absolute")),
        "relative upload paths are refused"
    );
    let error = call("page_open", json!({ "url": "http://x/", "bogus": 1 }));
    assert!(error.is_some_and(|e| e.message.contains("bogus")));
    let error = call(ANY, json!({ "op": "page.opne" }));
    assert!(error.is_some_and(|e| e.suggestions[0].to_string().contains("page.open")));
    let error = call(ANY, json!({ "op": "page.open", "params": { "url": 3 } }));
    assert!(error.is_some_and(|e| e.code == cdt_domain::ErrorCode::ValidationError));
}

#[test]
fn every_tool_schema_is_an_object_with_the_shared_timeout() {
    for tool in catalog() {
        let schema = tool.schema();
        assert_eq!(schema["type"], "object", "{}", tool.name);
        assert_eq!(
            schema["properties"]["timeout"]["type"], "integer",
            "{}",
            tool.name
        );
        let text = Value::Object(schema).to_string();
        assert!(
            !text.contains("$ref"),
            "{} refers to definitions: {text}",
            tool.name
        );
    }
}

#[test]
fn read_only_operations_are_annotated_so() {
    let read_only = |name: &str| {
        find(name)
            .and_then(McpTool::annotations)
            .and_then(|a| a.read_only_hint)
    };
    assert_eq!(read_only("list_pages"), Some(true));
    assert_eq!(read_only("take_snapshot"), Some(true));
    assert_eq!(read_only("click"), None);
    assert_eq!(read_only("storage_cookies_clear"), None);
}

/// The whole `tools/list` result, as sent.
fn tools_list_json(families: &[Family]) -> String {
    serde_json::to_string(&rmcp::model::ListToolsResult::with_all_items(list(
        families,
    )))
    .unwrap_or_default()
}

#[test]
#[allow(clippy::print_stderr)]
fn tools_list_stays_cheap_to_carry() {
    let defaults = families("default").unwrap_or_default();
    let json = tools_list_json(&defaults);
    eprintln!(
        "tools/list (default): {} tools in {} bytes",
        list(&defaults).len(),
        json.len()
    );
    for tool in list(&defaults) {
        let bytes = serde_json::to_string(&tool).map(|t| t.len()).unwrap_or(0);
        eprintln!("  {bytes:>5} {}", tool.name);
    }
    // The DevTools and observer tools and `cdt`, which reaches every operation; the DevTools
    // server's own default list is about 29 KB.
    assert!(json.len() <= 20_000, "tools/list is {} bytes", json.len());
    let all = tools_list_json(&families("all").unwrap_or_default());
    eprintln!("tools/list (all): {} bytes", all.len());
}

/// The README's tool ↔ command table names every listed tool with the commands of its ops.
#[test]
fn the_readme_maps_every_tool_to_its_cli_commands() {
    let readme = include_str!("../../../../README.md");
    let defaults = families("default").unwrap_or_default();
    for tool in catalog()
        .iter()
        .filter(|t| defaults.contains(&t.family) && t.kind_is_shaped())
    {
        let prefix = format!("| `{}` |", tool.name);
        let Some(row) = readme.lines().find(|l| l.starts_with(&prefix)) else {
            panic!("README has no row for {}", tool.name)
        };
        for op in tool.ops() {
            let command = format!("`cdt {}`", op.replace('.', " "));
            assert!(row.contains(&command), "{row} lacks {command}");
        }
    }
}
