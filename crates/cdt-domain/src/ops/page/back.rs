//! `cdt page back`: go back one entry in the page's history.

use super::*;
use crate::ops::prelude::*;

/// `page.back`: the operation (its [`OpSpec`] below).
pub struct PageBack;

impl Op for PageBack {
    type Params = HistoryParams;
    type Reply = NavigatedReply;
    const SPEC: OpSpec = OpSpec {
        name: "page.back",
        summary: "Go back one entry in the page's history",
        default_timeout_ms: S30,
        effect: Effect::Acts,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::DialogBlocking, E::CdpDisconnected],
        examples: &[
            "cdt page back",
            "cdt page back --wait-until domcontentloaded",
        ],
        text: TextForm::PageReached,
        aliases: &[Alias::new(&["b", "back"], "b", "go back", "b", Form::Append)],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::HistoryArgs>(),
        ..OpSpec::DEFAULTS
    };
}
