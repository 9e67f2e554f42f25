//! `daemon status|stop` (their parameters are in `session.rs`; `daemon logs` runs in the CLI).

/// The `daemon` operations: their entries in the operation table (see `ops::operations!`).
macro_rules! daemon_operations {
    ($then:ident [$($table:tt)*] $($rest:ident)*) => {
        $then! { [$($table)*
        /// Show whether the daemon runs, its pid, socket, slots and (with --verbose) metrics
        DaemonStatus = "daemon.status" (VerboseParams, cli::NoArgs), S5, [],
            ["cdt daemon status --verbose", "cdt daemon status", "cdt daemon status --verbose | jq .data.metrics"];
        /// Stop the daemon and every browser it runs
        DaemonStop = "daemon.stop" (NoParams, cli::NoArgs), 15_000, [],
            ["cdt daemon stop"];
        ] $($rest)* }
    };
}
