//! `capture snapshot|screenshot|pdf` (SPEC §6.3).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The `capture` operations: their entries in the operation table (see `ops::operations!`).
macro_rules! capture_operations {
    ($then:ident [$($table:tt)*] $($rest:ident)*) => {
        $then! { [$($table)*
        /// The page as compact text with stable uids (see docs/snapshot-format.md)
        CaptureSnapshot = "capture.snapshot" (SnapshotParams, capture::args::SnapshotArgs), S10, [PageNotFound, NoCurrentPage, ElementNotFound, UidStale, DialogBlocking, IoError, CdpDisconnected],
            ["cdt capture snapshot --interactive", "cdt capture snapshot", "cdt capture snapshot --interactive          # actionable nodes and headings only", "cdt capture snapshot --root e40 --depth 2", "cdt capture snapshot --output text          # just the snapshot text"];
        /// A PNG/JPEG/WebP of the viewport, the full page or one element
        CaptureScreenshot = "capture.screenshot" (ScreenshotParams, capture::args::ScreenshotArgs), S30, [PageNotFound, NoCurrentPage, ElementNotFound, UidStale, DialogBlocking, IoError, CdpDisconnected],
            ["cdt capture screenshot --full-page", "cdt capture screenshot", "cdt capture screenshot --full-page --format jpeg --quality 70", "cdt capture screenshot --uid e12 --file ./button.png"];
        /// Print the page to PDF
        CapturePdf = "capture.pdf" (PdfParams, capture::args::PdfArgs), S30, [PageNotFound, NoCurrentPage, DialogBlocking, IoError, CdpDisconnected],
            ["cdt capture pdf page.pdf", "cdt capture pdf ./page.pdf"];
        ] $($rest)* }
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SnapshotParams {
    /// Only actionable nodes and headings.
    #[serde(default)]
    pub interactive: bool,
    /// Deepest level to include.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// Start at this uid or CSS selector.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root: Option<String>,
    /// Every node with a role, and link URLs.
    #[serde(default)]
    pub verbose: bool,
    /// Cut names (and text lines) longer than this many characters; names are whole by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_name: Option<u32>,
    /// Write the snapshot text to this file (absolute path) instead of returning it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ScreenshotParams {
    /// `png` (default), `jpeg` or `webp`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
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

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PdfParams {
    /// Where to write the PDF (absolute path).
    pub file: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// The flags of `cdt capture …`.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use clap::Args;
    use serde::Serialize;

    use crate::ops::cli::{given_as_is, is_false};
    use crate::ops::page::args::PageArg;

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct SnapshotArgs {
        /// Only actionable nodes and headings.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub interactive: bool,
        /// Deepest level to include.
        #[arg(long, value_name = "N")]
        pub depth: Option<u32>,
        /// Start at this uid or CSS selector.
        #[arg(long, value_name = "UID|CSS")]
        pub root: Option<String>,
        /// Cut names longer than N characters (names are whole by default).
        #[arg(long, value_name = "N")]
        pub max_name: Option<u32>,
        /// Write the snapshot text to a file.
        #[arg(long, value_name = "PATH")]
        pub file: Option<String>,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct ScreenshotArgs {
        /// png, jpeg or webp.
        #[arg(long)]
        pub format: Option<String>,
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

    #[derive(Debug, Args, Serialize)]
    pub struct PdfArgs {
        /// The PDF file to write.
        #[arg(value_name = "FILE")]
        pub file: Option<String>,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    given_as_is!(SnapshotArgs, ScreenshotArgs, PdfArgs);
}
