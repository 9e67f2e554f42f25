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
    #[command(after_help = "Examples:\n  cdt page use 2\n  cdt page use --page 2")]
    Use(UseArgs),
    /// Close a page (default: the current one).
    #[command(after_help = "Examples:\n  cdt page close\n  cdt page close 3")]
    Close(CloseArgs),
    /// Go back one entry in the page's history.
    #[command(
        after_help = "Examples:\n  cdt page back\n  cdt page back --wait-until domcontentloaded"
    )]
    Back(HistoryArgs),
    /// Go forward one entry in the page's history.
    #[command(after_help = "Examples:\n  cdt page forward")]
    Forward(HistoryArgs),
    /// Reload the page.
    #[command(after_help = "Examples:\n  cdt page reload\n  cdt page reload --ignore-cache")]
    Reload(ReloadArgs),
    /// Set the page's viewport size in CSS pixels.
    #[command(after_help = "Examples:\n  cdt page resize 1280 800")]
    Resize(ResizeArgs),
    /// Wait until any of the texts appears on the page.
    #[command(
        name = "wait-text",
        after_help = "Examples:\n  cdt page wait-text 'Welcome'\n  cdt page wait-text 'Signed in' 'Wrong password' --timeout 5000"
    )]
    WaitText(WaitTextArgs),
    /// Wait until a CSS selector is visible (or hidden, or attached).
    #[command(
        name = "wait-selector",
        after_help = "Examples:\n  cdt page wait-selector '#results li'\n  cdt page wait-selector .spinner --state hidden"
    )]
    WaitSelector(WaitSelectorArgs),
    /// Wait until the whole URL matches a glob (or a regular expression with --regex).
    #[command(
        name = "wait-url",
        after_help = "Examples:\n  cdt page wait-url '*/dashboard*'\n  cdt page wait-url 'https://example.com/step-?'\n  cdt page wait-url --regex 'step-[0-9]+$'"
    )]
    WaitUrl(WaitUrlArgs),
    /// Wait until the page's network has been quiet for a while.
    #[command(
        name = "wait-idle",
        after_help = "Examples:\n  cdt page wait-idle\n  cdt page wait-idle --idle-ms 1000"
    )]
    WaitIdle(WaitIdleArgs),
    /// The readable text of the page, or of one element.
    #[command(
        after_help = "Examples:\n  cdt page text\n  cdt page text --uid e40\n  cdt page text --selector main --output text"
    )]
    Text(ReadArgs),
    /// The HTML of the page, or of one element.
    #[command(after_help = "Examples:\n  cdt page html --selector form")]
    Html(ReadArgs),
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
    #[command(flatten)]
    pub init: InitScriptArgs,
}

/// `--init-script <file|js>` and `--persist`, shared by open and navigate.
#[derive(Debug, Args)]
pub struct InitScriptArgs {
    /// JavaScript (or a file of it) run before any page script, in every frame of the loaded
    /// document.
    #[arg(long, value_name = "FILE|JS", value_parser = init_script)]
    pub init_script: Option<String>,
    /// Keep the init script for the page's later documents too.
    #[arg(long, requires = "init_script")]
    pub persist: bool,
}

/// The script itself: the file's content when the argument names a file, else the text.
fn init_script(text: &str) -> Result<String, String> {
    let path = std::path::Path::new(text);
    let looks_like_path =
        !text.contains(['(', ';', '=', '{', '\n']) && (text.ends_with(".js") || text.contains('/'));
    if path.is_file() {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {text}: {e}"))
    } else if looks_like_path && !text.contains(' ') {
        Err(format!(
            "{text} is not a readable file (pass inline JS, e.g. --init-script 'window.__x = 1')"
        ))
    } else {
        Ok(text.to_string())
    }
}

#[derive(Debug, Args)]
pub struct UseArgs {
    /// The page id.
    #[arg(value_name = "ID")]
    pub id: Option<u32>,
    /// The page id (same as the positional argument).
    #[arg(
        long = "id",
        visible_alias = "page",
        value_name = "ID",
        conflicts_with = "id"
    )]
    pub id_flag: Option<u32>,
}

#[derive(Debug, Args)]
pub struct CloseArgs {
    /// The page id (default: the current page).
    #[arg(value_name = "ID")]
    pub id: Option<u32>,
    /// The page id (same as the positional argument).
    #[arg(
        long = "id",
        visible_alias = "page",
        value_name = "ID",
        conflicts_with = "id"
    )]
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
    #[command(flatten)]
    pub init: InitScriptArgs,
}

#[derive(Debug, Args)]
pub struct HistoryArgs {
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
    #[arg(long, value_enum, value_name = "EVENT")]
    pub wait_until: Option<WaitUntilArg>,
}

#[derive(Debug, Args)]
pub struct ReloadArgs {
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
    /// Bypass the cache.
    #[arg(long)]
    pub ignore_cache: bool,
    #[arg(long, value_enum, value_name = "EVENT")]
    pub wait_until: Option<WaitUntilArg>,
}

#[derive(Debug, Args)]
pub struct ResizeArgs {
    #[arg(value_name = "WIDTH")]
    pub width: Option<u32>,
    #[arg(value_name = "HEIGHT")]
    pub height: Option<u32>,
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
}

#[derive(Debug, Args)]
pub struct WaitTextArgs {
    /// Texts to wait for (any of them).
    #[arg(value_name = "TEXT")]
    pub texts: Vec<String>,
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
}

#[derive(Debug, Args)]
pub struct WaitSelectorArgs {
    #[arg(value_name = "CSS")]
    pub selector: Option<String>,
    /// visible (default), hidden or attached.
    #[arg(long)]
    pub state: Option<String>,
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
}

#[derive(Debug, Args)]
pub struct WaitUrlArgs {
    /// A glob matched against the whole URL (`*` any run of characters, `?` one character).
    #[arg(value_name = "PATTERN")]
    pub pattern: Option<String>,
    /// Treat PATTERN as a regular expression searched for in the URL.
    #[arg(long)]
    pub regex: bool,
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
}

#[derive(Debug, Args)]
pub struct WaitIdleArgs {
    /// How long the network must stay quiet (ms, default 500).
    #[arg(long, value_name = "MS")]
    pub idle_ms: Option<u64>,
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
}

#[derive(Debug, Args)]
pub struct ReadArgs {
    /// Only this element.
    #[arg(long, value_name = "UID")]
    pub uid: Option<String>,
    /// Only the element matching this CSS selector.
    #[arg(long, value_name = "CSS")]
    pub selector: Option<String>,
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
}

pub fn invocation(command: &PageCommand) -> Invocation {
    match command {
        PageCommand::Back(args) => Params::default()
            .set("page", args.page)
            .set("waitUntil", args.wait_until.map(WaitUntilArg::as_str))
            .remote("page.back"),
        PageCommand::Forward(args) => Params::default()
            .set("page", args.page)
            .set("waitUntil", args.wait_until.map(WaitUntilArg::as_str))
            .remote("page.forward"),
        PageCommand::Reload(args) => Params::default()
            .set("page", args.page)
            .flag("ignoreCache", args.ignore_cache)
            .set("waitUntil", args.wait_until.map(WaitUntilArg::as_str))
            .remote("page.reload"),
        PageCommand::Resize(args) => Params::default()
            .set("width", args.width)
            .set("height", args.height)
            .set("page", args.page)
            .remote("page.resize"),
        PageCommand::WaitText(args) => Params::default()
            .set(
                "texts",
                (!args.texts.is_empty()).then(|| args.texts.clone()),
            )
            .set("page", args.page)
            .remote("page.wait-text"),
        PageCommand::WaitSelector(args) => Params::default()
            .set("selector", args.selector.clone())
            .set("state", args.state.clone())
            .set("page", args.page)
            .remote("page.wait-selector"),
        PageCommand::WaitUrl(args) => Params::default()
            .set("pattern", args.pattern.clone())
            .flag("regex", args.regex)
            .set("page", args.page)
            .remote("page.wait-url"),
        PageCommand::WaitIdle(args) => Params::default()
            .set("idleMs", args.idle_ms)
            .set("page", args.page)
            .remote("page.wait-idle"),
        PageCommand::Text(args) => Params::default()
            .set("uid", args.uid.clone())
            .set("selector", args.selector.clone())
            .set("page", args.page)
            .remote("page.text"),
        PageCommand::Html(args) => Params::default()
            .set("uid", args.uid.clone())
            .set("selector", args.selector.clone())
            .set("page", args.page)
            .remote("page.html"),
        PageCommand::Open(args) => Params::default()
            .set("url", args.url.clone().or_else(|| args.url_flag.clone()))
            .flag("background", args.background)
            .set("waitUntil", args.wait_until.map(WaitUntilArg::as_str))
            .set("initScript", args.init.init_script.clone())
            .flag("persist", args.init.persist)
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
            .set("initScript", args.init.init_script.clone())
            .flag("persist", args.init.persist)
            .remote("page.navigate"),
    }
}
