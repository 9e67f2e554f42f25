//! The debate's UI in a real headless Chromium, driven by cdt itself (the `cdt` and
//! `cdt-daemon` binaries built from this workspace, each test with its own `CDT_HOME`), against
//! the real `cdt-debate` binary serving the built front end, with stub agent CLIs.
//!
//! These tests need the built UI (`web/dist`) and cdt's binaries, so `cargo test` skips them;
//! `bash scripts/test-debate.sh` (which `scripts/test.sh` runs, in CI too) installs Node when
//! missing, builds the UI and runs them with `--ignored`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../support/mod.rs"]
mod support;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Child, Command};
use std::time::Duration;

use cdt_e2e::{TestEnv, eventually};
use serde_json::Value;

const CONTEXT: &str = "debate-ui";
const PATIENCE: Duration = Duration::from_secs(60);

fn ui_dir() -> PathBuf {
    let dir = std::env::var_os("DEBATE_UI_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(cdt_debate::BUILT_UI_DIR));
    assert!(
        dir.join("index.html").is_file(),
        "{} has no index.html: build the UI first (bash scripts/test-debate.sh, or \
         `npm ci && npm run build` in crates/debate/web)",
        dir.display()
    );
    dir
}

/// The real `cdt-debate` binary on a temporary root with the stub agents.
struct DebateServer {
    child: Child,
    url: String,
    root: tempfile::TempDir,
}

impl DebateServer {
    fn start(extra_env: &str) -> DebateServer {
        let root = support::stub_root(extra_env);
        let ui = ui_dir();
        let (child, port) = support::spawn_binary(root.path(), &["--ui-dir".as_ref(), ui.as_ref()]);
        // The URL cdt-debate prints: its token becomes the page's cookie.
        let url = format!("http://127.0.0.1:{port}/?token={}", support::token_of(port));
        DebateServer { child, url, root }
    }

    fn configure(&self, agent: &str, conf: &str) {
        std::fs::write(self.root.path().join(format!("{agent}.conf")), conf).unwrap();
    }

    fn release(&self, agent: &str, turn: u32) {
        std::fs::write(self.root.path().join(format!("release-{agent}-{turn}")), "").unwrap();
    }

    fn wait_file(&self, name: &str) {
        let path = self.root.path().join(name);
        assert!(
            eventually(PATIENCE, || path.exists()),
            "{name} never appeared"
        );
    }

    fn state(&self) -> Value {
        let port: u16 = self
            .url
            .trim_start_matches("http://127.0.0.1:")
            .split('/')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let (status, body) = runtime.block_on(support::request(
            port,
            "GET",
            "/api/debate/state",
            None,
            &[],
        ));
        assert_eq!(status, 200);
        body
    }
}

impl Drop for DebateServer {
    fn drop(&mut self) {
        // SIGTERM lets the server kill a running CLI's process group before it exits.
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
    }
}

/// The page, opened in cdt's browser.
struct Page {
    env: TestEnv,
}

impl Page {
    fn open(server: &DebateServer) -> Page {
        let env = TestEnv::new();
        let page = Page { env };
        page.cdt(&["page", "open", &server.url]);
        page.cdt(&["page", "resize", "1400", "900"]);
        // The WebSocket is open, and the state it sends first has arrived: until then the page
        // knows no action the server allows, and every button is disabled (a click on one made
        // right after the socket opened was refused, once in CI).
        page.wait_text("서버: 연결됨");
        page.wait_buttons(&[("Gemini 구동/재연결", true), ("Codex 구동/재연결", true)]);
        page
    }

    fn cdt(&self, args: &[&str]) -> Value {
        self.env.ctx(CONTEXT, args).ok().clone()
    }

    fn snapshot(&self) -> String {
        self.cdt(&["capture", "snapshot"])["snapshot"]
            .as_str()
            .unwrap()
            .to_string()
    }

    /// The page's readable text (`cdt page text`).
    fn text(&self) -> String {
        self.cdt(&["page", "text"])["text"]
            .as_str()
            .unwrap()
            .to_string()
    }

    fn wait_text(&self, text: &str) {
        self.cdt(&["page", "wait-text", text, "--timeout", "60000"]);
    }

    /// Polls the snapshot until `holds` (the terminals' accessibility rows follow their
    /// output with a short debounce).
    fn wait_snapshot(&self, what: &str, holds: impl Fn(&str) -> bool) -> String {
        let mut last = String::new();
        let found = eventually(PATIENCE, || {
            last = self.snapshot();
            holds(&last)
        });
        assert!(found, "{what} never showed in:\n{last}");
        last
    }

    fn uid(&self, role: &str, name: &str) -> String {
        let snapshot = self.snapshot();
        uid_of(&snapshot, role, name)
    }

    fn click(&self, role: &str, name: &str) -> Value {
        let uid = self.uid(role, name);
        self.cdt(&["element", "click", &uid])
    }

    fn fill_topic(&self, topic: &str) {
        let uid = self.uid("textbox", "토론 주제");
        self.cdt(&["element", "fill", &uid, topic]);
    }

    /// Every button on the page: name → enabled.
    fn buttons(&self) -> BTreeMap<String, bool> {
        buttons(&self.snapshot())
    }

    /// Waits until the named buttons are enabled (true) or disabled (false), exactly.
    fn wait_buttons(&self, expected: &[(&str, bool)]) {
        let mut last = BTreeMap::new();
        let matches = eventually(PATIENCE, || {
            last = self.buttons();
            expected
                .iter()
                .all(|(name, enabled)| last.get(*name) == Some(enabled))
        });
        assert!(matches, "buttons never became {expected:?}: {last:?}");
    }
}

/// The uid on the snapshot line `eN role "name"…`.
fn uid_of(snapshot: &str, role: &str, name: &str) -> String {
    let needle = format!(" {role} \"{name}\"");
    let line = snapshot
        .lines()
        .find(|line| line.contains(&needle))
        .unwrap_or_else(|| panic!("no {role} {name:?} in:\n{snapshot}"));
    line.split_whitespace().next().unwrap().to_string()
}

fn buttons(snapshot: &str) -> BTreeMap<String, bool> {
    snapshot
        .lines()
        .filter_map(|line| {
            let rest = line.trim_start().split_once(" button \"")?.1;
            let (name, after) = rest.split_once('"')?;
            Some((name.to_string(), !after.contains(" disabled")))
        })
        .collect()
}

/// The lines nested under the snapshot line that names `region "name"`.
fn region(snapshot: &str, name: &str) -> Vec<String> {
    let lines: Vec<&str> = snapshot.lines().collect();
    let needle = format!("region \"{name}\"");
    let Some(start) = lines.iter().position(|line| line.contains(&needle)) else {
        return Vec::new();
    };
    let indent = |line: &str| line.len() - line.trim_start().len();
    let depth = indent(lines[start]);
    lines[start + 1..]
        .iter()
        .take_while(|line| indent(line) > depth)
        .map(|line| line.trim().to_string())
        .collect()
}

/// The lines inside the page's `alert` (the error banner), empty when there is none. The
/// default snapshot leaves out an `alert` that has no name (cdt keeps unnamed containers of a
/// few roles only), so this asks for the verbose one.
fn alert(page: &Page) -> Vec<String> {
    let snapshot = page.cdt(&["capture", "snapshot", "--verbose"])["snapshot"]
        .as_str()
        .unwrap()
        .to_string();
    let lines: Vec<&str> = snapshot.lines().collect();
    let Some(start) = lines
        .iter()
        .position(|line| line.trim_end().ends_with(" alert"))
    else {
        return Vec::new();
    };
    let indent = |line: &str| line.len() - line.trim_start().len();
    let depth = indent(lines[start]);
    lines[start + 1..]
        .iter()
        .take_while(|line| indent(line) > depth)
        .map(|line| line.trim().to_string())
        .collect()
}

fn position(lines: &[String], needle: &str) -> Option<usize> {
    lines.iter().position(|line| line.contains(needle))
}

#[test]
#[ignore = "needs the built UI and cdt's binaries: bash scripts/test-debate.sh"]
fn three_panels_render_gemini_left_relay_centre_codex_right() {
    let server = DebateServer::start("");
    let page = Page::open(&server);
    let snapshot = page.snapshot();
    for expected in [
        "heading \"Gemini–Codex 토론 시뮬레이터\"",
        "textbox \"토론 주제\"",
        "region \"Gemini 터미널\"",
        "region \"토론 중계\"",
        "region \"Codex 터미널\"",
        "button \"Gemini 구동/재연결\"",
        "button \"Codex 구동/재연결\"",
        "상태:",
        "라운드:",
        "runId:",
        "세션 ID:",
    ] {
        assert!(
            snapshot.contains(expected),
            "{expected} missing:\n{snapshot}"
        );
    }
    // Three xterm terminals, one per panel.
    let html = page.cdt(&["page", "html"]);
    let html = html["html"].as_str().unwrap_or_default();
    assert_eq!(
        html.matches("class=\"xterm-screen\"").count(),
        3,
        "{html:.2000}"
    );
    // Left, centre, right, in the seed's 30/40/30 proportions.
    let boxes: Vec<Value> = ["Gemini 터미널", "토론 중계", "Codex 터미널"]
        .iter()
        .map(|name| {
            page.cdt(&["element", "inspect", &uid_of(&snapshot, "region", name)])["box"].clone()
        })
        .collect();
    let x = |index: usize| boxes[index]["x"].as_f64().unwrap();
    let width = |index: usize| boxes[index]["width"].as_f64().unwrap();
    assert!(x(0) < x(1) && x(1) < x(2), "{boxes:?}");
    assert!(width(1) > width(0) && width(1) > width(2), "{boxes:?}");
    let total = width(0) + width(1) + width(2);
    assert!((width(1) / total - 0.4).abs() < 0.02, "{boxes:?}");
}

#[test]
#[ignore = "needs the built UI and cdt's binaries: bash scripts/test-debate.sh"]
fn buttons_follow_the_seed_rules() {
    let server = DebateServer::start("");
    server.configure("codex", "GATE_AT=1\n");
    let page = Page::open(&server);
    // Nothing to start, pause, resume or stop; the agents can be connected.
    page.wait_buttons(&[
        ("토론 시작", false),
        ("일시정지", false),
        ("재개", false),
        ("중지", false),
        ("Gemini 구동/재연결", true),
        ("Codex 구동/재연결", true),
    ]);
    // A topic alone is not enough; one ready agent is not enough.
    page.fill_topic("탭과 스페이스");
    page.wait_buttons(&[("토론 시작", false)]);
    page.click("button", "Gemini 구동/재연결");
    page.wait_text("Gemini: 준비됨 (ready)");
    page.wait_buttons(&[("토론 시작", false)]);
    page.click("button", "Codex 구동/재연결");
    page.wait_text("Codex: 준비됨 (ready)");
    page.wait_buttons(&[("토론 시작", true)]);
    // Without a topic, start is disabled again.
    let topic = page.uid("textbox", "토론 주제");
    page.cdt(&["element", "clear", &topic]);
    page.wait_buttons(&[("토론 시작", false)]);
    page.fill_topic("탭과 스페이스");
    page.wait_buttons(&[("토론 시작", true)]);

    // Running (Codex's first turn is held by the stub).
    page.click("button", "토론 시작");
    page.wait_text("진행 중 (running)");
    page.wait_buttons(&[
        ("토론 시작", false),
        ("일시정지", true),
        ("재개", false),
        ("중지", true),
        ("Gemini 구동/재연결", false),
        ("Codex 구동/재연결", false),
    ]);
    // Pause requested: only stop.
    page.click("button", "일시정지");
    page.wait_text("일시정지 요청됨 (pause_requested)");
    page.wait_buttons(&[
        ("토론 시작", false),
        ("일시정지", false),
        ("재개", false),
        ("중지", true),
    ]);
    // The turn ends: paused; resume and stop.
    server.release("codex", 1);
    page.wait_text("일시정지됨 (paused)");
    page.wait_buttons(&[
        ("토론 시작", false),
        ("일시정지", false),
        ("재개", true),
        ("중지", true),
    ]);
    // Resume; Gemini's first turn is held, so the run stays running until the stop.
    server.configure("gemini", "GATE_AT=1\n");
    page.click("button", "재개");
    page.wait_text("진행 중 (running)");
    server.wait_file("prompt-gemini-1.txt");
    // Stop: the run is over; start is possible again.
    page.click("button", "중지");
    page.wait_text("중지됨 (stopped)");
    page.wait_buttons(&[
        ("토론 시작", true),
        ("일시정지", false),
        ("재개", false),
        ("중지", false),
        ("Gemini 구동/재연결", true),
        ("Codex 구동/재연결", true),
    ]);
    assert_eq!(server.state()["debate"]["reason"], "user_stop");
}

#[test]
#[ignore = "needs the built UI and cdt's binaries: bash scripts/test-debate.sh"]
fn the_relay_shows_codex_first_then_gemini() {
    let server = DebateServer::start("DEBATE_MAX_ROUNDS=1");
    let page = Page::open(&server);
    page.click("button", "Gemini 구동/재연결");
    page.click("button", "Codex 구동/재연결");
    page.wait_buttons(&[("Gemini 구동/재연결", true), ("Codex 구동/재연결", true)]);
    page.fill_topic("코드 리뷰는 필수인가");
    page.wait_buttons(&[("토론 시작", true)]);
    page.click("button", "토론 시작");
    page.wait_text("완료 (completed)");
    let snapshot = page.wait_snapshot("all three terminals' output", |snapshot| {
        let has = |name: &str, needle: &str| {
            region(snapshot, name)
                .iter()
                .any(|line| line.contains(needle))
        };
        has("토론 중계", "토론 종료")
            && has("Gemini 터미널", "stub gemini")
            && has("Codex 터미널", "stub codex")
    });
    let relay = region(&snapshot, "토론 중계");
    let at = |needle: &str| {
        position(&relay, needle).unwrap_or_else(|| panic!("{needle} not in the relay {relay:#?}"))
    };
    assert!(at("토론 시작") < at("Codex → Gemini"), "{relay:#?}");
    assert!(at("Codex → Gemini") < at("Codex 의견 1"), "{relay:#?}");
    assert!(at("Codex 의견 1") < at("Gemini → Codex"), "{relay:#?}");
    assert!(at("Gemini → Codex") < at("Gemini 의견 1"), "{relay:#?}");
    assert!(at("Gemini 의견 1") < at("토론 종료"), "{relay:#?}");
    // Each agent's own output is in its own terminal.
    let left = region(&snapshot, "Gemini 터미널").join("\n");
    let right = region(&snapshot, "Codex 터미널").join("\n");
    assert!(
        left.contains("stub gemini") && !left.contains("stub codex"),
        "{left}"
    );
    assert!(
        right.contains("stub codex") && !right.contains("stub gemini"),
        "{right}"
    );
    // The badges name the run the server ran.
    let run_id = server.state()["debate"]["runId"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        snapshot.contains(&run_id),
        "{run_id} not shown:\n{snapshot}"
    );
    assert!(snapshot.contains("1/1"), "round badge:\n{snapshot}");
    assert!(snapshot.contains("최대 라운드 도달"), "{snapshot}");
}

#[test]
#[ignore = "needs the built UI and cdt's binaries: bash scripts/test-debate.sh"]
fn an_agent_error_shows_a_banner_that_can_be_dismissed() {
    let server = DebateServer::start("");
    server.configure("codex", "NOSESSION=1\n");
    let page = Page::open(&server);
    assert!(alert(&page).is_empty());
    page.click("button", "Codex 구동/재연결");
    page.wait_text("SESSION_ID_MISSING");
    let banner = alert(&page).join("\n");
    assert!(banner.contains("세션 ID를 찾을 수 없습니다"), "{banner}");
    assert!(banner.contains("CODEX_START_CMD"), "{banner}");
    assert!(banner.contains("button \"닫기\""), "{banner}");
    assert!(
        page.text().contains("Codex: 오류 (error)"),
        "{}",
        page.text()
    );
    // The relay says it too.
    page.wait_snapshot("the relay's error line", |snapshot| {
        region(snapshot, "토론 중계")
            .iter()
            .any(|line| line.contains("[오류]"))
    });
    page.click("button", "닫기");
    assert!(
        eventually(PATIENCE, || alert(&page).is_empty()),
        "the banner stayed"
    );
    // Fixed, the same button connects it and no banner comes back.
    server.configure("codex", "");
    page.click("button", "Codex 구동/재연결");
    page.wait_text("Codex: 준비됨 (ready)");
    assert!(alert(&page).is_empty());
}

#[test]
#[ignore = "needs the built UI and cdt's binaries: bash scripts/test-debate.sh"]
fn a_reloaded_page_gets_the_current_state_again() {
    let server = DebateServer::start("");
    server.configure("codex", "GATE_AT=1\n");
    let page = Page::open(&server);
    page.click("button", "Gemini 구동/재연결");
    page.click("button", "Codex 구동/재연결");
    page.fill_topic("새로고침");
    page.wait_buttons(&[("토론 시작", true)]);
    page.click("button", "토론 시작");
    page.wait_text("진행 중 (running)");
    page.click("button", "일시정지");
    server.release("codex", 1);
    page.wait_text("일시정지됨 (paused)");
    page.cdt(&["page", "reload"]);
    page.wait_text("일시정지됨 (paused)");
    page.wait_buttons(&[("재개", true), ("중지", true), ("토론 시작", false)]);
    let text = page.text();
    assert!(text.contains("Gemini: 준비됨 (ready)"), "{text}");
    assert!(text.contains("세션 ID: codex-session-1"), "{text}");
    page.click("button", "재개");
    page.wait_text("완료 (completed)");
}
