//! `cdt storage session clear`: remove one key, or every item.

use super::*;
use crate::ops::prelude::*;

/// `storage.session.clear`: the operation (its [`OpSpec`] below).
pub struct StorageSessionClear;

impl Op for StorageSessionClear {
    type Params = WebStorageParams;
    type Reply = WebClearReply;
    const SPEC: OpSpec = OpSpec {
        name: "storage.session.clear",
        summary: "Remove one key, or every item",
        default_timeout_ms: S5,
        effect: Effect::Changes,
        errors: &[E::OriginNotOpen, E::PageNotFound, E::NoCurrentPage, E::BrowserLaunchFailed, E::CdpDisconnected, E::DialogBlocking],
        examples: &[
            "cdt storage session clear",
            "cdt storage session clear step",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::KeyArgs>(),
        ..OpSpec::DEFAULTS
    };
}
