//! Files given to the chooser an element opens: a click on a drop zone, a styled button or a
//! label that opens the page's file chooser (`Page.setInterceptFileChooserDialog`), answered with
//! the files as a user picking them would (`DOM.setFileInputFiles` on the input that opened it,
//! hidden or not). Never leaves interception on after it returns.

use std::time::Duration;

use cdt_domain::interact::{DispatchOutcome, MouseEventKind, MouseInput};
use cdt_domain::ops::op;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::Value;

use crate::page_ops::{event_on, intercepting, mouse_input, set_input_files};
use crate::pages::Pages;

/// Clicks at `at` (the pointer is there) with the file chooser intercepted; when the click
/// opens one within `wait`, gives it `files`. `None`: no chooser opened.
pub(crate) async fn choose_files(
    pages: &Pages,
    page: &str,
    at: (f64, f64),
    files: &[String],
    wait: Duration,
) -> Result<Option<DispatchOutcome>, CdtError> {
    let session = pages.session_for(page).await?;
    let mut events = pages.connection.subscribe();
    let click = click_and_choose(pages, page, &session, &mut events, at, wait);
    let chosen = intercepting(pages, &session, "Page.setInterceptFileChooserDialog", click).await;
    let (outcome, opened) = chosen?;
    let Some(opened) = opened else {
        return Ok(if outcome.dialog.is_some() {
            Some(outcome)
        } else {
            None
        });
    };
    if opened["mode"] == "selectSingle" && files.len() > 1 {
        return Err(CdtError::validation(format!(
            "the file chooser it opened takes one file, not {}",
            files.len()
        ))
        .hinted("Pass one file: cdt element upload <uid> ./photo.jpg"));
    }
    let Some(node) = opened.get("backendNodeId").filter(|n| !n.is_null()) else {
        return Err(CdtError::new(
            ErrorCode::TargetNotInteractable,
            "the file chooser it opened belongs to no file input (a script's own picker)",
        )
        .run_then::<op::PageForms>("", " (each file input shows type=file, hidden ones too)"));
    };
    set_input_files(pages, &session, node, files).await?;
    Ok(Some(outcome))
}

async fn click_and_choose(
    pages: &Pages,
    page: &str,
    session: &str,
    events: &mut crate::transport::EventStream,
    (x, y): (f64, f64),
    wait: Duration,
) -> Result<(DispatchOutcome, Option<Value>), CdtError> {
    let mut outcome = DispatchOutcome::default();
    for kind in [MouseEventKind::Pressed, MouseEventKind::Released] {
        outcome = mouse_input(pages, page, &MouseInput::at(kind, x, y)).await?;
        if outcome.dialog.is_some() {
            return Ok((outcome, None));
        }
    }
    let opened = event_on(events, session, "Page.fileChooserOpened", wait).await;
    Ok((outcome, opened))
}
