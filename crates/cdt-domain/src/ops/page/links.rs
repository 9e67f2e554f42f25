//! `cdt page links`: every link of the page, with its uid, name and URL.

use super::*;
use crate::ops::prelude::*;

/// `page.links`: the operation (its [`OpSpec`] below).
pub struct PageLinks;

impl Op for PageLinks {
    type Params = PageParams;
    type Reply = PageLinksReply;
    const SPEC: OpSpec = OpSpec {
        name: "page.links",
        summary: "Every link of the page: its uid, name and URL",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::NoCurrentPage, E::CdpDisconnected],
        examples: &[
            "cdt page links",
            "cdt page links --output text",
        ],
        note: "The links of the page's document (`<a href>` and `<area href>`), in page order, then those inside its open shadow roots, then each frame's (uids `f1e3`), each with the uid an action takes (`cdt element click e12`); a link not shown is marked `hidden`.",
        text: TextForm::Links,
        aliases: &[Alias::new(&["links"], "links", "every link: uid, name and URL", "links", Form::Append)],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::PageArg>(),
        ..OpSpec::DEFAULTS
    };
}

/// `page links`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct PageLinksReply {
    pub page: crate::page::PageId,
    pub links: Vec<PageLink>,
}

/// One link.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PageLink {
    pub uid: String,
    /// Its accessible name (as the snapshot shows it).
    pub name: String,
    /// Where it leads (absolute).
    pub url: String,
    /// Set when the link is not shown (no box, `visibility: hidden`).
    #[serde(default, skip_serializing_if = "crate::ops::is_false")]
    pub hidden: bool,
}
