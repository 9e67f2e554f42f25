//! `cdt page text`: the readable text of the page, or of one element.

use super::*;
use crate::ops::prelude::*;

/// `page.text`: the operation (its [`OpSpec`] below).
pub struct PageText;

impl Op for PageText {
    type Params = TextParams;
    type Reply = PageReadReply;
    const SPEC: OpSpec = OpSpec {
        name: "page.text",
        summary: "The readable text of the page, or of one element (--markdown: its main content as Markdown)",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::NavigationInterrupted, E::PageNotFound, E::NoCurrentPage, E::ElementNotFound, E::UidStale, E::DialogBlocking, E::CdpDisconnected],
        examples: &[
            "cdt page text --uid e12",
            "cdt page text",
            "cdt page text --uid e40",
            "cdt page text --selector main --output text",
            "cdt page text --markdown",
        ],
        note: "--markdown gives headings, paragraphs, lists, quotes, code, tables and images, and each link as [text](url \"e12\") with its uid; without --uid or --selector it reads the page's main content (<main>, role=main, else the first <article>, else the body without its nav, header, footer and aside).",
        text: TextForm::Field(&["text", "markdown"]),
        aliases: &[Alias::new(&["text"], "text [uid|selector]", "the page's readable text", "text main", Form::Read)],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::TextArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TextParams {
    /// Only this element (uid).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    /// Only this element (CSS selector).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<String>,
    /// The main content (or the element) as Markdown, links with their uids.
    #[serde(default)]
    pub markdown: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[cfg(feature = "cli")]
mod args {
    use clap::Args;
    use serde::Serialize;

    use crate::ops::cli::{given_as_is, is_false};
    use crate::ops::page::args::ReadArgs;

    /// `page text`'s flags: `page html`'s, and `--markdown`.
    #[derive(Debug, Args, Serialize)]
    pub struct TextArgs {
        #[command(flatten)]
        #[serde(flatten)]
        pub read: ReadArgs,
        /// The main content as Markdown (links with their uids).
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub markdown: bool,
    }

    given_as_is!(TextArgs);
}
