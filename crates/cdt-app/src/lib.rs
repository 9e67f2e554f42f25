//! cdt's use cases. Everything here talks to the world through the ports of `cdt-domain`
//! (browsers, disk, processes, time) and never imports an adapter crate.
//!
//! The request path, top down (no module imports one above it):
//! - [`broker`]: resolves the caller ([`resolver`]) and runs one operation inside its budget;
//! - `dispatch`: the operation → its use case, with the narrow context it needs;
//! - use cases, one module per resource: [`page`], [`interact`] (snapshots, element and input
//!   actions, waits, reads, dialogs, eval, captures), [`console`], [`network`], [`events`],
//!   [`emulation`], [`trace`], [`storage`] on a [`context::Scope`] / [`context::PageCtx`];
//!   [`session`] and [`daemon`] on the [`runtime::Runtime`];
//! - [`context`]: what a use case may reach — the caller's own slot and pages, files, clock;
//! - [`lifecycle`]: starts and ends browsers ([`lease`] decides when, the janitor runs it);
//! - [`runtime`]: ports, settings, [`registry`] (context key → [`slot::Slot`], the slot
//!   limit), metrics;
//! - leaves: [`slot`], [`page_table`], [`snapshots`], [`telemetry`], [`mutation`], [`files`],
//!   [`sync`], [`blocking`], [`bounded`].

pub mod admission;
pub mod audit;
pub mod blocking;
pub mod bounded;
pub mod broker;
pub mod cdp;
pub mod console;
pub mod context;
pub mod daemon;
mod dispatch;
pub mod downloads;
pub mod emulation;
pub mod events;
pub mod files;
pub mod heap;
pub mod init_script;
pub mod interact;
pub mod lease;
pub mod lifecycle;
pub mod metrics;
#[cfg(test)]
mod module_graph;
pub mod mutation;
pub mod network;
pub mod page;
pub mod page_table;
pub mod quiet;
pub mod raw_listeners;
pub mod recording;
pub mod registry;
pub mod resolver;
pub mod route_table;
pub mod routes;
pub mod runtime;
pub mod session;
pub mod slot;
pub mod snapshot_diff;
pub mod snapshots;
pub mod storage;
pub mod sync;
pub mod telemetry;
#[cfg(test)]
mod testing;
#[cfg(test)]
mod tests;
pub mod trace;
pub mod url_pattern;
pub mod video;

pub use broker::{Broker, Outcome};
pub use resolver::ContextResolver;
pub use runtime::{BrokerConfig, Deps, Runtime};
