//! Files the parity features write and read on the caller's behalf: trace documents (gzipped
//! when the name ends in `.gz`) and state files holding secrets (mode 0600, never followed
//! through a symlink, refused when another user could have written them).
//!
//! Never log the content of a secrets file.

use std::fs;
use std::io::{Read, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::Path;

use cdt_domain::{CdtError, ErrorCode};
use flate2::Compression;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;

use crate::private_dir::current_uid;

fn io_error(what: &str, path: &Path, error: &std::io::Error) -> CdtError {
    let hint = match error.kind() {
        std::io::ErrorKind::NotFound => format!(
            "Check the path exists: ls -l {}",
            path.parent().unwrap_or(path).display()
        ),
        std::io::ErrorKind::PermissionDenied => {
            format!("Check permissions: ls -l {}", path.display())
        }
        _ => "Check free disk space and the path".to_string(),
    };
    CdtError::new(
        ErrorCode::IoError,
        format!("cannot {what} {}: {error}", path.display()),
    )
    .with_details(serde_json::json!({ "path": path }))
    .hinted(hint)
}

fn is_gzip_name(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("gz"))
}

/// Writes `bytes` to a temp file beside `path` with `mode`, then renames it over `path`.
fn write_with_mode(path: &Path, bytes: &[u8], mode: u32) -> Result<(), CdtError> {
    if fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(CdtError::new(
            ErrorCode::SecurityBlocked,
            format!(
                "refusing to write through the symbolic link {}",
                path.display()
            ),
        )
        .hinted("Name a regular file, e.g. --file /tmp/state.json"));
    }
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = (|| {
        let mut file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(mode)
            .open(&temp)?;
        file.set_permissions(fs::Permissions::from_mode(mode))?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temp, path)
    })();
    written.map_err(|error| {
        let _ = fs::remove_file(&temp);
        io_error("write", path, &error)
    })
}

/// Writes a trace (gzip for `*.gz`); returns the bytes on disk.
pub fn write_trace(path: &Path, json: &[u8]) -> Result<u64, CdtError> {
    let bytes = if is_gzip_name(path) {
        let mut encoder = GzEncoder::new(Vec::with_capacity(json.len() / 8), Compression::fast());
        encoder
            .write_all(json)
            .and_then(|()| encoder.finish())
            .map_err(|error| io_error("compress", path, &error))?
    } else {
        json.to_vec()
    };
    write_with_mode(path, &bytes, 0o600)?;
    Ok(bytes.len() as u64)
}

/// Reads a trace, un-gzipping by content (the gzip magic), not by name.
/// The most a trace may take once read (decompressed): `trace insight` parses it in memory, so
/// a larger file (or a small gzip bomb) is refused instead of taking the daemon down.
pub const MAX_TRACE_BYTES: u64 = 256 * 1024 * 1024;

pub fn read_trace(path: &Path) -> Result<Vec<u8>, CdtError> {
    read_trace_capped(path, MAX_TRACE_BYTES)
}

fn read_trace_capped(path: &Path, cap: u64) -> Result<Vec<u8>, CdtError> {
    let too_large = |what: &str| {
        CdtError::new(
            ErrorCode::ResultTooLarge,
            format!(
                "{} {what} more than {} MiB, the most cdt reads of a trace",
                path.display(),
                cap / (1024 * 1024)
            ),
        )
        .with_details(serde_json::json!({ "path": path, "maxBytes": cap }))
        .hinted("Record a shorter trace: cdt trace start, then cdt trace stop sooner")
    };
    let file = fs::File::open(path).map_err(|error| io_error("read", path, &error))?;
    let mut head = Vec::new();
    let mut reader = file.take(cap + 1);
    reader
        .by_ref()
        .take(2)
        .read_to_end(&mut head)
        .map_err(|error| io_error("read", path, &error))?;
    let mut out = Vec::new();
    if head == [0x1f, 0x8b] {
        let whole = std::io::Cursor::new(head).chain(reader);
        GzDecoder::new(whole)
            .take(cap + 1)
            .read_to_end(&mut out)
            .map_err(|error| io_error("decompress", path, &error))?;
        if out.len() as u64 > cap {
            return Err(too_large("decompresses to"));
        }
        return Ok(out);
    }
    out.extend_from_slice(&head);
    reader
        .read_to_end(&mut out)
        .map_err(|error| io_error("read", path, &error))?;
    if out.len() as u64 > cap {
        return Err(too_large("holds"));
    }
    Ok(out)
}

pub fn write_secret_file(path: &Path, bytes: &[u8]) -> Result<(), CdtError> {
    write_with_mode(path, bytes, 0o600)
}

pub fn read_secret_file(path: &Path) -> Result<Vec<u8>, CdtError> {
    let refuse = |why: String, fix: String| {
        CdtError::new(
            ErrorCode::SecurityBlocked,
            format!("refusing {}: {why}", path.display()),
        )
        .with_details(serde_json::json!({ "path": path }))
        .hinted(fix)
    };
    let metadata = fs::symlink_metadata(path).map_err(|error| io_error("read", path, &error))?;
    if metadata.file_type().is_symlink() {
        return Err(refuse(
            "it is a symbolic link".into(),
            "Pass the real file's path (readlink -f <file>)".into(),
        ));
    }
    if !metadata.is_file() {
        return Err(
            CdtError::validation(format!("{} is not a file", path.display()))
                .hinted("Pass the file written by: cdt storage save <file>"),
        );
    }
    if metadata.uid() != current_uid() {
        return Err(refuse(
            format!(
                "it is owned by uid {}, not {}",
                metadata.uid(),
                current_uid()
            ),
            format!(
                "Copy it to a file you own: cp {0} ~/state.json && chmod 600 ~/state.json",
                path.display()
            ),
        ));
    }
    let mode = metadata.permissions().mode() & 0o777;
    if mode & 0o022 != 0 {
        return Err(refuse(
            format!(
                "its mode is {mode:o}; group or others may write it, so its cookies cannot be trusted"
            ),
            format!("Run: chmod 600 {}", path.display()),
        ));
    }
    // Opened without following a symlink swapped in after the check.
    let mut file = fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW)
        .open(path)
        .map_err(|error| io_error("read", path, &error))?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)
        .map_err(|error| io_error("read", path, &error))?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("cdt-files-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let _ = fs::create_dir_all(&dir);
        dir
    }

    #[test]
    fn traces_round_trip_plain_and_gzipped() {
        let dir = scratch("trace");
        let json = br#"{"traceEvents":[],"metadata":{}}"#;
        for name in ["t.json", "t.json.gz"] {
            let path = dir.join(name);
            let written = write_trace(&path, json).unwrap_or(0);
            assert!(written > 0);
            assert_eq!(read_trace(&path).unwrap_or_default(), json);
        }
        let raw = fs::read(dir.join("t.json.gz")).unwrap_or_default();
        assert!(raw.starts_with(&[0x1f, 0x8b]));
    }

    #[test]
    fn secret_files_are_private_and_refused_when_writable_by_others() {
        let dir = scratch("secret");
        let path = dir.join("state.json");
        assert!(write_secret_file(&path, b"{}").is_ok());
        let mode = fs::metadata(&path)
            .map(|m| m.permissions().mode() & 0o777)
            .unwrap_or(0);
        assert_eq!(mode, 0o600);
        assert!(read_secret_file(&path).is_ok());
        let _ = fs::set_permissions(&path, fs::Permissions::from_mode(0o666));
        let refused = read_secret_file(&path).err().map(|e| e.code);
        assert_eq!(refused, Some(ErrorCode::SecurityBlocked));
        let link = dir.join("link.json");
        let _ = std::os::unix::fs::symlink(&path, &link);
        assert_eq!(
            read_secret_file(&link).err().map(|e| e.code),
            Some(ErrorCode::SecurityBlocked)
        );
        assert!(write_secret_file(&link, b"{}").is_err());
        assert_eq!(
            read_secret_file(&dir.join("missing.json"))
                .err()
                .map(|e| e.code),
            Some(ErrorCode::IoError)
        );
    }

    #[test]
    fn a_trace_past_the_cap_is_refused_gzip_bomb_or_not() {
        let dir = std::env::temp_dir().join(format!("cdt-trace-cap-{}", std::process::id()));
        let _ = fs::create_dir_all(&dir);
        // 4 MiB of zeros compress to a few KiB: a small bomb against a 1 MiB cap.
        let bomb = dir.join("bomb.json.gz");
        let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
        let _ = encoder.write_all(&vec![b' '; 4 * 1024 * 1024]);
        let compressed = encoder.finish().unwrap_or_default();
        assert!(compressed.len() < 64 * 1024);
        let _ = fs::write(&bomb, &compressed);
        let refused = read_trace_capped(&bomb, 1024 * 1024).err();
        assert_eq!(refused.map(|e| e.code), Some(ErrorCode::ResultTooLarge));
        let plain = dir.join("big.json");
        let _ = fs::write(&plain, vec![b' '; 2 * 1024 * 1024]);
        assert!(read_trace_capped(&plain, 1024 * 1024).is_err());
        // Under the cap both read whole.
        assert_eq!(
            read_trace_capped(&bomb, 8 * 1024 * 1024)
                .map(|b| b.len())
                .ok(),
            Some(4 * 1024 * 1024)
        );
        assert_eq!(
            read_trace_capped(&plain, 8 * 1024 * 1024)
                .map(|b| b.len())
                .ok(),
            Some(2 * 1024 * 1024)
        );
        let _ = fs::remove_dir_all(&dir);
    }
}
