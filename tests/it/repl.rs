//! `cdt repl` as a person and a script use it: on a pseudo-terminal (go to a page, list the
//! elements, click a link and read the feedback, go back, recall a line with Up, complete a uid
//! with Tab, variables, `json on`, `quit`, history kept per context), and with `--exec` and
//! piped input, which must give the same results and exit codes as the CLI commands they stand
//! for.

use std::io::Write;
use std::process::Stdio;
use std::time::Duration;

use cdt_e2e::pty::{self, Pty};
use cdt_e2e::{HttpServer, Run, TestEnv};
use serde_json::Value;

const WAIT: Duration = Duration::from_secs(60);

fn server() -> HttpServer {
    let server = HttpServer::start();
    server.page(
        "/start.html",
        "Start",
        "<h1>Start</h1><a href=\"/next.html\">Next page</a>
        <label>Email <input id=email></label>
        <button onclick=\"out.textContent = 'hello ' + email.value\">Greet</button><p id=out></p>",
    );
    server.page(
        "/next.html",
        "Next",
        "<h1>Next</h1><a href=\"/start.html\">Back home</a>",
    );
    server
}

fn repl_pty(env: &TestEnv, context: &str) -> Pty {
    let mut command = env.command(&["repl"]);
    command.env("CDT_CONTEXT_ID", context).env("TERM", "xterm");
    Pty::spawn(command)
}

/// Types `line`, waits for `needle` in what it printed, then for the next prompt (input typed
/// while a command runs is dropped by the line editor, as on any terminal).
fn step(repl: &mut Pty, line: &str, needle: &str) {
    repl.line(line);
    repl.expect(needle, WAIT);
    repl.expect("cdt> ", WAIT);
}

#[test]
fn a_person_drives_the_repl_on_a_terminal() {
    let env = TestEnv::new();
    let server = server();
    let mut repl = repl_pty(&env, "person");
    repl.expect("cdt> ", WAIT);
    step(
        &mut repl,
        &format!("g {}", server.url("/start.html")),
        "page 1: \"Start\"",
    );
    step(&mut repl, "elements", "link \"Next page\"");

    // Click a link by its text; the feedback names the navigation and the new elements.
    repl.line("c Next page");
    repl.expect("→ navigated to \"Next\"", WAIT);
    repl.expect("link \"Back home\"", WAIT);
    repl.expect("cdt> ", WAIT);
    step(&mut repl, "b", "page 1: \"Start\"");

    // Up twice recalls `c Next page`.
    repl.send(pty::UP);
    repl.send(pty::UP);
    repl.send(pty::ENTER);
    repl.expect("→ navigated to \"Next\"", WAIT);
    repl.expect("cdt> ", WAIT);
    step(&mut repl, "b", "page 1: \"Start\"");

    // Tab completes a command, then lists the uids of the page with their names. (Back showed
    // the page again from the browser's cache: `elements` prints only what changed since the
    // REPL saw it, and completion still knows all of its uids.)
    step(&mut repl, "elements", "link \"Next page\"");
    repl.send("insp");
    repl.send(pty::TAB);
    repl.expect("inspect", WAIT);
    repl.send("e");
    repl.send(pty::TAB);
    repl.send(pty::TAB);
    repl.expect("button \"Greet\"", WAIT);
    let screen = repl.screen();
    let textbox = screen
        .split_whitespace()
        .collect::<Vec<_>>()
        .windows(2)
        .rev()
        .find(|w| w[1] == "textbox" && w[0].starts_with('e'))
        .map(|w| w[0].to_string())
        .expect("the completion list names the textbox's uid");
    // Complete that uid alone (the line editor may already have filled in the uids' common
    // prefix, so the line is typed again from its start), and run the line.
    repl.send(pty::KILL_LINE);
    let uids: Vec<&str> = screen
        .split_whitespace()
        .filter(|w| w.len() > 1 && w.starts_with('e') && w[1..].bytes().all(|b| b.is_ascii_digit()))
        .collect();
    let prefix = (2..=textbox.len())
        .map(|n| &textbox[..n])
        .find(|p| uids.iter().all(|u| *u == textbox || !u.starts_with(p)))
        .unwrap_or(&textbox);
    repl.send(&format!("inspect {prefix}"));
    repl.send(pty::TAB);
    step(&mut repl, "", "name: Email");

    // Variables, then the action's feedback in one or two lines.
    step(&mut repl, "set who Ada", "$who = Ada");
    step(
        &mut repl,
        &format!("t {textbox} hi $who"),
        "value=\"hi Ada\"",
    );
    step(
        &mut repl,
        "get greeting document.querySelector('#email').value",
        "$greeting = hi Ada",
    );
    step(&mut repl, "json on", "{\"data\":{\"json\":true}");
    step(&mut repl, "title", "{\"data\":{\"title\":\"Start\"}");
    // `exit` leaves the browser running (`quit` would stop it).
    repl.line("exit");
    let status = repl.wait(WAIT).expect("the REPL exits on exit");
    assert!(status.success(), "{status:?}\n{}", repl.screen());

    // The REPL drove the context's browser, as the CLI sees it.
    let pages = env.ctx("person", &["page", "list"]);
    assert_eq!(pages.ok()["pages"][0]["title"], "Start", "{pages:?}");

    // History is kept per context under CDT_HOME: a new REPL recalls the last lines.
    let files: Vec<_> = std::fs::read_dir(env.home.join("repl")).unwrap().collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let mut again = repl_pty(&env, "person");
    again.expect("cdt> ", WAIT);
    again.send(pty::UP);
    again.send(pty::UP);
    again.send(pty::ENTER);
    again.expect("title: Start", WAIT);
    again.expect("cdt> ", WAIT);
    again.line("quit");
    again.wait(WAIT).expect("the REPL exits on quit");
}

/// `cdt repl --output json` fed `script` on stdin.
fn piped(env: &TestEnv, context: &str, args: &[&str], script: &str) -> (i32, Vec<Value>) {
    let mut command = env.command(&["repl", "--output", "json"]);
    command
        .args(args)
        .env("CDT_CONTEXT_ID", context)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    envelopes(output.status.code().unwrap_or(-1), &output.stdout)
}

fn envelopes(code: i32, stdout: &[u8]) -> (i32, Vec<Value>) {
    let lines = String::from_utf8_lossy(stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not JSON: {line}")))
        .collect();
    (code, lines)
}

fn exec(env: &TestEnv, context: &str, line: &str) -> (i32, Vec<Value>) {
    let run = env.ctx(context, &["repl", "--output", "json", "--exec", line]);
    envelopes(run.code, run.stdout.as_bytes())
}

/// What must agree between two envelopes: success, data or error code and message.
fn essence(envelope: &Value) -> Value {
    if envelope["ok"] == true {
        serde_json::json!({ "ok": true, "data": envelope["data"] })
    } else {
        let error = &envelope["error"];
        serde_json::json!({ "ok": false, "code": error["code"], "message": error["message"] })
    }
}

fn same_as_cli(env: &TestEnv, context: &str, line: &str, cli: &[&str]) {
    let expected: Run = env.ctx(context, cli);
    let (code, got) = exec(env, context, line);
    assert_eq!(got.len(), 1, "{line}: {got:?}");
    assert_eq!(code, expected.code, "{line} vs cdt {cli:?}");
    assert_eq!(
        essence(&got[0]),
        essence(&expected.json),
        "{line} vs cdt {cli:?}"
    );
    // (A success tells its context only with `--verbose`; a failure always does.)
    assert_eq!(
        got[0]["meta"]["context"], expected.json["meta"]["context"],
        "{line}: same context as the CLI"
    );
}

#[test]
fn exec_and_piped_lines_match_the_cli() {
    let env = TestEnv::new();
    let server = server();
    let start = server.url("/start.html");
    env.ctx("par", &["page", "open", &start]).ok();
    env.ctx("par", &["capture", "snapshot"]).ok();
    // `elements` is the interactive view's diff: after one, both answer "unchanged".
    env.ctx("par", &["capture", "snapshot", "--interactive"])
        .ok();
    same_as_cli(
        &env,
        "par",
        "elements",
        &["capture", "snapshot", "--interactive", "--diff"],
    );
    same_as_cli(&env, "par", "page list", &["page", "list"]);
    same_as_cli(&env, "par", "cdt page list", &["page", "list"]);
    same_as_cli(
        &env,
        "par",
        "session status --fields context.key",
        &["session", "status", "--fields", "context.key"],
    );
    same_as_cli(&env, "par", "url", &["observe", "state", "--fields", "url"]);
    same_as_cli(
        &env,
        "par",
        "title",
        &["observe", "state", "--fields", "title"],
    );
    same_as_cli(&env, "par", "text", &["page", "text"]);
    same_as_cli(
        &env,
        "par",
        "html h1",
        &["page", "html", "--selector", "h1"],
    );
    same_as_cli(&env, "par", "find Next", &["element", "find", "Next"]);
    same_as_cli(&env, "par", "eval 6 * 7", &["runtime", "eval", "6 * 7"]);
    same_as_cli(
        &env,
        "par",
        "eval \"a\" + 'b'",
        &["runtime", "eval", "\"a\" + 'b'"],
    );
    same_as_cli(&env, "par", "c e999", &["element", "click", "e999"]);
    same_as_cli(
        &env,
        "par",
        "c --selector '#nothing-here'",
        &["element", "click", "--selector", "#nothing-here"],
    );
    same_as_cli(&env, "par", "page open", &["page", "open"]);
    same_as_cli(&env, "par", "nonsense", &["nonsense"]);
    same_as_cli(
        &env,
        "par",
        &format!("g {start}"),
        &["page", "navigate", &start],
    );
    same_as_cli(&env, "par", "errors", &["errors"]);

    // A sequence stops at the first failure and exits with its code…
    let (code, lines) = exec(&env, "par", &format!("g {start} ; c e999 ; page list"));
    assert_eq!((code, lines.len()), (3, 2), "{lines:?}");
    assert_eq!(lines[1]["error"]["code"], "ELEMENT_NOT_FOUND");

    // …and piped lines behave the same: one envelope per command.
    let script = "# a comment\nset who Ada\nt #email $who\nc Greet\nget out document.querySelector('#out').textContent\nc e999\npage list\n";
    let (code, lines) = piped(&env, "par", &[], script);
    assert_eq!(code, 3, "{lines:#?}");
    assert_eq!(lines.len(), 5, "{lines:#?}");
    let fill = lines[1]["data"].to_string();
    assert!(fill.contains(r#"value=\"Ada\""#), "{fill}");
    assert_eq!(lines[3]["data"]["value"], "hello Ada");
    assert_eq!(lines[4]["error"]["code"], "ELEMENT_NOT_FOUND");

    // --keep-going runs the rest; the exit code is still the first failure's.
    let (code, lines) = piped(
        &env,
        "par",
        &["--keep-going"],
        "c e999\nnonsense\npage list\n",
    );
    assert_eq!(code, 3);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1]["error"]["code"], "VALIDATION_ERROR");
    assert_eq!(lines[2]["ok"], true);

    // Text by default: the same renderer as --output text.
    let text = env.ctx("par", &["repl", "--exec", "page list"]);
    let cli = env.ctx("par", &["page", "list", "--output", "text"]);
    assert_eq!((text.code, &text.stdout), (0, &cli.stdout));
    let unset = env.ctx("par", &["repl", "--exec", "t #email $nobody"]);
    assert_eq!(unset.code, 2, "{unset:?}");
    assert!(unset.stderr.contains("$nobody is not set"), "{unset:?}");
}

/// Ctrl-C while a command runs cancels that command (the daemon stops it) and returns to the
/// prompt; the REPL and the page stay usable.
#[test]
fn ctrl_c_cancels_the_running_command_not_the_repl() {
    let env = TestEnv::new();
    let server = server();
    let mut repl = repl_pty(&env, "interrupt");
    repl.expect("cdt> ", WAIT);
    step(
        &mut repl,
        &format!("g {}", server.url("/start.html")),
        "page 1: \"Start\"",
    );
    let started = std::time::Instant::now();
    repl.line("runtime eval \"new Promise(r => setTimeout(() => r(1), 60000))\" --await");
    std::thread::sleep(Duration::from_millis(700));
    repl.send("\x03");
    repl.expect("^C cancelled runtime.eval", WAIT);
    repl.expect("cdt> ", WAIT);
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "the command was not cut short"
    );
    step(&mut repl, "title", "Start");
    repl.line("quit");
    assert!(repl.wait(WAIT).is_some_and(|status| status.success()));
}

/// Seed 003's command table, typed as printed: scroll directions, an element into view and a
/// position, `findall`, `clear`, `click --force`, `evaluate`, `state` with the seed's names,
/// `wait <n>s`, and `exit` (keeps the browser) versus `quit` (stops it).
#[test]
fn seed_003_commands_work_as_printed() {
    let env = TestEnv::new();
    let server = HttpServer::start();
    let rows: String = (1..=80)
        .map(|i| format!("<p>Item {i} <button>Add {i}</button></p>"))
        .collect();
    server.page(
        "/long.html",
        "Long",
        &format!(
            "<label>Email <input id=email value=ada></label><input type=file id=cv>{rows}<footer id=footer><a href=\"#top\">Top</a></footer>
            <script>addEventListener('contextmenu', e => {{ e.preventDefault(); document.title = 'menu on ' + e.target.textContent; }})</script>"
        ),
    );
    let url = server.url("/long.html");
    let value = |line: &str| -> Value {
        let (code, got) = exec(&env, "seed3", line);
        assert_eq!(code, 0, "{line}: {got:?}");
        got.last().cloned().unwrap_or_default()["data"].clone()
    };
    let scroll_y = || {
        value("evaluate window.scrollY")["value"]
            .as_f64()
            .unwrap_or(-1.0)
    };

    value(&format!("g {url}"));
    value("scroll bottom");
    assert!(scroll_y() > 1000.0, "scroll bottom");
    value("scroll up");
    let after_up = scroll_y();
    value("scroll top");
    assert_eq!(scroll_y(), 0.0, "scroll top");
    value("scroll down");
    assert!(scroll_y() > 0.0 && scroll_y() < after_up, "scroll down");
    let rest = value("scroll x=0 y=300");
    assert_eq!(scroll_y(), 300.0, "scroll x= y=");
    assert_eq!(
        rest["value"],
        serde_json::json!({ "x": 0, "y": 300 }),
        "it answers where the page came to rest"
    );
    value("scroll #footer into view");
    assert!(scroll_y() > 1000.0, "scroll <selector> into view");

    let found = value("findall Add");
    assert!(
        found.to_string().matches("Add ").count() >= 80,
        "findall returns every match: {found}"
    );
    let clicked = value("click Add 3 --force");
    assert_eq!(clicked["action"], "click", "{clicked}");
    let menu = value("rightclick Add 4");
    assert_eq!(menu["button"], "right", "{menu}");
    assert_eq!(
        value("title")["title"],
        "menu on Add 4",
        "the page got a contextmenu event"
    );
    value("clear #email");
    assert_eq!(value("evaluate email.value")["value"], "");
    // `upload <selector> <path>`, as seed 003 prints it.
    let file = env.home.with_extension("cv.txt");
    std::fs::write(&file, "cv").expect("a file to upload");
    let uploaded = value(&format!("upload #cv {}", file.display()));
    assert_eq!(uploaded["action"], "upload", "{uploaded}");
    assert_eq!(
        value("evaluate cv.files[0].name")["value"],
        file.file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
    );
    let state = value("state");
    for key in ["loading", "network_idle", "dom_stable", "pending_requests"] {
        assert!(state.get(key).is_some(), "state lacks {key}: {state}");
    }
    let (code, _) = exec(&env, "seed3", "wait 0.2s");
    assert_eq!(code, 0);

    // `exit` keeps the context's browser; `quit` stops it.
    let (code, _) = exec(&env, "seed3", "exit");
    assert_eq!(code, 0);
    let status = env.ctx("seed3", &["session", "status"]);
    assert_eq!(status.ok()["session"]["status"], "running", "{status:#?}");
    let (code, _) = exec(&env, "seed3", "quit");
    assert_eq!(code, 0);
    let status = env.ctx("seed3", &["session", "status"]);
    assert_ne!(status.ok()["session"]["status"], "running", "{status:#?}");
    // With no browser left, `quit` still leaves cleanly.
    let (code, got) = exec(&env, "seed3", "quit");
    assert_eq!(code, 0, "{got:?}");
}

/// Seed 003's wait strategy: an interactive command waits for the network to go idle, 3 s at
/// most, then answers with the page as it is and a `NETWORK_BUSY` warning; `--force` waits
/// for nothing; a command whose requests finish quickly carries no warning.
#[test]
fn interactive_commands_wait_for_network_idle_unless_forced() {
    let env = TestEnv::new();
    let server = HttpServer::start();
    server.delayed_bytes("/slow", "text/plain", b"late", 8_000);
    server.raw("/fast", "text/plain", "soon");
    server.page(
        "/busy.html",
        "Busy",
        r#"<button onclick="fetch('/slow')">Slow</button><button onclick="fetch('/fast').then(r => r.text()).then(t => document.title = t)">Fast</button>"#,
    );
    let url = server.url("/busy.html");
    let (code, _) = exec(&env, "idle", &format!("g {url}"));
    assert_eq!(code, 0);
    let warnings = |envelope: &Value| -> Vec<String> {
        envelope["meta"]["warnings"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|w| w["code"].as_str().map(str::to_string))
            .collect()
    };

    let started = std::time::Instant::now();
    let (code, got) = exec(&env, "idle", "c Slow");
    let waited = started.elapsed();
    assert_eq!(code, 0, "{got:?}");
    assert!(
        warnings(&got[0]).contains(&"NETWORK_BUSY".to_string()),
        "{got:?}"
    );
    assert!(
        waited >= std::time::Duration::from_millis(2_900),
        "{waited:?}"
    );

    let (code, got) = exec(&env, "idle", "c Slow --force");
    assert_eq!(code, 0, "{got:?}");
    assert!(
        !warnings(&got[0]).contains(&"NETWORK_BUSY".to_string()),
        "{got:?}"
    );

    // A new document (the slow fetches die with the old one), then a quick request.
    let (code, _) = exec(&env, "idle", &format!("g {url}"));
    assert_eq!(code, 0);
    let (code, got) = exec(&env, "idle", "c Fast");
    assert_eq!(code, 0, "{got:?}");
    assert!(
        !warnings(&got[0]).contains(&"NETWORK_BUSY".to_string()),
        "{got:?}"
    );
}
