//! Types for interacting with a page through the browser port: input events, dialogs, captures.

use serde::{Deserialize, Serialize};

/// A mouse event in CSS pixels of the page's viewport.
#[derive(Clone, Debug, PartialEq)]
pub struct MouseInput {
    pub kind: MouseEventKind,
    pub x: f64,
    pub y: f64,
    pub button: MouseButton,
    pub click_count: u32,
    pub delta_x: f64,
    pub delta_y: f64,
    /// Bit mask: Alt=1, Ctrl=2, Meta=4, Shift=8.
    pub modifiers: u32,
}

/// The kind of a mouse event (CDP `Input.dispatchMouseEvent`'s `type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MouseEventKind {
    Moved,
    Pressed,
    Released,
    Wheel,
}

impl MouseEventKind {
    /// The name CDP uses.
    pub fn cdp_name(self) -> &'static str {
        match self {
            MouseEventKind::Moved => "mouseMoved",
            MouseEventKind::Pressed => "mousePressed",
            MouseEventKind::Released => "mouseReleased",
            MouseEventKind::Wheel => "mouseWheel",
        }
    }
}

/// A mouse button; `None` for moves and the wheel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MouseButton {
    None,
    Left,
    Middle,
    Right,
}

impl MouseButton {
    /// The name CDP uses.
    pub fn name(self) -> &'static str {
        match self {
            MouseButton::None => "none",
            MouseButton::Left => "left",
            MouseButton::Middle => "middle",
            MouseButton::Right => "right",
        }
    }
}

impl MouseInput {
    /// A left-button event of `kind` at a point.
    pub fn at(kind: MouseEventKind, x: f64, y: f64) -> Self {
        MouseInput {
            kind,
            x,
            y,
            button: MouseButton::Left,
            click_count: 1,
            delta_x: 0.0,
            delta_y: 0.0,
            modifiers: 0,
        }
    }

    /// The pointer moves to a point, no button held.
    pub fn moved(x: f64, y: f64) -> Self {
        MouseInput {
            button: MouseButton::None,
            ..MouseInput::at(MouseEventKind::Moved, x, y)
        }
    }
}

/// A key press (`Input.dispatchKeyEvent` keyDown + keyUp).
#[derive(Clone, Debug, PartialEq)]
pub struct KeyInput {
    pub key: String,
    pub code: String,
    pub key_code: u32,
    /// The text the key types, if any.
    pub text: Option<String>,
    pub modifiers: u32,
}

impl KeyInput {
    /// Whether the key activates what has the focus (Enter, Space): what it sets off may
    /// come after a page timer.
    pub fn activates(&self) -> bool {
        self.key == "Enter" || self.key == " "
    }
}

/// A JavaScript dialog open on a page.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DialogInfo {
    /// `alert`, `confirm`, `prompt` or `beforeunload`.
    #[serde(rename = "type")]
    pub kind: String,
    pub message: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub default_prompt: String,
    pub url: String,
}

/// What dispatching an input event led to.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DispatchOutcome {
    /// A dialog opened while the event was handled (the event's handler is blocked on it).
    pub dialog: Option<DialogInfo>,
}

/// A screenshot to take.
#[derive(Clone, Debug, PartialEq)]
pub struct ScreenshotRequest {
    /// `png`, `jpeg` or `webp`.
    pub format: String,
    pub quality: Option<u32>,
    pub full_page: bool,
    /// Viewport clip `(x, y, width, height)` in CSS pixels.
    pub clip: Option<(f64, f64, f64, f64)>,
}

/// JavaScript to evaluate.
/// How `runtime eval` treats its source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EvalForm {
    /// Evaluated as an expression (top-level `await` allowed); a function value is then called
    /// with the element arguments. The engine decides, not the text.
    #[default]
    Auto,
    /// The source is a function declaration, called with the element arguments (`--function`).
    Function,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EvalRequest {
    /// An expression, or a function declaration called with `args`.
    pub source: String,
    pub form: EvalForm,
    /// Element arguments: `(frame prefix, uid)`; they become the function's arguments.
    pub element_args: Vec<String>,
    pub await_promise: bool,
    /// Milliseconds before the script is terminated.
    pub budget_ms: u64,
}
