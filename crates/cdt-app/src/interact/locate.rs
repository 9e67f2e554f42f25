//! `--selector` / `--text` across frames: the main frame is searched first, then each iframe
//! (same-process and out-of-process, nested ones after their parents), and the element found is
//! named by its frame-qualified uid, so every later step acts in the right frame.

use cdt_domain::probe::ProbeCommand;
use cdt_domain::{CdtError, Warning, WarningCode};
use serde_json::{Value, json};

use super::probe_result;
use crate::context::PageCtx;

/// The element a target names: its frame, the probe's arguments naming it by uid, and, when a
/// text matched other elements as well, the warning that says so.
pub struct Located {
    pub frame: String,
    pub args: Value,
    pub warning: Option<Warning>,
}

/// Turns a selector or text target into its frame and `{"uid": …}`; a uid target is returned
/// as is.
pub async fn in_any_frame(
    ctx: &PageCtx,
    frame: String,
    args: Value,
    what: &str,
) -> Result<Located, CdtError> {
    if args.get("uid").is_some() || !frame.is_empty() {
        return Ok(Located {
            frame,
            args,
            warning: None,
        });
    }
    let mut queue = vec![String::new()];
    let mut searched = std::collections::HashSet::new();
    // What scrolls in the main frame, for the error's hint (the page may draw more there).
    let mut scrollers = Value::Null;
    while !queue.is_empty() {
        let prefix = queue.remove(0);
        if !searched.insert(prefix.clone()) {
            continue;
        }
        let found = ctx.probe(&prefix, ProbeCommand::Locate, args.clone()).await;
        let mut found = match found {
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
                    // (The words stay, as where to press: a user presses what they read.)
                    if let Some(text) = object.remove("text") {
                        object.insert("words".to_string(), text);
                    }
                }
                named["uid"] = json!(uid);
                let warning = ambiguous(&args, &uid, found["also"].as_u64().unwrap_or(0));
                return Ok(Located {
                    frame: prefix,
                    args: named,
                    warning,
                });
            }
            Some("unknown") if prefix.is_empty() => scrollers = found["scrollers"].take(),
            Some("unknown") => {}
            Some(_) => {
                probe_result(found, what)?;
            }
        }
        queue.extend(frames_inside(ctx, &prefix).await);
    }
    let unknown =
        json!({ "error": "unknown", "selector": args["selector"], "scrollers": scrollers });
    probe_result(unknown, what).map(|_| Located {
        frame: String::new(),
        args,
        warning: None,
    })
}

/// Every frame of the page as the probe names it: the main frame (`""`) first, then the frames
/// inside it, breadth first (`f1`, `f2`, then theirs). A frame that goes away meanwhile is left
/// out.
pub async fn every_frame(ctx: &PageCtx) -> Vec<String> {
    let mut frames = vec![String::new()];
    let mut next = 0;
    while next < frames.len() {
        let prefix = frames[next].clone();
        next += 1;
        for child in frames_inside(ctx, &prefix).await {
            if !frames.contains(&child) {
                frames.push(child);
            }
        }
    }
    frames
}

/// The frames right inside frame `prefix`, as the probe names them (none when it went away).
async fn frames_inside(ctx: &PageCtx, prefix: &str) -> Vec<String> {
    let Ok(inside) = ctx.probe(prefix, ProbeCommand::Frames, json!({})).await else {
        return Vec::new();
    };
    inside["frames"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|f| f["prefix"].as_str().map(str::to_string))
        .collect()
}

/// `AMBIGUOUS_TARGET` when a text matched `also` other elements as well as `uid`.
fn ambiguous(args: &Value, uid: &str, also: u64) -> Option<Warning> {
    let text = args["text"].as_str().filter(|_| also > 0)?;
    let others = if also == 1 { "element" } else { "elements" };
    Some(Warning::new(
        WarningCode::AmbiguousTarget,
        format!(
            "text {text:?} matches {also} other {others} as well as {uid}, the one taken (the first in page order); to choose, pass the uid of the one meant from: cdt element find {}",
            shell_word(text)
        ),
    ))
}

/// A text as one shell word (quoted when it holds more than letters, digits and `-_.`).
fn shell_word(text: &str) -> String {
    if !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}
