//! `cdt element click|dblclick|hover|drag|fill|fill-form|select|check|upload|clear|focus|
//! scroll-into-view|inspect|find`.

use clap::{Args, Subcommand};
use serde_json::json;

use super::network::absolute;
use super::{Invocation, Params};

#[derive(Debug, Args)]
pub struct TargetArgs {
    /// The element's uid from `cdt capture snapshot` (e.g. e12).
    #[arg(value_name = "UID")]
    pub uid: Option<String>,
    /// The uid (same as the positional argument).
    #[arg(long = "uid", value_name = "UID", conflicts_with = "uid", hide = true)]
    pub uid_flag: Option<String>,
    /// Pick the element by CSS selector instead.
    #[arg(long, value_name = "CSS")]
    pub selector: Option<String>,
    /// Pick the element by its visible text instead.
    #[arg(long, value_name = "TEXT")]
    pub text: Option<String>,
    /// The page (default: the current page).
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
}

impl TargetArgs {
    fn params(&self) -> Params {
        Params::default()
            .set("uid", self.uid.clone().or_else(|| self.uid_flag.clone()))
            .set("selector", self.selector.clone())
            .set("text", self.text.clone())
            .set("page", self.page)
    }
}

#[derive(Debug, Args)]
pub struct ActionArgs {
    #[command(flatten)]
    pub target: TargetArgs,
    /// Return at once: don't wait for a navigation or for the DOM to settle.
    #[arg(long)]
    pub no_wait: bool,
}

/// The button `element click` presses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ButtonArg {
    Left,
    Middle,
    Right,
}

#[derive(Debug, Args)]
pub struct ClickArgs {
    #[command(flatten)]
    pub action: ActionArgs,
    /// The mouse button (default left; right opens the context menu).
    #[arg(long, value_enum, value_name = "BUTTON")]
    pub button: Option<ButtonArg>,
}

#[derive(Debug, Args)]
pub struct FillArgs {
    #[command(flatten)]
    pub target: TargetArgs,
    /// The value: text; an option's text or value for a select; true/false for a checkbox.
    #[arg(value_name = "VALUE", allow_hyphen_values = true)]
    pub value: Option<String>,
    /// The value (same as the positional argument).
    #[arg(
        long = "value",
        value_name = "VALUE",
        conflicts_with = "value",
        allow_hyphen_values = true
    )]
    pub value_flag: Option<String>,
    #[arg(long)]
    pub no_wait: bool,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub target: TargetArgs,
    /// The state wanted.
    #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set)]
    pub checked: bool,
    #[arg(long)]
    pub no_wait: bool,
}

#[derive(Debug, Args)]
pub struct UploadArgs {
    /// The file input's uid.
    #[arg(value_name = "UID")]
    pub uid: Option<String>,
    /// Files to upload.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
    #[arg(long, value_name = "CSS")]
    pub selector: Option<String>,
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
    #[arg(long)]
    pub no_wait: bool,
}

#[derive(Debug, Args)]
pub struct DragArgs {
    /// The uid to drag.
    #[arg(value_name = "FROM")]
    pub from: Option<String>,
    /// The uid to drop on.
    #[arg(value_name = "TO")]
    pub to: Option<String>,
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
    #[arg(long)]
    pub no_wait: bool,
}

#[derive(Debug, Args)]
pub struct FillFormArgs {
    /// A field to fill, UID=VALUE (repeatable); or pass `{"fields":[{"uid","value"}]}` with --input-file.
    #[arg(long = "field", id = "field", value_name = "UID=VALUE")]
    pub fields: Vec<String>,
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
    #[arg(long)]
    pub no_wait: bool,
}

#[derive(Debug, Args)]
pub struct FindArgs {
    /// Text to look for in names and values.
    #[arg(value_name = "TEXT")]
    pub text: Option<String>,
    #[arg(long)]
    pub limit: Option<usize>,
    #[arg(long, value_name = "ID")]
    pub page: Option<u32>,
}

#[derive(Debug, Subcommand)]
pub enum ElementCommand {
    /// Click an element (scrolled into view, checked visible, enabled and not covered).
    #[command(
        after_help = "Examples:\n  cdt element click e12\n  cdt element click --selector 'button[type=submit]'\n  cdt element click --text 'Sign in' --no-wait\n  cdt element click e12 --button right     # the context menu"
    )]
    Click(ClickArgs),
    /// Double-click an element.
    #[command(after_help = "Examples:\n  cdt element dblclick e12")]
    Dblclick(ActionArgs),
    /// Move the mouse over an element.
    #[command(after_help = "Examples:\n  cdt element hover e7")]
    Hover(ActionArgs),
    /// Drag one element onto another (mouse events).
    #[command(after_help = "Examples:\n  cdt element drag e4 e9")]
    Drag(DragArgs),
    /// Fill an input, textarea, contenteditable, select or checkbox (any script, e.g. 'Zoë 東京').
    #[command(
        after_help = "Examples:\n  cdt element fill e5 'ada@example.com'\n  cdt element fill e8 Germany          # a <select>, by option text or value\n  cdt element fill e9 false            # a checkbox"
    )]
    Fill(FillArgs),
    /// Fill several fields at once.
    #[command(
        name = "fill-form",
        after_help = "Examples:\n  cdt element fill-form --field e5=ada --field e6=secret\n  echo '{\"fields\":[{\"uid\":\"e5\",\"value\":\"ada\"}]}' | cdt element fill-form --input-file -"
    )]
    FillForm(FillFormArgs),
    /// Choose an option of a <select> by its text or value (comma-separated for multiple).
    #[command(after_help = "Examples:\n  cdt element select e8 'Germany'")]
    Select(FillArgs),
    /// Tick (or, with --checked false, untick) a checkbox, radio or switch.
    #[command(
        after_help = "Examples:\n  cdt element check e9\n  cdt element check e9 --checked false"
    )]
    Check(CheckArgs),
    /// Put files into an <input type=file>.
    #[command(after_help = "Examples:\n  cdt element upload e11 ./cv.pdf ./photo.png")]
    Upload(UploadArgs),
    /// Empty an input, textarea or contenteditable.
    #[command(after_help = "Examples:\n  cdt element clear e5")]
    Clear(ActionArgs),
    /// Give an element the keyboard focus.
    #[command(after_help = "Examples:\n  cdt element focus e5")]
    Focus(ActionArgs),
    /// Scroll an element into the middle of the viewport.
    #[command(
        name = "scroll-into-view",
        after_help = "Examples:\n  cdt element scroll-into-view e40"
    )]
    ScrollIntoView(ActionArgs),
    /// Tag, attributes, box, visibility, role and name of an element.
    #[command(after_help = "Examples:\n  cdt element inspect e12")]
    Inspect(ActionArgs),
    /// Find elements whose name or value contains a text; returns their uids.
    #[command(after_help = "Examples:\n  cdt element find 'Sign in'")]
    Find(FindArgs),
}

fn action(args: &ActionArgs, op: &'static str) -> Invocation {
    args.target.params().flag("noWait", args.no_wait).remote(op)
}

fn fill(args: &FillArgs, op: &'static str) -> Invocation {
    let target = &args.target;
    let value = args.value.clone().or_else(|| args.value_flag.clone());
    // `fill --selector '#q' hello`: with the element named by a flag, the one positional is the value.
    let (uid, value) = match (&target.uid, value) {
        (Some(only), None) if target.selector.is_some() || target.text.is_some() => {
            (None, Some(only.clone()))
        }
        (uid, value) => (uid.clone().or_else(|| target.uid_flag.clone()), value),
    };
    Params::default()
        .set("uid", uid)
        .set("selector", target.selector.clone())
        .set("text", target.text.clone())
        .set("page", target.page)
        .set("value", value)
        .flag("noWait", args.no_wait)
        .remote(op)
}
pub fn invocation(command: &ElementCommand) -> Invocation {
    match command {
        ElementCommand::Click(args) => {
            let button = args.button.map(|button| match button {
                ButtonArg::Left => "left",
                ButtonArg::Middle => "middle",
                ButtonArg::Right => "right",
            });
            args.action
                .target
                .params()
                .flag("noWait", args.action.no_wait)
                .set("button", button)
                .remote("element.click")
        }
        ElementCommand::Dblclick(args) => action(args, "element.dblclick"),
        ElementCommand::Hover(args) => action(args, "element.hover"),
        ElementCommand::Drag(args) => Params::default()
            .set("from", args.from.clone())
            .set("to", args.to.clone())
            .set("page", args.page)
            .flag("noWait", args.no_wait)
            .remote("element.drag"),
        ElementCommand::Fill(args) => fill(args, "element.fill"),
        ElementCommand::FillForm(args) => {
            let fields: Vec<serde_json::Value> = args
                .fields
                .iter()
                .map(|field| match field.split_once('=') {
                    Some((uid, value)) => json!({ "uid": uid, "value": value }),
                    None => json!({ "uid": field }),
                })
                .collect();
            Params::default()
                .set("fields", (!fields.is_empty()).then_some(fields))
                .set("page", args.page)
                .flag("noWait", args.no_wait)
                .remote("element.fill-form")
        }
        ElementCommand::Select(args) => fill(args, "element.select"),
        ElementCommand::Check(args) => args
            .target
            .params()
            .set("checked", Some(args.checked))
            .flag("noWait", args.no_wait)
            .remote("element.check"),
        ElementCommand::Upload(args) => {
            // With --selector, every positional is a file.
            let (uid, files) = match (&args.uid, &args.selector) {
                (Some(first), Some(_)) => (
                    None,
                    std::iter::once(first.clone())
                        .chain(args.files.iter().cloned())
                        .collect::<Vec<_>>(),
                ),
                _ => (args.uid.clone(), args.files.clone()),
            };
            let files: Vec<String> = files
                .into_iter()
                .filter_map(|f| absolute(&Some(f)))
                .collect();
            Params::default()
                .set("uid", uid)
                .set("selector", args.selector.clone())
                .set("files", Some(files))
                .set("page", args.page)
                .flag("noWait", args.no_wait)
                .remote("element.upload")
        }
        ElementCommand::Clear(args) => action(args, "element.clear"),
        ElementCommand::Focus(args) => action(args, "element.focus"),
        ElementCommand::ScrollIntoView(args) => action(args, "element.scroll-into-view"),
        ElementCommand::Inspect(args) => args.target.params().remote("element.inspect"),
        ElementCommand::Find(args) => Params::default()
            .set("text", args.text.clone())
            .set("limit", args.limit)
            .set("page", args.page)
            .remote("element.find"),
    }
}
