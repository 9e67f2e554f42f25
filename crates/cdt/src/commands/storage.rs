//! `cdt storage cookies|local|session|save|load`: the context's cookies and Web Storage, and a
//! state file to reuse a logged-in state in another context (SPEC §6.10).

use clap::{Args, Subcommand, ValueEnum};

use super::network::absolute;
use super::{Invocation, Params};

#[derive(Debug, Subcommand)]
pub enum StorageCommand {
    /// The context's cookies.
    #[command(subcommand)]
    Cookies(CookiesCommand),
    /// An origin's localStorage (a frame of it must be open in the page).
    #[command(subcommand)]
    Local(WebStorageCommand),
    /// An origin's sessionStorage in the page (per tab).
    #[command(subcommand)]
    Session(WebStorageCommand),
    /// Write cookies and every open origin's local and session storage to a file (mode 0600:
    /// it holds secrets).
    #[command(after_help = "Examples:
  cdt storage save ~/state.json
  CDT_CONTEXT_ID=other cdt storage load ~/state.json")]
    Save(FileArgs),
    /// Load a file written by `storage save` into this context: cookies, local storage of each
    /// origin, and session storage of origins the page shows. Refuses a file other users can
    /// write, and symbolic links.
    #[command(after_help = "Examples:
  cdt storage load ~/state.json
  cdt storage load /tmp/state.json --page 2")]
    Load(FileArgs),
}

#[derive(Debug, Subcommand)]
pub enum CookiesCommand {
    /// List cookies (values included: they are secrets, handle the output with care).
    #[command(
        after_help = "Examples:\n  cdt storage cookies list\n  cdt storage cookies list --domain example.com --name session"
    )]
    List(CookieFilterArgs),
    /// Set a cookie.
    #[command(after_help = "Examples:
  cdt storage cookies set session abc123 --url http://127.0.0.1:8080/
  cdt storage cookies set theme dark --domain example.com --path / --same-site lax --expires 1893456000")]
    Set(CookieSetArgs),
    /// Delete cookies: all, or those matching --domain / --name.
    #[command(
        after_help = "Examples:\n  cdt storage cookies clear\n  cdt storage cookies clear --domain example.com"
    )]
    Clear(CookieFilterArgs),
}

#[derive(Debug, Args)]
pub struct CookieFilterArgs {
    /// Only cookies whose domain is this or a subdomain of it.
    #[arg(long, value_name = "DOMAIN")]
    pub domain: Option<String>,
    /// Only cookies with this name.
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SameSiteArg {
    Strict,
    Lax,
    None,
}

#[derive(Debug, Args)]
pub struct CookieSetArgs {
    #[arg(value_name = "NAME")]
    pub name: Option<String>,
    #[arg(value_name = "VALUE")]
    pub value: Option<String>,
    /// The URL the cookie belongs to (sets domain, and secure for https).
    #[arg(long, value_name = "URL")]
    pub url: Option<String>,
    #[arg(long, value_name = "DOMAIN")]
    pub domain: Option<String>,
    #[arg(long, value_name = "PATH")]
    pub path: Option<String>,
    #[arg(long)]
    pub secure: bool,
    #[arg(long)]
    pub http_only: bool,
    #[arg(long, value_enum)]
    pub same_site: Option<SameSiteArg>,
    /// Expiry in seconds since the Unix epoch (default: session cookie).
    #[arg(long, value_name = "SECS")]
    pub expires: Option<f64>,
}

#[derive(Debug, Subcommand)]
pub enum WebStorageCommand {
    /// All items, or one key's value.
    #[command(
        after_help = "Examples:\n  cdt storage local get\n  cdt storage local get token --origin http://127.0.0.1:8080"
    )]
    Get(KeyArgs),
    /// Set one item.
    #[command(
        after_help = "Examples:\n  cdt storage local set token abc123\n  cdt storage session set step 2 --page 2"
    )]
    Set(KeyValueArgs),
    /// Remove one key, or every item.
    #[command(
        after_help = "Examples:\n  cdt storage local clear\n  cdt storage session clear step"
    )]
    Clear(KeyArgs),
}

#[derive(Debug, Args)]
pub struct Where {
    /// The origin (default: the page's own), e.g. http://127.0.0.1:8080.
    #[arg(long, value_name = "ORIGIN")]
    pub origin: Option<String>,
    /// The page (default: the current page).
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
}

#[derive(Debug, Args)]
pub struct KeyArgs {
    #[arg(value_name = "KEY")]
    pub key: Option<String>,
    #[command(flatten)]
    pub at: Where,
}

#[derive(Debug, Args)]
pub struct KeyValueArgs {
    #[arg(value_name = "KEY")]
    pub key: Option<String>,
    #[arg(value_name = "VALUE")]
    pub value: Option<String>,
    #[command(flatten)]
    pub at: Where,
}

#[derive(Debug, Args)]
pub struct FileArgs {
    /// The state file.
    #[arg(value_name = "FILE")]
    pub file: Option<String>,
    /// load: the page that receives session storage (default: the current page).
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
}

fn web(command: &WebStorageCommand, area: &str) -> Invocation {
    let (op, key, value, at) = match command {
        WebStorageCommand::Get(args) => ("get", &args.key, &None, &args.at),
        WebStorageCommand::Set(args) => ("set", &args.key, &args.value, &args.at),
        WebStorageCommand::Clear(args) => ("clear", &args.key, &None, &args.at),
    };
    let name = match (area, op) {
        ("local", "get") => "storage.local.get",
        ("local", "set") => "storage.local.set",
        ("local", _) => "storage.local.clear",
        (_, "get") => "storage.session.get",
        (_, "set") => "storage.session.set",
        _ => "storage.session.clear",
    };
    Params::default()
        .set("key", key.clone())
        .set("value", value.clone())
        .set("origin", at.origin.clone())
        .set("page", at.page)
        .remote(name)
}

pub fn invocation(command: &StorageCommand) -> Invocation {
    match command {
        StorageCommand::Cookies(CookiesCommand::List(args)) => Params::default()
            .set("domain", args.domain.clone())
            .set("name", args.name.clone())
            .remote("storage.cookies.list"),
        StorageCommand::Cookies(CookiesCommand::Clear(args)) => Params::default()
            .set("domain", args.domain.clone())
            .set("name", args.name.clone())
            .remote("storage.cookies.clear"),
        StorageCommand::Cookies(CookiesCommand::Set(args)) => Params::default()
            .set("name", args.name.clone())
            .set("value", args.value.clone())
            .set("url", args.url.clone())
            .set("domain", args.domain.clone())
            .set("path", args.path.clone())
            .flag("secure", args.secure)
            .flag("httpOnly", args.http_only)
            .set(
                "sameSite",
                args.same_site.map(|s| match s {
                    SameSiteArg::Strict => "Strict",
                    SameSiteArg::Lax => "Lax",
                    SameSiteArg::None => "None",
                }),
            )
            .set("expires", args.expires)
            .remote("storage.cookies.set"),
        StorageCommand::Local(command) => web(command, "local"),
        StorageCommand::Session(command) => web(command, "session"),
        StorageCommand::Save(args) => Params::default()
            .set("file", absolute(&args.file))
            .remote("storage.save"),
        StorageCommand::Load(args) => Params::default()
            .set("file", absolute(&args.file))
            .set("page", args.page)
            .remote("storage.load"),
    }
}
