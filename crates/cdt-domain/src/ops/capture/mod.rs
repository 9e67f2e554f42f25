//! `capture snapshot|screenshot|pdf` (SPEC §6.3).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

resource_operations! { $ capture_operations(capture);
    CaptureSnapshot = snapshot,
    CaptureScreenshot = screenshot,
    CapturePdf = pdf,
    CaptureVideoStart = video_start,
    CaptureVideoStop = video_stop,
}
