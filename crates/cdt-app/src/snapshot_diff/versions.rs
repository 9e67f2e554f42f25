//! The versions of each page's snapshot a slot keeps, and what a new one is next to them: the
//! whole, or the changes from a baseline (computed by [`super::diff`]).

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use super::{Change, START, Segment, View, diff, segments};
use crate::sync::lock;

/// Versions kept per page (for `--since`).
pub const KEPT_VERSIONS: usize = 4;
/// Pages whose versions a slot keeps (the least recently snapshotted go first).
const KEPT_PAGES: usize = 32;

/// True when `change` rewrote or edited a segment of `base` only by moving the ` focused`
/// marker.
fn focus_moved(base: &Version, change: &Change) -> bool {
    let unfocused = |line: &str| line.replace(" focused", "");
    let (uid, range, lines) = match change {
        Change::Change { uid, lines } => (uid, None, lines),
        Change::Edit {
            uid,
            at,
            remove,
            lines,
            ..
        } => (uid, Some(*at..at + remove), lines),
        _ => return false,
    };
    base.segments
        .iter()
        .find(|s| &s.id == uid)
        .is_some_and(|s| {
            let was = match range {
                Some(range) => s.lines.get(range).map(|l| l.join("\n")),
                None => Some(s.lines.join("\n")),
            };
            was.is_some_and(|was| unfocused(&was) == unfocused(lines))
        })
}

/// True when `change` edited only lines of a segment of `base` that have no uid: lines below
/// its uid line, the uid line itself unchanged but for the focus marker, or lines before the
/// first uid line.
fn words_only(base: &Version, change: &Change) -> bool {
    let unfocused = |line: &str| line.replace(" focused", "");
    let Some(segment) = base.segments.iter().find(|s| s.id == change.uid()) else {
        return false;
    };
    if segment.id == START {
        return matches!(change, Change::Edit { .. } | Change::Change { .. });
    }
    let uid_line_kept = |lines: &str| {
        segment
            .lines
            .first()
            .zip(lines.lines().next())
            .is_some_and(|(was, now)| unfocused(was) == unfocused(now))
    };
    match change {
        Change::Edit { at, .. } if *at > 0 => true,
        Change::Edit { remove, lines, .. } => *remove > 0 && uid_line_kept(lines),
        Change::Change { lines, .. } => uid_line_kept(lines),
        _ => false,
    }
}

/// One version of a page's snapshot.
#[derive(Clone, Debug)]
pub struct Version {
    pub number: u64,
    pub view: View,
    /// The document it shows (`performance.timeOrigin`): another document is never a baseline.
    pub document: String,
    pub segments: Vec<Segment>,
    /// A hash of its text (an unchanged page is recognised without comparing segments).
    pub digest: u64,
    /// A snapshot showed it (its caller saw it whole or as changes), not only an action's
    /// feedback: `--diff` compares with the last of these.
    pub shown: bool,
}

/// What a new snapshot of a page is compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Against {
    /// A snapshot (`capture snapshot`, REPL `elements`, MCP `take_snapshot`): what this
    /// context's last snapshot of the page showed in the view and document, whatever actions
    /// reported since.
    LastSnapshot,
    /// A snapshot with `--since`: that version.
    Version(u64),
    /// An action's feedback: the page just before the action (the newest version).
    PageBefore,
    /// An action's feedback looked at again (what a page timer drew after the first look):
    /// that version, the page just before the action.
    ActionStart(u64),
}

fn digest(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

#[derive(Default)]
struct PageVersions {
    next: u64,
    versions: VecDeque<Version>,
    /// When it was last used (for eviction across pages).
    used: u64,
    /// The URL and title the page's last snapshot reply showed.
    place: Option<(String, String)>,
}

impl PageVersions {
    /// Keeps the last [`KEPT_VERSIONS`], and beyond them the last version a snapshot showed in
    /// each view and document (what a plain `--diff` compares with).
    fn evict(&mut self) {
        while self.versions.len() > KEPT_VERSIONS {
            let last_shown = |i: usize| {
                let v = &self.versions[i];
                v.shown
                    && !self
                        .versions
                        .iter()
                        .skip(i + 1)
                        .any(|w| w.shown && w.view == v.view && w.document == v.document)
            };
            // Never the version just recorded.
            match (0..self.versions.len() - 1).find(|&i| !last_shown(i)) {
                Some(i) => {
                    self.versions.remove(i);
                }
                None => {
                    self.versions.pop_front();
                }
            }
        }
    }
}

/// What a new snapshot is, next to what the slot kept of the page.
#[derive(Debug)]
pub enum Compared {
    /// No baseline (first snapshot of this view and document, a `--since` the slot no longer
    /// holds, or more than the threshold changed): the whole snapshot, as `version`.
    Full { version: u64 },
    /// The changes from `base` to `version` (the same number when nothing changed).
    Diff {
        version: u64,
        base: u64,
        changes: Vec<Change>,
        /// What the changes touched (an action's feedback weighs them by it).
        touched: Touched,
        /// `base` is an earlier version than the one asked for, whose changes would have been
        /// most of the page: the page as it was before what covered it (a dialog, a menu) came
        /// and went. (`touched` is still from the version asked for.)
        earlier: bool,
    },
}

/// What the changes between two versions touched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Touched {
    /// Nothing changed.
    Nothing,
    /// Only the focus marker moved (no effect of an action's).
    Focus,
    /// Only lines without a uid (the page's words), and maybe the focus: what a page that
    /// changes on its own (a clock, a ticker) changes between two looks.
    Words,
    /// Elements: lines with a uid that `changed`, and segments `placed` (added, removed or
    /// moved), by uid.
    Elements {
        changed: Vec<String>,
        placed: Vec<String>,
    },
}

impl Touched {
    /// What `changes` from `base` touched.
    fn of(base: &Version, changes: &[Change]) -> Touched {
        let (mut changed, mut placed) = (Vec::new(), Vec::new());
        for change in changes {
            if focus_moved(base, change) || words_only(base, change) {
                continue;
            }
            match change {
                Change::Change { uid, .. } | Change::Edit { uid, .. } => changed.push(uid.clone()),
                Change::Remove { uid, also, .. } => {
                    placed.push(uid.clone());
                    placed.extend(also.iter().cloned());
                }
                Change::Add { uid, .. } | Change::Move { uid, .. } => placed.push(uid.clone()),
            }
        }
        if changes.is_empty() {
            Touched::Nothing
        } else if !changed.is_empty() || !placed.is_empty() {
            Touched::Elements { changed, placed }
        } else if changes.iter().all(|c| focus_moved(base, c)) {
            Touched::Focus
        } else {
            Touched::Words
        }
    }
}

impl Compared {
    /// The version the snapshot was given.
    pub fn version(&self) -> u64 {
        match self {
            Self::Full { version } | Self::Diff { version, .. } => *version,
        }
    }
}

/// The versions kept of `target`'s page (made when there are none; the least recently
/// snapshotted page goes when [`KEPT_PAGES`] are kept), marked used at `used`.
fn page_of<'a>(
    pages: &'a mut HashMap<String, PageVersions>,
    target: &str,
    used: u64,
) -> &'a mut PageVersions {
    if !pages.contains_key(target) && pages.len() >= KEPT_PAGES {
        let oldest = pages
            .iter()
            .min_by_key(|(_, p)| p.used)
            .map(|(k, _)| k.clone());
        if let Some(oldest) = oldest {
            pages.remove(&oldest);
        }
    }
    let page = pages
        .entry(target.to_string())
        .or_insert_with(|| PageVersions {
            next: 1,
            ..PageVersions::default()
        });
    page.used = used;
    page
}

impl PageVersions {
    /// The index of the version a new snapshot of `document` in `view` is compared with, as
    /// `against` says (none: it is answered whole).
    fn baseline(&self, against: Against, view: &View, document: &str) -> Option<usize> {
        let comparable = |v: &Version| v.view == *view && v.document == document;
        match against {
            Against::Version(number) | Against::ActionStart(number) => self
                .versions
                .iter()
                .position(|v| v.number == number && comparable(v)),
            Against::PageBefore => self.versions.iter().rposition(comparable),
            Against::LastSnapshot => {
                let seen_here = self.versions.iter().rposition(|v| comparable(v) && v.shown);
                let seen_last = self
                    .versions
                    .iter()
                    .rposition(|v| v.view == *view && v.shown);
                match (seen_here, seen_last) {
                    // Still the document the last snapshot showed: against that snapshot.
                    (Some(here), Some(last)) if here == last => Some(here),
                    // Back on a document seen before (the back/forward cache showed it
                    // again): against what it was when it was left, feedback included.
                    (Some(_), _) => self.versions.iter().rposition(comparable),
                    // A document no snapshot showed yet: whole.
                    (None, _) => None,
                }
            }
        }
    }
}

/// The versions a slot keeps of its pages' snapshots.
#[derive(Default)]
pub struct SnapshotVersions {
    pages: Mutex<HashMap<String, PageVersions>>,
    clock: Mutex<u64>,
}

impl SnapshotVersions {
    /// Records `text` (of `document`, in `view`) as the page's newest version and compares it
    /// with the baseline `against` names. `since_missing` tells whether an asked-for version was
    /// not held.
    pub fn record(
        &self,
        target: &str,
        view: &View,
        document: &str,
        text: &str,
        against: Against,
        full_above: f64,
    ) -> (Compared, bool) {
        let digest = digest(text);
        let used = {
            let mut clock = lock(&self.clock);
            *clock += 1;
            *clock
        };
        let mut pages = lock(&self.pages);
        let page = page_of(&mut pages, target, used);
        let comparable = |v: &Version| v.view == *view && v.document == document;
        let newest = page.versions.iter().rposition(comparable);
        let baseline = page.baseline(against, view, document);
        let since_missing = matches!(against, Against::Version(_)) && baseline.is_none();
        let shown = !matches!(against, Against::PageBefore | Against::ActionStart(_));
        // The page is still at its newest version: it keeps that number (shown now, if a
        // snapshot shows it).
        let kept = newest.filter(|&i| page.versions[i].digest == digest);
        if let Some(i) = kept {
            page.versions[i].shown |= shown;
        }
        if let Some(i) = kept.filter(|&i| Some(i) == baseline) {
            let number = page.versions[i].number;
            return (
                Compared::Diff {
                    version: number,
                    base: number,
                    changes: Vec::new(),
                    touched: Touched::Nothing,
                    earlier: false,
                },
                since_missing,
            );
        }
        // The new version's segments: the kept version's, or split from the text (and kept).
        let fresh = match kept {
            Some(_) => Vec::new(),
            None => segments(text),
        };
        let new = kept.map_or(&fresh[..], |i| &page.versions[i].segments[..]);
        // The whole snapshot is answered when the changes carry more than that share of its
        // text.
        let limit = full_above * text.len().max(1) as f64;
        let compared = baseline.map(|i| {
            let base = &page.versions[i];
            let (changes, weight) = diff(&base.segments, new);
            let too_many = weight as f64 > limit;
            let touched = Touched::of(base, &changes);
            (base.number, changes, too_many, touched)
        });
        // An action's page that changed most from the page before it may be back as it was
        // earlier (a modal dialog or a menu that hid the rest of the page closed): the changes
        // from the earlier version that differs least, when they are few enough.
        let earlier = match &compared {
            Some((_, _, true, touched))
                if against == Against::PageBefore && *touched != Touched::Focus =>
            {
                let others = page
                    .versions
                    .iter()
                    .enumerate()
                    .filter(|(i, v)| Some(*i) != baseline && comparable(v));
                others
                    .map(|(_, v)| (v.number, diff(&v.segments, new)))
                    .filter(|(_, (_, weight))| (*weight as f64) <= limit)
                    .min_by_key(|(_, (_, weight))| *weight)
                    .map(|(number, (changes, _))| (number, changes))
            }
            _ => None,
        };
        let number = match kept {
            Some(i) => page.versions[i].number,
            None => {
                let number = page.next;
                page.next += 1;
                page.versions.push_back(Version {
                    number,
                    view: view.clone(),
                    document: document.to_string(),
                    segments: fresh,
                    digest,
                    shown,
                });
                page.evict();
                number
            }
        };
        // A focus that moved alone is told as changes, however small the page (it is two
        // lines, and no effect of an action's).
        let compared = match (compared, earlier) {
            (Some((base, changes, too_many, touched)), _)
                if !too_many || touched == Touched::Focus =>
            {
                Compared::Diff {
                    version: number,
                    base,
                    changes,
                    touched,
                    earlier: false,
                }
            }
            (Some((_, _, _, touched)), Some((base, changes))) => Compared::Diff {
                version: number,
                base,
                changes,
                touched,
                earlier: true,
            },
            _ => Compared::Full { version: number },
        };
        (compared, since_missing)
    }

    /// The newest view the page was snapshotted in.
    pub fn latest_view(&self, target: &str) -> Option<View> {
        lock(&self.pages)
            .get(target)
            .and_then(|page| page.versions.back().map(|v| v.view.clone()))
    }

    /// The view action feedback compares in: the newest of the whole page (`--root` and
    /// `--depth` narrow what the agent looked at, not what an action may change: a change
    /// outside them would go untold, and the action be called without effect), else the newest
    /// view widened to the whole page, else the default.
    pub fn feedback_view(&self, target: &str) -> View {
        let pages = lock(&self.pages);
        let Some(page) = pages.get(target) else {
            return View::default();
        };
        let views = || page.versions.iter().rev().map(|v| &v.view);
        views()
            .find(|view| view.root.is_none() && view.depth.is_none())
            .or_else(|| views().next())
            .map(|view| View {
                root: None,
                depth: None,
                ..view.clone()
            })
            .unwrap_or_default()
    }

    /// Whether the page's URL and title are those its last snapshot showed; records them for
    /// the next (a page never snapshotted is not at the same place).
    pub fn same_place(&self, target: &str, url: &str, title: &str) -> bool {
        let mut pages = lock(&self.pages);
        let Some(page) = pages.get_mut(target) else {
            return false;
        };
        let now = (url.to_string(), title.to_string());
        let same = page.place.as_ref() == Some(&now);
        page.place = Some(now);
        same
    }

    /// Forgets a page (closed).
    pub fn forget(&self, target: &str) {
        lock(&self.pages).remove(target);
    }
}
