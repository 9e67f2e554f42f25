//! `cdt events read|clear|observe|unobserve` and `cdt events filters get|set`: the raw
//! observer of seed 002.

use clap::{Args, Subcommand};

use super::{Invocation, Params};

#[derive(Debug, Subcommand)]
pub enum EventsCommand {
    /// Read normalized events from an offset; pass the returned nextOffset to continue.
    #[command(after_help = "Examples:
  cdt events read
  cdt events read --offset 1200 --limit 200 --kinds request,response
  cdt events read --kinds console,log --url-includes app.js
  cdt events read --page 2 --tail --limit 20

Each reply carries `nextOffset` (poll again from it: nothing is missed or repeated) and
`dropped` (events that left the buffer before they were read).")]
    Read(ReadArgs),
    /// Remove events from the buffer: one page's, or all (offsets go on from where they were).
    #[command(after_help = "Examples:\n  cdt events clear\n  cdt events clear --page 2")]
    Clear(PageArg),
    /// Let a page's events into the buffer again (every page is observed from its start).
    #[command(
        after_help = "Examples:\n  cdt events observe --page 2\n  cdt events observe --url-includes /checkout"
    )]
    Observe(ObserveArgs),
    /// Keep a page's events out of the buffer (console and network lists are unaffected).
    #[command(
        after_help = "Examples:\n  cdt events unobserve --page 2\n  cdt events unobserve --drop-buffer"
    )]
    Unobserve(UnobserveArgs),
    /// Get or set the buffer's server-side filters.
    #[command(subcommand)]
    Filters(FiltersCommand),
}

#[derive(Debug, Args)]
pub struct ReadArgs {
    /// First sequence number to return (0 = from the start).
    #[arg(long, default_value_t = 0)]
    pub offset: u64,
    /// At most this many events (default 500, at most 10000).
    #[arg(long)]
    pub limit: Option<usize>,
    /// console, log, request, response, loadingFinished, loadingFailed, websocket, other, network
    #[arg(long, value_delimiter = ',', value_name = "KINDS")]
    pub kinds: Vec<String>,
    #[arg(long, value_name = "TEXT")]
    pub url_includes: Option<String>,
    /// HTTP method (network kinds only).
    #[arg(long)]
    pub method: Option<String>,
    /// Only events of this page.
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
    /// The newest --limit events, whatever the offset.
    #[arg(long)]
    pub tail: bool,
}

#[derive(Debug, Args)]
pub struct PageArg {
    /// The page (default: every page).
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
}

#[derive(Debug, Args)]
pub struct ObserveArgs {
    /// The page (default: the current page).
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
    /// Pick the first page whose URL contains this text.
    #[arg(long, value_name = "TEXT")]
    pub url_includes: Option<String>,
}

#[derive(Debug, Args)]
pub struct UnobserveArgs {
    /// The page (default: the current page).
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
    /// Also remove the page's events already in the buffer.
    #[arg(long)]
    pub drop_buffer: bool,
}

#[derive(Debug, Subcommand)]
pub enum FiltersCommand {
    /// Show the active filters.
    #[command(after_help = "Examples:\n  cdt events filters get")]
    Get,
    /// Change the filters (options not given keep their value). They apply to events from
    /// the returned `appliesFromOffset` on; events already buffered stay as they are.
    #[command(after_help = "Examples:
  cdt events filters set --kinds network --url-block analytics,ads
  cdt events filters set --url-allow /api/ --max-body-bytes 16000
  cdt events filters set --kinds ''   # all kinds again")]
    Set(SetArgs),
}

#[derive(Debug, Args)]
pub struct SetArgs {
    /// Kinds kept in the buffer (empty: all).
    #[arg(long, value_delimiter = ',', num_args = 0..=1, value_name = "KINDS")]
    pub kinds: Option<Vec<String>>,
    /// Keep only events whose URL contains one of these.
    #[arg(long, value_delimiter = ',', num_args = 0..=1, value_name = "TEXTS")]
    pub url_allow: Option<Vec<String>>,
    /// Drop events whose URL contains one of these.
    #[arg(long, value_delimiter = ',', num_args = 0..=1, value_name = "TEXTS")]
    pub url_block: Option<Vec<String>>,
    /// Cut bodies and payloads to this size (default 64000).
    #[arg(long, value_name = "BYTES")]
    pub max_body_bytes: Option<u64>,
}

fn non_empty(values: &Option<Vec<String>>) -> Option<Vec<String>> {
    values
        .as_ref()
        .map(|v| v.iter().filter(|s| !s.is_empty()).cloned().collect())
}

pub fn invocation(command: &EventsCommand) -> Invocation {
    match command {
        EventsCommand::Read(args) => Params::default()
            .set("offset", Some(args.offset))
            .set("limit", args.limit)
            .set(
                "kinds",
                (!args.kinds.is_empty()).then(|| args.kinds.clone()),
            )
            .set("urlIncludes", args.url_includes.clone())
            .set("method", args.method.clone())
            .set("page", args.page)
            .flag("tail", args.tail)
            .remote("events.read"),
        EventsCommand::Clear(args) => Params::default()
            .set("page", args.page)
            .remote("events.clear"),
        EventsCommand::Observe(args) => Params::default()
            .set("page", args.page)
            .set("urlIncludes", args.url_includes.clone())
            .remote("events.observe"),
        EventsCommand::Unobserve(args) => Params::default()
            .set("page", args.page)
            .flag("dropBuffer", args.drop_buffer)
            .remote("events.unobserve"),
        EventsCommand::Filters(FiltersCommand::Get) => {
            Params::default().remote("events.filters.get")
        }
        EventsCommand::Filters(FiltersCommand::Set(args)) => Params::default()
            .set("kinds", non_empty(&args.kinds))
            .set("urlAllow", non_empty(&args.url_allow))
            .set("urlBlock", non_empty(&args.url_block))
            .set("maxBodyBytes", args.max_body_bytes)
            .remote("events.filters.set"),
    }
}
