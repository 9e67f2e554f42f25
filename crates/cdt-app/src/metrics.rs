//! Per-operation counters and latencies kept by the daemon (`cdt daemon status --verbose`).

use std::collections::{BTreeMap, VecDeque};
use std::sync::Mutex;

use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};

use crate::sync::lock;

const WINDOW: usize = 512;

#[derive(Default)]
struct OpMetrics {
    count: u64,
    errors: u64,
    timeouts: u64,
    recent_us: VecDeque<u64>,
}

#[derive(Default)]
pub struct Metrics {
    ops: Mutex<BTreeMap<&'static str, OpMetrics>>,
}

impl Metrics {
    pub fn record(&self, op: &'static str, micros: u64, result: Result<(), &CdtError>) {
        let mut ops = lock(&self.ops);
        let entry = ops.entry(op).or_default();
        entry.count += 1;
        if let Err(error) = result {
            entry.errors += 1;
            if error.code == ErrorCode::Timeout {
                entry.timeouts += 1;
            }
        }
        if entry.recent_us.len() == WINDOW {
            entry.recent_us.pop_front();
        }
        entry.recent_us.push_back(micros);
    }

    pub fn total_requests(&self) -> u64 {
        lock(&self.ops).values().map(|m| m.count).sum()
    }

    /// `{op: {count, errors, timeouts, p50Ms, p90Ms, maxMs}}` over the recent window.
    pub fn snapshot(&self) -> Value {
        let ops = lock(&self.ops);
        let mut out = serde_json::Map::new();
        for (op, metrics) in ops.iter() {
            let mut sorted: Vec<u64> = metrics.recent_us.iter().copied().collect();
            sorted.sort_unstable();
            let at = |q: f64| {
                sorted
                    .get(((sorted.len() as f64 - 1.0) * q).round() as usize)
                    .map(|us| *us as f64 / 1000.0)
            };
            out.insert(
                (*op).to_string(),
                json!({
                    "count": metrics.count,
                    "errors": metrics.errors,
                    "timeouts": metrics.timeouts,
                    "p50Ms": at(0.5),
                    "p90Ms": at(0.9),
                    "maxMs": sorted.last().map(|us| *us as f64 / 1000.0),
                }),
            );
        }
        Value::Object(out)
    }
}
