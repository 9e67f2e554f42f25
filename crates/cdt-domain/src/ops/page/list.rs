//! `cdt page list`: list this context's pages: id, url, title, and which is current.

use super::*;
use crate::ops::prelude::*;

/// `page.list`: the operation (its [`OpSpec`] below).
pub struct PageList;

impl Op for PageList {
    type Params = NoParams;
    const SPEC: OpSpec = OpSpec {
        name: "page.list",
        summary: "List this context's pages: id, url, title, and which is current",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::BrowserLaunchFailed, E::SlotLimitReached, E::CdpDisconnected],
        examples: &[
            "cdt page list",
            "cdt page list --output text",
            "cdt page list | jq '.data.pages[] | select(.current)'",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<NoArgs>(),
        ..OpSpec::DEFAULTS
    };
}
