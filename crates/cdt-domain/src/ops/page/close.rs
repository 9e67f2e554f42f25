//! `cdt page close`: close a page (default: the current one).

use super::*;
use crate::ops::prelude::*;

/// `page.close`: the operation (its [`OpSpec`] below).
pub struct PageClose;

impl Op for PageClose {
    type Params = PageCloseParams;
    type Reply = PageCloseReply;
    const SPEC: OpSpec = OpSpec {
        name: "page.close",
        summary: "Close a page (default: the current one)",
        default_timeout_ms: S10,
        effect: Effect::Changes,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt page close 2",
            "cdt page close",
            "cdt page close 3",
        ],
        tools: &[Tool::of::<ClosePage>("close_page", ToolFamily::DevTools, "Close a page.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::PageIdArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PageCloseParams {
    /// The page id to close (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u32>,
}

/// `close_page`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClosePage {
    /// From list_pages.
    pub page_id: u32,
}

impl ToolShape for ClosePage {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::PageClose(PageCloseParams {
            id: Some(self.page_id),
        }))
    }
}

/// `page.close`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageCloseReply {
    /// The page closed.
    pub closed: crate::page::PageId,
    /// The page current now (none when it was the last).
    pub current_page: Option<crate::page::PageId>,
}
