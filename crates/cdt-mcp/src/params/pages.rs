//! Pages: `select_page`, `close_page`, `navigate_page`, `wait_for`.

use super::*;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SelectPage {
    /// From list_pages.
    pub page_id: u32,
}

impl SelectPage {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::PageUse(PageUseParams { id: self.page_id }))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClosePage {
    /// From list_pages.
    pub page_id: u32,
}

impl ClosePage {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::PageClose(PageCloseParams {
            id: Some(self.page_id),
        }))
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum NavigationType {
    #[default]
    Url,
    Back,
    Forward,
    Reload,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NavigatePage {
    /// Default `url`.
    #[serde(default, rename = "type")]
    pub kind: NavigationType,
    /// For type=url.
    #[serde(default)]
    pub url: Option<String>,
    /// For type=reload.
    #[serde(default)]
    pub ignore_cache: bool,
    #[serde(default)]
    pub wait_until: WaitUntil,
    #[serde(default)]
    pub page: Option<u32>,
}

impl NavigatePage {
    pub fn op(self) -> Result<Operation, CdtError> {
        let (page, wait_until) = (self.page, self.wait_until);
        let history = HistoryParams { page, wait_until };
        Ok(match self.kind {
            NavigationType::Url => {
                let url = self.url.filter(|u| !u.is_empty()).ok_or_else(|| {
                    CdtError::validation("navigate_page with type=url needs a url")
                        .hinted("Pass {\"type\":\"url\",\"url\":\"https://example.com\"}")
                })?;
                Operation::PageNavigate(PageNavigateParams {
                    url,
                    page,
                    wait_until,
                    init_script: None,
                    persist: false,
                })
            }
            NavigationType::Back => Operation::PageBack(history),
            NavigationType::Forward => Operation::PageForward(history),
            NavigationType::Reload => Operation::PageReload(ReloadParams {
                page,
                ignore_cache: self.ignore_cache,
                wait_until,
            }),
        })
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WaitFor {
    /// Returns when any of these is on the page.
    pub text: Vec<String>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl WaitFor {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::PageWaitText(WaitTextParams {
            texts: self.text,
            page: self.page,
        }))
    }
}
