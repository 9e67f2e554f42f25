//! End-to-end budgets (SPEC §7). The CLI turns `--timeout` into an absolute [`Deadline`] in
//! wall-clock milliseconds; every later step derives what is left from it.

use serde::{Deserialize, Serialize};

/// Fixed headroom the CLI allows past the budget before giving up on the daemon itself.
pub const CLIENT_HEADROOM_MS: u64 = 200;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Deadline {
    /// Absolute deadline, milliseconds since the Unix epoch.
    pub at_unix_ms: u64,
    /// The budget the caller asked for, for messages.
    pub budget_ms: u64,
}

impl Deadline {
    pub fn new(now_unix_ms: u64, budget_ms: u64) -> Self {
        Deadline {
            at_unix_ms: now_unix_ms.saturating_add(budget_ms),
            budget_ms,
        }
    }

    pub fn remaining_ms(&self, now_unix_ms: u64) -> u64 {
        self.at_unix_ms.saturating_sub(now_unix_ms)
    }
}

/// Wall-clock milliseconds since the Unix epoch.
pub fn now_unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}
