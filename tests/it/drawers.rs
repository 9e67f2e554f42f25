//! A page behind an open drawer, as Angular Material's sidenav leaves it: the content made
//! `inert` while the drawer is open (in "over" mode), given back when it closes; a page
//! behind a modal `<dialog>`, which the browser makes inert itself (no attribute); and a page
//! under a guided tour's overlay.

use cdt_e2e::{opened, snapshot, uid_of};
use serde_json::Value;

const PAGE: &str = "<button id=menu onclick='openDrawer()'>Menu</button>
<nav id=drawer hidden><a href='#users' onclick='closeDrawer()'>Users</a></nav>
<main id=main><label for=q>Search</label> <input id=q> <button>Go</button><p>Results appear here</p></main>
<script>
function openDrawer() { drawer.hidden = false; main.inert = true; }
function closeDrawer() { drawer.hidden = true; main.inert = false; }
addEventListener('keydown', (e) => { if (e.key === 'Escape') closeDrawer(); });
</script>";

/// What is inert is no line (Chromium's tree ignores it, and a user's clicks do not reach it;
/// its fields had lost their names and kept their lines), and an action on it says it is inert
/// and how to close what keeps it (`TARGET_NOT_INTERACTABLE`; a click said it was covered, and
/// hinted clicking a link of the drawer). Closed, the page is back with its uids.
#[test]
fn a_page_behind_an_open_drawer_is_inert() {
    let (_server, env, before) = opened("Drawer", PAGE, "d");
    let search = uid_of(&before, "textbox \"Search\"");
    let menu = uid_of(&before, "button \"Menu\"");
    env.ctx("d", &["element", "click", &menu]).ok();
    let open = snapshot(&env, "d");
    assert!(open.contains("link \"Users\""), "{open}");
    assert!(!open.contains("textbox"), "{open}");
    assert!(!open.contains("Results appear here"), "{open}");
    for action in [
        vec!["element", "fill", search.as_str(), "shoes"],
        vec!["element", "click", search.as_str()],
    ] {
        let refused = env.ctx("d", &action);
        let error = refused.err("TARGET_NOT_INTERACTABLE", 5).clone();
        assert!(
            error["message"].as_str().unwrap().contains("is inert"),
            "{error}"
        );
        assert!(
            error["suggestions"]
                .to_string()
                .contains("cdt input key Escape"),
            "{error}"
        );
    }
    env.ctx("d", &["input", "key", "Escape"]).ok();
    let after = snapshot(&env, "d");
    assert_eq!(uid_of(&after, "textbox \"Search\""), search, "{after}");
    env.ctx("d", &["element", "fill", &search, "shoes"]).ok();
}

/// A modal `<dialog>` (`showModal()`) makes the rest of the page inert with no attribute to
/// see: the snapshot shows the dialog alone, as Chromium's tree does (it showed the page behind
/// too), and a fill behind it is "inert", naming the dialog's controls (it said the field could
/// not take the focus).
/// Closed, the page is back with its uids.
#[test]
fn a_page_behind_a_modal_dialog_is_inert() {
    let (_server, env, before) = opened(
        "Modal",
        "<button onclick='d.showModal()'>Delete</button> <label for=q>Search</label> <input id=q>
         <dialog id=d><p>Delete for good?</p><button onclick='d.close()'>Cancel</button></dialog>",
        "m",
    );
    let search = uid_of(&before, "textbox \"Search\"");
    env.ctx(
        "m",
        &["element", "click", &uid_of(&before, "button \"Delete\"")],
    )
    .ok();
    let open = snapshot(&env, "m");
    assert!(open.contains("Delete for good?"), "{open}");
    assert!(!open.contains("textbox"), "{open}");
    assert!(!open.contains("button \"Delete\""), "{open}");
    let refused = env.ctx("m", &["element", "fill", &search, "shoes"]);
    let error = refused.err("TARGET_NOT_INTERACTABLE", 5);
    assert!(
        error["message"].as_str().unwrap().contains("is inert"),
        "{error}"
    );
    let cancel = uid_of(&open, "button \"Cancel\"");
    assert_eq!(
        error["suggestions"][0],
        format!("Run: cdt element click {cancel} (button \"Cancel\", in the dialog over it) first"),
        "{error}"
    );
    // A press behind it is told by what it meets: the dialog, which covers it.
    env.ctx("m", &["element", "click", &search])
        .err("TARGET_OBSCURED", 5);
    env.ctx(
        "m",
        &["element", "click", &uid_of(&open, "button \"Cancel\"")],
    )
    .ok();
    let after = snapshot(&env, "m");
    assert_eq!(uid_of(&after, "textbox \"Search\""), search, "{after}");
    env.ctx("m", &["element", "fill", &search, "shoes"]).ok();
}

/// A page under a guided tour's overlay (Shepherd 14's, from npm: an `svg` over the whole view
/// with a hole around what the tour shows, and the tour's dialog beside it, not modal): a click
/// on a link under the overlay names the overlay, not a `path` of it, and hints the tour
/// dialog's buttons, Skip among them (it hinted clicking the overlay, which does nothing); run,
/// that hint lets the click through.
#[test]
fn a_click_under_a_tours_overlay_hints_the_tours_buttons() {
    let (_server, env, snap) = opened(
        "Dashboard",
        r##"<nav><a href="#settings" id=settings>Settings</a></nav>
<button id=create>Create project</button>
<svg id=overlay style="position: fixed; inset: 0; width: 100vw; height: 100vh; z-index: 5"><path d="M0,0H2000V2000H0Z" fill-opacity=0.5></path></svg>
<div role=dialog aria-labelledby=title id=tour style="position: absolute; top: 200px; left: 200px; z-index: 6; background: white; padding: 8px">
  <h3 id=title>Welcome</h3><p>This is your dashboard.</p>
  <button onclick="overlay.remove(); tour.remove()">Skip</button><button>Next</button></div>"##,
        "t",
    );
    let settings = uid_of(&snap, "link \"Settings\"");
    let skip = uid_of(&snap, "button \"Skip\"");
    let refused = env.ctx("t", &["element", "click", &settings]);
    let error = refused.err("TARGET_OBSCURED", 5);
    assert!(
        error["message"]
            .as_str()
            .unwrap_or_default()
            .contains("covered by svg#overlay"),
        "{error}"
    );
    let hints: Vec<&str> = error["suggestions"]
        .as_array()
        .map(|all| all.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    assert!(
        hints
            .iter()
            .any(|h| h.starts_with(&format!("Run: cdt element click {skip} "))),
        "{error}"
    );
    env.ctx("t", &["element", "click", &skip]).ok();
    let went = env.ctx("t", &["element", "click", &settings]);
    assert!(went.stdout.contains("#settings"), "{}", went.stdout);
}

/// A tour drawn as intro.js 8 draws it (from npm): an overlay over the whole view and the tour's
/// dialog in one layer, closed by its `×`: a click under the overlay hints that `×` (a button
/// named by a sign alone was never taken as one that dismisses).
#[test]
fn a_click_under_a_tour_closed_by_its_cross_hints_the_cross() {
    let (_server, env, snap) = opened(
        "Dashboard",
        r##"<nav><a href="#settings" id=settings>Settings</a></nav>
<div id=layer><div style="position: fixed; inset: 0; z-index: 5; background: rgba(0, 0, 0, 0.4)"></div>
<div role=dialog aria-label="Create your first project here" style="position: absolute; top: 200px; left: 200px; z-index: 6; background: white">
  <a role=button tabindex=0 onclick="layer.remove()">×</a><p>Create your first project here</p><a role=button tabindex=0>Next</a></div></div>"##,
        "x",
    );
    let settings = uid_of(&snap, "link \"Settings\"");
    let cross = uid_of(&snap, "button \"×\"");
    let refused = env.ctx("x", &["element", "click", &settings]);
    let error = refused.err("TARGET_OBSCURED", 5);
    assert_eq!(
        error["suggestions"][0]
            .as_str()
            .map(|hint| hint.starts_with(&format!("Run: cdt element click {cross} "))),
        Some(true),
        "{error}"
    );
    env.ctx("x", &["element", "click", &cross]).ok();
    env.ctx("x", &["element", "click", &settings]).ok();
}
