//! `cdt http` (issue 22, seed 003's API): the seed's endpoint table replayed with curl, every
//! operation as `POST /op/<name>` and in an OpenAPI document a validator accepts, a Python
//! script with only its standard library logging in, contexts by header, cancellation when the
//! client leaves, and the refusals (no token, another Host or Origin, an oversize body, a
//! non-loopback bind).

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use cdt_e2e::{HttpServer, TestEnv, eventually, free_port};
use serde_json::Value;

use crate::mcp::{mcp_python, repo};

/// A `cdt http` server of the env, killed when dropped.
struct Front {
    child: Child,
    port: u16,
    token: String,
}

impl Front {
    fn start(env: &TestEnv, extra: &[&str]) -> Front {
        let port = free_port();
        let mut command = env.command(&["http", "--port", &port.to_string()]);
        command
            .args(extra)
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        let child = command.spawn().unwrap();
        let file = env.home.join("http").join(format!("{port}.token"));
        assert!(
            eventually(Duration::from_secs(10), || file.is_file()
                && std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()),
            "cdt http did not start"
        );
        let printed = env.run(&["http", "--print-token", "--port", &port.to_string()]);
        assert_eq!(printed.code, 0, "{printed:?}");
        let token = printed.stdout.trim().to_string();
        assert_eq!(token.len(), 64, "{token}");
        Front { child, port, token }
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    /// `curl` with the token: (HTTP status, JSON body).
    fn curl(&self, method: &str, path: &str, extra: &[&str]) -> (u16, Value) {
        let auth = format!("Authorization: Bearer {}", self.token);
        let mut args = vec!["-X", method, "-H", &auth];
        args.extend_from_slice(extra);
        curl(&self.url(path), &args)
    }
}

impl Drop for Front {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs curl on `url`: (HTTP status, JSON body).
fn curl(url: &str, args: &[&str]) -> (u16, Value) {
    let output = Command::new("curl")
        .args(["-s", "-w", "\n%{http_code}", "--max-time", "60"])
        .args(args)
        .arg(url)
        .output()
        .expect("curl is installed (scripts/ensure-deps.sh)");
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    let (body, status) = text.rsplit_once('\n').unwrap_or((&text, "0"));
    let json = serde_json::from_str(body).unwrap_or(Value::String(body.to_string()));
    (status.trim().parse().unwrap_or(0), json)
}

fn login_pages(server: &HttpServer) -> String {
    server.page(
        "/login.html",
        "Sign in",
        r#"<form action="/welcome.html" method="get">
<label>Username <input name="user" id="user" required></label>
<label>Password <input name="pass" id="pass" type="password" required></label>
<button type="submit" id="go">Sign in</button></form>"#,
    );
    server.page(
        "/welcome.html",
        "Welcome",
        "<h1 id=hello>Welcome back</h1><script>document.querySelector('#hello').textContent += ', ' + new URLSearchParams(location.search).get('user')</script>",
    );
    server.url("/login.html")
}

/// Seed 003's table, endpoint by endpoint, with curl: goto, elements, type, click, text,
/// state, html, screenshot, wait, wait/idle, back, forward, reload, clear, shutdown.
#[test]
fn seed_003_api_table_replayed_with_curl() {
    let env = TestEnv::new();
    let server = HttpServer::start();
    let login = login_pages(&server);
    let front = Front::start(&env, &[]);
    let encoded = login.replace(':', "%3A").replace('/', "%2F");

    let (status, goto) = front.curl("POST", &format!("/cmd/goto?url={encoded}"), &[]);
    assert_eq!((status, &goto["ok"]), (200, &Value::Bool(true)), "{goto}");
    assert_eq!(goto["data"]["title"], "Sign in");
    let (status, elements) = front.curl("GET", "/elements", &[]);
    assert_eq!(status, 200, "{elements}");
    let snapshot = elements["data"]["snapshot"].as_str().unwrap().to_string();
    assert!(snapshot.contains("textbox \"Username\""), "{snapshot}");
    let (status, typed) = front.curl("POST", "/cmd/type?selector=%23user&text=ada", &[]);
    assert_eq!(status, 200, "{typed}");
    front.curl("POST", "/cmd/type?selector=%23pass&text=secret", &[]);
    let (status, clicked) = front.curl("POST", "/cmd/click?selector=%23go", &[]);
    assert_eq!(status, 200, "{clicked}");
    assert_eq!(clicked["data"]["navigated"], true, "{clicked}");
    let (_, text) = front.curl("GET", "/text", &[]);
    assert!(
        text["data"]["text"]
            .as_str()
            .unwrap_or_default()
            .contains("Welcome back, ada"),
        "{text}"
    );
    let (_, state) = front.curl("GET", "/state", &[]);
    assert!(
        state["data"]["url"]
            .as_str()
            .unwrap()
            .contains("/welcome.html?user=ada")
    );
    assert_eq!(state["data"]["network_idle"], true, "{state}");
    let (_, html) = front.curl("GET", "/html?selector=h1", &[]);
    assert!(
        html["data"]["html"]
            .as_str()
            .unwrap_or_default()
            .contains("<h1")
    );
    let (status, shot) = front.curl("GET", "/screenshot", &[]);
    assert_eq!(status, 200);
    let png = base64_decode(shot["data"]["base64"].as_str().unwrap_or_default());
    assert!(
        png.starts_with(b"\x89PNG"),
        "not a PNG: {}",
        &shot.to_string()[..200.min(shot.to_string().len())]
    );
    let (status, waited) = front.curl("POST", "/wait?selector=%23hello&timeout=2", &[]);
    assert_eq!(status, 200, "{waited}");
    let (status, timed_out) = front.curl("POST", "/wait?selector=%23never&timeout=0.5", &[]);
    assert_eq!(
        (status, &timed_out["error"]["code"]),
        (504, &Value::from("TIMEOUT")),
        "{timed_out}"
    );
    let (status, _) = front.curl("POST", "/wait/idle?timeout=5", &[]);
    assert_eq!(status, 200);
    let (_, back) = front.curl("POST", "/cmd/back", &[]);
    assert_eq!(back["data"]["title"], "Sign in", "{back}");
    let (_, forward) = front.curl("POST", "/cmd/forward", &[]);
    assert_eq!(forward["data"]["title"], "Welcome", "{forward}");
    let (status, _) = front.curl("POST", "/cmd/reload", &[]);
    assert_eq!(status, 200);
    front.curl("POST", "/cmd/back", &[]);
    front.curl("POST", "/cmd/type?selector=%23user&text=bob", &[]);
    let (status, cleared) = front.curl("POST", "/cmd/clear?selector=%23user&force=true", &[]);
    assert_eq!(status, 200, "{cleared}");
    let (_, value) = front.curl(
        "POST",
        "/op/runtime.eval",
        &[
            "-d",
            r#"{"expression":"document.querySelector('#user').value"}"#,
        ],
    );
    assert_eq!(value["data"]["value"], "", "{value}");
    // A bad query is a usage error naming the fix.
    let (status, bad) = front.curl("POST", "/cmd/goto", &[]);
    assert_eq!(status, 400);
    assert!(
        bad["error"]["suggestions"][0]
            .as_str()
            .unwrap()
            .contains("url="),
        "{bad}"
    );
    // Shutdown stops this context's browser, not the daemon.
    let (status, shutdown) = front.curl("POST", "/shutdown", &[]);
    assert_eq!(status, 200, "{shutdown}");
    assert!(eventually(Duration::from_secs(10), || env
        .browser_pids()
        .is_empty()));
    assert!(env.daemon_pid().is_some(), "the daemon stays");
}

fn base64_decode(text: &str) -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD
        .decode(text)
        .unwrap_or_default()
}

/// `GET /ops` and `/openapi.json` list every operation of `cdt --help` with its schema; the
/// document passes the OpenAPI validator; a few operations run as `POST /op/<name>`.
#[test]
fn every_operation_is_an_endpoint_and_the_openapi_document_validates() {
    let env = TestEnv::new();
    let front = Front::start(&env, &[]);
    let (status, ops) = front.curl("GET", "/ops", &[]);
    assert_eq!(status, 200);
    let ops = ops["data"]["ops"].as_array().unwrap().clone();
    assert_eq!(ops.len(), cdt_domain::ops::OP_SPECS.len());
    let (status, document) = front.curl("GET", "/openapi.json", &[]);
    assert_eq!(status, 200);
    for command in cdt_cli::cli::command_paths() {
        let op = command.join(".");
        if cdt_domain::ops::op_spec(&op).is_some() {
            assert!(
                document["paths"][format!("/op/{op}")]["post"].is_object(),
                "cdt {} is not in the document",
                command.join(" ")
            );
        }
    }
    let file = env.home.with_extension("openapi.json");
    std::fs::write(&file, document.to_string()).unwrap();
    let validated = Command::new(mcp_python())
        .args(["-m", "openapi_spec_validator"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        validated.status.success(),
        "the OpenAPI validator refused the document:\n{}{}",
        String::from_utf8_lossy(&validated.stdout),
        String::from_utf8_lossy(&validated.stderr)
    );
    let _ = std::fs::remove_file(&file);

    let (status, list) = front.curl("POST", "/op/page.list", &[]);
    assert_eq!(status, 200, "{list}");
    assert!(list["data"]["pages"].is_array());
    let (status, set) = front.curl(
        "POST",
        "/op/storage.cookies.set",
        &[
            "-d",
            r#"{"name":"via","value":"http","url":"http://127.0.0.1:9/"}"#,
        ],
    );
    assert_eq!(status, 200, "{set}");
    let (_, cookies) = front.curl("POST", "/op/storage.cookies.list", &["-d", "{}"]);
    assert!(
        cookies["data"]["cookies"].to_string().contains("\"via\""),
        "{cookies}"
    );
    let (status, unknown) = front.curl("POST", "/op/page.opne", &[]);
    assert_eq!(
        (status, &unknown["error"]["code"]),
        (404, &Value::from("VALIDATION_ERROR"))
    );
    let (status, bad) = front.curl("POST", "/op/page.open", &["-d", r#"{"url": 3}"#]);
    assert_eq!(status, 400, "{bad}");
    let (status, not_json) = front.curl("POST", "/op/page.list", &["-d", "[1]"]);
    assert_eq!(status, 400, "{not_json}");
}

/// A Python program using only its standard library drives a login through `POST /op/…`.
#[test]
fn a_python_script_with_only_the_standard_library_logs_in_through_post_op() {
    let env = TestEnv::new();
    let server = HttpServer::start();
    let login = login_pages(&server);
    let front = Front::start(&env, &[]);
    let script: PathBuf = repo().join("tests/http/login.py");
    let output = Command::new("python3")
        .arg(&script)
        .arg(front.url(""))
        .arg(&front.token)
        .arg(&login)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("Welcome back, ada"), "{stdout}");
}

/// A request names its context by header; the same key reaches the same browser as the CLI.
#[test]
fn contexts_by_header_reach_the_same_browser_as_the_cli() {
    let env = TestEnv::new();
    let server = HttpServer::start();
    let login = login_pages(&server);
    let front = Front::start(&env, &[]);
    let body = format!(r#"{{"url":"{login}"}}"#);
    let (status, opened) = front.curl(
        "POST",
        "/op/page.open",
        &["-H", "X-CDT-Context: agent-7", "-d", &body],
    );
    assert_eq!(status, 200, "{opened}");
    let cli = env.ctx("agent-7", &["page", "list", "--verbose"]);
    assert!(
        cli.ok()["pages"].to_string().contains("/login.html"),
        "{cli:?}"
    );
    assert_eq!(cli.json["meta"]["context"], opened["meta"]["context"]);
    let (_, other) = front.curl("POST", "/op/page.list", &["-H", "X-CDT-Share-Group: crew"]);
    assert!(
        !other["data"]["pages"].to_string().contains("/login.html"),
        "{other}"
    );
    let (status, both) = front.curl(
        "POST",
        "/op/page.list",
        &["-H", "X-CDT-Context: a", "-H", "X-CDT-Share-Group: b"],
    );
    assert_eq!(status, 400, "{both}");
}

/// A client that hangs up cancels its request in the daemon (its wait does not run on).
#[test]
fn a_client_that_disconnects_cancels_its_request() {
    let env = TestEnv::new().with_env("CDT_LOG", "debug");
    let front = Front::start(&env, &[]);
    front.curl("POST", "/op/page.list", &[]);
    let auth = format!("Authorization: Bearer {}", front.token);
    let status = Command::new("curl")
        .args([
            "-s",
            "--max-time",
            "1",
            "-X",
            "POST",
            "-H",
            &auth,
            "-d",
            r#"{"texts":["never there"]}"#,
        ])
        .arg(front.url("/op/page.wait-text?timeout=60000"))
        .status()
        .unwrap();
    assert!(!status.success(), "curl gave up after 1 s");
    let log = env.home.join("broker/daemon.log");
    assert!(
        eventually(Duration::from_secs(5), || std::fs::read_to_string(&log)
            .is_ok_and(
                |text| text.contains("client left; cancelling op=\"page.wait-text\"")
            )),
        "the daemon did not cancel the wait"
    );
}

/// No token, another Host (DNS rebinding), a foreign Origin, an oversize body, a remote bind.
#[test]
fn requests_without_the_token_from_another_host_or_origin_or_too_large_are_refused() {
    let env = TestEnv::new();
    let front = Front::start(&env, &[]);
    let (status, none) = curl(&front.url("/state"), &[]);
    assert_eq!(
        (status, &none["error"]["code"]),
        (401, &Value::from("SECURITY_BLOCKED")),
        "{none}"
    );
    assert!(
        none["error"]["suggestions"][0]
            .as_str()
            .unwrap()
            .contains("--print-token")
    );
    let (status, wrong) = curl(&front.url("/state"), &["-H", "Authorization: Bearer 0000"]);
    assert_eq!(status, 401, "{wrong}");
    let (status, rebound) = front.curl(
        "GET",
        "/state",
        &["-H", &format!("Host: evil.example:{}", front.port)],
    );
    assert_eq!(status, 403, "{rebound}");
    let (status, foreign) = front.curl(
        "POST",
        "/op/page.list",
        &["-H", "Origin: http://evil.example"],
    );
    assert_eq!(status, 403, "{foreign}");
    let big = env.home.with_extension("big.json");
    std::fs::write(&big, format!(r#"{{"url":"{}"}}"#, "x".repeat(9 << 20))).unwrap();
    let (status, huge) = front.curl(
        "POST",
        "/op/page.open",
        &["--data-binary", &format!("@{}", big.display())],
    );
    assert_eq!(
        status,
        413,
        "{}",
        huge.to_string().chars().take(300).collect::<String>()
    );
    let _ = std::fs::remove_file(&big);
    let (status, missing) = front.curl("GET", "/nowhere", &[]);
    assert_eq!(status, 404, "{missing}");
    let (status, method) = front.curl("GET", "/cmd/goto?url=x", &[]);
    assert_eq!(status, 400, "{method}");

    let remote = env.run(&[
        "http",
        "--port",
        &free_port().to_string(),
        "--bind",
        "0.0.0.0",
    ]);
    let error = remote.err("SECURITY_BLOCKED", 2);
    assert!(
        error["suggestions"].to_string().contains("--allow-remote"),
        "{error}"
    );
    let orphan = env.run(&["http", "--print-token", "--port", "1"]);
    orphan.err("IO_ERROR", 6);
    drop(front);
}

/// `cdp.listen` over HTTP is a poll: the first call answers a listener id and the events so
/// far, later calls pass the id, and the listener is done after its count.
#[test]
fn a_raw_cdp_listener_is_a_poll_over_http() {
    let env = TestEnv::new();
    let server = HttpServer::start();
    server.page(
        "/ticks.html",
        "Ticks",
        "<script>setInterval(() => console.log('tick'), 100)</script>",
    );
    let front = Front::start(&env, &[]);
    let body = format!(r#"{{"url":"{}"}}"#, server.url("/ticks.html"));
    front.curl("POST", "/op/page.open", &["-d", &body]);
    let (status, first) = front.curl(
        "POST",
        "/op/cdp.listen",
        &[
            "-d",
            r#"{"events":["Runtime.consoleAPICalled"],"count":5,"waitMs":2000}"#,
        ],
    );
    assert_eq!(status, 200, "{first}");
    let listener = first["data"]["listener"].as_str().unwrap().to_string();
    let mut seen = first["data"]["events"].as_array().unwrap().len();
    let mut done = first["data"]["done"] == true;
    while !done {
        let (status, next) = front.curl(
            "POST",
            "/op/cdp.listen",
            &[
                "-d",
                &format!(r#"{{"listener":"{listener}","waitMs":2000}}"#),
            ],
        );
        assert_eq!(status, 200, "{next}");
        seen += next["data"]["events"].as_array().unwrap().len();
        done = next["data"]["done"] == true;
    }
    assert_eq!(seen, 5);
    let (status, gone) = front.curl(
        "POST",
        "/op/cdp.listen",
        &["-d", &format!(r#"{{"listener":"{listener}"}}"#)],
    );
    assert_eq!(status, 400, "a finished listener is gone: {gone}");
}
