//! Advisory lock files (`fs4`): held while the [`LockFile`] lives, released by the kernel when
//! the holder dies, so a crashed daemon never leaves a lock behind.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fs4::{FileExt, TryLockError};

#[derive(Debug)]
pub struct LockFile {
    file: File,
    path: PathBuf,
}

impl LockFile {
    fn open(path: &Path) -> std::io::Result<File> {
        OpenOptions::new()
            .create(true)
            .truncate(false)
            .read(true)
            .write(true)
            .open(path)
    }

    /// Takes the lock without waiting; `Ok(None)` when another holder has it.
    pub fn try_acquire(path: &Path) -> std::io::Result<Option<LockFile>> {
        let file = Self::open(path)?;
        match FileExt::try_lock(&file) {
            Ok(()) => Ok(Some(LockFile {
                file,
                path: path.to_path_buf(),
            })),
            Err(TryLockError::WouldBlock) => Ok(None),
            Err(TryLockError::Error(error)) => Err(error),
        }
    }

    /// Waits for the lock until `deadline`; `Ok(None)` when it is still held then.
    pub fn acquire_until(path: &Path, deadline: Instant) -> std::io::Result<Option<LockFile>> {
        let mut pause = Duration::from_millis(2);
        loop {
            if let Some(lock) = Self::try_acquire(path)? {
                return Ok(Some(lock));
            }
            let now = Instant::now();
            if now >= deadline {
                return Ok(None);
            }
            std::thread::sleep(pause.min(deadline - now));
            pause = (pause * 2).min(Duration::from_millis(25));
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn file(&self) -> &File {
        &self.file
    }
}

impl Drop for LockFile {
    fn drop(&mut self) {
        let _ = FileExt::unlock(&self.file);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn second_holder_is_refused_until_release() {
        let path = std::env::temp_dir().join(format!("cdt-lock-test-{}.lock", std::process::id()));
        let first = LockFile::try_acquire(&path).ok().flatten();
        assert!(first.is_some());
        let second = LockFile::try_acquire(&path).ok().flatten();
        assert!(second.is_none());
        drop(first);
        let third = LockFile::acquire_until(&path, Instant::now() + Duration::from_millis(200))
            .ok()
            .flatten();
        assert!(third.is_some());
    }
}
