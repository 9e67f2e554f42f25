//! `cdt storage local get`: all items, or one key's value.

use super::*;
use crate::ops::prelude::*;

/// `storage.local.get`: the operation (its [`OpSpec`] below).
pub struct StorageLocalGet;

impl Op for StorageLocalGet {
    type Params = WebStorageParams;
    type Reply = WebGetReply;
    const SPEC: OpSpec = OpSpec {
        name: "storage.local.get",
        summary: "All items, or one key's value",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::OriginNotOpen, E::PageNotFound, E::NoCurrentPage, E::BrowserLaunchFailed, E::CdpDisconnected, E::DialogBlocking],
        examples: &[
            "cdt storage local get token",
            "cdt storage local get",
            "cdt storage local get token --origin http://127.0.0.1:8080",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::KeyArgs>(),
        ..OpSpec::DEFAULTS
    };
}
