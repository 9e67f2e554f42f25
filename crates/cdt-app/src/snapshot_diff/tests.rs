use super::*;

fn text(lines: &[&str]) -> String {
    lines.join("\n")
}

fn lines_of(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

#[test]
fn lines_fall_into_segments_under_their_nearest_uid_ancestor() {
    let s = segments(&text(&[
        "banner",
        "e1 navigation \"Primary\"",
        "  e2 link \"Home\"",
        "  text \"·\"",
        "e7 main",
        "  f1e3 button \"In frame\"",
        "  row",
        "    text \"cell\"",
    ]));
    let ids: Vec<&str> = s.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["^", "e1", "e2", "e7", "f1e3"]);
    assert_eq!(s[2].parent.as_deref(), Some("e1"));
    assert_eq!(s[2].lines, ["  e2 link \"Home\"", "  text \"·\""]);
    assert_eq!(s[4].parent.as_deref(), Some("e7"));
    assert_eq!(s[4].lines.len(), 3);
    assert_eq!(s[3].parent, None);
}

#[test]
fn an_inserted_row_is_one_add_placed_after_its_sibling_and_nothing_moves() {
    let old = segments(&text(&[
        "e1 list",
        "  e2 link \"A\"",
        "  e3 link \"B\"",
        "  e4 link \"C\"",
    ]));
    let new = segments(&text(&[
        "e1 list",
        "  e2 link \"A\"",
        "  e9 link \"New\"",
        "  e3 link \"B\"",
        "  e4 link \"C\"",
    ]));
    let (changes, weight) = diff(&old, &new);
    assert_eq!(
        changes,
        [Change::Add {
            uid: "e9".into(),
            after: Some("e2".into()),
            at: None,
            parent: Some("e1".into()),
            lines: "  e9 link \"New\"".into(),
        }]
    );
    // Its weight: the bytes of the line it carries.
    assert_eq!(weight, "  e9 link \"New\"".len());
    let json = serde_json::to_value(&changes[0]).unwrap_or_default();
    assert_eq!(json["op"], "add");
    assert_eq!(json["after"], "e2");
}

#[test]
fn removed_changed_and_swapped_segments() {
    let old = segments(&text(&[
        "e1 list",
        "  e2 link \"A\"",
        "  e3 link \"B\"",
        "  e4 link \"C\"",
    ]));
    let new = segments(&text(&[
        "e1 list",
        "  e4 link \"C\"",
        "  e2 link \"A\" focused",
    ]));
    let (changes, _) = diff(&old, &new);
    assert!(
        changes.contains(&Change::Remove {
            uid: "e3".into(),
            also: Vec::new(),
            keep: 0
        }),
        "{changes:?}"
    );
    assert!(
        changes.contains(&Change::Change {
            uid: "e2".into(),
            lines: "  e2 link \"A\" focused".into()
        }),
        "{changes:?}"
    );
    // One of the two moved, not both.
    let moves = changes
        .iter()
        .filter(|c| matches!(c, Change::Move { .. }))
        .count();
    assert_eq!(moves, 1, "{changes:?}");
    assert_eq!(
        apply(&old, &changes),
        lines_of(&text(&[
            "e1 list",
            "  e4 link \"C\"",
            "  e2 link \"A\" focused"
        ]))
    );
}

#[test]
fn a_long_segment_sends_only_the_lines_that_differ() {
    let old = segments(&text(&[
        "e1 checkbox",
        "  text \"Write report, due on Friday for the quarterly review\"",
        "  text \"2 items left\"",
        "e2 link \"All\"",
    ]));
    let new = segments(&text(&[
        "e1 checkbox checked",
        "  text \"Write report, due on Friday for the quarterly review\"",
        "e2 link \"All\"",
    ]));
    let (changes, weight) = diff(&old, &new);
    // Last first: each `at` counts in the segment as it was.
    assert_eq!(
        changes,
        [
            Change::Edit {
                uid: "e1".into(),
                at: 2,
                remove: 1,
                lines: String::new(),
                // Told by its words, for the reader (a rebuild needs only `remove`).
                gone: "text \"2 items left\"".into(),
            },
            Change::Edit {
                uid: "e1".into(),
                at: 0,
                remove: 1,
                lines: "e1 checkbox checked".into(),
                gone: String::new(),
            },
        ]
    );
    assert_eq!(weight, 2 + "e1 checkbox checked".len() + 2);
    assert_eq!(
        apply(&old, &changes),
        lines_of(
            &new.iter()
                .flat_map(|s| s.lines.clone())
                .collect::<Vec<_>>()
                .join("\n")
        )
    );
}

#[test]
fn text_that_stays_in_place_is_not_sent_when_a_uid_line_comes_or_goes_above_it() {
    let old = segments(&text(&[
        "e1 checkbox",
        "text \"Call mom\"",
        "text \"Double-click to edit a todo\"",
        "text \"Created by\"",
        "e2 link \"Oscar Godson\"",
    ]));
    // A button comes in between: the text below it is its segment's now, and stays in place.
    let added = segments(&text(&[
        "e1 checkbox",
        "text \"Call mom\"",
        "e9 button \"Clear completed (1)\"",
        "text \"Double-click to edit a todo\"",
        "text \"Created by\"",
        "e2 link \"Oscar Godson\"",
    ]));
    let (changes, weight) = diff(&old, &added);
    assert_eq!(
        changes,
        [Change::Add {
            uid: "e9".into(),
            after: Some("e1".into()),
            at: Some(2),
            parent: None,
            lines: "e9 button \"Clear completed (1)\"".into(),
        }]
    );
    assert_eq!(weight, "e9 button \"Clear completed (1)\"".len());
    let lines = |s: &[Segment]| s.iter().flat_map(|s| s.lines.clone()).collect::<Vec<_>>();
    assert_eq!(apply(&old, &changes), lines(&added));
    // And goes again: its text stays, the checkbox's segment has it again.
    let (changes, _) = diff(&added, &old);
    assert_eq!(
        changes,
        [Change::Remove {
            uid: "e9".into(),
            also: Vec::new(),
            keep: 2
        }]
    );
    assert_eq!(apply(&added, &changes), lines(&old));
}

#[test]
fn text_stays_in_place_when_the_uid_line_above_it_changed_too() {
    // TodoMVC's first to-do: the field loses its value as the list and its footer come in
    // between it and the text below it.
    let old = segments(&text(&[
        "e1 heading \"todos\" level=1",
        "e2 textbox \"What needs to be done?\" focused value=\"Buy milk\"",
        "text \"Double-click to edit a todo\"",
        "text \"Created by\"",
        "e3 link \"Oscar Godson\"",
    ]));
    let new = segments(&text(&[
        "e1 heading \"todos\" level=1",
        "e2 textbox \"What needs to be done?\" focused",
        "e6 checkbox",
        "text \"Buy milk\"",
        "text \"1 item left\"",
        "e8 link \"All\"",
        "text \"Double-click to edit a todo\"",
        "text \"Created by\"",
        "e3 link \"Oscar Godson\"",
    ]));
    let (changes, _) = diff(&old, &new);
    assert_eq!(
        changes,
        [
            Change::Edit {
                uid: "e2".into(),
                at: 0,
                remove: 1,
                lines: "e2 textbox \"What needs to be done?\" focused".into(),
                gone: String::new(),
            },
            Change::Add {
                uid: "e6".into(),
                after: Some("e2".into()),
                at: Some(1),
                parent: None,
                lines: "e6 checkbox\ntext \"Buy milk\"\ntext \"1 item left\"\ne8 link \"All\""
                    .into(),
            }
        ]
    );
    let lines = |s: &[Segment]| s.iter().flat_map(|s| s.lines.clone()).collect::<Vec<_>>();
    assert_eq!(apply(&old, &changes), lines(&new));
    // Back: the list goes, its last lines stay with the field, whose value comes back.
    let (changes, _) = diff(&new, &old);
    assert_eq!(
        changes,
        [
            Change::Remove {
                uid: "e6".into(),
                also: Vec::new(),
                keep: 0
            },
            Change::Remove {
                uid: "e8".into(),
                also: Vec::new(),
                keep: 2
            },
            Change::Edit {
                uid: "e2".into(),
                at: 0,
                remove: 1,
                lines: "e2 textbox \"What needs to be done?\" focused value=\"Buy milk\"".into(),
                gone: String::new(),
            },
        ]
    );
    assert_eq!(apply(&new, &changes), lines(&old));
}

#[test]
fn text_without_a_uid_changes_the_segment_it_belongs_to() {
    let old = segments(&text(&["e1 button \"Save\"", "text \"Draft\""]));
    let new = segments(&text(&["e1 button \"Save\"", "text \"Saved at 10:02\""]));
    let (changes, _) = diff(&old, &new);
    // An edit of the text line: the button's own line, unchanged, is not repeated.
    assert_eq!(
        changes,
        [Change::Edit {
            uid: "e1".into(),
            at: 1,
            remove: 1,
            lines: "text \"Saved at 10:02\"".into(),
            gone: String::new(),
        }]
    );
    let all = |s: &[Segment]| s.iter().flat_map(|s| s.lines.clone()).collect::<Vec<_>>();
    assert_eq!(apply(&old, &changes), all(&new));
    // Text before the first uid is the `^` segment.
    let (changes, _) = diff(
        &segments("heading \"A\"\ne1 link \"x\""),
        &segments("heading \"B\"\ne1 link \"x\""),
    );
    assert_eq!(changes[0].uid(), START);
}

/// A small deterministic generator (xorshift), so the property test needs no crate.
struct Rng(u64);
impl Rng {
    fn next(&mut self, below: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % below as u64) as usize
    }
}

/// A random snapshot: uid lines at random depths, some followed by text lines.
fn random_snapshot(rng: &mut Rng, uids: &mut u32, count: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut depth = 0usize;
    for _ in 0..count {
        depth = match rng.next(3) {
            0 => depth + 1,
            1 => depth.saturating_sub(1 + rng.next(2)),
            _ => depth,
        };
        *uids += 1;
        lines.push(format!(
            "{}e{uids} link \"L{}\"",
            "  ".repeat(depth),
            rng.next(50)
        ));
        if rng.next(3) == 0 {
            lines.push(format!(
                "{}text \"t{}\"",
                "  ".repeat(depth + 1),
                rng.next(50)
            ));
        }
    }
    lines
}

#[test]
fn applying_the_changes_to_the_old_lines_gives_the_new_lines_exactly() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for round in 0..1500 {
        let mut uids = 0;
        let count = 1 + rng.next(30);
        let old_lines = random_snapshot(&mut rng, &mut uids, count);
        // Mutate by segments: drop, change, move, insert (fresh uids), as a page would.
        let mut segs = segments(&old_lines.join("\n"));
        for _ in 0..rng.next(6) {
            if segs.is_empty() {
                break;
            }
            let at = rng.next(segs.len());
            match rng.next(6) {
                0 => {
                    segs.remove(at);
                }
                1 => segs[at].lines.push(format!("  text \"changed {round}\"")),
                // A line below the uid line changes or goes; the uid line changes.
                4 => {
                    let lines = &mut segs[at].lines;
                    let line = 1 + rng.next(lines.len());
                    if line < lines.len() && rng.next(2) == 0 {
                        lines.remove(line);
                    } else {
                        lines.insert(line, format!("  text \"edit {round}\""));
                    }
                }
                5 => segs[at].lines[0].push_str(" focused"),
                2 => {
                    let moved = segs.remove(at);
                    let to = rng.next(segs.len() + 1);
                    segs.insert(to, moved);
                }
                _ => {
                    let count = 1 + rng.next(3);
                    let fresh = random_snapshot(&mut rng, &mut uids, count);
                    let to = rng.next(segs.len() + 1);
                    for (k, seg) in segments(&fresh.join("\n")).into_iter().enumerate() {
                        segs.insert(to + k, seg);
                    }
                }
            }
        }
        let mut new_lines: Vec<String> = segs.iter().flat_map(|s| s.lines.clone()).collect();
        // Line by line too: a new uid line put in above some text (the text stays in place and
        // is the new segment's now), or a uid line alone taken out (its text stays, the segment
        // before has it now).
        for _ in 0..rng.next(3) {
            if !new_lines.is_empty() && rng.next(2) == 0 {
                let at = rng.next(new_lines.len() + 1);
                uids += 1;
                new_lines.insert(at, format!("e{uids} button \"inserted {round}\""));
            }
            if new_lines.len() > 1 && rng.next(2) == 0 {
                let at = 1 + rng.next(new_lines.len() - 1);
                if line_uid(&new_lines[at]).is_some() {
                    new_lines.remove(at);
                }
            }
        }
        let old = segments(&old_lines.join("\n"));
        let new = segments(&new_lines.join("\n"));
        let (changes, _) = diff(&old, &new);
        assert_eq!(
            apply(&old, &changes),
            new_lines,
            "round {round}: {changes:?}"
        );
        let (none, weight) = diff(&new, &new);
        assert!(none.is_empty() && weight == 0);
    }
}

/// Lines below every page of the version tests: what stays the same on a page, so that a few
/// changed lines are a small share of it.
const UNCHANGED: [&str; 4] = [
    "e90 link \"Terms of service and privacy policy\"",
    "e91 link \"Contact the support team by mail\"",
    "e92 link \"Careers at the company, open positions\"",
    "e93 link \"Accessibility statement of this site\"",
];

fn record(
    versions: &SnapshotVersions,
    view: &View,
    document: &str,
    lines: &[&str],
    since: Option<u64>,
) -> (Compared, bool) {
    let page: Vec<&str> = lines.iter().chain(UNCHANGED.iter()).copied().collect();
    versions.record(
        "T1",
        view,
        document,
        &text(&page),
        since.map_or(Against::LastSnapshot, Against::Version),
        FULL_ABOVE,
    )
}

#[test]
fn versions_go_full_then_diff_and_stay_put_when_nothing_changed() {
    let versions = SnapshotVersions::default();
    let view = View::default();
    let a = [
        "e1 main",
        "  e2 button \"A\"",
        "  e3 button \"B\"",
        "  e4 button \"C\"",
    ];
    let (first, missing) = record(&versions, &view, "d1", &a, None);
    assert!(matches!(first, Compared::Full { version: 1 }) && !missing);
    let (same, _) = record(&versions, &view, "d1", &a, None);
    assert!(
        matches!(&same, Compared::Diff { version: 1, base: 1, changes, .. } if changes.is_empty()),
        "{same:?}"
    );
    let b = [
        "e1 main",
        "  e2 button \"A\" disabled",
        "  e3 button \"B\"",
        "  e4 button \"C\"",
    ];
    let (changed, _) = record(&versions, &view, "d1", &b, None);
    assert!(
        matches!(&changed, Compared::Diff { version: 2, base: 1, changes, .. } if changes.len() == 1),
        "{changed:?}"
    );
    // Against an older version still held.
    let c = ["e1 main", "  e2 button \"A\" disabled", "  e3 button \"B\""];
    let (since, missing) = record(&versions, &view, "d1", &c, Some(1));
    assert!(!missing);
    assert!(
        matches!(&since, Compared::Diff { version: 3, base: 1, changes, .. } if changes.len() == 2),
        "{since:?}"
    );
    // Back to an older content: a new version (the newest was another).
    let (back, _) = record(&versions, &view, "d1", &b, Some(2));
    assert!(
        matches!(
            back,
            Compared::Diff {
                version: 4,
                base: 2,
                ..
            }
        ),
        "{back:?}"
    );
    assert_eq!(versions.latest_view("T1"), Some(view.clone()));
    // Feedback compares over the whole page: a narrowed view after it does not narrow it; a page
    // only ever seen narrowed is compared in that view widened.
    let interactive = View {
        interactive: true,
        ..View::default()
    };
    let rooted = View {
        root: Some("e2".into()),
        ..interactive
    };
    let _ = record(&versions, &rooted, "d1", &a, None);
    assert_eq!(versions.feedback_view("T1"), view);
    let _ = record(&versions, &rooted, "d1", &a, None);
    let _ = record(&versions, &rooted, "d1", &b, None);
    assert_eq!(versions.feedback_view("T1"), view);
    let _ = record(&versions, &interactive, "d1", &a, None);
    assert_eq!(versions.feedback_view("T1"), interactive);
    assert_eq!(versions.feedback_view("T2"), View::default());
    let only_narrowed = SnapshotVersions::default();
    let deep = View {
        depth: Some(2),
        ..rooted
    };
    let _ = record(&only_narrowed, &deep, "d1", &a, None);
    assert_eq!(only_narrowed.feedback_view("T1"), interactive);
}

#[test]
fn another_document_view_or_an_unknown_version_is_full() {
    let versions = SnapshotVersions::default();
    let view = View::default();
    let a = ["e1 button \"A\""];
    record(&versions, &view, "d1", &a, None);
    let (navigated, _) = record(&versions, &view, "d2", &a, None);
    assert!(
        matches!(navigated, Compared::Full { version: 2 }),
        "{navigated:?}"
    );
    let interactive = View {
        interactive: true,
        ..View::default()
    };
    let (other_view, _) = record(&versions, &interactive, "d2", &a, None);
    assert!(
        matches!(other_view, Compared::Full { version: 3 }),
        "{other_view:?}"
    );
    // Unchanged since version 2: whole (99 is not held), and still version 2.
    let (unknown, missing) = record(&versions, &view, "d2", &a, Some(99));
    assert!(
        matches!(unknown, Compared::Full { version: 2 }) && missing,
        "{unknown:?}"
    );
    // Only a few versions are kept.
    for n in 0..KEPT_VERSIONS {
        record(&versions, &view, &format!("d{}", n + 3), &a, None);
    }
    let (evicted, missing) = record(&versions, &view, "d2", &a, Some(2));
    assert!(matches!(evicted, Compared::Full { .. }) && missing);
}

#[test]
fn changes_that_cost_more_than_the_threshold_are_full() {
    let versions = SnapshotVersions::default();
    let view = View::default();
    let page = |names: [&str; 4]| {
        names
            .iter()
            .enumerate()
            .map(|(i, name)| format!("e{} link \"{name}, a product of the listing\"", i + 1))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let record = |names, ratio| {
        versions.record(
            "T1",
            &view,
            "d1",
            &page(names),
            Against::LastSnapshot,
            ratio,
        )
    };
    record(["Alpha", "Beta", "Gamma", "Delta"], FULL_ABOVE);
    // One line of four: a diff.
    let (one, _) = record(["Alpha", "Beta", "Gamma", "Epsilon"], FULL_ABOVE);
    assert!(matches!(one, Compared::Diff { version: 2, .. }), "{one:?}");
    // Three of four: the changes would cost over half of the whole.
    let (three, _) = record(["Alpha", "Zeta", "Eta", "Theta"], FULL_ABOVE);
    assert!(matches!(three, Compared::Full { version: 3 }), "{three:?}");
    // Unless the share asked for is higher.
    let (loose, _) = record(["Alpha", "Iota", "Kappa", "Lambda"], 1.0);
    assert!(
        matches!(
            loose,
            Compared::Diff {
                version: 4,
                base: 3,
                ..
            }
        ),
        "{loose:?}"
    );
}

/// A modal dialog that hides the rest of the page (`aria-hidden` on it) makes the page, once it
/// closes, mostly changed from the dialog alone: an action's feedback then answers the changes
/// from the page as it was before the dialog (`earlier`), when those are few, not the whole.
/// What the changes touched is still from the page just before the action.
#[test]
fn a_page_back_from_under_a_dialog_is_told_from_the_page_before_it() {
    let versions = SnapshotVersions::default();
    let view = View::default();
    let page = |lines: &[&str]| lines.join("\n");
    let form = [
        "e1 main",
        "  e2 heading \"Profile\" level=1",
        "  e3 textbox \"Full name\"",
        "  e4 combobox \"Age\"",
        "  text \"Chosen age: none\"",
        "  e5 button \"Save\"",
        "  e6 button \"Delete account\"",
    ];
    let look = |lines: &[&str], against| {
        versions
            .record("T1", &view, "d1", &page(lines), against, FULL_ABOVE)
            .0
    };
    assert!(matches!(
        look(&form, Against::LastSnapshot),
        Compared::Full { version: 1 }
    ));
    let menu = [
        "e7 listbox \"Age\"",
        "  e8 option \"Ten\"",
        "  e9 option \"Twenty\"",
    ];
    assert!(matches!(
        look(&menu, Against::PageBefore),
        Compared::Full { version: 2 }
    ));
    let mut chosen = form;
    chosen[4] = "  text \"Chosen age: 20\"";
    let back = look(&chosen, Against::PageBefore);
    match &back {
        Compared::Diff {
            version: 3,
            base: 1,
            changes,
            touched: Touched::Elements { .. },
            earlier: true,
        } => assert_eq!(changes.len(), 1, "{back:?}"),
        _ => panic!("{back:?}"),
    }
    // A snapshot keeps its contract: against the last one the context took.
    let other = [
        "e10 main",
        "  e11 heading \"Elsewhere\" level=1",
        "  e12 link \"Home\"",
    ];
    assert!(matches!(
        look(&other, Against::PageBefore),
        Compared::Full { version: 4 }
    ));
    assert!(matches!(
        look(&chosen, Against::LastSnapshot),
        Compared::Diff { earlier: false, .. }
    ));
}

#[test]
fn a_focus_that_moved_is_a_change_but_only_focus() {
    let versions = SnapshotVersions::default();
    let view = View::default();
    record(
        &versions,
        &view,
        "d1",
        &[
            "e1 button \"A\" focused",
            "e2 button \"B\"",
            "e3 a",
            "e4 b",
            "e5 c",
        ],
        None,
    );
    let (moved, _) = record(
        &versions,
        &view,
        "d1",
        &[
            "e1 button \"A\"",
            "e2 button \"B\" focused",
            "e3 a",
            "e4 b",
            "e5 c",
        ],
        None,
    );
    assert!(
        matches!(&moved, Compared::Diff { changes, touched: Touched::Focus, .. } if changes.len() == 2),
        "{moved:?}"
    );
    let (real, _) = record(
        &versions,
        &view,
        "d1",
        &[
            "e1 button \"A\"",
            "e2 button \"C\" focused",
            "e3 a",
            "e4 b",
            "e5 c",
        ],
        None,
    );
    assert!(
        matches!(
            real,
            Compared::Diff {
                touched: Touched::Elements { .. },
                ..
            }
        ),
        "{real:?}"
    );
    // On a page so small that the two lines are most of it: still changes, not the whole.
    let small = SnapshotVersions::default();
    let lines = |focused: usize| {
        ["e1 textbox \"Query\" required", "e2 button \"Go\""]
            .iter()
            .enumerate()
            .map(|(i, line)| {
                if i == focused {
                    format!("{line} focused")
                } else {
                    line.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let at = |focused| {
        small
            .record(
                "T1",
                &view,
                "d1",
                &lines(focused),
                Against::PageBefore,
                FULL_ABOVE,
            )
            .0
    };
    at(1);
    let moved = at(0);
    assert!(
        matches!(&moved, Compared::Diff { changes, touched: Touched::Focus, .. } if changes.len() == 2),
        "{moved:?}"
    );
}

/// Lines without a uid that changed (a clock's words), with the focus maybe moved, are words
/// only; a uid line that changed, came or went is an element.
#[test]
fn changed_words_are_told_apart_from_changed_elements() {
    let versions = SnapshotVersions::default();
    let view = View::default();
    let page = |clock: &str, focused: bool, name: &str| {
        let mut lines = vec![
            "text \"Live\"".to_string(),
            "e1 heading \"Dashboard\" level=1".to_string(),
            format!("text \"Time: {clock}\""),
            format!(
                "e2 button \"{name}\"{}",
                if focused { " focused" } else { "" }
            ),
        ];
        lines.extend((3..9).map(|n| format!("e{n} link \"Item {n}\"")));
        lines
    };
    let touched = |lines: Vec<String>| {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        match record(&versions, &view, "d1", &lines, None).0 {
            Compared::Diff { touched, .. } => touched,
            full => panic!("{full:?}"),
        }
    };
    let first: Vec<String> = page("1", false, "Add");
    let first: Vec<&str> = first.iter().map(String::as_str).collect();
    record(&versions, &view, "d1", &first, None);
    assert_eq!(touched(page("1", false, "Add")), Touched::Nothing);
    assert_eq!(touched(page("2", false, "Add")), Touched::Words);
    assert_eq!(touched(page("3", true, "Add")), Touched::Words);
    assert_eq!(touched(page("3", false, "Add")), Touched::Focus);
    assert_eq!(
        touched(page("4", false, "Added")),
        Touched::Elements {
            changed: vec!["e2".into()],
            placed: Vec::new()
        }
    );
    // Words before the first uid line are words too.
    let mut start = page("4", false, "Added");
    start[0] = "text \"Offline\"".into();
    assert_eq!(touched(start), Touched::Words);
    let mut fewer = page("4", false, "Added");
    fewer.pop();
    assert_eq!(
        touched(fewer),
        Touched::Elements {
            changed: Vec::new(),
            placed: vec!["e8".into()]
        }
    );
}

/// An action's feedback looked at again (what a page timer drew after its first look) is told
/// against the page before the action, the first look's changes included, and a snapshot after
/// it still compares with the last snapshot.
#[test]
fn feedback_looked_at_again_is_against_the_page_before_the_action() {
    let versions = SnapshotVersions::default();
    let view = View::default();
    let by = |against, lines: &[&str]| {
        let page: Vec<&str> = lines.iter().chain(UNCHANGED.iter()).copied().collect();
        versions.record("T1", &view, "d1", &text(&page), against, FULL_ABOVE)
    };
    let a = ["e1 main", "  e2 button \"More\"", "  e3 list"];
    let focused = ["e1 main", "  e2 button \"More\" focused", "  e3 list"];
    let drawn = [
        "e1 main",
        "  e2 button \"More\" focused",
        "  e3 list",
        "    e4 listitem \"Order 2\"",
    ];
    by(Against::LastSnapshot, &a);
    let (first, _) = by(Against::PageBefore, &focused);
    assert!(
        matches!(&first, Compared::Diff { version: 2, base: 1, changes, .. } if changes.len() == 1),
        "{first:?}"
    );
    let (again, _) = by(Against::ActionStart(1), &drawn);
    assert!(
        matches!(&again, Compared::Diff { version: 3, base: 1, changes, .. } if changes.len() == 2),
        "the focus and the row: {again:?}"
    );
    let (seen, _) = by(Against::LastSnapshot, &drawn);
    assert!(
        matches!(&seen, Compared::Diff { version: 3, base: 1, changes, .. } if changes.len() == 2),
        "{seen:?}"
    );
}

/// `--diff` compares with what the caller's last snapshot showed, so a client that reads only
/// snapshots rebuilds the page from them; actions' feedback compares with the page just before
/// the action, so a client that reads it too keeps up, by version.
#[test]
fn a_snapshot_compares_with_the_last_snapshot_and_feedback_with_the_page_before_the_action() {
    let versions = SnapshotVersions::default();
    let view = View::default();
    let by = |against, lines: &[&str]| {
        let page: Vec<&str> = lines.iter().chain(UNCHANGED.iter()).copied().collect();
        versions.record("T1", &view, "d1", &text(&page), against, FULL_ABOVE)
    };
    let a = ["e1 main", "  e2 button \"A\"", "  e3 button \"B\""];
    let b = ["e1 main", "  e2 button \"A\" disabled", "  e3 button \"B\""];
    let c = ["e1 main", "  e2 button \"A\" disabled", "  e3 button \"C\""];
    assert!(matches!(
        by(Against::LastSnapshot, &a).0,
        Compared::Full { version: 1 }
    ));
    // An action changes A: its feedback is against version 1.
    let (clicked, _) = by(Against::PageBefore, &b);
    assert!(
        matches!(&clicked, Compared::Diff { version: 2, base: 1, changes, .. } if changes.len() == 1),
        "{clicked:?}"
    );
    // A second action is against the first one's version.
    let (again, _) = by(Against::PageBefore, &c);
    assert!(
        matches!(&again, Compared::Diff { version: 3, base: 2, changes, .. } if changes.len() == 1),
        "{again:?}"
    );
    // The snapshot after them: the page is at version 3, shown as the changes since the last
    // snapshot (version 1): both actions' changes.
    let (seen, _) = by(Against::LastSnapshot, &c);
    assert!(
        matches!(&seen, Compared::Diff { version: 3, base: 1, changes, .. } if changes.len() == 2),
        "{seen:?}"
    );
    // And the next one, nothing.
    let (same, _) = by(Against::LastSnapshot, &c);
    assert!(
        matches!(&same, Compared::Diff { version: 3, base: 3, changes, .. } if changes.is_empty()),
        "{same:?}"
    );
    // Many actions later, the last snapshot's version is still held.
    for n in 0..KEPT_VERSIONS + 2 {
        let name = format!("  e3 button \"N{n}\"");
        by(Against::PageBefore, &["e1 main", &name]);
    }
    let (later, _) = by(Against::LastSnapshot, &a);
    assert!(
        matches!(&later, Compared::Diff { base: 3, .. }),
        "{later:?}"
    );
    // A page the actions left as the last snapshot saw it: a version of its own, no changes.
    let (reverted, _) = by(Against::PageBefore, &c);
    assert!(matches!(&reverted, Compared::Diff { .. }), "{reverted:?}");
    let back_to_a = by(Against::PageBefore, &a).0;
    let (unchanged, _) = by(Against::LastSnapshot, &a);
    match (back_to_a, unchanged) {
        (
            Compared::Diff { version: v, .. },
            Compared::Diff {
                version,
                base,
                changes,
                ..
            },
        ) => assert!(version == v && base < v && changes.is_empty()),
        other => panic!("{other:?}"),
    }
}

/// A click that loads another document: its feedback is the whole new page, and the next
/// snapshot is whole too (a client reading only snapshots never saw it). Back on a document a
/// snapshot showed before (the back/forward cache shows it again), the snapshot compares with
/// what it was when it was left, feedback included.
#[test]
fn a_new_document_is_whole_and_one_shown_again_is_compared_with_how_it_was_left() {
    let versions = SnapshotVersions::default();
    let view = View::default();
    let at = |document: &str, against, lines: &[&str]| {
        let page: Vec<&str> = lines.iter().chain(UNCHANGED.iter()).copied().collect();
        versions
            .record("T1", &view, document, &text(&page), against, FULL_ABOVE)
            .0
    };
    let a = ["e1 main", "  e2 button \"A\""];
    let b = ["e1 main", "  e2 button \"A\" disabled"];
    let next = ["e9 heading \"Next\""];
    assert!(matches!(
        at("d1", Against::LastSnapshot, &a),
        Compared::Full { version: 1 }
    ));
    assert!(matches!(
        at("d1", Against::PageBefore, &b),
        Compared::Diff {
            version: 2,
            base: 1,
            ..
        }
    ));
    // A link clicked: another document, whole in the feedback and in the next snapshot.
    assert!(matches!(
        at("d2", Against::PageBefore, &next),
        Compared::Full { version: 3 }
    ));
    let seen = at("d2", Against::LastSnapshot, &next);
    assert!(matches!(seen, Compared::Full { version: 3 }), "{seen:?}");
    // Back: d1 as it was left (version 2, which only the feedback told): unchanged.
    let back = at("d1", Against::LastSnapshot, &b);
    assert!(
        matches!(&back, Compared::Diff { version: 2, base: 2, changes, .. } if changes.is_empty()),
        "{back:?}"
    );
}

#[test]
fn segments_removed_one_after_another_go_as_one_change_and_two_are_named_each() {
    let old = segments(&text(&[
        "e1 button \"Toggle\"",
        "e2 navigation \"Contents\"",
        "  e3 link \"One\"",
        "  e4 link \"Two\"",
        "  text \"and more\"",
        "e5 main",
        "  e6 link \"A\"",
        "  e7 link \"B\"",
        "  e8 link \"C\"",
        "  text \"tail\"",
    ]));
    // The sidebar closed (three segments in a row), and two rows of the list went (C keeps
    // its last line, "tail", which now ends A).
    let new = segments(&text(&[
        "e1 button \"Toggle\"",
        "e5 main",
        "  e6 link \"A\"",
        "  text \"tail\"",
    ]));
    let (changes, weight) = diff(&old, &new);
    assert_eq!(
        changes,
        [
            Change::Remove {
                uid: "e2".into(),
                also: vec!["e3".into(), "e4".into()],
                keep: 0,
            },
            Change::Remove {
                uid: "e7".into(),
                also: Vec::new(),
                keep: 0,
            },
            Change::Remove {
                uid: "e8".into(),
                also: Vec::new(),
                keep: 1,
            },
        ]
    );
    // A run weighs its first and last uids, not each one.
    assert_eq!(
        weight,
        "e2".len() + "e4".len() + 4 * NAMING_COST + "e7e8".len()
    );
    assert_eq!(apply(&old, &changes), lines_of(&new_text(&new)));
    let json = serde_json::to_value(&changes[0]).unwrap_or_default();
    assert_eq!(
        json,
        serde_json::json!({ "op": "remove", "uid": "e2", "also": ["e3", "e4"] })
    );
}

fn new_text(segments: &[Segment]) -> String {
    segments
        .iter()
        .flat_map(|s| s.lines.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_message_that_went_from_below_a_changed_field_is_told_by_its_words() {
    // A validation message under a field clears as the field takes a value: the segment whole
    // (`~ e3 textbox …`) would not show the message went; an edit of the field's line and a
    // removal told by its words do.
    let old = segments(&text(&[
        "e2 form",
        "  e3 textbox \"Email\" required",
        "  text \"Please give an email.\"",
        "  e4 button \"Order\"",
    ]));
    let new = segments(&text(&[
        "e2 form",
        "  e3 textbox \"Email\" focused required value=\"ada@example.com\"",
        "  e4 button \"Order\"",
    ]));
    let (changes, _) = diff(&old, &new);
    assert_eq!(
        changes,
        [
            Change::Edit {
                uid: "e3".into(),
                at: 1,
                remove: 1,
                lines: String::new(),
                gone: "text \"Please give an email.\"".into(),
            },
            Change::Edit {
                uid: "e3".into(),
                at: 0,
                remove: 1,
                lines: "  e3 textbox \"Email\" focused required value=\"ada@example.com\"".into(),
                gone: String::new(),
            },
        ]
    );
    let all = |s: &[Segment]| s.iter().flat_map(|s| s.lines.clone()).collect::<Vec<_>>();
    assert_eq!(apply(&old, &changes), all(&new));
    assert_eq!(
        cdt_domain::snapshot_change::text(&changes),
        "- e3:1 text \"Please give an email.\"\n~ e3 textbox \"Email\" focused required value=\"ada@example.com\"\n"
    );
    // More than a few lines gone are a range, without their words.
    let long = segments(&text(&[
        "e3 textbox \"Email\"",
        "text \"a\"",
        "text \"b\"",
        "text \"c\"",
        "text \"d\"",
        "e4 button \"Order\"",
    ]));
    let short = segments(&text(&["e3 textbox \"Email\"", "e4 button \"Order\""]));
    let (changes, _) = diff(&long, &short);
    assert_eq!(cdt_domain::snapshot_change::text(&changes), "- e3:1-4\n");
    assert_eq!(apply(&long, &changes), all(&short));
}
