//! A context's screen recording in progress (`capture video start` … `stop`): where its frames
//! go and what it has. A leaf: the slot holds one, the video use cases fill and end it.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::sync::lock;

/// One frame written: its file name and the page's timestamp for it (seconds).
#[derive(Clone, Debug)]
pub struct Frame {
    pub file: String,
    pub timestamp: f64,
}

/// What a recording has gathered; shared with the frame listener.
#[derive(Default)]
pub struct Frames {
    pub list: Mutex<Vec<Frame>>,
    /// Frames being written right now.
    pub writing: AtomicUsize,
    named: AtomicU64,
}

impl Frames {
    /// The next frame's file name (`frame-000001.jpg`, …).
    pub fn next_name(&self) -> String {
        format!(
            "frame-{:06}.jpg",
            self.named.fetch_add(1, Ordering::SeqCst) + 1
        )
    }

    pub fn push(&self, frame: Frame) {
        lock(&self.list).push(frame);
    }

    pub fn busy(&self) -> bool {
        self.writing.load(Ordering::SeqCst) > 0
    }
}

/// A recording in progress.
pub struct Recording {
    pub page: cdt_domain::PageId,
    pub target: String,
    pub dir: PathBuf,
    pub frames: Arc<Frames>,
    /// When it started (wall clock ms) and on the monotonic clock.
    pub started_unix_ms: u64,
    pub started: std::time::Instant,
    /// The frame listener: dropping it stops the frames.
    pub listener: Box<dyn std::any::Any + Send + Sync>,
}
