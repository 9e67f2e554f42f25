//! End-to-end budgets (SPEC §7). The CLI turns `--timeout` into an absolute [`Deadline`] in
//! wall-clock milliseconds; every later step derives what is left from it.

use serde::{Deserialize, Serialize};

/// Fixed headroom the CLI allows past the budget before giving up on the daemon itself.
pub const CLIENT_HEADROOM_MS: u64 = 200;

/// How much longer a default budget runs when the request must start the context's browser
/// first: a cold Chromium launch, on two busy cores, can take longer than a read's budget.
pub const COLD_START_ALLOWANCE_MS: u64 = 20_000;

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

    /// What is left of the budget at `now_unix_ms`, never more than the budget (a wall clock
    /// stepped back between the caller and the daemon does not lengthen it).
    pub fn remaining_ms(&self, now_unix_ms: u64) -> u64 {
        self.at_unix_ms
            .saturating_sub(now_unix_ms)
            .min(self.budget_ms)
    }
}

/// Wall-clock milliseconds since the Unix epoch.
pub fn now_unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// Milliseconds since the first call in this process, on the monotonic clock.
pub fn monotonic_ms() -> u64 {
    static ORIGIN: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    ORIGIN
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_millis() as u64
}

/// `YYYY-MM-DDTHH:MM:SS.mmmZ` for milliseconds since the Unix epoch (UTC).
pub fn iso8601(unix_ms: f64) -> String {
    let ms = unix_ms.max(0.0) as u64;
    let (secs, millis) = (ms / 1000, ms % 1000);
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (hour, minute, second) = (rest / 3600, rest % 3600 / 60, rest % 60);
    // Civil date from days since 1970-01-01 (Howard Hinnant's days_from_civil, inverted).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}.{millis:03}Z")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_iso8601() {
        assert_eq!(iso8601(0.0), "1970-01-01T00:00:00.000Z");
        assert_eq!(iso8601(1_795_309_420_223.0), "2026-11-22T01:03:40.223Z");
        assert_eq!(iso8601(951_782_400_000.0), "2000-02-29T00:00:00.000Z");
    }
}
