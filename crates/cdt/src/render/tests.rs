//! The text form of replies, checked against what an agent reads.

use super::*;
use serde_json::json;

#[test]
fn a_navigating_click_is_one_line_and_the_new_page_below_it() {
    let data = json!({
        "action": "click", "uid": "e2", "domChanged": true, "navigated": true,
        "snapshot": "e5 heading \"Next\" level=1\ne6 link \"Back home\"",
        "title": "Next", "url": "http://127.0.0.1:1/next.html"
    });
    assert_eq!(
        compact("element.click", &data).unwrap_or_default(),
        "click e2 → navigated to \"Next\" http://127.0.0.1:1/next.html\ne5 heading \"Next\" level=1\ne6 link \"Back home\"\n"
    );
    // Within the document, keeping its title: the place alone.
    let fragment = json!({ "action": "click", "uid": "e9", "domChanged": true,
        "navigated": true, "url": "http://127.0.0.1:1/app#/active", "base": 4,
        "changes": [{ "op": "remove", "uid": "e7" }] });
    assert_eq!(
        compact("element.click", &fragment).unwrap_or_default(),
        "click e9 → navigated to /app#/active\n- e7\n"
    );
    assert_eq!(on_origin("about:blank#top"), "about:blank#top");
    assert_eq!(on_origin("http://h:1"), "http://h:1");
}

#[test]
fn a_page_that_mostly_changed_comes_whole_and_says_so() {
    let data = json!({ "action": "click", "uid": "e1", "domChanged": true,
        "navigated": false, "snapshot": "e1 button \"Dismiss\" focused" });
    assert_eq!(
        compact("element.click", &data).unwrap_or_default(),
        "click e1 → most of the page changed; its 1 line below\ne1 button \"Dismiss\" focused\n"
    );
}

#[test]
fn a_page_back_from_under_a_dialog_names_the_version_its_changes_start_from() {
    let back = json!({ "action": "click", "uid": "e9", "domChanged": true, "navigated": false,
        "version": 5, "base": 1, "earlier": true,
        "changes": [{ "op": "change", "uid": "e4", "lines": "e4 combobox \"Age\" focused" }] });
    assert_eq!(
        compact("element.click", &back).unwrap_or_default(),
        "click e9 → 1 change from the page at version 1\n~ e4 combobox \"Age\" focused\n"
    );
    let same = json!({ "action": "click", "uid": "e9", "domChanged": true, "navigated": false,
        "version": 7, "base": 5, "earlier": true });
    assert_eq!(
        compact("element.click", &same).unwrap_or_default(),
        "click e9 → the page is back as it was at version 5\n"
    );
}

#[test]
fn changes_dialogs_and_no_effect() {
    let fill = json!({ "action": "fill", "uid": "e3", "domChanged": true, "navigated": false,
        "changes": [
            { "op": "add", "uid": "e9", "after": "e3", "lines": "  e9 button \"X\"" },
            { "op": "change", "uid": "e3", "lines": "  e3 textbox \"Email\" value=\"a\"\n  text \"ok\"" },
            { "op": "remove", "uid": "e4" }] });
    assert_eq!(
        compact("element.fill", &fill).unwrap_or_default(),
        "fill e3 → 3 changes\n+ e9 button \"X\"  (after e3)\n~ e3 textbox \"Email\" value=\"a\"\n  text \"ok\"\n- e4\n"
    );
    let dialog = json!({ "action": "click", "uid": "e4", "navigated": false, "newPages": [2],
        "domChanged": false, "dialog": { "type": "alert", "message": "hi", "url": "x" } });
    assert_eq!(
        compact("element.click", &dialog).unwrap_or_default(),
        "click e4 → alert dialog \"hi\" is open (answer: dialog handle accept|dismiss); opened page 2 (switch: page use 2)\n"
    );
    let nothing = json!({ "action": "click", "uid": "e4", "navigated": false,
        "domChanged": false });
    assert_eq!(
        compact("element.click", &nothing).unwrap_or_default(),
        "click e4 → no visible change\n"
    );
    let hidden = json!({ "action": "click", "uid": "e4", "navigated": false,
        "domChanged": true });
    assert_eq!(
        compact("element.click", &hidden).unwrap_or_default(),
        "click e4 → the page changed, not what the snapshot shows\n"
    );
}

#[test]
fn long_change_lists_are_cut_with_a_count_and_the_command_that_shows_all() {
    let changes: Vec<Value> = (1..300)
        .map(|i| json!({ "op": "add", "uid": format!("e{i}"), "lines": format!("e{i} link \"L{i}\"") }))
        .collect();
    let data = json!({ "action": "click", "uid": "e1", "navigated": false,
        "domChanged": true, "base": 4, "changes": changes });
    let text = compact("element.click", &data).unwrap_or_default();
    assert_eq!(text.lines().count(), 1 + FEEDBACK_LINES + 1, "{text}");
    assert!(
        text.ends_with("… 99 more lines (cdt capture snapshot --since 4 shows them all)\n"),
        "{text}"
    );
}

#[test]
fn a_snapshot_is_its_text_or_its_changes_under_its_version() {
    assert_eq!(
        compact(
            "capture.snapshot",
            &json!({ "snapshot": "e1 link \"A\"", "version": 1 })
        )
        .as_deref(),
        Some("e1 link \"A\"\n")
    );
    assert_eq!(
        compact(
            "capture.snapshot",
            &json!({ "version": 3, "base": 3, "full": false, "changes": [] })
        )
        .as_deref(),
        Some("version 3: unchanged\n")
    );
    let diff = json!({ "version": 4, "base": 3, "full": false, "changes": [
        { "op": "change", "uid": "e2", "lines": "  e2 button \"Save\" disabled" },
        { "op": "remove", "uid": "e7" }] });
    assert_eq!(
        compact("capture.snapshot", &diff).as_deref(),
        Some("version 4 (since 3): 2 changes\n~ e2 button \"Save\" disabled\n- e7\n")
    );
    // An error's details are not a snapshot.
    assert_eq!(
        compact("capture.snapshot", &json!({ "version": "0.1.0" })),
        None
    );
}

#[test]
fn links_and_forms_are_a_line_each_with_their_uids() {
    let links = json!({ "page": 1, "links": [
        { "uid": "e1", "name": "Home", "url": "http://x/" },
        { "uid": "e2", "name": "Secret", "url": "http://x/s", "hidden": true },
    ] });
    assert_eq!(
        compact("page.links", &links).as_deref(),
        Some("e1 \"Home\" http://x/\ne2 \"Secret\" http://x/s hidden\n")
    );
    let forms = json!({ "page": 1, "forms": [{ "uid": "e3", "name": "Sign in", "method": "post", "action": "http://x/login", "fields": [
        { "uid": "e4", "role": "textbox", "name": "Email", "field": "email", "type": "email", "value": "a@x", "required": true },
        { "uid": "e5", "role": "checkbox", "name": "Remember", "type": "checkbox", "checked": true },
        { "uid": "e6", "role": "button", "name": "Go", "type": "submit" },
        { "uid": "e8", "role": "button", "name": "Photo", "field": "photo", "type": "file", "hidden": true },
    ] }], "fields": [{ "uid": "e7", "role": "searchbox", "name": "Search", "type": "search", "value": "" }] });
    assert_eq!(
        compact("page.forms", &forms).as_deref(),
        Some(
            "form e3 \"Sign in\" POST http://x/login\n  e4 textbox \"Email\" field=email type=email value=\"a@x\" required\n  e5 checkbox \"Remember\" checked\n  e6 button \"Go\"\n  e8 button \"Photo\" field=photo type=file hidden\noutside any form\n  e7 searchbox \"Search\" value=\"\"\n"
        )
    );
    assert_eq!(
        compact(
            "page.forms",
            &json!({ "page": 1, "forms": [], "fields": [] })
        )
        .as_deref(),
        Some("no forms or fields\n")
    );
    assert_eq!(
        compact("page.links", &json!({ "page": 1, "links": [] })).as_deref(),
        Some("no links\n")
    );
}

#[test]
fn reads_and_values_print_as_themselves() {
    assert_eq!(
        compact("page.text", &json!({ "page": 1, "text": "Hello" })).as_deref(),
        Some("Hello\n")
    );
    assert_eq!(
        compact("runtime.eval", &json!({ "value": "Start" })).as_deref(),
        Some("Start\n")
    );
    assert_eq!(
        compact("runtime.eval", &json!({ "value": 3 })).as_deref(),
        Some("3\n")
    );
    assert_eq!(
        compact(
            "page.navigate",
            &json!({ "id": 1, "title": "T", "url": "u" })
        )
        .as_deref(),
        Some("page 1: \"T\" u\n")
    );
    // The page made current, as the one reached.
    assert_eq!(
        compact(
            "page.use",
            &json!({ "id": 2, "title": "S", "url": "u", "current": true })
        )
        .as_deref(),
        Some("page 2: \"S\" u\n")
    );
    assert_eq!(compact("page.list", &json!({ "pages": [] })), None);
}
