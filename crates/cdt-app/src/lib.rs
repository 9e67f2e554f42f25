//! cdt's use cases. Everything here talks to the world through the ports of `cdt-domain`
//! (browsers, disk, processes, time) and never imports an adapter crate.
//!
//! - [`resolver`]: who is calling → which context key.
//! - [`registry`]: ContextRegistry + SlotRouter: context key → [`slot::Slot`], the slot limit.
//! - [`lease`]: LeaseManager: idle timeouts, owner death, the janitor.
//! - [`broker`]: runs one operation inside its budget; [`session`], [`page`], [`daemon`] hold
//!   the per-resource use cases.

pub mod blocking;
pub mod bounded;
pub mod broker;
pub mod console;
pub mod context;
pub mod daemon;
mod dispatch;
pub mod emulation;
pub mod events;
pub mod files;
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
pub mod registry;
pub mod resolver;
pub mod runtime;
pub mod session;
pub mod slot;
pub mod snapshots;
pub mod storage;
pub mod sync;
pub mod telemetry;
#[cfg(test)]
mod testing;
#[cfg(test)]
mod tests;
pub mod trace;

pub use broker::{Broker, Outcome};
pub use resolver::ContextResolver;
pub use runtime::{BrokerConfig, Deps, Runtime};
