//! Pages as the caller sees them: short stable ids within a slot, never reused.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A page id within a slot (`1`, `2`, …). Ids are never reused while the slot lives.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(transparent)]
pub struct PageId(pub u32);

impl fmt::Display for PageId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageInfo {
    pub id: PageId,
    pub url: String,
    pub title: String,
    pub current: bool,
}

/// How long `--wait-until networkidle` wants a loaded page's network quiet: no request of the
/// page in flight for this long (Playwright's rule).
pub const NETWORK_QUIET_MS: u64 = 500;

/// What a navigation waits for before it returns.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum WaitUntil {
    #[default]
    Load,
    Domcontentloaded,
    Networkidle,
    None,
}

impl WaitUntil {
    pub fn as_str(self) -> &'static str {
        match self {
            WaitUntil::Load => "load",
            WaitUntil::Domcontentloaded => "domcontentloaded",
            WaitUntil::Networkidle => "networkidle",
            WaitUntil::None => "none",
        }
    }
}
