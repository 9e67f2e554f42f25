//! `daemon status|stop` (their parameters are in `session.rs`; `daemon logs` runs in the CLI).

use crate::ops::{NoParams, VerboseParams};

resource_operations! { $ daemon_operations(daemon);
    DaemonStatus = status,
    DaemonStop = stop,
}

use schemars::JsonSchema;
use serde::Serialize;

/// `daemon status`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DaemonStatusReply {
    pub pid: u32,
    pub version: String,
    /// The protocol the daemon speaks (a fingerprint of the operation table).
    pub protocol: u32,
    pub uptime_ms: u64,
    pub socket: String,
    pub home: String,
    /// Browsers running.
    pub slots: usize,
    pub max_slots: usize,
    /// Browsers that may start at once (docs/admission.md).
    pub max_launches: usize,
    /// Browsers starting, or waiting for their turn to.
    pub starting: usize,
    pub idle_timeout_ms: u64,
    /// Requests served since the daemon started.
    pub requests: u64,
    /// With `--verbose`: latency per operation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metrics: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory: Option<DaemonMemory>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sessions: Option<Vec<crate::ops::SessionSummary>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub telemetry: Option<TelemetryBounds>,
}

/// The daemon's own memory (`daemon status --verbose`).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DaemonMemory {
    /// Proportional set size of the daemon process alone, in KiB.
    pub daemon_pss_kib: Option<u64>,
    /// Of the daemon and every browser it started (dedicated and shared), in KiB: shared pages
    /// are counted once, divided among the processes that map them.
    pub total_pss_kib: Option<u64>,
}

/// The bounds on telemetry memory, and what they dropped or cut, over every running slot.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TelemetryBounds {
    pub events_capacity: usize,
    pub events_max_bytes: usize,
    pub events_ttl_ms: u64,
    pub ring_bytes: u64,
    pub ring_dropped_for_bytes: u64,
    pub cut_values: u64,
    pub cdp_events_dropped: u64,
    pub log_records_dropped: u64,
}

/// `daemon stop`'s reply, sent once every browser is stopped.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DaemonStopReply {
    pub stopping: bool,
    pub sessions_stopped: usize,
}
