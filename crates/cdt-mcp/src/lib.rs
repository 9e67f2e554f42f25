//! `cdt mcp`: cdt as an MCP server over stdio (official Rust SDK, `rmcp`). The tools carry the
//! Chrome DevTools MCP server's names and shapes plus the CDP observer of seed 002, and the
//! resource template `cdp://events/{pageId}`.
//!
//! It is one more client of the cdt daemon, like the CLI: every tool call becomes one
//! operation (the tools are made from the operation table, see [`tools`]) sent with the caller context collected at start, so the
//! agent that runs `cdt mcp` and its `cdt` commands share one browser. It must never hold
//! browser logic; the daemon does the work. It is its own binary (`cdt mcp` execs it), so the
//! CLI's one-shot path never carries an async runtime.

mod daemon;
pub mod observer;
mod resources;
mod result;
mod schema;
mod server;
mod sync;
pub mod tools;

use std::process::ExitCode;

use cdt_domain::CdtError;
use cdt_store::StatePaths;
use rmcp::ServiceExt;

pub use daemon::Daemon;
pub use server::CdtMcp;

/// Who the server acts for (the same overrides the CLI takes) and the observer's flags.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub share_group: Option<String>,
    pub context_id: Option<String>,
    pub observer: observer::ObserverFlags,
    /// The tool families `tools/list` shows (`--tools`, else `CDT_MCP_TOOLS`, else default).
    pub tools: Option<String>,
}

const USAGE: &str =
    "usage: cdt-mcp [--share-group NAME] [--context-id ID] [--tools LIST] [--host HOST]
               [--port PORT] [--buffer-size N] [--ttl-sec SECONDS] [--no-localonly]
Serves cdt over MCP on stdin/stdout (usually started as `cdt mcp`). --tools (env CDT_MCP_TOOLS):
devtools, observer, cdt, ops, all or default (devtools,observer,cdt). The cdp_* tools observe the
browser at --host/--port (env CDP_HOST, CDP_PORT; see docs/mcp.md).";

fn number<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("{flag} needs a number, not {value:?}\n{USAGE}"))
}

/// Parses the flags (also `--flag=value`).
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut options = Options::default();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) => (flag, Some(value.to_string())),
            None => (arg.as_str(), None),
        };
        match flag {
            "-h" | "--help" => return Err(USAGE.to_string()),
            "--no-localonly" => {
                options.observer.no_localonly = true;
                continue;
            }
            "--share-group" | "--context-id" | "--host" | "--port" | "--buffer-size"
            | "--ttl-sec" | "--tools" => {}
            _ => return Err(format!("unexpected argument {arg:?}\n{USAGE}")),
        }
        let value = inline
            .or_else(|| args.next().cloned())
            .filter(|v| !v.is_empty())
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        match flag {
            "--share-group" => options.share_group = Some(value),
            "--context-id" => options.context_id = Some(value),
            "--tools" => {
                tools::families(&value).map_err(|message| format!("{message}\n{USAGE}"))?;
                options.tools = Some(value);
            }
            "--host" => options.observer.host = Some(value),
            "--port" => options.observer.port = Some(number(flag, &value)?),
            "--buffer-size" => options.observer.buffer_size = Some(number(flag, &value)?),
            _ => options.observer.ttl_sec = Some(number(flag, &value)?),
        }
    }
    Ok(options)
}

/// The `cdt-mcp` binary: arguments, then [`run`].
pub fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match parse_args(&args) {
        Ok(options) => run(options),
        Err(message) => {
            report(&message);
            let help = args.iter().any(|a| a == "-h" || a == "--help");
            ExitCode::from(if help { 0 } else { 2 })
        }
    }
}

/// Serves MCP on stdin/stdout until the client closes stdin. Diagnostics go to stderr.
pub fn run(options: Options) -> ExitCode {
    match serve(options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            report(&format!("cdt mcp: {}: {}", error.code, error.message));
            ExitCode::from(u8::try_from(error.exit_code().as_i32()).unwrap_or(11))
        }
    }
}

fn serve(options: Options) -> Result<(), CdtError> {
    let paths = StatePaths::from_env()?;
    let config = observer::ObserverConfig::new(|name| std::env::var(name).ok(), &options.observer)
        .map_err(|message| {
            CdtError::validation(message).hinted("See the observer's settings in docs/mcp.md")
        })?;
    let list = options
        .tools
        .or_else(|| std::env::var(cdt_domain::env::CDT_MCP_TOOLS).ok())
        .unwrap_or_default();
    let families = tools::families(&list).map_err(|message| {
        CdtError::validation(message).hinted("Use e.g. --tools all, or CDT_MCP_TOOLS=devtools,cdt")
    })?;
    let caller = cdt_client::caller::collect(options.share_group, options.context_id);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| CdtError::internal(format!("cannot start the runtime: {error}")))?;
    let served = runtime.block_on(async move {
        let own = Daemon::new(paths.clone(), caller);
        let handler = CdtMcp::new(
            own.clone(),
            observer::Observer::new(config, own, paths),
            families,
        );
        let service = handler
            .serve(rmcp::transport::io::stdio_pipes())
            .await
            .map_err(|error| {
                CdtError::new(
                    cdt_domain::ErrorCode::ProtocolError,
                    format!("MCP start-up failed: {error}"),
                )
            })?;
        service
            .waiting()
            .await
            .map_err(|error| CdtError::internal(format!("the MCP service failed: {error}")))?;
        Ok(())
    });
    // Calls still waiting on the daemon are not waited for: exiting closes their sockets,
    // which cancels their work in the daemon.
    runtime.shutdown_timeout(std::time::Duration::from_millis(100));
    served
}

#[allow(clippy::print_stderr)]
fn report(message: &str) {
    eprintln!("{message}");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn arguments_name_the_context() {
        let options = parse_args(&args(&["--share-group", "team", "--context-id=ctx_1"]));
        let options = options.unwrap_or_default();
        assert_eq!(options.share_group.as_deref(), Some("team"));
        assert_eq!(options.context_id.as_deref(), Some("ctx_1"));
        assert!(parse_args(&args(&["--share-group"])).is_err());
        let options = parse_args(&args(&[
            "--host",
            "localhost",
            "--port=9333",
            "--no-localonly",
        ]))
        .unwrap_or_default();
        assert_eq!(options.observer.host.as_deref(), Some("localhost"));
        assert_eq!(options.observer.port, Some(9333));
        assert!(options.observer.no_localonly);
        assert!(parse_args(&args(&["--port", "x"])).is_err());
        assert!(parse_args(&args(&["--verbose"])).is_err());
        assert!(parse_args(&[]).is_ok());
    }
}
