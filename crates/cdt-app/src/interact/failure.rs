//! The error each failure of the page probe is (`ProbeFailure`), with how to go on: what
//! covers a target and what takes it away, what shows a hidden one, the options a drop-down
//! has, the fields an element holds.

use cdt_domain::ops::op;
use cdt_domain::probe::ProbeFailure;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};

/// The error a probe's `failure` on `what` (the page calls it `element`) is, with how to go on.
pub(super) fn failure_error(
    failure: Option<ProbeFailure>,
    value: &Value,
    what: &str,
    element: &str,
) -> CdtError {
    match failure {
        Some(ProbeFailure::Stale) => CdtError::new(
            ErrorCode::UidStale,
            format!("{what} no longer exists in the page"),
        )
        .run_then::<op::CaptureSnapshot>("", " (uids of removed nodes are never reused)"),
        Some(ProbeFailure::Unknown) => {
            let error = CdtError::new(
                ErrorCode::ElementNotFound,
                format!("no element matches {what}"),
            )
            .run::<op::CaptureSnapshot>("");
            // A selector is matched in the document, then in each open shadow root alone: one
            // with a combinator may have meant to cross into one.
            let crossing = value["selector"]
                .as_str()
                .is_some_and(|selector| selector.trim().contains([' ', '>']));
            if crossing {
                error.hinted("Inside a web component, a selector matches within its shadow root alone (`button`, not `my-el button`); or pass --text or a uid")
            } else {
                scroll_for_more(error, &value["scrollers"])
            }
        }
        Some(ProbeFailure::Obscured) => obscured_error(value, element),
        Some(ProbeFailure::NotVisible) => not_visible_error(value, element),
        Some(ProbeFailure::Inert) => inert_error(value, element),
        Some(ProbeFailure::Disabled) => CdtError::new(
            ErrorCode::TargetNotInteractable,
            format!("{element} is disabled"),
        )
        .run::<op::ElementInspect>("<uid>"),
        Some(ProbeFailure::OutOfView) => CdtError::new(
            ErrorCode::TargetOutOfView,
            format!("{element} could not be scrolled into view"),
        )
        .run::<op::ElementScrollIntoView>("<uid>"),
        Some(ProbeFailure::InvalidSelector) => CdtError::validation(format!(
            "invalid CSS selector: {}",
            value["message"].as_str().unwrap_or("")
        ))
        .hinted("Check the selector, e.g. --selector 'form button[type=submit]'"),
        Some(ProbeFailure::NoOption) => no_option_error(value, what),
        Some(ProbeFailure::Readonly) => CdtError::new(
            ErrorCode::TargetNotInteractable,
            format!("{element} is read-only"),
        )
        // A read-only field is most often set by the page's own picker (a date, a colour),
        // which opens on a click.
        .run_then::<op::ElementClick>("<uid>", " (a page's picker often opens on it; then click the value)")
        .run::<op::ElementInspect>("<uid>"),
        Some(ProbeFailure::NotFocusable) => CdtError::new(
            ErrorCode::TargetNotInteractable,
            format!("{element} cannot take the keyboard focus, so nothing can be typed into it"),
        )
        .run::<op::ElementInspect>("<uid>"),
        Some(ProbeFailure::RadioUncheck) => CdtError::new(
            ErrorCode::TargetNotInteractable,
            format!("{element} is a radio button; it cannot be unchecked by itself"),
        )
        .hinted("Check another option of the group: cdt element check <uid>"),
        Some(ProbeFailure::ToggleValue) if value["options"].is_array() => CdtError::validation(format!(
            "{element} is a radio button of a group, which has no option {:?}; its options: {}",
            value["value"].as_str().unwrap_or_default(),
            options_list(&value["options"])
        ))
        .with_details(json!({ "options": value["options"] }))
        .hinted("Pass one of the options in error.details.options (element select checks the radio button of that name)"),
        Some(ProbeFailure::ToggleValue) => CdtError::validation(format!(
            "{element} is checked or unchecked: fill it with true or false (or on/off, yes/no, 1/0, checked/unchecked), not {:?}",
            value["value"].as_str().unwrap_or_default()
        ))
        .run::<op::ElementCheck>("<uid> --checked false"),
        Some(ProbeFailure::RangeValue) => CdtError::validation(format!(
            "{element} is a slider or spin button: fill it with a number, not {:?}",
            value["value"].as_str().unwrap_or_default()
        ))
        .run::<op::ElementFill>("<uid> 50"),
        Some(ProbeFailure::InputFormat) => input_format_error(value, element),
        Some(ProbeFailure::FileInput) => CdtError::new(
            ErrorCode::TargetNotInteractable,
            format!("{what} is a file input"),
        )
        .run::<op::ElementUpload>("<uid> <file>"),
        Some(ProbeFailure::NotFillable | ProbeFailure::UnknownCommand) | None => {
            not_fillable_error(value, element)
        }
    }
}

/// `TARGET_NOT_INTERACTABLE` for a hidden element, naming the control that shows it (a closed
/// `<details>`' summary, a tab, an accordion's button) when the page names one.
fn not_visible_error(value: &Value, element: &str) -> CdtError {
    let error = CdtError::new(
        ErrorCode::TargetNotInteractable,
        format!("{element} is not visible"),
    );
    match value["shownBy"].as_object() {
        Some(control) => error
            .with_details(json!({ "shownBy": control }))
            .run_then::<op::ElementClick>(
                control["uid"].as_str().unwrap_or("<uid>"),
                &format!(
                    " ({} {:?}, which shows it) first",
                    control["role"].as_str().unwrap_or_default(),
                    control["name"].as_str().unwrap_or_default()
                ),
            ),
        None => error.run::<op::ElementInspect>("<uid>"),
    }
}

/// `VALIDATION_ERROR` for a value a date, time, colour, range or number input would drop: the
/// form it takes, and an example.
fn input_format_error(value: &Value, element: &str) -> CdtError {
    let example = value["example"].as_str().unwrap_or_default();
    CdtError::validation(format!(
        "{element} is a {} input: it takes {}, not {:?}",
        value["type"].as_str().unwrap_or_default(),
        value["format"].as_str().unwrap_or_default(),
        value["value"].as_str().unwrap_or_default()
    ))
    .with_details(json!({ "format": value["format"], "example": example }))
    // (A colour's `#` would start a shell comment.)
    .run::<op::ElementFill>(&format!("<uid> '{example}'"))
}

/// `TARGET_OBSCURED`: what covers `element`, and what takes the cover away when the page shows
/// it (a dialog's buttons, a banner's Accept), else the cover itself to close.
fn obscured_error(value: &Value, element: &str) -> CdtError {
    let covering = value
        .get("covering")
        .and_then(Value::as_str)
        .unwrap_or("another element");
    if value["unpointed"] == true {
        return CdtError::new(
            ErrorCode::TargetObscured,
            format!("{element} takes no pointer (the page set pointer-events: none on it or what holds it), so a click there lands on {covering}"),
        )
        .with_details(json!({ "covering": covering, "pointerEvents": "none" }))
        .run_then::<op::PageWaitIdle>("", " (a page may turn the pointer off while it scrolls or loads), then try again")
        .run_then::<op::ElementFocus>("<uid>", ", then cdt input key Enter (the keyboard reaches it)");
    }
    if value["busy"] == true {
        let waited = super::pointing::BUSY_WAIT.as_secs();
        return CdtError::new(
            ErrorCode::TargetObscured,
            format!("{element} is covered by {covering}, which tells the page is busy (loading), and it did not go within {waited} s"),
        )
        .with_details(json!({ "covering": covering, "coveringUid": value["coveringUid"], "busy": true }))
        .run_then::<op::PageWaitIdle>("", " (or wait until it goes), then try again");
    }
    let mut error = CdtError::new(ErrorCode::TargetObscured, format!("{element} is covered by {covering} at its click point"))
        .with_details(json!({ "covering": covering, "coveringUid": value["coveringUid"], "coverControls": value["coverControls"] }));
    // An option of a `<select>` kept out of sight under the drop-down drawn for it (Tom
    // Select's, Select2's): chosen through that drop-down.
    if let (Some(select), Some(option)) = (value["keptSelect"].as_str(), value["option"].as_str()) {
        error = error.run_then::<op::ElementSelect>(
            &format!("{select} {option:?}"),
            " (its <select> is kept out of sight; this chooses it through the drop-down drawn for it)",
        );
    }
    // What takes the cover away, when the page shows it (a dialog's buttons, a banner's
    // Accept); else the cover itself, to read or remove.
    let controls = value["coverControls"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    if let (true, Some(popup)) = (controls.is_empty(), value["popup"].as_str()) {
        return popup_hints(error, value, popup);
    }
    if controls.is_empty() {
        return error
            .hinted(format!("Close or remove the covering element ({covering}) first, e.g. cdt element click {}", value["coveringUid"].as_str().unwrap_or("<uid>")))
            .hinted("Or click by coordinates: cdt input click <x> <y>");
    }
    click_first(error, &controls, "in what covers it")
}

/// `error` with a suggestion to click each of `controls` (uid, role, name) first, each said to
/// be in `place`.
fn click_first(error: CdtError, controls: &[Value], place: &str) -> CdtError {
    controls.iter().fold(error, |error, control| {
        error.run_then::<op::ElementClick>(
            control["uid"].as_str().unwrap_or("<uid>"),
            &format!(
                " ({} {:?}, {place}) first",
                control["role"].as_str().unwrap_or_default(),
                control["name"].as_str().unwrap_or_default()
            ),
        )
    })
}

/// `TARGET_NOT_INTERACTABLE` for an element the page keeps from the user while something over
/// it is open: what closes that (a modal dialog's controls, `coverControls`; Escape).
fn inert_error(value: &Value, element: &str) -> CdtError {
    let controls = value["coverControls"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let error = CdtError::new(
        ErrorCode::TargetNotInteractable,
        format!("{element} is inert: the page keeps it from the user while something over it is open (a drawer, a dialog)"),
    )
    .with_details(json!({ "coverControls": controls }));
    click_first(error, &controls, "in the dialog over it").run_then::<op::InputKey>(
        "Escape",
        " (closes most drawers and dialogs), then look again",
    )
}

/// What closes a pop-up over the page (`popup`) that covers the target: a click outside it,
/// where nothing takes a click (`outside`, when the view has such a point), as a user's closes
/// it; else Escape.
fn popup_hints(error: CdtError, value: &Value, popup: &str) -> CdtError {
    let error = error.with_details(json!({
        "covering": value["covering"], "coveringUid": value["coveringUid"], "popup": popup, "outside": value["outside"],
    }));
    let escape = " (closes most pop-ups)";
    let outside = value["outside"].as_array().filter(|at| at.len() == 2);
    let Some([x, y]) = outside.map(|at| [&at[0], &at[1]]) else {
        return error.run_then::<op::InputKey>(
            "Escape",
            &format!(" (closes most pop-ups; {popup} covers it)"),
        );
    };
    error
        .run_then::<op::InputClick>(
            &format!("{x} {y}"),
            &format!(" (outside {popup}, which covers it, where nothing takes a click: a click outside closes a pop-up)"),
        )
        .run_then::<op::InputKey>("Escape", escape)
}

/// A text not found may be drawn once scrolled to (a long list draws the rows in view): the
/// hint scrolls what has more below, the innermost box first (`scrollers` from the probe).
fn scroll_for_more(error: CdtError, scrollers: &Value) -> CdtError {
    let Some(first) = scrollers.as_array().and_then(|all| all.first()) else {
        return error;
    };
    let below = first["below"].as_u64().unwrap_or_default();
    let error = error.with_details(json!({ "scrollable": scrollers }));
    if first["page"] == true {
        error.run_then::<op::InputScroll>(
            "--dy 800",
            &format!(" (the page has {below} px more below; a page may draw more as it scrolls), then look again"),
        )
    } else {
        error.run_then::<op::InputScroll>(
            &format!("--dy 600 --at {},{}", first["x"], first["y"]),
            &format!(
                " (over {}, which scrolls, {below} px more below: a long list draws its rows as they scroll into view), then look again",
                first["element"].as_str().unwrap_or_default()
            ),
        )
    }
}

/// `TARGET_NOT_INTERACTABLE` for an element that holds no value; one that holds fields (a
/// date field's month, day and year; a form) names them (`e27 spinbutton "Month"`), one that
/// holds none (a heading, a link) the fields nearest to it on the page (`near`), which an agent
/// most likely meant; a slider's handle that tells no value how it moves.
fn not_fillable_error(value: &Value, element: &str) -> CdtError {
    if value["handle"].is_object() {
        return handle_error(
            &value["handle"],
            value["uid"].as_str().unwrap_or_default(),
            element,
        );
    }
    let line = |f: &Value| {
        format!(
            "{} {} {:?}",
            f["uid"].as_str().unwrap_or_default(),
            f["role"].as_str().unwrap_or_default(),
            f["name"].as_str().unwrap_or_default()
        )
    };
    let fields = value["fields"].as_array().cloned().unwrap_or_default();
    let Some(first) = fields.first().and_then(|f| f["uid"].as_str()) else {
        let near = value["near"].as_array().cloned().unwrap_or_default();
        let mut error = CdtError::new(
            ErrorCode::TargetNotInteractable,
            format!("{element} is not a field: it takes no value"),
        );
        if let Some(field) = near.first().filter(|f| f["uid"].is_string()) {
            let uid = field["uid"].as_str().unwrap_or_default();
            let rest = line(field);
            error = error
                .with_details(json!({ "near": near }))
                .run_then::<op::ElementFill>(
                    &format!("{uid} <value>"),
                    &format!(" ({}, the field nearest to it)", &rest[uid.len() + 1..]),
                );
        }
        // (Chosen's drop-down: a bare element a click acts on, which opens options without
        // roles.)
        if value["bare"] == true {
            error = error.run_then::<op::ElementClick>(
                "<uid>",
                " (a drop-down the page draws without saying so opens on a click), then click the option by its uid or --text",
            );
        }
        return error.run::<op::CaptureSnapshot>("");
    };
    let listed: Vec<String> = fields.iter().map(line).collect();
    CdtError::new(
        ErrorCode::TargetNotInteractable,
        format!(
            "{element} holds fields, not a value of its own: {}",
            listed.join(", ")
        ),
    )
    .with_details(json!({ "fields": fields }))
    .run_then::<op::ElementFill>(&format!("{first} <value>"), " for each field")
}

/// `TARGET_NOT_INTERACTABLE` for a slider's handle that tells no value (no role, no words:
/// jQuery UI's): where it sits on its track, and how a user moves it: dragged along the track
/// (its ends given), or by keys once focused.
fn handle_error(handle: &Value, uid: &str, element: &str) -> CdtError {
    let point = |p: &Value| format!("{} {}", p[0], p[1]);
    let (from, to) = (point(&handle["from"]), point(&handle["to"]));
    CdtError::new(
        ErrorCode::TargetNotInteractable,
        format!(
            "{element} is a slider's handle that tells no value (no role, no value of ARIA's): it sits at {}% of its track",
            handle["at"]
        ),
    )
    .with_details(json!({ "uid": uid, "handle": handle }))
    .run_then::<op::InputDrag>(
        &format!("{} <x> <y>", point(&handle["middle"])),
        &format!(" (along its track, from {from} to {to}), then read the value the page shows"),
    )
    .run_then::<op::ElementFocus>(
        uid,
        ", then cdt input key ArrowRight (ArrowLeft, PageUp, PageDown, Home, End: most handles move by keys)",
    )
}

/// `ELEMENT_NOT_FOUND` for an option `what` does not show; where its options open more (a
/// cascade's groups), the hint names a path through them (`Asia / Japan`).
fn no_option_error(value: &Value, what: &str) -> CdtError {
    let missing = value["value"].as_str().unwrap_or_default();
    if let Some(off) = value["disabled"].as_str() {
        return CdtError::new(
            ErrorCode::TargetNotInteractable,
            format!(
                "{what}'s option {off:?} is disabled: the page does not let it be chosen now; its options: {}",
                options_list(&value["options"])
            ),
        )
        .with_details(json!({ "options": value["options"], "missing": missing, "disabled": off }))
        .hinted("Pass one of the options in error.details.options, or first do what the page asks to enable it");
    }
    let error = CdtError::new(
        ErrorCode::ElementNotFound,
        format!(
            "{what} has no option {missing:?}; its options: {}",
            options_list(&value["options"])
        ),
    )
    .with_details(json!({ "options": value["options"], "missing": missing }));
    let first = value["options"][0].as_str();
    if first.is_some() && value["groups"] == true {
        return error.run_then::<op::ElementSelect>(
            &format!("<uid> \"<group> / {missing}\""),
            " (its options are groups that open more: a path through them, each step pressed in turn)",
        );
    }
    error.hinted(match first.is_none() {
        // (Options drawn without roles, none of them beside the drop-down.)
        true => "Open it (element click) and read its options in a capture snapshot",
        false => "Pass one of the options in error.details.options",
    })
}

/// A `<select>`'s options as an error message lists them: the first dozen, quoted, then how
/// many more (all are in the error's details).
fn options_list(options: &Value) -> String {
    const LISTED: usize = 12;
    let all: Vec<String> = options
        .as_array()
        .into_iter()
        .flatten()
        .map(|o| format!("{:?}", o.as_str().unwrap_or_default()))
        .collect();
    match all.len() {
        0 => "none".to_string(),
        n if n > LISTED => format!("{}, … {} more", all[..LISTED].join(", "), n - LISTED),
        _ => all.join(", "),
    }
}
