//! The shape every insight shares: a name, a rating against published thresholds, a one-line
//! summary, numbers with their unit in the key (`…Ms`, `…Bytes`), and the offending items.

use cdt_domain::ops::InsightName;
use serde::Serialize;
use serde_json::Value;

/// How a measured value compares with its thresholds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rating {
    Good,
    NeedsImprovement,
    Poor,
    /// Nothing to rate (e.g. no interaction was recorded).
    NotApplicable,
}

impl Rating {
    pub fn as_str(self) -> &'static str {
        match self {
            Rating::Good => "good",
            Rating::NeedsImprovement => "needs improvement",
            Rating::Poor => "poor",
            Rating::NotApplicable => "not applicable",
        }
    }
}

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

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Insight {
    pub name: InsightName,
    pub title: &'static str,
    pub rating: Rating,
    pub summary: String,
    pub metrics: Value,
    /// The offending resources, nodes, tasks or interactions.
    pub items: Vec<Value>,
    pub thresholds: Value,
}

impl Insight {
    pub fn new(name: InsightName, title: &'static str) -> Insight {
        Insight {
            name,
            title,
            rating: Rating::NotApplicable,
            summary: String::new(),
            metrics: Value::Null,
            items: Vec::new(),
            thresholds: Value::Null,
        }
    }
}
