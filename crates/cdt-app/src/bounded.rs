//! Bounding large results at their source (issue 12 item 8, `cdt_domain::limits`): a string
//! field is cut to the reply budget with `truncated: true`, its full `size` in bytes and a
//! `TRUNCATED` warning saying how to get the rest; what cannot be cut meaningfully is refused
//! with `RESULT_TOO_LARGE` and a way that works.
//!
//! Never cut a value silently: every cut is marked in the data and in `meta.warnings`.

use cdt_domain::limits::{FIELD_BUDGET_BYTES, cut_to_budget, json_len};
use cdt_domain::ops::Cut;
use cdt_domain::{CdtError, ErrorCode, Warning, WarningCode};
use serde_json::{Value, json};

/// Cuts `text` (the reply's field `key`) to the field budget; a cut is marked (`truncated`,
/// `size`, `returned`) and warned of with `hint` (how to get the whole).
pub fn cut_string(text: String, key: &str, hint: &str) -> Cutting {
    let Some(cut) = cut_to_budget(&text, FIELD_BUDGET_BYTES) else {
        return Cutting {
            text,
            cut: None,
            warning: None,
        };
    };
    let (size, returned) = (text.len(), cut.len());
    let warning = Warning::new(
        WarningCode::Truncated,
        format!("{key} is {size} bytes; the first {returned} are returned. {hint}"),
    )
    .with_details(json!({ "field": key, "size": size, "returned": returned }));
    Cutting {
        text: cut.to_string(),
        cut: Some(Cut {
            truncated: true,
            size,
            returned,
        }),
        warning: Some(warning),
    }
}

/// A string as one reply may carry it: whole, or cut with its [`Cut`] and the warning that
/// says so.
pub struct Cutting {
    pub text: String,
    pub cut: Option<Cut>,
    pub warning: Option<Warning>,
}

/// `RESULT_TOO_LARGE` for a value of `size` serialized bytes.
pub fn too_large(what: &str, size: usize, hint: &str) -> CdtError {
    CdtError::new(
        ErrorCode::ResultTooLarge,
        format!("{what} is {size} bytes of JSON, over the {FIELD_BUDGET_BYTES} bytes one reply may carry"),
    )
    .with_details(json!({ "bytes": size, "limit": FIELD_BUDGET_BYTES }))
    .hinted(hint)
}

/// Whether a value fits the field budget; `Err(size)` when it does not.
pub fn fits(value: &Value) -> Result<(), usize> {
    let size = json_len(value);
    if size <= FIELD_BUDGET_BYTES {
        Ok(())
    } else {
        Err(size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_string_is_cut_and_marked() {
        let long = cut_string(
            "x".repeat(FIELD_BUDGET_BYTES + 10),
            "html",
            "Use --selector",
        );
        let cut = long.cut.expect("cut");
        assert!(cut.truncated && cut.size == FIELD_BUDGET_BYTES + 10);
        assert!(json_len(&json!(long.text)) <= FIELD_BUDGET_BYTES);
        assert_eq!(cut.returned, long.text.len());
        assert!(long.warning.is_some());
        let small = cut_string("<p>".into(), "html", "");
        assert!(small.cut.is_none() && small.warning.is_none() && small.text == "<p>");
    }
}
