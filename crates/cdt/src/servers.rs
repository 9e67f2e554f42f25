//! `cdt mcp` and `cdt http`: this process becomes the `cdt-mcp` or `cdt-http` server (exec,
//! same pid and parent, so the caller context is the one this `cdt` would have had). The
//! servers and their async runtime live in their own binaries so that every one-shot `cdt`
//! command stays small and fast.

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

/// `cdt http`'s own flags (seed 003's API; see docs/http.md).
#[derive(Clone, Debug, Default, clap::Args)]
pub struct HttpArgs {
    /// The port (seed 003's default 8765).
    #[arg(long, value_name = "PORT")]
    pub port: Option<u16>,
    /// The address to listen on: loopback only unless --allow-remote.
    #[arg(long, value_name = "ADDR")]
    pub bind: Option<String>,
    /// Listen beyond loopback (every request still needs the token).
    #[arg(long)]
    pub allow_remote: bool,
    /// Print the bearer token of the server on --port, for scripts, and exit.
    #[arg(long)]
    pub print_token: bool,
}

/// A server cdt becomes.
#[derive(Clone, Copy, Debug)]
pub enum Server {
    Mcp,
    Http,
}

impl Server {
    fn binary(self) -> (&'static str, &'static str) {
        match self {
            Server::Mcp => ("cdt-mcp", env::CDT_MCP_PATH),
            Server::Http => ("cdt-http", env::CDT_HTTP_PATH),
        }
    }

    fn executable(self) -> PathBuf {
        let (name, variable) = self.binary();
        if let Some(path) = std::env::var_os(variable).filter(|v| !v.is_empty()) {
            return PathBuf::from(path);
        }
        std::env::current_exe()
            .ok()
            .and_then(|exe| exe.parent().map(|dir| dir.join(name)))
            .filter(|path| path.is_file())
            .unwrap_or_else(|| PathBuf::from(name))
    }
}

/// The flags `cdt mcp` hands on.
pub fn mcp_flags(args: &McpArgs) -> Vec<String> {
    let mut flags = Vec::new();
    let valued = [
        ("--host", args.host.clone()),
        ("--port", args.port.map(|p| p.to_string())),
        ("--buffer-size", args.buffer_size.map(|n| n.to_string())),
        ("--ttl-sec", args.ttl_sec.map(|n| n.to_string())),
        ("--tools", args.tools.clone()),
    ];
    for (flag, value) in valued {
        if let Some(value) = value {
            flags.extend([flag.to_string(), value]);
        }
    }
    if args.no_localonly {
        flags.push("--no-localonly".into());
    }
    flags
}

/// The flags `cdt http` hands on.
pub fn http_flags(args: &HttpArgs) -> Vec<String> {
    let mut flags = Vec::new();
    if let Some(port) = args.port {
        flags.extend(["--port".to_string(), port.to_string()]);
    }
    if let Some(bind) = &args.bind {
        flags.extend(["--bind".to_string(), bind.clone()]);
    }
    if args.allow_remote {
        flags.push("--allow-remote".into());
    }
    if args.print_token {
        flags.push("--print-token".into());
    }
    flags
}

/// Replaces this process with `server` given `flags` (and the context overrides); returns only
/// the reason it could not.
pub fn exec(server: Server, global: &GlobalArgs, flags: &[String]) -> CdtError {
    let path = server.executable();
    let mut command = Command::new(&path);
    command.args(flags);
    if let Some(group) = &global.share_group {
        command.arg("--share-group").arg(group);
    }
    if let Some(context) = &global.context_id {
        command.arg("--context-id").arg(context);
    }
    let error = command.exec();
    let (name, variable) = server.binary();
    CdtError::new(
        ErrorCode::IoError,
        format!("cannot start the server {}: {error}", path.display()),
    )
    .hinted(format!(
        "Build it next to cdt: cargo build --release -p {name}"
    ))
    .hinted(format!("Or point at it: {variable}=/path/to/{name}"))
}
