//! `cdt page text`: the readable text of the page, or of one element.

use super::*;
use crate::ops::prelude::*;

/// `page.text`: the operation (its [`OpSpec`] below).
pub struct PageText;

impl Op for PageText {
    type Params = ReadParams;
    const SPEC: OpSpec = OpSpec {
        name: "page.text",
        summary: "The readable text of the page, or of one element",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::ElementNotFound, E::UidStale, E::DialogBlocking, E::CdpDisconnected],
        examples: &[
            "cdt page text --uid e12",
            "cdt page text",
            "cdt page text --uid e40",
            "cdt page text --selector main --output text",
        ],
        text: TextForm::Field("text"),
        aliases: &[Alias::new(&["text"], "text [uid|selector]", "the page's readable text", "text main", Form::Read)],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::ReadArgs>(),
        ..OpSpec::DEFAULTS
    };
}
