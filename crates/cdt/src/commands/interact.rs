//! `cdt capture …`, `cdt input …`, `cdt dialog …`, `cdt runtime eval`, `cdt observe …`.

use clap::{Args, Subcommand};

use super::network::absolute;
use super::{Invocation, Params};

#[derive(Debug, Args)]
pub struct PageArg {
    /// The page (default: the current page).
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
}

#[derive(Debug, Subcommand)]
pub enum CaptureCommand {
    /// The page as compact text with stable uids (see docs/snapshot-format.md).
    #[command(after_help = "Examples:
  cdt capture snapshot
  cdt capture snapshot --interactive          # actionable nodes and headings only
  cdt capture snapshot --root e40 --depth 2
  cdt capture snapshot --output text          # just the snapshot text")]
    Snapshot(SnapshotArgs),
    /// A PNG/JPEG/WebP of the viewport, the full page or one element.
    #[command(after_help = "Examples:
  cdt capture screenshot
  cdt capture screenshot --full-page --format jpeg --quality 70
  cdt capture screenshot --uid e12 --file ./button.png")]
    Screenshot(ScreenshotArgs),
    /// Print the page to PDF.
    #[command(after_help = "Examples:\n  cdt capture pdf ./page.pdf")]
    Pdf(PdfArgs),
}

#[derive(Debug, Args)]
pub struct SnapshotArgs {
    /// Only actionable nodes and headings.
    #[arg(long)]
    pub interactive: bool,
    /// Deepest level to include.
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// Start at this uid or CSS selector.
    #[arg(long, value_name = "UID|CSS")]
    pub root: Option<String>,
    /// Cut names longer than N characters (names are whole by default).
    #[arg(long, value_name = "N")]
    pub max_name: Option<u32>,
    /// Write the snapshot text to a file.
    #[arg(long, value_name = "PATH")]
    pub file: Option<String>,
    #[command(flatten)]
    pub page: PageArg,
}

#[derive(Debug, Args)]
pub struct ScreenshotArgs {
    /// png, jpeg or webp.
    #[arg(long)]
    pub format: Option<String>,
    /// 0–100 (jpeg, webp).
    #[arg(long)]
    pub quality: Option<u32>,
    /// The whole page, beyond the viewport.
    #[arg(long)]
    pub full_page: bool,
    /// Only this element.
    #[arg(long, value_name = "UID")]
    pub uid: Option<String>,
    /// Where to write it (default: the context's artifacts directory).
    #[arg(long, value_name = "PATH")]
    pub file: Option<String>,
    /// Also return the image as base64 in the reply.
    #[arg(long)]
    pub inline: bool,
    #[command(flatten)]
    pub page: PageArg,
}

#[derive(Debug, Args)]
pub struct PdfArgs {
    /// The PDF file to write.
    #[arg(value_name = "FILE")]
    pub file: Option<String>,
    #[command(flatten)]
    pub page: PageArg,
}

#[derive(Debug, Subcommand)]
pub enum InputCommand {
    /// Press a key or chord: Enter, Tab, Escape, Control+A, Shift+Tab, F5, a, …
    #[command(after_help = "Examples:\n  cdt input key Enter\n  cdt input key Control+A")]
    Key(KeyArgs),
    /// Type text into the focused element (any script), optionally pressing a key after.
    #[command(
        after_help = "Examples:\n  cdt input type 'hello world'\n  cdt input type 'Zoë' --submit Enter"
    )]
    Type(TypeArgs),
    /// Move the mouse to x y (CSS pixels of the viewport).
    #[command(
        name = "mouse-move",
        after_help = "Examples:\n  cdt input mouse-move 200 300"
    )]
    MouseMove(PointArgs),
    /// Click at x y.
    #[command(
        after_help = "Examples:\n  cdt input click 200 300\n  cdt input click 200 300 --button right"
    )]
    Click(PointArgs),
    /// Press a mouse button at x y.
    #[command(
        name = "mouse-down",
        after_help = "Examples:\n  cdt input mouse-down 200 300"
    )]
    MouseDown(PointArgs),
    /// Release a mouse button at x y.
    #[command(
        name = "mouse-up",
        after_help = "Examples:\n  cdt input mouse-up 200 300"
    )]
    MouseUp(PointArgs),
    /// Drag from x1 y1 to x2 y2.
    #[command(after_help = "Examples:\n  cdt input drag 10 10 300 200")]
    Drag(DragArgs),
    /// Scroll with the mouse wheel.
    #[command(
        after_help = "Examples:\n  cdt input scroll --dy 800\n  cdt input scroll --dx 200 --at 400,300"
    )]
    Scroll(ScrollArgs),
}

#[derive(Debug, Args)]
pub struct KeyArgs {
    #[arg(value_name = "KEYS")]
    pub keys: Option<String>,
    #[command(flatten)]
    pub page: PageArg,
}

#[derive(Debug, Args)]
pub struct TypeArgs {
    #[arg(value_name = "TEXT", allow_hyphen_values = true)]
    pub text: Option<String>,
    /// A key to press after typing, e.g. Enter.
    #[arg(long, value_name = "KEY")]
    pub submit: Option<String>,
    #[command(flatten)]
    pub page: PageArg,
}

#[derive(Debug, Args)]
pub struct PointArgs {
    #[arg(value_name = "X", allow_negative_numbers = true)]
    pub x: Option<f64>,
    #[arg(value_name = "Y", allow_negative_numbers = true)]
    pub y: Option<f64>,
    /// left, right or middle.
    #[arg(long)]
    pub button: Option<String>,
    #[command(flatten)]
    pub page: PageArg,
}

#[derive(Debug, Args)]
pub struct DragArgs {
    #[arg(value_name = "X1")]
    pub x1: Option<f64>,
    #[arg(value_name = "Y1")]
    pub y1: Option<f64>,
    #[arg(value_name = "X2")]
    pub x2: Option<f64>,
    #[arg(value_name = "Y2")]
    pub y2: Option<f64>,
    #[command(flatten)]
    pub page: PageArg,
}

#[derive(Debug, Args)]
pub struct ScrollArgs {
    #[arg(long, allow_negative_numbers = true, default_value_t = 0.0)]
    pub dx: f64,
    #[arg(long, allow_negative_numbers = true, default_value_t = 0.0)]
    pub dy: f64,
    /// Where the wheel is, x,y (default: the middle of the viewport).
    #[arg(long, value_name = "X,Y")]
    pub at: Option<String>,
    #[command(flatten)]
    pub page: PageArg,
}

#[derive(Debug, Subcommand)]
pub enum DialogCommand {
    /// Accept or dismiss the open JavaScript dialog (alert, confirm, prompt, beforeunload).
    #[command(
        after_help = "Examples:\n  cdt dialog handle accept\n  cdt dialog handle dismiss\n  cdt dialog handle accept --text 'my answer'   # a prompt()"
    )]
    Handle(HandleArgs),
    /// Whether a dialog is open, with its type and message.
    #[command(after_help = "Examples:\n  cdt dialog status")]
    Status(PageArg),
}

#[derive(Debug, Args)]
pub struct HandleArgs {
    /// accept or dismiss.
    #[arg(value_name = "ACTION")]
    pub action: Option<String>,
    /// Text to answer a prompt() with.
    #[arg(long)]
    pub text: Option<String>,
    #[command(flatten)]
    pub page: PageArg,
}

#[derive(Debug, Subcommand)]
pub enum RuntimeCommand {
    /// Evaluate JavaScript in the page (on its own session; terminated past --timeout).
    #[command(after_help = "Examples:
  cdt runtime eval 'document.title'
  cdt runtime eval '(el) => el.value' --arg e5
  cdt runtime eval 'fetch(\"/api\").then(r => r.status)' --await
  cdt runtime eval 'while (true) {}' --timeout 500      # TIMEOUT; the page stays usable")]
    Eval(EvalArgs),
}

#[derive(Debug, Args)]
pub struct EvalArgs {
    /// An expression, or a function (called with the --arg elements).
    #[arg(value_name = "EXPRESSION", allow_hyphen_values = true)]
    pub expression: Option<String>,
    /// A uid passed to the function (repeatable, in order).
    #[arg(long = "arg", value_name = "UID")]
    pub args: Vec<String>,
    /// Wait for a returned promise.
    #[arg(long = "await")]
    pub await_promise: bool,
    /// EXPRESSION is a function declaration to call (by default it is evaluated, and called only
    /// if its value is a function).
    #[arg(long)]
    pub function: bool,
    #[command(flatten)]
    pub page: PageArg,
}

#[derive(Debug, Subcommand)]
pub enum ObserveCommand {
    /// url, title, viewport, scroll, focus, dialog, loading, network idle, DOM stable.
    #[command(after_help = "Examples:\n  cdt observe state")]
    State(PageArg),
    /// Actionable elements with uid, role, name, box, visibility and a selector.
    #[command(
        after_help = "Examples:\n  cdt observe targets --fields targets.uid,targets.name,targets.bbox"
    )]
    Targets(PageArg),
}

pub fn capture(command: &CaptureCommand, verbose: bool) -> Invocation {
    match command {
        CaptureCommand::Snapshot(args) => Params::default()
            .flag("interactive", args.interactive)
            .set("depth", args.depth)
            .set("root", args.root.clone())
            .set("maxName", args.max_name)
            .flag("verbose", verbose)
            .set("file", absolute(&args.file))
            .set("page", args.page.page)
            .remote("capture.snapshot"),
        CaptureCommand::Screenshot(args) => Params::default()
            .set("format", args.format.clone())
            .set("quality", args.quality)
            .flag("fullPage", args.full_page)
            .set("uid", args.uid.clone())
            .set("file", absolute(&args.file))
            .flag("inline", args.inline)
            .set("page", args.page.page)
            .remote("capture.screenshot"),
        CaptureCommand::Pdf(args) => Params::default()
            .set("file", absolute(&args.file))
            .set("page", args.page.page)
            .remote("capture.pdf"),
    }
}

pub fn input(command: &InputCommand) -> Invocation {
    let point = |args: &PointArgs, op: &'static str| {
        Params::default()
            .set("x", args.x)
            .set("y", args.y)
            .set("button", args.button.clone())
            .set("page", args.page.page)
            .remote(op)
    };
    match command {
        InputCommand::Key(args) => Params::default()
            .set("keys", args.keys.clone())
            .set("page", args.page.page)
            .remote("input.key"),
        InputCommand::Type(args) => Params::default()
            .set("text", args.text.clone())
            .set("submit", args.submit.clone())
            .set("page", args.page.page)
            .remote("input.type"),
        InputCommand::MouseMove(args) => point(args, "input.mouse-move"),
        InputCommand::Click(args) => point(args, "input.click"),
        InputCommand::MouseDown(args) => point(args, "input.mouse-down"),
        InputCommand::MouseUp(args) => point(args, "input.mouse-up"),
        InputCommand::Drag(args) => Params::default()
            .set("x1", args.x1)
            .set("y1", args.y1)
            .set("x2", args.x2)
            .set("y2", args.y2)
            .set("page", args.page.page)
            .remote("input.drag"),
        InputCommand::Scroll(args) => Params::default()
            .set("dx", Some(args.dx))
            .set("dy", Some(args.dy))
            .set("at", args.at.clone())
            .set("page", args.page.page)
            .remote("input.scroll"),
    }
}

pub fn dialog(command: &DialogCommand) -> Invocation {
    match command {
        DialogCommand::Handle(args) => Params::default()
            .set("action", args.action.clone())
            .set("text", args.text.clone())
            .set("page", args.page.page)
            .remote("dialog.handle"),
        DialogCommand::Status(args) => Params::default()
            .set("page", args.page)
            .remote("dialog.status"),
    }
}

pub fn runtime(command: &RuntimeCommand) -> Invocation {
    match command {
        RuntimeCommand::Eval(args) => Params::default()
            .set("expression", args.expression.clone())
            .set("args", (!args.args.is_empty()).then(|| args.args.clone()))
            .flag("awaitPromise", args.await_promise)
            .flag("function", args.function)
            .set("page", args.page.page)
            .remote("runtime.eval"),
    }
}

pub fn observe(command: &ObserveCommand) -> Invocation {
    match command {
        ObserveCommand::State(args) => Params::default()
            .set("page", args.page)
            .remote("observe.state"),
        ObserveCommand::Targets(args) => Params::default()
            .set("page", args.page)
            .remote("observe.targets"),
    }
}
