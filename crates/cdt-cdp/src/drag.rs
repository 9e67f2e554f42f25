//! HTML5 drag-and-drop: the drag a page starts on a mouse press-and-move is
//! intercepted (`Input.setInterceptDrags`), and its data is carried to the drop point with
//! `Input.dispatchDragEvent`, so the page's `dragstart`, `dragenter`, `dragover` and `drop`
//! handlers run with a real `dataTransfer`. Never leaves interception on after it returns.

use std::time::Duration;

use cdt_domain::CdtError;
use cdt_domain::interact::{DispatchOutcome, MouseEventKind, MouseInput};
use serde_json::{Value, json};

use crate::page_ops::mouse_input;
use crate::pages::Pages;
use crate::transport::EventStream;

/// How long a started drag may take to be reported before the move counts as a plain drag.
const INTERCEPT_WAIT: Duration = Duration::from_millis(1000);

pub(crate) async fn html5_drag(
    pages: &Pages,
    page: &str,
    from: (f64, f64),
    to: (f64, f64),
) -> Result<DispatchOutcome, CdtError> {
    let session = pages.session_for(page).await?;
    let mut events = pages.connection.subscribe();
    pages
        .connection
        .call(
            "Input.setInterceptDrags",
            json!({ "enabled": true }),
            Some(&session),
        )
        .await?;
    let outcome = intercepted_drag(pages, page, &session, &mut events, from, to).await;
    let _ = pages
        .connection
        .call(
            "Input.setInterceptDrags",
            json!({ "enabled": false }),
            Some(&session),
        )
        .await;
    outcome
}

async fn intercepted_drag(
    pages: &Pages,
    page: &str,
    session: &str,
    events: &mut EventStream,
    from: (f64, f64),
    to: (f64, f64),
) -> Result<DispatchOutcome, CdtError> {
    let mouse = |kind: MouseEventKind, (x, y): (f64, f64)| MouseInput::at(kind, x, y);
    let moved = MouseInput::moved(from.0, from.1);
    for input in [moved, mouse(MouseEventKind::Pressed, from)] {
        let outcome = mouse_input(pages, page, &input).await?;
        if outcome.dialog.is_some() {
            return Ok(outcome);
        }
    }
    // A few steps: the page sees the move start a drag (past the drag threshold).
    for step in 1..=4 {
        let t = f64::from(step) / 4.0;
        let point = (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t);
        let outcome = mouse_input(pages, page, &mouse(MouseEventKind::Moved, point)).await?;
        if outcome.dialog.is_some() {
            return Ok(outcome);
        }
    }
    let data = tokio::time::timeout(INTERCEPT_WAIT, async {
        while let Some(event) = events.recv().await {
            if event.method == "Input.dragIntercepted"
                && event.session_id.as_deref() == Some(session)
            {
                return Some(event.params["data"].clone());
            }
        }
        None
    })
    .await
    .ok()
    .flatten();
    let Some(data) = data else {
        // The page started no drag: finish as the mouse drag it was.
        return mouse_input(pages, page, &mouse(MouseEventKind::Released, to)).await;
    };
    for kind in ["dragEnter", "dragOver", "drop"] {
        drag_event(pages, session, kind, to, &data).await?;
    }
    mouse_input(pages, page, &mouse(MouseEventKind::Released, to)).await
}

async fn drag_event(
    pages: &Pages,
    session: &str,
    kind: &str,
    (x, y): (f64, f64),
    data: &Value,
) -> Result<(), CdtError> {
    pages
        .connection
        .call(
            "Input.dispatchDragEvent",
            json!({ "type": kind, "x": x, "y": y, "data": data, "modifiers": 0 }),
            Some(session),
        )
        .await
        .map(drop)
}
