//! The command tree and the options every command shares (SPEC §3.1–3.2).

use clap::{Parser, Subcommand};

pub use crate::args::{GlobalArgs, OutputFormat};
use crate::commands::{self, Invocation};

use crate::commands::console::ConsoleCommand;
use crate::commands::daemon::DaemonCommand;
use crate::commands::element::ElementCommand;
use crate::commands::emulation::EmulationCommand;
use crate::commands::events::EventsCommand;
use crate::commands::interact::{
    CaptureCommand, DialogCommand, InputCommand, ObserveCommand, RuntimeCommand,
};
use crate::commands::network::NetworkCommand;
use crate::commands::page::PageCommand;
use crate::commands::session::SessionCommand;
use crate::commands::storage::StorageCommand;
use crate::commands::trace::TraceCommand;

const ABOUT: &str = "Drive Chromium from the shell through the Chrome DevTools Protocol.

Every command prints one JSON envelope on stdout ({\"ok\":true,\"data\":…} or
{\"ok\":false,\"error\":{\"code\",…,\"suggestions\"}}) and exits with a semantic code
(0 ok, 2 usage, 3 not found, 4 timeout, 5 conflict, 6 dependency, 7 protocol,
8 transient, 10 daemon/browser connection, 11 internal; see `cdt errors`).

Each caller gets its own browser automatically (by CDT_CONTEXT_ID, --share-group,
or the calling process); a background daemon keeps the browsers warm.";

const EXAMPLES: &str = "Examples:
  cdt page open https://example.com
  cdt page list --output text
  CDT_CONTEXT_ID=agent-1 cdt page navigate http://127.0.0.1:8080/ --wait-until domcontentloaded
  cdt session status --verbose | jq .data.lease
  cdt page open --describe";

#[derive(Debug, Parser)]
#[command(name = "cdt", version, about = ABOUT, after_help = EXAMPLES, propagate_version = true, disable_help_subcommand = true)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start, inspect and stop this context's browser session.
    #[command(subcommand)]
    Session(SessionCommand),
    /// Open, list, switch, close and navigate pages.
    #[command(subcommand)]
    Page(PageCommand),
    /// Look at the page: accessibility snapshot with stable uids, screenshots, PDF.
    #[command(subcommand)]
    Capture(CaptureCommand),
    /// Act on elements by uid (or selector/text); every action reports what it caused.
    #[command(subcommand)]
    Element(ElementCommand),
    /// Keyboard and mouse by keys and coordinates.
    #[command(subcommand)]
    Input(InputCommand),
    /// JavaScript dialogs (alert, confirm, prompt): status and handling.
    #[command(subcommand)]
    Dialog(DialogCommand),
    /// Evaluate JavaScript in the page.
    #[command(subcommand)]
    Runtime(RuntimeCommand),
    /// Cheap page state and actionable targets for agent loops.
    #[command(subcommand)]
    Observe(ObserveCommand),
    /// Console messages, exceptions and browser log entries of the context's pages.
    #[command(subcommand)]
    Console(ConsoleCommand),
    /// Network requests of the context's pages: list, inspect, bodies, waits, HAR.
    #[command(subcommand)]
    Network(NetworkCommand),
    /// The raw normalized event stream, read by offset, with server-side filters.
    #[command(subcommand)]
    Events(EventsCommand),
    /// Emulate a device, network, CPU, place, colour scheme, timezone or locale.
    #[command(subcommand)]
    Emulation(EmulationCommand),
    /// Performance traces and the insights cdt computes from them (LCP, CLS, INP, …).
    #[command(subcommand)]
    Trace(TraceCommand),
    /// Cookies, local/session storage, and save/load of a logged-in state.
    #[command(subcommand)]
    Storage(StorageCommand),
    /// Inspect or stop the background daemon.
    #[command(subcommand)]
    Daemon(DaemonCommand),
    /// List every error code with its meaning, exit code and remedy.
    #[command(after_help = "Examples:\n  cdt errors\n  cdt errors --output text")]
    Errors,
    /// Serve these operations to MCP clients over stdio (DevTools MCP tools, CDP observer).
    #[command(
        after_help = "Configure it in an MCP client (Claude Code, Cursor, VS Code, …):
  {\"mcpServers\": {\"cdt\": {\"command\": \"cdt\", \"args\": [\"mcp\"]}}}

Its tools act on the browser of the caller's context, as `cdt` commands do: the agent
that starts `cdt mcp` (or CDT_CONTEXT_ID / --share-group) and its shell commands share
one browser. Details: docs/mcp.md."
    )]
    Mcp,
    /// Interactive shell: commands without the `cdt` prefix, short aliases, history, variables.
    #[command(after_help = crate::commands::repl::EXAMPLES)]
    Repl(crate::commands::repl::ReplArgs),
    /// Print a shell completion script.
    #[command(after_help = crate::commands::completions::EXAMPLES)]
    Completions(crate::commands::completions::CompletionsArgs),
    /// Print the man page, or write one page per command into a directory.
    #[command(after_help = "Examples:\n  cdt man | man -l -\n  cdt man --dir ./man1")]
    Man(crate::commands::man::ManArgs),
    /// Check the setup: Chromium (found, version, one launch), CDT_HOME, the socket, the daemon.
    #[command(
        after_help = "Examples:\n  cdt doctor --output text\n  cdt doctor | jq '.data.checks // .error.details.checks'"
    )]
    Doctor,
}

/// The whole command tree, as clap builds it from [`Cli`].
pub fn command_tree() -> clap::Command {
    <Cli as clap::CommandFactory>::command()
}

/// Every command's path below `cdt` (`[]`, `["page"]`, `["page", "open"]`, …), depth first in
/// declaration order: what the help-tree snapshot and the generated docs walk, so no command
/// can be left out of them.
pub fn command_paths() -> Vec<Vec<String>> {
    fn walk(command: &clap::Command, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
        out.push(path.clone());
        for sub in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
            path.push(sub.get_name().to_string());
            walk(sub, path, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    walk(&command_tree(), &mut Vec::new(), &mut out);
    out
}

/// What a parsed command asks for.
pub fn invocation(command: &Command, verbose: bool) -> Invocation {
    match command {
        Command::Session(command) => commands::session::invocation(command, verbose),
        Command::Page(command) => commands::page::invocation(command),
        Command::Capture(command) => commands::interact::capture(command, verbose),
        Command::Element(command) => commands::element::invocation(command),
        Command::Input(command) => commands::interact::input(command),
        Command::Dialog(command) => commands::interact::dialog(command),
        Command::Runtime(command) => commands::interact::runtime(command),
        Command::Observe(command) => commands::interact::observe(command),
        Command::Console(command) => commands::console::invocation(command),
        Command::Network(command) => commands::network::invocation(command),
        Command::Events(command) => commands::events::invocation(command),
        Command::Emulation(command) => commands::emulation::invocation(command),
        Command::Trace(command) => commands::trace::invocation(command),
        Command::Storage(command) => commands::storage::invocation(command),
        Command::Daemon(command) => commands::daemon::invocation(command, verbose),
        Command::Errors => Invocation::ErrorTable,
        Command::Mcp => Invocation::Mcp,
        Command::Repl(_) => Invocation::Repl,
        Command::Completions(args) => Invocation::Completions(args.shell),
        Command::Man(args) => Invocation::Man {
            dir: args.dir.clone(),
        },
        Command::Doctor => Invocation::Doctor,
    }
}
