//! `cdt runtime heap-snapshot`: write the page's JavaScript heap as a `.heapsnapshot` file
//! (DevTools loads it) and summarize it; with --compare, what grew since an earlier one.

use crate::ops::prelude::*;

/// `runtime.heap-snapshot`: the operation (its [`OpSpec`] below).
pub struct RuntimeHeapSnapshot;

impl Op for RuntimeHeapSnapshot {
    type Params = HeapSnapshotParams;
    type Reply = HeapSnapshotReply;
    const SPEC: OpSpec = OpSpec {
        name: "runtime.heap-snapshot",
        summary: "Write the page's JS heap as a .heapsnapshot and summarize it (--compare: growth since an earlier one)",
        default_timeout_ms: S30 * 2,
        effect: Effect::Reads,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::CdpDisconnected, E::IoError, E::ResultTooLarge],
        examples: &[
            "cdt runtime heap-snapshot",
            "cdt runtime heap-snapshot --file /tmp/before.heapsnapshot",
            "cdt runtime heap-snapshot --compare /tmp/before.heapsnapshot --top 10",
        ],
        note: "The summary: node count, total size, the top constructors by retained size (each counted once, not again inside another of its kind) with their counts and self sizes, and detached DOM nodes. Retained sizes come from the dominator tree of the strong edges from the snapshot's root, as DevTools computes them; they can differ from DevTools' by its special cases (weak maps, the GC roots' own bookkeeping). A leak hunt: snapshot, act, snapshot --compare the first.",
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::HeapSnapshotArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HeapSnapshotParams {
    /// Write the snapshot here (absolute; default: the context's artifacts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// An earlier `.heapsnapshot` to compare with: growth by constructor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compare: Option<String>,
    /// How many constructors to list (default 15).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[cfg(feature = "cli")]
mod args {
    use clap::Args;
    use serde::Serialize;

    use crate::ops::cli::given_as_is;
    use crate::ops::page::args::PageArg;

    #[derive(Debug, Args, Serialize)]
    pub struct HeapSnapshotArgs {
        /// Write the snapshot here (default: the context's artifacts).
        #[arg(long, value_name = "PATH")]
        pub file: Option<String>,
        /// An earlier .heapsnapshot to compare with.
        #[arg(long, value_name = "PATH")]
        pub compare: Option<String>,
        /// How many constructors to list (default 15).
        #[arg(long, value_name = "N")]
        pub top: Option<usize>,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    given_as_is!(HeapSnapshotArgs);
}

/// `runtime heap-snapshot`'s reply: what the heap holds, by constructor, and (with `--compare`)
/// what grew since an earlier snapshot.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeapSnapshotReply {
    #[serde(flatten)]
    pub summary: HeapSummary,
    /// The `.heapsnapshot` written (DevTools' Memory panel loads it).
    pub file: String,
    pub bytes: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compare: Option<HeapCompare>,
    pub page: crate::page::PageId,
}

/// What one snapshot holds.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeapSummary {
    pub nodes: usize,
    /// Bytes, all nodes' own sizes.
    pub total_size: u64,
    /// The constructors retaining most, largest first.
    pub constructors: Vec<ConstructorSize>,
    /// DOM nodes no longer in the document but still held.
    pub detached_dom_nodes: u64,
    pub detached: Vec<ConstructorCount>,
}

/// A constructor's instances and what they hold.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConstructorSize {
    pub constructor: String,
    pub count: u64,
    pub self_size: u64,
    /// What would be freed with them.
    pub retained_size: u64,
}

/// How many instances of a constructor.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ConstructorCount {
    pub constructor: String,
    pub count: u64,
}

/// The change from an earlier snapshot.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeapCompare {
    /// The earlier snapshot.
    pub file: String,
    pub nodes_delta: i64,
    pub total_size_delta: i64,
    /// What grew, largest first.
    pub grown: Vec<Growth>,
}

/// A constructor that grew.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Growth {
    pub constructor: String,
    pub count_delta: i64,
    pub size_delta: i64,
    /// Its instances now.
    pub count: u64,
}
