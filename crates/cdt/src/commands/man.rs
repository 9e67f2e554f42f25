//! `cdt man`: the manual generated from the clap tree (clap_mangen). Without `--dir` it prints
//! `cdt(1)`; with `--dir` it writes one page per command (`cdt-page-open.1`, …).

use std::path::{Path, PathBuf};

use cdt_domain::{CdtError, ErrorCode};
use clap::Args;
use serde_json::{Value, json};

#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write one page per command into this directory (created if missing).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<String>,
}

fn render(command: &clap::Command) -> Result<String, CdtError> {
    let mut out = Vec::new();
    clap_mangen::Man::new(command.clone())
        .render(&mut out)
        .map_err(|error| {
            CdtError::new(
                ErrorCode::InternalError,
                format!("cannot render the man page: {error}"),
            )
            .hinted("Run: cdt --help")
        })?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// `cdt(1)`, from the command tree `tree` (`cdt`'s).
pub fn page(mut command: clap::Command) -> Result<String, CdtError> {
    command.build();
    render(&command)
}

/// Writes `cdt.1` and a page per subcommand (`cdt-page-open.1`) into `dir`.
pub fn write_pages(dir: &str, mut command: clap::Command) -> Result<Value, CdtError> {
    let dir = PathBuf::from(dir);
    let io_error = |path: &Path, error: std::io::Error| {
        CdtError::new(
            ErrorCode::IoError,
            format!("cannot write {}: {error}", path.display()),
        )
        .hinted("Pass a writable directory, e.g. --dir ./man")
    };
    std::fs::create_dir_all(&dir).map_err(|error| io_error(&dir, error))?;
    command.build();
    let mut written = Vec::new();
    // After `build`, every subcommand's display name is its page name (`cdt-page-open`).
    let mut pending = vec![command];
    while let Some(command) = pending.pop() {
        pending.extend(command.get_subcommands().cloned());
        let name = command
            .get_display_name()
            .unwrap_or_else(|| command.get_name());
        let path = dir.join(format!("{name}.1"));
        std::fs::write(&path, render(&command)?).map_err(|error| io_error(&path, error))?;
        written.push(path);
    }
    written.sort();
    Ok(json!({ "dir": dir, "pages": written }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_roff_naming_the_resources() {
        let tree = clap::Command::new("cdt")
            .subcommand(clap::Command::new("repl"))
            .subcommand(clap::Command::new("doctor"));
        let text = page(tree).unwrap_or_default();
        assert!(
            text.starts_with(".ie") || text.contains(".TH cdt"),
            "{}",
            &text[..80.min(text.len())]
        );
        assert!(text.contains("repl") && text.contains("doctor"));
    }
}
