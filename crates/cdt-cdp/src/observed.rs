//! The telemetry collector's sessions and what each observes, shared by the collector (which
//! fills it), the page bookkeeping (which attributes dialog events to pages) and the target
//! set-up (which sends settings to every observed target). Only data: no protocol traffic.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// What the collector knows of one of its sessions.
#[derive(Clone, Debug)]
pub struct Observed {
    pub target_id: String,
    pub target_type: String,
    pub page_target_id: String,
}

/// The collector's sessions (session id → what it observes), shared with the browser so that
/// events of these sessions (dialogs) can be attributed to their page.
pub type ObservedSessions = Arc<Mutex<HashMap<String, Observed>>>;
