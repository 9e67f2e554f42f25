//! `cdt daemon status|stop|logs`.

use clap::{Args, Subcommand};

use super::Invocation;

#[derive(Debug, Subcommand)]
pub enum DaemonCommand {
    /// Show whether the daemon runs, its pid, socket, slots and (with --verbose) metrics.
    #[command(
        after_help = "Examples:\n  cdt daemon status\n  cdt daemon status --verbose | jq .data.metrics"
    )]
    Status,
    /// Stop the daemon and every browser it runs.
    #[command(after_help = "Examples:\n  cdt daemon stop")]
    Stop,
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

pub fn invocation(command: &DaemonCommand, verbose: bool) -> Invocation {
    match command {
        DaemonCommand::Status => Invocation::DaemonStatus { verbose },
        DaemonCommand::Stop => Invocation::DaemonStop,
        DaemonCommand::Logs(args) => Invocation::DaemonLogs { lines: args.lines },
    }
}
