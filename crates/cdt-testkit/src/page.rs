//! A page document for the fake browser: elements with uids, roles, names and click points,
//! answered through the page probe's commands as cdt's real probe answers them, so element and
//! snapshot use cases can be tested without Chromium. It models what those use cases read —
//! state, snapshot lines and nodes, action points with the probe's failures — not a DOM.

use cdt_domain::interact::{MouseButton, MouseEventKind, MouseInput};
use cdt_domain::probe::{ProbeCommand, ProbeFailure};
use serde_json::{Value, json};

/// An element as the probe reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct FakeElement {
    pub uid: String,
    pub role: String,
    pub name: String,
    /// The centre of its box in the viewport (its click point).
    pub at: (f64, f64),
    pub enabled: bool,
    /// The uid of an element covering its click point.
    pub covered_by: Option<String>,
}

impl FakeElement {
    pub fn new(uid: &str, role: &str, name: &str, at: (f64, f64)) -> FakeElement {
        FakeElement {
            uid: uid.into(),
            role: role.into(),
            name: name.into(),
            at,
            enabled: true,
            covered_by: None,
        }
    }

    /// The element as the probe describes it in failures (`button "Sign in"`).
    fn describe(&self) -> String {
        format!("{} {:?}", self.role, self.name)
    }

    fn line(&self) -> String {
        let disabled = if self.enabled { "" } else { " disabled" };
        format!("{} {} {:?}{disabled}", self.uid, self.role, self.name)
    }
}

/// What a click on an element does to the document.
#[derive(Clone, Debug, PartialEq)]
pub enum ClickEffect {
    /// Renames an element (a counter, a toggled label).
    Rename { uid: String, name: String },
    /// Adds an element (a row, a message).
    Add(FakeElement),
    /// Removes an element (a dismissed banner).
    Remove(String),
}

/// The document of the fake browser's pages.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FakePage {
    pub url: String,
    pub title: String,
    pub elements: Vec<FakeElement>,
    /// What clicking an element (by uid) does.
    pub on_click: Vec<(String, ClickEffect)>,
    /// Uids removed from the document (the probe answers `stale` for them).
    pub removed: Vec<String>,
    /// Every press and release dispatched, in order: `(kind, x, y)`.
    pub mouse: Vec<(MouseEventKind, f64, f64)>,
    /// The button of each press and release, in the same order.
    pub buttons: Vec<MouseButton>,
    /// DOM changes so far (the probe's mutation counter).
    pub dom_changes: u64,
    /// The arguments of every walk prepared ahead of a snapshot (`prewalk`), in order.
    pub prewalks: Vec<Value>,
    /// Whether a prepared walk answers that it stopped at its budget (a page too large).
    pub prewalk_cut: bool,
    /// How long a prepared walk takes, in milliseconds.
    pub prewalk_ms: u64,
    /// The arguments of every snapshot the probe was asked for, in order.
    pub snapshots: Vec<Value>,
}

impl FakePage {
    pub fn new(url: &str, title: &str, elements: Vec<FakeElement>) -> FakePage {
        FakePage {
            url: url.into(),
            title: title.into(),
            elements,
            ..FakePage::default()
        }
    }

    fn element(&self, uid: &str) -> Option<&FakeElement> {
        self.elements.iter().find(|e| e.uid == uid)
    }

    /// The element a command's `uid`, `selector` or `text` names, or the probe's failure.
    fn pick(&self, args: &Value) -> Result<&FakeElement, Value> {
        let found = if let Some(uid) = args["uid"].as_str() {
            if self.removed.iter().any(|r| r == uid) {
                return Err(failure(ProbeFailure::Stale, None));
            }
            self.element(uid)
        } else if let Some(text) = args["text"].as_str() {
            self.elements.iter().find(|e| e.name.contains(text))
        } else {
            None
        };
        found.ok_or_else(|| failure(ProbeFailure::Unknown, None))
    }

    /// Answers one page-probe command as cdt's probe does.
    pub fn answer(&self, command: ProbeCommand, args: &Value) -> Value {
        match command {
            ProbeCommand::State => json!({
                "url": self.url, "title": self.title, "readyState": "complete",
                "timeOrigin": 1.5, "domChanges": self.dom_changes,
            }),
            ProbeCommand::Settle | ProbeCommand::Focus | ProbeCommand::ScrollIntoView => json!({}),
            ProbeCommand::Snapshot => self.snapshot(),
            ProbeCommand::Frames => json!({ "frames": [] }),
            ProbeCommand::ActionPoint => self.action_point(args),
            ProbeCommand::Locate | ProbeCommand::Box => match self.pick(args) {
                Ok(element) => json!({
                    "uid": element.uid, "x": element.at.0 - 5.0, "y": element.at.1 - 5.0,
                    "width": 10.0, "height": 10.0,
                }),
                Err(failure) => failure,
            },
            other => {
                json!({ "error": ProbeFailure::UnknownCommand.name(), "command": other.name() })
            }
        }
    }

    fn snapshot(&self) -> Value {
        let mut lines = vec![format!("RootWebArea {:?}", self.title)];
        lines.extend(self.elements.iter().map(|e| format!("  {}", e.line())));
        let nodes: Vec<Value> = self
            .elements
            .iter()
            .map(|e| json!([e.uid, e.role, e.name]))
            .collect();
        json!({
            "lines": lines, "nodes": nodes, "frames": [],
            "url": self.url, "title": self.title, "timeOrigin": 1.5,
        })
    }

    fn action_point(&self, args: &Value) -> Value {
        let element = match self.pick(args) {
            Ok(element) => element,
            Err(failure) => return failure,
        };
        if !element.enabled {
            return failure(ProbeFailure::Disabled, Some(element));
        }
        if let Some(cover) = element.covered_by.as_deref().and_then(|c| self.element(c)) {
            let mut answer = failure(ProbeFailure::Obscured, Some(element));
            answer["covering"] = json!(cover.describe());
            answer["coveringUid"] = json!(cover.uid);
            return answer;
        }
        json!({ "x": element.at.0, "y": element.at.1, "uid": element.uid, "draggable": false })
    }

    /// Records a mouse event; a release on an element's click point applies its effect.
    pub fn dispatch(&mut self, input: &MouseInput) {
        if input.kind == MouseEventKind::Moved {
            return;
        }
        self.mouse.push((input.kind, input.x, input.y));
        self.buttons.push(input.button);
        if input.kind != MouseEventKind::Released {
            return;
        }
        let hit = self
            .elements
            .iter()
            .find(|e| (e.at.0 - input.x).abs() < 1.0 && (e.at.1 - input.y).abs() < 1.0)
            .map(|e| e.uid.clone());
        let effects: Vec<ClickEffect> = self
            .on_click
            .iter()
            .filter(|(uid, _)| Some(uid) == hit.as_ref())
            .map(|(_, effect)| effect.clone())
            .collect();
        for effect in effects {
            self.apply(effect);
        }
    }

    fn apply(&mut self, effect: ClickEffect) {
        self.dom_changes += 1;
        match effect {
            ClickEffect::Rename { uid, name } => {
                if let Some(element) = self.elements.iter_mut().find(|e| e.uid == uid) {
                    element.name = name;
                }
            }
            ClickEffect::Add(element) => self.elements.push(element),
            ClickEffect::Remove(uid) => {
                self.elements.retain(|e| e.uid != uid);
                self.removed.push(uid);
            }
        }
    }
}

/// The probe's answer for a failure, naming the element when there is one.
fn failure(failure: ProbeFailure, element: Option<&FakeElement>) -> Value {
    let mut answer = json!({ "error": failure.name() });
    if let Some(element) = element {
        answer["uid"] = json!(element.uid);
        answer["element"] = json!(element.describe());
    }
    answer
}
