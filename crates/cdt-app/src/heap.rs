//! Heap snapshots (issue 21.5): `runtime heap-snapshot` takes the page's V8 heap snapshot
//! (`HeapProfiler.takeHeapSnapshot`, its chunks gathered from the page's session), writes it as
//! a `.heapsnapshot` DevTools loads, and summarizes it: totals, the top constructors by
//! retained size (dominator tree over the strong edges from the root), detached DOM nodes; and,
//! with `--compare`, the growth by constructor since an earlier snapshot.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use cdt_domain::ops::{
    ConstructorCount, ConstructorSize, Growth, HeapCompare, HeapSnapshotParams, HeapSnapshotReply,
    HeapSummary,
};
use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};
use tokio::time::Instant;

use crate::blocking;
use crate::context::Scope;
use crate::dispatch::use_case;
use crate::sync::lock;

use_case!(RuntimeHeapSnapshot, |scope, params, until| take(
    scope, &params, until
)
.await);

/// Constructors listed unless told.
const TOP: usize = 15;
/// A snapshot read back for `--compare` may be at most this large.
const MAX_COMPARE_BYTES: u64 = 1024 * 1024 * 1024;

/// The parts of a heap snapshot the summary needs.
struct Graph {
    /// Per node: its class (a constructor's name, or `(string)`, `(closure)`, … by type).
    class: Vec<u32>,
    class_names: Vec<String>,
    self_size: Vec<u64>,
    detached: Vec<bool>,
    /// Per node, its strong edges' targets: `edges[first[n]..first[n + 1]]`.
    first: Vec<usize>,
    edges: Vec<u32>,
}

fn field_index(fields: &Value, name: &str) -> Option<usize> {
    fields.as_array()?.iter().position(|f| f == name)
}

fn bad(message: &str) -> CdtError {
    CdtError::new(
        ErrorCode::ValidationError,
        format!("not a V8 heap snapshot: {message}"),
    )
    .hinted("Compare with a file cdt runtime heap-snapshot wrote (a .heapsnapshot)")
}

impl Graph {
    fn parse(snapshot: &Value) -> Result<Graph, CdtError> {
        let meta = &snapshot["snapshot"]["meta"];
        let node_fields = &meta["node_fields"];
        let edge_fields = &meta["edge_fields"];
        let width = node_fields.as_array().map_or(0, Vec::len);
        let edge_width = edge_fields.as_array().map_or(0, Vec::len);
        let (Some(type_at), Some(name_at), Some(size_at), Some(count_at)) = (
            field_index(node_fields, "type"),
            field_index(node_fields, "name"),
            field_index(node_fields, "self_size"),
            field_index(node_fields, "edge_count"),
        ) else {
            return Err(bad("its meta lacks node fields"));
        };
        let (Some(edge_type_at), Some(to_at)) = (
            field_index(edge_fields, "type"),
            field_index(edge_fields, "to_node"),
        ) else {
            return Err(bad("its meta lacks edge fields"));
        };
        let detached_at = field_index(node_fields, "detachedness");
        let node_types: Vec<&str> = meta["node_types"][type_at]
            .as_array()
            .map(|t| t.iter().map(|v| v.as_str().unwrap_or_default()).collect())
            .unwrap_or_default();
        let edge_types: Vec<&str> = meta["edge_types"][edge_type_at]
            .as_array()
            .map(|t| t.iter().map(|v| v.as_str().unwrap_or_default()).collect())
            .unwrap_or_default();
        let weak = edge_types.iter().position(|t| *t == "weak");
        let numbers = |key: &str| -> Vec<u64> {
            snapshot[key]
                .as_array()
                .map(|a| a.iter().map(|v| v.as_u64().unwrap_or(0)).collect())
                .unwrap_or_default()
        };
        let nodes = numbers("nodes");
        let raw_edges = numbers("edges");
        let strings: Vec<&str> = snapshot["strings"]
            .as_array()
            .map(|a| a.iter().map(|v| v.as_str().unwrap_or_default()).collect())
            .unwrap_or_default();
        if width == 0 || edge_width == 0 || nodes.len() % width != 0 {
            return Err(bad("its nodes do not fit its fields"));
        }
        let count = nodes.len() / width;
        let mut classes: HashMap<String, u32> = HashMap::new();
        let mut graph = Graph {
            class: Vec::with_capacity(count),
            class_names: Vec::new(),
            self_size: Vec::with_capacity(count),
            detached: Vec::with_capacity(count),
            first: Vec::with_capacity(count + 1),
            edges: Vec::with_capacity(raw_edges.len() / edge_width),
        };
        let mut edge = 0;
        for n in 0..count {
            let base = n * width;
            let kind = node_types
                .get(nodes[base + type_at] as usize)
                .copied()
                .unwrap_or("");
            let name = strings
                .get(nodes[base + name_at] as usize)
                .copied()
                .unwrap_or("");
            let class = match kind {
                "object" | "native" => name.to_string(),
                "string" | "concatenated string" | "sliced string" => "(string)".to_string(),
                "code" => "(compiled code)".to_string(),
                "hidden" => "(system)".to_string(),
                other => format!("({other})"),
            };
            let next = classes.len() as u32;
            let id = *classes.entry(class.clone()).or_insert_with(|| {
                graph.class_names.push(class);
                next
            });
            graph.class.push(id);
            graph.self_size.push(nodes[base + size_at]);
            graph.detached.push(
                detached_at.is_some_and(|at| nodes[base + at] == 2)
                    || name.starts_with("Detached "),
            );
            graph.first.push(graph.edges.len());
            for _ in 0..nodes[base + count_at] {
                let at = edge * edge_width;
                edge += 1;
                let (Some(kind), Some(to)) =
                    (raw_edges.get(at + edge_type_at), raw_edges.get(at + to_at))
                else {
                    return Err(bad("its edges end early"));
                };
                if Some(*kind as usize) != weak {
                    graph.edges.push((*to as usize / width) as u32);
                }
            }
        }
        graph.first.push(graph.edges.len());
        Ok(graph)
    }

    fn successors(&self, n: usize) -> &[u32] {
        &self.edges[self.first[n]..self.first[n + 1]]
    }

    /// Each reachable node's retained size, and the dominator tree's children (the
    /// Cooper–Harvey–Kennedy iteration over reverse postorder from node 0, the root).
    fn retained(&self) -> (Vec<u64>, Vec<Vec<u32>>) {
        let count = self.self_size.len();
        const NONE: u32 = u32::MAX;
        // Postorder by an iterative depth-first walk.
        let mut order = vec![NONE; count];
        let mut postorder: Vec<u32> = Vec::with_capacity(count);
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        let mut seen = vec![false; count];
        if count > 0 {
            seen[0] = true;
        }
        while let Some((node, next)) = stack.last_mut() {
            let successors = self.successors(*node as usize);
            if let Some(&to) = successors.get(*next) {
                *next += 1;
                if !seen[to as usize] {
                    seen[to as usize] = true;
                    stack.push((to, 0));
                }
            } else {
                order[*node as usize] = postorder.len() as u32;
                postorder.push(*node);
                stack.pop();
            }
        }
        let mut predecessors: Vec<Vec<u32>> = vec![Vec::new(); count];
        for &node in &postorder {
            for &to in self.successors(node as usize) {
                predecessors[to as usize].push(node);
            }
        }
        let mut idom = vec![NONE; count];
        if count > 0 {
            idom[0] = 0;
        }
        let intersect = |idom: &[u32], mut a: u32, mut b: u32| {
            while a != b {
                while order[a as usize] < order[b as usize] {
                    a = idom[a as usize];
                }
                while order[b as usize] < order[a as usize] {
                    b = idom[b as usize];
                }
            }
            a
        };
        let mut changed = true;
        while changed {
            changed = false;
            for &node in postorder.iter().rev().skip(1) {
                let mut new = NONE;
                for &p in &predecessors[node as usize] {
                    if idom[p as usize] == NONE {
                        continue;
                    }
                    new = if new == NONE {
                        p
                    } else {
                        intersect(&idom, p, new)
                    };
                }
                if new != NONE && idom[node as usize] != new {
                    idom[node as usize] = new;
                    changed = true;
                }
            }
        }
        let mut retained: Vec<u64> = self.self_size.clone();
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); count];
        for &node in &postorder {
            let parent = idom[node as usize];
            if node != 0 && parent != NONE {
                retained[parent as usize] += retained[node as usize];
                children[parent as usize].push(node);
            }
        }
        (retained, children)
    }

    /// Per class: count, self size and retained size (a node inside another of its class in
    /// the dominator tree is not counted again), over the nodes reachable from the root.
    fn classes(&self) -> Vec<ClassTotals> {
        let (retained, children) = self.retained();
        let mut totals: Vec<ClassTotals> = self
            .class_names
            .iter()
            .map(|name| ClassTotals {
                name: name.clone(),
                ..ClassTotals::default()
            })
            .collect();
        let mut open = vec![0u32; self.class_names.len()];
        // Depth-first over the dominator tree: enter (true) and leave (false).
        let mut stack: Vec<(u32, bool)> = vec![(0, true)];
        while let Some((node, entering)) = stack.pop() {
            let class = self.class[node as usize] as usize;
            if !entering {
                open[class] -= 1;
                continue;
            }
            let entry = &mut totals[class];
            entry.count += 1;
            entry.self_size += self.self_size[node as usize];
            if open[class] == 0 {
                entry.retained_size += retained[node as usize];
            }
            open[class] += 1;
            stack.push((node, false));
            for &child in &children[node as usize] {
                stack.push((child, true));
            }
        }
        totals
    }
}

#[derive(Clone, Debug, Default)]
struct ClassTotals {
    name: String,
    count: u64,
    self_size: u64,
    retained_size: u64,
}

/// The summary of a snapshot.
fn summarize(graph: &Graph, top: usize) -> (HeapSummary, Vec<ClassTotals>) {
    let mut classes = graph.classes();
    classes.retain(|c| c.count > 0 && c.name != "(synthetic)" && !c.name.is_empty());
    let total: u64 = graph.self_size.iter().sum();
    let mut detached: HashMap<&str, u64> = HashMap::new();
    for (node, _) in graph.detached.iter().enumerate().filter(|(_, d)| **d) {
        *detached
            .entry(graph.class_names[graph.class[node] as usize].as_str())
            .or_default() += 1;
    }
    let detached_nodes: u64 = detached.values().sum();
    let mut detached: Vec<(&str, u64)> = detached.into_iter().collect();
    detached.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let mut by_retained = classes.clone();
    // The root's synthetic classes retain everything; list what a developer wrote or uses.
    by_retained.retain(|c| {
        !c.name.starts_with('(')
            || c.name == "(closure)"
            || c.name == "(string)"
            || c.name == "(array)"
    });
    by_retained.sort_by(|a, b| {
        b.retained_size
            .cmp(&a.retained_size)
            .then(b.count.cmp(&a.count))
    });
    let summary = HeapSummary {
        nodes: graph.self_size.len(),
        total_size: total,
        constructors: by_retained
            .iter()
            .take(top)
            .map(|c| ConstructorSize {
                constructor: c.name.clone(),
                count: c.count,
                self_size: c.self_size,
                retained_size: c.retained_size,
            })
            .collect(),
        detached_dom_nodes: detached_nodes,
        detached: detached
            .iter()
            .take(top)
            .map(|(name, count)| ConstructorCount {
                constructor: name.to_string(),
                count: *count,
            })
            .collect(),
    };
    (summary, classes)
}

/// Growth by constructor from `before` to `after`: count and self size, largest first.
fn growth(before: &[ClassTotals], after: &[ClassTotals], top: usize) -> Vec<Growth> {
    let old: HashMap<&str, &ClassTotals> = before.iter().map(|c| (c.name.as_str(), c)).collect();
    let mut grown: Vec<(i64, i64, &str, u64)> = after
        .iter()
        .map(|c| {
            let (count, size) = old
                .get(c.name.as_str())
                .map_or((0, 0), |o| (o.count, o.self_size));
            (
                c.count as i64 - count as i64,
                c.self_size as i64 - size as i64,
                c.name.as_str(),
                c.count,
            )
        })
        .filter(|(count, size, _, _)| *count > 0 || *size > 0)
        .collect();
    grown.sort_by(|a, b| b.1.cmp(&a.1).then(b.0.cmp(&a.0)));
    grown
        .into_iter()
        .take(top)
        .map(|(count_delta, size_delta, name, count)| Growth {
            constructor: name.to_string(),
            count_delta,
            size_delta,
            count,
        })
        .collect()
}

fn parse_and_summarize(
    bytes: &[u8],
    top: usize,
) -> Result<(HeapSummary, Vec<ClassTotals>), CdtError> {
    let value: Value = serde_json::from_slice(bytes).map_err(|e| bad(&e.to_string()))?;
    let graph = Graph::parse(&value)?;
    Ok(summarize(&graph, top))
}

pub async fn take(
    scope: &Scope<'_>,
    params: &HeapSnapshotParams,
    until: Instant,
) -> Result<HeapSnapshotReply, CdtError> {
    let file = crate::files::absolute_if_given(params.file.as_ref(), "--file")?;
    let compare = crate::files::absolute_if_given(params.compare.as_ref(), "--compare")?;
    let top = params.top.unwrap_or(TOP).clamp(1, 200);
    let ctx = scope.page_to_read(params.page, until).await?;
    let chunks: Arc<Mutex<Vec<String>>> = Arc::default();
    let sink = chunks.clone();
    let target = ctx.target.clone();
    let guard = ctx.browser.cdp_listen(
        Some(&ctx.target),
        Arc::new(move |event| {
            if event.method == "HeapProfiler.addHeapSnapshotChunk"
                && event.target_id == target
                && let Some(chunk) = event.params["chunk"].as_str()
            {
                lock(&sink).push(chunk.to_string());
            }
        }),
    );
    let browser = &ctx.browser;
    browser
        .cdp_send(Some(&ctx.target), "HeapProfiler.enable", json!({}))
        .await?;
    let taken = browser
        .cdp_send(
            Some(&ctx.target),
            "HeapProfiler.takeHeapSnapshot",
            json!({ "reportProgress": false, "captureNumericValue": false }),
        )
        .await;
    let _ = browser
        .cdp_send(Some(&ctx.target), "HeapProfiler.disable", json!({}))
        .await;
    taken?;
    // The last chunks arrive just before the command's answer; give the pump a moment.
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    drop(guard);
    let bytes = std::mem::take(&mut *lock(&chunks)).concat().into_bytes();
    let (store, key) = (scope.store().clone(), scope.key().clone());
    let summary = blocking::run(move || {
        let written = match &file {
            Some(path) => {
                store.write_file(path, &bytes)?;
                path.clone()
            }
            None => store.save_artifact(&key, "heap", "heapsnapshot", &bytes, 10)?,
        };
        let (summary, classes) = parse_and_summarize(&bytes, top)?;
        let compare = match compare {
            Some(path) => {
                let earlier = crate::files::read_capped(
                    &path,
                    MAX_COMPARE_BYTES,
                    "Give --compare a .heapsnapshot written before",
                )?;
                let (before, old_classes) = parse_and_summarize(&earlier, top)?;
                Some(HeapCompare {
                    file: path.display().to_string(),
                    nodes_delta: summary.nodes as i64 - before.nodes as i64,
                    total_size_delta: summary.total_size as i64 - before.total_size as i64,
                    grown: growth(&old_classes, &classes, top),
                })
            }
            None => None,
        };
        Ok((summary, written, bytes.len(), compare))
    })
    .await?;
    let (summary, written, bytes, compare) = summary;
    Ok(HeapSnapshotReply {
        summary,
        file: written.display().to_string(),
        bytes,
        compare,
        page: ctx.page,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny snapshot: root → a (Leaky) → b (Leaky) → s (string); root → c (Other); c ⇢ b weak.
    fn tiny() -> Value {
        json!({
            "snapshot": { "meta": {
                "node_fields": ["type", "name", "id", "self_size", "edge_count", "detachedness"],
                "node_types": [["hidden", "object", "string", "native", "synthetic"]],
                "edge_fields": ["type", "name_or_index", "to_node"],
                "edge_types": [["element", "property", "weak"]],
            }},
            // type, name, id, self_size, edge_count, detachedness
            "nodes": [
                4, 0, 1, 0, 2, 0,     // 0 root (synthetic)
                1, 1, 2, 10, 1, 0,    // 1 Leaky a
                1, 1, 3, 20, 1, 0,    // 2 Leaky b
                2, 2, 4, 5, 0, 0,     // 3 string
                1, 3, 5, 7, 1, 0,     // 4 Other
                3, 4, 6, 3, 0, 2,     // 5 Detached HTMLDivElement (unreachable: not counted)
            ],
            "edges": [
                1, 0, 6,    // root → a
                1, 0, 24,   // root → c
                1, 0, 12,   // a → b
                1, 0, 18,   // b → s
                2, 0, 12,   // c ⇢ b (weak)
            ],
            "strings": ["(root)", "Leaky", "hello", "Other", "Detached HTMLDivElement"],
        })
    }

    #[test]
    fn retained_sizes_follow_the_dominator_tree_and_count_a_class_once() {
        let graph = Graph::parse(&tiny()).expect("parses");
        let (retained, _) = graph.retained();
        assert_eq!(&retained[..5], &[42, 35, 25, 5, 7]);
        let classes = graph.classes();
        let leaky = classes.iter().find(|c| c.name == "Leaky").expect("Leaky");
        // b lies inside a: Leaky retains 35, not 35 + 25.
        assert_eq!(
            (leaky.count, leaky.self_size, leaky.retained_size),
            (2, 30, 35)
        );
        let (summary, _) = summarize(&graph, 5);
        assert_eq!(summary.constructors[0].constructor, "Leaky");
        assert_eq!(summary.total_size, 45);
        assert_eq!(summary.detached_dom_nodes, 1);
        assert_eq!(summary.detached[0].constructor, "Detached HTMLDivElement");
    }

    #[test]
    fn growth_lists_what_grew_largest_first() {
        let before = vec![ClassTotals {
            name: "Leaky".into(),
            count: 1,
            self_size: 10,
            retained_size: 10,
        }];
        let after = vec![
            ClassTotals {
                name: "Leaky".into(),
                count: 3,
                self_size: 30,
                retained_size: 30,
            },
            ClassTotals {
                name: "Same".into(),
                count: 1,
                self_size: 1,
                retained_size: 1,
            },
        ];
        let grown = growth(&before, &after, 5);
        assert_eq!(grown[0].constructor, "Leaky");
        assert_eq!((grown[0].count_delta, grown[0].size_delta), (2, 20));
        assert_eq!(grown.len(), 2, "a new class counts as grown");
        assert!(Graph::parse(&json!({"snapshot": {}})).is_err());
    }
}
