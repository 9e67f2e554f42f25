//! Element actions and snapshots on the fake browser's page document: the page probe's answers
//! are mapped to uids, feedback and error codes without Chromium.

use std::time::Duration;

use cdt_domain::interact::{MouseButton, MouseEventKind};
use cdt_domain::ops::{
    ClickButton, ClickParams, ElementTarget, Operation, PageNavigateParams, SnapshotParams,
    TraceStartParams,
};
use cdt_domain::{ErrorCode, WaitUntil};
use cdt_testkit::{ClickEffect, FakeElement, FakePage};
use serde_json::Value;

use crate::runtime::BrokerConfig;
use crate::sync::lock;
use crate::testing::{World, world};

use super::{caller, handle, open};

/// A sign-in form: a button that greets, one covered by a banner, one disabled, and a banner
/// that a click removes.
fn form() -> FakePage {
    let mut covered = FakeElement::new("e4", "button", "Covered", (300.0, 40.0));
    covered.covered_by = Some("e6".into());
    let mut disabled = FakeElement::new("e5", "button", "Later", (400.0, 40.0));
    disabled.enabled = false;
    let mut page = FakePage::new(
        "http://127.0.0.1/form.html",
        "Form",
        vec![
            FakeElement::new("e1", "heading", "Sign in", (100.0, 10.0)),
            FakeElement::new("e2", "textbox", "Email", (100.0, 40.0)),
            FakeElement::new("e3", "button", "Sign in", (200.0, 40.0)),
            covered,
            disabled,
            FakeElement::new("e6", "button", "Dismiss banner", (300.0, 41.0)),
        ],
    );
    page.on_click = vec![
        (
            "e3".into(),
            ClickEffect::Rename {
                uid: "e3".into(),
                name: "Signed in".into(),
            },
        ),
        ("e6".into(), ClickEffect::Remove("e6".into())),
    ];
    page
}

async fn ready(document: FakePage) -> World {
    let w = world(BrokerConfig::default(), Duration::ZERO);
    *lock(&w.launcher.document) = Some(document);
    let opened = handle(
        &w,
        &caller("form"),
        open("http://127.0.0.1/form.html"),
        5000,
    )
    .await;
    assert!(opened.result.is_ok(), "{:?}", opened.result);
    w
}

async fn run(w: &World, operation: Operation) -> Result<Value, cdt_domain::CdtError> {
    handle(w, &caller("form"), operation, 5000).await.result
}

fn click(uid: &str) -> Operation {
    Operation::ElementClick(ClickParams {
        target: ElementTarget {
            uid: Some(uid.into()),
            ..ElementTarget::default()
        },
        ..ClickParams::default()
    })
}

#[tokio::test]
async fn a_snapshot_lists_the_probes_lines_and_maps_every_uid() {
    let w = ready(form()).await;
    let taken = run(&w, Operation::CaptureSnapshot(SnapshotParams::default()))
        .await
        .unwrap_or_default();
    let text = taken["snapshot"].as_str().unwrap_or_default();
    assert!(text.contains("e3 button \"Sign in\""), "{text}");
    assert!(text.contains("e5 button \"Later\" disabled"), "{text}");
    assert_eq!(taken["uids"]["e2"]["role"], "textbox");
    assert_eq!(taken["uids"].as_object().map(|u| u.len()), Some(6));
    assert_eq!(taken["title"], "Form");
}

#[tokio::test]
async fn a_click_presses_at_the_action_point_and_reports_what_changed() {
    let w = ready(form()).await;
    let _ = run(&w, Operation::CaptureSnapshot(SnapshotParams::default())).await;
    let clicked = run(&w, click("e3")).await.unwrap_or_default();
    assert_eq!(clicked["action"], "click");
    assert_eq!(clicked["uid"], "e3");
    assert_eq!(clicked["navigated"], false);
    assert_eq!(
        clicked["changes"],
        serde_json::json!([{ "op": "change", "uid": "e3", "lines": "  e3 button \"Signed in\"" }]),
        "{clicked}"
    );
    // A diff after it compares with the last snapshot: the same change, at the action's
    // version.
    let diff = run(
        &w,
        Operation::CaptureSnapshot(SnapshotParams {
            diff: true,
            ..SnapshotParams::default()
        }),
    )
    .await
    .unwrap_or_default();
    assert_eq!(diff["version"], clicked["version"], "{diff}");
    assert_eq!(diff["changes"], clicked["changes"], "{diff}");
    assert_eq!(diff["full"], false);
    let browser = lock(&w.launcher.launched)[0].clone();
    let presses = lock(&browser.document)
        .as_ref()
        .map(|page| page.mouse.clone())
        .unwrap_or_default();
    assert_eq!(
        presses,
        vec![
            (MouseEventKind::Pressed, 200.0, 40.0),
            (MouseEventKind::Released, 200.0, 40.0)
        ]
    );
}

#[tokio::test]
async fn probe_failures_become_error_codes_naming_the_element() {
    let w = ready(form()).await;
    let covered = run(&w, click("e4")).await.err();
    assert_eq!(
        covered.as_ref().map(|e| e.code),
        Some(ErrorCode::TargetObscured)
    );
    assert_eq!(
        covered.as_ref().map(|e| e.details["coveringUid"].clone()),
        Some(Value::from("e6"))
    );
    let disabled = run(&w, click("e5")).await.err();
    assert_eq!(
        disabled.as_ref().map(|e| e.code),
        Some(ErrorCode::TargetNotInteractable)
    );
    assert!(
        disabled.is_some_and(|e| e.message.contains("\"Later\" is disabled")),
        "the message names the disabled element"
    );
    let unknown = run(&w, click("e99")).await.err().map(|e| e.code);
    assert_eq!(unknown, Some(ErrorCode::ElementNotFound));
}

#[tokio::test]
async fn a_uid_whose_node_a_click_removed_is_stale() {
    let w = ready(form()).await;
    assert!(run(&w, click("e6")).await.is_ok());
    let again = run(&w, click("e6")).await.err().map(|e| e.code);
    assert_eq!(again, Some(ErrorCode::UidStale));
}

#[tokio::test]
async fn a_right_click_presses_the_right_button_and_says_so() {
    let w = ready(form()).await;
    let right = Operation::ElementClick(ClickParams {
        target: ElementTarget {
            uid: Some("e3".into()),
            ..ElementTarget::default()
        },
        button: Some(ClickButton::Right),
        ..ClickParams::default()
    });
    let clicked = run(&w, right).await.unwrap_or_default();
    assert_eq!(clicked["button"], "right", "{clicked}");
    let browser = lock(&w.launcher.launched)[0].clone();
    let buttons = lock(&browser.document)
        .as_ref()
        .map(|page| page.buttons.clone())
        .unwrap_or_default();
    assert_eq!(buttons, vec![MouseButton::Right, MouseButton::Right]);
}

/// What the page's probe was asked, as `of` reads it, once `count` of it has been (a
/// navigation prepares without waiting).
async fn asked(w: &World, count: usize, of: fn(&FakePage) -> &Vec<Value>) -> Vec<Value> {
    let browser = lock(&w.launcher.launched)[0].clone();
    let read = || {
        lock(&browser.document)
            .as_ref()
            .map(|page| of(page).clone())
            .unwrap_or_default()
    };
    for _ in 0..200 {
        if read().len() >= count {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    read()
}

/// The walks the page was asked to prepare, once `count` of them have been.
async fn prewalks(w: &World, count: usize) -> Vec<Value> {
    asked(w, count, |page| &page.prewalks).await
}

/// The snapshots the page's probe was asked for, once `count` of them have been.
async fn probe_snapshots(w: &World, count: usize) -> Vec<Value> {
    asked(w, count, |page| &page.snapshots).await
}

#[tokio::test]
async fn a_navigation_that_loaded_prepares_the_snapshot_itself_when_the_walk_finished() {
    // Opened and left alone: the walk, then the snapshot in the same view (unbounded: it is
    // asked only once the walk finished), before the agent asks.
    let w = ready(form()).await;
    let prepared = probe_snapshots(&w, 1).await;
    assert_eq!(prepared.len(), 1, "{prepared:?}");
    assert_eq!(prepared[0]["interactive"], false, "{prepared:?}");
    assert!(prepared[0].get("budgetMs").is_none(), "{prepared:?}");
    assert_eq!(prewalks(&w, 1).await.len(), 1);
    // A walk cut short at its budget (a page too large) is left at that.
    let browser = lock(&w.launcher.launched)[0].clone();
    if let Some(page) = lock(&browser.document).as_mut() {
        page.prewalk_cut = true;
    }
    assert!(run(&w, navigate(WaitUntil::Load)).await.is_ok());
    assert_eq!(prewalks(&w, 2).await.len(), 2);
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(probe_snapshots(&w, 2).await.len(), 1);
    // Nor when the agent asked something while the page was walked: its command goes first.
    if let Some(page) = lock(&browser.document).as_mut() {
        page.prewalk_cut = false;
        page.prewalk_ms = 100;
    }
    assert!(run(&w, navigate(WaitUntil::Load)).await.is_ok());
    let list = Operation::PageList(cdt_domain::ops::NoParams {});
    assert!(run(&w, list).await.is_ok());
    assert_eq!(prewalks(&w, 3).await.len(), 3);
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(probe_snapshots(&w, 2).await.len(), 1);
    // Left alone again, it is prepared.
    assert!(run(&w, navigate(WaitUntil::Load)).await.is_ok());
    assert_eq!(probe_snapshots(&w, 2).await.len(), 2);
}

fn navigate(wait_until: WaitUntil) -> Operation {
    Operation::PageNavigate(PageNavigateParams {
        url: "http://127.0.0.1/form.html".into(),
        wait_until,
        ..PageNavigateParams::default()
    })
}

#[tokio::test]
async fn a_navigation_that_loaded_prepares_the_next_snapshot_in_the_view_last_taken() {
    // Opening the page walks it whole before any snapshot was asked for.
    let w = ready(form()).await;
    let first = prewalks(&w, 1).await;
    assert_eq!(first.len(), 1, "{first:?}");
    assert_eq!(first[0]["interactive"], false, "{first:?}");
    // Bounded: the agent's next command waits for it.
    assert!(first[0]["budgetMs"].as_u64().is_some(), "{first:?}");
    // Once the agent snapshots interactively, the next document is walked so.
    let interactive = Operation::CaptureSnapshot(SnapshotParams {
        interactive: true,
        ..SnapshotParams::default()
    });
    assert!(run(&w, interactive).await.is_ok());
    assert!(run(&w, navigate(WaitUntil::Load)).await.is_ok());
    let second = prewalks(&w, 2).await;
    assert_eq!(second.len(), 2, "{second:?}");
    assert_eq!(second[1]["interactive"], true, "{second:?}");
    // A navigation not waited for has no document to walk yet.
    assert!(run(&w, navigate(WaitUntil::None)).await.is_ok());
    assert!(run(&w, navigate(WaitUntil::Load)).await.is_ok());
    let third = prewalks(&w, 3).await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(prewalks(&w, 3).await.len(), 3, "{third:?}");
    // Nor while a trace records: it shows the page's own work.
    let trace = Operation::TraceStart(TraceStartParams::default());
    assert!(run(&w, trace).await.is_ok());
    assert!(run(&w, navigate(WaitUntil::Load)).await.is_ok());
    assert!(
        run(&w, Operation::CaptureSnapshot(SnapshotParams::default()))
            .await
            .is_ok()
    );
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(prewalks(&w, 4).await.len(), 3);
}
