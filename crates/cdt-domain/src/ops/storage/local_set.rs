//! `cdt storage local set`: set one item.

use super::*;
use crate::ops::prelude::*;

/// `storage.local.set`: the operation (its [`OpSpec`] below).
pub struct StorageLocalSet;

impl Op for StorageLocalSet {
    type Params = WebStorageParams;
    type Reply = WebSetReply;
    const SPEC: OpSpec = OpSpec {
        name: "storage.local.set",
        summary: "Set one item",
        default_timeout_ms: S5,
        effect: Effect::Changes,
        errors: &[E::OriginNotOpen, E::PageNotFound, E::NoCurrentPage, E::BrowserLaunchFailed, E::CdpDisconnected, E::DialogBlocking],
        examples: &[
            "cdt storage local set token abc123",
            "cdt storage local set theme dark --page 2",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::KeyValueArgs>(),
        ..OpSpec::DEFAULTS
    };
}
