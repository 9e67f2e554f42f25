//! Parameters of the page operations: open, use, close, navigate (SPEC §6.2).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::page::WaitUntil;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PageOpenParams {
    /// The URL to open (`https://…`, `http://127.0.0.1:8080/x.html`, `about:blank`, `file:///…`).
    pub url: String,
    /// Open without making it the current page.
    #[serde(default)]
    pub background: bool,
    /// What to wait for before returning.
    #[serde(default)]
    pub wait_until: WaitUntil,
    /// JavaScript run before any page script, in every frame of the loaded document
    /// (`--init-script <file|js>`; the CLI reads a file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub init_script: Option<String>,
    /// Keep the init script for later documents of the page too (default: removed after this
    /// navigation).
    #[serde(default)]
    pub persist: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PageUseParams {
    /// The page id (from `cdt page list`).
    pub id: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PageCloseParams {
    /// The page id to close (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PageNavigateParams {
    /// The URL to load.
    pub url: String,
    /// The page to navigate (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// What to wait for before returning.
    #[serde(default)]
    pub wait_until: WaitUntil,
    /// JavaScript run before any page script, in every frame of the loaded document
    /// (`--init-script <file|js>`; the CLI reads a file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub init_script: Option<String>,
    /// Keep the init script for later documents of the page too (default: removed after this
    /// navigation).
    #[serde(default)]
    pub persist: bool,
}
