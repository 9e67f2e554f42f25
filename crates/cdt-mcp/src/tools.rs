//! The tool table: every MCP tool, in one place, as the operation it stands for. Adding a
//! tool is one entry: its name, its parameter type (a domain request type, or a thin one from
//! [`crate::params`]), the operations it may send, the conversion, and a short description.
//!
//! Nothing here talks to a browser; a tool call becomes one [`Operation`] for the daemon.

use cdt_domain::CdtError;
use cdt_domain::ops::{
    ElementActionParams, FillParams, NoParams, Operation, PageOpenParams, ResizeParams,
};
use rmcp::model::Tool;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::params::*;
use crate::schema;

/// One MCP tool.
pub struct ToolSpec {
    pub name: &'static str,
    pub description: &'static str,
    /// The operations (wire names) the tool may send.
    pub ops: &'static [&'static str],
    pub schema: fn() -> Map<String, Value>,
    /// The tool's arguments (without `timeout`) as an operation.
    pub to_op: fn(Map<String, Value>) -> Result<Operation, CdtError>,
}

/// The arguments as `T`. Names the schema does not list are refused, also for types that
/// would ignore them (flattened ones), so a misspelt or unsupported argument never passes
/// silently.
fn parse<T: DeserializeOwned>(
    tool: &str,
    known: &[String],
    args: Map<String, Value>,
) -> Result<T, CdtError> {
    if let Some(unknown) = args.keys().find(|key| !known.contains(key)) {
        return Err(
            CdtError::validation(format!("{tool} has no argument {unknown:?}"))
                .with_details(serde_json::json!({ "known": known }))
                .hinted(format!("Use only: {}", known.join(", "))),
        );
    }
    serde_json::from_value(Value::Object(args)).map_err(|error| {
        CdtError::validation(format!("invalid arguments for {tool}: {error}"))
            .hinted(format!("Check the input schema of {tool} in tools/list"))
    })
}

/// The argument names a tool's schema lists (without the shared `timeout`, taken earlier).
fn argument_names(schema: &Map<String, Value>) -> Vec<String> {
    let mut names: Vec<String> = schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|p| p.keys().filter(|k| *k != "timeout").cloned().collect())
        .unwrap_or_default();
    names.sort();
    names
}

macro_rules! tools {
    ($( $name:ident ($params:ty) [$($op:literal),+] $to_op:expr, $description:literal; )*) => {
        /// Every tool, in `tools/list` order.
        pub static TOOLS: &[ToolSpec] = &[$(
            ToolSpec {
                name: stringify!($name),
                description: $description,
                ops: &[$($op),+],
                schema: schema::input::<$params>,
                to_op: |args| {
                    static KNOWN: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
                    let known = KNOWN.get_or_init(|| argument_names(&schema::input::<$params>()));
                    let params: $params = parse(stringify!($name), known, args)?;
                    ($to_op)(params)
                },
            },
        )*];
    };
}

tools! {
    // The Chrome DevTools MCP server's tools, same names and shapes.
    new_page(PageOpenParams) ["page.open"] |p| Ok(Operation::PageOpen(p)), "Open a new page at a URL and select it.";
    list_pages(NoParams) ["page.list"] |p| Ok(Operation::PageList(p)), "List open pages: id, url, title, selected.";
    select_page(SelectPage) ["page.use"] SelectPage::op, "Select the page later calls act on.";
    close_page(ClosePage) ["page.close"] ClosePage::op, "Close a page.";
    navigate_page(NavigatePage) ["page.navigate", "page.back", "page.forward", "page.reload"] NavigatePage::op, "Load a URL in the page, or go back, forward, or reload.";
    wait_for(WaitFor) ["page.wait-text"] WaitFor::op, "Wait until any of the texts is on the page.";
    resize_page(ResizeParams) ["page.resize"] |p| Ok(Operation::PageResize(p)), "Resize the page's viewport (CSS px).";
    take_snapshot(TakeSnapshot) ["capture.snapshot"] TakeSnapshot::op, "The page's accessibility tree as text; actionable nodes carry stable uids (e12). Prefer it to screenshots.";
    take_screenshot(TakeScreenshot) ["capture.screenshot"] TakeScreenshot::op, "Screenshot of the viewport, full page or an element; a file path when large.";
    click(Click) ["element.click", "element.dblclick"] Click::op, "Click an element; reports what it caused.";
    hover(ElementActionParams) ["element.hover"] |p| Ok(Operation::ElementHover(p)), "Hover an element (uid, selector or text).";
    drag(Drag) ["element.drag"] Drag::op, "Drag an element onto another.";
    fill(FillParams) ["element.fill"] |p| Ok(Operation::ElementFill(p)), "Fill a text field, <select> or checkbox/radio.";
    fill_form(FillForm) ["element.fill-form"] FillForm::op, "Fill several form elements in one call.";
    upload_file(UploadFile) ["element.upload"] UploadFile::op, "Put files in a file input.";
    press_key(PressKey) ["input.key"] PressKey::op, "Press a key or chord on the focused element.";
    handle_dialog(HandleDialog) ["dialog.handle"] HandleDialog::op, "Accept or dismiss the open JavaScript dialog.";
    evaluate_script(EvaluateScript) ["runtime.eval"] EvaluateScript::op, "Run a JavaScript function in the page; returns its JSON-serializable result.";
    list_console_messages(ListConsoleMessages) ["console.list"] ListConsoleMessages::op, "Console messages and exceptions of the page since its last navigation.";
    get_console_message(GetConsoleMessage) ["console.get"] GetConsoleMessage::op, "One console message with its arguments and stack.";
    list_network_requests(ListNetworkRequests) ["network.list"] ListNetworkRequests::op, "Network requests of the page since its last navigation.";
    get_network_request(GetNetworkRequest) ["network.get"] GetNetworkRequest::op, "One request: headers, timing, redirects, failure, body previews.";
    emulate(Emulate) ["emulation.set", "emulation.reset"] Emulate::op, "Emulate network, CPU, geolocation, user agent, colour scheme, viewport for every page; unnamed settings stay.";
    performance_start_trace(StartTrace) ["trace.start"] StartTrace::op, "Start a performance trace of the page.";
    performance_stop_trace(StopTrace) ["trace.stop"] StopTrace::op, "Stop the trace, save it; returns insight summaries.";
    performance_analyze_insight(AnalyzeInsight) ["trace.insight"] AnalyzeInsight::op, "One insight of the last trace in detail: numbers, resources, nodes.";
    // The raw CDP observer of seed 002, in its shapes: host/port name the browser (default:
    // CDP_HOST/CDP_PORT), targetId a CDP target; cdt's page ids work too.
    cdp_list_targets(ListTargets) ["events.targets"] ListTargets::op, "Every target of the browser: {id, type, title, url, attached}.";
    cdp_observe(Observe) ["events.observe"] Observe::op, "Observe a target's console and network events; returns its resourceUri.";
    cdp_stop_observe(StopObserve) ["events.unobserve"] StopObserve::op, "Stop observing a target.";
    cdp_read_events(ReadEvents) ["events.read"] ReadEvents::op, "A target's events from an offset; pass back nextOffset.";
    cdp_clear_events(TargetScope) ["events.clear"] TargetScope::clear, "Forget a target's (or all) events.";
    cdp_get_response_body(GetResponseBody) ["network.body"] GetResponseBody::op, "A response body by requestId.";
    cdp_set_filters(SetFilters) ["events.filters.set"] SetFilters::op, "Set a target's (or every) buffer filters.";
    cdp_get_filters(TargetScope) ["events.filters.get"] TargetScope::filters, "A target's (or every) buffer filters.";
}

pub fn find(name: &str) -> Option<&'static ToolSpec> {
    TOOLS.iter().find(|tool| tool.name == name)
}

/// The `tools/list` entries.
pub fn list() -> Vec<Tool> {
    TOOLS
        .iter()
        .map(|tool| Tool::new(tool.name, tool.description, (tool.schema)()))
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use cdt_domain::ops::op_spec;
    use serde_json::json;

    use super::*;

    /// Arguments that exercise every operation a tool may send.
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
            _ => vec![json!({})],
        }
    }

    #[test]
    fn every_tool_maps_to_the_operations_it_declares() {
        let mut names = BTreeSet::new();
        for tool in TOOLS {
            assert!(names.insert(tool.name), "{} twice", tool.name);
            let mut sent = BTreeSet::new();
            for args in examples(tool.name) {
                let Value::Object(args) = args else { continue };
                let op = (tool.to_op)(args).unwrap_or_else(|e| panic!("{}: {e:?}", tool.name));
                assert!(op_spec(op.name()).is_some(), "{} has no OpSpec", op.name());
                sent.insert(op.name());
            }
            let declared: BTreeSet<&str> = tool.ops.iter().copied().collect();
            assert_eq!(
                sent, declared,
                "{} sends other ops than it declares",
                tool.name
            );
        }
    }

    #[test]
    fn the_devtools_and_observer_tool_names_are_all_there() {
        let expected = [
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
            "cdp_list_targets",
            "cdp_observe",
            "cdp_stop_observe",
            "cdp_read_events",
            "cdp_clear_events",
            "cdp_get_response_body",
            "cdp_set_filters",
            "cdp_get_filters",
        ];
        let names: Vec<&str> = TOOLS.iter().map(|t| t.name).collect();
        assert_eq!(names, expected);
    }

    #[test]
    fn bad_arguments_are_validation_errors_with_a_suggestion() {
        let Some(tool) = find("click") else {
            panic!("no click tool")
        };
        let mut args = Map::new();
        args.insert("selectorz".into(), json!("x"));
        let error = (tool.to_op)(args)
            .err()
            .map(|e| (e.code, e.suggestions.len()));
        assert_eq!(error, Some((cdt_domain::ErrorCode::ValidationError, 1)));
        let Some(hover) = find("hover") else {
            panic!("no hover tool")
        };
        let mut args = Map::new();
        args.insert("uid".into(), json!("e1"));
        args.insert("includeSnapshot".into(), json!(true));
        let error = (hover.to_op)(args).err();
        assert!(
            error.is_some_and(|e| e.message.contains("includeSnapshot")),
            "a flattened type must not ignore unknown arguments"
        );
        let Some(navigate) = find("navigate_page") else {
            panic!("no navigate_page tool")
        };
        assert!(
            (navigate.to_op)(Map::new()).is_err(),
            "type=url needs a url"
        );
    }

    #[test]
    fn every_tool_schema_is_an_object_with_the_shared_timeout() {
        for tool in TOOLS {
            let schema = (tool.schema)();
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
}

#[cfg(test)]
#[allow(clippy::print_stderr)]
mod size {
    use super::*;

    /// The whole `tools/list` result, as sent.
    fn tools_list_json() -> String {
        serde_json::to_string(&rmcp::model::ListToolsResult::with_all_items(list()))
            .unwrap_or_default()
    }

    #[test]
    fn tools_list_stays_cheap_to_carry() {
        let json = tools_list_json();
        eprintln!("tools/list: {} tools in {} bytes", TOOLS.len(), json.len());
        for tool in list() {
            let bytes = serde_json::to_string(&tool).map(|t| t.len()).unwrap_or(0);
            eprintln!("  {bytes:>5} {}", tool.name);
        }
        // 34 tools; the 8 cdp_* tools carry seed 002's shapes (host, port, targetId, …).
        assert!(json.len() <= 15_500, "tools/list is {} bytes", json.len());
    }
}

#[cfg(test)]
mod docs {
    use super::*;

    /// The README's tool ↔ command table names every tool with the commands of its ops.
    #[test]
    fn the_readme_maps_every_tool_to_its_cli_commands() {
        let readme = include_str!("../../../README.md");
        for tool in TOOLS {
            let prefix = format!("| `{}` |", tool.name);
            let Some(row) = readme.lines().find(|l| l.starts_with(&prefix)) else {
                panic!("README has no row for {}", tool.name)
            };
            for op in tool.ops {
                let command = format!("`cdt {}`", op.replace('.', " "));
                assert!(row.contains(&command), "{row} lacks {command}");
            }
        }
    }
}
