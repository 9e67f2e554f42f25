//! `cdt page forward`: go forward one entry in the page's history.

use super::*;
use crate::ops::prelude::*;

/// `page.forward`: the operation (its [`OpSpec`] below).
pub struct PageForward;

impl Op for PageForward {
    type Params = HistoryParams;
    type Reply = NavigatedReply;
    const SPEC: OpSpec = OpSpec {
        name: "page.forward",
        summary: "Go forward one entry in the page's history",
        default_timeout_ms: S30,
        effect: Effect::Acts,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::DialogBlocking, E::CdpDisconnected],
        examples: &[
            "cdt page forward",
        ],
        text: TextForm::PageReached,
        aliases: &[Alias::new(&["f", "forward"], "f", "go forward", "f", Form::Append)],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::HistoryArgs>(),
        ..OpSpec::DEFAULTS
    };
}
