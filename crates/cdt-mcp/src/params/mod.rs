//! Thin parameter types for the tools whose Chrome DevTools MCP shape differs from cdt's own
//! request types (`pageId` for `id`, `filePath` for `file`, `navigate_page`'s `type`, …), each
//! with a conversion into the [`Operation`] it stands for.
//!
//! Conversions only rename and choose the operation; they never decide anything a browser
//! would (that is the daemon's work). Tools whose shape matches use the domain types directly.

mod capture;
mod emulation;
mod input;
mod observer;
mod pages;
mod performance;
mod telemetry;

pub use capture::*;
pub use emulation::*;
pub use input::*;
pub use observer::*;
pub use pages::*;
pub use performance::*;
pub use telemetry::*;

use cdt_domain::emulation::{
    ColorScheme, EmulationField, Geolocation, NetworkPreset, NetworkSetting,
};
use cdt_domain::ops::{
    ClickParams, DialogHandleParams, DragParams, ElementActionParams, ElementTarget, EvalParams,
    FillFormParams, FormField, HistoryParams, IdParams, KeyParams, NetworkListParams, Operation,
    PageCloseParams, PageNavigateParams, PageUseParams, ReloadParams, ScreenshotParams,
    SnapshotParams, UploadParams, WaitTextParams,
};
use cdt_domain::ops::{
    EmulationResetParams, EmulationSetParams, InsightName, TraceInsightParams, TraceStartParams,
    TraceStopParams,
};
use cdt_domain::{CdtError, WaitUntil};
use schemars::JsonSchema;
use serde::Deserialize;

pub(crate) fn target(uid: String, page: Option<u32>) -> ElementTarget {
    ElementTarget {
        uid: Some(uid),
        page,
        ..ElementTarget::default()
    }
}
