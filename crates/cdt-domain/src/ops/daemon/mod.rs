//! `daemon status|stop` (their parameters are in `session.rs`; `daemon logs` runs in the CLI).

use crate::ops::{NoParams, VerboseParams};

resource_operations! { $ daemon_operations(daemon);
    DaemonStatus = status,
    DaemonStop = stop,
}
