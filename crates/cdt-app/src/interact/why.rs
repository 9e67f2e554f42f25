//! Why an action went nowhere, when the page can tell (seed 003's `Feedback.result`): a
//! submission constraint validation blocked, a link whose navigation the page cancelled.

use serde_json::{Value, json};

use crate::context::PageCtx;
use cdt_domain::probe::ProbeCommand;

/// Why an action went nowhere, when the page can tell (seed 003's `Feedback.result`).
#[derive(Clone, Debug, PartialEq)]
pub enum Why {
    /// Constraint validation blocked the submission: the invalid fields
    /// (`[{uid, name, message}]`, Chromium's messages).
    SubmitBlocked(Vec<Value>),
    /// The page cancelled the link's navigation (`preventDefault` on the click).
    LinkCancelled,
    /// A checkbox, radio or switch was as asked already (checked, or not), or an option asked
    /// was chosen already: nothing to press.
    AlreadySo(Already),
}

/// What an element asked for was already.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Already {
    Checked,
    Unchecked,
    /// The option (or every option) asked of a drop-down or `<select>`.
    Chosen,
    /// The value asked of a slider or spin button.
    There,
}

impl Already {
    /// A box that was checked (or not).
    pub fn checked(checked: bool) -> Already {
        if checked {
            Already::Checked
        } else {
            Already::Unchecked
        }
    }
}

impl Why {
    /// The reply's `result`.
    pub fn result(&self) -> String {
        match self {
            Why::SubmitBlocked(invalid) => {
                let fields: Vec<String> = invalid
                    .iter()
                    .map(|field| {
                        format!(
                            "{} {:?}: {}",
                            field["uid"].as_str().unwrap_or_default(),
                            field["name"].as_str().unwrap_or_default(),
                            field["message"].as_str().unwrap_or_default()
                        )
                    })
                    .collect();
                format!("submit blocked: {}", fields.join("; "))
            }
            Why::LinkCancelled => {
                "the page cancelled the link's navigation (preventDefault on the click)".to_string()
            }
            Why::AlreadySo(Already::Checked) => "it was checked already".to_string(),
            Why::AlreadySo(Already::Unchecked) => "it was unchecked already".to_string(),
            Why::AlreadySo(Already::Chosen) => "it was chosen already".to_string(),
            Why::AlreadySo(Already::There) => "it was at that value already".to_string(),
        }
    }

    /// The reply's `invalid`.
    pub fn invalid(self) -> Option<Value> {
        match self {
            Why::SubmitBlocked(invalid) => Some(Value::Array(invalid)),
            Why::LinkCancelled | Why::AlreadySo(_) => None,
        }
    }

    /// What the probe tells of a blocked submission (`{invalid: [...]}`).
    fn blocked(outcome: &Value) -> Option<Why> {
        let invalid = outcome["invalid"].as_array().filter(|i| !i.is_empty())?;
        Some(Why::SubmitBlocked(invalid.clone()))
    }
}

/// Why the click on `uid` went nowhere, when the page can tell: its form's submission was
/// blocked, or the page cancelled the link's navigation.
pub async fn of_click(ctx: &PageCtx, uid: &str) -> Option<Why> {
    let frame = super::frame_of(uid).unwrap_or_default();
    let outcome = ctx
        .probe(frame, ProbeCommand::ClickOutcome, json!({}))
        .await
        .ok()?;
    Why::blocked(&outcome)
        .or_else(|| (outcome["prevented"] == "link").then_some(Why::LinkCancelled))
}

/// A submission the action attempted that constraint validation blocked (Enter in a field),
/// as [`of_click`] tells it of a click.
pub async fn of_submission(ctx: &PageCtx) -> Option<Why> {
    let outcome = ctx.probe("", ProbeCommand::Blocked, json!({})).await.ok()?;
    Why::blocked(&outcome)
}
