//! `element …`: act on one element (by uid, selector or text) and report what it caused
//! (SPEC §6.4).

use crate::interact::MouseButton;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

resource_operations! { $ element_operations(element);
    ElementClick = click,
    ElementDblclick = dblclick,
    ElementHover = hover,
    ElementDrag = drag,
    ElementFill = fill,
    ElementFillForm = fill_form,
    ElementSelect = select,
    ElementCheck = check,
    ElementUpload = upload,
    ElementClear = clear,
    ElementFocus = focus,
    ElementScrollIntoView = scroll_into_view,
    ElementInspect = inspect,
    ElementFind = find,
}

/// Which element an element command acts on: a uid from the latest snapshot, or a CSS selector
/// (the first match in the document, else in an open shadow root, each matched alone), or
/// visible text (the innermost elements containing it as whole words — `New` is not in
/// "news", where words are spaced —; of those, one whose words are exactly the text before one
/// that contains it, a control before other elements, then page order; an `AMBIGUOUS_TARGET`
/// warning when others match as well).
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

impl ElementTarget {
    /// The element a snapshot uid names, on `page` (default: the current page).
    pub fn uid(uid: String, page: Option<u32>) -> ElementTarget {
        ElementTarget {
            uid: Some(uid),
            page,
            ..ElementTarget::default()
        }
    }
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
pub struct FillParams {
    #[serde(flatten)]
    pub target: ElementTarget,
    /// Text for inputs, textareas and contenteditable; option text or value for `<select>`
    /// (comma-separated for multiple); `true`/`false` (or on/off, yes/no) for checkboxes and
    /// radios.
    pub value: String,
    #[serde(default)]
    pub no_wait: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FormField {
    pub uid: String,
    pub value: String,
}

/// The flags several `element` commands share.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use super::{ClickButton, ElementTarget};
    use crate::ops::cli::{CliArgs, given_as_is, is_false};
    use clap::Args;
    use serde::Serialize;

    #[derive(Debug, Args)]
    pub struct TargetArgs {
        /// The element's uid from `cdt capture snapshot` (e.g. e12).
        // (A negative number here is the value of `fill --selector '#pan' -7`.)
        #[arg(value_name = "UID", allow_negative_numbers = true)]
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

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct DragArgs {
        /// The uid (or CSS selector) to drag.
        #[arg(value_name = "FROM")]
        pub from: Option<String>,
        /// The uid (or CSS selector) to drop on.
        #[arg(value_name = "TO")]
        pub to: Option<String>,
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
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

    given_as_is!(DragArgs);
}

/// What an action caused (SPEC §6.4, seed 003's `Feedback`): the reply of every element and
/// input action — a navigation, a dialog, new pages, downloads, and what changed in the page's
/// snapshot, as `capture snapshot --diff` answers it (the whole snapshot when more than half
/// changed).
#[derive(Clone, Debug, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActionReply {
    /// `click`, `dblclick`, `hover`, `drag`, `fill`, `select`, `check`, `upload`, `clear`,
    /// `fill-form`, `key`, `type`, `mouse-move`, … (`accept` or `dismiss` for a dialog)
    pub action: String,
    /// The element acted on (the key, for `input key`; the uids filled, for `fill-form`);
    /// absent for an answered dialog.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub uid: String,
    /// The action navigated: to another document, or within this one (a fragment, a
    /// `pushState`).
    pub navigated: bool,
    /// Where it navigated to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The title there: absent when the page kept the title it had (a navigation within the
    /// document that left it as it was).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// A dialog the action opened (answer it with `dialog handle`); absent when none did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dialog: Option<ActionDialog>,
    /// Pages the action opened; absent when it opened none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub new_pages: Vec<u32>,
    /// The page's snapshot changed (a focus move alone does not count).
    pub dom_changed: bool,
    /// Downloads the action started.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub downloads: Vec<crate::download::DownloadReport>,
    /// The snapshot version the page is at now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<u64>,
    /// The version `changes` are against.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<u64>,
    /// `base` is earlier than the page just before the action: most of the page changed, and
    /// it is back as it was then (a modal dialog or a menu that hid the rest of it closed).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub earlier: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<crate::snapshot_change::Change>,
    /// The whole new snapshot, when more than half of it changed or the document is new.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snapshot: Option<String>,
    /// The page stopped answering while it was watched (reported as far as it was seen).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub page_unresponsive: bool,
    /// The page acted on closed itself (a sign-in popup done: `window.close()`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub closed: bool,
    /// When the page closed itself: the page current now (its opener, when open), whose
    /// changes since the context last saw it `changes` (or `snapshot`) tell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current: Option<u32>,
    /// Why an action went nowhere, when the page told (a blocked submission, a cancelled link;
    /// a checkbox, radio or switch as asked already).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// The fields whose constraint validation blocked a submission: `[{uid, name, message}]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invalid: Option<serde_json::Value>,
    /// The mouse button, when not the left one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub button: Option<String>,
    /// `fill-form`: the uids filled, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filled: Option<Vec<String>>,
    /// `upload`: the files given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub files: Option<Vec<String>>,
    /// `input scroll`: where the page is scrolled to now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scroll: Option<ScrollPosition>,
    /// `input scroll`: what the wheel scrolled (`page`, or the element: `div.chat`); none when
    /// nothing moved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scrolled: Option<String>,
    /// Carried to the envelope's `meta.warnings` (`ACTION_NO_EFFECT`).
    #[serde(rename = "__warnings", default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(skip)]
    pub warnings: Vec<crate::warning::Warning>,
}

/// A page's scroll position, in CSS pixels (numbers as the page gave them: whole ones stay
/// whole).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScrollPosition {
    pub x: serde_json::Number,
    pub y: serde_json::Number,
    /// How far down it can scroll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_y: Option<serde_json::Number>,
}

/// A dialog open after an action, and the page it is on when that is another page (a popup's).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ActionDialog {
    #[serde(flatten)]
    pub dialog: crate::interact::DialogInfo,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

impl ActionReply {
    /// Nothing observable happened: no navigation, dialog, new page, download or DOM change.
    pub fn no_effect(&self) -> bool {
        self.stayed_in_page() && !self.dom_changed
    }

    /// Whatever happened, happened inside the page: no navigation, closing, dialog, new page
    /// or download.
    pub fn stayed_in_page(&self) -> bool {
        !self.navigated
            && !self.closed
            && self.dialog.is_none()
            && self.new_pages.is_empty()
            && self.downloads.is_empty()
    }
}

/// `element scroll-into-view`'s reply: where the element is now, and the page's scroll.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ScrollIntoViewReply {
    pub uid: String,
    #[serde(rename = "box")]
    pub bounds: crate::ops::BoundingBox,
    pub scroll: ScrollPosition,
    /// `AMBIGUOUS_TARGET`, carried to the envelope's `meta.warnings`.
    #[serde(rename = "__warnings", default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(skip)]
    pub warnings: Vec<crate::warning::Warning>,
}

/// `element inspect`'s reply: what the element is and how it shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct InspectReply {
    pub uid: String,
    pub tag: String,
    /// Its role (none for an element without one).
    pub role: Option<String>,
    pub name: String,
    pub attributes: std::collections::BTreeMap<String, String>,
    /// In the page's viewport.
    #[serde(rename = "box")]
    pub bounds: crate::ops::BoundingBox,
    pub visible: bool,
    pub enabled: bool,
    pub editable: bool,
    pub states: Vec<String>,
    /// Its computed `display`.
    pub display: String,
    /// Its visible text (first 200 characters).
    pub text: String,
    /// `AMBIGUOUS_TARGET`, carried to the envelope's `meta.warnings`.
    #[serde(rename = "__warnings", default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(skip)]
    pub warnings: Vec<crate::warning::Warning>,
}

/// `element find`'s reply: visible elements whose name (or value) contains the text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct FindReply {
    pub matches: Vec<FoundElement>,
}

/// An element `element find` found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct FoundElement {
    pub uid: String,
    pub role: String,
    pub name: String,
}
