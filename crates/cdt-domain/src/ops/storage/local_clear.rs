//! `cdt storage local clear`: remove one key, or every item.

use super::*;
use crate::ops::prelude::*;

/// `storage.local.clear`: the operation (its [`OpSpec`] below).
pub struct StorageLocalClear;

impl Op for StorageLocalClear {
    type Params = WebStorageParams;
    type Reply = WebClearReply;
    const SPEC: OpSpec = OpSpec {
        name: "storage.local.clear",
        summary: "Remove one key, or every item",
        default_timeout_ms: S5,
        effect: Effect::Changes,
        errors: &[E::OriginNotOpen, E::PageNotFound, E::NoCurrentPage, E::BrowserLaunchFailed, E::CdpDisconnected, E::DialogBlocking],
        examples: &[
            "cdt storage local clear",
            "cdt storage local clear token",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::KeyArgs>(),
        ..OpSpec::DEFAULTS
    };
}
