//! Atomic file writes: a reader sees the old file or the new one, never half of either.
//!
//! The temporary file lives next to the target (same directory, so the rename is atomic), has
//! an unpredictable name, and is created exclusively without following a symlink
//! (`O_CREAT|O_EXCL|O_NOFOLLOW`, mode 0600): a file or link planted in that directory — which
//! may be a shared one like `/tmp` when the caller named the path — can never be written
//! through. This module must never open a temporary file any other way.

use std::fs::{self, File, OpenOptions};
use std::hash::{BuildHasher, RandomState};
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// How many fresh names are tried when one is taken (each is 64 random bits).
const ATTEMPTS: usize = 16;

/// An unpredictable name: `RandomState` is seeded from the OS's randomness.
fn random_suffix() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    RandomState::new().hash_one((
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed),
        nanos,
    ))
}

/// Creates `path` exclusively: fails if anything (a file, a symlink, even a dangling one)
/// is already there; never follows a link.
fn create_exclusive(path: &Path) -> std::io::Result<File> {
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(path)
}

/// A fresh temporary file next to `path`.
fn create_temp(path: &Path) -> std::io::Result<(PathBuf, File)> {
    let dir = path
        .parent()
        .ok_or_else(|| std::io::Error::other("path has no parent directory"))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut last = None;
    for _ in 0..ATTEMPTS {
        let temp = dir.join(format!(".{name}.tmp-{:016x}", random_suffix()));
        match create_exclusive(&temp) {
            Ok(file) => return Ok((temp, file)),
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => last = Some(error),
            Err(error) => return Err(error),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free temporary name")))
}

/// Writes `bytes` to a new temporary file in the same directory, syncs it, and renames it over
/// `path` (a symlink at `path` itself is replaced, not followed).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let (temp, mut file) = create_temp(path)?;
    let result = (|| {
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

/// Whether `name` is one [`write_atomic`] gives its temporary files (`.name.tmp-<16 hex>`).
fn is_temporary(name: &str) -> bool {
    name.starts_with('.')
        && name.rsplit_once(".tmp-").is_some_and(|(_, suffix)| {
            suffix.len() == 16 && suffix.bytes().all(|b| b.is_ascii_hexdigit())
        })
}

/// Removes the temporary files of writes that never finished (their process was killed between
/// creating and renaming one) under `dir`, not entering directories named in `skip`. For a
/// directory only one process writes to, called by that process before it writes anything.
/// Returns how many it removed.
pub fn remove_unfinished_writes(dir: &Path, skip: &[&str]) -> usize {
    let mut removed = 0;
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() && !skip.contains(&name.as_str()) {
                pending.push(entry.path());
            } else if kind.is_file() && is_temporary(&name) && fs::remove_file(entry.path()).is_ok()
            {
                removed += 1;
            }
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cdt-atomic-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let _ = fs::create_dir_all(&dir);
        dir
    }

    #[test]
    fn replaces_whole_file_and_leaves_no_temp() {
        let dir = scratch("replace");
        let path = dir.join("state.json");
        assert!(write_atomic(&path, b"{\"a\":1}").is_ok());
        assert!(write_atomic(&path, b"{\"a\":2}").is_ok());
        assert_eq!(fs::read_to_string(&path).ok().as_deref(), Some("{\"a\":2}"));
        let leftovers = fs::read_dir(&dir).map(|d| d.count()).unwrap_or(0);
        assert_eq!(leftovers, 1);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn regression_temp_file_never_follows_a_planted_symlink() {
        let dir = scratch("planted");
        let victim = dir.join("victim");
        assert!(fs::write(&victim, b"untouched").is_ok());
        // Links at every name the old scheme (`.name.tmp-<pid>-<counter>`) would have used.
        let pid = std::process::id();
        for counter in 0..200 {
            let link = dir.join(format!(".state.json.tmp-{pid}-{counter}"));
            assert!(std::os::unix::fs::symlink(&victim, link).is_ok());
        }
        let path = dir.join("state.json");
        assert!(write_atomic(&path, b"new").is_ok());
        assert_eq!(fs::read(&victim).ok().as_deref(), Some(&b"untouched"[..]));
        assert_eq!(fs::read(&path).ok().as_deref(), Some(&b"new"[..]));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn exclusive_creation_refuses_links_and_existing_files() {
        let dir = scratch("exclusive");
        let victim = dir.join("victim");
        assert!(fs::write(&victim, b"untouched").is_ok());
        let link = dir.join("link");
        assert!(std::os::unix::fs::symlink(&victim, &link).is_ok());
        let dangling = dir.join("dangling");
        assert!(std::os::unix::fs::symlink(dir.join("nowhere"), &dangling).is_ok());
        for path in [&link, &dangling, &victim] {
            assert!(create_exclusive(path).is_err(), "{}", path.display());
        }
        assert!(
            !dir.join("nowhere").exists(),
            "a dangling link was not followed"
        );
        assert_eq!(fs::read(&victim).ok().as_deref(), Some(&b"untouched"[..]));
        let made = create_exclusive(&dir.join("fresh"));
        let mode = made
            .ok()
            .and_then(|f| f.metadata().ok())
            .map(|m| std::os::unix::fs::PermissionsExt::mode(&m.permissions()) & 0o777);
        assert_eq!(mode, Some(0o600));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn unfinished_writes_are_removed_and_nothing_else() {
        let dir = scratch("unfinished");
        let nested = dir.join("contexts").join("abc");
        let profile = nested.join("chrome-profile");
        let downloads = nested.join("downloads");
        assert!(fs::create_dir_all(&profile).is_ok());
        assert!(fs::create_dir_all(&downloads).is_ok());
        let (left, file) = create_temp(&nested.join("state.json")).expect("a temporary file");
        drop(file);
        let kept = [
            nested.join("state.json"),
            nested.join(".state.json.tmp-notours"),
            nested.join("notes.tmp-0123456789abcdef"),
            profile.join(".Preferences.tmp-0123456789abcdef"),
            downloads.join(".report.tmp-0123456789abcdef"),
        ];
        for path in &kept {
            assert!(fs::write(path, b"{}").is_ok());
        }
        assert_eq!(
            remove_unfinished_writes(&dir, &["chrome-profile", "downloads"]),
            1
        );
        assert!(!left.exists());
        for path in &kept {
            assert!(path.exists(), "{}", path.display());
        }
        let _ = fs::remove_dir_all(&dir);
    }
}
