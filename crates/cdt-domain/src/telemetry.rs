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

/// Declares [`EventKind`] and [`KindFilter`] from one list of kinds, so the two never drift.
macro_rules! event_kinds {
    ($($kind:ident),* $(,)?) => {
        /// The kind of a normalized event in the ring (seed 002 §4).
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
            schemars::JsonSchema,
        )]
        #[serde(rename_all = "camelCase")]
        pub enum EventKind {
            $($kind),*
        }

        impl EventKind {
            pub const ALL: &'static [EventKind] = &[$(EventKind::$kind),*];
        }

        /// A kind a filter names: one [`EventKind`], or `network` for all of the network ones
        /// (request, response, loadingFinished, loadingFailed and websocket).
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
            schemars::JsonSchema,
        )]
        #[serde(rename_all = "camelCase")]
        pub enum KindFilter {
            $($kind,)*
            Network,
        }

        impl KindFilter {
            pub fn admits(self, kind: EventKind) -> bool {
                match self {
                    KindFilter::Network => kind.is_network(),
                    $(KindFilter::$kind => kind == EventKind::$kind,)*
                }
            }
        }
    };
}

event_kinds!(
    Console,
    Log,
    Request,
    Response,
    LoadingFinished,
    LoadingFailed,
    Websocket,
    Other,
);

impl EventKind {
    /// Whether `network` (in a kinds filter) takes this kind in.
    pub fn is_network(self) -> bool {
        matches!(
            self,
            EventKind::Request
                | EventKind::Response
                | EventKind::LoadingFinished
                | EventKind::LoadingFailed
                | EventKind::Websocket
        )
    }
}

impl KindFilter {
    /// Whether `filters` (empty: every kind) admit `kind`.
    pub fn any_admits(filters: &[KindFilter], kind: EventKind) -> bool {
        filters.is_empty() || filters.iter().any(|f| f.admits(kind))
    }
}

#[cfg(test)]
mod kind_tests {
    use super::*;

    #[test]
    fn network_takes_in_the_network_kinds_and_names_read_as_seed_002_spells_them() {
        let network: Vec<EventKind> = EventKind::ALL
            .iter()
            .copied()
            .filter(|k| KindFilter::Network.admits(*k))
            .collect();
        assert_eq!(network.len(), 5);
        assert!(!KindFilter::Network.admits(EventKind::Console));
        assert!(KindFilter::any_admits(&[], EventKind::Other));
        assert_eq!(
            serde_json::to_value(EventKind::LoadingFinished).ok(),
            Some(serde_json::json!("loadingFinished"))
        );
        assert!(serde_json::from_value::<KindFilter>(serde_json::json!("nonsense")).is_err());
    }
}
