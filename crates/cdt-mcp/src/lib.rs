//! `cdt mcp`: cdt as an MCP server over stdio (official Rust SDK, `rmcp`). The tools carry the
//! Chrome DevTools MCP server's names and shapes plus the CDP observer of seed 002, and the
//! resource template `cdp://events/{pageId}`.
//!
//! It is one more client of the cdt daemon, like the CLI: every tool call becomes one
//! operation (see [`tools::TOOLS`]) sent with the caller context collected at start, so the
//! agent that runs `cdt mcp` and its `cdt` commands share one browser. It must never hold
//! browser logic; the daemon does the work. Its runtime starts only here, never on the
//! CLI's one-shot path.

mod daemon;
mod params;
mod resources;
mod result;
mod schema;
mod server;
pub mod tools;

use std::process::ExitCode;

use cdt_domain::CdtError;
use cdt_store::StatePaths;
use rmcp::ServiceExt;

pub use daemon::Daemon;
pub use server::CdtMcp;

/// Who the server acts for: the same overrides the CLI takes.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub share_group: Option<String>,
    pub context_id: Option<String>,
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
    let caller = cdt_client::caller::collect(options.share_group, options.context_id);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| CdtError::internal(format!("cannot start the runtime: {error}")))?;
    runtime.block_on(async move {
        let handler = CdtMcp::new(Daemon::new(paths, caller));
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
    })
}

#[allow(clippy::print_stderr)]
fn report(message: &str) {
    eprintln!("{message}");
}
