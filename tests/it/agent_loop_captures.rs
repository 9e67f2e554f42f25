//! The agent loop's views of a page: captures (snapshot options, screenshots, PDF),
//! observation, input and page commands, and elements inside cross-origin iframes.

use cdt_e2e::{HttpServer, TestEnv, snapshot, uid_of};
use serde_json::Value;

use crate::agent_loop::server;

/// Opens `url`, finds the button named `name` inside an iframe (a frame-qualified uid) and
/// clicks it; the feedback must report the change to `changed` (among its changes, or in the
/// whole snapshot when most of the small page changed).
fn click_in_frame(env: &TestEnv, context: &str, url: &str, name: &str, changed: &str) {
    env.ctx(context, &["page", "open", url]).ok();
    let snap = snapshot(env, context);
    let button = uid_of(&snap, &format!("{name:?}"));
    assert!(button.starts_with('f'), "{snap}");
    let clicked = env.ctx(context, &["element", "click", &button]);
    assert!(
        clicked.ok()["changes"].to_string().contains(changed)
            || clicked.ok()["snapshot"].to_string().contains(changed),
        "{}",
        clicked.stdout
    );
}

#[test]
fn an_element_inside_a_cross_origin_iframe_is_in_the_snapshot_and_clickable() {
    let server = server();
    let env = TestEnv::new();
    click_in_frame(
        &env,
        "f",
        &server.url("/hard.html"),
        "Frame button",
        "frame clicked",
    );
    assert!(snapshot(&env, "f").contains("button \"frame clicked\""));
}

/// A click aimed into a cross-origin frame goes where Chromium's hit-testing in the page around
/// it sends the pointer. Here the page covers the frame for a moment once the pointer comes (as
/// Chromium itself does until the frame has composited): the pointer is aimed again until it
/// reaches the frame, and only then pressed.
#[test]
fn a_click_into_a_cross_origin_frame_waits_until_the_pointer_reaches_it() {
    let server = server();
    let frame = server.other_origin_url("/frame.html");
    server.page(
        "/covered.html",
        "Covered",
        &format!(
            "<iframe src=\"{frame}\" style=\"width:300px;height:120px\"></iframe>
            <div id=shield style=\"position:absolute;left:0;top:0;width:400px;height:200px\"
              onmousemove=\"setTimeout(() => this.remove(), 150)\"
              onclick=\"document.title = 'shield clicked'\"></div>"
        ),
    );
    let env = TestEnv::new();
    click_in_frame(
        &env,
        "s",
        &server.url("/covered.html"),
        "Frame button",
        "frame clicked",
    );
    let title = env.ctx("s", &["runtime", "eval", "document.title"]).ok()["value"].clone();
    assert_eq!(title, "Covered", "the page around the frame took no click");
}

#[test]
fn captures_observation_input_and_page_commands() {
    let server = server();
    let env = TestEnv::new();
    env.ctx("c", &["page", "open", &server.url("/login.html")])
        .ok();

    let shot = env.ctx("c", &["capture", "screenshot"]);
    let shot = shot.ok();
    let path = shot["path"].as_str().unwrap();
    let bytes = std::fs::read(path).unwrap();
    assert!(
        bytes.starts_with(b"\x89PNG")
            && shot["bytes"] == bytes.len()
            && shot["width"].as_u64().unwrap() > 100,
        "{shot}"
    );
    assert!(path.contains("/artifacts/screenshots/"), "{path}");
    let jpeg_path = env.home.with_extension("jpg");
    let jpeg = env.ctx(
        "c",
        &[
            "capture",
            "screenshot",
            "--format",
            "jpeg",
            "--full-page",
            "--file",
            jpeg_path.to_str().unwrap(),
        ],
    );
    assert_eq!(jpeg.ok()["format"], "jpeg");
    assert!(
        std::fs::read(&jpeg_path)
            .unwrap()
            .starts_with(&[0xff, 0xd8])
    );
    let pdf_path = env.home.with_extension("pdf");
    env.ctx("c", &["capture", "pdf", pdf_path.to_str().unwrap()])
        .ok();
    assert!(std::fs::read(&pdf_path).unwrap().starts_with(b"%PDF"));
    let _ = (
        std::fs::remove_file(jpeg_path),
        std::fs::remove_file(pdf_path),
    );

    let state = env.ctx("c", &["observe", "state"]);
    let state = state.ok();
    assert_eq!(
        (
            state["title"].clone(),
            state["loading"].clone(),
            state["dialog"].clone()
        ),
        (Value::from("Login"), Value::Bool(false), Value::Null)
    );
    let targets = env.ctx("c", &["observe", "targets"]);
    let targets = targets.ok()["targets"].as_array().unwrap().clone();
    assert!(targets.iter().any(|t| t["role"] == "button"
        && t["name"] == "Sign in"
        && t["bbox"]["width"].as_f64().unwrap() > 0.0));

    let snap = snapshot(&env, "c");
    let email = uid_of(&snap, "\"Email\"");
    env.ctx("c", &["element", "focus", &email]).ok();
    env.ctx("c", &["input", "type", "typed@example.com"]).ok();
    env.ctx("c", &["input", "key", "Control+A"]).ok();
    env.ctx("c", &["input", "key", "Backspace"]).ok();
    env.ctx("c", &["input", "type", "x@y.z"]).ok();
    // Tab moves the focus, which is what it is for: the change, and no "no effect" warning
    // (a key that moves nothing has one).
    let tabbed = env.ctx("c", &["input", "key", "Tab"]);
    assert!(
        tabbed.ok()["changes"].to_string().contains("focused")
            && tabbed.json["meta"].get("warnings").is_none(),
        "{}",
        tabbed.stdout
    );
    env.ctx("c", &["element", "focus", &email]).ok();
    env.ctx("c", &["input", "key", "Escape"]).ok();
    let nothing = env.ctx("c", &["input", "key", "Escape"]);
    assert_eq!(nothing.ok()["changes"], Value::Null, "{}", nothing.stdout);
    assert_eq!(
        nothing.json["meta"]["warnings"][0]["code"], "ACTION_NO_EFFECT",
        "{}",
        nothing.stdout
    );
    let inspected = env.ctx("c", &["element", "inspect", &email]);
    assert!(
        inspected.ok()["states"].to_string().contains("x@y.z"),
        "{}",
        inspected.stdout
    );
    let found = env.ctx("c", &["element", "find", "Sign in"]);
    assert!(
        found.ok()["matches"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["role"] == "button")
    );
    env.ctx(
        "c",
        &[
            "element",
            "fill-form",
            "--field",
            &format!("{email}=form@example.com"),
        ],
    )
    .ok();
    env.ctx("c", &["element", "clear", &email]).ok();

    env.ctx("c", &["page", "navigate", &server.url("/welcome.html")])
        .ok();
    let back = env.ctx("c", &["page", "back"]);
    assert_eq!(back.ok()["title"], "Login");
    let forward = env.ctx("c", &["page", "forward"]);
    assert_eq!(forward.ok()["title"], "Welcome");
    env.ctx("c", &["page", "reload", "--ignore-cache"]).ok();
    env.ctx("c", &["page", "resize", "900", "700"]).ok();
    assert_eq!(
        env.ctx("c", &["observe", "state"]).ok()["viewport"]["width"],
        900
    );
    env.ctx("c", &["page", "wait-selector", "h1"]).ok();
    env.ctx("c", &["page", "wait-url", "*/welcome.html"]).ok();
    env.ctx("c", &["page", "wait-idle", "--idle-ms", "200"])
        .ok();
    assert!(
        env.ctx("c", &["page", "html", "--selector", "h1"]).ok()["html"]
            .as_str()
            .unwrap()
            .contains("Welcome back")
    );
    env.ctx(
        "c",
        &["page", "wait-selector", "#never", "--timeout", "500"],
    )
    .err("TIMEOUT", 4);
    env.ctx("c", &["input", "key", "Hyper+Q"])
        .err("VALIDATION_ERROR", 2);
    env.ctx("c", &["capture", "screenshot", "--format", "gif"])
        .err("VALIDATION_ERROR", 2);
}

/// A form that turns its submit button on once a field is filled: `wait-selector --state
/// enabled` waits for that (not for the button to show: it shows all along). A control inside a
/// disabled fieldset is disabled as Chromium's tree says, in the snapshot and for actions.
#[test]
fn a_selector_waited_for_until_enabled_and_a_disabled_fieldset() {
    let server = server();
    server.page(
        "/enable.html",
        "Enable",
        "<form><input id=q aria-label=Query oninput=\"setTimeout(() => go.disabled = !this.value, 300)\">
         <button id=go disabled>Search</button></form>
         <fieldset disabled><legend>Old</legend><button id=old>Archive</button></fieldset>",
    );
    let env = TestEnv::new();
    env.ctx("en", &["page", "open", &server.url("/enable.html")])
        .ok();
    let until_enabled = |ms: &str| {
        env.ctx(
            "en",
            &[
                "page",
                "wait-selector",
                "#go",
                "--state",
                "enabled",
                "--timeout",
                ms,
            ],
        )
    };
    // Visible at once, not enabled: the wait runs out.
    env.ctx("en", &["page", "wait-selector", "#go"]).ok();
    until_enabled("400").err("TIMEOUT", 4);
    let snap = snapshot(&env, "en");
    let query = uid_of(&snap, "textbox \"Query\"");
    env.ctx("en", &["element", "fill", &query, "cdt", "--no-wait"])
        .ok();
    let enabled = until_enabled("5000");
    let uid = enabled.ok()["uid"]
        .as_str()
        .expect("the button's uid")
        .to_string();
    assert_eq!(
        env.ctx("en", &["element", "inspect", &uid]).ok()["enabled"],
        true,
        "{}",
        enabled.stdout
    );
    // The fieldset's button: disabled in cdt's snapshot, in Chromium's own tree, and refused.
    let now = snapshot(&env, "en");
    let archive = now
        .lines()
        .find(|l| l.contains("button \"Archive\""))
        .expect("the archive button");
    assert!(archive.ends_with(" disabled"), "{now}");
    let tree = env.ctx("en", &["cdp", "send", "Accessibility.getFullAXTree"]);
    let nodes = tree.ok()["result"]["nodes"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let chromium = nodes
        .iter()
        .find(|n| n["name"]["value"] == "Archive" && n["role"]["value"] == "button")
        .expect("Chromium's node");
    assert!(
        chromium["properties"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|p| p["name"] == "disabled" && p["value"]["value"] == true),
        "{chromium}"
    );
    let archive_uid = archive.trim().split(' ').next().unwrap();
    env.ctx("en", &["element", "click", archive_uid])
        .err("TARGET_NOT_INTERACTABLE", 5);
}

/// `wait-text --root`: the text must appear inside that element (by uid or selector), not
/// anywhere on the page.
#[test]
fn a_text_waited_for_inside_one_element() {
    let server = server();
    server.page(
        "/panels.html",
        "Panels",
        "<section aria-label=Left id=left><h2>Left</h2><p>Done</p></section>
         <section aria-label=Right id=right><h2>Right</h2><p id=r>Thinking</p></section>
         <button onclick=\"setTimeout(() => r.textContent = 'Done', 300)\">Finish</button>",
    );
    let env = TestEnv::new();
    env.ctx("pw", &["page", "open", &server.url("/panels.html")])
        .ok();
    let done_in = |root: &str, ms: &str| {
        env.ctx(
            "pw",
            &["page", "wait-text", "Done", "--root", root, "--timeout", ms],
        )
    };
    // Anywhere: at once (the left panel has it). Inside the right panel: not yet.
    env.ctx("pw", &["page", "wait-text", "Done", "--timeout", "2000"])
        .ok();
    done_in("#right", "400").err("TIMEOUT", 4);
    let snap = snapshot(&env, "pw");
    let right = uid_of(&snap, "region \"Right\"");
    done_in(&right, "400").err("TIMEOUT", 4);
    let finish = uid_of(&snap, "button \"Finish\"");
    env.ctx("pw", &["element", "click", &finish, "--no-wait"])
        .ok();
    let found = done_in(&right, "5000");
    assert_eq!(found.ok()["found"], "Done", "{}", found.stdout);
    done_in("#right", "2000").ok();
    env.ctx("pw", &["page", "wait-text", "Done", "--root", "[[["])
        .err("VALIDATION_ERROR", 2);
}

#[test]
fn snapshot_options_upload_and_element_screenshots() {
    let server = server();
    server.page(
        "/long.html",
        "Long",
        "<h1>Top</h1><div style=height:2500px></div><button id=far style=width:120px;height:40px>Far away</button>
        <form><input type=file id=f aria-label=Attachment></form><ul><li><a href=/a>A</a></li></ul>",
    );
    let env = TestEnv::new();
    env.ctx("o", &["page", "open", &server.url("/long.html")])
        .ok();
    let snap = snapshot(&env, "o");
    let depth0 = env.ctx("o", &["capture", "snapshot", "--depth", "0"]);
    assert!(
        depth0.ok()["snapshot"]
            .as_str()
            .unwrap()
            .lines()
            .all(|l| !l.starts_with(' ')),
        "{}",
        depth0.stdout
    );
    // An unnamed list folds away: the subtree of `ul` is its one link, with the same uid.
    let rooted = env.ctx("o", &["capture", "snapshot", "--root", "ul"]);
    assert_eq!(
        rooted.ok()["snapshot"].as_str().unwrap().trim(),
        format!("{} link \"A\"", uid_of(&snap, "link \"A\""))
    );
    env.ctx("o", &["capture", "snapshot", "--root", "###"])
        .err("VALIDATION_ERROR", 2);
    let file = env.home.with_extension("snapshot.txt");
    let written = env.ctx(
        "o",
        &["capture", "snapshot", "--file", file.to_str().unwrap()],
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), snap);
    // The uids are in the file: the reply stays small (issue 20).
    assert!(
        written.ok().get("uids").is_none() && written.ok()["nodes"].as_u64() > Some(0),
        "{}",
        written.stdout
    );

    let upload = env.home.with_extension("upload.txt");
    std::fs::write(&upload, "hello").unwrap();
    env.ctx(
        "o",
        &[
            "element",
            "upload",
            "--selector",
            "#f",
            upload.to_str().unwrap(),
        ],
    )
    .ok();
    assert_eq!(
        env.ctx(
            "o",
            &[
                "runtime",
                "eval",
                "document.getElementById('f').files[0].name"
            ]
        )
        .ok()["value"],
        upload.file_name().unwrap().to_str().unwrap()
    );
    env.ctx(
        "o",
        &[
            "element",
            "upload",
            "--selector",
            "#f",
            "/nonexistent/file.txt",
        ],
    )
    .err("VALIDATION_ERROR", 2);

    let far = uid_of(&snap, "\"Far away\"");
    let shot = env.ctx("o", &["capture", "screenshot", "--uid", &far, "--inline"]);
    let shot = shot.ok();
    assert_eq!(
        (shot["width"].as_u64(), shot["height"].as_u64()),
        (Some(120), Some(40)),
        "{shot}"
    );
    // The button is dark text on white: a blank (all-white) image means the clip missed it.
    let bytes = std::fs::read(shot["path"].as_str().unwrap()).unwrap();
    assert!(
        bytes.len() > 300,
        "suspiciously small (blank?) element screenshot: {} bytes",
        bytes.len()
    );
    let _ = (std::fs::remove_file(file), std::fs::remove_file(upload));
}

#[test]
fn a_same_site_cross_origin_iframe_with_padding_is_in_the_snapshot_and_clickable() {
    // Another port of 127.0.0.1: cross-origin but same-site.
    let other = HttpServer::start();
    other.raw(
        "/inner.html",
        "text/html; charset=utf-8",
        "<button onclick=\"this.textContent='inner clicked'\">Inner button</button>",
    );
    let server = HttpServer::start();
    server.page(
        "/outer.html",
        "Outer",
        &format!(
            "<iframe src=\"{}\" style=\"padding:20px;border:5px solid\"></iframe>",
            other.url("/inner.html")
        ),
    );
    let env = TestEnv::new();
    click_in_frame(
        &env,
        "s",
        &server.url("/outer.html"),
        "Inner button",
        "inner clicked",
    );
}

/// Issue 17 item 4: a cross-origin iframe a script inserts after `DOMContentLoaded` has its
/// content in the snapshot (taken both before and after it arrives), clickable by its uid.
#[test]
fn a_cross_origin_iframe_inserted_late_by_script_is_in_the_snapshot() {
    let server = cdt_e2e::HttpServer::start();
    server.raw(
        "/late-frame.html",
        "text/html; charset=utf-8",
        "<button onclick=\"this.textContent='late clicked'\">Late button</button>",
    );
    let frame = server.other_origin_url("/late-frame.html");
    server.page(
        "/late.html",
        "Late",
        &format!(
            "<h1>Late frame</h1><script>addEventListener('DOMContentLoaded', () => setTimeout(() => {{
               const f = document.createElement('iframe'); f.src = '{frame}'; document.body.append(f) }}, 300))</script>"
        ),
    );
    let env = TestEnv::new();
    env.ctx("late", &["page", "open", &server.url("/late.html")])
        .ok();
    // Taken before the frame exists, then until it shows.
    snapshot(&env, "late");
    let mut snap = String::new();
    for _ in 0..50 {
        snap = snapshot(&env, "late");
        if snap.contains("Late button") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let button = uid_of(&snap, "\"Late button\"");
    assert!(button.starts_with('f'), "{snap}");
    let clicked = env.ctx("late", &["element", "click", &button]);
    assert!(
        clicked.ok().to_string().contains("late clicked"),
        "{}",
        clicked.stdout
    );
}

/// A drop zone, a styled button or a label that opens the page's file chooser when clicked (its
/// input hidden, or made on the click, as Dropzone does) takes `element upload` on its own uid:
/// clicked as a user would, the chooser it opens gets the files. An element that opens none is
/// told so, with where the file inputs are (`page forms` shows `type=file`, hidden ones too).
#[test]
fn an_element_that_opens_a_file_chooser_takes_the_upload() {
    let server = HttpServer::start();
    server.page(
        "/zone.html",
        "Upload",
        "<div id=zone role=button tabindex=0 style='padding:20px;border:1px dashed'>Drop files here</div>
         <label id=pick style='padding:4px'>Choose a photo<input type=file id=photo multiple style='display:none'></label>
         <p id=out>No files</p><p>Nothing to pick here</p>
         <script>
         zone.addEventListener('click', () => {
           const input = document.createElement('input');
           input.type = 'file';
           input.style.display = 'none';
           input.addEventListener('change', () => { out.textContent = 'Zone got ' + [...input.files].map(f => f.name).join(', '); });
           document.body.append(input);
           input.click();
         });
         photo.addEventListener('change', () => { out.textContent = 'Label got ' + [...photo.files].map(f => f.name).join(', '); });
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("u", &["page", "open", &server.url("/zone.html")])
        .ok();
    let snap = snapshot(&env, "u");
    let zone = uid_of(&snap, "button \"Drop files here\"");
    let file = env.home.with_extension("zone.txt");
    std::fs::write(&file, "hello").unwrap();
    let path = file.to_str().unwrap();
    let name = file.file_name().unwrap().to_str().unwrap();
    let uploaded = env.ctx("u", &["element", "upload", &zone, path]);
    uploaded.ok();
    assert!(
        uploaded.stdout.contains(&format!("Zone got {name}")),
        "{}",
        uploaded.stdout
    );
    // A label around a hidden input is what takes the clicks, named by its words (they were
    // lost: neither its name nor a text line); by its text.
    assert!(snap.contains("clickable \"Choose a photo\""), "{snap}");
    let other = env.home.with_extension("other.txt");
    std::fs::write(&other, "hi").unwrap();
    env.ctx(
        "u",
        &[
            "element",
            "upload",
            "--text",
            "Choose a photo",
            path,
            other.to_str().unwrap(),
        ],
    )
    .ok();
    let shown = env.ctx("u", &["page", "text"]).ok().to_string();
    assert!(
        shown.contains(&format!(
            "Label got {name}, {}",
            other.file_name().unwrap().to_str().unwrap()
        )),
        "{shown}"
    );
    // Text that opens nothing: said so, with where the inputs are.
    let none = env.ctx(
        "u",
        &["element", "upload", "--text", "Nothing to pick here", path],
    );
    none.err("TARGET_NOT_INTERACTABLE", 5);
    assert!(
        none.stdout.contains("opened no file chooser") && none.stdout.contains("page forms"),
        "{}",
        none.stdout
    );
    let forms = env.ctx("u", &["page", "forms", "--output", "text"]);
    assert!(
        forms.stdout.contains("type=file hidden"),
        "{}",
        forms.stdout
    );
    let _ = (std::fs::remove_file(file), std::fs::remove_file(other));
}

/// Inputs whose value `fill` sets directly (date, time, month, colour, range), and number
/// fields, take the forms the HTML standard gives them, and a colour well shows its colour as
/// Chromium's tree does (`value=`); a date as the field shows it (`11/28/2026`, in the order of
/// the browser's locale unless one part can only be the day) is that date, and a time on a
/// 12-hour clock (`2:30 PM`) that time, as typing them into the field gives them (they were
/// refused); a value the input would throw away (a date in words, a
/// colour by name, words in a number field) is refused with the form it takes and an example,
/// and the field keeps its value: it was a silent no-op answered with exit 0.
#[test]
fn date_time_colour_and_range_inputs_take_their_forms_and_refuse_others() {
    let server = HttpServer::start();
    server.page(
        "/kinds.html",
        "Kinds",
        "<label>Date <input type=date id=d value=2026-01-02></label>
         <label>Time <input type=time id=t></label>
         <label>Month <input type=month id=m></label>
         <label>Color <input type=color id=c></label>
         <label>Range <input type=range id=r min=0 max=10></label>
         <label>Qty <input type=number id=n></label>",
    );
    let env = TestEnv::new();
    env.ctx("k", &["page", "open", &server.url("/kinds.html")])
        .ok();
    let snap = snapshot(&env, "k");
    assert!(
        snap.contains("button \"Color\" value=\"#000000\""),
        "{snap}"
    );
    let (date, colour) = (uid_of(&snap, "\"Date\""), uid_of(&snap, "\"Color\""));
    for (field, value, shown) in [
        ("#t", "13:45", "value=\"13:45\""),
        // (As the field shows it, on a 12-hour clock.)
        ("#t", "2:30 PM", "value=\"14:30\""),
        ("#m", "2026-11", "value=\"2026-11\""),
        ("#c", "#FF8800", "value=\"#ff8800\""),
        ("#r", "7", "value=\"7\""),
        ("#n", "-2.5", "value=\"-2.5\""),
    ] {
        let filled = env.ctx("k", &["element", "fill", "--selector", field, value]);
        assert!(
            lines_of(filled.ok()).contains(shown),
            "{field}: {}",
            filled.stdout
        );
        assert!(
            filled.json["meta"].get("warnings").is_none(),
            "{}",
            filled.stdout
        );
    }
    let shown = env.ctx("k", &["element", "fill", &date, "11/28/2026"]);
    assert!(
        lines_of(shown.ok()).contains("value=\"2026-11-28\""),
        "{}",
        shown.stdout
    );
    env.ctx("k", &["element", "fill", &date, "2026-01-02"]).ok();
    let refused = env.ctx("k", &["element", "fill", &date, "Nov 28 2026"]);
    let error = refused.err("VALIDATION_ERROR", 2);
    assert!(
        error["message"].as_str().unwrap().contains("YYYY-MM-DD"),
        "{}",
        refused.stdout
    );
    assert_eq!(
        error["suggestions"][0],
        format!("Run: cdt element fill {date} '2026-11-28'")
    );
    let named = env.ctx("k", &["element", "fill", &colour, "orange"]);
    named.err("VALIDATION_ERROR", 2);
    // A number field drops what is not a number as it is typed.
    let words = env.ctx("k", &["element", "fill", "--selector", "#n", "three"]);
    words.err("VALIDATION_ERROR", 2);
    let kept = env.ctx("k", &["runtime", "eval", "[d.value, c.value].join(' ')"]);
    assert_eq!(kept.ok()["value"], "2026-01-02 #ff8800");
    // What the suggestion says works as printed.
    let fixed = env.ctx("k", &["element", "fill", &date, "2026-11-28"]);
    assert!(
        lines_of(fixed.ok()).contains("value=\"2026-11-28\""),
        "{}",
        fixed.stdout
    );
}

/// The lines of an action's changes, one text.
fn lines_of(data: &Value) -> String {
    data["changes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|change| change["lines"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}
