//! `cdt page open|list|use|close|navigate`.

use clap::{Args, Subcommand, ValueEnum};

use super::{Invocation, Params};

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum WaitUntilArg {
    Load,
    Domcontentloaded,
    Networkidle,
    None,
}

impl WaitUntilArg {
    fn as_str(self) -> &'static str {
        match self {
            WaitUntilArg::Load => "load",
            WaitUntilArg::Domcontentloaded => "domcontentloaded",
            WaitUntilArg::Networkidle => "networkidle",
            WaitUntilArg::None => "none",
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum PageCommand {
    /// Open a URL in a new page, which becomes current (starts the browser if needed).
    #[command(after_help = "Examples:
  cdt page open https://example.com
  cdt page open http://127.0.0.1:8080/app --wait-until networkidle
  cdt page open https://example.com/docs --background
  cdt page open --url https://example.com --fields id,title")]
    Open(OpenArgs),
    /// List this context's pages: id, url, title, and which is current.
    #[command(
        after_help = "Examples:\n  cdt page list\n  cdt page list --output text\n  cdt page list | jq '.data.pages[] | select(.current)'"
    )]
    List,
    /// Make a page current (ids come from `cdt page list`).
    #[command(after_help = "Examples:\n  cdt page use 2\n  cdt page use --id 2")]
    Use(UseArgs),
    /// Close a page (default: the current one).
    #[command(after_help = "Examples:\n  cdt page close\n  cdt page close 3")]
    Close(CloseArgs),
    /// Load a URL in the current page (or --page N); waits for `load` by default.
    #[command(after_help = "Examples:
  cdt page navigate https://example.com/next
  cdt page navigate http://127.0.0.1:8080/ --page 2 --wait-until domcontentloaded
  cdt page navigate https://example.com --timeout 5000")]
    Navigate(NavigateArgs),
}

#[derive(Debug, Args)]
pub struct OpenArgs {
    /// The URL to open.
    #[arg(value_name = "URL")]
    pub url: Option<String>,
    /// The URL to open (same as the positional argument).
    #[arg(long = "url", value_name = "URL", conflicts_with = "url")]
    pub url_flag: Option<String>,
    /// Open without making it the current page.
    #[arg(long)]
    pub background: bool,
    /// What to wait for before returning.
    #[arg(long, value_enum, value_name = "EVENT")]
    pub wait_until: Option<WaitUntilArg>,
}

#[derive(Debug, Args)]
pub struct UseArgs {
    /// The page id.
    #[arg(value_name = "ID")]
    pub id: Option<u32>,
    /// The page id (same as the positional argument).
    #[arg(long = "id", value_name = "ID", conflicts_with = "id")]
    pub id_flag: Option<u32>,
}

#[derive(Debug, Args)]
pub struct CloseArgs {
    /// The page id (default: the current page).
    #[arg(value_name = "ID")]
    pub id: Option<u32>,
    /// The page id (same as the positional argument).
    #[arg(long = "id", value_name = "ID", conflicts_with = "id")]
    pub id_flag: Option<u32>,
}

#[derive(Debug, Args)]
pub struct NavigateArgs {
    /// The URL to load.
    #[arg(value_name = "URL")]
    pub url: Option<String>,
    /// The URL to load (same as the positional argument).
    #[arg(long = "url", value_name = "URL", conflicts_with = "url")]
    pub url_flag: Option<String>,
    /// The page to navigate (default: the current page).
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
    /// What to wait for before returning.
    #[arg(long, value_enum, value_name = "EVENT")]
    pub wait_until: Option<WaitUntilArg>,
}

pub fn invocation(command: &PageCommand) -> Invocation {
    match command {
        PageCommand::Open(args) => Params::default()
            .set("url", args.url.clone().or_else(|| args.url_flag.clone()))
            .flag("background", args.background)
            .set("waitUntil", args.wait_until.map(WaitUntilArg::as_str))
            .remote("page.open"),
        PageCommand::List => Params::default().remote("page.list"),
        PageCommand::Use(args) => Params::default()
            .set("id", args.id.or(args.id_flag))
            .remote("page.use"),
        PageCommand::Close(args) => Params::default()
            .set("id", args.id.or(args.id_flag))
            .remote("page.close"),
        PageCommand::Navigate(args) => Params::default()
            .set("url", args.url.clone().or_else(|| args.url_flag.clone()))
            .set("page", args.page)
            .set("waitUntil", args.wait_until.map(WaitUntilArg::as_str))
            .remote("page.navigate"),
    }
}
