//! Paths the caller names for cdt to write (`--file`, HAR, PDF): checked the same way
//! everywhere. A leaf: use cases share it without importing each other.

use std::path::{Path, PathBuf};

use cdt_domain::CdtError;

/// The path, when absolute: the daemon's working directory is not the caller's, so a relative
/// path would land somewhere unexpected (the CLI makes its paths absolute before sending).
pub fn absolute<'a>(path: &'a str, flag: &str) -> Result<&'a Path, CdtError> {
    let path = Path::new(path);
    if path.is_absolute() {
        Ok(path)
    } else {
        Err(
            CdtError::validation(format!("{flag} must be an absolute path"))
                .hinted(format!("Use e.g. {flag} /tmp/out")),
        )
    }
}

/// [`absolute`] for a path the caller may leave out.
pub fn absolute_if_given(path: Option<&String>, flag: &str) -> Result<Option<PathBuf>, CdtError> {
    path.map(|path| absolute(path, flag).map(Path::to_path_buf))
        .transpose()
}
