//! Test gaps of the hardening review (issue 12 item 12): commands checked by their effect, not
//! only by `ok`; a peer of another user refused by the daemon; the client giving up on a daemon
//! that never answers; one context's stuck command not delaying another context.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::process::Stdio;
use std::time::Duration;

use cdt_e2e::{HttpServer, Run, TestEnv, cdt_bin};
use serde_json::Value;

const FORM: &str = "<form><label>Email <input name=email></label>
<label>Name <input name=name></label><button type=button>Go</button></form>";

fn eval(env: &TestEnv, context: &str, expression: &str) -> Value {
    env.ctx(context, &["runtime", "eval", expression]).ok()["value"].clone()
}

fn uid_of(snapshot: &str, needle: &str) -> String {
    let line = snapshot
        .lines()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("{needle} not in {snapshot}"));
    line.split(|c: char| c == '[' || c == ']' || c.is_whitespace())
        .find(|w| w.len() > 1 && w.starts_with('e') && w[1..].chars().all(|c| c.is_ascii_digit()))
        .unwrap()
        .to_string()
}

#[test]
fn fill_form_clear_reload_and_wait_idle_have_their_effects() {
    let server = HttpServer::start();
    server.page("/form", "Form", FORM);
    server.slow_page("/slow-data", 1500);
    server.page(
        "/busy",
        "Busy",
        "<script>setTimeout(() => fetch('/slow-data').then(() => document.title = 'fetched'), 50)</script>",
    );
    let env = TestEnv::new();
    env.ctx("e", &["page", "open", &server.url("/form")]).ok();
    let snapshot = env.ctx("e", &["capture", "snapshot"]).ok()["snapshot"]
        .as_str()
        .unwrap()
        .to_string();
    let (email, name) = (
        uid_of(&snapshot, "\"Email\""),
        uid_of(&snapshot, "\"Name\""),
    );
    env.ctx(
        "e",
        &[
            "element",
            "fill-form",
            "--field",
            &format!("{email}=ada@example.com"),
            "--field",
            &format!("{name}=Ada"),
        ],
    )
    .ok();
    assert_eq!(
        eval(&env, "e", "document.querySelector('[name=email]').value"),
        "ada@example.com"
    );
    assert_eq!(
        eval(&env, "e", "document.querySelector('[name=name]').value"),
        "Ada"
    );
    env.ctx("e", &["element", "clear", &email]).ok();
    assert_eq!(
        eval(&env, "e", "document.querySelector('[name=email]').value"),
        ""
    );
    assert_eq!(
        eval(&env, "e", "document.querySelector('[name=name]').value"),
        "Ada"
    );

    // reload --ignore-cache: a new document, fetched with the cache bypassed.
    env.ctx("e", &["runtime", "eval", "window.marker = 1"]).ok();
    env.ctx("e", &["page", "reload", "--ignore-cache"]).ok();
    assert_eq!(eval(&env, "e", "typeof window.marker"), "undefined");
    let requests = env.ctx("e", &["network", "list"]).ok()["requests"].clone();
    let last = requests
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|r| r["url"].as_str().unwrap().ends_with("/form"))
        .map(|r| r["id"].to_string())
        .unwrap();
    let request = env.ctx("e", &["network", "get", &last]).ok().clone();
    let headers = request["requestHeaders"].to_string().to_ascii_lowercase();
    assert!(
        headers.contains("no-cache"),
        "not a cache-bypassing reload: {headers}"
    );

    // wait-idle returns once the slow fetch has finished, not before.
    env.ctx("e", &["page", "navigate", &server.url("/busy")])
        .ok();
    env.ctx("e", &["page", "wait-idle", "--idle-ms", "300"])
        .ok();
    assert_eq!(eval(&env, "e", "document.title"), "fetched");
}

#[test]
fn an_unknown_op_is_a_validation_error() {
    let env = TestEnv::new();
    env.run(&["session", "list"]).ok();
    let mut stream =
        std::os::unix::net::UnixStream::connect(env.home.join("broker/daemon.sock")).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let hello = format!(
        "{{\"hello\":{{\"version\":\"{}\",\"protocol\":{}}}}}\n",
        cdt_domain::CDT_VERSION,
        cdt_domain::PROTOCOL_VERSION
    );
    stream.write_all(hello.as_bytes()).unwrap();
    stream
        .write_all(b"{\"id\":\"x\",\"op\":\"page.explode\",\"params\":{},\"caller\":{},\"deadline\":{\"atUnixMs\":9999999999999,\"budgetMs\":1000}}\n")
        .unwrap();
    let lines: Vec<String> = BufReader::new(stream)
        .lines()
        .map_while(Result::ok)
        .collect();
    let reply: Value = serde_json::from_str(&lines[1]).unwrap();
    assert_eq!(reply["error"]["code"], "VALIDATION_ERROR", "{reply}");
    assert!(
        reply["error"]["message"]
            .as_str()
            .unwrap()
            .contains("page.explode"),
        "{reply}"
    );
}

#[allow(unsafe_code)]
fn running_as_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

#[test]
fn a_peer_of_another_user_is_refused_by_the_daemon() {
    assert!(
        running_as_root(),
        "this test switches to another uid and needs root"
    );
    let env = TestEnv::new();
    env.run(&["session", "list"]).ok();
    // Let uid 65534 reach the socket, so the daemon's own peer check is what refuses it.
    let chmod = |mode: u32, path: &std::path::Path| {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    };
    let (home, broker, socket) = (
        env.home.clone(),
        env.home.join("broker"),
        env.home.join("broker/daemon.sock"),
    );
    chmod(0o711, &home);
    chmod(0o711, &broker);
    chmod(0o666, &socket);
    let output = std::process::Command::new(cdt_bin())
        .args(["daemon", "status"])
        .env("CDT_HOME", &home)
        .env("HOME", "/tmp")
        .uid(65534)
        .gid(65534)
        .output()
        .unwrap();
    chmod(0o700, &home);
    chmod(0o700, &broker);
    chmod(0o600, &socket);
    let run = Run::from_output(&output, Duration::ZERO);
    let error = run.err("SECURITY_BLOCKED", 2);
    assert!(
        error["message"].as_str().unwrap().contains("another user"),
        "{error}"
    );
    env.run(&["session", "list"]).ok();
}

#[test]
fn the_client_gives_up_on_a_daemon_that_never_answers() {
    use std::os::unix::fs::DirBuilderExt;
    let env = TestEnv::new();
    let broker = env.home.join("broker");
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(&broker)
        .unwrap();
    let listener = std::os::unix::net::UnixListener::bind(broker.join("daemon.sock")).unwrap();
    let hello = format!(
        "{{\"hello\":{{\"version\":\"{}\",\"protocol\":{}}},\"pid\":{},\"accepted\":true}}\n",
        cdt_domain::CDT_VERSION,
        cdt_domain::PROTOCOL_VERSION,
        std::process::id()
    );
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming().flatten() {
            let mut line = String::new();
            let _ = BufReader::new(&stream).read_line(&mut line);
            let _ = (&stream).write_all(hello.as_bytes());
            held.push(stream); // reads the request, never answers
        }
    });
    let run = env.ctx("h", &["page", "list", "--timeout", "700"]);
    let error = run.err("TIMEOUT", 4);
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("no reply from the daemon"),
        "{error}"
    );
    // The TestEnv's teardown must not signal our own pid (the fake's "daemon pid").
    std::fs::remove_file(broker.join("daemon.sock")).unwrap();
}

#[test]
fn one_contexts_stuck_command_does_not_delay_another_context() {
    let env = TestEnv::new();
    env.ctx("stuck", &["page", "open", "about:blank"]).ok();
    env.ctx("free", &["page", "open", "about:blank"]).ok();
    let mut stuck = env
        .command(&["runtime", "eval", "while (true) {}", "--timeout", "20000"])
        .env("CDT_CONTEXT_ID", "stuck")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    for _ in 0..3 {
        assert_eq!(eval(&env, "free", "6 * 7"), 42);
        env.ctx("free", &["page", "list"]).ok();
        env.ctx("free", &["page", "navigate", "about:blank#again"])
            .ok();
    }
    assert!(
        stuck.try_wait().unwrap().is_none(),
        "the other context's commands finished only after the stuck one"
    );
    let _ = stuck.kill();
    let _ = stuck.wait();
}
