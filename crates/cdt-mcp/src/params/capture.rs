//! Captures: `take_snapshot`, `take_screenshot`.

use super::*;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TakeSnapshot {
    /// Every node with a role, and link URLs.
    #[serde(default)]
    pub verbose: bool,
    /// Only actionable nodes and headings.
    #[serde(default)]
    pub interactive: bool,
    /// Subtree of this uid or CSS selector.
    #[serde(default)]
    pub root: Option<String>,
    #[serde(default)]
    pub depth: Option<u32>,
    /// Write the snapshot here (absolute path) instead of returning it.
    #[serde(default)]
    pub file_path: Option<String>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl TakeSnapshot {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::CaptureSnapshot(SnapshotParams {
            interactive: self.interactive,
            depth: self.depth,
            root: self.root,
            verbose: self.verbose,
            file: self.file_path,
            page: self.page,
            max_name: None,
        }))
    }
}

#[derive(Clone, Copy, Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ImageFormat {
    Png,
    Jpeg,
    Webp,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TakeScreenshot {
    #[serde(default)]
    pub format: Option<ImageFormat>,
    /// 0-100, jpeg and webp.
    #[serde(default)]
    pub quality: Option<u32>,
    #[serde(default)]
    pub full_page: bool,
    /// Only this element.
    #[serde(default)]
    pub uid: Option<String>,
    /// Save here (absolute path) instead of returning the image.
    #[serde(default)]
    pub file_path: Option<String>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl TakeScreenshot {
    pub fn op(self) -> Result<Operation, CdtError> {
        let format = self.format.map(|f| {
            match f {
                ImageFormat::Png => "png",
                ImageFormat::Jpeg => "jpeg",
                ImageFormat::Webp => "webp",
            }
            .to_string()
        });
        Ok(Operation::CaptureScreenshot(ScreenshotParams {
            format,
            quality: self.quality,
            full_page: self.full_page,
            uid: self.uid,
            // Without a path the image comes back in the result (the file is kept too).
            inline: self.file_path.is_none(),
            file: self.file_path,
            page: self.page,
        }))
    }
}
