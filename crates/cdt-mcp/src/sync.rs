//! Locking shared by the server's modules.

use std::sync::{Mutex, MutexGuard, PoisonError};

/// Locks a std mutex, recovering from poisoning (a panicked handler must not wedge the server).
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
