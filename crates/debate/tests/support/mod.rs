//! Test support for cdt-debate: a [`Harness`] per test — a temporary root with the stub agent
//! (`stub-agent.sh`, written by the test) and a `.env` pointing at it, and a real server on
//! 127.0.0.1 (port chosen by the kernel) — plus a small HTTP/1.1 client. Waits poll with a
//! generous deadline and never assert on timing.

#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use cdt_debate::Server;
use cdt_debate::app::App;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;

pub const STUB: &str = include_str!("stub-agent.sh");

/// Each test server's token, by port: [`request`] and [`ws_url`] present it as the UI would.
static TOKENS: std::sync::Mutex<Vec<(u16, String)>> = std::sync::Mutex::new(Vec::new());

fn remember_token(port: u16, token: &str) {
    TOKENS.lock().unwrap().push((port, token.to_string()));
}

/// The token of the server on `port`.
pub fn token_of(port: u16) -> String {
    TOKENS
        .lock()
        .unwrap()
        .iter()
        .rev()
        .find(|(p, _)| *p == port)
        .map(|(_, t)| t.clone())
        .unwrap_or_default()
}

/// The WebSocket URL of the server on `port`, with its token.
pub fn ws_url(port: u16) -> String {
    format!("ws://127.0.0.1:{port}/ws?token={}", token_of(port))
}
/// Long enough for a loaded 2-core machine; a healthy wait ends far sooner.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// The `.env` lines that point both agents at the stub in `dir`.
pub fn stub_env(dir: &Path) -> String {
    let stub = dir.join("stub-agent.sh");
    let stub = stub.display();
    format!(
        "GEMINI_START_CMD='sh {stub} gemini start {{prompt}}'\n\
         GEMINI_RESUME_CMD='sh {stub} gemini resume {{session_id}} {{prompt}}'\n\
         CODEX_START_CMD='sh {stub} codex start {{prompt}}'\n\
         CODEX_RESUME_CMD='sh {stub} codex resume {{session_id}} {{prompt}}'\n"
    )
}

/// A temporary root holding the stub and a `.env` (plus `extra_env` lines) pointing at it.
pub fn stub_root(extra_env: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("stub-agent.sh"), STUB).unwrap();
    let env = format!("{}{extra_env}\n", stub_env(dir.path()));
    std::fs::write(dir.path().join(".env"), env).unwrap();
    dir
}

pub struct Harness {
    pub dir: tempfile::TempDir,
    pub base: String,
    pub port: u16,
    pub app: Arc<App>,
    shutdown: Option<oneshot::Sender<()>>,
    served: Option<tokio::task::JoinHandle<()>>,
}

impl Harness {
    /// A root with the stub and a `.env` (plus `extra_env` lines), and a server on it.
    pub async fn start(extra_env: &str) -> Harness {
        Harness::serve(stub_root(extra_env)).await
    }

    /// A server on an existing root (its `.env`, stub and logs are kept), with no UI.
    pub async fn serve(dir: tempfile::TempDir) -> Harness {
        let ui = dir.path().join("no-ui");
        Harness::serve_ui(dir, ui).await
    }

    /// A server on an existing root serving the UI built in `ui`.
    pub async fn serve_ui(dir: tempfile::TempDir, ui: PathBuf) -> Harness {
        let server = Server::bind(dir.path(), &dir.path().join(".env"), ui, 0)
            .await
            .unwrap();
        let port = server.address.port();
        remember_token(port, &server.token);
        let app = server.app.clone();
        let (shutdown, signal) = oneshot::channel::<()>();
        let served = tokio::spawn(async move {
            let _ = server
                .serve(async move {
                    let _ = signal.await;
                })
                .await;
        });
        Harness {
            dir,
            base: format!("http://127.0.0.1:{port}"),
            port,
            app,
            shutdown: Some(shutdown),
            served: Some(served),
        }
    }

    /// Stops the server (and any run's CLI) and hands the root back.
    pub async fn close(mut self) -> tempfile::TempDir {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
        if let Some(served) = self.served.take() {
            let _ = tokio::time::timeout(PATIENCE, served).await;
        }
        let dir = tempfile::tempdir().unwrap();
        std::mem::replace(&mut self.dir, dir)
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Writes the stub's behaviour for one agent (see stub-agent.sh).
    pub fn configure(&self, agent: &str, conf: &str) {
        std::fs::write(self.path(&format!("{agent}.conf")), conf).unwrap();
    }

    /// Every stub call so far: `agent mode kind session turn`.
    pub fn calls(&self) -> Vec<String> {
        std::fs::read_to_string(self.path("calls.log"))
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// The debate turns the stubs received, as `agent turn`.
    pub fn turn_calls(&self) -> Vec<String> {
        self.calls()
            .iter()
            .filter_map(|line| {
                let words: Vec<&str> = line.split(' ').collect();
                (words.get(2) == Some(&"turn")).then(|| format!("{} {}", words[0], words[4]))
            })
            .collect()
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        request(self.port, "GET", path, None, &[]).await
    }

    pub async fn post(&self, path: &str, body: Option<&str>) -> (u16, Value) {
        request(self.port, "POST", path, body, &[]).await
    }

    pub async fn connect(&self, agent: &str) -> Value {
        let (status, body) = self
            .post(&format!("/api/agents/{agent}/connect"), Some("{}"))
            .await;
        assert_eq!(status, 200, "connect {agent}: {body}");
        assert_eq!(body["status"], "ready", "{body}");
        body
    }

    pub async fn connect_both(&self) {
        self.connect("gemini").await;
        self.connect("codex").await;
    }

    pub async fn start_debate(&self, topic: &str, max_rounds: u32) -> String {
        let body = serde_json::json!({"topic": topic, "maxRounds": max_rounds}).to_string();
        let (status, reply) = self.post("/api/debate/start", Some(&body)).await;
        assert_eq!(status, 200, "start: {reply}");
        assert_eq!(reply["status"], "running", "{reply}");
        reply["runId"].as_str().unwrap().to_string()
    }

    pub async fn state(&self) -> Value {
        let (status, body) = self.get("/api/debate/state").await;
        assert_eq!(status, 200, "{body}");
        body
    }

    /// Waits until the debate status is `status`; returns the state.
    pub async fn wait_status(&self, status: &str) -> Value {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let state = self.state().await;
            if state["debate"]["status"] == status {
                return state;
            }
            assert!(
                Instant::now() < deadline,
                "status never became {status}: {state}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits until `name` exists in the root.
    pub async fn wait_file(&self, name: &str) -> PathBuf {
        let path = self.path(name);
        let deadline = Instant::now() + PATIENCE;
        while !path.exists() {
            assert!(Instant::now() < deadline, "{name} never appeared");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        path
    }

    /// The pid written in `name`, once it is there.
    pub async fn pid_in(&self, name: &str) -> i32 {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let text = std::fs::read_to_string(self.path(name)).unwrap_or_default();
            if let Ok(pid) = text.trim().parse() {
                return pid;
            }
            assert!(Instant::now() < deadline, "{name} never held a pid");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    pub async fn run(&self, run_id: &str) -> Value {
        let (status, body) = self.get(&format!("/api/runs/{run_id}")).await;
        assert_eq!(status, 200, "{body}");
        body
    }
}

/// Starts the real `cdt-debate` binary on `root` (port chosen by the kernel) with `extra`
/// arguments; returns it and its port, read from its one stdout line.
pub fn spawn_binary(root: &Path, extra: &[&std::ffi::OsStr]) -> (Child, u16) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cdt-debate"))
        .arg("--root")
        .arg(root)
        .args(["--port", "0"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .trim()
        .strip_prefix("cdt-debate listening on http://127.0.0.1:")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"));
    let (port, token) = url
        .split_once("/?token=")
        .unwrap_or_else(|| panic!("no token in {line:?}"));
    let port = port.parse().unwrap();
    remember_token(port, token);
    (child, port)
}

/// A JSON file under `dir`.
pub fn json_file(dir: &Path, name: &str) -> Value {
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// A field of one agent in a `GET /api/debate/state` reply.
pub fn agent_field(state: &Value, agent: &str, field: &str) -> Value {
    state["agents"]
        .as_array()
        .unwrap()
        .iter()
        .find(|known| known["agent"] == agent)
        .unwrap()[field]
        .clone()
}

/// Whether `pid` is a live process (a zombie has exited and is not).
pub fn alive(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat
            .rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

/// Waits (bounded) for `pid` to be gone; false if it outlived the patience.
pub async fn gone(pid: i32) -> bool {
    let deadline = Instant::now() + PATIENCE;
    while alive(pid) {
        if Instant::now() > deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    true
}

/// One HTTP/1.1 request with `Connection: close`; returns the status and the JSON body
/// (`Value::String` holding the text when the body is not JSON).
pub async fn request(
    port: u16,
    method: &str,
    path: &str,
    body: Option<&str>,
    headers: &[(&str, &str)],
) -> (u16, Value) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let body = body.unwrap_or("");
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    // The server's token, as the UI carries it, unless the test sends its own (or none).
    if !headers
        .iter()
        .any(|(name, _)| name.eq_ignore_ascii_case("authorization"))
    {
        head.push_str(&format!("Authorization: Bearer {}\r\n", token_of(port)));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_string()
    };
    let json = serde_json::from_str(&body).unwrap_or(Value::String(body));
    (status, json)
}

fn dechunk(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some((size, after)) = rest.split_once("\r\n") {
        let Ok(size) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if size == 0 || after.len() < size {
            break;
        }
        out.push_str(&after[..size]);
        rest = after[size..].trim_start_matches("\r\n");
    }
    out
}
