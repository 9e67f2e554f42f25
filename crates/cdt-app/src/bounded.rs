//! Bounding large results at their source (issue 12 item 8, `cdt_domain::limits`): a string
//! field is cut to the reply budget with `truncated: true`, its full `size` in bytes and a
//! `TRUNCATED` warning saying how to get the rest; what cannot be cut meaningfully is refused
//! with `RESULT_TOO_LARGE` and a way that works.
//!
//! Never cut a value silently: every cut is marked in the data and in `meta.warnings`.

use cdt_domain::limits::{FIELD_BUDGET_BYTES, cut_to_budget, json_len};
use cdt_domain::{CdtError, ErrorCode, Warning, WarningCode};
use serde_json::{Value, json};

/// Cuts the string at `out[key]` to the field budget; marks the cut (`truncated`, `size`,
/// `returned`) and warns with `hint` (how to get the whole). Returns whether it cut.
pub fn cut_string_field(out: &mut Value, key: &str, hint: &str) -> bool {
    let Some(text) = out.get(key).and_then(Value::as_str) else {
        return false;
    };
    let Some(cut) = cut_to_budget(text, FIELD_BUDGET_BYTES) else {
        return false;
    };
    let (size, returned) = (text.len(), cut.len());
    let cut = cut.to_string();
    out[key] = Value::String(cut);
    out["truncated"] = json!(true);
    out["size"] = json!(size);
    out["returned"] = json!(returned);
    Warning::new(
        WarningCode::Truncated,
        format!("{key} is {size} bytes; the first {returned} are returned. {hint}"),
    )
    .with_details(json!({ "field": key, "size": size, "returned": returned }))
    .attach(out);
    true
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
        let mut out = json!({ "html": "x".repeat(FIELD_BUDGET_BYTES + 10) });
        assert!(cut_string_field(&mut out, "html", "Use --selector"));
        assert_eq!(out["truncated"], true);
        assert_eq!(out["size"], FIELD_BUDGET_BYTES + 10);
        assert!(json_len(&out["html"]) <= FIELD_BUDGET_BYTES);
        let mut small = json!({ "html": "<p>" });
        assert!(!cut_string_field(&mut small, "html", ""));
        assert!(small.get("truncated").is_none());
    }
}
