//! `cdt trace start|stop|insight`: Chrome performance traces and the insights cdt computes
//! from them (SPEC §6.9).

use cdt_domain::ops::InsightName;
use clap::builder::PossibleValuesParser;
use clap::{Args, Subcommand};

use super::network::absolute;
use super::{Invocation, Params};

#[derive(Debug, Subcommand)]
pub enum TraceCommand {
    /// Start recording a performance trace of the page (--reload: of a fresh page load).
    #[command(after_help = "Examples:
  cdt trace start --reload
  cdt trace start --page 2 --screenshots
  cdt trace start --categories devtools.timeline,loading,blink.user_timing
  cdt trace start --reload --auto-stop --file /tmp/load.json.gz")]
    Start(StartArgs),
    /// Stop recording and write the trace (Chrome JSON; gzipped when the name ends in .gz)
    /// for DevTools' Performance panel or Perfetto; prints a one-line summary per insight.
    #[command(after_help = "Examples:
  cdt trace stop
  cdt trace stop --file /tmp/load.json.gz
  cdt trace stop --file ./load.json

Default file: <CDT_HOME>/contexts/<hash>/trace/trace-<time>.json.gz")]
    Stop(StopArgs),
    /// Insights computed by cdt from the last trace (or --file): LCP and its breakdown, CLS
    /// and the shifted nodes, INP, long tasks, render-blocking requests, document latency,
    /// DOM size, third parties. See docs/insights.md for inputs, formulas and thresholds.
    #[command(after_help = "Examples:
  cdt trace insight
  cdt trace insight lcp
  cdt trace insight long-tasks --file /tmp/load.json.gz
  cdt trace insight --fields insights.name,insights.summary")]
    Insight(InsightArgs),
}

#[derive(Debug, Args)]
pub struct StartArgs {
    /// The page (default: the current page).
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
    /// Reload the page once recording runs.
    #[arg(long)]
    pub reload: bool,
    /// Categories replacing the default set (comma-separated).
    #[arg(long, value_delimiter = ',', value_name = "CATS")]
    pub categories: Vec<String>,
    /// Record screenshots too (bigger file).
    #[arg(long)]
    pub screenshots: bool,
    /// Stop by itself 1 s after the page's load event and answer as `trace stop` does.
    #[arg(long)]
    pub auto_stop: bool,
    /// With --auto-stop: where to write the trace (.json, or .json.gz to gzip).
    #[arg(long, value_name = "PATH", requires = "auto_stop")]
    pub file: Option<String>,
}

#[derive(Debug, Args)]
pub struct StopArgs {
    /// Where to write the trace (.json, or .json.gz to gzip).
    #[arg(long, value_name = "PATH")]
    pub file: Option<String>,
}

#[derive(Debug, Args)]
pub struct InsightArgs {
    /// One insight (default: all).
    #[arg(value_name = "NAME", value_parser = PossibleValuesParser::new(InsightName::ALL.map(InsightName::as_str)))]
    pub name: Option<String>,
    /// Analyse this trace file instead of the context's last trace.
    #[arg(long, value_name = "PATH")]
    pub file: Option<String>,
}

pub fn invocation(command: &TraceCommand) -> Invocation {
    match command {
        TraceCommand::Start(args) => Params::default()
            .set("page", args.page)
            .flag("reload", args.reload)
            .set(
                "categories",
                (!args.categories.is_empty()).then(|| args.categories.clone()),
            )
            .flag("screenshots", args.screenshots)
            .flag("autoStop", args.auto_stop)
            .set("file", absolute(&args.file))
            .remote("trace.start"),
        TraceCommand::Stop(args) => Params::default()
            .set("file", absolute(&args.file))
            .remote("trace.stop"),
        TraceCommand::Insight(args) => Params::default()
            .set("name", args.name.clone())
            .set("file", absolute(&args.file))
            .remote("trace.insight"),
    }
}
