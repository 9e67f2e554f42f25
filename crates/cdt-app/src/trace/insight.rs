//! The shape every insight shares: a name, a rating against published thresholds, a one-line
//! summary, numbers with their unit in the key (`…Ms`, `…Bytes`), and the offending items.

pub use cdt_domain::ops::{Insight, Rating};

/// `good` up to `good`, `poor` above `poor`, else `needs-improvement`.
pub fn rate(value: f64, (good, poor): (f64, f64)) -> Rating {
    if value <= good {
        Rating::Good
    } else if value > poor {
        Rating::Poor
    } else {
        Rating::NeedsImprovement
    }
}
