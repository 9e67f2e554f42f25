//! `cdt capture screenshot`: a PNG/JPEG/WebP of the viewport, the full page or one element.

use super::*;
use crate::ops::prelude::*;

/// `capture.screenshot`: the operation (its [`OpSpec`] below).
pub struct CaptureScreenshot;

impl Op for CaptureScreenshot {
    type Params = ScreenshotParams;
    type Reply = ScreenshotReply;
    const SPEC: OpSpec = OpSpec {
        name: "capture.screenshot",
        summary: "A PNG/JPEG/WebP of the viewport, the full page or one element",
        default_timeout_ms: S30,
        effect: Effect::Changes,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::ElementNotFound, E::UidStale, E::DialogBlocking, E::IoError, E::CdpDisconnected],
        examples: &[
            "cdt capture screenshot --full-page",
            "cdt capture screenshot",
            "cdt capture screenshot --full-page --format jpeg --quality 70",
            "cdt capture screenshot --uid e12 --file ./button.png",
        ],
        aliases: &[Alias::new(&["screenshot"], "screenshot [--file PATH]", "a PNG of the viewport", "screenshot --full-page", Form::Append)],
        tools: &[Tool::of::<TakeScreenshot>("take_screenshot", ToolFamily::DevTools, "Screenshot of the viewport, full page or an element; a file path when large.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::ScreenshotArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ScreenshotParams {
    /// `png` (default), `jpeg` or `webp`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<ImageFormat>,
    /// 0–100, for jpeg and webp.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quality: Option<u32>,
    /// The whole page, not just the viewport.
    #[serde(default)]
    pub full_page: bool,
    /// Only this element.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    /// Where to write it (absolute path); default: the context's artifacts directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// Also return the image as base64.
    #[serde(default)]
    pub inline: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// The encoding of a screenshot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum ImageFormat {
    #[default]
    Png,
    #[serde(alias = "jpg")]
    #[cfg_attr(feature = "cli", value(alias = "jpg"))]
    Jpeg,
    Webp,
}

impl ImageFormat {
    /// Its name in CDP (`Page.captureScreenshot`'s `format`) and in file extensions.
    pub fn as_str(self) -> &'static str {
        match self {
            ImageFormat::Png => "png",
            ImageFormat::Jpeg => "jpeg",
            ImageFormat::Webp => "webp",
        }
    }
}

/// `take_screenshot`.
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

impl ToolShape for TakeScreenshot {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::CaptureScreenshot(ScreenshotParams {
            format: self.format,
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

#[cfg(feature = "cli")]
mod args {
    use super::*;
    
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::{given_as_is, is_false};
    use crate::ops::page::args::PageArg;

#[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct ScreenshotArgs {
        /// png (default), jpeg or webp.
        #[arg(long, value_enum, ignore_case = true)]
        pub format: Option<ImageFormat>,
        /// 0–100 (jpeg, webp).
        #[arg(long)]
        pub quality: Option<u32>,
        /// The whole page, beyond the viewport.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub full_page: bool,
        /// Only this element.
        #[arg(long, value_name = "UID")]
        pub uid: Option<String>,
        /// Where to write it (default: the context's artifacts directory).
        #[arg(long, value_name = "PATH")]
        pub file: Option<String>,
        /// Also return the image as base64 in the reply.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub inline: bool,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    given_as_is!(ScreenshotArgs);
}

/// `capture screenshot`'s reply: the image written (and inlined with `--inline`).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScreenshotReply {
    pub path: String,
    pub sha256: String,
    pub width: u32,
    pub height: u32,
    pub format: ImageFormat,
    pub bytes: usize,
    /// ISO 8601.
    pub captured_at: String,
    pub page: crate::page::PageId,
    /// The image, with `--inline` when it fits in one reply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base64: Option<String>,
    /// `--inline` was asked, but the image is too large: read it from `path`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub inline_omitted: bool,
    /// Carried to the envelope's `meta.warnings`.
    #[serde(rename = "__warnings", default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(skip)]
    pub warnings: Vec<crate::warning::Warning>,
}
