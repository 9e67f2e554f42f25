//! The page probe's vocabulary: the commands cdt's in-page script (run in an isolated world of
//! every frame) answers, and the failures it reports. Both sides name them by these enums: the
//! adapter sends [`ProbeCommand::name`], and a test checks the script's command table against
//! [`ProbeCommand::ALL`], so a command that one side lacks cannot slip through.

use serde::{Deserialize, Serialize};

macro_rules! named {
    ($(#[$meta:meta])* $vis:vis enum $enum:ident { $($(#[$vmeta:meta])* $variant:ident = $name:literal,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        $vis enum $enum {
            $( $(#[$vmeta])* #[serde(rename = $name)] $variant, )*
        }

        impl $enum {
            /// Every value, in declaration order.
            pub const ALL: &'static [$enum] = &[$($enum::$variant,)*];

            /// The name the page probe uses.
            pub fn name(self) -> &'static str {
                match self { $($enum::$variant => $name,)* }
            }

            /// The value the page probe names so.
            pub fn from_name(name: &str) -> Option<$enum> {
                match name { $($name => Some($enum::$variant),)* _ => None }
            }
        }

        impl std::fmt::Display for $enum {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

named! {
    /// A command of the page probe.
    pub enum ProbeCommand {
        /// The iframes of the document, each with its uid.
        Frames = "frames",
        /// The compact accessibility snapshot (lines, uids, frames).
        Snapshot = "snapshot",
        /// The snapshot's walk without its answer: what it keeps makes the next snapshot of
        /// the document warm (run after a navigation, before the agent asks).
        Prewalk = "prewalk",
        /// Scroll an element into view and check that a click at its centre lands on it.
        ActionPoint = "actionPoint",
        /// Whether a mouse move reached the frame since its last action point was taken.
        PointerArrived = "pointerArrived",
        /// Focus and select the contents of a field about to be filled.
        PrepareFill = "prepareFill",
        /// Tag, attributes, box, visibility, role and name of an element.
        Inspect = "inspect",
        /// Elements whose name or value contains a text.
        Find = "find",
        /// The page's links and form controls for `observe targets`.
        Targets = "targets",
        /// URL, title, ready state, focus and DOM-change counters.
        State = "state",
        /// Wait until the DOM has been quiet for a while (capped).
        Settle = "settle",
        /// Of the uids whose lines changed and of those added, removed or moved, those the
        /// page's own changes over and over account for (an autoplaying carousel's bullets, a
        /// feed's items).
        Churning = "churning",
        /// The visible text of the page or an element.
        ReadText = "readText",
        /// The main content (or an element) as Markdown, links with their uids.
        ReadMarkdown = "readMarkdown",
        /// The HTML of the page or an element.
        ReadHtml = "readHtml",
        /// Every link of the document: uid, name, URL (`page links`).
        Links = "links",
        /// Every form of the document and its fields, and the fields outside any form
        /// (`page forms`).
        Forms = "forms",
        /// Accessibility and SEO checks of the document (`cdt audit`).
        Audit = "audit",
        /// Scroll an element into the middle of the viewport.
        ScrollIntoView = "scrollIntoView",
        /// Give an element the keyboard focus.
        Focus = "focus",
        /// Empty an input, textarea or contenteditable.
        Clear = "clear",
        /// One check of a wait condition (text present, selector state).
        WaitCheck = "waitCheck",
        /// An element's box in its frame's viewport.
        Box = "box",
        /// The uid of the element a selector or text names.
        Locate = "locate",
        /// Why the last click did nothing: a blocked form submission, a cancelled link.
        ClickOutcome = "clickOutcome",
        /// A submission the action attempted that constraint validation blocked.
        Blocked = "blocked",
        /// What the last press landed on instead of the element aimed at (the page moved it),
        /// if it did: such a press was kept from the page.
        Pressed = "pressed",
        /// The option named by a value in the list box a drop-down drawn by the page shows
        /// (`pending` while none shows).
        Option = "option",
        /// What a field holds now, and whether it has the focus (after typing into it).
        Typed = "typed",
        /// Answers once the page has run the tasks queued before it (a timer of no delay: a
        /// field that passes text on to the next moves the focus so).
        Tick = "tick",
    }
}

named! {
    /// Why the page probe could not do what it was asked.
    pub enum ProbeFailure {
        /// The uid's node was removed from the page.
        Stale = "stale",
        /// No element matches the uid, selector or text.
        Unknown = "unknown",
        /// Another element covers the target's click point.
        Obscured = "obscured",
        NotVisible = "not-visible",
        /// The element is inert: the page keeps it from the user (behind an open drawer).
        Inert = "inert",
        Disabled = "disabled",
        OutOfView = "out-of-view",
        InvalidSelector = "invalid-selector",
        /// A `<select>` has no option with that text or value.
        NoOption = "no-option",
        Readonly = "readonly",
        NotFocusable = "not-focusable",
        /// A radio button cannot be unchecked by itself.
        RadioUncheck = "radio-uncheck",
        /// A checkbox, radio or switch given a value that is not a yes or no.
        ToggleValue = "toggle-value",
        /// A slider or spin button given a value that is not a number.
        RangeValue = "range-value",
        /// A date, time, colour, range or number input given a value in a form it does not take.
        InputFormat = "input-format",
        /// A file input takes files (`element upload`), not text.
        FileInput = "file-input",
        /// The element holds no value to fill.
        NotFillable = "not-fillable",
        /// The probe does not know the command (a build mismatch).
        UnknownCommand = "unknown-command",
    }
}

named! {
    /// How a field the probe prepared (`prepareFill`) takes its value.
    pub enum FillKind {
        /// A `<select>`: the probe chose the options itself.
        Select = "select",
        /// A checkbox, radio or switch: a click toggles it when `needsClick`.
        Toggle = "toggle",
        /// A group of checkboxes given the names of those to check: each in `toggles` clicked,
        /// in turn (those named unchecked, the others checked).
        Toggles = "toggles",
        /// A value the probe set itself (range, colour, date and time inputs).
        Set = "set",
        /// Text typed by the keyboard into the focused, selected field.
        Type = "type",
        /// A slider or spin button of ARIA's, focused: moved by its keys until it says the
        /// value (`now` → `want`).
        Step = "step",
        /// A drop-down the page draws (role combobox or listbox): opened by a press unless
        /// `open`, then its option pressed.
        Choose = "choose",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for command in ProbeCommand::ALL {
            assert_eq!(ProbeCommand::from_name(command.name()), Some(*command));
        }
        for failure in ProbeFailure::ALL {
            assert_eq!(ProbeFailure::from_name(failure.name()), Some(*failure));
        }
        assert_eq!(ProbeCommand::from_name("click"), None);
        for kind in FillKind::ALL {
            assert_eq!(FillKind::from_name(kind.name()), Some(*kind));
        }
    }
}
