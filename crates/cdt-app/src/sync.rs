//! Locking shared by every module: a leaf, so anything may use it.

use std::sync::{Mutex, MutexGuard, PoisonError};

/// Locks a std mutex, recovering from poisoning (a panicked request must not wedge a slot).
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
