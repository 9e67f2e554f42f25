//! The tool list, made from the operation table (`cdt_domain::ops::OP_SPECS`): nothing about a
//! tool is written here.
//!
//! - **shaped** tools: the ones an operation declares in its `OpSpec::tools`, in the Chrome
//!   DevTools MCP server's names and shapes (`new_page`, `click`, …) or seed 002's (`cdp_*`);
//! - **own** tools: every operation in its own shape, named by its wire name (`page_title`
//!   for `page.title`), its parameters' schema as the input schema;
//! - **`cdt`**: one tool that runs any operation by name (`{"op": "page.title", "params":
//!   {…}}`), or describes it (`"describe": true`), so every operation is one call away even
//!   when the own tools are not listed.
//!
//! Which families are listed is the server's choice (`--tools`, `CDT_MCP_TOOLS`): by default
//! the DevTools and observer tools and `cdt`; `all` adds every own tool. A call may name any
//! tool of any family. Nothing here talks to a browser: a call becomes one [`Operation`].

use std::collections::BTreeMap;
use std::sync::OnceLock;

use cdt_domain::CdtError;
use cdt_domain::ops::surface::argument_names;
use cdt_domain::ops::{Effect, OP_SPECS, OpSpec, Operation, Tool, ToolFamily, op_spec};
use rmcp::model::ToolAnnotations;
use serde_json::{Map, Value, json};

use crate::schema;

/// The name of the tool that runs any operation.
pub const ANY: &str = "cdt";

/// A family of tools `tools/list` may show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Family {
    /// The Chrome DevTools MCP server's tools.
    DevTools,
    /// Seed 002's CDP observer (`cdp_*`).
    Observer,
    /// `cdt`: any operation by name.
    Any,
    /// Every operation in its own shape.
    Own,
}

impl Family {
    const ALL: [Family; 4] = [Family::DevTools, Family::Observer, Family::Any, Family::Own];
    const DEFAULT: [Family; 3] = [Family::DevTools, Family::Observer, Family::Any];

    fn name(self) -> &'static str {
        match self {
            Family::DevTools => "devtools",
            Family::Observer => "observer",
            Family::Any => "cdt",
            Family::Own => "ops",
        }
    }
}

/// The families `tools/list` shows: `--tools` / `CDT_MCP_TOOLS`, a comma-separated list of
/// `devtools`, `observer`, `cdt`, `ops`, or `all`, or `default`.
pub fn families(list: &str) -> Result<Vec<Family>, String> {
    let mut out = Vec::new();
    for word in list.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        match word {
            "all" => out.extend(Family::ALL),
            "default" => out.extend(Family::DEFAULT),
            _ => match Family::ALL.iter().find(|f| f.name() == word) {
                Some(family) => out.push(*family),
                None => {
                    return Err(format!(
                        "unknown tool family {word:?}: use devtools, observer, cdt, ops, all or default"
                    ));
                }
            },
        }
    }
    if out.is_empty() {
        out.extend(Family::DEFAULT);
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// What a tool stands for.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// A tool in a shape of its own, declared by `spec`.
    Shaped(&'static Tool),
    /// The operation in its own shape.
    Own,
    /// `cdt`: any operation by name.
    Any,
}

/// One MCP tool.
#[derive(Debug)]
pub struct McpTool {
    pub name: String,
    pub description: String,
    pub family: Family,
    /// The operation it stands for (for `cdt`, none).
    pub spec: Option<&'static OpSpec>,
    pub kind: Kind,
}

impl McpTool {
    pub fn kind_is_shaped(&self) -> bool {
        matches!(self.kind, Kind::Shaped(_))
    }

    /// Every operation it may send (wire names).
    pub fn ops(&self) -> Vec<&'static str> {
        match (self.kind, self.spec) {
            (Kind::Shaped(tool), Some(spec)) => std::iter::once(spec.name)
                .chain(tool.also_sends.iter().copied())
                .collect(),
            (Kind::Own, Some(spec)) => vec![spec.name],
            _ => OP_SPECS.iter().map(|spec| spec.name).collect(),
        }
    }

    /// Its compact input schema, with the shared `timeout`.
    pub fn schema(&self) -> Map<String, Value> {
        match (self.kind, self.spec) {
            (Kind::Shaped(tool), _) => schema::input((tool.schema)()),
            (Kind::Own, Some(spec)) => {
                schema::input(cdt_domain::ops::params_schema(spec.name).unwrap_or_default())
            }
            _ => schema::input(any_schema()),
        }
    }

    /// MCP annotations from the operation's effect: `readOnlyHint` on the tools that only
    /// read (the others are left at the protocol's defaults, to keep `tools/list` small).
    pub fn annotations(&self) -> Option<ToolAnnotations> {
        let spec = self.spec?;
        (spec.effect == Effect::Reads).then(|| ToolAnnotations::new().read_only(true))
    }

    /// The arguments (without `timeout`) as an operation, or `describe`'s answer.
    pub fn call(&self, args: Map<String, Value>) -> Result<Call, CdtError> {
        match (self.kind, self.spec) {
            (Kind::Shaped(tool), _) => (tool.operation)(&self.name, args).map(Call::run),
            (Kind::Own, Some(spec)) => own_operation(&self.name, spec, args).map(Call::run),
            _ => any_call(args),
        }
    }
}

/// What a call asks for.
#[derive(Debug)]
pub enum Call {
    /// Boxed: an operation's parameters can be large.
    Run(Box<Operation>),
    /// `cdt` with `describe: true`: the operation's schema, example and codes, run nothing.
    Describe(Value),
}

impl Call {
    fn run(operation: Operation) -> Call {
        Call::Run(Box::new(operation))
    }
}

fn family_of(tool: &Tool) -> Family {
    match tool.family {
        ToolFamily::DevTools => Family::DevTools,
        ToolFamily::Observer => Family::Observer,
        ToolFamily::Cdt => Family::Any,
    }
}

/// Every tool of every family, in the operations' order: shaped ones, `cdt`, then own ones.
pub fn catalog() -> &'static [McpTool] {
    static CATALOG: OnceLock<Vec<McpTool>> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let mut tools: Vec<McpTool> = OP_SPECS
            .iter()
            .flat_map(|spec| {
                spec.tools.iter().map(move |tool| McpTool {
                    name: tool.name.to_string(),
                    description: tool.description.to_string(),
                    family: family_of(tool),
                    spec: Some(spec),
                    kind: Kind::Shaped(tool),
                })
            })
            .collect();
        tools.push(McpTool {
            name: ANY.to_string(),
            description: any_description(),
            family: Family::Any,
            spec: None,
            kind: Kind::Any,
        });
        tools.extend(OP_SPECS.iter().map(|spec| McpTool {
            name: spec.tool_name(),
            description: format!("{}.", spec.summary.trim_end_matches('.')),
            family: Family::Own,
            spec: Some(spec),
            kind: Kind::Own,
        }));
        tools
    })
}

pub fn find(name: &str) -> Option<&'static McpTool> {
    catalog().iter().find(|tool| tool.name == name)
}

/// The tool an MCP client is pointed at for operation `op`: a listed shaped tool, else `cdt`.
pub fn tool_for(op: &str, families: &[Family]) -> String {
    catalog()
        .iter()
        .find(|tool| {
            families.contains(&tool.family)
                && matches!(tool.kind, Kind::Shaped(_) | Kind::Own)
                && tool.spec.is_some_and(|spec| spec.name == op)
        })
        .map_or_else(|| format!("{ANY} op={op}"), |tool| tool.name.clone())
}

/// The `tools/list` entries of `families`.
pub fn list(families: &[Family]) -> Vec<rmcp::model::Tool> {
    catalog()
        .iter()
        .filter(|tool| families.contains(&tool.family))
        .map(|tool| {
            let mut listed =
                rmcp::model::Tool::new(tool.name.clone(), tool.description.clone(), tool.schema());
            listed.annotations = tool.annotations();
            listed
        })
        .collect()
}

/// Refuses names the schema does not list (also for flattened types, which would ignore them).
fn known_only(tool: &str, schema: &Value, args: &Map<String, Value>) -> Result<(), CdtError> {
    let known = argument_names(schema);
    match args.keys().find(|key| !known.contains(key)) {
        Some(unknown) => Err(
            CdtError::validation(format!("{tool} has no argument {unknown:?}"))
                .with_details(json!({ "known": known }))
                .hinted(format!("Use only: {}", known.join(", "))),
        ),
        None => Ok(()),
    }
}

fn own_operation(
    tool: &str,
    spec: &'static OpSpec,
    args: Map<String, Value>,
) -> Result<Operation, CdtError> {
    let schema = cdt_domain::ops::params_schema(spec.name).unwrap_or_default();
    known_only(tool, &schema, &args)?;
    Operation::from_parts(spec.name, Value::Object(args)).map_err(|error| {
        CdtError::validation(format!("invalid arguments for {tool}: {error}"))
            .hinted(format!("Example: {}", spec.example()))
            .hinted(format!("Check the input schema of {tool} in tools/list"))
    })
}

/// The operations by resource, compactly: `page.{open,list,…}; element.{click,…}`.
fn grouped_names() -> String {
    let mut groups: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    let mut order = Vec::new();
    for spec in OP_SPECS {
        let (resource, rest) = spec.name.split_once('.').unwrap_or((spec.name, ""));
        if !groups.contains_key(resource) {
            order.push(resource);
        }
        groups.entry(resource).or_default().push(rest);
    }
    order
        .iter()
        .map(|resource| format!("{resource}.{{{}}}", groups[resource].join(",")))
        .collect::<Vec<_>>()
        .join(" ")
}

fn any_description() -> String {
    format!(
        "Run any cdt operation (`cdt <words>` of the CLI, dotted): {}. Pass describe:true for its parameters.",
        grouped_names()
    )
}

fn any_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "op": { "type": "string", "description": "e.g. page.title, storage.cookies.list" },
            "params": { "type": "object", "description": "Its parameters (see describe)." },
            "describe": { "type": "boolean", "description": "Return its input and reply schemas and an example; run nothing." },
        },
        "required": ["op"],
    })
}

/// Names close to `wanted` (same resource, or sharing the last word), for a hint.
fn near(wanted: &str) -> Vec<&'static str> {
    let (resource, rest) = wanted.split_once('.').unwrap_or((wanted, wanted));
    OP_SPECS
        .iter()
        .map(|spec| spec.name)
        .filter(|name| name.starts_with(&format!("{resource}.")) || name.ends_with(rest))
        .take(12)
        .collect()
}

fn any_call(mut args: Map<String, Value>) -> Result<Call, CdtError> {
    known_only(ANY, &any_schema(), &args)?;
    let Some(Value::String(op)) = args.remove("op") else {
        return Err(CdtError::validation("cdt needs op: an operation name")
            .hinted("Pass e.g. {\"op\": \"page.list\"}"));
    };
    let Some(spec) = op_spec(&op) else {
        let near = near(&op);
        let mut error = CdtError::validation(format!("no operation {op:?}"))
            .with_details(json!({ "similar": near }));
        error = match near.first() {
            Some(first) => error.hinted(format!(
                "Did you mean {first}? Similar: {}",
                near.join(", ")
            )),
            None => error.hinted("The tool's description lists every operation"),
        };
        return Err(error);
    };
    if args.remove("describe").and_then(|d| d.as_bool()) == Some(true) {
        return Ok(Call::Describe(json!({
            "op": spec.name,
            "summary": spec.summary,
            "inputSchema": schema::input(cdt_domain::ops::params_schema(spec.name).unwrap_or_default()),
            "outputSchema": cdt_domain::ops::reply_schema(spec.name),
            "example": spec.example(),
            "defaultTimeoutMs": spec.default_timeout_ms,
            "errorCodes": spec.error_codes().iter().map(|c| c.as_str()).collect::<Vec<_>>(),
        })));
    }
    let params = match args.remove("params") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(params)) => params,
        Some(other) => {
            return Err(
                CdtError::validation(format!("params must be an object, not {other}")).hinted(
                    format!("Pass e.g. {{\"op\": \"{}\", \"params\": {{}}}}", spec.name),
                ),
            );
        }
    };
    own_operation(&format!("{ANY} op={op}"), spec, params).map(Call::run)
}

#[cfg(test)]
mod tests;
