//! How an operation shows at each front door besides its command: its effect (what the REPL
//! waits for after it, what MCP annotates it with), how its reply reads as text, its REPL short
//! forms and the MCP tools in shapes of their own (the Chrome DevTools MCP server's, seed 002's)
//! that send it. Each operation declares these in its own [`OpSpec`](super::OpSpec); the
//! front doors only interpret them.

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::Operation;
use crate::error::CdtError;

/// What running an operation does to the browser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Reads only: the pages, the browser and cdt's records stay as they were.
    Reads,
    /// Acts on a page as a user would (input, navigation): the page may change, load and
    /// fetch. The REPL waits for the network to go idle after it (seed 003).
    Acts,
    /// Changes state otherwise: the session, settings, storage, records, files.
    Changes,
}

/// How a reply reads as text (`--output text`, the REPL, MCP's text). An action's feedback has
/// its own form whatever the operation; anything else not named here prints as keys and values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextForm {
    /// Keys and values.
    Generic,
    /// The page it reached: `page 1 "Title" http://…`.
    PageReached,
    /// One string field of the reply, as it is: the first of these it has (`text`, `html`,
    /// `markdown`).
    Field(&'static [&'static str]),
    /// The `value` of an evaluation, as JavaScript would print it.
    Value,
    /// The `matches` of a search: one `uid role "name"` line each.
    Matches,
    /// The `links` of a page: one `uid "name" url` line each.
    Links,
    /// The `forms` of a page: a `form uid "name" METHOD action` line, then one line per field
    /// (`uid role "name" value`), then the fields outside any form.
    Forms,
    /// A snapshot: its text, or its changes (`+ e40 …`, `~ e15 …`, `- e12`, `> e20 after e8`)
    /// under a `version N (since M)` line.
    Snapshot,
}

/// How the words after a REPL short form become the command's arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// Appended as they are: `b --wait-until none` → `page back --wait-until none`.
    Append,
    /// An element: a uid (`e12`), a CSS selector (`#id`, `.class`, `a[href]`, `css=button`)
    /// or else its visible text (`Sign in`, `text=…`); `--flags` after it are appended.
    Element,
    /// An optional uid or CSS selector to read from (`--uid` / `--selector`).
    Read,
    /// An element, then the text to type into it (the rest of the words).
    ElementValue,
    /// An element, then files (each of the rest of the words): seed 003's `upload`.
    ElementFiles,
    /// The rest of the line as one argument (a selector or text keeps its quotes).
    Rest,
    /// The rest of the line as JavaScript: as typed, and a `$x` that is no variable stays.
    Script,
    /// `NAME <js>`: evaluates the rest of the line and stores the value in `$NAME`.
    Variable,
    /// `<n>s` or `<n>ms` waits here; anything else is a CSS selector to wait for.
    WaitFor,
    /// `top|bottom|up|down`, `<uid|selector> into view` or `x=<n> y=<n>`.
    Scroll,
}

/// A REPL short form of an operation (seed 003's command table): `g <url>` runs `page
/// navigate <url>`.
#[derive(Clone, Copy, Debug)]
pub struct Alias {
    pub names: &'static [&'static str],
    pub usage: &'static str,
    pub about: &'static str,
    /// An example line; a test runs it through the REPL's expansion and the CLI's parser.
    pub example: &'static str,
    /// Words put after the operation's command before the user's (`--button right`).
    pub words: &'static [&'static str],
    pub form: Form,
}

impl Alias {
    /// A short form whose words become the command's arguments by `form`.
    pub const fn new(
        names: &'static [&'static str],
        usage: &'static str,
        about: &'static str,
        example: &'static str,
        form: Form,
    ) -> Alias {
        Alias {
            names,
            usage,
            about,
            example,
            words: &[],
            form,
        }
    }

    /// With `words` put before the user's (`rightclick` = `element click --button right`).
    pub const fn with(mut self, words: &'static [&'static str]) -> Alias {
        self.words = words;
        self
    }
}

/// Which family of MCP tools a shaped tool belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToolFamily {
    /// The Chrome DevTools MCP server's tools: same names and argument shapes.
    DevTools,
    /// Seed 002's CDP observer (`cdp_*`): `host`/`port` name the browser, `targetId` a target.
    Observer,
    /// cdt's own short names for what the peers have no tool of their own for (`route`,
    /// `unroute`); listed with the `cdt` tool.
    Cdt,
}

/// An MCP tool's arguments in a shape of its own, and the operation they become.
pub trait ToolShape: DeserializeOwned + JsonSchema {
    fn operation(self) -> Result<Operation, CdtError>;
}

/// An MCP tool in a shape of its own that sends this operation (and maybe a few related ones,
/// as `navigate_page` sends back/forward/reload too). Every operation also has a tool in its
/// own shape, generated from its parameters; these are the peers' names and shapes.
#[derive(Clone, Copy, Debug)]
pub struct Tool {
    pub name: &'static str,
    pub description: &'static str,
    pub family: ToolFamily,
    /// Other operations (wire names) the tool may send besides the one declaring it.
    pub also_sends: &'static [&'static str],
    /// The JSON schema of its arguments (as schemars makes it; the MCP server compacts it).
    pub schema: fn() -> Value,
    /// The arguments (without the shared `timeout`) as an operation; errors name the tool.
    pub operation: fn(&str, Map<String, Value>) -> Result<Operation, CdtError>,
}

impl Tool {
    pub const fn of<T: ToolShape>(
        name: &'static str,
        family: ToolFamily,
        description: &'static str,
    ) -> Tool {
        Tool {
            name,
            description,
            family,
            also_sends: &[],
            schema: schema_of::<T>,
            operation: shaped::<T>,
        }
    }

    pub const fn also_sends(mut self, ops: &'static [&'static str]) -> Tool {
        self.also_sends = ops;
        self
    }
}

/// The JSON schema of `T`, as schemars makes it.
pub fn schema_of<T: JsonSchema>() -> Value {
    serde_json::to_value(schemars::schema_for!(T)).unwrap_or_default()
}

/// The argument names `schema` lists, sorted.
pub fn argument_names(schema: &Value) -> Vec<String> {
    let mut names: Vec<String> = schema["properties"]
        .as_object()
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default();
    names.sort();
    names
}

/// The arguments as `T`, then its operation. Names the schema does not list are refused, also
/// for types that would ignore them (flattened ones), so a misspelt or unsupported argument
/// never passes silently.
fn shaped<T: ToolShape>(tool: &str, args: Map<String, Value>) -> Result<Operation, CdtError> {
    let known = argument_names(&schema_of::<T>());
    if let Some(unknown) = args.keys().find(|key| !known.contains(key)) {
        return Err(
            CdtError::validation(format!("{tool} has no argument {unknown:?}"))
                .with_details(serde_json::json!({ "known": known }))
                .hinted(format!("Use only: {}", known.join(", "))),
        );
    }
    let shape: T = serde_json::from_value(Value::Object(args)).map_err(|error| {
        CdtError::validation(format!("invalid arguments for {tool}: {error}"))
            .hinted(format!("Check the input schema of {tool} in tools/list"))
    })?;
    shape.operation()
}
