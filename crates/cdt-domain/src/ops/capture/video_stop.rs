//! `cdt capture video stop`: end the recording and write it: a WebM (or MP4) when ffmpeg is
//! installed, else the folder of frames.

use crate::ops::prelude::*;

/// `capture.video.stop`: the operation (its [`OpSpec`] below).
pub struct CaptureVideoStop;

impl Op for CaptureVideoStop {
    type Params = VideoStopParams;
    type Reply = VideoStopReply;
    const SPEC: OpSpec = OpSpec {
        name: "capture.video.stop",
        summary: "Stop recording; write the video (WebM/MP4 with ffmpeg, else a folder of frames)",
        default_timeout_ms: S30 * 2,
        effect: Effect::Reads,
        errors: &[E::CdpDisconnected, E::IoError],
        examples: &[
            "cdt capture video stop",
            "cdt capture video stop --file /tmp/run.mp4",
        ],
        note: "The reply gives file, format (webm, mp4 or frames), duration, frame count and size. ffmpeg is looked for on PATH (or CDT_FFMPEG) when the recording stops; without it the frames (JPEG, numbered, with their timestamps in frames.json) are the recording.",
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::VideoStopArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VideoStopParams {
    /// Write the video here (absolute; `.mp4` for MP4, else WebM; default: the artifacts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

#[cfg(feature = "cli")]
mod args {
    use clap::Args;
    use serde::Serialize;

    use crate::ops::cli::given_as_is;

    #[derive(Debug, Args, Serialize)]
    pub struct VideoStopArgs {
        /// Write the video here (.mp4 for MP4, else WebM).
        #[arg(long, value_name = "PATH")]
        pub file: Option<String>,
    }

    given_as_is!(VideoStopArgs);
}

/// `capture video stop`'s reply: the recording, encoded when ffmpeg is there.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct VideoStopReply {
    pub page: crate::page::PageId,
    pub frames: usize,
    pub duration_ms: u64,
    /// ISO 8601.
    pub started_at: String,
    /// The folder of frames (`frames.json` gives each one's timestamp).
    pub dir: String,
    /// Why the recording was left as frames.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The video file (or the folder of frames).
    pub file: String,
    pub format: VideoFormat,
    pub bytes: u64,
}

/// What a recording was written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum VideoFormat {
    Webm,
    Mp4,
    /// No encoder, or no frames: the folder of frames.
    Frames,
}
