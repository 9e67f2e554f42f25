//! `--selector` / `--text` across frames: the main frame is searched first, then each iframe
//! (same-process and out-of-process, nested ones after their parents), and the element found is
//! named by its frame-qualified uid, so every later step acts in the right frame.

use cdt_domain::CdtError;
use cdt_domain::probe::ProbeCommand;
use serde_json::{Value, json};

use super::probe_result;
use crate::context::PageCtx;

/// Turns a selector or text target into `(frame, {"uid": …})`; a uid target is returned as is.
pub async fn in_any_frame(
    ctx: &PageCtx,
    frame: String,
    args: Value,
    what: &str,
) -> Result<(String, Value), CdtError> {
    if args.get("uid").is_some() || !frame.is_empty() {
        return Ok((frame, args));
    }
    let mut queue = vec![String::new()];
    let mut searched = std::collections::HashSet::new();
    while !queue.is_empty() {
        let prefix = queue.remove(0);
        if !searched.insert(prefix.clone()) {
            continue;
        }
        let found = ctx.probe(&prefix, ProbeCommand::Locate, args.clone()).await;
        let found = match found {
            Ok(found) => found,
            // A frame that went away while we looked holds nothing to find.
            Err(_) if !prefix.is_empty() => continue,
            Err(error) => return Err(error),
        };
        match found.get("error").and_then(Value::as_str) {
            None => {
                let uid = found["uid"].as_str().unwrap_or_default().to_string();
                let mut named = args.clone();
                if let Some(object) = named.as_object_mut() {
                    object.remove("selector");
                    object.remove("text");
                }
                named["uid"] = json!(uid);
                return Ok((prefix, named));
            }
            Some("unknown") => {}
            Some(_) => {
                probe_result(found, what)?;
            }
        }
        if let Ok(frames) = ctx.probe(&prefix, ProbeCommand::Frames, json!({})).await {
            queue.extend(
                frames["frames"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|f| f["prefix"].as_str().map(str::to_string)),
            );
        }
    }
    probe_result(json!({ "error": "unknown" }), what).map(|_| (String::new(), args))
}
