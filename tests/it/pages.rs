//! Page commands against a real browser: open, list, use, close, navigate, budgets.

use std::time::Duration;

use cdt_e2e::{HttpServer, TestEnv, free_port};
use serde_json::Value;

#[test]
fn open_use_close_and_navigate() {
    let server = HttpServer::start();
    server.page("/one", "One", "1");
    server.page("/two", "Two", "2");
    server.page("/three", "Three", "3");
    let env = TestEnv::new();
    let first = env.ctx("p", &["page", "open", &server.url("/one")]);
    assert_eq!(
        first.ok()["id"],
        1,
        "the first open reuses the initial blank tab"
    );
    let second = env.ctx("p", &["page", "open", "--url", &server.url("/two")]);
    assert_eq!(second.ok()["id"], 2);
    let background = env.ctx(
        "p",
        &["page", "open", &server.url("/three"), "--background"],
    );
    assert_eq!(background.ok()["current"], false);

    let list = env.ctx("p", &["page", "list"]);
    let pages = list.ok()["pages"].as_array().unwrap().clone();
    let summary: Vec<(Value, Value, Value)> = pages
        .iter()
        .map(|p| (p["id"].clone(), p["title"].clone(), p["current"].clone()))
        .collect();
    assert_eq!(
        summary,
        vec![
            (Value::from(1), Value::from("One"), Value::Bool(false)),
            (Value::from(2), Value::from("Two"), Value::Bool(true)),
            (Value::from(3), Value::from("Three"), Value::Bool(false)),
        ]
    );

    let used = env.ctx("p", &["page", "use", "1"]);
    assert_eq!(used.ok()["current"], true);
    let navigated = env.ctx(
        "p",
        &[
            "page",
            "navigate",
            &server.url("/three"),
            "--wait-until",
            "domcontentloaded",
        ],
    );
    let data = navigated.ok();
    assert_eq!(
        (data["id"].clone(), data["title"].clone()),
        (Value::from(1), Value::from("Three"))
    );
    let by_flag = env.ctx(
        "p",
        &["page", "navigate", &server.url("/two"), "--page", "3"],
    );
    assert_eq!(by_flag.ok()["title"], "Two");

    let closed = env.ctx("p", &["page", "close", "2"]);
    assert_eq!(closed.ok()["closed"], 2);
    let reopened = env.ctx("p", &["page", "open", &server.url("/one")]);
    assert_eq!(reopened.ok()["id"], 4, "page ids are never reused");
    let text = env.ctx("p", &["page", "list", "--output", "text"]);
    assert!(
        text.stdout
            .lines()
            .any(|l| l.starts_with('*') && l.contains("One")),
        "{}",
        text.stdout
    );
}

#[test]
fn unknown_page_is_page_not_found_with_a_page_list_suggestion() {
    let env = TestEnv::new();
    let run = env.ctx("p", &["page", "use", "999"]);
    let error = run.err("PAGE_NOT_FOUND", 3);
    assert!(
        error["suggestions"].to_string().contains("cdt page list"),
        "{error}"
    );
    env.ctx("p", &["page", "close", "999"])
        .err("PAGE_NOT_FOUND", 3);
    env.ctx(
        "p",
        &["page", "navigate", "http://127.0.0.1:1/", "--page", "999"],
    )
    .err("PAGE_NOT_FOUND", 3);
}

#[test]
fn an_unreachable_url_is_navigation_failed() {
    let env = TestEnv::new();
    let dead = format!("http://127.0.0.1:{}/", free_port());
    let run = env.ctx("p", &["page", "open", &dead]);
    let error = run.err("NAVIGATION_FAILED", 6);
    assert!(
        error["details"]["errorText"]
            .as_str()
            .unwrap()
            .contains("ERR_CONNECTION_REFUSED"),
        "{error}"
    );
}

/// A document the server answers with an error status loads (it is a page), and the reply
/// says which status with a warning: the title alone ("404") could pass for the page asked for.
/// The status of every navigation that loads a document is in the reply.
#[test]
fn a_page_answered_with_an_error_status_says_so() {
    let server = HttpServer::start();
    server.page("/here.html", "Here", "<h1>Here</h1>");
    let env = TestEnv::new();
    let missing = env.ctx("s", &["page", "open", &server.url("/missing.html")]);
    assert_eq!(missing.ok()["status"], 404, "{}", missing.stdout);
    let warning = &missing.json["meta"]["warnings"][0];
    assert_eq!(warning["code"], "HTTP_ERROR_STATUS", "{}", missing.stdout);
    assert_eq!(warning["details"]["status"], 404);
    let here = env.ctx("s", &["page", "navigate", &server.url("/here.html")]);
    assert_eq!(here.ok()["status"], 200, "{}", here.stdout);
    assert!(
        here.json["meta"].get("warnings").is_none(),
        "{}",
        here.stdout
    );
    let reloaded = env.ctx("s", &["page", "reload"]);
    assert_eq!(reloaded.ok()["status"], 200, "{}", reloaded.stdout);
    let back = env.ctx("s", &["page", "back"]);
    assert_eq!(back.ok()["url"], server.url("/missing.html"));
    assert_eq!(
        back.json["meta"]["warnings"][0]["code"], "HTTP_ERROR_STATUS",
        "{}",
        back.stdout
    );
    let text = env.ctx(
        "s",
        &["page", "navigate", &server.url("/gone"), "--output", "text"],
    );
    assert_eq!(text.code, 0);
    assert!(text.stderr.contains("HTTP_ERROR_STATUS"), "{}", text.stderr);
}

/// A page that sends the browser on at once is followed to where it lands: a script's
/// `location.replace` while it loads (the first document never reaches `load`: the wait ran out
/// its budget), a meta refresh of 0 s and a load handler's redirect (the reply named the page
/// that was leaving). A refresh after a delay is the page's to show, and one that refreshes
/// itself forever still answers.
#[test]
fn a_page_that_redirects_at_once_is_followed_to_where_it_lands() {
    let server = HttpServer::start();
    server.page("/final.html", "Final", "<h1>Landed</h1>");
    let html = "text/html; charset=utf-8";
    server.raw(
        "/replace.html",
        html,
        "<title>Leaving</title><script>location.replace('/final.html')</script>",
    );
    server.raw(
        "/refresh.html",
        html,
        "<title>Leaving</title><meta http-equiv=refresh content=\"0; url=/final.html\">",
    );
    server.raw(
        "/onload.html",
        html,
        "<title>Leaving</title><script>onload = () => location.href = '/final.html'</script>",
    );
    // Its document starts long after the load handler asked for it (its server is slow; a
    // busy machine does the same).
    server.raw(
        "/onload-slow.html",
        html,
        "<title>Leaving</title><script>onload = () => location.href = '/final-slow.html'</script>",
    );
    server.delayed_bytes(
        "/final-slow.html",
        html,
        b"<title>Final</title><h1>Landed</h1>",
        400,
    );
    server.raw(
        "/later.html",
        html,
        "<title>In a moment</title><meta http-equiv=refresh content=\"5; url=/final.html\">",
    );
    server.raw(
        "/again.html",
        html,
        "<title>Again</title><meta http-equiv=refresh content=0>",
    );
    let env = TestEnv::new();
    let opened = env.ctx(
        "r",
        &[
            "page",
            "open",
            &server.url("/replace.html"),
            "--timeout",
            "10000",
        ],
    );
    assert_eq!(
        opened.ok()["url"],
        server.url("/final.html"),
        "{}",
        opened.stdout
    );
    for (page, landing) in [
        ("/replace.html", "/final.html"),
        ("/refresh.html", "/final.html"),
        ("/onload.html", "/final.html"),
        ("/onload-slow.html", "/final-slow.html"),
    ] {
        let went = env.ctx(
            "r",
            &["page", "navigate", &server.url(page), "--timeout", "10000"],
        );
        let data = went.ok();
        assert_eq!(
            (
                data["url"].as_str(),
                data["title"].as_str(),
                data["status"].as_u64()
            ),
            (Some(server.url(landing).as_str()), Some("Final"), Some(200)),
            "{page}: {}",
            went.stdout
        );
    }
    let later = env.ctx("r", &["page", "navigate", &server.url("/later.html")]);
    assert_eq!(later.ok()["title"], "In a moment", "{}", later.stdout);
    let again = env.ctx(
        "r",
        &[
            "page",
            "navigate",
            &server.url("/again.html"),
            "--timeout",
            "10000",
        ],
    );
    assert_eq!(again.ok()["title"], "Again", "{}", again.stdout);
}

/// A page the browser cannot load says why and what to do: a server that asks for HTTP
/// authentication (the credentials in the URL, or a route that sends the header, both taken),
/// nothing listening on the port.
#[test]
fn a_page_that_cannot_load_says_why_and_how_to_get_in() {
    let server = HttpServer::start();
    server.protected_page(
        "/inside",
        "Inside",
        "<h1>Welcome Ada</h1>",
        ("ada", "secret"),
    );
    let env = TestEnv::new();
    let url = server.url("/inside");
    let refused = env.ctx("a", &["page", "open", &url]);
    let error = refused.err("NAVIGATION_FAILED", 6);
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("asks for HTTP authentication"),
        "{error}"
    );
    let with_user = format!("http://USER:PASSWORD@127.0.0.1:{}/inside", server.port);
    assert!(
        error["suggestions"][0]
            .as_str()
            .unwrap()
            .contains(&with_user),
        "{error}"
    );
    // Both ways in that the error names work.
    let signed = url.replacen("http://", "http://ada:secret@", 1);
    let inside = env.ctx("a", &["page", "navigate", &signed]);
    assert_eq!(inside.ok()["title"], "Inside", "{}", inside.stdout);
    let origin = format!("http://127.0.0.1:{}/*", server.port);
    env.ctx(
        "b",
        &[
            "network",
            "route",
            &origin,
            "--action",
            "modify",
            "--header",
            "Authorization: Basic YWRhOnNlY3JldA==",
        ],
    )
    .ok();
    let routed = env.ctx("b", &["page", "open", &url]);
    assert_eq!(routed.ok()["title"], "Inside", "{}", routed.stdout);
    let closed = format!("http://127.0.0.1:{}/", cdt_e2e::free_port());
    let nobody = env.ctx("a", &["page", "navigate", &closed]);
    let error = nobody.err("NAVIGATION_FAILED", 6);
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("nothing accepts connections"),
        "{error}"
    );
}

#[test]
fn a_slow_page_times_out_within_the_budget_and_the_page_stays_usable() {
    let server = HttpServer::start();
    server.slow_page("/slow", 8000);
    let env = TestEnv::new();
    env.ctx("t", &["session", "start"]).ok();
    let run = env.ctx(
        "t",
        &[
            "page",
            "navigate",
            &server.url("/slow"),
            "--timeout",
            "1000",
        ],
    );
    run.err("TIMEOUT", 4);
    // Budget plus the 250 ms headroom, plus generous room for process start-up on a loaded
    // machine: the point is that it never waits for the 8 s page.
    assert!(
        run.elapsed < Duration::from_millis(1000 + 250 + 2500),
        "took {:?}",
        run.elapsed
    );
    let after = env.ctx(
        "t",
        &["page", "navigate", &server.url("/"), "--wait-until", "load"],
    );
    assert_eq!(after.ok()["title"], "Home");
    let stats = env.run(&["daemon", "status", "--verbose"]);
    assert!(
        stats.ok()["metrics"]["page.navigate"]["timeouts"]
            .as_u64()
            .is_some_and(|t| t >= 1)
    );
}

#[test]
fn wait_until_networkidle_and_none() {
    let server = HttpServer::start();
    server.page("/idle", "Idle", "<img src='/missing.png'>");
    let env = TestEnv::new();
    let idle = env.ctx(
        "w",
        &[
            "page",
            "open",
            &server.url("/idle"),
            "--wait-until",
            "networkidle",
        ],
    );
    assert_eq!(idle.ok()["title"], "Idle");
    // `networkidle` is the network quiet once the page has loaded: a fetch the page starts after
    // `load` is waited for, on a navigation and on a reload alike.
    server.slow_page("/data", 700);
    server.page(
        "/late",
        "Late",
        "<script>addEventListener('load', () => setTimeout(() => fetch('/data')
           .then(r => r.text()).then(() => document.title = 'Fetched'), 0))</script>",
    );
    let late = env.ctx(
        "w",
        &[
            "page",
            "navigate",
            &server.url("/late"),
            "--wait-until",
            "networkidle",
        ],
    );
    assert_eq!(late.ok()["title"], "Fetched");
    let reloaded = env.ctx("w", &["page", "reload", "--wait-until", "networkidle"]);
    assert_eq!(reloaded.ok()["title"], "Fetched");
    assert_eq!(server.hits("/data"), 2);
    let none = env.ctx(
        "w",
        &["page", "navigate", &server.url("/"), "--wait-until", "none"],
    );
    assert_eq!(none.ok()["url"], server.url("/"));
    // An event stream is the page's live connection, never loaded: the network is quiet
    // without it, for `networkidle`, `observe state` and `page wait-idle`.
    server.delayed_bytes("/events", "text/event-stream", b"data: hi\n\n", 60_000);
    server.page(
        "/live",
        "Live",
        "<script>new EventSource('/events')</script>",
    );
    let live = env.ctx(
        "w",
        &[
            "page",
            "navigate",
            &server.url("/live"),
            "--wait-until",
            "networkidle",
        ],
    );
    assert_eq!(live.ok()["title"], "Live", "{}", live.stdout);
    let state = env.ctx("w", &["observe", "state"]);
    assert_eq!(state.ok()["networkIdle"], true, "{}", state.stdout);
    env.ctx("w", &["page", "wait-idle", "--timeout", "5000"])
        .ok();
    // A long poll keeps a page from ever being idle: the wait says which request kept it busy
    // and how to wait instead, on a navigation and a reload alike.
    server.delayed_bytes("/poll", "application/json", b"{}", 60_000);
    server.page("/polling", "Polling", "<script>fetch('/poll')</script>");
    for args in [
        vec!["page", "navigate", &server.url("/polling")],
        vec!["page", "reload"],
    ] {
        let mut args = args.clone();
        args.extend(["--wait-until", "networkidle", "--timeout", "3000"]);
        let busy = env.ctx("w", &args);
        let error = busy.err("TIMEOUT", 4);
        assert!(
            error["message"].as_str().unwrap().contains("/poll (fetch)")
                && error["details"]["loading"][0]["url"] == server.url("/poll")
                && error["suggestions"]
                    .to_string()
                    .contains("--wait-until load"),
            "{}",
            busy.stdout
        );
    }
}

/// A link with `target=_blank` opens a tab over its page, which Chromium then hides and paints no
/// frame for. A screenshot of that page (still the context's current one), and an action on it
/// once another page was made current, bring it to the front and do what they say, instead of
/// waiting out their budget for a frame the hidden page never paints.
#[test]
fn a_page_behind_another_still_takes_screenshots_and_pointer_actions() {
    let server = HttpServer::start();
    server.page("/next.html", "Next", "<p>next</p>");
    server.page(
        "/opener.html",
        "Opener",
        "<a id=blank href=/next.html target=_blank>New tab</a>
         <button onclick=\"this.insertAdjacentHTML('afterend', '<p>Clicked</p>')\">Add</button>
         <script>const seen = []; document.addEventListener('visibilitychange', () => seen.push(document.visibilityState));</script>",
    );
    let env = TestEnv::new();
    env.ctx("p", &["page", "open", &server.url("/opener.html")])
        .ok();
    let opened = env.ctx("p", &["element", "click", "--selector", "#blank"]);
    assert_eq!(opened.ok()["newPages"].as_array().map(Vec::len), Some(1));
    // (Asked of the page by no command: any that acts would bring it back to the front.)
    std::thread::sleep(Duration::from_millis(1000));
    let shot = env.ctx("p", &["capture", "screenshot", "--timeout", "5000"]);
    shot.ok();
    // Hidden again behind the other page, and acted on by number.
    env.ctx("p", &["page", "use", "2"]).ok();
    std::thread::sleep(Duration::from_millis(500));
    let on_1 = ["--page", "1", "--timeout", "5000"];
    let hovered = env.ctx(
        "p",
        &[&["element", "hover", "--text", "Add"][..], &on_1].concat(),
    );
    hovered.ok();
    let clicked = env.ctx(
        "p",
        &[&["element", "click", "--text", "Add"][..], &on_1].concat(),
    );
    assert!(clicked.stdout.contains("Clicked"), "{}", clicked.stdout);
    let seen = env.ctx("p", &["runtime", "eval", "seen.join(' ')", "--page", "1"]);
    assert_eq!(
        seen.ok()["value"],
        "hidden visible hidden visible",
        "the page was hidden, then shown, twice"
    );
}

/// `page links` and `page forms` (seed 003's `links` and `forms`) name every link and field by
/// the uid the snapshot gives it, so the agent acts on what it read.
#[test]
fn links_and_forms_carry_the_uids_actions_take() {
    let server = HttpServer::start();
    server.page("/done", "Done", "<h1>Signed in</h1>");
    server.page(
        "/forms",
        "Forms",
        "<nav><a href=\"/done\">Home</a> <a href=\"/secret\" style=\"display:none\">Secret</a></nav>\
         <form method=post action=\"/login\" aria-label=\"Sign in\">\
         <label>Email <input name=email type=email required></label>\
         <label>Password <input name=pw type=password value=hunter2></label>\
         <label><input type=checkbox name=remember checked> Remember me</label>\
         <input type=hidden name=csrf value=t>\
         <select name=lang><option value=en>English</option><option value=fr selected>French</option></select>\
         <select name=tags multiple><option selected>Red</option><option>Green</option><option selected>Blue</option></select>\
         <button type=submit>Go</button></form>\
         <label for=q>Search</label><input id=q type=search>\
         <x-card></x-card><script>customElements.define('x-card', class extends HTMLElement {\
         constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML =\
         '<a href=/help>Help</a> <input aria-label=Coupon>'; } });</script>\
         <iframe src=/inner></iframe>",
    );
    server.page(
        "/inner",
        "Inner",
        "<a href=/terms>Terms</a><form action=/pay><input name=card aria-label=Card></form>",
    );
    let env = TestEnv::new();
    env.ctx("lf", &["page", "open", &server.url("/forms")]).ok();
    let snapshot = env.ctx("lf", &["capture", "snapshot", "--output", "text"]);
    // A list box shows its options, as the page does (and as Chromium's tree has them), the
    // selected ones `selected`; a drop-down's are in its pop-up: its line tells its value.
    for line in [
        " listbox\n",
        " option \"Red\" selected\n",
        " option \"Green\"\n",
        " option \"Blue\" selected\n",
        " combobox value=\"French\"\n",
    ] {
        assert!(
            snapshot.stdout.contains(line),
            "{line:?}:\n{}",
            snapshot.stdout
        );
    }
    assert!(
        !snapshot.stdout.contains("\"English\""),
        "{}",
        snapshot.stdout
    );

    let forms = env.ctx("lf", &["page", "forms"]);
    let form = &forms.ok()["forms"][0];
    assert_eq!(
        (form["name"].clone(), form["method"].clone()),
        (serde_json::json!("Sign in"), serde_json::json!("post")),
        "{form}"
    );
    let fields = form["fields"].as_array().unwrap();
    let roles: Vec<(&str, &str)> = fields
        .iter()
        .map(|f| (f["role"].as_str().unwrap(), f["name"].as_str().unwrap()))
        .collect();
    // No hidden input; the button is its form's.
    assert_eq!(
        roles,
        [
            ("textbox", "Email"),
            ("textbox", "Password"),
            ("checkbox", "Remember me"),
            ("combobox", ""),
            ("listbox", ""),
            ("button", "Go")
        ],
        "{form}"
    );
    assert_eq!(fields[1]["value"], "••••", "a password never shows: {form}");
    assert_eq!(fields[2]["checked"], true, "{form}");
    assert_eq!(fields[3]["value"], "French", "{form}");
    assert_eq!(fields[4]["value"], "Red, Blue", "{form}");
    assert_eq!(fields[0]["required"], true, "{form}");
    assert_eq!(
        forms.ok()["fields"][0]["name"],
        "Search",
        "{}",
        forms.stdout
    );
    // A frame's form comes after the document's, its field named by the frame's uid, which an
    // action takes.
    let card = &forms.ok()["forms"][1]["fields"][0];
    assert_eq!(card["name"], "Card", "{}", forms.stdout);
    let card_uid = card["uid"].as_str().unwrap();
    assert!(card_uid.starts_with('f'), "{card}");
    env.ctx("lf", &["element", "fill", card_uid, "4242"]).ok();
    // A web component's field, inside its shadow root, comes after the document's.
    assert_eq!(
        forms.ok()["fields"][1]["name"],
        "Coupon",
        "{}",
        forms.stdout
    );
    // Each uid is the one the snapshot gave that element.
    for field in fields
        .iter()
        .chain(forms.ok()["fields"].as_array().unwrap())
    {
        let uid = field["uid"].as_str().unwrap();
        let line = format!("{uid} {}", field["role"].as_str().unwrap());
        assert!(
            snapshot.stdout.lines().any(|l| {
                let l = l.trim_start();
                l == line || l.starts_with(&format!("{line} "))
            }),
            "{uid} is not a {} in the snapshot:\n{}",
            field["role"],
            snapshot.stdout
        );
    }
    // An action takes them: the field's new value shows in the next read.
    let email = fields[0]["uid"].as_str().unwrap();
    env.ctx("lf", &["element", "fill", email, "ada@example.com"])
        .ok();
    let again = env.ctx("lf", &["page", "forms", "--output", "text"]);
    assert!(
        again.stdout.contains(&format!(
            "  {email} textbox \"Email\" field=email type=email value=\"ada@example.com\" required"
        )),
        "{}",
        again.stdout
    );

    // A list box's option is a target by its words, as on the page (a click chooses it alone).
    let chosen = env.ctx(
        "lf",
        &["element", "click", "--text", "Green", "--output", "text"],
    );
    assert!(
        chosen.stdout.contains(" option \"Green\" selected\n"),
        "{}",
        chosen.stdout
    );

    let links = env.ctx("lf", &["page", "links"]);
    let list = links.ok()["links"].as_array().unwrap().clone();
    assert_eq!(list.len(), 4, "{}", links.stdout);
    // A frame's come last, their uids in the frame's numbering.
    assert_eq!(
        (
            list[3]["name"].as_str(),
            list[3]["uid"].as_str().map(|u| u.starts_with('f'))
        ),
        (Some("Terms"), Some(true)),
        "{}",
        links.stdout
    );
    assert_eq!(
        list[2]["name"], "Help",
        "a link in a shadow root: {}",
        links.stdout
    );
    assert_eq!(list[1]["hidden"], true, "{}", links.stdout);
    assert_eq!(list[1]["name"], "Secret", "{}", links.stdout);
    assert!(list[0].get("hidden").is_none(), "{}", links.stdout);
    // The REPL's `links` is this operation.
    let repl = env.ctx("lf", &["repl", "--output", "json", "--exec", "links"]);
    let first: Value = serde_json::from_str(repl.stdout.lines().next().unwrap_or("null")).unwrap();
    assert_eq!(
        first["data"]["links"],
        links.ok()["links"],
        "{}",
        repl.stdout
    );
    let home = list[0]["uid"].as_str().unwrap();
    let clicked = env.ctx("lf", &["element", "click", home]);
    assert_eq!(clicked.ok()["navigated"], true, "{}", clicked.stdout);
    assert!(
        clicked.ok()["url"].as_str().unwrap().ends_with("/done"),
        "{}",
        clicked.stdout
    );
}

/// A sign-in popup that tells its opener who signed in and closes itself: the click's reply
/// says the page closed, names the page current now (the opener, though a newer page is open)
/// and shows what changed there — at once or when the popup closes a moment later — instead
/// of "no effect" after the page stopped answering.
#[test]
fn a_popup_that_closes_itself_hands_back_to_its_opener_with_what_changed_there() {
    let server = HttpServer::start();
    server.page(
        "/signin.html",
        "Sign in",
        "<button onclick=\"window.open('/provider.html', 'auth', 'width=400,height=500')\">Sign in with Provider</button>
         <p id=who>Not signed in</p>
         <script>addEventListener('message', e => who.textContent = 'Signed in as ' + e.data)</script>",
    );
    server.page(
        "/provider.html",
        "Provider",
        "<label>User <input id=u></label>
         <button onclick=\"opener.postMessage(u.value, '*'); setTimeout(() => window.close(), 50)\">Allow</button>
         <button onclick=\"opener.postMessage(u.value + ' (later)', '*'); setTimeout(() => window.close(), 600)\">Allow later</button>",
    );
    server.page("/other.html", "Other", "<h1>Another page</h1>");
    let env = TestEnv::new();
    let run = |args: &[&str]| env.ctx("p", args);
    run(&["page", "open", &server.url("/signin.html")]).ok();
    run(&["capture", "snapshot"]).ok();
    for (allow, who) in [("Allow", "ada"), ("Allow later", "ada (later)")] {
        let opened = run(&["element", "click", "--text", "Sign in with Provider"]);
        let popup = opened.ok()["newPages"][0].to_string();
        // A newer page than the popup: where current goes when the popup closes is not simply
        // the newest page.
        run(&["page", "open", "--background", &server.url("/other.html")]).ok();
        run(&["page", "use", &popup]).ok();
        run(&["element", "fill", "--text", "User", "ada"]).ok();
        let clicked = run(&["element", "click", "--text", allow]);
        let data = clicked.ok();
        assert_eq!(
            (&data["closed"], &data["current"]),
            (&Value::Bool(true), &serde_json::json!(1)),
            "{}",
            clicked.stdout
        );
        assert!(
            data["changes"]
                .to_string()
                .contains(&format!("Signed in as {who}")),
            "the opener's change is shown: {}",
            clicked.stdout
        );
        assert!(
            clicked.json["meta"].get("warnings").is_none()
                && data.get("pageUnresponsive").is_none(),
            "{}",
            clicked.stdout
        );
        let list = run(&["page", "list"]);
        let current: Vec<&Value> = list.ok()["pages"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["current"] == true)
            .map(|p| &p["id"])
            .collect();
        assert_eq!(current, [&serde_json::json!(1)], "{}", list.stdout);
    }
    let text = env.ctx(
        "p",
        &[
            "element",
            "click",
            "--text",
            "Sign in with Provider",
            "--output",
            "text",
        ],
    );
    assert_eq!(text.code, 0, "{}", text.stdout);
}
