//! `cdt storage session set`: set one item.

use super::*;
use crate::ops::prelude::*;

/// `storage.session.set`: the operation (its [`OpSpec`] below).
pub struct StorageSessionSet;

impl Op for StorageSessionSet {
    type Params = WebStorageParams;
    type Reply = WebSetReply;
    const SPEC: OpSpec = OpSpec {
        name: "storage.session.set",
        summary: "Set one item",
        default_timeout_ms: S5,
        effect: Effect::Changes,
        errors: &[E::OriginNotOpen, E::PageNotFound, E::NoCurrentPage, E::BrowserLaunchFailed, E::CdpDisconnected, E::DialogBlocking],
        examples: &[
            "cdt storage session set step 2",
            "cdt storage session set step 2 --page 2",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::KeyValueArgs>(),
        ..OpSpec::DEFAULTS
    };
}
