//! `cdt capture snapshot`: the page as compact text with stable uids (see docs/snapshot-format.md).

use super::*;
use crate::ops::prelude::*;

/// `capture.snapshot`: the operation (its [`OpSpec`] below).
pub struct CaptureSnapshot;

impl Op for CaptureSnapshot {
    type Params = SnapshotParams;
    type Reply = SnapshotReply;
    const SPEC: OpSpec = OpSpec {
        name: "capture.snapshot",
        summary: "The page as compact text with stable uids (see docs/snapshot-format.md)",
        default_timeout_ms: S10,
        effect: Effect::Reads,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::ElementNotFound, E::UidStale, E::DialogBlocking, E::IoError, E::CdpDisconnected],
        examples: &[
            "cdt capture snapshot --interactive",
            "cdt capture snapshot",
            "cdt capture snapshot --interactive          # actionable nodes and headings only",
            "cdt capture snapshot --root e40 --depth 2",
            "cdt capture snapshot --output text          # just the snapshot text",
            "cdt capture snapshot --diff                 # only what changed since the last one",
            "cdt capture snapshot --since 3              # what changed since version 3",
        ],
        text: TextForm::Snapshot,
        aliases: &[
            Alias::new(&["elements"], "elements", "actionable elements with their uids (after the first, what changed)", "elements", Form::Append).with(&["--interactive", "--diff"]),
            Alias::new(&["snapshot"], "snapshot", "the whole page as text with uids", "snapshot --depth 3", Form::Append),
        ],
        tools: &[Tool::of::<TakeSnapshot>("take_snapshot", ToolFamily::DevTools, "The page's accessibility tree as text; actionable nodes carry stable uids (e12). Prefer it to screenshots.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::SnapshotArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SnapshotParams {
    /// Only actionable nodes and headings.
    #[serde(default)]
    pub interactive: bool,
    /// Deepest level to include.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// Start at this uid or CSS selector.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root: Option<String>,
    /// Every node with a role, and link URLs.
    #[serde(default)]
    pub verbose: bool,
    /// Cut names (and text lines) longer than this many characters; names are whole by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_name: Option<u32>,
    /// Write the snapshot text to this file (absolute path) instead of returning it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// Answer only the changes since this context's last snapshot of the page in the same view
    /// (actions' feedback in between does not count: their changes come again) — `full: true`
    /// and the whole snapshot on the first, after a navigation, or when more than `fullAbove`
    /// of its lines changed.
    #[serde(default, skip_serializing_if = "crate::ops::is_false")]
    pub diff: bool,
    /// Answer the changes since this version (one of the last few the daemon keeps); implies
    /// `diff`. An unknown version answers the whole snapshot with a warning.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<u64>,
    /// Share of lines (0 to 1) above which a diff answers the whole snapshot instead
    /// (default 0.5); implies `diff`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub full_above: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// `take_snapshot`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TakeSnapshot {
    /// Every node with a role, and link URLs.
    #[serde(default)]
    pub verbose: bool,
    /// Only actionable nodes and headings.
    #[serde(default)]
    pub interactive: bool,
    /// Subtree of this uid or CSS selector.
    #[serde(default)]
    pub root: Option<String>,
    #[serde(default)]
    pub depth: Option<u32>,
    /// Write the snapshot here (absolute path) instead of returning it.
    #[serde(default)]
    pub file_path: Option<String>,
    /// Only what changed since your last snapshot of this page (the whole tree the first time,
    /// after a navigation, or when more than half changed).
    #[serde(default)]
    pub diff: bool,
    /// What changed since this snapshot version (implies diff).
    #[serde(default)]
    pub since: Option<u64>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl ToolShape for TakeSnapshot {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::CaptureSnapshot(SnapshotParams {
            interactive: self.interactive,
            depth: self.depth,
            root: self.root,
            verbose: self.verbose,
            file: self.file_path,
            page: self.page,
            max_name: None,
            diff: self.diff,
            since: self.since,
            full_above: None,
        }))
    }
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::{given_as_is, is_false};
    use crate::ops::page::args::PageArg;

#[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct SnapshotArgs {
        /// Only actionable nodes and headings.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub interactive: bool,
        /// Deepest level to include.
        #[arg(long, value_name = "N")]
        pub depth: Option<u32>,
        /// Start at this uid or CSS selector.
        #[arg(long, value_name = "UID|CSS")]
        pub root: Option<String>,
        /// Cut names longer than N characters (names are whole by default).
        #[arg(long, value_name = "N")]
        pub max_name: Option<u32>,
        /// Write the snapshot text to a file.
        #[arg(long, value_name = "PATH")]
        pub file: Option<String>,
        /// Only what changed since this context's last snapshot of the page (the whole one the
        /// first time, after a navigation, or when more than half changed).
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub diff: bool,
        /// What changed since this version (implies --diff).
        #[arg(long, value_name = "VERSION", allow_hyphen_values = true)]
        pub since: Option<u64>,
        /// Share of lines (0 to 1) above which a diff answers the whole snapshot (implies
        /// --diff).
        #[arg(long, value_name = "RATIO", allow_hyphen_values = true)]
        pub full_above: Option<f64>,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    given_as_is!(SnapshotArgs);
}

/// `capture snapshot`'s reply: the page's snapshot (docs/snapshot-format.md), whole or, with
/// `--diff`/`--since`, what changed since a version.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotReply {
    pub page: crate::page::PageId,
    /// Left out of a diff when the page is where its last snapshot showed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Elements named with a uid (whole snapshots).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<usize>,
    /// This snapshot's version (numbers grow per page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<u64>,
    /// The version `changes` are against (left out when nothing changed since the newest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<u64>,
    /// With `--diff`: whether this is the whole snapshot rather than changes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub full: Option<bool>,
    /// With `--diff`: what changed (empty: nothing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changes: Option<Vec<crate::snapshot_change::Change>>,
    /// The snapshot's text (one line per element or text run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snapshot: Option<String>,
    /// Each uid shown: `{role, name}` (and `backendNodeId` once known).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uids: Option<serde_json::Map<String, serde_json::Value>>,
    /// With `--file`: where the text was written, and its size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes: Option<usize>,
    /// Carried to the envelope's `meta.warnings`.
    #[serde(rename = "__warnings", default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(skip)]
    pub warnings: Vec<crate::warning::Warning>,
}
