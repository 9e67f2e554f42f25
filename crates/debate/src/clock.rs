//! Wall-clock stamps for logs and run ids (UTC). The debate keeps no dependency on cdt's crates,
//! so it formats its own timestamps. Nothing here sleeps or waits.

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

static RUN_COUNTER: AtomicU32 = AtomicU32::new(0);

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

/// Calendar fields of a Unix time in milliseconds: (year, month, day, hour, minute, second, ms).
fn civil(unix_ms: u64) -> (u64, u64, u64, u64, u64, u64, u64) {
    let millis = unix_ms % 1000;
    let seconds = unix_ms / 1000;
    let (mut days, of_day) = (seconds / 86_400, seconds % 86_400);
    let mut year = 1970;
    loop {
        let length = if is_leap(year) { 366 } else { 365 };
        if days < length {
            break;
        }
        days -= length;
        year += 1;
    }
    let mut month = 1;
    for length in month_lengths(year) {
        if days < length {
            break;
        }
        days -= length;
        month += 1;
    }
    (
        year,
        month,
        days + 1,
        of_day / 3600,
        of_day % 3600 / 60,
        of_day % 60,
        millis,
    )
}

fn is_leap(year: u64) -> bool {
    (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400)
}

fn month_lengths(year: u64) -> [u64; 12] {
    let february = if is_leap(year) { 29 } else { 28 };
    [31, february, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
}

/// `YYYY-MM-DDTHH:MM:SS.mmmZ`.
pub fn iso(unix_ms: u64) -> String {
    let (year, month, day, hour, minute, second, millis) = civil(unix_ms);
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}.{millis:03}Z")
}

pub fn now_iso() -> String {
    iso(now_ms())
}

/// A new run id: `YYYYMMDD-HHMMSS-mmm-<n>`; sortable, unique within this server, safe as a
/// file name.
pub fn new_run_id() -> String {
    let (year, month, day, hour, minute, second, millis) = civil(now_ms());
    let counter = RUN_COUNTER.fetch_add(1, Ordering::Relaxed);
    format!(
        "{year:04}{month:02}{day:02}-{hour:02}{minute:02}{second:02}-{millis:03}-{}{counter}",
        std::process::id() % 10_000
    )
}

/// Whether `id` has the shape of a run id (no path separators, dots or spaces).
pub fn is_valid_run_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso_dates() {
        assert_eq!(iso(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(iso(951_782_400_000), "2000-02-29T00:00:00.000Z");
        assert_eq!(iso(1_795_309_420_223), "2026-11-22T01:03:40.223Z");
        assert_eq!(iso(4_107_542_399_999), "2100-02-28T23:59:59.999Z");
        assert_eq!(iso(4_107_542_400_000), "2100-03-01T00:00:00.000Z");
    }

    #[test]
    fn run_ids_are_unique_and_safe() {
        let first = new_run_id();
        let second = new_run_id();
        assert_ne!(first, second);
        assert!(is_valid_run_id(&first), "{first}");
        assert!(!is_valid_run_id("../etc"));
        assert!(!is_valid_run_id("a.b"));
        assert!(!is_valid_run_id(""));
    }
}
