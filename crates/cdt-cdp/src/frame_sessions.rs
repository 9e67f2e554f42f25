//! Which CDP session, and which frame id, the commands for a frame of a page go to: the page's
//! own session for its main frame and same-process iframes, a session of its own (attached on
//! first use, then kept) for an out-of-process iframe.

use cdt_domain::ops::op;
use cdt_domain::{CdtError, ErrorCode};

use crate::pages::{Pages, attach};
use crate::support::lock;

/// The session and frame id commands for frame `prefix` of `page` go to.
pub(crate) async fn frame_target(
    pages: &Pages,
    page: &str,
    prefix: &str,
) -> Result<(String, String), CdtError> {
    let mut current = prefix.to_string();
    let mut frame_id: Option<String> = None;
    loop {
        if current.is_empty() {
            let session = pages.session_for(page).await?;
            return Ok((session, frame_id.unwrap_or_else(|| page.to_string())));
        }
        let index: usize = current.trim_start_matches('f').parse().unwrap_or(0);
        let entry = lock(&pages.state.worlds.frames)
            .get(page)
            .and_then(|f| f.get(index.wrapping_sub(1)).cloned());
        let Some(entry) = entry else {
            return Err(CdtError::new(
                ErrorCode::UidStale,
                format!("frame {current} of this page is gone"),
            )
            .run::<op::CaptureSnapshot>(""));
        };
        let frame = frame_id
            .get_or_insert_with(|| entry.frame_id.clone())
            .clone();
        if entry.remote {
            let session = remote_frame_session(pages, &entry.frame_id, &current).await?;
            return Ok((session, frame));
        }
        current = entry.parent;
    }
}

async fn remote_frame_session(
    pages: &Pages,
    frame_id: &str,
    prefix: &str,
) -> Result<String, CdtError> {
    let mut sessions = pages.state.worlds.sessions.lock().await;
    if let Some(session) = sessions.get(frame_id) {
        return Ok(session.clone());
    }
    let session = attach(&pages.connection, frame_id).await.map_err(|_| {
        CdtError::new(
            ErrorCode::UidStale,
            format!("frame {prefix} of this page is gone"),
        )
        .run::<op::CaptureSnapshot>("")
    })?;
    sessions.insert(frame_id.to_string(), session.clone());
    Ok(session)
}
