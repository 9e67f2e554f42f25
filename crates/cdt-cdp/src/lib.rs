//! The Chrome DevTools Protocol adapter: cdt's own small CDP transport (see
//! `docs/adr/0001-own-cdp-transport.md`), Chromium discovery and launch, and the
//! [`cdt_domain::ports::BrowserPort`] implementation.
//!
//! Messages stay `serde_json::Value` on the wire; typed views are lenient. A message the code
//! does not understand is still delivered to subscribers — parsing never decides delivery.

pub mod browser;
mod chromium;
mod contexts;
pub mod dialogs;
pub mod discover;
pub mod downloads;
pub mod drag;
pub mod emulation;
pub mod endpoint;
pub mod eval;
mod event;
pub mod file_chooser;
mod frame_sessions;
mod intercept;
mod late_sink;
pub mod launch;
#[cfg(test)]
mod module_graph;
pub mod navigation;
mod observed;
pub mod page_ops;
pub mod page_state;
mod pages;
mod pipe_frames;
mod probe_contract;
pub mod process;
mod raw;
mod shared_browsers;
mod snapshot_memo;
pub mod spawner;
pub mod storage;
mod support;
pub mod target_setup;
pub mod telemetry;
pub mod trace;
mod trace_filter;
pub mod transport;
mod uids;
pub mod world;

pub use browser::CdpBrowser;
pub use launch::ChromiumLauncher;
pub use transport::{CdpConnection, CdpEvent};
