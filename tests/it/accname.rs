//! Fidelity of cdt's accessible names and roles: accname.js against Chromium's own
//! accessibility tree over our fixture corpus (`tests/fixtures/accname/`), and, on demand, over
//! any folder of pages (the web-platform-tests `accname/` pages, for instance).

use std::path::{Path, PathBuf};

use cdt_e2e::HttpServer;

use crate::ax_probe::{Compared, Expectations, Probe, Tally, mismatch_lines};

/// Names must agree with Chromium's on at least this share of named elements.
const NAME_AGREEMENT: f64 = 98.0;
/// The corpus must hold at least this many named elements.
const NAMED_ELEMENTS: usize = 300;
/// Roles are reported; a fall below this share means the role model broke, not a detail.
const ROLE_AGREEMENT: f64 = 95.0;

fn content_type(path: &Path) -> &'static str {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
    {
        "html" | "htm" => "text/html; charset=utf-8",
        "css" => "text/css",
        "js" => "text/javascript",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        _ => "application/octet-stream",
    }
}

/// Serves every file under `dir` (recursively) at its relative path; returns the HTML pages.
fn serve_folder(server: &HttpServer, dir: &Path) -> Vec<String> {
    let mut pages = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
                continue;
            }
            let relative = path
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .to_string();
            server.bytes(
                &format!("/{relative}"),
                content_type(&path),
                &std::fs::read(&path).unwrap(),
            );
            if content_type(&path).starts_with("text/html") {
                pages.push(relative);
            }
        }
    }
    pages.sort();
    pages
}

/// Compares every page of `dir` and prints the figures and every mismatch.
fn compare_folder(dir: &Path) -> (Tally, Vec<Compared>) {
    let server = HttpServer::start();
    let pages = serve_folder(&server, dir);
    assert!(!pages.is_empty(), "no HTML page under {}", dir.display());
    let probe = Probe::launch();
    let mut all = Vec::new();
    for page in &pages {
        let compared = probe.compare(page, &server.url(&format!("/{page}")));
        let tally = Tally::of(&compared);
        eprintln!(
            "{page}: names {}/{} roles {}/{}",
            tally.names_agree, tally.names, tally.roles_agree, tally.roles
        );
        all.extend(compared);
    }
    for line in mismatch_lines(&all) {
        eprintln!("{line}");
    }
    let tally = Tally::of(&all);
    eprintln!(
        "{}: {} pages; names agree {}/{} ({:.1} %); roles agree {}/{} ({:.1} %); heading levels agree {}/{}; states agree {}/{}",
        dir.display(),
        pages.len(),
        tally.names_agree,
        tally.names,
        tally.name_percent(),
        tally.roles_agree,
        tally.roles,
        tally.role_percent(),
        tally.levels_agree,
        tally.levels,
        tally.states_agree,
        tally.states
    );
    (tally, all)
}

#[test]
fn accessible_names_roles_and_states_match_chromium_on_the_fixture_corpus() {
    let corpus = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/accname");
    let (tally, all) = compare_folder(&corpus);
    assert!(
        tally.names >= NAMED_ELEMENTS,
        "the corpus names only {} elements (want ≥ {NAMED_ELEMENTS})",
        tally.names
    );
    assert!(
        tally.name_percent() >= NAME_AGREEMENT,
        "names agree with Chromium on {:.1} % of {} named elements (want ≥ {NAME_AGREEMENT} %): see the NAME lines above",
        tally.name_percent(),
        tally.names
    );
    assert!(
        tally.role_percent() >= ROLE_AGREEMENT,
        "roles agree with Chromium on {:.1} % of {} elements (want ≥ {ROLE_AGREEMENT} %): see the ROLE lines above",
        tally.role_percent(),
        tally.roles
    );
    // The pages of the shapes named without the whole computation (and of their neighbours that
    // take the long way), and of names as laid out (text-transform, boxes out of the flow), agree
    // with Chromium on every name.
    let shortcuts: Vec<&Compared> = all
        .iter()
        .filter(|c| (c.page.contains("shortcuts") || c.page.contains("layout")) && c.ours_exposed)
        .collect();
    assert!(
        shortcuts.len() >= 30,
        "{} elements compared",
        shortcuts.len()
    );
    // Asserts that no element of `items` differs, listing each as `page element: ours …,
    // Chromium …`.
    let none_differ =
        |what: &str, items: Vec<&Compared>, sides: fn(&Compared) -> (String, String)| {
            let lines: Vec<String> = items
                .iter()
                .map(|c| {
                    let (ours, theirs) = sides(c);
                    format!("{} {}: ours {ours}, Chromium {theirs}", c.page, c.element)
                })
                .collect();
            assert!(
                lines.is_empty(),
                "{what} differ from Chromium's:\n{}",
                lines.join("\n")
            );
        };
    none_differ(
        "names",
        shortcuts
            .into_iter()
            .filter(|c| c.chromium_role.is_some() && c.ours_name != c.chromium_name)
            .collect(),
        |c| {
            (
                format!("{:?}", c.ours_name),
                format!("{:?}", c.chromium_name),
            )
        },
    );
    // Table headers: column or row header as Chromium decides, on every one of that page.
    none_differ(
        "table roles",
        all.iter()
            .filter(|c| c.page.contains("tables") && c.role_counted() && !c.role_agrees())
            .collect(),
        |c| {
            (
                format!("{:?}", c.ours_role),
                format!("{:?}", c.chromium_role),
            )
        },
    );
    // At least `min` compared, and every one agrees with Chromium (each that differs is a
    // `KIND` line above).
    let all_agree = |what: &str, kind: &str, agree: usize, compared: usize, min: usize| {
        assert!(compared >= min, "only {compared} {what} compared");
        assert_eq!(
            agree, compared,
            "{what} differ from Chromium's: see the {kind} lines above"
        );
    };
    // States (the snapshot's `disabled`, `checked`, `pressed`, `expanded`, `selected`,
    // `required`, `readonly`) agree with Chromium's on every element either side gives one.
    all_agree("states", "STATES", tally.states_agree, tally.states, 80);
    // Heading levels (the snapshot's `level=`) agree with Chromium's on every heading.
    all_agree(
        "heading levels",
        "LEVEL",
        tally.levels_agree,
        tally.levels,
        15,
    );
}

/// Pages nobody here wrote: `CDT_ACCNAME_PAGES=/path/to/wpt/accname cargo test -p cdt-e2e
/// --test it accname -- --ignored --nocapture`. Fails below `CDT_ACCNAME_MIN_AGREEMENT`
/// (percent of named elements, 90 unless set).
#[test]
#[ignore = "needs a folder of pages in CDT_ACCNAME_PAGES"]
fn accessible_names_match_chromium_on_outside_pages() {
    let dir = std::env::var("CDT_ACCNAME_PAGES")
        .expect("set CDT_ACCNAME_PAGES to a folder of HTML pages (e.g. wpt/accname)");
    let floor: f64 = std::env::var("CDT_ACCNAME_MIN_AGREEMENT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(90.0);
    let (tally, all) = compare_folder(Path::new(&dir));
    assert!(tally.names > 0, "no named element under {dir}");
    // Pages that state their expected names (web-platform-tests): cdt must give the expected
    // name wherever Chromium does.
    let expectations = Expectations::of(&all);
    if expectations.elements > 0 {
        for line in &expectations.chromium_differs {
            eprintln!("CHROMIUM≠EXPECTED {line}");
        }
        for line in &expectations.ours_behind_chromium {
            eprintln!("BEHIND {line}");
        }
        eprintln!(
            "expected names: {} elements; accname.js as expected {}, Chromium as expected {}; accname.js wrong where Chromium is right: {}",
            expectations.elements,
            expectations.ours_as_expected,
            expectations.chromium_as_expected,
            expectations.ours_behind_chromium.len()
        );
        assert!(
            expectations.ours_behind_chromium.is_empty(),
            "accname.js misses an expected name that Chromium gives: see the BEHIND lines above"
        );
    }
    assert!(
        tally.name_percent() >= floor,
        "names agree on {:.1} % (want ≥ {floor} %)",
        tally.name_percent()
    );
}

/// What the agent sees of names on a page shaped like the web-platform-tests accname pages:
/// every named figure, list, meter or status, and every element its author named, has a uid to
/// point at (a screenshot, a `--root`); a `role=heading` div has Chromium's level 2; a hidden
/// element is not named.
#[test]
fn named_structure_has_a_uid_and_headings_have_chromiums_levels() {
    let server = cdt_e2e::HttpServer::start();
    server.page(
        "/named.html",
        "Named",
        r#"<div role="heading" aria-label="Div heading">x</div>
<div role="heading" aria-level="bad" aria-label="Bad level">x</div>
<figure aria-label="Chart">x</figure>
<ul aria-label="Shopping">x</ul>
<div role="meter" aria-label="Fuel">x</div>
<div role="status" aria-label="Saved">x</div>
<table><tr><td aria-label="Authored cell">x</td><td>Content cell</td></tr></table>
<span style="display: none"><button>Hidden</button></span>
<div role="treegrid"><div role="row"><div role="gridcell" tabindex="-1">Rent</div></div></div>"#,
    );
    let env = cdt_e2e::TestEnv::new();
    env.ctx("named", &["page", "open", &server.url("/named.html")])
        .ok();
    let snap = cdt_e2e::snapshot(&env, "named");
    for needle in [
        "heading \"Div heading\" level=2",
        "heading \"Bad level\" level=1",
        "figure \"Chart\"",
        "list \"Shopping\"",
        "meter \"Fuel\"",
        "status \"Saved\"",
        "cell \"Authored cell\"",
    ] {
        let uid = cdt_e2e::uid_of(&snap, needle);
        assert!(uid.starts_with('e'), "{needle} has no uid in:\n{snap}");
    }
    // In a table that only lays the page out (one row, no borders: Chromium's LayoutTable), a
    // cell named by its content has no line: its words are text.
    assert!(
        snap.lines()
            .any(|l| l.trim_start() == "text \"Content cell\""),
        "{snap}"
    );
    assert!(!snap.contains("Hidden"), "{snap}");
    // An unnamed tree grid (Handsontable's) is a line of its own, as an unnamed grid is, with
    // its rows below it (Chromium: `treegrid`).
    let lines: Vec<&str> = snap.lines().collect();
    let grid = lines.iter().position(|l| l.ends_with(" treegrid"));
    assert!(
        grid.is_some_and(|at| lines[at + 1].trim_start() == "row \"Rent\""),
        "{snap}"
    );
}

/// A sortable column's header that sets the hand cursor (DataTables 2's, from npm: its title
/// and sort button laid out in a `div` that inherits the hand) is its header and its button, as
/// in Chromium's tree: that `div` was a `clickable` line of its own around the button.
#[test]
fn what_lays_out_a_sortable_header_inherits_its_hand_and_is_no_line() {
    let (_server, _env, snap) = cdt_e2e::opened(
        "Sortable",
        r#"<style>th.sortable { cursor: pointer }</style>
<table><thead><tr><th class=sortable><div class=header><div>Office</div>
  <div role=button aria-label="Office: Activate to sort" tabindex=0></div></div></th><th>Age</th></tr></thead>
<tbody><tr><td>Tokyo</td><td>42</td></tr><tr><td>Paris</td><td>51</td></tr></tbody></table>"#,
        "sort",
    );
    let lines: Vec<&str> = snap.lines().map(str::trim_start).collect();
    let header = lines
        .iter()
        .position(|l| *l == "columnheader \"Office Office: Activate to sort\"");
    assert!(
        header.is_some_and(|at| lines[at + 1].ends_with(" button \"Office: Activate to sort\"")),
        "{snap}"
    );
    assert!(!snap.contains("clickable"), "{snap}");
}

/// Generated content from a style sheet the page @imports names an element as it does in
/// Chromium (the scan that skips `::before`/`::after` where no sheet can make them follows
/// imports), and a `cursor: pointer` from an imported sheet makes an element clickable.
#[test]
fn generated_content_and_cursors_from_imported_sheets_count() {
    let server = cdt_e2e::HttpServer::start();
    server.raw(
        "/imported.css",
        "text/css",
        ".open::before { content: \"Open \" } .tile { cursor: pointer }",
    );
    server.page(
        "/imports.html",
        "Imports",
        "<style>@import url(/imported.css);</style><button class=open>menu</button><div class=tile>Tile</div>",
    );
    let env = cdt_e2e::TestEnv::new();
    env.ctx("imports", &["page", "open", &server.url("/imports.html")])
        .ok();
    let snap = cdt_e2e::snapshot(&env, "imports");
    // Chromium's own name for the button, from its accessibility tree.
    let chromium = chromium_name(&env, "imports", "button");
    assert_eq!(chromium, "Open menu");
    assert!(snap.contains(&format!("button {chromium:?}")), "{snap}");
    assert!(snap.contains("clickable \"Tile\""), "{snap}");
}

/// Text lines show words in the case `text-transform` lays them out, as Chromium's tree has
/// them (its StaticText), in the document and inside a shadow root whose sheet sets it.
#[test]
fn text_lines_show_the_case_text_transform_lays_out() {
    let server = cdt_e2e::HttpServer::start();
    server.page(
        "/cases.html",
        "Cases",
        "<style>.caps { text-transform: uppercase } .cap { text-transform: capitalize }</style>
         <p class=caps>free shipping over $50</p><p class=cap>spring sale ends today</p>
         <p>plain words stay</p><x-note></x-note>
         <script>customElements.define('x-note', class extends HTMLElement { connectedCallback() {
           this.attachShadow({ mode: 'open' }).innerHTML = '<style>:host { text-transform: lowercase }</style>QUIET PLEASE'; } });</script>",
    );
    let env = cdt_e2e::TestEnv::new();
    env.ctx("cases", &["page", "open", &server.url("/cases.html")])
        .ok();
    let snap = cdt_e2e::snapshot(&env, "cases");
    let chromium = cdt_e2e::chromium_texts(&env, "cases");
    for text in [
        "FREE SHIPPING OVER $50",
        "Spring Sale Ends Today",
        "plain words stay",
        "quiet please",
    ] {
        assert!(chromium.iter().any(|t| t == text), "Chromium: {chromium:?}");
        assert!(snap.contains(&format!("text {text:?}")), "{snap}");
    }
}

/// Words in elements inline by their tag that the page lays out as boxes of their own (a date
/// picker's "Prev" and "Next" links, absolutely positioned; floated tags; a span made a block),
/// written with no space between, are lines of their own, as Chromium's tree has them — not
/// run together ("PrevNext"). Inline ones still join their line.
#[test]
fn words_in_boxes_of_their_own_are_not_run_together() {
    let server = cdt_e2e::HttpServer::start();
    server.page(
        "/boxes.html",
        "Boxes",
        "<style>.head { position: relative; height: 2em } .prev { position: absolute; left: 0 } .next { position: absolute; right: 0 }
           .tag { float: left; margin-right: 4px } .row { display: block }</style>
         <div class=head><a class=prev title=Prev>Prev</a><a class=next title=Next>Next</a></div>
         <p><span class=tag>New</span><span class=tag>Sale</span></p>
         <p><span class=row>Subtotal</span><span class=row>Shipping</span></p>
         <p>Price:<b>$5</b> today</p>",
    );
    let env = cdt_e2e::TestEnv::new();
    env.ctx("boxes", &["page", "open", &server.url("/boxes.html")])
        .ok();
    let snap = cdt_e2e::snapshot(&env, "boxes");
    let chromium = cdt_e2e::chromium_texts(&env, "boxes");
    for text in ["Prev", "Next", "New", "Sale", "Subtotal", "Shipping"] {
        assert!(chromium.iter().any(|t| t == text), "Chromium: {chromium:?}");
        assert!(snap.contains(&format!("text {text:?}\n")), "{snap}");
    }
    assert!(snap.contains("text \"Price:$5 today\""), "{snap}");
}

/// A label whose control a widget hid from the tree (a native select replaced by a custom
/// combobox, `aria-hidden`) still shows its words, as Chromium's tree does: the agent keeps the
/// field's label. `aria-readonly` and `aria-required` are states, as on native fields.
#[test]
fn a_label_of_a_hidden_control_shows_and_aria_states_count() {
    let server = cdt_e2e::HttpServer::start();
    server.page(
        "/widget.html",
        "Widget",
        "<label for=country>Country</label>
         <select id=country aria-hidden=true tabindex=-1 style='position:absolute;clip:rect(0 0 0 0);width:1px;height:1px'>
           <option>France</option></select>
         <span role=combobox aria-expanded=false tabindex=0 aria-required=true aria-labelledby=shown>
           <span id=shown role=textbox aria-readonly=true>France</span></span>
         <label for=email>Email</label> <input id=email>",
    );
    let env = cdt_e2e::TestEnv::new();
    env.ctx("w", &["page", "open", &server.url("/widget.html")])
        .ok();
    let snap = cdt_e2e::snapshot(&env, "w");
    let texts = cdt_e2e::chromium_texts(&env, "w");
    assert!(texts.iter().any(|t| t == "Country"), "Chromium: {texts:?}");
    assert!(snap.contains("text \"Country\""), "{snap}");
    // A label that names a control shown in the tree is that control's name, not a text line.
    assert!(
        snap.contains("textbox \"Email\"") && !snap.contains("text \"Email\""),
        "{snap}"
    );
    assert!(snap.contains("combobox \"France\" required"), "{snap}");
    assert!(snap.contains("textbox readonly"), "{snap}");
}

/// An `<a>` without an href that takes the focus (FullCalendar's day numbers: their click
/// listener is added by script) is a link, as in Chromium's tree, named by its content.
#[test]
fn a_focusable_anchor_without_an_href_is_a_link_as_in_chromium() {
    let server = cdt_e2e::HttpServer::start();
    server.page(
        "/days.html",
        "Days",
        "<a tabindex=0 title=\"Go to March 12\" id=day>12</a>
         <script>day.addEventListener('click', () => { day.dataset.went = 1; });</script>",
    );
    let env = cdt_e2e::TestEnv::new();
    env.ctx("days", &["page", "open", &server.url("/days.html")])
        .ok();
    let snap = cdt_e2e::snapshot(&env, "days");
    let chromium = chromium_name(&env, "days", "link");
    assert_eq!(chromium, "12");
    assert!(snap.contains(&format!("link {chromium:?}")), "{snap}");
}

/// The name of the first node with `role` in Chromium's accessibility tree of `context`'s page.
fn chromium_name(env: &cdt_e2e::TestEnv, context: &str, role: &str) -> String {
    let tree = env
        .ctx(context, &["cdp", "send", "Accessibility.getFullAXTree"])
        .ok()
        .clone();
    tree["result"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|node| node["role"]["value"] == role)
        .map(|node| {
            node["name"]["value"]
                .as_str()
                .unwrap_or_default()
                .to_string()
        })
        .unwrap_or_else(|| panic!("no {role} in Chromium's tree: {tree}"))
}
