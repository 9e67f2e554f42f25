//! Incremental snapshots (seed 003's SPA diff, issue 18): the versions of each page's snapshot a
//! slot keeps, and the changes between two of them.
//!
//! A snapshot's lines fall into **segments**: a line with a uid starts one, and the lines
//! without a uid that follow it (text, rows, cells, unnamed groups) belong to it; lines before
//! the first uid form the segment `^`. Uids are stable within a document, so two versions of a
//! page are compared segment by segment: a segment is **added** (with the uid of the segment it
//! follows, and of its nearest ancestor with a uid), **removed**, **changed** (its lines again,
//! or only the lines that differ — an **edit** — when that is shorter), or **moved** (it follows
//! another segment now; found with a longest increasing subsequence, so inserting one item
//! never moves the rest). Applying the changes to the old version's lines
//! gives the new version's lines exactly ([`apply`]); a test checks it.
//!
//! Only data: taking snapshots is `interact/snapshot.rs`.

use std::collections::{HashMap, HashSet};

pub use cdt_domain::snapshot_change::Change;
use cdt_domain::snapshot_change::{GONE_SHOWN, line_uid};

mod versions;

pub use versions::{Against, Compared, KEPT_VERSIONS, SnapshotVersions, Touched, Version};

/// Share of the page's text that changed above which the whole snapshot is answered instead of
/// the changes (seed 003: 50 %).
pub const FULL_ABOVE: f64 = 0.5;

/// The id of the segment of lines before the first uid.
pub const START: &str = "^";

/// What a snapshot shows and how: versions of one view are compared only with each other.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct View {
    pub interactive: bool,
    pub depth: Option<u32>,
    pub root: Option<String>,
    pub verbose: bool,
    pub max_name: Option<u32>,
}

/// A uid line and the lines without a uid that follow it.
#[derive(Clone, Debug, PartialEq)]
pub struct Segment {
    /// Its uid (`e12`, `f1e3`), or [`START`].
    pub id: String,
    /// The uid of its nearest ancestor line with a uid (none at the top).
    pub parent: Option<String>,
    pub lines: Vec<String>,
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// A snapshot's text as segments, in order.
pub fn segments(text: &str) -> Vec<Segment> {
    let mut out: Vec<Segment> = Vec::new();
    // The uid lines enclosing the current line: (indent, uid).
    let mut ancestors: Vec<(usize, String)> = Vec::new();
    for line in text.lines() {
        let depth = indent(line);
        match line_uid(line) {
            Some(uid) => {
                while ancestors.last().is_some_and(|(d, _)| *d >= depth) {
                    ancestors.pop();
                }
                out.push(Segment {
                    id: uid.to_string(),
                    parent: ancestors.last().map(|(_, uid)| uid.clone()),
                    lines: vec![line.to_string()],
                });
                ancestors.push((depth, uid.to_string()));
            }
            None => match out.last_mut() {
                Some(segment) => segment.lines.push(line.to_string()),
                None => out.push(Segment {
                    id: START.into(),
                    parent: None,
                    lines: vec![line.to_string()],
                }),
            },
        }
    }
    out
}

/// Indices (into `values`) of a longest strictly increasing subsequence.
fn longest_increasing(values: &[usize]) -> HashSet<usize> {
    // tails[k]: index of the smallest tail of an increasing run of length k + 1.
    let mut tails: Vec<usize> = Vec::new();
    let mut previous = vec![usize::MAX; values.len()];
    for (i, value) in values.iter().enumerate() {
        let at = tails.partition_point(|&t| values[t] < *value);
        if at > 0 {
            previous[i] = tails[at - 1];
        }
        if at == tails.len() {
            tails.push(i);
        } else {
            tails[at] = i;
        }
    }
    let mut kept = HashSet::new();
    let mut at = tails.last().copied().unwrap_or(usize::MAX);
    while at != usize::MAX {
        kept.insert(at);
        at = previous[at];
    }
    kept
}

/// Line pairs (old index, new index) of a longest common subsequence of two short runs.
fn common_lines(old: &[String], new: &[String]) -> Vec<(usize, usize)> {
    let (n, m) = (old.len(), new.len());
    // longest[i][j]: the longest common run of old[i..] and new[j..].
    let mut longest = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            longest[i][j] = if old[i] == new[j] {
                longest[i + 1][j + 1] + 1
            } else {
                longest[i + 1][j].max(longest[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut pairs) = (0, 0, Vec::new());
    while i < n && j < m {
        if old[i] == new[j] {
            pairs.push((i, j));
            i += 1;
            j += 1;
        } else if longest[i + 1][j] >= longest[i][j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    pairs
}

/// Runs longer than this (old × new lines) are compared only by their common ends.
const LINE_DIFF_CELLS: usize = 40_000;

/// A segment whose lines differ, as the edits of the lines that differ (last first) when they
/// are shorter than the segment again, else as one `change`; and their weight (bytes carried).
/// A few lines that went without a replacement (a message cleared below a field) are always
/// edits of their own, told by their words: the segment whole would not show they went.
fn segment_change(uid: &str, old: &[String], new: &[String]) -> (Vec<Change>, usize) {
    let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let suffix = common_tail(&old[prefix..], &new[prefix..]);
    let (old_mid, new_mid) = (
        &old[prefix..old.len() - suffix],
        &new[prefix..new.len() - suffix],
    );
    let mut pairs = if old_mid.len() * new_mid.len() <= LINE_DIFF_CELLS {
        common_lines(old_mid, new_mid)
    } else {
        Vec::new()
    };
    pairs.push((old_mid.len(), new_mid.len()));
    // Each run of lines that differ is an edit. A segment's uid line is an edit of its own (its
    // element changed), so that lines below it that went without a replacement are a removal
    // of their own, told by their words when they are few.
    let edit = |at, remove, lines: String, gone: String| Change::Edit {
        uid: uid.to_string(),
        at,
        remove,
        lines,
        gone,
    };
    let mut edits = Vec::new();
    let (mut i, mut j) = (0, 0);
    for (oi, nj) in pairs {
        let (mut at, mut removed, mut from) = (prefix + i, oi - i, j);
        if at == 0 && removed > 0 && nj > j {
            edits.push(edit(0, 1, new_mid[j].clone(), String::new()));
            (at, removed, from) = (1, removed - 1, j + 1);
        }
        if from == nj && (1..=GONE_SHOWN).contains(&removed) {
            let gone = old[at..at + removed]
                .iter()
                .map(|line| line.trim_start())
                .collect::<Vec<_>>()
                .join("\n");
            edits.push(edit(at, removed, String::new(), gone));
        } else if removed > 0 || nj > from {
            edits.push(edit(
                at,
                removed,
                new_mid[from..nj].join("\n"),
                String::new(),
            ));
        }
        (i, j) = (oi + 1, nj + 1);
    }
    let brought = |change: &Change| change.lines().map_or(0, str::len);
    let whole = new.join("\n");
    // What each form costs to read: an edit names its place (~20 bytes) besides its lines.
    let edits_cost: usize = edits.iter().map(|e| brought(e) + 20).sum();
    // Where the uid line itself stayed, edits are kept at a little more cost: the segment
    // whole would repeat that line, which reads as if its element had changed (a status text
    // below a combobox, not the combobox).
    let kept_line = if prefix > 0 { 20 } else { 0 };
    let tells_gone = edits
        .iter()
        .any(|e| matches!(e, Change::Edit { gone, .. } if !gone.is_empty()));
    if edits_cost >= whole.len() + kept_line && !tells_gone {
        let cost = whole.len();
        return (
            vec![Change::Change {
                uid: uid.to_string(),
                lines: whole,
            }],
            cost,
        );
    }
    let weight = edits.iter().map(|e| brought(e) + NAMING_COST).sum();
    // Last first: each `at` counts in the segment as it was.
    edits.reverse();
    (edits, weight)
}

/// The segments in both versions that moved, by their index in the new version: those off the
/// longest run that kept its order.
fn moved(new: &[Segment], old_at: &HashMap<&str, usize>) -> HashSet<usize> {
    // Segments in both, in the new order, by their old position.
    let common: Vec<(usize, usize)> = new
        .iter()
        .enumerate()
        .filter_map(|(i, s)| old_at.get(s.id.as_str()).map(|&o| (i, o)))
        .collect();
    let positions: Vec<usize> = common.iter().map(|&(_, o)| o).collect();
    let stays = longest_increasing(&positions);
    common
        .iter()
        .enumerate()
        .filter(|(k, _)| !stays.contains(k))
        .map(|(_, &(i, _))| i)
        .collect()
}

/// Lines that stayed in place while the uid lines around them came, went or changed: text
/// below a segment that new segments were put in front of (`split`: the segment's new index →
/// how many of its lines it keeps; `taken`: the last new segment's index → how many lines it
/// took), or that a removed segment leaves to the one before it (`kept`: removed uid → lines
/// left). The lines are not sent again. `edited`: by new index, what such a segment holds when
/// its own changes apply (after removals left it their lines) and what it must hold then
/// (before additions take its tail); it changed only if the two differ.
#[derive(Default)]
struct Shifts<'a> {
    split: HashMap<usize, usize>,
    taken: HashMap<usize, usize>,
    kept: HashMap<&'a str, usize>,
    /// New index → (lines when its changes apply, lines it must have then).
    edited: HashMap<usize, (Vec<String>, Vec<String>)>,
}

/// How many last lines `a` and `b` share.
fn common_tail(a: &[String], b: &[String]) -> usize {
    a.iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
}

/// How many last lines two segments share that can pass from one to the other: each keeps its
/// first line, its uid line.
fn movable_tail(a: &[String], b: &[String]) -> usize {
    common_tail(a, b)
        .min(a.len().saturating_sub(1))
        .min(b.len().saturating_sub(1))
}

impl<'a> Shifts<'a> {
    fn of(
        old: &'a [Segment],
        new: &[Segment],
        old_at: &HashMap<&str, usize>,
        new_ids: &HashSet<&str>,
        moved: &HashSet<usize>,
    ) -> Shifts<'a> {
        let mut shifts = Shifts::default();
        for (i, segment) in new.iter().enumerate() {
            let Some(&o) = old_at.get(segment.id.as_str()) else {
                continue;
            };
            if moved.contains(&i) {
                continue;
            }
            let (was, now) = (&old[o].lines, &segment.lines);
            // Its last lines went to new segments put after it: they end the last of them (its
            // first line, the uid line, stays; so does the last new segment's).
            let end = (i + 1..new.len())
                .find(|&j| old_at.contains_key(new[j].id.as_str()))
                .unwrap_or(new.len());
            if end > i + 1 {
                let last = &new[end - 1].lines;
                let tail = movable_tail(was, last);
                if tail > 0 {
                    shifts.split.insert(i, now.len());
                    shifts.taken.insert(end - 1, tail);
                    let mut then = now.clone();
                    then.extend_from_slice(&was[was.len() - tail..]);
                    shifts.edited.insert(i, (was.clone(), then));
                    continue;
                }
            }
            // It gained the last lines of the last of the removed segments that followed it
            // (removed in order, each leaves what it keeps to the one before it still there).
            let removed = old[o + 1..]
                .iter()
                .take_while(|s| !new_ids.contains(s.id.as_str()))
                .count();
            if let Some(next) = removed.checked_sub(1).map(|k| &old[o + 1 + k]) {
                let tail = movable_tail(now, &next.lines);
                if tail > 0 {
                    shifts.kept.insert(next.id.as_str(), tail);
                    let mut then = was.clone();
                    then.extend_from_slice(&now[now.len() - tail..]);
                    shifts.edited.insert(i, (then, now.clone()));
                }
            }
        }
        shifts
    }
}

/// What naming a segment or place costs besides the uid, in a change's weight (`- e12`).
const NAMING_COST: usize = 2;

/// Removed segments one after another that go as one change (fewer are named one by one).
const RUN: usize = 3;

/// The changes from `old` to `new`, and their weight: the bytes of the lines they carry, and of
/// the uids of the segments they only name (removed, moved) — the share of the page's text that
/// changed.
pub fn diff(old: &[Segment], new: &[Segment]) -> (Vec<Change>, usize) {
    let old_at: HashMap<&str, usize> = old
        .iter()
        .enumerate()
        .map(|(i, s)| (s.id.as_str(), i))
        .collect();
    let new_ids: HashSet<&str> = new.iter().map(|s| s.id.as_str()).collect();
    let moved = moved(new, &old_at);
    let shifts = Shifts::of(old, new, &old_at, &new_ids, &moved);
    let mut changes = Vec::new();
    let mut weight = 0;
    // Segments removed one after another go as one change from RUN on (`also`): a closed
    // sidebar is a line, not one per link.
    let mut o = 0;
    while o < old.len() {
        if new_ids.contains(old[o].id.as_str()) {
            o += 1;
            continue;
        }
        let run = old[o..]
            .iter()
            .take_while(|s| !new_ids.contains(s.id.as_str()))
            .count();
        let gone = &old[o..o + run];
        o += run;
        // Only the last of a run can leave lines to the segment before it.
        let keep = |s: &Segment| shifts.kept.get(s.id.as_str()).copied().unwrap_or(0);
        let (first, last) = (&gone[0], &gone[run - 1]);
        if run >= RUN {
            weight += first.id.len() + last.id.len() + 2 * NAMING_COST;
            changes.push(Change::Remove {
                uid: first.id.clone(),
                also: gone[1..].iter().map(|s| s.id.clone()).collect(),
                keep: keep(last),
            });
            continue;
        }
        for segment in gone {
            weight += segment.id.len() + NAMING_COST;
            changes.push(Change::Remove {
                uid: segment.id.clone(),
                also: Vec::new(),
                keep: keep(segment),
            });
        }
    }
    for (i, segment) in new.iter().enumerate() {
        let after = (i > 0).then(|| new[i - 1].id.clone());
        match old_at.get(segment.id.as_str()) {
            None => {
                // Lines that stayed where they were and are this segment's now are not sent.
                let own = segment.lines.len() - shifts.taken.get(&i).copied().unwrap_or(0);
                let lines = segment.lines[..own].join("\n");
                weight += lines.len();
                // New segments that come together are one addition (the first names the place).
                let follows_an_added = i > 0 && !old_at.contains_key(new[i - 1].id.as_str());
                if follows_an_added && let Some(Change::Add { lines: run, .. }) = changes.last_mut()
                {
                    run.push('\n');
                    run.push_str(&lines);
                    continue;
                }
                changes.push(Change::Add {
                    uid: segment.id.clone(),
                    at: (i > 0)
                        .then(|| shifts.split.get(&(i - 1)).copied())
                        .flatten(),
                    after,
                    parent: segment.parent.clone(),
                    lines,
                });
            }
            Some(&o) => {
                let (then, now) = match shifts.edited.get(&i) {
                    Some((then, now)) => (then, now),
                    None => (&old[o].lines, &segment.lines),
                };
                if then != now {
                    let (edits, carried) = segment_change(&segment.id, then, now);
                    weight += carried;
                    changes.extend(edits);
                }
                if moved.contains(&i) {
                    weight += segment.id.len() + NAMING_COST;
                    changes.push(Change::Move {
                        uid: segment.id.clone(),
                        after,
                        parent: segment.parent.clone(),
                    });
                }
            }
        }
    }
    (changes, weight)
}

/// The segments an addition brings: its lines split at their uid lines, as a snapshot's are
/// (the first is `uid`'s).
fn added(lines: &str) -> Vec<(String, Vec<String>)> {
    segments(lines)
        .into_iter()
        .map(|s| (s.id, s.lines))
        .collect()
}

/// The lines of segment `uid`, in place or taken out to move.
fn held<'a>(
    order: &'a mut [(String, Vec<String>)],
    moving: &'a mut HashMap<String, Vec<String>>,
    uid: &str,
) -> Option<&'a mut Vec<String>> {
    match order.iter().position(|(id, _)| id == uid) {
        Some(at) => Some(&mut order[at].1),
        None => moving.get_mut(uid),
    }
}

/// `old`'s lines with `changes` applied, as a client would: removals (leaving their kept lines
/// to the segment before) and moves out, changed lines in, then additions (taking the lines of
/// `after` from `at` on) and moves placed after their segment, in order.
pub fn apply(old: &[Segment], changes: &[Change]) -> Vec<String> {
    let mut order: Vec<(String, Vec<String>)> = old
        .iter()
        .map(|s| (s.id.clone(), s.lines.clone()))
        .collect();
    let mut moving: HashMap<String, Vec<String>> = HashMap::new();
    for change in changes {
        match change {
            Change::Remove { uid, also, keep } => {
                let gone = std::iter::once(uid).chain(also);
                let last = also.last().unwrap_or(uid);
                for uid in gone {
                    let Some(at) = order.iter().position(|(id, _)| id == uid) else {
                        continue;
                    };
                    let (_, mut lines) = order.remove(at);
                    // The last one's last lines stay in place: the segment before has them now.
                    let keep = if uid == last { *keep } else { 0 };
                    let left = lines.split_off(lines.len() - keep.min(lines.len()));
                    if let Some((_, before)) = at.checked_sub(1).and_then(|p| order.get_mut(p)) {
                        before.extend(left);
                    }
                }
            }
            Change::Move { uid, .. } => {
                if let Some(at) = order.iter().position(|(id, _)| id == uid) {
                    let (_, lines) = order.remove(at);
                    moving.insert(uid.clone(), lines);
                }
            }
            _ => {}
        }
    }
    for change in changes {
        match change {
            Change::Change { uid, lines } => {
                let lines: Vec<String> = lines.lines().map(str::to_string).collect();
                match held(&mut order, &mut moving, uid) {
                    Some(old) => *old = lines,
                    None => {
                        moving.insert(uid.clone(), lines);
                    }
                }
            }
            Change::Edit {
                uid,
                at,
                remove,
                lines,
                ..
            } => {
                if let Some(old) = held(&mut order, &mut moving, uid) {
                    let at = (*at).min(old.len());
                    let to = (at + remove).min(old.len());
                    old.splice(at..to, lines.lines().map(str::to_string));
                }
            }
            _ => {}
        }
    }
    for change in changes {
        let (after, split, mut placed) = match change {
            Change::Add {
                after, at, lines, ..
            } => (after, *at, added(lines)),
            Change::Move { uid, after, .. } => (
                after,
                None,
                vec![(uid.clone(), moving.remove(uid).unwrap_or_default())],
            ),
            _ => continue,
        };
        let at = match after {
            None => 0,
            Some(after) => order
                .iter()
                .position(|(id, _)| id == after)
                .map_or(order.len(), |p| p + 1),
        };
        // Put in before a line of `after`: its lines from there on end the last new segment.
        if let (Some(line), Some((_, before))) =
            (split, at.checked_sub(1).and_then(|p| order.get_mut(p)))
        {
            let tail = before.split_off(line.min(before.len()));
            if let Some((_, last)) = placed.last_mut() {
                last.extend(tail);
            }
        }
        order.splice(at..at, placed);
    }
    order.into_iter().flat_map(|(_, lines)| lines).collect()
}

#[cfg(test)]
mod tests;
