//! `cdt storage save`: write cookies and every open origin's local and session storage to a file (mode 0600: it holds secrets).

use super::*;
use crate::ops::prelude::*;

/// `storage.save`: the operation (its [`OpSpec`] below).
pub struct StorageSave;

impl Op for StorageSave {
    type Params = StorageFileParams;
    type Reply = StorageSaveReply;
    const SPEC: OpSpec = OpSpec {
        name: "storage.save",
        summary: "Write cookies and every open origin's local and session storage to a file (mode 0600: it holds secrets)",
        default_timeout_ms: S10,
        effect: Effect::Changes,
        errors: &[E::IoError, E::SecurityBlocked, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt storage save ~/state.json",
            "CDT_CONTEXT_ID=other cdt storage load ~/state.json",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::FileArgs>(),
        ..OpSpec::DEFAULTS
    };
}
