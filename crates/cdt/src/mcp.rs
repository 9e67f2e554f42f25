//! `cdt mcp`: this process becomes the `cdt-mcp` server (exec, same pid and parent, so the
//! caller context is the one this `cdt` would have had). The MCP server and its async runtime
//! live in their own binary so that every one-shot `cdt` command stays small and fast.

use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::Command;

use cdt_domain::{CdtError, ErrorCode, env};

use crate::args::GlobalArgs;

/// `cdt mcp`'s own flags: where its observer tools look (seed 002 §8; the environment's
/// CDP_HOST, CDP_PORT, … are read by the server itself).
#[derive(Clone, Debug, Default, clap::Args)]
pub struct McpArgs {
    /// The debugging host of the browser the cdp_* tools observe (env: CDP_HOST, default
    /// 127.0.0.1).
    #[arg(long, value_name = "HOST")]
    pub host: Option<String>,
    /// Its debugging port (env: CDP_PORT, default 9222).
    #[arg(long, value_name = "PORT")]
    pub port: Option<u16>,
    /// Events kept per observed target (env: DEFAULT_BUFFER_SIZE, default 10000).
    #[arg(long, value_name = "N")]
    pub buffer_size: Option<usize>,
    /// A target's events go when none came for this long (env: DEFAULT_TTL_SEC, default 3600).
    #[arg(long, value_name = "SECONDS")]
    pub ttl_sec: Option<u64>,
    /// The tools it lists: devtools, observer, cdt (any operation by name), ops (every
    /// operation as its own tool), all, or default = devtools,observer,cdt (env: CDT_MCP_TOOLS).
    #[arg(long, value_name = "LIST")]
    pub tools: Option<String>,
    /// Permit a non-loopback browser (env: CDP_SECURITY_LOCALONLY=false); 0.0.0.0 is always
    /// refused.
    #[arg(long)]
    pub no_localonly: bool,
}

fn executable() -> PathBuf {
    if let Some(path) = std::env::var_os(env::CDT_MCP_PATH).filter(|v| !v.is_empty()) {
        return PathBuf::from(path);
    }
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join("cdt-mcp")))
        .filter(|path| path.is_file())
        .unwrap_or_else(|| PathBuf::from("cdt-mcp"))
}

/// Replaces this process with the MCP server; returns only the reason it could not.
pub fn exec(global: &GlobalArgs, args: &McpArgs) -> CdtError {
    let path = executable();
    let mut command = Command::new(&path);
    let flags = [
        ("--host", args.host.clone()),
        ("--port", args.port.map(|p| p.to_string())),
        ("--buffer-size", args.buffer_size.map(|n| n.to_string())),
        ("--ttl-sec", args.ttl_sec.map(|n| n.to_string())),
        ("--tools", args.tools.clone()),
    ];
    for (flag, value) in flags {
        if let Some(value) = value {
            command.arg(flag).arg(value);
        }
    }
    if args.no_localonly {
        command.arg("--no-localonly");
    }
    if let Some(group) = &global.share_group {
        command.arg("--share-group").arg(group);
    }
    if let Some(context) = &global.context_id {
        command.arg("--context-id").arg(context);
    }
    let error = command.exec();
    CdtError::new(
        ErrorCode::IoError,
        format!("cannot start the MCP server {}: {error}", path.display()),
    )
    .hinted("Build it next to cdt: cargo build --release -p cdt-mcp")
    .hinted(format!(
        "Or point at it: {}=/path/to/cdt-mcp cdt mcp",
        env::CDT_MCP_PATH
    ))
}
