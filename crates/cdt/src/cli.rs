//! The command tree and the options every command shares (SPEC §3.1–3.2).
//!
//! The daemon's operations are not written here: each is one entry of the operation table
//! (`cdt_domain::ops`), with its summary, examples and a clap `Args` struct next to its
//! parameters. [`command_tree`] builds their commands from that table, beside the few
//! commands that run in the CLI alone ([`LocalCommand`]), and [`Cli::try_parse_from`] turns
//! the words into either.

use std::ffi::OsString;

use cdt_domain::ops::{Op, OpSpec, RESOURCES, op, op_spec, params_schema};
use clap::{FromArgMatches, Subcommand};
use serde_json::{Map, Value};

pub use crate::args::{GlobalArgs, OutputFormat};
use crate::commands::Invocation;
use crate::commands::daemon::{DaemonLocal, LogsArgs};

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

/// The root: the options every command shares.
#[derive(Debug, clap::Parser)]
#[command(name = "cdt", version, about = ABOUT, after_help = EXAMPLES, propagate_version = true, disable_help_subcommand = true)]
struct Root {
    #[command(flatten)]
    global: GlobalArgs,
}

// The commands that run in the CLI alone (a `//` comment: a doc comment would become the
// root's summary).
#[derive(Debug, Subcommand)]
pub enum LocalCommand {
    /// List every error code with its meaning, exit code and remedy.
    #[command(after_help = "Examples:\n  cdt errors\n  cdt errors --output text")]
    Errors,
    /// Serve these operations to MCP clients over stdio (DevTools MCP tools, CDP observer).
    #[command(
        after_help = "Configure it in an MCP client (Claude Code, Cursor, VS Code, …):
  {\"mcpServers\": {\"cdt\": {\"command\": \"cdt\", \"args\": [\"mcp\"]}}}

Its tools act on the browser of the caller's context, as `cdt` commands do: the agent
that starts `cdt mcp` (or CDT_CONTEXT_ID / --share-group) and its shell commands share
one browser. Details: docs/mcp.md.

Its cdp_* tools (seed 002's observer) also watch a Chrome you started yourself:
  chromium --remote-debugging-port=9222 --user-data-dir=/tmp/chrome-debug &
  CDP_HOST=127.0.0.1 CDP_PORT=9222 cdt mcp        # or: cdt mcp --host 127.0.0.1 --port 9222
Settings: CDP_HOST, CDP_PORT, CDP_SECURITY_LOCALONLY (true), DEFAULT_BUFFER_SIZE (10000),
DEFAULT_TTL_SEC (3600), LOG_LEVEL (info)."
    )]
    Mcp(crate::servers::McpArgs),
    /// Serve every operation over loopback HTTP (seed 003's API: POST /op/<name>, /cmd/goto, …).
    #[command(after_help = "Examples:
  cdt http                                  # http://127.0.0.1:8765, token in $CDT_HOME/http/8765.token
  TOKEN=$(cdt http --print-token)
  curl -s -X POST -H \"Authorization: Bearer $TOKEN\" 'http://127.0.0.1:8765/cmd/goto?url=https://example.com'
  curl -s -H \"Authorization: Bearer $TOKEN\" http://127.0.0.1:8765/elements
  curl -s -X POST -H \"Authorization: Bearer $TOKEN\" -d '{\"domain\":\"example.com\"}' http://127.0.0.1:8765/op/storage.cookies.list

Every operation is POST /op/<name> with its parameters as the JSON body; GET /ops and
GET /openapi.json describe them. X-CDT-Context / X-CDT-Share-Group name the context (default:
the server's own). Details: docs/http.md.")]
    Http(crate::servers::HttpArgs),
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

/// A parsed command line.
#[derive(Debug)]
pub struct Cli {
    pub global: GlobalArgs,
    pub command: Command,
}

/// What the words name.
#[derive(Debug)]
pub enum Command {
    /// An operation of the daemon, with the parameters its flags gave (absent flags absent).
    Op {
        spec: &'static OpSpec,
        params: Map<String, Value>,
    },
    /// `cdt daemon logs`.
    DaemonLogs(LogsArgs),
    Local(LocalCommand),
}

impl Cli {
    /// Parses `args` (starting with the program name) against [`command_tree`].
    pub fn try_parse_from<I, T>(args: I) -> Result<Cli, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let matches = command_tree().try_get_matches_from(args)?;
        let global = GlobalArgs::from_arg_matches(&matches)?;
        let mut path = Vec::new();
        let mut leaf = &matches;
        while let Some((name, sub)) = leaf.subcommand() {
            path.push(name);
            leaf = sub;
        }
        let command = match op_spec(&path.join(".")) {
            Some(spec) => Command::Op {
                spec,
                params: (spec.cli.given)(leaf)?,
            },
            None if path.first() == Some(&"daemon") => match DaemonLocal::from_arg_matches(
                matches.subcommand_matches("daemon").unwrap_or(&matches),
            )? {
                DaemonLocal::Logs(args) => Command::DaemonLogs(args),
            },
            None => Command::Local(LocalCommand::from_arg_matches(&matches)?),
        };
        Ok(Cli { global, command })
    }
}

/// The whole command tree: the root options, a command per operation (grouped by resource,
/// in the table's order), then the local commands.
pub fn command_tree() -> clap::Command {
    let mut root = <Root as clap::CommandFactory>::command()
        .subcommand_required(true)
        .arg_required_else_help(true);
    for resource in RESOURCES.iter().filter(|r| !r.path.contains('.')) {
        root = root.subcommand(group(resource.path, resource.about));
    }
    for spec in cdt_domain::ops::OP_SPECS {
        let words: Vec<&str> = spec.name.split('.').collect();
        let (name, path) = words.split_last().unwrap_or((&"", &[]));
        root = insert(root, path, "", op_command(spec, name));
    }
    root = root.mut_subcommand("daemon", DaemonLocal::augment_subcommands);
    LocalCommand::augment_subcommands(root)
}

/// A command that only groups others (`storage`, `storage cookies`).
fn group(name: &'static str, about: &'static str) -> clap::Command {
    clap::Command::new(name)
        .about(about)
        .subcommand_required(true)
        .arg_required_else_help(true)
}

/// `parent` (at `at`, dotted) with `command` added below the words `path`; a group on the
/// way that does not exist yet is made, with its summary from [`RESOURCES`].
fn insert(
    parent: clap::Command,
    path: &[&'static str],
    at: &str,
    command: clap::Command,
) -> clap::Command {
    let Some((first, rest)) = path.split_first() else {
        return parent.subcommand(command);
    };
    let here = if at.is_empty() {
        first.to_string()
    } else {
        format!("{at}.{first}")
    };
    let parent = if parent.find_subcommand(first).is_some() {
        parent
    } else {
        let about = RESOURCES
            .iter()
            .find(|resource| resource.path == here)
            .map_or("", |resource| resource.about);
        parent.subcommand(group(first, about))
    };
    parent.mut_subcommand(*first, |sub| insert(sub, rest, &here, command))
}

/// One operation's command: its flags, summary, examples and note, from the table.
fn op_command(spec: &'static OpSpec, name: &'static str) -> clap::Command {
    let mut after_help = String::from("Examples:");
    for example in spec.examples {
        after_help.push_str("\n  ");
        after_help.push_str(example);
    }
    if !spec.note.is_empty() {
        after_help.push_str("\n\n");
        after_help.push_str(spec.note);
    }
    (spec.cli.augment)(clap::Command::new(name))
        .about(spec.about())
        .long_about(None)
        .after_help(after_help)
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

/// Whether operation `name` has a `verbose` parameter, which the global `--verbose` sets.
fn takes_verbose(name: &str) -> bool {
    params_schema(name).is_some_and(|schema| schema["properties"]["verbose"].is_object())
}

/// What a parsed command asks for.
pub fn invocation(command: &Command, verbose: bool) -> Invocation {
    match command {
        Command::Op { spec, .. } if spec.name == <op::DaemonStatus as Op>::NAME => {
            Invocation::DaemonStatus { verbose }
        }
        Command::Op { spec, .. } if spec.name == <op::DaemonStop as Op>::NAME => {
            Invocation::DaemonStop
        }
        Command::Op { spec, params } if spec.name == <op::CdpListen as Op>::NAME => {
            Invocation::Listen {
                params: params.clone(),
            }
        }
        Command::Op { spec, params } => {
            let mut params = params.clone();
            if verbose && takes_verbose(spec.name) {
                params.insert("verbose".into(), Value::Bool(true));
            }
            Invocation::Remote {
                op: spec.name,
                params,
            }
        }
        Command::DaemonLogs(args) => Invocation::DaemonLogs { lines: args.lines },
        Command::Local(LocalCommand::Errors) => Invocation::ErrorTable,
        Command::Local(LocalCommand::Mcp(_) | LocalCommand::Http(_)) => Invocation::Server,
        Command::Local(LocalCommand::Repl(_)) => Invocation::Repl,
        Command::Local(LocalCommand::Completions(args)) => Invocation::Completions(args.shell),
        Command::Local(LocalCommand::Man(args)) => Invocation::Man {
            dir: args.dir.clone(),
        },
        Command::Local(LocalCommand::Doctor) => Invocation::Doctor,
    }
}
