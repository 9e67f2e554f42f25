//! `cdt page html`: the HTML of the page, or of one element.

use super::*;
use crate::ops::prelude::*;

/// `page.html`: the operation (its [`OpSpec`] below).
pub struct PageHtml;

impl Op for PageHtml {
    type Params = ReadParams;
    type Reply = PageReadReply;
    const SPEC: OpSpec = OpSpec {
        name: "page.html",
        summary: "The HTML of the page, or of one element",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::NavigationInterrupted, E::PageNotFound, E::NoCurrentPage, E::ElementNotFound, E::UidStale, E::DialogBlocking, E::CdpDisconnected],
        examples: &[
            "cdt page html --selector main",
            "cdt page html --selector form",
        ],
        text: TextForm::Field(&["html"]),
        aliases: &[Alias::new(&["html"], "html [uid|selector]", "the page's HTML", "html e4", Form::Read)],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::ReadArgs>(),
        ..OpSpec::DEFAULTS
    };
}
