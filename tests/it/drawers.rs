//! A page behind an open drawer, as Angular Material's sidenav leaves it: the content made
//! `inert` while the drawer is open (in "over" mode), given back when it closes.

use cdt_e2e::{HttpServer, TestEnv, snapshot, uid_of};

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
    let server = HttpServer::start();
    server.page("/drawer.html", "Drawer", PAGE);
    let env = TestEnv::new();
    env.ctx("d", &["page", "open", &server.url("/drawer.html")])
        .ok();
    let before = snapshot(&env, "d");
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
