//! Downloads (issue 21.2): a file the browser saves for a page, as the context sees it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum DownloadState {
    #[default]
    InProgress,
    Completed,
    Canceled,
}

/// One download of the context's browser.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Download {
    /// The browser's id for it (a GUID).
    pub id: String,
    pub url: String,
    /// The name the page or server suggested.
    pub suggested_filename: String,
    /// Where it was saved, once completed (an absolute path).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    pub state: DownloadState,
    /// Bytes received so far (the file's size once completed).
    pub size: u64,
    /// The size announced, when the server gave one (0: unknown).
    pub total_bytes: u64,
    /// The page target whose frame started it (empty when unknown).
    #[serde(skip)]
    pub page_target_id: String,
    /// Its place in the order downloads began (1, 2, …).
    pub seq: u64,
}

impl Download {
    pub fn is_done(&self) -> bool {
        self.state != DownloadState::InProgress
    }
}

/// A download as replies show it: the download and its MIME type (the response's, else one
/// guessed from the file name).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct DownloadReport {
    #[serde(flatten)]
    pub download: Download,
    pub mime: String,
}
