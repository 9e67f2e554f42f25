//! [`PageState`]: per-browser bookkeeping of frames, uid counters, dialogs and extra sessions,
//! shared by the event tracker and the page operations. Only data: no protocol traffic.

use std::collections::HashMap;
use std::sync::Mutex;

use cdt_domain::interact::DialogInfo;

use crate::observed::ObservedSessions;
use crate::uids::Worlds;

/// Per-browser bookkeeping of frames, uid counters, dialogs and extra sessions.
#[derive(Default)]
pub struct PageState {
    /// cdt's isolated worlds, frames and uid tables (uids.rs).
    pub(crate) worlds: Worlds,
    /// Evaluation sessions, by page target.
    pub(crate) eval_sessions: tokio::sync::Mutex<HashMap<String, String>>,
    /// Open dialogs by page, with the session that reported them (it has `Page` enabled, so it
    /// can answer; enabling `Page` on a new session would wait on the frozen page).
    pub(crate) dialogs: Mutex<HashMap<String, (DialogInfo, String)>>,
    /// The telemetry collector's sessions, to attribute their dialog events to pages.
    pub(crate) observed: ObservedSessions,
}
