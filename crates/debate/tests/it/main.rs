//! cdt-debate's integration tests: the real server on 127.0.0.1, the real HTTP API and
//! WebSocket, and stub agent CLIs (a shell script the tests write) as separate processes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../support/mod.rs"]
mod support;

mod api;
mod connect;
mod events;
mod runs;
