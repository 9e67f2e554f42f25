//! `cdt capture pdf`: print the page to PDF.

use super::*;
use crate::ops::prelude::*;

/// `capture.pdf`: the operation (its [`OpSpec`] below).
pub struct CapturePdf;

impl Op for CapturePdf {
    type Params = PdfParams;
    type Reply = PdfReply;
    const SPEC: OpSpec = OpSpec {
        name: "capture.pdf",
        summary: "Print the page to PDF",
        default_timeout_ms: S30,
        effect: Effect::Changes,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::DialogBlocking, E::IoError, E::CdpDisconnected],
        examples: &[
            "cdt capture pdf page.pdf",
            "cdt capture pdf ./page.pdf",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::PdfArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PdfParams {
    /// Where to write the PDF (absolute path).
    pub file: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::given_as_is;
    use crate::ops::page::args::PageArg;

#[derive(Debug, Args, Serialize)]
    pub struct PdfArgs {
        /// The PDF file to write.
        #[arg(value_name = "FILE")]
        pub file: Option<String>,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    given_as_is!(PdfArgs);
}

/// `capture pdf`'s reply: the PDF written.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct PdfReply {
    pub path: String,
    pub bytes: usize,
    pub page: crate::page::PageId,
}
