//! The options every command shares (SPEC §3.2): a leaf, so the printer, the REPL and the
//! MCP launcher use them without the command tree.

use clap::{Args, ValueEnum};

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
    #[arg(short, long, global = true, value_enum, default_value_t = OutputFormat::Json)]
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
