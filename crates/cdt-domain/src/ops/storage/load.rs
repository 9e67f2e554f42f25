//! `cdt storage load`: load a file written by `storage save` into this context: cookies, local storage of each origin, and session storage of origins the page shows. Refuses a file other users can write, and symbolic links.

use super::*;
use crate::ops::prelude::*;

/// `storage.load`: the operation (its [`OpSpec`] below).
pub struct StorageLoad;

impl Op for StorageLoad {
    type Params = StorageFileParams;
    type Reply = StorageLoadReply;
    const SPEC: OpSpec = OpSpec {
        name: "storage.load",
        summary: "Load a file written by `storage save` into this context: cookies, local storage of each origin, and session storage of origins the page shows. Refuses a file other users can write, and symbolic links",
        default_timeout_ms: S30,
        effect: Effect::Changes,
        errors: &[E::IoError, E::SecurityBlocked, E::PageNotFound, E::NoCurrentPage, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt storage load ~/state.json",
            "cdt storage load /tmp/state.json --page 2",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::FileArgs>(),
        ..OpSpec::DEFAULTS
    };
}
