//! Small helpers every module of the crate uses: reading a string field of a protocol message
//! and locking the crate's bookkeeping. It depends on nothing else in the crate, so any module
//! may use it without creating an import cycle; it must stay that way.

use std::sync::{Mutex, MutexGuard, PoisonError};

use cdt_domain::ops::op;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::Value;

/// A string field of a protocol message, or `""` when it is missing or not a string.
pub(crate) fn str_field<'a>(value: &'a Value, key: &str) -> &'a str {
    value.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// Locks `mutex`, taking it over even if a panicking task poisoned it: the bookkeeping it
/// guards is only ever replaced whole, and losing it would take the browser down with it.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The error for an event stream that ended while a command waited on it: the browser (or the
/// connection to it) went away.
pub(crate) fn browser_gone() -> CdtError {
    CdtError::new(ErrorCode::CdpDisconnected, "the browser went away").run::<op::SessionRestart>("")
}
