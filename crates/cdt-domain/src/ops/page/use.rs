//! `cdt page use`: make a page current (ids come from `cdt page list`).

use super::*;
use crate::ops::prelude::*;

/// `page.use`: the operation (its [`OpSpec`] below).
pub struct PageUse;

impl Op for PageUse {
    type Params = PageUseParams;
    /// The page, now current.
    type Reply = crate::page::PageInfo;
    const SPEC: OpSpec = OpSpec {
        name: "page.use",
        summary: "Make a page current (ids come from `cdt page list`)",
        default_timeout_ms: S5,
        effect: Effect::Changes,
        errors: &[E::PageNotFound, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt page use 2",
            "cdt page use --page 2",
        ],
        text: TextForm::PageReached,
        tools: &[Tool::of::<SelectPage>("select_page", ToolFamily::DevTools, "Select the page later calls act on.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::PageIdArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PageUseParams {
    /// The page id (from `cdt page list`).
    pub id: u32,
}

/// `select_page`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SelectPage {
    /// From list_pages.
    pub page_id: u32,
}

impl ToolShape for SelectPage {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::PageUse(PageUseParams { id: self.page_id }))
    }
}
