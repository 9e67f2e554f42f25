//! The agent loop (SPEC §6.2–§6.7): snapshots with stable uids, element and input actions that
//! report what they caused, waits, readers, dialogs, isolated evaluation, captures, observation.
//!
//! The in-page work is done by the browser adapter's page probe; this module decides what to
//! ask, maps the probe's answers to error codes, and builds the feedback of every action.

pub mod capture;
mod choose;
pub mod dialog;
pub mod element;
pub mod eval;
pub mod examine;
mod failure;
pub mod feedback;
pub mod fill;
pub mod input;
pub mod keys;
pub mod locate;
pub mod navigation;
pub mod observe;
pub mod pointing;
pub mod read;
pub mod snapshot;
pub mod wait;
pub mod why;

use cdt_domain::CdtError;
use cdt_domain::ops::op;
use cdt_domain::probe::ProbeFailure;
use serde_json::{Value, json};

/// Scopes a probe command to an element named by a uid (`rootUid`, read in the uid's frame) or a
/// CSS selector (`rootSelector`, in the main frame); returns the frame to run the command in.
pub fn scope_to<'a>(root: &'a str, args: &mut Value) -> &'a str {
    match frame_of(root) {
        Ok(frame) => {
            args["rootUid"] = json!(root);
            frame
        }
        Err(_) => {
            args["rootSelector"] = json!(root);
            ""
        }
    }
}

/// Splits `f2e7` into its frame prefix (`f2`) and checks the form; `e12` is the main frame.
pub fn frame_of(uid: &str) -> Result<&str, CdtError> {
    let split = uid.rfind('e').unwrap_or(0);
    let (frame, rest) = uid.split_at(split);
    let frame_ok = frame.is_empty()
        || (frame.len() > 1
            && frame.starts_with('f')
            && frame[1..].bytes().all(|b| b.is_ascii_digit()));
    let rest_ok =
        rest.starts_with('e') && rest.len() > 1 && rest[1..].bytes().all(|b| b.is_ascii_digit());
    if frame_ok && rest_ok {
        Ok(frame)
    } else {
        Err(
            CdtError::validation(format!("{uid:?} is not a uid (uids look like e12 or f1e3)"))
                .run::<op::CaptureSnapshot>(""),
        )
    }
}

/// The part of a page probe's answer that is `what` (`"findings"`, or `""` for the whole),
/// read into its type; a shape the probe should never send is an internal error.
pub fn probe_read<T: serde::de::DeserializeOwned>(
    answer: &Value,
    what: &str,
) -> Result<T, CdtError> {
    let part = if what.is_empty() {
        answer
    } else {
        &answer[what]
    };
    serde_json::from_value(part.clone()).map_err(|error| {
        CdtError::internal(format!(
            "cdt's page probe sent an unreadable {}: {error}",
            if what.is_empty() { "reply" } else { what }
        ))
    })
}

/// Maps a page-probe answer carrying `error` to cdt's error codes; passes others through.
pub fn probe_result(value: Value, what: &str) -> Result<Value, CdtError> {
    let Some(error) = value.get("error").and_then(Value::as_str) else {
        return Ok(value);
    };
    let failure = ProbeFailure::from_name(error);
    let element = value
        .get("element")
        .and_then(Value::as_str)
        .unwrap_or(what)
        .to_string();
    let error = failure::failure_error(failure, &value, what, &element);
    let mut details = if error.details.is_object() {
        error.details.clone()
    } else {
        json!({})
    };
    // The element found (by selector or text too) is named by its uid, in the details and in
    // the suggestions, so the caller can act on that very element next.
    let mut error = error;
    if let Some(uid) = value
        .get("uid")
        .and_then(Value::as_str)
        .filter(|u| !u.is_empty())
    {
        details["uid"] = json!(uid);
        for suggestion in &mut error.suggestions {
            suggestion.fill("<uid>", uid);
        }
    }
    Err(error.with_details(details))
}

/// An element target as the page probe names it: the frame whose probe looks for it (`""`: the
/// page's main frame), the probe's arguments (`uid`, `selector` or `text`), and how errors
/// speak of it (`e12`, `selector "#go"`).
#[derive(Clone, Debug)]
pub struct Target {
    pub frame: String,
    pub args: Value,
    pub what: String,
}

impl Target {
    /// The element a uid names, in its frame.
    pub fn uid(uid: &str) -> Result<Target, CdtError> {
        Ok(Target {
            frame: frame_of(uid)?.to_string(),
            args: json!({ "uid": uid }),
            what: uid.to_string(),
        })
    }

    /// The element a CSS selector finds (in the main frame first, then in any frame).
    pub fn selector(selector: &str) -> Target {
        Target {
            frame: String::new(),
            args: json!({ "selector": selector }),
            what: format!("selector {selector:?}"),
        }
    }

    /// The element whose words are `text` (in the main frame first, then in any frame).
    pub fn text(text: &str) -> Target {
        Target {
            frame: String::new(),
            args: json!({ "text": text }),
            what: format!("text {text:?}"),
        }
    }

    /// The element a uid names when `given` is one, else the one the CSS selector `given` finds.
    pub fn uid_or_selector(given: &str) -> Result<Target, CdtError> {
        if frame_of(given).is_ok() {
            Target::uid(given)
        } else {
            Ok(Target::selector(given))
        }
    }

    /// The element named by one of a uid, a selector or a text, in that order of preference.
    pub fn named(
        uid: Option<&str>,
        selector: Option<&str>,
        text: Option<&str>,
    ) -> Result<Target, CdtError> {
        match (uid, selector, text) {
            (Some(uid), _, _) => Target::uid(uid),
            (None, Some(selector), _) => Ok(Target::selector(selector)),
            (None, None, Some(text)) => Ok(Target::text(text)),
            _ => Err(
                CdtError::validation("name the element: a uid, --selector or --text")
                    .hinted("Example: cdt element click e12 (uids from cdt capture snapshot)"),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cdt_domain::ErrorCode;

    #[test]
    fn a_target_is_a_uid_in_its_frame_else_a_selector_or_text() {
        let uid = Target::uid_or_selector("f2e7").expect("a uid");
        assert_eq!(
            (uid.frame.as_str(), &uid.args, uid.what.as_str()),
            ("f2", &json!({ "uid": "f2e7" }), "f2e7")
        );
        let selector = Target::uid_or_selector("#list > li").expect("a selector");
        assert_eq!(
            (selector.frame.as_str(), &selector.args),
            ("", &json!({ "selector": "#list > li" }))
        );
        let text = Target::named(None, None, Some("Save")).expect("a text");
        assert_eq!(text.args, json!({ "text": "Save" }));
        assert_eq!(
            Target::named(None, None, None)
                .expect_err("nothing named")
                .code,
            ErrorCode::ValidationError
        );
        assert!(Target::uid("x3").is_err());
    }

    #[test]
    fn uids_are_checked_and_split_by_frame() {
        assert_eq!(frame_of("e12").ok(), Some(""));
        assert_eq!(frame_of("f2e7").ok(), Some("f2"));
        for bad in ["12", "e", "x3", "fe3", "f2x7", "e1a"] {
            assert!(frame_of(bad).is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn probe_failures_map_to_codes() {
        let code = |v: Value| probe_result(v, "e1").err().map(|e| e.code);
        assert_eq!(code(json!({ "error": "stale" })), Some(ErrorCode::UidStale));
        assert_eq!(
            code(json!({ "error": "unknown" })),
            Some(ErrorCode::ElementNotFound)
        );
        assert_eq!(
            code(json!({ "error": "obscured", "covering": "div#overlay" })),
            Some(ErrorCode::TargetObscured)
        );
        assert_eq!(
            code(json!({ "error": "disabled" })),
            Some(ErrorCode::TargetNotInteractable)
        );
        assert!(probe_result(json!({ "x": 1 }), "e1").is_ok());
    }

    #[test]
    fn an_element_found_by_text_is_named_by_its_uid_in_the_error() {
        let error = probe_result(
            json!({ "error": "disabled", "uid": "e7", "element": "button \"Start\"" }),
            "--text Start",
        )
        .err()
        .unwrap_or_else(|| CdtError::internal("no error"));
        assert_eq!(error.code, ErrorCode::TargetNotInteractable);
        assert_eq!(error.details["uid"], "e7");
        assert_eq!(error.suggestions, vec!["Run: cdt element inspect e7"]);
    }
}
