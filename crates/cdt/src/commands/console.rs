//! `cdt console list|get|wait|clear`.

use clap::{Args, Subcommand};

use super::{Invocation, Params};

#[derive(Debug, Subcommand)]
pub enum ConsoleCommand {
    /// Console messages of a page since its last navigation (logs, exceptions, browser errors).
    #[command(after_help = "Examples:
  cdt console list
  cdt console list --type error,warn --limit 20
  cdt console list --preserved --since 40 --page 2")]
    List(ListArgs),
    /// One message with its arguments and stack.
    #[command(after_help = "Examples:\n  cdt console get 3")]
    Get(IdArg),
    /// Wait for the first new message whose text matches a regular expression.
    #[command(after_help = "Examples:
  cdt console wait --pattern 'ready'
  cdt console wait --pattern 'Error|failed' --type error,exception --timeout 5000")]
    Wait(WaitArgs),
    /// Forget recorded messages (of one page, or all).
    #[command(after_help = "Examples:\n  cdt console clear\n  cdt console clear --page 2")]
    Clear(PageArg),
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Only these types: log, info, warn, error, debug, exception, trace, …
    #[arg(long = "type", value_delimiter = ',', value_name = "TYPES")]
    pub types: Vec<String>,
    /// At most this many (the newest).
    #[arg(long)]
    pub limit: Option<usize>,
    /// Only messages with a larger id.
    #[arg(long, value_name = "ID")]
    pub since: Option<u64>,
    /// Include messages from before the last navigation.
    #[arg(long)]
    pub preserved: bool,
    /// The page (default: the current page).
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
}

#[derive(Debug, Args)]
pub struct IdArg {
    /// The message id (from `cdt console list`).
    #[arg(value_name = "ID")]
    pub id: Option<u64>,
    #[arg(long = "id", value_name = "ID", conflicts_with = "id", hide = true)]
    pub id_flag: Option<u64>,
}

#[derive(Debug, Args)]
pub struct WaitArgs {
    /// Regular expression the message text must match.
    #[arg(long)]
    pub pattern: Option<String>,
    /// Only these types.
    #[arg(long = "type", value_delimiter = ',', value_name = "TYPES")]
    pub types: Vec<String>,
    /// The page (default: any page).
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
}

#[derive(Debug, Args)]
pub struct PageArg {
    /// The page (default: every page).
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
}

fn list_of(values: &[String]) -> Option<Vec<String>> {
    (!values.is_empty()).then(|| values.to_vec())
}

pub fn invocation(command: &ConsoleCommand) -> Invocation {
    match command {
        ConsoleCommand::List(args) => Params::default()
            .set("types", list_of(&args.types))
            .set("limit", args.limit)
            .set("since", args.since)
            .flag("preserved", args.preserved)
            .set("page", args.page)
            .remote("console.list"),
        ConsoleCommand::Get(args) => Params::default()
            .set("id", args.id.or(args.id_flag))
            .remote("console.get"),
        ConsoleCommand::Wait(args) => Params::default()
            .set("pattern", args.pattern.clone())
            .set("types", list_of(&args.types))
            .set("page", args.page)
            .remote("console.wait"),
        ConsoleCommand::Clear(args) => Params::default()
            .set("page", args.page)
            .remote("console.clear"),
    }
}
