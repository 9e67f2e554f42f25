//! The centre of cdt: ports (traits the application drives), the types every layer shares,
//! the fixed error-code table and the request schemas.
//!
//! This crate must never depend on an adapter (CDP, IPC, store) nor on an async runtime: it
//! is what both sides of every port agree on, and nothing more.

pub mod browser_mode;
pub mod caller;
pub mod download;
pub mod emulation;
pub mod env;
pub mod error;
pub mod interact;
pub mod launch_policy;
pub mod limits;
pub mod ops;
pub mod page;
pub mod ports;
pub mod probe;
pub mod protocol;
pub mod raw_cdp;
pub mod route;
pub mod snapshot_change;
pub mod storage;
pub mod telemetry;
pub mod time;
pub mod warning;

pub use caller::{
    Access, CallerContext, ContextKey, ContextSource, ProcessFingerprint, ResolvedContext,
};
pub use error::{CdtError, ErrorCode, ExitCode, RunHint, Suggestion};
pub use page::{NETWORK_QUIET_MS, PageId, PageInfo, WaitUntil};
pub use time::Deadline;
pub use warning::{Warning, WarningCode};

pub use protocol::PROTOCOL_VERSION;

/// The build version both binaries report in the handshake.
pub const CDT_VERSION: &str = env!("CARGO_PKG_VERSION");
