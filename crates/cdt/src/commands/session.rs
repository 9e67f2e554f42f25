//! `cdt session start|status|stop|restart|list`.

use clap::{Args, Subcommand};

use super::{Invocation, Params};

#[derive(Debug, Subcommand)]
pub enum SessionCommand {
    /// Launch this context's browser (or attach to a running one).
    #[command(after_help = "Examples:
  cdt session start
  cdt session start --headed --viewport 1280x800
  cdt session start --browser-url http://127.0.0.1:9222
  cdt session start --chrome-arg=--lang=de --chrome-arg=--force-dark-mode")]
    Start(StartArgs),
    /// Show the broker, this context (and how it was resolved) and its browser.
    #[command(
        after_help = "Examples:\n  cdt session status\n  cdt session status --verbose   # lease, owner, memory"
    )]
    Status,
    /// Stop this context's browser (an attached browser is detached, not killed).
    #[command(
        after_help = "Examples:\n  cdt session stop\n  cdt session stop --context-id ctx_0123456789ab"
    )]
    Stop,
    /// Stop and start again, keeping the previous settings unless flags change them.
    #[command(after_help = "Examples:\n  cdt session restart\n  cdt session restart --headed")]
    Restart(StartArgs),
    /// List every running session of this daemon (operator view).
    #[command(
        after_help = "Examples:\n  cdt session list\n  cdt session list --fields sessions.context,sessions.pages"
    )]
    List,
}

#[derive(Debug, Args)]
pub struct StartArgs {
    /// Run without a window (the default).
    #[arg(long, conflicts_with = "headed")]
    pub headless: bool,
    /// Run with a window (needs a display).
    #[arg(long)]
    pub headed: bool,
    /// Window size, WIDTHxHEIGHT.
    #[arg(long, value_name = "WxH")]
    pub viewport: Option<String>,
    /// Attach to a browser started with --remote-debugging-port (e.g. http://127.0.0.1:9222).
    #[arg(long, value_name = "URL")]
    pub browser_url: Option<String>,
    /// Attach by the browser's WebSocket endpoint (ws://127.0.0.1:9222/devtools/browser/…).
    #[arg(long, value_name = "URL")]
    pub ws_endpoint: Option<String>,
    /// Permit a non-loopback --browser-url/--ws-endpoint (0.0.0.0 is always refused).
    #[arg(long)]
    pub allow_remote: bool,
    /// Extra Chromium argument (repeatable): --chrome-arg=--lang=de
    #[arg(long = "chrome-arg", value_name = "ARG", allow_hyphen_values = true)]
    pub chrome_args: Vec<String>,
    /// Chromium executable (env: CDT_CHROME_PATH).
    #[arg(long, value_name = "PATH")]
    pub chrome_path: Option<String>,
}

impl StartArgs {
    fn params(&self) -> Params {
        let headless = match (self.headless, self.headed) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        };
        Params::default()
            .set("headless", headless)
            .set("viewport", self.viewport.clone())
            .set("browserUrl", self.browser_url.clone())
            .set("wsEndpoint", self.ws_endpoint.clone())
            .flag("allowRemote", self.allow_remote)
            .set(
                "chromeArgs",
                (!self.chrome_args.is_empty()).then(|| self.chrome_args.clone()),
            )
            .set("chromePath", self.chrome_path.clone())
    }
}

pub fn invocation(command: &SessionCommand, verbose: bool) -> Invocation {
    match command {
        SessionCommand::Start(args) => args.params().remote("session.start"),
        SessionCommand::Status => Params::default()
            .flag("verbose", verbose)
            .remote("session.status"),
        SessionCommand::Stop => Params::default().remote("session.stop"),
        SessionCommand::Restart(args) => args.params().remote("session.restart"),
        SessionCommand::List => Params::default().remote("session.list"),
    }
}
