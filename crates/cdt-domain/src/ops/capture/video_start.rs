//! `cdt capture video start`: record the page (its screencast frames) until `video stop`.

use crate::ops::prelude::*;

/// `capture.video.start`: the operation (its [`OpSpec`] below).
pub struct CaptureVideoStart;

impl Op for CaptureVideoStart {
    type Params = VideoStartParams;
    type Reply = VideoStartReply;
    const SPEC: OpSpec = OpSpec {
        name: "capture.video.start",
        summary: "Start recording the page (its screencast frames) until capture video stop",
        default_timeout_ms: S10,
        effect: Effect::Reads,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::CdpDisconnected, E::IoError],
        examples: &[
            "cdt capture video start",
            "cdt capture video start --max-width 800 --quality 60",
        ],
        note: "One recording per context at a time. Frames come when the page paints (an idle page gives few; the video holds each frame until the next).",
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::VideoStartArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VideoStartParams {
    /// Scale frames down to at most this width (CSS px).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_width: Option<u32>,
    /// Scale frames down to at most this height.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_height: Option<u32>,
    /// JPEG quality of the frames, 1–100 (default 70).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quality: Option<u8>,
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
    #[serde(rename_all = "camelCase")]
    pub struct VideoStartArgs {
        /// Scale frames down to at most this width.
        #[arg(long, value_name = "PX")]
        pub max_width: Option<u32>,
        /// Scale frames down to at most this height.
        #[arg(long, value_name = "PX")]
        pub max_height: Option<u32>,
        /// JPEG quality of the frames, 1–100 (default 70).
        #[arg(long, value_name = "Q", value_parser = clap::value_parser!(u8).range(1..=100))]
        pub quality: Option<u8>,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    given_as_is!(VideoStartArgs);
}

/// `capture video start`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct VideoStartReply {
    pub recording: bool,
    pub page: crate::page::PageId,
    /// Where the frames go.
    pub dir: String,
}
