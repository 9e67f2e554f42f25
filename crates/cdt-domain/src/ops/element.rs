//! `element …`: act on one element (by uid, selector or text) and report what it caused
//! (SPEC §6.4).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::interact::MouseButton;

/// The `element` operations: their entries in the operation table (see `ops::operations!`).
macro_rules! element_operations {
    ($then:ident [$($table:tt)*] $($rest:ident)*) => {
        $then! { [$($table)*
        /// Click an element (scrolled into view, checked visible, enabled and not covered)
        ElementClick = "element.click" (ClickParams, element::args::ClickArgs), S10, [ElementNotFound, UidStale, TargetObscured, TargetNotInteractable, TargetOutOfView, DialogBlocking, PageNotFound, NoCurrentPage, CdpDisconnected],
            ["cdt element click e12", "cdt element click --selector 'button[type=submit]'", "cdt element click --text 'Sign in' --no-wait", "cdt element click e12 --button right     # the context menu"];
        /// Double-click an element
        ElementDblclick = "element.dblclick" (ElementActionParams, element::args::ActionArgs), S10, [ElementNotFound, UidStale, TargetObscured, TargetNotInteractable, TargetOutOfView, DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt element dblclick e12"];
        /// Move the mouse over an element
        ElementHover = "element.hover" (ElementActionParams, element::args::ActionArgs), S10, [ElementNotFound, UidStale, TargetObscured, TargetNotInteractable, TargetOutOfView, DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt element hover e7"];
        /// Drag one element onto another (mouse events)
        ElementDrag = "element.drag" (DragParams, element::args::DragArgs), S10, [ElementNotFound, UidStale, TargetObscured, TargetNotInteractable, DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt element drag e4 e9"];
        /// Fill an input, textarea, contenteditable, select or checkbox (any script, e.g. 'Zoë 東京')
        ElementFill = "element.fill" (FillParams, element::args::FillArgs), S10, [ElementNotFound, UidStale, TargetNotInteractable, DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt element fill e5 'ada@example.com'", "cdt element fill e8 Germany          # a <select>, by option text or value", "cdt element fill e9 false            # a checkbox"];
        /// Fill several fields at once
        ElementFillForm = "element.fill-form" (FillFormParams, element::args::FillFormArgs), S30, [ElementNotFound, UidStale, TargetNotInteractable, DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt element fill-form --field e5=ada --field e6=secret", "echo '{\"fields\":[{\"uid\":\"e5\",\"value\":\"ada\"}]}' | cdt element fill-form --input-file -"];
        /// Choose an option of a <select> by its text or value (comma-separated for multiple)
        ElementSelect = "element.select" (FillParams, element::args::FillArgs), S10, [ElementNotFound, UidStale, TargetNotInteractable, DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt element select e8 'Germany'"];
        /// Tick (or, with --checked false, untick) a checkbox, radio or switch
        ElementCheck = "element.check" (CheckParams, element::args::CheckArgs), S10, [ElementNotFound, UidStale, TargetObscured, TargetNotInteractable, DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt element check e9 --checked false", "cdt element check e9"];
        /// Put files into an <input type=file>
        ElementUpload = "element.upload" (UploadParams, element::args::UploadArgs), S10, [ElementNotFound, UidStale, TargetNotInteractable, IoError, DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt element upload e11 ./cv.pdf", "cdt element upload e11 ./cv.pdf ./photo.png"];
        /// Empty an input, textarea or contenteditable
        ElementClear = "element.clear" (ElementActionParams, element::args::ActionArgs), S10, [ElementNotFound, UidStale, TargetNotInteractable, DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt element clear e5"];
        /// Give an element the keyboard focus
        ElementFocus = "element.focus" (ElementActionParams, element::args::ActionArgs), S10, [ElementNotFound, UidStale, DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt element focus e5"];
        /// Scroll an element into the middle of the viewport
        ElementScrollIntoView = "element.scroll-into-view" (ElementActionParams, element::args::ActionArgs), S10, [ElementNotFound, UidStale, DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt element scroll-into-view e40"];
        /// Tag, attributes, box, visibility, role and name of an element
        ElementInspect = "element.inspect" (ElementActionParams, element::args::ActionArgs), S5, [ElementNotFound, UidStale, DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt element inspect e12"];
        /// Find elements whose name or value contains a text; returns their uids
        ElementFind = "element.find" (FindParams, element::args::FindArgs), S5, [DialogBlocking, PageNotFound, CdpDisconnected],
            ["cdt element find 'Sign in'"] => TextForm::Matches;
        ] $($rest)* }
    };
}

/// Which element an element command acts on: a uid from the latest snapshot, or a CSS selector,
/// or visible text (first innermost match).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ElementTarget {
    /// A uid from `cdt capture snapshot` (e.g. `e12`, `f1e3` inside an iframe).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    /// A CSS selector (main frame).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<String>,
    /// Visible text of the element (main frame).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The page (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ElementActionParams {
    #[serde(flatten)]
    pub target: ElementTarget,
    /// Return right after the action, without waiting for navigation or DOM quiet.
    #[serde(default)]
    pub no_wait: bool,
}

/// The button `element click` presses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum ClickButton {
    #[default]
    Left,
    Middle,
    // Opens the element's context menu (`contextmenu` event).
    Right,
}

impl From<ClickButton> for MouseButton {
    fn from(button: ClickButton) -> MouseButton {
        match button {
            ClickButton::Left => MouseButton::Left,
            ClickButton::Middle => MouseButton::Middle,
            ClickButton::Right => MouseButton::Right,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClickParams {
    #[serde(flatten)]
    pub target: ElementTarget,
    /// Return right after the action, without waiting for navigation or DOM quiet.
    #[serde(default)]
    pub no_wait: bool,
    /// The mouse button (default `left`; `right` opens a context menu).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub button: Option<ClickButton>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FillParams {
    #[serde(flatten)]
    pub target: ElementTarget,
    /// Text for inputs, textareas and contenteditable; option text or value for `<select>`
    /// (comma-separated for multiple); `true`/`false` for checkboxes and radios.
    pub value: String,
    #[serde(default)]
    pub no_wait: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckParams {
    #[serde(flatten)]
    pub target: ElementTarget,
    /// The state wanted (default true).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked: Option<bool>,
    #[serde(default)]
    pub no_wait: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadParams {
    #[serde(flatten)]
    pub target: ElementTarget,
    /// Files to put in the `<input type=file>` (absolute paths; they must exist).
    pub files: Vec<String>,
    #[serde(default)]
    pub no_wait: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DragParams {
    /// The uid to drag.
    pub from: String,
    /// The uid to drop on.
    pub to: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    #[serde(default)]
    pub no_wait: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FormField {
    pub uid: String,
    pub value: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FillFormParams {
    pub fields: Vec<FormField>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    #[serde(default)]
    pub no_wait: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FindParams {
    /// Text to look for in names and values.
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// The flags of `cdt element …`.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use clap::Args;
    use serde::Serialize;

    use super::{ClickButton, ElementTarget};
    use crate::ops::cli::{CliArgs, given_as_is, is_false};

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

    impl From<TargetArgs> for ElementTarget {
        fn from(args: TargetArgs) -> ElementTarget {
            ElementTarget {
                uid: args.uid.or(args.uid_flag),
                selector: args.selector,
                text: args.text,
                page: args.page,
            }
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

    #[derive(Debug, Args)]
    pub struct ClickArgs {
        #[command(flatten)]
        pub action: ActionArgs,
        /// The mouse button (default left; right opens the context menu).
        #[arg(long, value_enum, value_name = "BUTTON")]
        pub button: Option<ClickButton>,
    }

    /// What an element action's flags give: the element, and the action's own values.
    #[derive(Debug, Default, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct ActionGiven {
        #[serde(flatten)]
        pub target: ElementTarget,
        #[serde(skip_serializing_if = "is_false")]
        pub no_wait: bool,
        pub button: Option<ClickButton>,
        pub value: Option<String>,
        pub checked: Option<bool>,
        pub files: Option<Vec<String>>,
    }

    impl CliArgs for ActionArgs {
        type Given = ActionGiven;
        fn given(self) -> ActionGiven {
            ActionGiven {
                target: self.target.into(),
                no_wait: self.no_wait,
                ..ActionGiven::default()
            }
        }
    }

    impl CliArgs for ClickArgs {
        type Given = ActionGiven;
        fn given(self) -> ActionGiven {
            ActionGiven {
                button: self.button,
                ..self.action.given()
            }
        }
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

    impl CliArgs for FillArgs {
        type Given = ActionGiven;
        fn given(self) -> ActionGiven {
            let mut target = self.target;
            let mut value = self.value.or(self.value_flag);
            // `fill --selector '#q' hello`: with the element named by a flag, the one positional
            // is the value.
            if value.is_none() && (target.selector.is_some() || target.text.is_some()) {
                value = target.uid.take();
            }
            ActionGiven {
                target: target.into(),
                no_wait: self.no_wait,
                value,
                ..ActionGiven::default()
            }
        }
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

    impl CliArgs for CheckArgs {
        type Given = ActionGiven;
        fn given(self) -> ActionGiven {
            ActionGiven {
                target: self.target.into(),
                no_wait: self.no_wait,
                checked: Some(self.checked),
                ..ActionGiven::default()
            }
        }
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

    impl CliArgs for UploadArgs {
        type Given = ActionGiven;
        fn given(self) -> ActionGiven {
            let mut files = self.files;
            let mut uid = self.uid;
            // With --selector, every positional is a file.
            if self.selector.is_some()
                && let Some(first) = uid.take()
            {
                files.insert(0, first);
            }
            ActionGiven {
                target: ElementTarget {
                    uid,
                    selector: self.selector,
                    text: None,
                    page: self.page,
                },
                no_wait: self.no_wait,
                files: Some(files),
                ..ActionGiven::default()
            }
        }
    }

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
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
        #[serde(skip_serializing_if = "is_false")]
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

    /// One `--field UID=VALUE` (a field without `=` has no value: the daemon says so).
    #[derive(Debug, Serialize)]
    pub struct FieldGiven {
        pub uid: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub value: Option<String>,
    }

    #[derive(Debug, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct FillFormGiven {
        pub fields: Vec<FieldGiven>,
        pub page: Option<u32>,
        #[serde(skip_serializing_if = "is_false")]
        pub no_wait: bool,
    }

    impl CliArgs for FillFormArgs {
        type Given = FillFormGiven;
        fn given(self) -> FillFormGiven {
            let fields = self
                .fields
                .into_iter()
                .map(|field| match field.split_once('=') {
                    Some((uid, value)) => FieldGiven {
                        uid: uid.to_string(),
                        value: Some(value.to_string()),
                    },
                    None => FieldGiven {
                        uid: field,
                        value: None,
                    },
                })
                .collect();
            FillFormGiven {
                fields,
                page: self.page,
                no_wait: self.no_wait,
            }
        }
    }

    #[derive(Debug, Args, Serialize)]
    pub struct FindArgs {
        /// Text to look for in names and values.
        #[arg(value_name = "TEXT")]
        pub text: Option<String>,
        #[arg(long)]
        pub limit: Option<usize>,
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    given_as_is!(DragArgs, FindArgs);
}
