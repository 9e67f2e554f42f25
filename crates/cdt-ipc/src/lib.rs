//! cdt's wire protocol between the `cdt` client and `cdt-daemon` (see `docs/ipc-protocol.md`):
//! one Unix-socket connection per request, JSON Lines, a version handshake first.
//!
//! The client side is plain `std` (the CLI must start fast and carries no async runtime); the
//! server side is tokio. Nothing read from the socket is trusted: lines are bounded, malformed
//! input gets an error reply, and no input can take the server down.

pub mod client;
pub mod framing;
pub mod protocol;
pub mod server;

pub use client::{Connection, HandshakeOutcome};
pub use protocol::{Hello, HelloReply, Reply, ReplyMeta, Request};
pub use server::{Handler, ServerConfig, serve};
