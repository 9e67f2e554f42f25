//! One module per resource. A command turns its arguments into an [`Invocation`]: either an
//! operation for the daemon (parameters as JSON, checked against the domain schema) or a
//! local action. Browser logic never lives here.

pub mod completions;
pub mod console;
pub mod daemon;
pub mod doctor;
pub mod element;
pub mod emulation;
pub mod errors;
pub mod events;
pub mod interact;
pub mod man;
pub mod network;
pub mod page;
pub mod repl;
pub mod session;
pub mod storage;
pub mod trace;

use serde_json::{Map, Value};

/// What a command asks for.
pub enum Invocation {
    /// An operation the daemon runs: its name and the parameters given as flags.
    Remote {
        op: &'static str,
        params: Map<String, Value>,
    },
    /// `cdt errors`.
    ErrorTable,
    /// `cdt daemon status`: reports "not running" without starting a daemon.
    DaemonStatus { verbose: bool },
    /// `cdt daemon stop`: stops a running daemon, if any.
    DaemonStop,
    /// `cdt daemon logs`.
    DaemonLogs { lines: usize },
    /// `cdt mcp`: a long-running server, not a one-shot command.
    Mcp,
    /// `cdt repl` (run by `repl::run`, never by `dispatch`).
    Repl,
    /// `cdt completions <shell>`: a script printed as is.
    Completions(completions::Shell),
    /// `cdt man`: the page printed as is, or (with a directory) one page per command written.
    Man { dir: Option<String> },
    /// `cdt doctor`.
    Doctor,
}

/// Collects explicitly given flags into a parameter object (absent flags stay absent, so an
/// `--input-file` can supply them).
#[derive(Default)]
pub struct Params(Map<String, Value>);

impl Params {
    pub fn set(mut self, key: &str, value: Option<impl Into<Value>>) -> Self {
        if let Some(value) = value {
            self.0.insert(key.to_string(), value.into());
        }
        self
    }

    pub fn flag(self, key: &str, on: bool) -> Self {
        self.set(key, on.then_some(true))
    }

    pub fn remote(self, op: &'static str) -> Invocation {
        Invocation::Remote { op, params: self.0 }
    }
}
