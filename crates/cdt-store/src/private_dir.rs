//! Directories private to the user: created 0700, and refused when they are a symlink, owned by
//! someone else, or open to group/other.

use std::fs;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
use std::path::Path;

use cdt_domain::{CdtError, ErrorCode};

/// The effective uid of this process.
#[allow(unsafe_code)]
pub fn current_uid() -> u32 {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() }
}

/// Creates `dir` (and parents) with mode 0700 if missing, then checks it is safe to use.
pub fn ensure_private_dir(dir: &Path) -> Result<(), CdtError> {
    if fs::symlink_metadata(dir).is_err() {
        fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .map_err(|error| {
                CdtError::new(
                    ErrorCode::ValidationError,
                    format!("cannot create {}: {error}", dir.display()),
                )
                .hinted("Set CDT_HOME to a writable directory, e.g. CDT_HOME=/tmp/cdt")
            })?;
    }
    check_private_dir(dir)
}

/// Checks an existing directory without changing it.
pub fn check_private_dir(dir: &Path) -> Result<(), CdtError> {
    let refuse = |why: String| {
        CdtError::new(
            ErrorCode::SecurityBlocked,
            format!("refusing {}: {why}", dir.display()),
        )
        .with_details(serde_json::json!({ "path": dir }))
        .hinted(format!(
            "Fix it: chmod 700 {} (and make sure you own it), or set CDT_HOME to another directory",
            dir.display()
        ))
    };
    let metadata =
        fs::symlink_metadata(dir).map_err(|error| refuse(format!("cannot read it: {error}")))?;
    if metadata.file_type().is_symlink() {
        return Err(refuse("it is a symbolic link".into()));
    }
    if !metadata.is_dir() {
        return Err(refuse("it is not a directory".into()));
    }
    if metadata.uid() != current_uid() {
        return Err(refuse(format!(
            "it is owned by uid {}, not {}",
            metadata.uid(),
            current_uid()
        )));
    }
    let mode = metadata.permissions().mode() & 0o777;
    if mode & 0o077 != 0 {
        return Err(refuse(format!(
            "its mode is {mode:o}; group and others must have no access"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("cdt-store-test-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn creates_with_0700() {
        let dir = scratch("create").join("broker");
        assert!(ensure_private_dir(&dir).is_ok());
        let mode = fs::metadata(&dir)
            .map(|m| m.permissions().mode() & 0o777)
            .unwrap_or(0);
        assert_eq!(mode, 0o700);
        let _ = fs::remove_dir_all(scratch("create"));
    }

    #[test]
    fn refuses_group_readable_dir() {
        let dir = scratch("perm");
        let _ = fs::create_dir_all(&dir);
        let _ = fs::set_permissions(&dir, fs::Permissions::from_mode(0o755));
        let error = ensure_private_dir(&dir).err();
        assert_eq!(error.map(|e| e.code), Some(ErrorCode::SecurityBlocked));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn refuses_symlink() {
        let base = scratch("link");
        let real = base.join("real");
        let _ = fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(&real);
        let link = base.join("link");
        let _ = std::os::unix::fs::symlink(&real, &link);
        let error = ensure_private_dir(&link).err();
        assert_eq!(error.map(|e| e.code), Some(ErrorCode::SecurityBlocked));
        let _ = fs::remove_dir_all(&base);
    }
}
