//! Compares cdt's accessibility model (`crates/cdt-cdp/src/js/accname.js`) with Chromium's own
//! accessibility tree, element by element. Drives a Chromium launched with cdt's own launch
//! flags over cdt's own CDP transport (no daemon in between: the model is what is under test).
//!
//! For every element of a page (open shadow trees included), the page evaluates accname.js's
//! `role(el)` and `name(el, role)`; Chromium answers `Accessibility.getPartialAXTree` for the
//! same node (matched by `backendNodeId` through `DOM.describeNode`). Chromium's role names are
//! mapped to the vocabulary accname.js speaks with [`CHROMIUM_ROLES`]. This module never
//! decides what is right: Chromium's answer is the reference.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use cdt_cdp::CdpConnection;
use cdt_domain::ports::LaunchSpec;
use futures_util::future::join_all;
use serde_json::{Value, json};

/// The model under test, exactly as the agent embeds it.
const ACCNAME: &str = include_str!("../../crates/cdt-cdp/src/js/accname.js");

/// Chromium role names that accname.js spells differently (ARIA names), or that are no role
/// of their own for cdt (`None`: the element gets no line; its text or its control carries it).
/// Any role not listed is compared as is.
pub const CHROMIUM_ROLES: &[(&str, Option<&str>)] = &[
    ("image", Some("img")),
    ("generic", None),
    ("none", None),
    ("presentation", None),
    ("StaticText", None),
    ("InlineTextBox", None),
    ("LineBreak", None),
    ("RootWebArea", None),
    // Text that names something else, or carries only its words: no line of its own.
    ("LabelText", None),
    ("Legend", None),
    ("Figcaption", None),
    ("Abbr", None),
    ("DescriptionList", None),
    ("Ruby", None),
    // Objects cdt does not describe (an SVG root without a title is decoration).
    ("SvgRoot", None),
    ("PluginObject", None),
    ("EmbeddedObject", None),
    // A table that only lays the page out: no table, rows and cells for cdt.
    ("LayoutTable", None),
    ("LayoutTableRow", None),
    ("LayoutTableCell", None),
    // Chromium's names for roles ARIA spells otherwise.
    ("DisclosureTriangle", Some("button")),
    ("Iframe", Some("iframe")),
    ("IframePresentational", Some("iframe")),
    ("Date", Some("textbox")),
    ("DateTime", Some("textbox")),
    ("InputTime", Some("textbox")),
    ("ColorWell", Some("button")),
    ("Video", Some("video")),
    ("Audio", Some("audio")),
    ("Canvas", Some("canvas")),
    ("MathMLMath", Some("math")),
];

/// How Chromium's role reads in accname.js's vocabulary.
pub fn map_chromium_role(role: &str) -> Option<String> {
    match CHROMIUM_ROLES
        .iter()
        .find(|(chromium, _)| *chromium == role)
    {
        Some((_, mapped)) => mapped.map(str::to_string),
        // MathML's inner elements (mi, mo, mfrac, …) carry only their text.
        None if role.is_empty() || role.starts_with("MathML") => None,
        None => Some(role.to_string()),
    }
}

/// One element's answers from both sides.
#[derive(Debug, Clone)]
pub struct Compared {
    pub page: String,
    /// `<tag#id>` and the start of its markup, to find it in the fixture.
    pub element: String,
    pub ours_role: Option<String>,
    pub ours_name: String,
    /// Whether the agent would show the element at all (rendered, not aria-hidden/inert).
    pub ours_exposed: bool,
    /// `None` when Chromium ignores the node (or has none): not in the accessibility tree.
    pub chromium_role: Option<Option<String>>,
    pub chromium_name: String,
    /// A heading's level, each side's (`None` for anything else).
    pub ours_level: Option<u64>,
    /// What the page itself expects the name to be (web-platform-tests' `data-expectedlabel`).
    pub expected: Option<String>,
    pub chromium_level: Option<u64>,
    /// The states the snapshot's line shows (`disabled`, `checked`, `checked=mixed`, …), each
    /// side's, in the snapshot's order; `None` where that side gives the element no role.
    pub ours_states: Option<Vec<String>>,
    pub chromium_states: Option<Vec<String>>,
}

impl Compared {
    /// Counted for names: Chromium exposes the node and one side names it.
    pub fn name_counted(&self) -> bool {
        self.chromium_role.is_some()
            && (!self.chromium_name.is_empty() || !self.ours_name.is_empty())
    }
    pub fn name_agrees(&self) -> bool {
        self.chromium_name == self.ours_name
    }
    /// Counted for roles: one side gives the element a line of its own.
    pub fn role_counted(&self) -> bool {
        let theirs = self.chromium_role.clone().flatten();
        theirs.is_some() || (self.ours_role.is_some() && self.ours_exposed)
    }
    /// Counted for levels: both sides call it a heading.
    pub fn level_counted(&self) -> bool {
        self.ours_level.is_some() && self.chromium_level.is_some()
    }
    /// Counted for states: both sides give the element the same role, and one gives it a state.
    pub fn states_counted(&self) -> bool {
        self.role_counted()
            && self.role_agrees()
            && self.ours_exposed
            && (self.ours_states.as_ref().is_some_and(|s| !s.is_empty())
                || self.chromium_states.as_ref().is_some_and(|s| !s.is_empty()))
    }
    pub fn states_agree(&self) -> bool {
        self.ours_states == self.chromium_states
    }
    pub fn role_agrees(&self) -> bool {
        match &self.chromium_role {
            Some(theirs) => *theirs == self.ours_role,
            None => self.ours_role.is_none() || !self.ours_exposed,
        }
    }
}

/// Agreement over a set of compared elements.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    pub names: usize,
    pub names_agree: usize,
    pub roles: usize,
    pub roles_agree: usize,
    pub levels: usize,
    pub levels_agree: usize,
    pub states: usize,
    pub states_agree: usize,
}

impl Tally {
    pub fn of(all: &[Compared]) -> Tally {
        let mut tally = Tally::default();
        for item in all {
            if item.name_counted() {
                tally.names += 1;
                tally.names_agree += usize::from(item.name_agrees());
            }
            if item.role_counted() {
                tally.roles += 1;
                tally.roles_agree += usize::from(item.role_agrees());
            }
            if item.states_counted() {
                tally.states += 1;
                tally.states_agree += usize::from(item.states_agree());
            }
            if item.level_counted() {
                tally.levels += 1;
                tally.levels_agree += usize::from(item.ours_level == item.chromium_level);
            }
        }
        tally
    }
    pub fn name_percent(&self) -> f64 {
        percent(self.names_agree, self.names)
    }
    pub fn role_percent(&self) -> f64 {
        percent(self.roles_agree, self.roles)
    }
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// Against the pages' own expectations (web-platform-tests' `data-expectedlabel`): how many
/// elements carry one, how many cdt and Chromium each name as expected, and the elements where
/// Chromium gives the expected name and cdt does not (what cdt must fix; where Chromium itself
/// differs, Chromium's answer stays the reference).
#[derive(Debug, Default)]
pub struct Expectations {
    pub elements: usize,
    pub ours_as_expected: usize,
    pub chromium_as_expected: usize,
    pub ours_behind_chromium: Vec<String>,
    pub chromium_differs: Vec<String>,
}

impl Expectations {
    pub fn of(all: &[Compared]) -> Expectations {
        let mut out = Expectations::default();
        for item in all {
            let Some(expected) = &item.expected else {
                continue;
            };
            out.elements += 1;
            let ours = item.ours_name == *expected;
            let theirs = item.chromium_name == *expected;
            out.ours_as_expected += usize::from(ours);
            out.chromium_as_expected += usize::from(theirs);
            let line = format!(
                "{} {}: expected {expected:?}, chromium {:?}, accname.js {:?}",
                item.page, item.element, item.chromium_name, item.ours_name
            );
            if theirs && !ours {
                out.ours_behind_chromium.push(line);
            } else if !theirs {
                out.chromium_differs.push(line);
            }
        }
        out
    }
}

/// Every mismatch, one line each, for the test's output.
pub fn mismatch_lines(all: &[Compared]) -> Vec<String> {
    let mut lines = Vec::new();
    for item in all {
        if item.name_counted() && !item.name_agrees() {
            lines.push(format!(
                "NAME {} {}: chromium {:?}, accname.js {:?}",
                item.page, item.element, item.chromium_name, item.ours_name
            ));
        }
        if item.level_counted() && item.ours_level != item.chromium_level {
            lines.push(format!(
                "LEVEL {} {}: chromium {:?}, accname.js {:?}",
                item.page, item.element, item.chromium_level, item.ours_level
            ));
        }
        if item.states_counted() && !item.states_agree() {
            lines.push(format!(
                "STATES {} {}: chromium {:?}, ours {:?}",
                item.page, item.element, item.chromium_states, item.ours_states
            ));
        }
        if item.role_counted() && !item.role_agrees() {
            let theirs = match &item.chromium_role {
                Some(Some(role)) => role.clone(),
                Some(None) => "(no role)".into(),
                None => "(ignored)".into(),
            };
            lines.push(format!(
                "ROLE {} {}: chromium {theirs}, accname.js {}",
                item.page,
                item.element,
                item.ours_role.as_deref().unwrap_or("(no role)")
            ));
        }
    }
    lines
}

/// Collects the page's elements (open shadow trees included) and accname.js's answers.
const COLLECT: &str = r#"(function (A) {
  const skip = new Set(['HTML', 'HEAD', 'BODY', 'SCRIPT', 'STYLE', 'TITLE', 'META', 'LINK', 'BASE', 'NOSCRIPT', 'TEMPLATE']);
  const els = [];
  const visit = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (!skip.has(el.tagName)) els.push(el);
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(document);
  const flatParent = (n) => n.assignedSlot || n.parentNode || (n.host !== undefined ? n.host : null);
  const exposed = (el) => {
    if (!A.visible(el)) return false;
    for (let n = el; n; n = flatParent(n)) {
      if (n.nodeType === 1 && (n.getAttribute('aria-hidden') === 'true' || n.inert)) return false;
    }
    return true;
  };
  window.__cdtProbe = els;
  return els.map((el) => {
    const own = A.role(el);
    // The parts of a table that only lays the page out have no line of their own (Chromium's
    // `LayoutTable…` roles); their names are still computed as their roles say.
    const role = ['table', 'rowgroup', 'row', 'cell'].includes(own) && A.inLayoutTable(el) ? null : own;
    const label = '<' + el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + '> ' + el.outerHTML.replace(/\s+/g, ' ').slice(0, 90);
    return { role, name: A.name(el, own), exposed: exposed(el), label, level: role === 'heading' ? A.headingLevel(el) : null,
      expected: el.getAttribute('data-expectedlabel'), states: role ? A.states(el, own) : null };
  });
})"#;

/// A headless Chromium started with cdt's launch flags, and one page attached to it.
pub struct Probe {
    child: Child,
    profile: PathBuf,
    runtime: tokio::runtime::Runtime,
    connection: CdpConnection,
    session: String,
}

impl Drop for Probe {
    fn drop(&mut self) {
        // Closing through CDP lets Chromium stop its helper processes before the profile goes.
        let close = self.connection.call("Browser.close", json!({}), None);
        let _ = self
            .runtime
            .block_on(async { tokio::time::timeout(Duration::from_secs(5), close).await });
        let started = Instant::now();
        while matches!(self.child.try_wait(), Ok(None))
            && started.elapsed() < Duration::from_secs(5)
        {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        for _ in 0..10 {
            if std::fs::remove_dir_all(&self.profile).is_ok() || !self.profile.exists() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

const CALL_LIMIT: Duration = Duration::from_secs(30);

impl Probe {
    pub fn launch() -> Probe {
        let profile = PathBuf::from(format!(
            "/tmp/cdt-axprobe-{}-{}",
            std::process::id(),
            next_probe()
        ));
        let _ = std::fs::remove_dir_all(&profile);
        std::fs::create_dir_all(&profile).unwrap();
        let spec = LaunchSpec {
            headless: true,
            window_size: Some((1280, 900)),
            chrome_path: None,
            extra_args: Vec::new(),
            profile_dir: profile.clone(),
            log_file: profile.join("chromium.log"),
            mode: cdt_domain::browser_mode::BrowserMode::Dedicated,
        };
        let executable = cdt_cdp::discover::find_chromium(None).unwrap();
        let child =
            Command::new(executable)
                // cdt's flags, with a TCP endpoint instead of the pipe: this harness speaks to
                // Chromium over a WebSocket of its own.
                .args(cdt_cdp::launch::chromium_args(&spec).into_iter().map(
                    |arg| match arg.as_str() {
                        "--remote-debugging-pipe" => "--remote-debugging-port=0".to_string(),
                        _ => arg,
                    },
                ))
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let endpoint = wait_for_endpoint(&profile);
        let (connection, session) = runtime.block_on(async {
            let connection = CdpConnection::connect(endpoint.0, &endpoint.1)
                .await
                .unwrap();
            let target = connection
                .call("Target.createTarget", json!({ "url": "about:blank" }), None)
                .await
                .unwrap();
            let attached = connection
                .call(
                    "Target.attachToTarget",
                    json!({ "targetId": target["targetId"], "flatten": true }),
                    None,
                )
                .await
                .unwrap();
            let session = attached["sessionId"].as_str().unwrap().to_string();
            for domain in ["Page.enable", "DOM.enable", "Accessibility.enable"] {
                connection
                    .call(domain, json!({}), Some(&session))
                    .await
                    .unwrap();
            }
            (connection, session)
        });
        Probe {
            child,
            profile,
            runtime,
            connection,
            session,
        }
    }

    /// Loads `url` and compares every element; `page` names the page in the results.
    pub fn compare(&self, page: &str, url: &str) -> Vec<Compared> {
        self.runtime.block_on(self.compare_async(page, url))
    }

    async fn call(&self, method: &str, params: Value) -> Result<Value, String> {
        match tokio::time::timeout(
            CALL_LIMIT,
            self.connection.call(method, params, Some(&self.session)),
        )
        .await
        {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(error)) => Err(error.message),
            Err(_) => Err(format!("{method}: no answer in {CALL_LIMIT:?}")),
        }
    }

    async fn evaluate(&self, expression: &str, by_value: bool) -> Value {
        let reply = self
            .call(
                "Runtime.evaluate",
                json!({ "expression": expression, "returnByValue": by_value }),
            )
            .await
            .unwrap();
        assert!(
            reply.get("exceptionDetails").is_none(),
            "{expression:.80}: {reply}"
        );
        reply["result"].clone()
    }

    async fn load(&self, url: &str) {
        self.call("Page.navigate", json!({ "url": url }))
            .await
            .unwrap();
        let check = format!(
            "document.readyState === 'complete' && location.href === {}",
            json!(url)
        );
        let started = Instant::now();
        while self.evaluate(&check, true).await["value"] != true {
            assert!(started.elapsed() < CALL_LIMIT, "{url} did not load");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // Pages whose components load as modules after `load` (Ionic's, lazily per element)
        // are given `CDT_ACCNAME_SETTLE_MS` more to draw.
        if let Some(ms) = std::env::var("CDT_ACCNAME_SETTLE_MS")
            .ok()
            .and_then(|ms| ms.parse().ok())
        {
            tokio::time::sleep(Duration::from_millis(ms)).await;
        }
        // Let script-built content (custom elements, shadow roots) and layout settle.
        self.evaluate(
            "new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)))",
            true,
        )
        .await;
    }

    async fn compare_async(&self, page: &str, url: &str) -> Vec<Compared> {
        self.load(url).await;
        let expression = format!("({COLLECT})({ACCNAME})");
        let ours = self.evaluate(&expression, true).await["value"].clone();
        let ours = ours.as_array().cloned().unwrap_or_default();
        let list = self.evaluate("window.__cdtProbe", false).await;
        let properties = self
            .call(
                "Runtime.getProperties",
                json!({ "objectId": list["objectId"], "ownProperties": true }),
            )
            .await
            .unwrap();
        let mut handles = vec![Value::Null; ours.len()];
        for property in properties["result"].as_array().cloned().unwrap_or_default() {
            if let Some(index) = property["name"]
                .as_str()
                .and_then(|n| n.parse::<usize>().ok())
                && index < handles.len()
            {
                handles[index] = property["value"]["objectId"].clone();
            }
        }
        let answers = join_all(handles.iter().map(|handle| self.chromium_answer(handle))).await;
        ours.iter()
            .zip(answers)
            .map(|(mine, theirs)| Compared {
                page: page.to_string(),
                element: mine["label"].as_str().unwrap_or_default().to_string(),
                ours_role: mine["role"].as_str().map(str::to_string),
                ours_name: normalize(mine["name"].as_str().unwrap_or_default()),
                ours_exposed: mine["exposed"] == true,
                ours_level: mine["level"].as_u64(),
                // (`current`, from `aria-current`, is in Chromium's tree but not among the
                // properties its inspector tells: not compared.)
                ours_states: mine["states"].as_array().map(|states| {
                    states
                        .iter()
                        .filter_map(|s| s.as_str().map(str::to_string))
                        .filter(|s| !s.starts_with("current"))
                        .collect()
                }),
                expected: mine["expected"].as_str().map(normalize),
                chromium_role: theirs.as_ref().map(|answer| answer.role.clone()),
                chromium_level: theirs.as_ref().and_then(|answer| answer.level),
                chromium_states: theirs
                    .as_ref()
                    .and_then(|answer| answer.role.as_ref().map(|_| answer.states.clone())),
                chromium_name: theirs.map(|answer| answer.name).unwrap_or_default(),
            })
            .collect()
    }

    /// Chromium's answer for one node, or `None` when it ignores the node.
    async fn chromium_answer(&self, handle: &Value) -> Option<ChromiumAnswer> {
        let described = self
            .call("DOM.describeNode", json!({ "objectId": handle }))
            .await
            .ok()?;
        let backend = described["node"]["backendNodeId"].clone();
        let tree = self
            .call(
                "Accessibility.getPartialAXTree",
                json!({ "backendNodeId": backend, "fetchRelatives": false }),
            )
            .await
            .ok()?;
        let nodes = tree["nodes"].as_array()?;
        let node = nodes
            .iter()
            .find(|n| n["backendDOMNodeId"] == backend)
            .or(nodes.first())?;
        if node["ignored"] == true {
            return None;
        }
        let role = map_chromium_role(node["role"]["value"].as_str().unwrap_or_default());
        let name = node["name"]["value"].as_str().unwrap_or_default();
        let properties = node["properties"].as_array().cloned().unwrap_or_default();
        let property = |name: &str| {
            properties
                .iter()
                .find(|p| p["name"] == name)
                .map(|p| p["value"]["value"].clone())
        };
        let level = (node["role"]["value"] == "heading")
            .then(|| property("level").and_then(|level| level.as_u64()))
            .flatten();
        Some(ChromiumAnswer {
            role,
            name: normalize(name),
            level,
            states: chromium_states(&property),
        })
    }
}

/// What Chromium's tree says of one node.
struct ChromiumAnswer {
    /// Its role in accname.js's vocabulary.
    role: Option<String>,
    /// Its name, whitespace-normalized.
    name: String,
    /// A heading's level.
    level: Option<u64>,
    /// Its states in the snapshot's words and order.
    states: Vec<String>,
}

/// A node's states as the snapshot words them, from Chromium's properties (a tristate's
/// `mixed` as `checked=mixed`; a state only when it holds).
fn chromium_states(property: &dyn Fn(&str) -> Option<Value>) -> Vec<String> {
    let mut out = Vec::new();
    let holds =
        |value: &Option<Value>| *value == Some(Value::Bool(true)) || *value == Some(json!("true"));
    if holds(&property("disabled")) {
        out.push("disabled".to_string());
    }
    for tristate in ["checked", "pressed"] {
        match property(tristate) {
            Some(value) if value == json!("mixed") => out.push(format!("{tristate}=mixed")),
            value if holds(&value) => out.push(tristate.to_string()),
            _ => {}
        }
    }
    for state in ["expanded", "selected", "required", "readonly"] {
        if holds(&property(state)) {
            out.push(state.to_string());
        }
    }
    out
}

/// Both sides' names are compared with runs of white space as one space, trimmed.
fn normalize(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn next_probe() -> u32 {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    NEXT.fetch_add(1, Ordering::SeqCst)
}

fn wait_for_endpoint(profile: &Path) -> (std::net::SocketAddr, String) {
    let started = Instant::now();
    loop {
        if let Ok(text) = std::fs::read_to_string(profile.join("DevToolsActivePort")) {
            let mut lines = text.lines();
            if let (Some(port), Some(path)) = (lines.next(), lines.next())
                && path.starts_with('/')
            {
                let port: u16 = port.trim().parse().unwrap();
                let address = std::net::SocketAddr::from(([127, 0, 0, 1], port));
                return (address, format!("ws://127.0.0.1:{port}{}", path.trim()));
            }
        }
        assert!(
            started.elapsed() < CALL_LIMIT,
            "Chromium did not start (profile {})",
            profile.display()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}
