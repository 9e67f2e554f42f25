//! The trace document as written to disk: Chromium's own bytes, with cdt's keys merged into
//! its `metadata` object. The events are copied byte for byte (never re-encoded), so the file
//! loads in DevTools and Perfetto exactly as the browser recorded it.

use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Map, Value};

const KEY: &[u8] = b"\"metadata\":";

fn malformed(why: &str) -> CdtError {
    CdtError::new(
        ErrorCode::ProtocolError,
        format!("the browser's trace is malformed: {why}"),
    )
    .hinted("Retry: cdt trace start, then cdt trace stop")
}

/// `document` with `extra` merged into its top-level `metadata` (added when missing).
pub fn with_metadata(document: &[u8], extra: Map<String, Value>) -> Result<Vec<u8>, CdtError> {
    let end = document
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .filter(|&i| document[i] == b'}')
        .ok_or_else(|| malformed("it does not end with '}'"))?;
    // Chromium writes `"metadata":{…}` last; find it from the end and check it parses.
    let found = document[..end]
        .windows(KEY.len())
        .rposition(|w| w == KEY)
        .and_then(|at| {
            let object = &document[at + KEY.len()..end];
            let parsed: Map<String, Value> = serde_json::from_slice(object).ok()?;
            Some((at, parsed))
        });
    let mut out = Vec::with_capacity(document.len() + 4096);
    let metadata = match found {
        Some((at, mut metadata)) => {
            out.extend_from_slice(&document[..at]);
            metadata.extend(extra);
            metadata
        }
        None => {
            out.extend_from_slice(&document[..end]);
            out.push(b',');
            extra
        }
    };
    out.extend_from_slice(KEY);
    let encoded = serde_json::to_vec(&metadata).map_err(|e| malformed(&e.to_string()))?;
    out.extend_from_slice(&encoded);
    out.push(b'}');
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn extra() -> Map<String, Value> {
        let mut extra = Map::new();
        extra.insert("source".into(), json!("cdt"));
        extra
    }

    #[test]
    fn metadata_is_merged_or_added_and_events_kept() {
        let chromium = br#"{"traceEvents":[{"name":"a","args":{"metadata":1}}],
"metadata":{"clock-domain":"LINUX_CLOCK_MONOTONIC"}}
"#;
        let merged: Value =
            serde_json::from_slice(&with_metadata(chromium, extra()).unwrap_or_default())
                .unwrap_or_default();
        assert_eq!(merged["metadata"]["source"], "cdt");
        assert_eq!(merged["metadata"]["clock-domain"], "LINUX_CLOCK_MONOTONIC");
        assert_eq!(merged["traceEvents"][0]["args"]["metadata"], 1);
        let bare = br#"{"traceEvents":[]}"#;
        let added: Value =
            serde_json::from_slice(&with_metadata(bare, extra()).unwrap_or_default())
                .unwrap_or_default();
        assert_eq!(added["metadata"]["source"], "cdt");
        assert!(with_metadata(b"[1]", extra()).is_err());
    }
}
