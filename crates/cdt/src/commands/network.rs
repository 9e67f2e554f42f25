//! `cdt network list|get|body|wait|har|clear`.

use clap::{Args, Subcommand};

use super::console::PageArg;
use super::{Invocation, Params};

#[derive(Debug, Subcommand)]
pub enum NetworkCommand {
    /// Requests of a page since its last navigation (iframes and workers included).
    #[command(after_help = "Examples:
  cdt network list
  cdt network list --type xhr,fetch --status 4xx
  cdt network list --method POST --url-includes /api/ --limit 10
  cdt network list --failed --preserved")]
    List(ListArgs),
    /// One request: headers, timing, redirects, failure, body previews.
    #[command(after_help = "Examples:\n  cdt network get 7\n  cdt network get 7 --include-secrets")]
    Get(GetArgs),
    /// The full response (or request) body; base64 for binary.
    #[command(after_help = "Examples:
  cdt network body 7
  cdt network body 7 --file ./response.json
  cdt network body 9 --request")]
    Body(BodyArgs),
    /// Wait for the first new request that matches, once it has finished (or failed).
    #[command(after_help = "Examples:
  cdt network wait --url-includes /api/login --method POST
  cdt network wait --url-includes .json --status 2xx --timeout 5000")]
    Wait(WaitArgs),
    /// Write the page's requests as a HAR 1.2 file.
    #[command(
        after_help = "Examples:\n  cdt network har ./session.har\n  cdt network har /tmp/p2.har --page 2"
    )]
    Har(HarArgs),
    /// Forget recorded requests (of one page, or all).
    #[command(after_help = "Examples:\n  cdt network clear")]
    Clear(PageArg),
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Resource types: document, xhr, fetch, script, stylesheet, image, font, websocket, other, …
    #[arg(long = "type", value_delimiter = ',', value_name = "TYPES")]
    pub types: Vec<String>,
    /// HTTP method.
    #[arg(long)]
    pub method: Option<String>,
    /// Status code (404) or class (4xx).
    #[arg(long)]
    pub status: Option<String>,
    /// Substring of the URL.
    #[arg(long, value_name = "TEXT")]
    pub url_includes: Option<String>,
    /// Only failed requests.
    #[arg(long)]
    pub failed: bool,
    /// At most this many (the newest).
    #[arg(long)]
    pub limit: Option<usize>,
    /// Only requests with a larger id.
    #[arg(long, value_name = "ID")]
    pub since: Option<u64>,
    /// Include requests from before the last navigation.
    #[arg(long)]
    pub preserved: bool,
    /// The page (default: the current page).
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
    /// Show Authorization, Cookie and Set-Cookie values.
    #[arg(long)]
    pub include_secrets: bool,
}

#[derive(Debug, Args)]
pub struct GetArgs {
    /// The request id (from `cdt network list`).
    #[arg(value_name = "ID")]
    pub id: Option<u64>,
    /// Show Authorization, Cookie and Set-Cookie values.
    #[arg(long)]
    pub include_secrets: bool,
}

#[derive(Debug, Args)]
pub struct BodyArgs {
    /// The request id.
    #[arg(value_name = "ID")]
    pub id: Option<u64>,
    /// The request body instead of the response body.
    #[arg(long)]
    pub request: bool,
    /// Write the body to this file instead of printing it.
    #[arg(long, value_name = "PATH")]
    pub file: Option<String>,
}

#[derive(Debug, Args)]
pub struct WaitArgs {
    #[arg(long, value_name = "TEXT")]
    pub url_includes: Option<String>,
    #[arg(long)]
    pub method: Option<String>,
    /// Status code (200) or class (2xx).
    #[arg(long)]
    pub status: Option<String>,
    /// The page (default: any page).
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
}

#[derive(Debug, Args)]
pub struct HarArgs {
    /// Where to write the HAR file.
    #[arg(value_name = "FILE")]
    pub file: Option<String>,
    /// The page (default: the current page).
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
    /// Keep Authorization, Cookie and Set-Cookie values.
    #[arg(long)]
    pub include_secrets: bool,
}

/// The daemon writes files for us, so relative paths are resolved here, in the caller's cwd.
pub fn absolute(path: &Option<String>) -> Option<String> {
    path.as_ref().map(|p| {
        std::path::absolute(p)
            .map(|a| a.display().to_string())
            .unwrap_or_else(|_| p.clone())
    })
}

pub fn invocation(command: &NetworkCommand) -> Invocation {
    match command {
        NetworkCommand::List(args) => Params::default()
            .set(
                "types",
                (!args.types.is_empty()).then(|| args.types.clone()),
            )
            .set("method", args.method.clone())
            .set("status", args.status.clone())
            .set("urlIncludes", args.url_includes.clone())
            .flag("failed", args.failed)
            .set("limit", args.limit)
            .set("since", args.since)
            .flag("preserved", args.preserved)
            .set("page", args.page)
            .flag("includeSecrets", args.include_secrets)
            .remote("network.list"),
        NetworkCommand::Get(args) => Params::default()
            .set("id", args.id)
            .flag("includeSecrets", args.include_secrets)
            .remote("network.get"),
        NetworkCommand::Body(args) => Params::default()
            .set("id", args.id)
            .flag("request", args.request)
            .set("file", absolute(&args.file))
            .remote("network.body"),
        NetworkCommand::Wait(args) => Params::default()
            .set("urlIncludes", args.url_includes.clone())
            .set("method", args.method.clone())
            .set("status", args.status.clone())
            .set("page", args.page)
            .remote("network.wait"),
        NetworkCommand::Har(args) => Params::default()
            .set("file", absolute(&args.file))
            .set("page", args.page)
            .flag("includeSecrets", args.include_secrets)
            .remote("network.har"),
        NetworkCommand::Clear(args) => Params::default()
            .set("page", args.page)
            .remote("network.clear"),
    }
}
