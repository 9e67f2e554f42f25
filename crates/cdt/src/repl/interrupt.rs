//! Ctrl-C while a command runs cancels that command and returns to the prompt; it does not
//! end the REPL. (At the prompt the line editor reads Ctrl-C as a key and clears the line.)
//!
//! The handler only stores a flag and shuts down the socket of the request in flight
//! ([`cdt_client::cancel_in_flight`]): the waiting call returns at once and the daemon, seeing
//! the connection close, cancels the request.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_interrupt(_signal: libc::c_int) {
    INTERRUPTED.store(true, Ordering::SeqCst);
    cdt_client::cancel_in_flight();
}

/// Makes SIGINT cancel the command in flight for the rest of the process.
#[allow(unsafe_code)]
pub fn install() {
    let handler: extern "C" fn(libc::c_int) = on_interrupt;
    // SAFETY: the handler makes only async-signal-safe calls (an atomic store, shutdown(2)).
    unsafe {
        libc::signal(libc::SIGINT, handler as libc::sighandler_t);
    }
}

/// Whether Ctrl-C was pressed since the last call.
pub fn take() -> bool {
    INTERRUPTED.swap(false, Ordering::SeqCst)
}
