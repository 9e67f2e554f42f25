//! cdt's page probe in an isolated world per frame, and the uids it reports.
//!
//! Each frame (the main frame, same-process iframes, out-of-process iframes) gets an isolated
//! world of cdt's own, where the probe (`js/probe.js` with `js/accname.js` and
//! `js/snapshot.js`) is installed once, as that world's global `cdt`. A page's main frame gets
//! it with each new document, as Chromium creates the document (`probe_on_new_document`);
//! other frames on first use (`Page.createIsolatedWorld`, then the install). Page scripts
//! cannot see or patch that world.
//!
//! Uids are decided here, never in the page: per page and frame, numbered on and never reused
//! within a page. The probe reports the nodes it names fresh; they get numbers at once, which
//! the probe is taught (it keeps uid ↔ node for the document, in its isolated world). A uid's
//! `backendNodeId` is read the first time a command needs it (the probe hands over the node,
//! `DOM.describeNode`), then kept; an element named by uid is resolved from its
//! `backendNodeId` (`DOM.resolveNode`) into the frame's world and handed to the probe. A uid of
//! a node that is gone, or of an earlier document, answers `stale`; a uid never issued answers
//! `unknown`.
//!
//! This module must never trust a value the page could have written: nothing here reads the
//! page's main world.

use cdt_domain::ops::op;
use cdt_domain::probe::ProbeCommand;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};

use crate::dialogs::until_dialog;
use crate::frame_sessions::frame_target;
use crate::pages::Pages;
use crate::snapshot_memo::SnapshotMemo;
use crate::support::lock;
use crate::uids::{Named, WORLD_NAME};

mod frame;

/// The probe's source, installed once per isolated world: it leaves `{ run, learn }` on the
/// world's own global `cdt`.
pub const PROBE_SOURCE: &str = concat!(
    "globalThis.cdt = (",
    include_str!("js/probe.js"),
    ")(",
    include_str!("js/accname.js"),
    ", ",
    include_str!("js/snapshot.js"),
    "); true"
);

/// [`PROBE_SOURCE`] as sent to each new world: without its comment lines and indentation (a
/// third less to carry and parse, ~2.5 ms of every document's first probe command). The
/// sources hold no template literal and no string that goes on past its line, so no line's
/// meaning depends on its indentation.
static PROBE_SENT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| lean(PROBE_SOURCE));

fn lean(source: &str) -> String {
    source
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `Page.addScriptToEvaluateOnNewDocument`'s parameters that give each new top-level document
/// cdt's world with the probe installed, as Chromium creates the document (before its own
/// scripts run; ~1.5 ms there): the first command after a navigation then waits for neither a
/// world nor the probe's install (a round trip and ~5 ms of the page's main thread, after its
/// `load`). Frames inside the page get theirs on first use (`create_world`), so a page's ads
/// and widgets pay nothing. The world reaches the daemon as `Runtime.executionContextCreated`
/// (`Worlds::announce`).
pub(crate) fn probe_on_new_document() -> Value {
    json!({
        "source": format!("if (window === window.top) {{\n{}\n}}", *PROBE_SENT),
        "worldName": WORLD_NAME,
    })
}

const RUN: &str = "function (c, a, t) { return globalThis.cdt.run(c, a, t); }";
const LEARN: &str = "function (g, u) { return globalThis.cdt.learn(g, u); }";
/// The node a uid names, as the probe holds it (or `null`).
const NODE: &str = "function (u) { return globalThis.cdt.node(u); }";

/// The error for the page probe failing to run `command` (or to install: `"install"`).
pub(crate) fn probe_failed(command: &str, details: &Value) -> CdtError {
    let text = details["exception"]["description"]
        .as_str()
        .or_else(|| details["text"].as_str())
        .unwrap_or("exception");
    CdtError::new(
        ErrorCode::InternalError,
        format!("cdt's page probe failed running {command}: {text}"),
    )
    .hinted("Retry; if it persists, run with --debug and report the page")
}

/// A frame's session that is gone means the frame (and its uids) is gone.
fn stale_frame(error: CdtError, frame: &str) -> CdtError {
    if !frame.is_empty() && error.code == ErrorCode::ProtocolError {
        return CdtError::new(
            ErrorCode::UidStale,
            format!("frame {frame} is no longer part of the page"),
        )
        .run::<op::CaptureSnapshot>("");
    }
    error
}

/// Replaces the probe's placeholders `\u007f<nonce>:<i>\u007f` with uids (the character is
/// never escaped in the answer's JSON, nor found in page text).
fn substitute(text: &str, nonce: &str, uids: &[String]) -> String {
    let marker = format!("\u{7f}{nonce}:");
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(&marker) {
        out.push_str(&rest[..at]);
        let after = &rest[at + marker.len()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let tail = &after[digits..];
        match (
            after[..digits].parse::<usize>().ok(),
            tail.strip_prefix('\u{7f}'),
        ) {
            (Some(index), Some(tail)) if index < uids.len() => {
                out.push_str(&uids[index]);
                rest = tail;
            }
            _ => {
                out.push_str(&marker);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The world went with its document: a navigation replaced it before or while the command ran
/// (Chromium ends a call awaiting a promise with "Inspected target navigated or closed", which
/// the transport reports as `NAVIGATION_INTERRUPTED`).
fn is_lost_world(error: &CdtError) -> bool {
    error.code == ErrorCode::NavigationInterrupted
        || error.code == ErrorCode::ProtocolError
            && (error.message.contains("Cannot find context")
                || error.message.contains("Execution context was destroyed")
                || error.message.contains("No frame for given id"))
}

/// cdt's world in the frame's current document, created (and the probe installed) if needed.
async fn world(pages: &Pages, session: &str, frame_id: &str) -> Result<i64, CdtError> {
    let known = || match lock(&pages.state.worlds.contexts).get(frame_id) {
        Some((known_session, context)) if known_session == session => Some(*context),
        _ => None,
    };
    if let Some(context) = known() {
        return Ok(context);
    }
    if let Some(context) = pages.state.worlds.announced(frame_id) {
        lock(&pages.state.worlds.contexts)
            .insert(frame_id.to_string(), (session.to_string(), context));
        return Ok(context);
    }
    let gate = lock(&pages.state.worlds.creating)
        .entry(frame_id.to_string())
        .or_default()
        .clone();
    let _creating = gate.lock().await;
    if let Some(context) = known() {
        return Ok(context);
    }
    let created = create_world(pages, session, frame_id).await;
    lock(&pages.state.worlds.creating).remove(frame_id);
    created
}

/// Creates cdt's world in the frame's current document and installs the probe there.
async fn create_world(pages: &Pages, session: &str, frame_id: &str) -> Result<i64, CdtError> {
    let created = pages
        .connection
        .call(
            "Page.createIsolatedWorld",
            json!({ "frameId": frame_id, "worldName": WORLD_NAME, "grantUniveralAccess": false }),
            Some(session),
        )
        .await?;
    let context = created["executionContextId"].as_i64().unwrap_or_default();
    let installed = pages
        .connection
        .call(
            "Runtime.evaluate",
            json!({ "expression": *PROBE_SENT, "contextId": context, "returnByValue": true }),
            Some(session),
        )
        .await?;
    if let Some(details) = installed.get("exceptionDetails") {
        return Err(probe_failed("install", details));
    }
    lock(&pages.state.worlds.contexts).insert(frame_id.to_string(), (session.to_string(), context));
    Ok(context)
}

/// How many times a probe command is tried in a page whose document went while it ran.
const TRIES: u32 = 3;

/// Runs a probe command in frame `prefix` of `page`; `args.uid` / `args.rootUid` name the
/// element it works on.
pub(crate) async fn run_probe(
    pages: &Pages,
    page: &str,
    prefix: &str,
    command: ProbeCommand,
    args: Value,
) -> Result<Value, CdtError> {
    let mut attempt = 0;
    loop {
        attempt += 1;
        let (session, frame_id) = frame_target(pages, page, prefix)
            .await
            .map_err(|e| stale_frame(e, prefix))?;
        let result = until_dialog(
            pages,
            page,
            run_once(pages, page, prefix, &session, &frame_id, command, &args),
        )
        .await;
        match result {
            Err(error) if is_lost_world(&error) => {
                let lost = lock(&pages.state.worlds.contexts).remove(&frame_id);
                if let Some((_, context)) = lost {
                    pages.state.worlds.unannounce(&frame_id, context);
                }
                if attempt == TRIES {
                    // A frame Chromium no longer knows is gone, not navigating.
                    if error.message.contains("No frame for given id") {
                        return Err(stale_frame(error, prefix));
                    }
                    return Err(CdtError::new(
                        ErrorCode::NavigationInterrupted,
                        format!(
                            "the page navigated while cdt ran `{}` in it, {TRIES} times in a row",
                            command.name()
                        ),
                    )
                    .with_details(json!({ "cdp": error.message })));
                }
            }
            // An out-of-process frame's session went away (the frame was recreated).
            Err(error)
                if attempt < TRIES && error.message.contains("Session with given id not found") =>
            {
                lock(&pages.state.worlds.contexts).remove(&frame_id);
                pages.state.worlds.sessions.lock().await.remove(&frame_id);
            }
            other => return other.map_err(|e| stale_frame(e, prefix)),
        }
    }
}

/// The backendNodeId of the element a uid names, for CDP commands that take one (read from the
/// probe the first time).
pub(crate) async fn uid_node(pages: &Pages, page: &str, uid: &str) -> Result<i64, CdtError> {
    let prefix = uid.rfind('e').map_or("", |at| &uid[..at]);
    match pages.state.worlds.named(page, prefix, uid) {
        Named::Node(node) => Ok(node),
        Named::Pending(number) => {
            let (session, frame_id) = frame_target(pages, page, prefix).await?;
            let context = world(pages, &session, &frame_id).await?;
            let frame = Frame {
                pages,
                page,
                prefix,
                session: &session,
                frame_id: &frame_id,
                context,
            };
            let group = next_group(pages);
            let held = frame.held(uid, number, &group).await;
            release(pages, &session, group);
            held?.map(|(_, node)| node).ok_or_else(|| stale_uid(uid))
        }
        Named::Stale => Err(stale_uid(uid)),
        Named::Unknown => Err(CdtError::new(
            ErrorCode::ElementNotFound,
            format!("no element matches {uid}"),
        )
        .run::<op::CaptureSnapshot>("")),
    }
}

fn stale_uid(uid: &str) -> CdtError {
    CdtError::new(
        ErrorCode::UidStale,
        format!("{uid} no longer exists in the page"),
    )
    .run_then::<op::CaptureSnapshot>("", " (uids of removed nodes are never reused)")
}

/// A fresh object group for the objects one command resolves.
fn next_group(pages: &Pages) -> String {
    format!(
        "cdt-{}",
        pages
            .state
            .worlds
            .groups
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    )
}

/// Releases an object group once the command is done with it (not waited for).
fn release(pages: &Pages, session: &str, group: String) {
    let (connection, session) = (pages.connection.clone(), session.to_string());
    tokio::spawn(async move {
        let release = json!({ "objectGroup": group });
        let _ = connection
            .call("Runtime.releaseObjectGroup", release, Some(&session))
            .await;
    });
}

/// What a command's `uid` / `rootUid` names, resolved into cdt's world.
enum Element {
    /// The command names no element: the probe gets `null`.
    Absent,
    /// The element's `objectId` in cdt's world, in the command's object group.
    Object(Value),
    /// The uid names nothing live (`"stale"` or `"unknown"`): the command answers that error
    /// without running.
    Gone(&'static str),
}

/// One probe command's frame: frame `prefix` of `page`, reached on `session`, where cdt's
/// world is execution context `context`.
struct Frame<'a> {
    pages: &'a Pages,
    page: &'a str,
    prefix: &'a str,
    session: &'a str,
    frame_id: &'a str,
    context: i64,
}

async fn run_once(
    pages: &Pages,
    page: &str,
    prefix: &str,
    session: &str,
    frame_id: &str,
    command: ProbeCommand,
    args: &Value,
) -> Result<Value, CdtError> {
    let worlds = &pages.state.worlds;
    let context = world(pages, session, frame_id).await?;
    let frame = Frame {
        pages,
        page,
        prefix,
        session,
        frame_id,
        context,
    };
    // Commands that may report fresh nodes (all but the walk prepared after a navigation and the
    // wait for quiet) reach a page one at a time, each until its fresh nodes are taught: the
    // snapshot prepared after a navigation and the agent's first command may meet.
    let reports = !matches!(command, ProbeCommand::Prewalk | ProbeCommand::Settle);
    let _numbering = if reports {
        Some(worlds.numbering(page).lock_owned().await)
    } else {
        None
    };
    // A snapshot walk the probe answered before is asked for what changed since (see
    // snapshot_memo.rs); if that answer cannot be completed, it is asked again whole.
    let memo =
        matches!(command, ProbeCommand::Snapshot).then(|| SnapshotMemo::key(page, prefix, args));
    let mut args = args.clone();
    args["epoch"] = json!(worlds.with_table(page, prefix, frame_id, |t| t.epoch()));
    if let Some(base) = memo.as_ref().and_then(|key| worlds.snapshots.base(key)) {
        args["base"] = json!(base);
    }
    loop {
        let group = next_group(pages);
        let target = match frame.element(&args, &group).await? {
            Element::Absent => json!({ "value": null }),
            Element::Object(object_id) => json!({ "objectId": object_id }),
            Element::Gone(error) => return Ok(json!({ "error": error })),
        };
        let reply = frame.call(command, &args, target, group).await?;
        let mut value = frame.read_reply(&reply).await?;
        let whole = memo
            .as_ref()
            .is_none_or(|key| worlds.snapshots.complete(key.clone(), &mut value));
        if whole {
            frame.annotate(&mut value, command).await;
            return Ok(value);
        }
        if args
            .as_object_mut()
            .and_then(|a| a.remove("base"))
            .is_none()
        {
            return Err(CdtError::new(
                ErrorCode::InternalError,
                "cdt's page probe sent part of a snapshot without being asked to",
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_probe_is_sent_without_comment_lines_or_indentation() {
        assert_eq!(
            lean("  // a note\n  const a = 1; // kept\n\n    if (a) {\n      b();\n    }\n"),
            "const a = 1; // kept\nif (a) {\nb();\n}"
        );
        // Nothing that changes with indentation: no template literal, no string continued on
        // the next line.
        for file in [
            include_str!("js/probe.js"),
            include_str!("js/accname.js"),
            include_str!("js/snapshot.js"),
        ] {
            for line in file.lines().filter(|l| !l.trim_start().starts_with("//")) {
                // (Backticks in code are Markdown's, in strings and patterns of one line.)
                assert!(
                    !line.contains('`')
                        || line.contains("'`")
                        || line.contains("/`/")
                        || line.contains("\\`"),
                    "a template literal? {line}"
                );
                assert!(!line.ends_with('\\'), "a string continued? {line}");
            }
        }
        assert!(PROBE_SENT.len() * 4 < PROBE_SOURCE.len() * 3);
    }

    #[test]
    fn placeholders_become_uids_and_forged_ones_stay_text() {
        let uids = vec!["e7".to_string(), "e8".to_string()];
        let text = "{\"a\":\"\u{7f}abc:0\u{7f} button\",\"b\":[\"\u{7f}abc:1\u{7f}\"],\"c\":\"\u{7f}xyz:0\u{7f}\",\"d\":\"\u{7f}abc:9\u{7f}\"}";
        assert_eq!(
            substitute(text, "abc", &uids),
            "{\"a\":\"e7 button\",\"b\":[\"e8\"],\"c\":\"\u{7f}xyz:0\u{7f}\",\"d\":\"\u{7f}abc:9\u{7f}\"}"
        );
        let lines = "\u{7f}abc:1\u{7f} button \"Go\"\n  text \"\u{7f}xyz:0\u{7f}\"\n\u{7f}abc:0";
        assert_eq!(
            substitute(lines, "abc", &uids),
            "e8 button \"Go\"\n  text \"\u{7f}xyz:0\u{7f}\"\n\u{7f}abc:0"
        );
    }
}
