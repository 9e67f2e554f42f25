//! `cdt daemon logs` (the daemon's `status` and `stop` are operations: see `cdt_domain::ops`).

use clap::{Args, Subcommand};

// The `daemon` commands that run in the CLI alone (a `//` comment: a doc comment would
// become the summary of `cdt daemon`).
#[derive(Debug, Subcommand)]
pub enum DaemonLocal {
    /// Print the end of the daemon's log.
    #[command(
        after_help = "Examples:\n  cdt daemon logs\n  cdt daemon logs --lines 200 --output text"
    )]
    Logs(LogsArgs),
}

#[derive(Debug, Args)]
pub struct LogsArgs {
    /// How many lines from the end.
    #[arg(long, default_value_t = 50)]
    pub lines: usize,
}
