//! The client side every front door shares (the CLI, `cdt mcp`, `cdt repl`): who is calling
//! ([`caller`]), reaching the daemon and starting it when needed ([`daemon`]), and sending one
//! operation within its budget ([`send`]).
//!
//! Synchronous and small on purpose: it runs on the hot path of every agent step. It holds no
//! browser logic; the daemon does the work.

pub mod caller;
pub mod daemon;

use std::os::fd::AsRawFd;
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::{Duration, Instant};

use cdt_domain::ops::Operation;
use cdt_domain::time::{CLIENT_HEADROOM_MS, now_unix_ms};
use cdt_domain::{Access, CallerContext, CdtError, Deadline, ErrorCode};
use cdt_ipc::{Reply, Request};
use cdt_store::StatePaths;

/// Sends one operation for `caller` with a budget of `budget_ms`, starting the daemon if none
/// runs, and returns its reply. The call gives up on its own at the budget plus a small
/// headroom, so it never hangs.
pub fn send(
    paths: &StatePaths,
    operation: Operation,
    caller: CallerContext,
    budget_ms: u64,
    request_id: &str,
) -> Result<Reply, CdtError> {
    send_as(
        paths,
        operation,
        caller,
        budget_ms,
        request_id,
        Access::Active,
    )
}

/// [`send`], as a command or as a background read: a passive one never starts the daemon (nor,
/// in it, a browser) and leaves the context's lease alone.
pub fn send_as(
    paths: &StatePaths,
    operation: Operation,
    caller: CallerContext,
    budget_ms: u64,
    request_id: &str,
    access: Access,
) -> Result<Reply, CdtError> {
    let prepared = prepare(paths, operation, caller, budget_ms, request_id, access)?;
    // A second handle on the socket, kept open until the call is over, so that
    // [`cancel_in_flight`] never reaches a descriptor that was closed and reused.
    let handle = prepared.connection.try_clone_stream().ok();
    if let Some(handle) = &handle {
        IN_FLIGHT.store(handle.as_raw_fd(), Ordering::SeqCst);
    }
    let reply = prepared
        .connection
        .call(&prepared.request, prepared.give_up);
    IN_FLIGHT.store(-1, Ordering::SeqCst);
    drop(handle);
    let mut reply = reply?;
    reply.meta.warnings.extend(prepared.notes);
    Ok(reply)
}

/// A request ready to go: a connection to a daemon that will serve it (started if needed, for
/// an active request), the request, when to give up waiting, and notes for the reply's warnings.
/// [`send_as`] sends it blocking; an async front door (`cdt http`) sends it with
/// [`Connection::call_async`](cdt_ipc::Connection::call_async), so a client that goes away
/// cancels it.
pub struct Prepared {
    pub connection: cdt_ipc::Connection,
    pub request: Request,
    pub give_up: Instant,
    pub notes: Vec<cdt_domain::Warning>,
}

/// Connects (blocking: it may start the daemon) and builds the request; see [`Prepared`].
pub fn prepare(
    paths: &StatePaths,
    operation: Operation,
    caller: CallerContext,
    budget_ms: u64,
    request_id: &str,
    access: Access,
) -> Result<Prepared, CdtError> {
    let deadline = Instant::now() + Duration::from_millis(budget_ms);
    let request = Request {
        passive: access == Access::Passive,
        id: request_id.to_string(),
        operation,
        caller,
        deadline: Deadline::new(now_unix_ms(), budget_ms),
    };
    let (connection, replaced) = match access {
        Access::Active => daemon::connect(paths, deadline)?,
        Access::Passive => match daemon::connect_existing(paths, deadline)? {
            Some(connection) => (connection, None),
            None => {
                return Err(CdtError::new(
                    ErrorCode::DaemonUnavailable,
                    "no daemon runs (a background read starts none)",
                ));
            }
        },
    };
    // A default budget may be stretched by the daemon while the context throttles CPU or
    // network (see docs/emulation.md); wait for the largest stretch it can apply.
    let is_default = request.operation.spec().default_timeout_ms == budget_ms;
    let answer_by = if is_default {
        Instant::now()
            + Duration::from_millis(
                (budget_ms as f64 * cdt_domain::emulation::MAX_BUDGET_SCALE) as u64,
            )
    } else {
        deadline
    };
    let notes = daemon::other_build_warning(&connection)
        .into_iter()
        .chain(replaced)
        .collect();
    Ok(Prepared {
        connection,
        request,
        give_up: answer_by + Duration::from_millis(CLIENT_HEADROOM_MS),
        notes,
    })
}

/// The socket of the request in flight, or -1.
static IN_FLIGHT: AtomicI32 = AtomicI32::new(-1);

/// Ends the request in flight, if any: its socket is shut down, so the waiting [`send`] returns
/// at once and the daemon, seeing the connection close, cancels the request. Safe to call
/// from a signal handler (one atomic load and `shutdown(2)`).
#[allow(unsafe_code)]
pub fn cancel_in_flight() {
    let fd = IN_FLIGHT.load(Ordering::SeqCst);
    if fd >= 0 {
        // SAFETY: shutdown(2) takes plain integers and is async-signal-safe; the descriptor
        // stays open until `send` clears IN_FLIGHT.
        unsafe {
            libc::shutdown(fd, libc::SHUT_RDWR);
        }
    }
}

/// A request id unique enough to find one request in the daemon's log: `<pid>.<ms>`, the
/// clock's milliseconds modulo 10^9 (11.5 days). Decimal, because every reply carries it and
/// digits cost an agent's tokenizer about half what hex does.
pub fn request_id() -> String {
    format!("{}.{}", std::process::id(), now_unix_ms() % 1_000_000_000)
}
