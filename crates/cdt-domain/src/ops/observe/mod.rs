//! `observe state|targets` (their parameters are the `--page` of `page.rs`).

use crate::ops::PageParams;

resource_operations! { $ observe_operations(observe);
    ObserveState = state,
    ObserveTargets = targets,
}

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::interact::DialogInfo;
use crate::ops::ScrollPosition;

/// `observe state`'s reply: the page now, or, while a dialog freezes its scripts, what is known
/// without touching it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum PageStateReply {
    Live(Box<LiveState>),
    Frozen(FrozenState),
}

/// A page that answers.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LiveState {
    pub page: crate::page::PageId,
    pub url: String,
    pub title: String,
    pub viewport: Viewport,
    pub scroll: ScrollPosition,
    /// The focused element (none: the body).
    pub active_element: Option<ActiveElement>,
    /// Always none here (see [`FrozenState`]).
    pub dialog: Option<DialogInfo>,
    /// The document is still loading.
    pub loading: bool,
    pub network_idle: bool,
    pub pending_requests: usize,
    /// No DOM change for 500 ms (what the page changes over and over on its own aside: a
    /// clock, a carousel).
    pub dom_stable: bool,
    pub ms_since_dom_change: u64,
    /// The active emulation (none when nothing is emulated).
    pub emulation: Option<crate::emulation::EmulationSettings>,
    /// Seed 003's name for `networkIdle`.
    #[serde(rename = "network_idle")]
    pub seed_network_idle: bool,
    /// Seed 003's name for `pendingRequests`.
    #[serde(rename = "pending_requests")]
    pub seed_pending_requests: usize,
    /// Seed 003's name for `domStable`.
    #[serde(rename = "dom_stable")]
    pub seed_dom_stable: bool,
}

/// A page whose scripts a dialog froze.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct FrozenState {
    pub page: crate::page::PageId,
    pub url: Option<String>,
    pub title: Option<String>,
    pub dialog: DialogInfo,
}

/// The page's viewport, in CSS pixels.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Viewport {
    pub width: u32,
    pub height: u32,
    pub device_scale_factor: serde_json::Number,
}

/// The focused element.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ActiveElement {
    pub uid: Option<String>,
    /// How it reads (`textbox "Email"`).
    pub element: Option<String>,
}

/// `observe targets`'s reply: the page's actionable elements.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ObserveTargetsReply {
    pub page: crate::page::PageId,
    pub targets: Vec<ActionTarget>,
}

/// One actionable element.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ActionTarget {
    pub uid: String,
    pub role: String,
    pub name: String,
    pub bbox: BoundingBox,
    pub visible: bool,
    pub enabled: bool,
    pub editable: bool,
    /// A CSS selector for it (`#id`, or its tag and name).
    pub selector: String,
}

/// A box in the page's viewport, in CSS pixels (numbers as the page gave them: whole ones stay
/// whole).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BoundingBox {
    pub x: serde_json::Number,
    pub y: serde_json::Number,
    pub width: serde_json::Number,
    pub height: serde_json::Number,
}

impl BoundingBox {
    /// Moved by `(dx, dy)` (into the page's viewport from a frame's).
    pub fn moved(mut self, dx: f64, dy: f64) -> BoundingBox {
        let shift = |n: &serde_json::Number, by: f64| {
            serde_json::Number::from_f64(n.as_f64().unwrap_or(0.0) + by)
                .unwrap_or_else(|| n.clone())
        };
        self.x = shift(&self.x, dx);
        self.y = shift(&self.y, dy);
        self
    }
}
