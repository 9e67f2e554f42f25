//! The commands that run in the CLI itself (errors, completions, man, doctor, daemon logs,
//! the REPL's and MCP's arguments). The daemon's operations are declared with their
//! parameters in `cdt_domain::ops`; `crate::cli` builds their commands from that table. A
//! command becomes an [`Invocation`]: an operation for the daemon or a local action. Browser
//! logic never lives here.

pub mod completions;
pub mod daemon;
pub mod doctor;
pub mod errors;
pub mod man;
pub mod repl;

use serde_json::{Map, Value};

/// What a command asks for.
pub enum Invocation {
    /// An operation the daemon runs: its name and the parameters given as flags.
    Remote {
        op: &'static str,
        params: Map<String, Value>,
    },
    /// `cdt cdp listen`: polls its listener, printing each event as a JSON line.
    Listen { params: Map<String, Value> },
    /// `cdt errors`.
    ErrorTable,
    /// `cdt daemon status`: reports "not running" without starting a daemon.
    DaemonStatus { verbose: bool },
    /// `cdt daemon stop`: stops a running daemon, if any.
    DaemonStop,
    /// `cdt daemon logs`.
    DaemonLogs { lines: usize },
    /// `cdt mcp` or `cdt http`: a long-running server, not a one-shot command.
    Server,
    /// `cdt repl` (run by `repl::run`, never by `dispatch`).
    Repl,
    /// `cdt completions <shell>`: a script printed as is.
    Completions(completions::Shell),
    /// `cdt man`: the page printed as is, or (with a directory) one page per command written.
    Man { dir: Option<String> },
    /// `cdt doctor`.
    Doctor,
}
