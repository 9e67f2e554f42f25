//! `cdt mcp`: this process becomes the `cdt-mcp` server (exec, same pid and parent, so the
//! caller context is the one this `cdt` would have had). The MCP server and its async runtime
//! live in their own binary so that every one-shot `cdt` command stays small and fast.

use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::Command;

use cdt_domain::{CdtError, ErrorCode, env};

use crate::args::GlobalArgs;

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
pub fn exec(global: &GlobalArgs) -> CdtError {
    let path = executable();
    let mut command = Command::new(&path);
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
