//! `capture snapshot`: the page as compact text, one node per line, indented by depth, each
//! actionable or named node with a stable uid (docs/snapshot-format.md). Out-of-process iframes
//! are snapshotted in their own frame and spliced in under their `iframe` line.

use std::sync::Arc;

use cdt_domain::ops::{SnapshotParams, SnapshotReply};
use cdt_domain::ports::BrowserPort;
use cdt_domain::probe::ProbeCommand;
use cdt_domain::snapshot_change::{Change, line_uid};
use cdt_domain::{CdtError, ErrorCode, WaitUntil, Warning, WarningCode};
use serde_json::{Map, Value, json};
use tokio::time::Instant;

pub use crate::snapshots::Snapshot;

use super::{probe_result, scope_to};
use crate::context::PageCtx;
use crate::context::Scope;
use crate::dispatch::use_case;
use crate::slot::Slot;
use crate::snapshot_diff::{Against, Compared, FULL_ABOVE, Touched};

use_case!(CaptureSnapshot, |scope, params, until| capture(
    scope, &params, until
)
.await);

/// What a snapshot shows and how: its view, under which its versions are kept.
pub use crate::snapshot_diff::View as Options;

/// The view a whole-page snapshot is kept under for a pending navigation (`interactive` or
/// not); a partial one (`--root`, `--depth`, `--verbose`, `--max-name`) is not kept.
fn committed_view(options: &Options) -> Option<bool> {
    let whole = options.root.is_none()
        && options.depth.is_none()
        && !options.verbose
        && options.max_name.is_none();
    whole.then_some(options.interactive)
}

fn probe_args(options: &Options) -> Value {
    let mut args = json!({ "interactive": options.interactive, "verbose": options.verbose });
    if let Some(depth) = options.depth {
        args["depth"] = json!(depth);
    }
    if let Some(max) = options.max_name.filter(|m| *m > 0) {
        args["maxName"] = json!(max);
    }
    args
}

/// How long the walk prepared after a navigation may take before it is given up.
const PREPARE_WITHIN: std::time::Duration = std::time::Duration::from_secs(10);
/// How long the prepared walk may hold the page (the agent's next command waits for it): on a
/// page too large to walk in that time it keeps what it finished and stops.
const PREPARE_BUDGET_MS: u64 = 200;

/// Prepares the page's next snapshot, in the view it was last taken in (the whole page if
/// never), and returns at once: called when a navigation has loaded, it runs while the agent
/// reads the reply and decides. First the walk (kept in the page: the walk's cache, voided by
/// any change since), so a snapshot asked meanwhile only puts its lines together; then, when
/// the walk finished within its budget and the context has asked nothing since the navigation
/// (its command goes first), the snapshot itself, never answered: its lines are kept for the
/// next one to be sent as "unchanged" (snapshot_memo.rs) and its nodes numbered, so the agent's
/// first snapshot of the new document after a turn costs what a warm one does. A request that
/// comes meanwhile waits for at most that snapshot's own pass. If either fails, the agent's
/// snapshot walks as if it never ran. Nothing is prepared after a navigation not waited for
/// (`--wait-until none`: the document may not be there yet), nor while a trace is recording
/// (the trace shows the page's own work, not a walk nobody asked for).
pub fn prepare(
    slot: &Arc<Slot>,
    browser: Arc<dyn BrowserPort>,
    target: &str,
    wait_until: WaitUntil,
) {
    if wait_until == WaitUntil::None || browser.tracing().is_some() {
        return;
    }
    let view = slot
        .versions
        .latest_view(target)
        .filter(|view| committed_view(view).is_some())
        .unwrap_or_default();
    let args = probe_args(&view);
    let mut walk_args = args.clone();
    walk_args["budgetMs"] = json!(PREPARE_BUDGET_MS);
    let begun = slot.requests_begun();
    let (slot, target) = (slot.clone(), target.to_string());
    tokio::spawn(async move {
        let walk = browser.probe(&target, "", ProbeCommand::Prewalk, walk_args);
        let walked = match tokio::time::timeout(PREPARE_WITHIN, walk).await {
            Ok(Ok(walked)) => walked,
            Ok(Err(error)) => {
                tracing::debug!(target: "cdt::snapshot", %error, "the walk prepared after a navigation failed");
                return;
            }
            Err(_) => return,
        };
        if walked["cut"] == true || slot.requests_begun() != begun {
            return;
        }
        let snapshot = browser.probe(&target, "", ProbeCommand::Snapshot, args);
        if let Ok(Err(error)) = tokio::time::timeout(PREPARE_WITHIN, snapshot).await {
            tracing::debug!(target: "cdt::snapshot", %error, "the snapshot prepared after a navigation failed");
        }
    });
}

/// An agent answer's lines, taken out of it (not copied: a large page has thousands).
fn lines_of(value: &mut Value) -> Vec<String> {
    match value["lines"].take() {
        Value::Array(lines) => lines
            .into_iter()
            .filter_map(|line| match line {
                Value::String(line) => Some(line),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Adds an agent answer's nodes (`[uid, role, name, backendNodeId?]`) to the uid map, taken out
/// of the answer.
fn add_nodes(uids: &mut Map<String, Value>, value: &mut Value) {
    let Value::Array(nodes) = value["nodes"].take() else {
        return;
    };
    for node in nodes {
        let Value::Array(node) = node else {
            continue;
        };
        let mut fields = node.into_iter();
        let (Some(Value::String(uid)), Some(role), Some(name)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let id = fields.next().as_ref().and_then(Value::as_i64);
        let mut entry = Map::new();
        entry.insert("role".to_string(), role);
        entry.insert("name".to_string(), name);
        if let Some(id) = id {
            entry.insert("backendNodeId".to_string(), json!(id));
        }
        uids.insert(uid, Value::Object(entry));
    }
}

/// The frames an agent answer found: `(owner uid, frame prefix, depth)`.
fn frames_of(value: &Value, base_depth: usize) -> Vec<(String, String, usize)> {
    value["frames"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|frame| {
            Some((
                frame["uid"].as_str()?.to_string(),
                frame["prefix"].as_str()?.to_string(),
                base_depth + frame["depth"].as_u64().unwrap_or(1) as usize,
            ))
        })
        .collect()
}

pub async fn take(ctx: &PageCtx, options: &Options) -> Result<Snapshot, CdtError> {
    let mut args = probe_args(options);
    let root_frame = options
        .root
        .as_deref()
        .map_or("", |root| scope_to(root, &mut args));
    let what = options.root.as_deref().unwrap_or("the page");
    let mut main = probe_result(
        ctx.probe(root_frame, ProbeCommand::Snapshot, args).await?,
        what,
    )?;
    let mut lines = lines_of(&mut main);
    let mut uids = Map::new();
    add_nodes(&mut uids, &mut main);
    // Every frame is snapshotted by its own agent and spliced under its `iframe` line, nested
    // frames too (parents before children).
    let mut pending = frames_of(&main, 0);
    let mut seen = std::collections::HashSet::new();
    while !pending.is_empty() {
        let (owner, prefix, depth) = pending.remove(0);
        if !seen.insert(prefix.clone()) {
            continue;
        }
        let inner_options = Options {
            depth: options.depth.map(|d| d.saturating_sub(depth as u32)),
            root: None,
            ..options.clone()
        };
        let Ok(mut inner) = ctx
            .probe(&prefix, ProbeCommand::Snapshot, probe_args(&inner_options))
            .await
        else {
            continue;
        };
        if inner.get("error").is_some() {
            continue;
        }
        let indent = "  ".repeat(depth);
        let spliced: Vec<String> = lines_of(&mut inner)
            .into_iter()
            .map(|line| format!("{indent}{line}"))
            .collect();
        if let Some(position) = lines
            .iter()
            .position(|line| line.trim_start().starts_with(&format!("{owner} ")))
        {
            lines.splice(position + 1..position + 1, spliced);
        }
        add_nodes(&mut uids, &mut inner);
        pending.extend(frames_of(&inner, depth));
    }
    Ok(Snapshot {
        text: lines.join("\n"),
        uids,
        url: main["url"].as_str().unwrap_or_default().to_string(),
        title: main["title"].as_str().unwrap_or_default().to_string(),
        time_origin: main["timeOrigin"].to_string(),
    })
}

/// Returns once a navigation of the page has started (polled: the flag follows browser events).
async fn navigation_starts(ctx: &PageCtx) {
    while !ctx.browser.navigation_pending(&ctx.target) {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// Checks the diff parameters: a ratio in 0..=1, and no diff into a file.
fn diff_asked(params: &SnapshotParams) -> Result<bool, CdtError> {
    if let Some(ratio) = params.full_above
        && !(0.0..=1.0).contains(&ratio)
    {
        return Err(CdtError::new(
            ErrorCode::ValidationError,
            format!("--full-above is a share of lines from 0 to 1, not {ratio}"),
        )
        .run::<cdt_domain::ops::op::CaptureSnapshot>("--diff --full-above 0.5"));
    }
    let diff = params.diff || params.since.is_some() || params.full_above.is_some();
    if diff && params.file.is_some() {
        return Err(CdtError::new(
            ErrorCode::ValidationError,
            "--diff answers the changes in the reply, --file writes a whole snapshot: use one",
        )
        .run::<cdt_domain::ops::op::CaptureSnapshot>("--diff"));
    }
    Ok(diff)
}

/// The page's snapshot now, compared with the versions kept (`compared`); while a navigation
/// is pending, the last snapshot of the document still on screen instead (`pending`).
struct Observed {
    snapshot: Snapshot,
    compared: Option<Compared>,
    pending: bool,
    warnings: Vec<Warning>,
}

async fn observe(
    ctx: &PageCtx,
    options: &Options,
    params: &SnapshotParams,
) -> Result<Observed, CdtError> {
    // While a navigation is pending, Chromium holds every command for the page until it
    // commits: answer with the last snapshot of the document still on screen.
    let mut pending = ctx.browser.navigation_pending(&ctx.target);
    let taken = if pending {
        None
    } else {
        // A navigation that starts while we read holds our commands until it commits; a page
        // that replaced its document on every try is answered as one whose navigation is
        // pending.
        tokio::select! {
            taken = take(ctx, options) => match taken {
                Err(error) if error.code == ErrorCode::NavigationInterrupted => None,
                taken => Some(taken?),
            },
            () = navigation_starts(ctx) => None,
        }
    };
    pending |= taken.is_none();
    let mut warnings = Vec::new();
    let (snapshot, compared) = match taken {
        None => match committed_view(options)
            .and_then(|view| ctx.slot.committed.recall(&ctx.target, view))
        {
            // The last snapshot of the document on screen, as the version it was: unchanged
            // against itself (nothing newer can be read), whole against any other.
            Some((recalled, version)) => {
                let compared = if params.since.is_none_or(|since| since == version) {
                    Compared::Diff {
                        version,
                        base: version,
                        changes: Vec::new(),
                        touched: Touched::Nothing,
                        earlier: false,
                    }
                } else {
                    Compared::Full { version }
                };
                (recalled, Some(compared))
            }
            None => {
                let info = ctx.slot.pages().info(ctx.page);
                let nothing = Snapshot {
                    text: String::new(),
                    uids: Map::new(),
                    url: info.as_ref().map(|i| i.url.clone()).unwrap_or_default(),
                    title: info.map(|i| i.title).unwrap_or_default(),
                    time_origin: String::new(),
                };
                (nothing, None)
            }
        },
        Some(snapshot) => {
            let (compared, since_missing) = ctx.slot.versions.record(
                &ctx.target,
                options,
                &snapshot.time_origin,
                &snapshot.text,
                params.since.map_or(Against::LastSnapshot, Against::Version),
                params.full_above.unwrap_or(FULL_ABOVE),
            );
            // What a pending navigation answers with (kept again only when it changed).
            if let Some(view) = committed_view(options)
                && !ctx.slot.committed.holds(
                    &ctx.target,
                    view,
                    &snapshot.time_origin,
                    compared.version(),
                )
            {
                ctx.slot
                    .committed
                    .remember(&ctx.target, view, &snapshot, compared.version());
            }
            if since_missing {
                let since = params.since.unwrap_or_default();
                // (A version not kept that is the one this snapshot was given, or later, was
                // never issued before it.)
                let latest = compared.version();
                let why = if since == 0 || since >= latest {
                    format!("was never issued (the latest is {latest})")
                } else {
                    format!(
                        "is not kept (the daemon keeps the last {}, of the document on screen)",
                        crate::snapshot_diff::KEPT_VERSIONS
                    )
                };
                warnings.push(
                    Warning::new(
                        WarningCode::SnapshotVersionUnknown,
                        format!(
                            "version {since} of this page's snapshot in this view {why}: this is the whole snapshot"
                        ),
                    )
                    .with_details(json!({ "since": params.since, "latest": latest, "page": ctx.page })),
                );
            }
            (snapshot, Some(compared))
        }
    };
    Ok(Observed {
        snapshot,
        compared,
        pending,
        warnings,
    })
}

pub async fn capture(
    scope: &Scope<'_>,
    params: &SnapshotParams,
    until: Instant,
) -> Result<SnapshotReply, CdtError> {
    let diff = diff_asked(params)?;
    let file = params
        .file
        .as_deref()
        .map(|f| crate::files::absolute(f, "--file"))
        .transpose()?;
    let ctx = scope.page_to_read(params.page, until).await?;
    let options = Options {
        interactive: params.interactive,
        depth: params.depth,
        root: params.root.clone(),
        verbose: params.verbose,
        max_name: params.max_name,
    };
    let Observed {
        snapshot,
        compared,
        pending,
        mut warnings,
    } = observe(&ctx, &options, params).await?;
    let same_place = compared.is_some()
        && ctx
            .slot
            .versions
            .same_place(&ctx.target, &snapshot.url, &snapshot.title);
    let mut out = SnapshotReply {
        page: ctx.page,
        url: Some(snapshot.url.clone()),
        title: Some(snapshot.title.clone()),
        nodes: Some(snapshot.uids.len()),
        version: None,
        base: None,
        full: None,
        changes: None,
        snapshot: None,
        uids: None,
        file: None,
        bytes: None,
        warnings: Vec::new(),
    };
    match (&compared, diff) {
        (
            Some(Compared::Diff {
                version,
                base,
                changes,
                ..
            }),
            true,
        ) => {
            // Lean: an unchanged page is a line (no node count, no empty uid map, no `base`), and
            // the URL and title come only when they differ from what the last snapshot showed.
            out.nodes = None;
            if same_place {
                out.url = None;
                out.title = None;
            }
            out.version = Some(*version);
            // Nothing changed since the newest version: `base` would repeat `version`.
            if !(changes.is_empty() && base == version) {
                out.base = Some(*base);
            }
            out.full = Some(false);
            out.changes = Some(changes.clone());
            let uids = uids_in(&snapshot.uids, changes);
            if !uids.is_empty() {
                out.uids = Some(uids);
            }
        }
        _ => {
            if let Some(Compared::Full { version } | Compared::Diff { version, .. }) = &compared {
                out.version = Some(*version);
            }
            if diff {
                out.full = Some(true);
            }
            match file {
                // The text goes to the file, and the uid map does not come back inline (the
                // uids are in the file's lines).
                Some(path) => {
                    let (store, target) = (scope.store().clone(), path.to_path_buf());
                    let bytes = snapshot.text.len();
                    let text = snapshot.text;
                    crate::blocking::run(move || store.write_file(&target, text.as_bytes()))
                        .await?;
                    out.file = Some(path.display().to_string());
                    out.bytes = Some(bytes);
                }
                None => {
                    out.snapshot = Some(snapshot.text);
                    out.uids = Some(snapshot.uids);
                }
            }
        }
    }
    if pending {
        let message = if snapshot.time_origin.is_empty() {
            "a navigation of this page is under way and has not committed; the page cannot be read until it does, and no earlier snapshot of the document on screen was taken"
        } else {
            "a navigation of this page is under way and has not committed: this is the last snapshot of the document still on screen"
        };
        warnings.push(
            Warning::new(WarningCode::NavigationPending, message)
                .with_details(json!({ "page": ctx.page })),
        );
    }
    out.warnings = warnings;
    Ok(out)
}

/// The uid map's entries for the uids on the lines `changes` bring.
pub fn uids_in(uids: &Map<String, Value>, changes: &[Change]) -> Map<String, Value> {
    changes
        .iter()
        .filter_map(Change::lines)
        .flat_map(str::lines)
        .filter_map(line_uid)
        .filter_map(|uid| uids.get(uid).map(|entry| (uid.to_string(), entry.clone())))
        .collect()
}
