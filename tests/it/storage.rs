//! Storage state through `cdt` alone: cookies and local/session storage set in one context,
//! saved to a 0600 file and loaded into another context (another `CDT_CONTEXT_ID`) make a page
//! that reads them show the same values; unsafe or bad state files are refused with codes.
//! Also `--init-script` on open/navigate: before page scripts, in an out-of-process iframe,
//! removed after the navigation unless `--persist`.

use std::os::unix::fs::PermissionsExt;

use cdt_e2e::{HttpServer, TestEnv};

const READER: &str = "<script>document.title = [document.cookie.split('; ').filter(c => c.startsWith('auth=')).join(''), \
    localStorage.getItem('user'), sessionStorage.getItem('step')].join('|')</script>";

#[test]
fn cookies_and_storage_saved_in_one_context_load_into_another() {
    let server = HttpServer::start();
    server.page(
        "/store.html",
        "store",
        "<script>localStorage.setItem('theme', 'dark')</script>",
    );
    server.page("/read.html", "read", READER);
    let env = TestEnv::new();
    let dir = env.home.with_extension("state");
    std::fs::create_dir_all(&dir).unwrap();
    let origin = format!("http://127.0.0.1:{}", server.port);

    env.ctx("a", &["page", "open", &server.url("/store.html")])
        .ok();
    env.ctx(
        "a",
        &[
            "storage",
            "cookies",
            "set",
            "auth",
            "token-42",
            "--url",
            &server.url("/"),
        ],
    )
    .ok();
    env.ctx("a", &["storage", "local", "set", "user", "ada"])
        .ok();
    env.ctx("a", &["storage", "session", "set", "step", "3"])
        .ok();
    let local = env.ctx("a", &["storage", "local", "get"]);
    let data = local.ok();
    assert_eq!(data["origin"], origin);
    assert_eq!(data["count"], 2, "{data}");
    assert_eq!(
        env.ctx("a", &["storage", "local", "get", "user"]).ok()["value"],
        "ada"
    );
    let cookies = env.ctx("a", &["storage", "cookies", "list", "--name", "auth"]);
    assert_eq!(cookies.ok()["cookies"][0]["value"], "token-42");

    let file = dir.join("state.json");
    let saved = env.ctx("a", &["storage", "save", file.to_str().unwrap()]);
    assert!(saved.ok()["cookies"].as_u64().unwrap_or(0) >= 1);
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);

    // Another context: nothing until the state is loaded.
    env.ctx("b", &["page", "open", &server.url("/read.html")])
        .ok();
    assert_eq!(
        env.ctx("b", &["runtime", "eval", "document.title"]).ok()["value"],
        "||"
    );
    let loaded = env.ctx("b", &["storage", "load", file.to_str().unwrap()]);
    let data = loaded.ok();
    assert!(data["cookies"].as_u64().unwrap_or(0) >= 1, "{data}");
    env.ctx("b", &["page", "reload"]).ok();
    let title = env.ctx("b", &["runtime", "eval", "document.title"]);
    assert_eq!(title.ok()["value"], "auth=token-42|ada|3");
    // A brand-new page of the other context sees the cookie and the local storage too.
    env.ctx("b", &["page", "open", &server.url("/read.html")])
        .ok();
    let title = env.ctx("b", &["runtime", "eval", "document.title"]);
    assert_eq!(title.ok()["value"], "auth=token-42|ada|");
    assert_eq!(
        env.ctx("b", &["storage", "local", "get", "theme"]).ok()["value"],
        "dark"
    );

    // Clearing works and is scoped.
    env.ctx("b", &["storage", "local", "clear", "theme"]).ok();
    assert_eq!(
        env.ctx("b", &["storage", "local", "get", "theme"]).ok()["found"],
        false
    );
    let cleared = env.ctx("b", &["storage", "cookies", "clear", "--name", "auth"]);
    assert_eq!(cleared.ok()["cleared"], 1);
    assert_eq!(
        env.ctx("b", &["storage", "cookies", "list", "--name", "auth"])
            .ok()["count"],
        0
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unsafe_or_bad_state_files_and_wrong_origins_are_refused() {
    let server = HttpServer::start();
    let env = TestEnv::new();
    let dir = env.home.with_extension("bad");
    std::fs::create_dir_all(&dir).unwrap();
    env.ctx("c", &["page", "open", &server.url("/")]).ok();
    let file = dir.join("state.json");
    env.ctx("c", &["storage", "save", file.to_str().unwrap()])
        .ok();
    let path = file.to_str().unwrap();

    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o664)).unwrap();
    env.ctx("c", &["storage", "load", path])
        .err("SECURITY_BLOCKED", 2);
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o602)).unwrap();
    env.ctx("c", &["storage", "load", path])
        .err("SECURITY_BLOCKED", 2);
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    let link = dir.join("link.json");
    std::os::unix::fs::symlink(&file, &link).unwrap();
    env.ctx("c", &["storage", "load", link.to_str().unwrap()])
        .err("SECURITY_BLOCKED", 2);
    env.ctx("c", &["storage", "save", link.to_str().unwrap()])
        .err("SECURITY_BLOCKED", 2);
    env.ctx("c", &["storage", "load", path]).ok();

    let missing = dir.join("missing.json");
    env.ctx("c", &["storage", "load", missing.to_str().unwrap()])
        .err("IO_ERROR", 6);
    let junk = dir.join("junk.json");
    std::fs::write(
        &junk,
        "{\"version\":1,\"cookies\":[{\"name\":\"sid\",\"value\":\"TOPSECRET\"",
    )
    .unwrap();
    std::fs::set_permissions(&junk, std::fs::Permissions::from_mode(0o600)).unwrap();
    let refused = env.ctx("c", &["storage", "load", junk.to_str().unwrap()]);
    let error = refused.err("VALIDATION_ERROR", 2);
    assert!(
        !error.to_string().contains("TOPSECRET"),
        "the secret leaked: {error}"
    );

    env.ctx(
        "c",
        &["storage", "local", "get", "--origin", "http://localhost:1"],
    )
    .err("ORIGIN_NOT_OPEN", 3);
    env.ctx(
        "c",
        &["storage", "local", "get", "--origin", "not an origin"],
    )
    .err("VALIDATION_ERROR", 2);
    env.ctx("c", &["storage", "local", "set", "only-key"])
        .err("VALIDATION_ERROR", 2);
    env.ctx("c", &["storage", "cookies", "set", "a", "b"])
        .err("VALIDATION_ERROR", 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn init_scripts_run_before_page_scripts_in_every_frame_and_are_removed_unless_persisted() {
    let server = HttpServer::start();
    let frame = "<script>parent.postMessage('frame:' + String(window.__early), '*')</script>";
    server.raw("/frame.html", "text/html", frame);
    let page = format!(
        "<script>window.__seen = String(window.__early); window.__frames = []; \
         addEventListener('message', e => window.__frames.push(e.data));</script>\
         <iframe src='{}'></iframe>",
        server.other_origin_url("/frame.html")
    );
    server.page("/init.html", "init", &page);
    let env = TestEnv::new();
    let script = "window.__early = 'early:' + document.readyState";
    env.ctx(
        "i",
        &[
            "page",
            "open",
            &server.url("/init.html"),
            "--init-script",
            script,
        ],
    )
    .ok();
    assert_eq!(
        env.ctx("i", &["runtime", "eval", "window.__seen"]).ok()["value"],
        "early:loading"
    );
    let frames = env.ctx(
        "i",
        &[
            "runtime",
            "eval",
            "new Promise(r => setTimeout(() => r(window.__frames), 300))",
            "--await",
        ],
    );
    assert_eq!(
        frames.ok()["value"],
        serde_json::json!(["frame:early:loading"])
    );

    // Removed after that navigation…
    env.ctx("i", &["page", "reload"]).ok();
    assert_eq!(
        env.ctx("i", &["runtime", "eval", "window.__seen"]).ok()["value"],
        "undefined"
    );
    // …unless persisted.
    env.ctx(
        "i",
        &[
            "page",
            "navigate",
            &server.url("/init.html"),
            "--init-script",
            script,
            "--persist",
        ],
    )
    .ok();
    env.ctx("i", &["page", "reload"]).ok();
    assert_eq!(
        env.ctx("i", &["runtime", "eval", "window.__seen"]).ok()["value"],
        "early:loading"
    );

    let dir = env.home.with_extension("js");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("init.js");
    std::fs::write(&file, "window.__early = 'from-file'").unwrap();
    env.ctx(
        "i",
        &[
            "page",
            "open",
            &server.url("/init.html"),
            "--init-script",
            file.to_str().unwrap(),
        ],
    )
    .ok();
    assert_eq!(
        env.ctx("i", &["runtime", "eval", "window.__seen"]).ok()["value"],
        "from-file"
    );
    env.ctx(
        "i",
        &[
            "page",
            "open",
            &server.url("/init.html"),
            "--init-script",
            "/nonexistent/init.js",
        ],
    )
    .err("VALIDATION_ERROR", 2);
    let _ = std::fs::remove_dir_all(&dir);
}
