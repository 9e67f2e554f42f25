//! A telemetry sink for a context prepared before anyone asked for it (a shared browser's
//! context kept ready, `shared_browsers.rs`): it holds what the context's pages emit until the
//! slot that takes the context attaches its own sink, then hands everything on, in order.

use std::sync::{Arc, Mutex, OnceLock};

use cdt_domain::telemetry::{RawEvent, TelemetrySink};

use crate::support::lock;

/// Events kept before the real sink arrives (a blank page emits a handful).
const EARLY_MAX: usize = 10_000;

#[derive(Default)]
pub(crate) struct LateSink {
    target: OnceLock<Arc<dyn TelemetrySink>>,
    early: Mutex<Vec<RawEvent>>,
}

impl LateSink {
    /// From now on every event goes to `sink`, those held first.
    pub(crate) fn attach(&self, sink: Arc<dyn TelemetrySink>) {
        let mut early = lock(&self.early);
        for event in early.drain(..) {
            sink.push(event);
        }
        let _ = self.target.set(sink);
    }
}

impl TelemetrySink for LateSink {
    fn push(&self, event: RawEvent) {
        // Checked under the lock `attach` holds while it hands the early events on, so an
        // event is never left behind nor passes an earlier one.
        let mut early = lock(&self.early);
        match self.target.get() {
            Some(target) => {
                drop(early);
                target.push(event);
            }
            None if early.len() < EARLY_MAX => early.push(event),
            None => {}
        }
    }

    fn max_body_bytes(&self) -> u64 {
        self.target.get().map_or(0, |t| t.max_body_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Seen(Mutex<Vec<String>>);

    impl TelemetrySink for Seen {
        fn push(&self, event: RawEvent) {
            lock(&self.0).push(event.method);
        }
        fn max_body_bytes(&self) -> u64 {
            7
        }
    }

    fn event(method: &str) -> RawEvent {
        RawEvent {
            at_ms: 0,
            session_id: String::new(),
            target_id: String::new(),
            target_type: "page".into(),
            page_target_id: String::new(),
            method: method.into(),
            params: serde_json::Value::Null,
        }
    }

    #[test]
    fn events_before_the_sink_arrives_reach_it_first_and_in_order() {
        let late = LateSink::default();
        late.push(event("a"));
        late.push(event("b"));
        assert_eq!(late.max_body_bytes(), 0);
        let seen = Arc::new(Seen::default());
        late.attach(seen.clone());
        late.push(event("c"));
        assert_eq!(*lock(&seen.0), ["a", "b", "c"]);
        assert_eq!(late.max_body_bytes(), 7);
    }
}
