//! `cdt downloads list`: the context's downloads — where each was saved, its URL, size, type
//! and state.

use crate::ops::prelude::*;

/// `downloads.list`: the operation (its [`OpSpec`] below).
pub struct DownloadsList;

impl Op for DownloadsList {
    type Params = crate::ops::NoParams;
    type Reply = DownloadsListReply;
    const SPEC: OpSpec = OpSpec {
        name: "downloads.list",
        summary: "List the context's downloads: file, URL, size, type and state",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[],
        examples: &["cdt downloads list"],
        note: "Downloads of a browser cdt launched are saved in the context's artifacts (contexts/<hash>/artifacts/downloads/) under the name the server or page suggested (`name (2).ext` when taken). An attached browser keeps its own download behaviour and lists nothing.",
        ..OpSpec::DEFAULTS
    };
}

/// `downloads list`'s reply: the context's downloads, in the order they began.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct DownloadsListReply {
    pub downloads: Vec<crate::download::DownloadReport>,
}
