//! `cdt repl`'s arguments and help (the REPL itself is `crate::repl`).

use clap::Args;

pub const EXAMPLES: &str = "Examples:
  cdt repl                                          # interactive; `help` lists the short commands
  cdt repl --exec 'g http://127.0.0.1:8080/ ; elements'
  cdt repl --output json < steps.cdt                # one JSON envelope per command
  CDT_CONTEXT_ID=agent-1 cdt repl

Short commands: g <url>, b, f, r, c <uid|selector|text>, t <uid|selector> <text>, elements,
text, html, links, forms, url, title, state, find <text>, inspect <uid>, wait <selector>|<n>s,
eval <js>, set <name> <value>, get <name> <js>, $name, json on|off, help [cmd], quit.
Every cdt command also works without the `cdt` prefix: page open <url>, element click e3.
Output is text unless --output json is given (or `json on` is typed).";

#[derive(Debug, Args)]
pub struct ReplArgs {
    /// Run these commands (separated by `;` or `&&`) and exit with the first failure's code.
    #[arg(long, value_name = "COMMANDS")]
    pub exec: Option<String>,
    /// With --exec or piped input: run every command even after one fails (the exit code is
    /// still the first failure's).
    #[arg(long)]
    pub keep_going: bool,
}
