//! Telemetry ports: the browser adapter pushes every CDP event of every observed target (pages,
//! iframes, workers) into a [`TelemetrySink`]; the application normalizes, buffers and persists
//! them. Nothing here may drop an event for its shape.

use serde_json::Value;

use crate::caller::ContextKey;

/// One CDP event from an observed target, as received.
#[derive(Clone, Debug, PartialEq)]
pub struct RawEvent {
    /// Wall-clock milliseconds when the adapter received it.
    pub at_ms: u64,
    /// The CDP session the event came on (needed to fetch bodies later).
    pub session_id: String,
    pub target_id: String,
    /// `page`, `iframe`, `worker`, `service_worker`, …
    pub target_type: String,
    /// The page target the event belongs to (itself for a page; the embedding page for an iframe
    /// or dedicated worker); empty when none (e.g. a service worker).
    pub page_target_id: String,
    pub method: String,
    pub params: Value,
}

/// Method of the synthetic event the adapter emits after fetching a response body eagerly:
/// params `{requestId, body, base64Encoded}`.
pub const RESPONSE_BODY_EVENT: &str = "cdt.responseBody";

/// Receives events. `push` is called on the adapter's event path: it must be quick and never
/// block on I/O.
pub trait TelemetrySink: Send + Sync {
    fn push(&self, event: RawEvent);
    /// Bodies up to this size are fetched eagerly at `loadingFinished`.
    fn max_body_bytes(&self) -> u64;
}

/// The two persisted telemetry streams of a context.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TelemetryStream {
    Console,
    Network,
}

/// Appends telemetry records to the context's `console.jsonl` / `network.jsonl` (rotated at a
/// bounded size). Must not block the caller on disk I/O.
pub trait TelemetryLog: Send + Sync {
    fn append(&self, key: &ContextKey, stream: TelemetryStream, record: &Value);
    /// Records dropped because the writer could not keep up (bounded queue).
    fn dropped(&self) -> u64 {
        0
    }
}
