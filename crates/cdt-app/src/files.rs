//! Paths the caller names for cdt to read or write (`--file`, HAR, PDF, a route's body, a heap
//! snapshot to compare with): checked, read and reported the same way everywhere, and the MIME
//! type of a file's name. A leaf: use cases share it without importing each other.

use std::path::{Path, PathBuf};

use cdt_domain::{CdtError, ErrorCode};

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

/// An I/O failure as `IO_ERROR`: `what` failed, why, and `hint` on what to check.
pub fn io_error<'a>(what: &'a str, hint: &'a str) -> impl Fn(std::io::Error) -> CdtError + 'a {
    move |error| CdtError::new(ErrorCode::IoError, format!("{what}: {error}")).hinted(hint)
}

/// A file the caller named, read whole; one over `cap` bytes is `RESULT_TOO_LARGE` before
/// anything is read. Blocking: call it off the async threads.
pub fn read_capped(path: &Path, cap: u64, hint: &str) -> Result<Vec<u8>, CdtError> {
    let what = format!("cannot read {}", path.display());
    let size = std::fs::metadata(path)
        .map_err(io_error(&what, hint))?
        .len();
    if size > cap {
        return Err(CdtError::new(
            ErrorCode::ResultTooLarge,
            format!(
                "{} is {size} bytes; at most {cap} are read here",
                path.display()
            ),
        ));
    }
    std::fs::read(path).map_err(io_error(&what, hint))
}

/// The MIME type of a file by its name's extension (`None` when not a known one).
pub fn mime_of(name: &str) -> Option<&'static str> {
    let extension = name.rsplit_once('.')?.1.to_ascii_lowercase();
    Some(match extension.as_str() {
        "json" => "application/json",
        "html" | "htm" => "text/html",
        "txt" => "text/plain",
        "csv" => "text/csv",
        "js" | "mjs" => "text/javascript",
        "css" => "text/css",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "pdf" => "application/pdf",
        "zip" => "application/zip",
        "xlsx" => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "docx" => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        _ => return None,
    })
}
