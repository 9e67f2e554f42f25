//! cdt's state on disk (SPEC §4.4) and the host's process table.
//!
//! Every write here is atomic (temp file + rename in the same directory); directories that hold
//! the socket or state are private to the user and checked, never trusted.

pub mod atomic;
pub mod files;
pub mod lock;
pub mod paths;
pub mod private_dir;
pub mod process;
pub mod store;
pub mod telemetry_log;

pub use atomic::{remove_unfinished_writes, write_atomic};
pub use lock::LockFile;
pub use paths::StatePaths;
pub use private_dir::ensure_private_dir;
pub use process::{ProcStat, ProcTable};
pub use store::FsSessionStore;
pub use telemetry_log::JsonlTelemetryLog;
