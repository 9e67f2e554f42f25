//! `cdt storage session get`: all items, or one key's value.

use super::*;
use crate::ops::prelude::*;

/// `storage.session.get`: the operation (its [`OpSpec`] below).
pub struct StorageSessionGet;

impl Op for StorageSessionGet {
    type Params = WebStorageParams;
    type Reply = WebGetReply;
    const SPEC: OpSpec = OpSpec {
        name: "storage.session.get",
        summary: "All items, or one key's value",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::OriginNotOpen, E::PageNotFound, E::NoCurrentPage, E::BrowserLaunchFailed, E::CdpDisconnected, E::DialogBlocking],
        examples: &[
            "cdt storage session get --origin http://127.0.0.1:8080",
            "cdt storage session get",
            "cdt storage session get step --page 2",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::KeyArgs>(),
        ..OpSpec::DEFAULTS
    };
}
