//! `cdt page list`: list this context's pages: id, url, title, and which is current.

use super::*;
use crate::ops::prelude::*;

/// `page.list`: the operation (its [`OpSpec`] below).
pub struct PageList;

impl Op for PageList {
    type Params = NoParams;
    type Reply = PageListReply;
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
        tools: &[Tool::of::<ListPages>("list_pages", ToolFamily::DevTools, "List open pages: id, url, title, selected.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<NoArgs>(),
        ..OpSpec::DEFAULTS
    };
}

/// `page.list`'s reply: the context's pages, in the order they were opened.
#[derive(Clone, Debug, Default, PartialEq, Serialize, JsonSchema)]
pub struct PageListReply {
    pub pages: Vec<crate::page::PageInfo>,
}

/// `list_pages`: no arguments.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListPages {}

impl ToolShape for ListPages {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::PageList(NoParams {}))
    }
}
