//! The operations: every request the daemon serves, declared once.
//!
//! Each resource module (`element.rs`, `page.rs`, …) holds, for each of its operations, the
//! typed parameters (serde + schemars: the wire and `--describe`), the clap flags (feature
//! `cli`, module `args`) and an entry in its `<resource>_operations!` table: summary, variant,
//! wire name, parameters, flags, default budget, error codes, examples. This module gathers
//! the entries and generates the `Operation` enum, the specs and schemas, the marker types
//! the daemon binds each use case to (`op::*`, [`Handles`]) and the flags `cdt` builds its
//! command tree from. Adding an operation = an entry, its params and flags here + its use case
//! (`use_case!`) in `cdt-app`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::error::ErrorCode;

#[cfg(feature = "cli")]
pub mod cli;

// The resources, each with its parameters, flags and `<resource>_operations!` entries.
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
mod daemon;

pub use capture::*;
pub use console::*;
pub use dialog::*;
pub use element::*;
pub use emulation::*;
pub use events::*;
pub use input::*;
pub use network::*;
pub use page::*;
pub use runtime::*;
pub use session::*;
pub use storage::*;
pub use trace::*;

/// Static facts about an operation, shared by `--describe`, `--help`, the docs and the daemon.
#[derive(Clone, Copy, Debug)]
pub struct OpSpec {
    pub name: &'static str,
    /// The one-line summary (the doc comment on the operation's table line).
    doc: &'static str,
    /// Budget used when `--timeout` is not given.
    pub default_timeout_ms: u64,
    pub errors: &'static [ErrorCode],
    /// Command lines that run it; the first is `--describe`'s example. A test runs them all
    /// through the parser.
    pub examples: &'static [&'static str],
    /// A paragraph for `--help` after the examples ("" when none).
    pub note: &'static str,
    /// How `--output text` and the REPL print its reply.
    pub text: TextForm,
    /// Its flags (the `cdt` binary builds the command tree from these).
    #[cfg(feature = "cli")]
    pub cli: cli::CliFns,
}

impl OpSpec {
    pub fn about(&self) -> &'static str {
        self.doc.trim()
    }

    pub fn example(&self) -> &'static str {
        self.examples.first().copied().unwrap_or_default()
    }
}

use ErrorCode as E;

const COMMON: [ErrorCode; 5] = [
    E::ValidationError,
    E::Timeout,
    E::DaemonUnavailable,
    E::ProtocolError,
    E::InternalError,
];

macro_rules! errors {
    ($($code:ident),*) => {{
        const LIST: &[ErrorCode] = &[$(E::$code,)* E::ValidationError, E::Timeout, E::DaemonUnavailable, E::ProtocolError, E::InternalError];
        LIST
    }};
}

/// One entry per operation: its summary, variant, wire name, parameters and command-line
/// flags (both declared in the operation's resource module), default budget, the error codes
/// it can return beyond the common ones, and its examples. The `Operation` enum, the specs,
/// the schemas, the marker types the daemon binds use cases to and the `cdt` command tree are
/// all generated from it.
macro_rules! operations {
    ([$( $(#[doc = $doc:literal])* $variant:ident = $name:literal ($params:ty, $args:ty), $timeout:expr, [$($code:ident),*], [$($example:literal),+] $($note:literal)? $(=> $text:expr)?; )*]) => {
        /// Every operation, as sent on the wire: `{"op":"page.open","params":{…}}`.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
        #[serde(tag = "op", content = "params")]
        pub enum Operation {
            $( #[serde(rename = $name)] $variant($params), )*
        }

        impl Operation {
            pub fn name(&self) -> &'static str {
                match self { $( Operation::$variant(_) => $name, )* }
            }
        }

        pub const OP_SPECS: &[OpSpec] = &[
            $( OpSpec {
                name: $name,
                doc: concat!($($doc),*),
                default_timeout_ms: $timeout,
                errors: errors!($($code),*),
                examples: &[$($example),+],
                note: concat!("", $($note)?),
                text: text_form!($($text)?),
                #[cfg(feature = "cli")]
                cli: cli::CliFns::of::<$args>(),
            }, )*
        ];

        /// Every operation, each with default parameters: for tests that must reach all of them.
        pub fn every_operation() -> Vec<Operation> {
            vec![$( Operation::$variant(<$params>::default()), )*]
        }

        /// The JSON schema of an operation's parameters, for `--describe`.
        pub fn params_schema(name: &str) -> Option<serde_json::Value> {
            match name {
                $( $name => serde_json::to_value(schemars::schema_for!($params)).ok(), )*
                _ => None,
            }
        }

        /// One marker type per operation: what a handler implements [`Handles`] for.
        pub mod op {
            $( #[doc = concat!("`", $name, "`")] pub struct $variant; )*
        }

        $( impl Op for op::$variant {
            type Params = $params;
            const NAME: &'static str = $name;
        } )*

        /// A handler of every operation: the daemon's dispatcher implements [`Handles`] once per
        /// operation (next to its use case), and a missing one is a compile error, not a
        /// runtime fallback.
        pub trait HandlesEvery<Out>: $( Handles<op::$variant, Out> + )* Sized {}

        impl<T, Out> HandlesEvery<Out> for T where T: $( Handles<op::$variant, Out> + )* Sized {}

        impl Operation {
            /// Hands the parameters to `handler`'s implementation for this operation.
            pub fn dispatch<Out, H: HandlesEvery<Out>>(self, handler: H) -> Out {
                match self {
                    $( Operation::$variant(params) => <H as Handles<op::$variant, Out>>::handle(handler, params), )*
                }
            }
        }
    };
}

/// How a reply reads as text (`--output text`, the REPL). An action's feedback has its own
/// form whatever the operation; anything else not named here prints as keys and values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextForm {
    /// Keys and values.
    Generic,
    /// The page it reached: `page 1 "Title" http://…`.
    PageReached,
    /// One string field of the reply, as it is (`text`, `html`).
    Field(&'static str),
    /// The `value` of an evaluation, as JavaScript would print it.
    Value,
    /// The `matches` of a search: one `uid role "name"` line each.
    Matches,
}

macro_rules! text_form {
    () => {
        TextForm::Generic
    };
    ($form:expr) => {
        $form
    };
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
        path: "daemon",
        about: "Inspect or stop the background daemon",
    },
];

/// For `#[serde(skip_serializing_if = "is_false")]` on a switch: off is the default, and a
/// switch the command line did not give leaves `--input-file`'s value alone.
pub fn is_false(on: &bool) -> bool {
    !on
}

/// An operation, as a type: its parameters and wire name.
pub trait Op {
    type Params;
    const NAME: &'static str;
}

/// Runs operation `O`, producing `Out` (for the daemon: the future of its reply).
pub trait Handles<O: Op, Out> {
    fn handle(self, params: O::Params) -> Out;
}

const S5: u64 = 5_000;
const S10: u64 = 10_000;
const S30: u64 = 30_000;

/// Gathers every resource's entries (each resource module's `<resource>_operations!` adds its
/// own and hands the table on), then generates everything from the whole table.
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

/// Codes every operation can return.
pub fn common_errors() -> &'static [ErrorCode] {
    &COMMON
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_op_has_a_spec_and_schema() {
        for spec in OP_SPECS {
            assert!(
                params_schema(spec.name).is_some(),
                "{} has no schema",
                spec.name
            );
            assert!(spec.errors.contains(&ErrorCode::Timeout));
        }
    }

    /// Every variant of [`Operation`] (read from its schema) has a spec and a params schema.
    #[test]
    fn every_operation_variant_is_registered() {
        let schema = serde_json::to_value(schemars::schema_for!(Operation)).unwrap_or_default();
        let text = schema.to_string();
        let mut names = Vec::new();
        for variant in schema["oneOf"].as_array().into_iter().flatten() {
            if let Some(name) = variant["properties"]["op"]["const"]
                .as_str()
                .or_else(|| variant["properties"]["op"]["enum"][0].as_str())
            {
                names.push(name.to_string());
            }
        }
        assert!(
            names.len() >= 25,
            "could not read the op names from the schema: {text}"
        );
        for name in names {
            assert!(op_spec(&name).is_some(), "{name} has no OpSpec");
            assert!(
                params_schema(&name).is_some(),
                "{name} has no params schema"
            );
        }
    }

    #[test]
    fn operation_wire_form() {
        let op = Operation::PageUse(PageUseParams { id: 3 });
        let json = serde_json::to_string(&op).unwrap_or_default();
        assert_eq!(json, r#"{"op":"page.use","params":{"id":3}}"#);
        assert_eq!(op.spec().name, "page.use");
        let unknown: Result<Operation, _> =
            serde_json::from_str(r#"{"op":"page.explode","params":{}}"#);
        assert!(unknown.is_err());
    }
}
