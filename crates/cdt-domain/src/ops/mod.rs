//! The operations: every request the daemon serves, each declared once, in a file of its own.
//!
//! `ops/<resource>/<operation>.rs` (`page/open.rs` is `cdt page open`, wire name `page.open`)
//! holds everything about one operation: its marker type and [`OpSpec`] (summary, default
//! budget, effect, error codes, examples, text form, REPL short forms, MCP tools in the peers'
//! shapes), its typed parameters (serde + schemars: the wire, `--describe`, MCP's schema) and
//! its flags (a clap `Args` struct, feature `cli`). Types several operations of a resource share
//! live in the resource's `mod.rs`, whose `<resource>_operations!` list names its operations.
//!
//! From that list this module generates the `Operation` enum (the wire), [`OP_SPECS`], the
//! parameter schemas, the `op::*` marker re-exports and the [`Handles`]/[`HandlesEvery`] traits
//! the daemon's dispatch is checked against; `cdt` builds its command tree and REPL table from
//! the specs, `cdt-mcp` its tools. Adding an operation = its file + its line in the resource's
//! list + its use case (`use_case!`) in `cdt-app`.

use serde::de::{DeserializeOwned, Error as _};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::error::ErrorCode;

#[cfg(feature = "cli")]
pub mod cli;
pub mod reply;
pub mod surface;

pub use reply::Cut;
pub use surface::{Alias, Effect, Form, TextForm, Tool, ToolFamily, ToolShape};

/// What an operation file needs to declare itself.
pub(crate) mod prelude {
    #[cfg(feature = "cli")]
    pub(crate) use super::cli::{CliFns, NoArgs};
    pub(crate) use super::surface::{Alias, Effect, Form, TextForm, Tool, ToolFamily, ToolShape};
    pub(crate) use super::{Op, OpSpec, Operation, S5, S10, S30};
    pub(crate) use crate::error::{CdtError, ErrorCode as E};
    pub(crate) use schemars::JsonSchema;
    pub(crate) use serde::{Deserialize, Serialize};
}

/// A resource's list of operations: declares their modules and adds them to the table.
/// `resource_operations! { $ page_operations(page); PageOpen = open, PageList = list, … }` (the
/// leading `$` lets it define the macro that hands the list on; stable Rust has no `$$`).
macro_rules! resource_operations {
    ($d:tt $name:ident ($resource:ident); $( $variant:ident = $module:ident ),* $(,)?) => {
        $( mod $module; )*
        $( pub use $module::*; )*

        macro_rules! $name {
            ($d then:ident [$d ($d table:tt)*] $d ($d rest:ident)*) => {
                $d then! { [$d ($d table)* $( $variant = $resource; )*] $d ($d rest)* }
            };
        }
    };
}

// The resources, each with its operations' files and the list naming them.
#[macro_use]
mod session;
#[macro_use]
mod page;
#[macro_use]
mod capture;
#[macro_use]
mod element;
#[macro_use]
mod input;
#[macro_use]
mod dialog;
#[macro_use]
mod runtime;
#[macro_use]
mod observe;
#[macro_use]
mod console;
#[macro_use]
mod network;
#[macro_use]
mod events;
#[macro_use]
mod emulation;
#[macro_use]
mod trace;
#[macro_use]
mod storage;
#[macro_use]
mod cdp;
#[macro_use]
mod downloads;
#[macro_use]
mod audit;
#[macro_use]
mod daemon;

pub use audit::*;
pub use capture::*;
pub use cdp::*;
pub use console::*;
pub use daemon::{DaemonMemory, DaemonStatusReply, DaemonStopReply, TelemetryBounds};
pub use dialog::*;
pub use downloads::*;
pub use element::*;
pub use emulation::*;
pub use events::*;
pub use input::*;
pub use network::*;
pub use observe::{
    ActionTarget, ActiveElement, BoundingBox, FrozenState, LiveState, ObserveTargetsReply,
    PageStateReply, Viewport,
};
pub use page::*;
pub use runtime::*;
pub use session::*;
pub use storage::*;
pub use trace::*;

/// Everything about an operation that is not a type: one `const SPEC` in its file, read by
/// `--describe`, `--help`, the docs, the daemon's budgets, the REPL and the MCP server.
#[derive(Clone, Copy, Debug)]
pub struct OpSpec {
    /// The wire name: the command's words joined by dots (`page.open`, `storage.cookies.list`).
    pub name: &'static str,
    /// The one-line summary (`--help`, the docs tables, MCP descriptions).
    pub summary: &'static str,
    /// Budget used when `--timeout` is not given.
    pub default_timeout_ms: u64,
    pub effect: Effect,
    /// The error codes it can return besides the ones every operation can ([`common_errors`]).
    pub errors: &'static [ErrorCode],
    /// Command lines that run it; the first is `--describe`'s example. A test runs them all
    /// through the parser.
    pub examples: &'static [&'static str],
    /// A paragraph for `--help` after the examples ("" when none).
    pub note: &'static str,
    /// How `--output text`, the REPL and MCP's text print its reply.
    pub text: TextForm,
    /// Its REPL short forms (seed 003's table).
    pub aliases: &'static [Alias],
    /// MCP tools in the peers' shapes that send it (it always has one in its own shape too).
    pub tools: &'static [Tool],
    /// Its flags: the `cdt` binary builds the command tree from these.
    #[cfg(feature = "cli")]
    pub cli: cli::CliFns,
}

impl OpSpec {
    /// What an operation leaves to its defaults: no note, keys-and-values text, no short
    /// forms, no shaped MCP tools, no flags. `..OpSpec::DEFAULTS` ends a `SPEC`.
    pub const DEFAULTS: OpSpec = OpSpec {
        name: "",
        summary: "",
        default_timeout_ms: S10,
        effect: Effect::Reads,
        errors: &[],
        examples: &[],
        note: "",
        text: TextForm::Generic,
        aliases: &[],
        tools: &[],
        #[cfg(feature = "cli")]
        cli: cli::CliFns::of::<cli::NoArgs>(),
    };

    pub fn about(&self) -> &'static str {
        self.summary
    }

    pub fn example(&self) -> &'static str {
        self.examples.first().copied().unwrap_or_default()
    }

    /// Every error code it can return: its own, then the common ones.
    pub fn error_codes(&self) -> Vec<ErrorCode> {
        self.errors.iter().chain(COMMON.iter()).copied().collect()
    }

    /// The name of its MCP tool in its own shape: the wire name with `_` (`page_open`).
    pub fn tool_name(&self) -> String {
        self.name.replace(['.', '-'], "_")
    }
}

/// An operation, as a type: the marker struct its file declares.
pub trait Op: 'static {
    type Params: Serialize
        + DeserializeOwned
        + schemars::JsonSchema
        + Default
        + Clone
        + std::fmt::Debug
        + PartialEq
        + Send
        + 'static;
    /// What it answers (the envelope's `data`), serialized once by the dispatcher.
    type Reply: Serialize + schemars::JsonSchema + Send + 'static;
    const SPEC: OpSpec;
    const NAME: &'static str = Self::SPEC.name;
}

/// Runs operation `O`, producing `Out` (for the daemon: the future of its reply).
pub trait Handles<O: Op, Out> {
    fn handle(self, params: O::Params) -> Out;
}

const COMMON: [ErrorCode; 5] = [
    ErrorCode::ValidationError,
    ErrorCode::Timeout,
    ErrorCode::DaemonUnavailable,
    ErrorCode::ProtocolError,
    ErrorCode::InternalError,
];

/// Codes every operation can return.
pub fn common_errors() -> &'static [ErrorCode] {
    &COMMON
}

pub(crate) const S5: u64 = 5_000;
pub(crate) const S10: u64 = 10_000;
pub(crate) const S30: u64 = 30_000;

/// For `#[serde(skip_serializing_if = "is_false")]` on a switch: off is the default, and a
/// switch the command line did not give leaves `--input-file`'s value alone.
pub fn is_false(on: &bool) -> bool {
    !on
}

/// Generates, from every resource's list (`Variant = module path;`), everything that needs the
/// whole table: the `Operation` enum and its wire form, `OP_SPECS`, the schemas, the `op::*`
/// markers and the dispatch traits.
macro_rules! operations {
    ([$( $variant:ident = $resource:ident ; )*]) => {
        /// One marker type per operation (declared in its file): what a handler implements
        /// [`Handles`] for.
        pub mod op {
            $( pub use super::$resource::$variant; )*
        }

        /// Every operation, as sent on the wire: `{"op":"page.open","params":{…}}`.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Operation {
            $( $variant(<op::$variant as Op>::Params), )*
        }

        impl Operation {
            pub fn name(&self) -> &'static str {
                match self { $( Operation::$variant(_) => <op::$variant as Op>::NAME, )* }
            }

            /// The operation `name` with `params` (`{}` when null).
            pub fn from_parts(name: &str, params: Value) -> Result<Operation, String> {
                let params = if params.is_null() { Value::Object(Default::default()) } else { params };
                $( if name == <op::$variant as Op>::NAME {
                    return serde_json::from_value(params)
                        .map(Operation::$variant)
                        .map_err(|error| error.to_string());
                } )*
                Err(format!("unknown operation {name:?} (cdt --help lists them)"))
            }

            /// Its parameters as JSON.
            pub fn params(&self) -> Value {
                match self {
                    $( Operation::$variant(params) => serde_json::to_value(params).unwrap_or_default(), )*
                }
            }

            /// Hands the parameters to `handler`'s implementation for this operation.
            pub fn dispatch<Out, H: HandlesEvery<Out>>(self, handler: H) -> Out {
                match self {
                    $( Operation::$variant(params) => <H as Handles<op::$variant, Out>>::handle(handler, params), )*
                }
            }
        }

        /// Every operation's spec, in the order `cdt --help` lists them.
        pub const OP_SPECS: &[OpSpec] = &[ $( <op::$variant as Op>::SPEC, )* ];

        /// Every operation, each with default parameters: for tests that must reach all of them.
        pub fn every_operation() -> Vec<Operation> {
            vec![$( Operation::$variant(Default::default()), )*]
        }

        /// The JSON schema of an operation's parameters, for `--describe` and MCP.
        pub fn params_schema(name: &str) -> Option<Value> {
            $( if name == <op::$variant as Op>::NAME {
                return Some(surface::schema_of::<<op::$variant as Op>::Params>());
            } )*
            None
        }

        /// The JSON schema of an operation's reply (`None` for no such operation).
        pub fn reply_schema(name: &str) -> Option<Value> {
            $( if name == <op::$variant as Op>::NAME {
                return Some(surface::schema_of::<<op::$variant as Op>::Reply>());
            } )*
            None
        }

        /// A handler of every operation: the daemon's dispatcher implements [`Handles`] once per
        /// operation (next to its use case), and a missing one is a compile error, not a
        /// runtime fallback.
        pub trait HandlesEvery<Out>: $( Handles<op::$variant, Out> + )* Sized {}

        impl<T, Out> HandlesEvery<Out> for T where T: $( Handles<op::$variant, Out> + )* Sized {}
    };
}

impl Serialize for Operation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut wire = serializer.serialize_struct("Operation", 2)?;
        wire.serialize_field("op", self.name())?;
        wire.serialize_field("params", &self.params())?;
        wire.end()
    }
}

impl<'de> Deserialize<'de> for Operation {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Wire {
            op: String,
            #[serde(default)]
            params: Value,
        }
        let wire = Wire::deserialize(deserializer)?;
        Operation::from_parts(&wire.op, wire.params).map_err(D::Error::custom)
    }
}

/// A group of operations: the words before an operation's own (`storage cookies` of
/// `storage.cookies.list`), with its one-line summary for `--help`.
#[derive(Clone, Copy, Debug)]
pub struct Resource {
    pub path: &'static str,
    pub about: &'static str,
}

/// Every resource, in the order `cdt --help` lists them.
pub const RESOURCES: &[Resource] = &[
    Resource {
        path: "session",
        about: "Start, inspect and stop this context's browser session",
    },
    Resource {
        path: "page",
        about: "Open, list, switch, close and navigate pages",
    },
    Resource {
        path: "capture",
        about: "Look at the page: accessibility snapshot with stable uids, screenshots, PDF",
    },
    Resource {
        path: "element",
        about: "Act on elements by uid (or selector/text); every action reports what it caused",
    },
    Resource {
        path: "input",
        about: "Keyboard and mouse by keys and coordinates",
    },
    Resource {
        path: "dialog",
        about: "JavaScript dialogs (alert, confirm, prompt): status and handling",
    },
    Resource {
        path: "runtime",
        about: "Evaluate JavaScript in the page",
    },
    Resource {
        path: "observe",
        about: "Cheap page state and actionable targets for agent loops",
    },
    Resource {
        path: "console",
        about: "Console messages, exceptions and browser log entries of the context's pages",
    },
    Resource {
        path: "network",
        about: "Network requests of the context's pages: list, inspect, bodies, waits, HAR",
    },
    Resource {
        path: "events",
        about: "The raw normalized event stream, read by offset, with server-side filters",
    },
    Resource {
        path: "events.filters",
        about: "Get or set the buffer's server-side filters",
    },
    Resource {
        path: "emulation",
        about: "Emulate a device, network, CPU, place, colour scheme, timezone or locale",
    },
    Resource {
        path: "trace",
        about: "Performance traces and the insights cdt computes from them (LCP, CLS, INP, …)",
    },
    Resource {
        path: "storage",
        about: "Cookies, local/session storage, and save/load of a logged-in state",
    },
    Resource {
        path: "storage.cookies",
        about: "The context's cookies",
    },
    Resource {
        path: "storage.local",
        about: "An origin's localStorage (a frame of it must be open in the page)",
    },
    Resource {
        path: "storage.session",
        about: "An origin's sessionStorage in the page (per tab)",
    },
    Resource {
        path: "downloads",
        about: "The files the context's pages downloaded: where they were saved, size and type",
    },
    Resource {
        path: "capture.video",
        about: "Record the page: start, act, then stop to write the video (or its frames)",
    },
    Resource {
        path: "cdp",
        about: "Raw Chrome DevTools Protocol for what cdt has no command for: send a method, listen to events",
    },
    Resource {
        path: "daemon",
        about: "Inspect or stop the background daemon",
    },
];

/// Gathers every resource's list (each resource's `<resource>_operations!` adds its own and
/// hands the table on), then generates everything from the whole table.
macro_rules! collect_operations {
    ($($resource:ident)*) => {
        collect_operations_next! { [] $($resource)* }
    };
}

macro_rules! collect_operations_next {
    ([$($table:tt)*]) => {
        operations! { [$($table)*] }
    };
    ([$($table:tt)*] $first:ident $($rest:ident)*) => {
        $first! { collect_operations_next [$($table)*] $($rest)* }
    };
}

collect_operations! {
    session_operations
    page_operations
    capture_operations
    element_operations
    input_operations
    dialog_operations
    runtime_operations
    observe_operations
    console_operations
    network_operations
    events_operations
    emulation_operations
    trace_operations
    storage_operations
    cdp_operations
    downloads_operations
    audit_operations
    daemon_operations
}

impl Operation {
    pub fn spec(&self) -> &'static OpSpec {
        op_spec(self.name()).unwrap_or(&OP_SPECS[0])
    }
}

pub fn op_spec(name: &str) -> Option<&'static OpSpec> {
    OP_SPECS.iter().find(|spec| spec.name == name)
}

#[cfg(test)]
mod tests;
