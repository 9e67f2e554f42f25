//! Drags, as a hand makes them: pressed at one end, moved in steps, released at the other. A
//! drag the page starts on the way (an HTML5 source, a sortable list's item that becomes
//! draggable when pressed, a link) is intercepted (`Input.setInterceptDrags`) and carried on
//! with `Input.dispatchDragEvent`, over the rest of the path and dropped at the end, so the
//! page's `dragstart`, `dragenter`, `dragover` and `drop` handlers run with a real
//! `dataTransfer`; any other drag is mouse moves all the way. Never leaves interception on
//! after it returns.

use std::time::Duration;

use cdt_domain::CdtError;
use cdt_domain::interact::{DispatchOutcome, MouseEventKind, MouseInput};
use serde_json::{Value, json};

use crate::page_ops::{event_on, intercepting, mouse_input};
use crate::pages::Pages;
use crate::transport::EventStream;

/// How long an HTML5 drag source's drag may take to be reported after the moves.
const INTERCEPT_WAIT: Duration = Duration::from_millis(1000);
/// How long any other drag's last moves may take to be reported as a drag the page started.
const LATE_INTERCEPT_WAIT: Duration = Duration::from_millis(30);
/// Steps of a drag's path: the page sees the pointer, or the dragged item, pass over what lies
/// between the ends (a sortable list makes room as the item passes).
const DRAG_STEPS: u32 = 8;
/// The pause before each step: a frame (60 Hz).
const STEP_PAUSE: Duration = Duration::from_millis(16);

/// A drag from `from` to `to` (viewport coordinates); `html5`: the source is draggable, so a
/// drag is waited for after the moves.
pub(crate) async fn drag(
    pages: &Pages,
    page: &str,
    from: (f64, f64),
    to: (f64, f64),
    html5: bool,
) -> Result<DispatchOutcome, CdtError> {
    let session = pages.session_for(page).await?;
    let mut events = pages.connection.subscribe();
    let drag = stepped_drag(pages, page, &session, &mut events, (from, to), html5);
    intercepting(pages, &session, "Input.setInterceptDrags", drag).await
}

/// The data of a drag the page started, if one was reported on `session` by now.
fn started(events: &mut EventStream, session: &str) -> Option<Value> {
    while let Ok(event) = events.try_recv() {
        if event.method == "Input.dragIntercepted" && event.session_id.as_deref() == Some(session) {
            return Some(event.params["data"].clone());
        }
    }
    None
}

async fn stepped_drag(
    pages: &Pages,
    page: &str,
    session: &str,
    events: &mut EventStream,
    (from, to): ((f64, f64), (f64, f64)),
    html5: bool,
) -> Result<DispatchOutcome, CdtError> {
    let mouse = |kind: MouseEventKind, (x, y): (f64, f64)| MouseInput::at(kind, x, y);
    for input in [
        MouseInput::moved(from.0, from.1),
        mouse(MouseEventKind::Pressed, from),
    ] {
        let outcome = mouse_input(pages, page, &input).await?;
        if outcome.dialog.is_some() {
            return Ok(outcome);
        }
    }
    let mut dragging: Option<Value> = None;
    for step in 1..=DRAG_STEPS {
        let t = f64::from(step) / f64::from(DRAG_STEPS);
        let point = (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t);
        // A frame apart, as a hand's moves come: pages that reorder or follow the pointer
        // once per frame (Sortable, libraries driven by requestAnimationFrame) see each one.
        tokio::time::sleep(STEP_PAUSE).await;
        if let Some(data) = &dragging {
            drag_over(pages, session, point, data).await?;
            continue;
        }
        let outcome = mouse_input(pages, page, &mouse(MouseEventKind::Moved, point)).await?;
        if outcome.dialog.is_some() {
            return Ok(outcome);
        }
        // The page started a drag (past the drag threshold): it goes on as drag events.
        if let Some(data) = started(events, session) {
            drag_event(pages, session, "dragEnter", point, &data).await?;
            drag_over(pages, session, point, &data).await?;
            dragging = Some(data);
        }
    }
    if dragging.is_none() {
        let wait = if html5 {
            INTERCEPT_WAIT
        } else {
            LATE_INTERCEPT_WAIT
        };
        dragging = event_on(events, session, "Input.dragIntercepted", wait)
            .await
            .map(|params| params["data"].clone());
        if let Some(data) = &dragging {
            drag_event(pages, session, "dragEnter", to, data).await?;
        }
    }
    if let Some(data) = &dragging {
        drag_over(pages, session, to, data).await?;
        drag_event(pages, session, "drop", to, data).await?;
    }
    mouse_input(pages, page, &mouse(MouseEventKind::Released, to)).await
}

/// The dragged data over `point`: twice, since Chromium fires only `dragenter` at an element
/// the drag just entered and its `dragover` at the next update (a sortable list reorders on
/// `dragover`).
async fn drag_over(
    pages: &Pages,
    session: &str,
    point: (f64, f64),
    data: &Value,
) -> Result<(), CdtError> {
    drag_event(pages, session, "dragOver", point, data).await?;
    drag_event(pages, session, "dragOver", point, data).await
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
