//! The command tree and the options every command shares (SPEC §3.1–3.2).

use clap::{Args, Parser, Subcommand, ValueEnum};

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
    #[command(after_help = crate::repl::EXAMPLES)]
    Repl(crate::repl::ReplArgs),
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

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    #[default]
    Json,
    Text,
}

#[derive(Clone, Debug, Default, Args)]
pub struct GlobalArgs {
    /// End-to-end budget in milliseconds (default depends on the command; see --describe).
    #[arg(long, global = true, value_name = "MS")]
    pub timeout: Option<u64>,
    /// Output format.
    #[arg(long, global = true, value_enum, default_value_t = OutputFormat::Json)]
    pub output: OutputFormat,
    /// Keep only these fields of `data` (comma-separated dotted paths, e.g. `pages.id,pages.url`).
    #[arg(long, global = true, value_name = "A,B.C")]
    pub fields: Option<String>,
    /// Share one browser between callers that name the same group (env: CDT_SHARE_GROUP).
    #[arg(long, global = true, value_name = "NAME")]
    pub share_group: Option<String>,
    /// Operator override: act on this context (a ctx_… key from `cdt session list`, or a name).
    #[arg(long, global = true, value_name = "ID")]
    pub context_id: Option<String>,
    /// Read the request parameters from a JSON file (`-` for stdin); flags override it.
    #[arg(long, global = true, value_name = "PATH|-")]
    pub input_file: Option<String>,
    /// Print the command's input schema, an example and its error codes as JSON; run nothing.
    #[arg(long, global = true)]
    pub describe: bool,
    /// More detail in the reply.
    #[arg(long, global = true)]
    pub verbose: bool,
    /// Print diagnostics (request, timings) on stderr.
    #[arg(long, global = true)]
    pub debug: bool,
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

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, Parser};
    use serde_json::{Map, Value, json};

    use super::Cli;
    use crate::commands::{self, Invocation};
    use crate::repl::line::{Variables, words};

    /// Every operation the daemon serves has its CLI command, at the path its wire name spells
    /// (`page.wait-text` → `cdt page wait-text`), so an op is never reachable only from MCP or
    /// the REPL. That this command really sends the op is shown by its example
    /// (`every_operation_example_parses_to_that_operation`).
    #[test]
    fn every_operation_has_a_cli_command() {
        let root = Cli::command();
        let missing: Vec<&str> = cdt_domain::ops::OP_SPECS
            .iter()
            .map(|spec| spec.name)
            .filter(|name| {
                let mut command = &root;
                for word in name.split('.') {
                    match command.find_subcommand(word) {
                        Some(sub) => command = sub,
                        None => return true,
                    }
                }
                command.has_subcommands()
            })
            .collect();
        assert!(missing.is_empty(), "ops without a CLI command: {missing:?}");
    }

    /// The operation a parsed command sends the daemon and its parameters from flags, as
    /// `execute` builds them; `None` for a local action.
    fn request(invocation: Invocation) -> Option<(&'static str, Map<String, Value>)> {
        match invocation {
            Invocation::Remote { op, params } => Some((op, params)),
            Invocation::DaemonStatus { verbose } => Some((
                "daemon.status",
                Map::from_iter([("verbose".into(), json!(verbose))]),
            )),
            Invocation::DaemonStop => Some(("daemon.stop", Map::new())),
            _ => None,
        }
    }

    /// Every op's `--describe` example (also the hint of its validation errors) goes through
    /// the real parser, lands on that op, at the command its wire name spells, and carries
    /// parameters the daemon accepts.
    #[test]
    fn every_operation_example_parses_to_that_operation() {
        let mut failures = Vec::new();
        for spec in cdt_domain::ops::OP_SPECS {
            let argv = match words(spec.example, &Variables::new()) {
                Ok(argv) => argv,
                Err(error) => {
                    failures.push(format!("{}: cannot split: {}", spec.example, error.message));
                    continue;
                }
            };
            if argv.first().map(String::as_str) != Some("cdt") {
                failures.push(format!("{}: does not start with cdt", spec.example));
                continue;
            }
            let path: Vec<&str> = spec.name.split('.').collect();
            if argv.get(1..=path.len())
                != Some(&path.iter().map(|w| w.to_string()).collect::<Vec<_>>()[..])
            {
                failures.push(format!("{}: is not `cdt {}`", spec.example, path.join(" ")));
                continue;
            }
            let cli = match Cli::try_parse_from(&argv) {
                Ok(cli) => cli,
                Err(error) => {
                    failures.push(format!("{}: does not parse: {error}", spec.example));
                    continue;
                }
            };
            let Some((op, params)) =
                request(commands::invocation(&cli.command, cli.global.verbose))
            else {
                failures.push(format!("{}: runs locally, not {}", spec.example, spec.name));
                continue;
            };
            if op != spec.name {
                failures.push(format!("{}: sends {op}, not {}", spec.example, spec.name));
                continue;
            }
            let wire = json!({ "op": op, "params": params });
            if let Err(error) = serde_json::from_value::<cdt_domain::ops::Operation>(wire.clone()) {
                failures.push(format!(
                    "{}: the daemon refuses {wire}: {error}",
                    spec.example
                ));
            }
        }
        assert!(
            failures.is_empty(),
            "examples that are wrong:\n{}",
            failures.join("\n")
        );
    }
}
