//! A trace recorded in a shared browser, kept to one context. Chromium's tracing records every
//! process of the browser, other contexts' renderers and their navigations in the browser
//! process included; what a context gets back is only:
//!
//! - every event of the renderer processes that host its frames (a renderer never hosts frames
//!   of two browser contexts);
//! - the browser process's events that name one of its frames (navigation and network events
//!   carry the frame), with `TracingStartedInBrowser` listing only its frames;
//! - the metadata naming those processes and their threads.
//!
//! Everything else — other renderers, the GPU and utility processes, browser-process events that
//! name no frame (screenshots among them) — is left out.

use std::collections::HashSet;

use cdt_domain::{CdtError, ErrorCode};
use serde_json::Value;

/// The frame an event names, if any (`args.data.frame`, `args.data.frameId`, `args.frame`).
fn frame_of(event: &Value) -> Option<&str> {
    let args = &event["args"];
    [
        &args["data"]["frame"],
        &args["data"]["frameId"],
        &args["frame"],
    ]
    .into_iter()
    .find_map(Value::as_str)
}

fn pid_of(event: &Value) -> Option<u64> {
    event["pid"].as_u64()
}

/// Keeps a trace document to the frames `is_mine` accepts.
pub(crate) fn keep_own(bytes: &[u8], is_mine: impl Fn(&str) -> bool) -> Result<Vec<u8>, CdtError> {
    let mut trace: Value = serde_json::from_slice(bytes).map_err(|error| {
        CdtError::new(
            ErrorCode::ProtocolError,
            format!("the browser's trace is not JSON: {error}"),
        )
        .hinted("Retry: cdt trace start, then cdt trace stop")
    })?;
    let events = match &mut trace {
        Value::Object(document) => document.get_mut("traceEvents"),
        array @ Value::Array(_) => Some(array),
        _ => None,
    };
    let Some(Value::Array(events)) = events else {
        return Ok(bytes.to_vec());
    };
    let browser: HashSet<u64> = events
        .iter()
        .filter(|e| e["ph"] == "M" && e["name"] == "process_name" && e["args"]["name"] == "Browser")
        .filter_map(pid_of)
        .collect();
    // The renderers that host this context's frames, as the browser process reports them.
    let mut renderers: HashSet<u64> = HashSet::new();
    for event in events
        .iter()
        .filter(|e| pid_of(e).is_some_and(|p| browser.contains(&p)))
    {
        let data = &event["args"]["data"];
        match event["name"].as_str() {
            Some("TracingStartedInBrowser") => {
                for frame in data["frames"].as_array().into_iter().flatten() {
                    if frame["frame"].as_str().is_some_and(&is_mine) {
                        renderers.extend(frame["processId"].as_u64());
                    }
                }
            }
            Some("FrameCommittedInBrowser") if data["frame"].as_str().is_some_and(&is_mine) => {
                renderers.extend(data["processId"].as_u64());
            }
            _ => {}
        }
    }
    events.retain_mut(|event| {
        let Some(pid) = pid_of(event) else {
            return false;
        };
        if renderers.contains(&pid) {
            return true;
        }
        if !browser.contains(&pid) {
            return false;
        }
        if event["ph"] == "M" {
            return true;
        }
        if event["name"] == "TracingStartedInBrowser" {
            if let Some(frames) = event["args"]["data"]["frames"].as_array_mut() {
                frames.retain(|f| f["frame"].as_str().is_some_and(&is_mine));
            }
            return true;
        }
        frame_of(event).is_some_and(&is_mine)
    });
    encode(trace)
}

/// The document as Chromium lays it out: `traceEvents` first, `metadata` last (where cdt merges
/// its own keys, see `cdt_app::trace::document`).
fn encode(trace: Value) -> Result<Vec<u8>, CdtError> {
    let failed = |error: serde_json::Error| CdtError::internal(error.to_string());
    let Value::Object(mut document) = trace else {
        return serde_json::to_vec(&trace).map_err(failed);
    };
    let mut out = b"{".to_vec();
    let events = document.remove("traceEvents");
    let metadata = document.remove("metadata");
    let fields = events
        .map(|e| ("traceEvents".to_string(), e))
        .into_iter()
        .chain(document)
        .chain(metadata.map(|m| ("metadata".to_string(), m)));
    for (index, (key, value)) in fields.enumerate() {
        if index > 0 {
            out.push(b',');
        }
        serde_json::to_writer(&mut out, &key).map_err(failed)?;
        out.push(b':');
        serde_json::to_writer(&mut out, &value).map_err(failed)?;
    }
    out.push(b'}');
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_the_contexts_renderers_and_its_frames_browser_events_are_kept() {
        let trace = json!({ "traceEvents": [
            { "ph": "M", "pid": 1, "name": "process_name", "args": { "name": "Browser" } },
            { "ph": "M", "pid": 2, "name": "process_name", "args": { "name": "Renderer" } },
            { "ph": "M", "pid": 3, "name": "process_name", "args": { "name": "Renderer" } },
            { "ph": "M", "pid": 4, "name": "process_name", "args": { "name": "GPU Process" } },
            { "ph": "I", "pid": 1, "name": "TracingStartedInBrowser", "args": { "data": { "frames": [
                { "frame": "MINE", "processId": 2 }, { "frame": "THEIRS", "processId": 3 } ] } } },
            { "ph": "X", "pid": 2, "name": "ParseHTML", "args": { "beginData": { "url": "http://mine/" } } },
            { "ph": "X", "pid": 3, "name": "ParseHTML", "args": { "beginData": { "url": "http://secret/" } } },
            { "ph": "X", "pid": 1, "name": "ThrottlingURLLoader::OnReceiveResponse", "args": { "url": "http://secret/" } },
            { "ph": "I", "pid": 1, "name": "ResourceSendRequest", "args": { "data": { "frame": "MINE", "url": "http://mine/a.css" } } },
            { "ph": "I", "pid": 1, "name": "ResourceSendRequest", "args": { "data": { "frame": "THEIRS", "url": "http://secret/b.css" } } },
            { "ph": "I", "pid": 1, "name": "FrameCommittedInBrowser", "args": { "data": { "frame": "MINE2", "processId": 5 } } },
            { "ph": "X", "pid": 5, "name": "Layout", "args": {} },
            { "ph": "O", "pid": 1, "name": "Screenshot", "args": { "snapshot": "…" } },
            { "ph": "X", "pid": 4, "name": "Display::DrawAndSwap", "args": {} },
        ]});
        let mut trace = trace;
        trace["metadata"] = json!({ "clock-domain": "LINUX_CLOCK_MONOTONIC" });
        let kept =
            keep_own(trace.to_string().as_bytes(), |f| f.starts_with("MINE")).unwrap_or_default();
        let text = String::from_utf8_lossy(&kept);
        assert!(
            text.starts_with("{\"traceEvents\":[")
                && text.ends_with("\"metadata\":{\"clock-domain\":\"LINUX_CLOCK_MONOTONIC\"}}"),
            "{text}"
        );
        assert!(
            !text.contains("secret") && !text.contains("THEIRS"),
            "{text}"
        );
        assert!(
            !text.contains("Screenshot") && !text.contains("DrawAndSwap"),
            "{text}"
        );
        for wanted in [
            "http://mine/",
            "a.css",
            "\"Layout\"",
            "TracingStartedInBrowser",
        ] {
            assert!(text.contains(wanted), "{wanted} missing: {text}");
        }
    }
}
