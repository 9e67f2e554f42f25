//! Request schemas: every operation the daemon performs, its parameters (with JSON schemas for
//! `--describe`), its default budget and the error codes it can return.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::error::ErrorCode;
mod capture;
#[cfg(feature = "cli")]
pub mod cli;
mod console;
mod dialog;
mod element;
mod emulation;
mod events;
mod input;
mod network;
mod page;
mod runtime;
mod session;
mod storage;
mod trace;

pub use capture::*;
pub use console::*;
pub use dialog::*;
pub use element::*;
pub use emulation::*;
pub use events::*;
pub use input::*;
pub use network::*;
pub use page::*;
pub use runtime::*;
pub use session::*;
pub use storage::*;
pub use trace::*;

/// Static facts about an operation, shared by `--describe`, `--help`, the docs and the daemon.
#[derive(Clone, Copy, Debug)]
pub struct OpSpec {
    pub name: &'static str,
    /// The one-line summary (the doc comment on the operation's table line).
    doc: &'static str,
    /// Budget used when `--timeout` is not given.
    pub default_timeout_ms: u64,
    pub errors: &'static [ErrorCode],
    /// Command lines that run it; the first is `--describe`'s example. A test runs them all
    /// through the parser.
    pub examples: &'static [&'static str],
    /// A paragraph for `--help` after the examples ("" when none).
    pub note: &'static str,
    /// Its flags (the `cdt` binary builds the command tree from these).
    #[cfg(feature = "cli")]
    pub cli: cli::CliFns,
}

impl OpSpec {
    pub fn about(&self) -> &'static str {
        self.doc.trim()
    }

    pub fn example(&self) -> &'static str {
        self.examples.first().copied().unwrap_or_default()
    }
}

use ErrorCode as E;

const COMMON: [ErrorCode; 5] = [
    E::ValidationError,
    E::Timeout,
    E::DaemonUnavailable,
    E::ProtocolError,
    E::InternalError,
];

macro_rules! errors {
    ($($code:ident),*) => {{
        const LIST: &[ErrorCode] = &[$(E::$code,)* E::ValidationError, E::Timeout, E::DaemonUnavailable, E::ProtocolError, E::InternalError];
        LIST
    }};
}

/// One entry per operation: its summary, variant, wire name, parameters and command-line
/// flags (both declared in the operation's resource module), default budget, the error codes
/// it can return beyond the common ones, and its examples. The `Operation` enum, the specs,
/// the schemas, the marker types the daemon binds use cases to and the `cdt` command tree are
/// all generated from it.
macro_rules! operations {
    ($( $(#[doc = $doc:literal])* $variant:ident = $name:literal ($params:ty, $args:ty), $timeout:expr, [$($code:ident),*], [$($example:literal),+] $($note:literal)?; )*) => {
        /// Every operation, as sent on the wire: `{"op":"page.open","params":{…}}`.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
        #[serde(tag = "op", content = "params")]
        pub enum Operation {
            $( #[serde(rename = $name)] $variant($params), )*
        }

        impl Operation {
            pub fn name(&self) -> &'static str {
                match self { $( Operation::$variant(_) => $name, )* }
            }
        }

        pub const OP_SPECS: &[OpSpec] = &[
            $( OpSpec {
                name: $name,
                doc: concat!($($doc),*),
                default_timeout_ms: $timeout,
                errors: errors!($($code),*),
                examples: &[$($example),+],
                note: concat!("", $($note)?),
                #[cfg(feature = "cli")]
                cli: cli::CliFns::of::<$args>(),
            }, )*
        ];

        /// Every operation, each with default parameters: for tests that must reach all of them.
        pub fn every_operation() -> Vec<Operation> {
            vec![$( Operation::$variant(<$params>::default()), )*]
        }

        /// The JSON schema of an operation's parameters, for `--describe`.
        pub fn params_schema(name: &str) -> Option<serde_json::Value> {
            match name {
                $( $name => serde_json::to_value(schemars::schema_for!($params)).ok(), )*
                _ => None,
            }
        }

        /// One marker type per operation: what a handler implements [`Handles`] for.
        pub mod op {
            $( #[doc = concat!("`", $name, "`")] pub struct $variant; )*
        }

        $( impl Op for op::$variant {
            type Params = $params;
            const NAME: &'static str = $name;
        } )*

        /// A handler of every operation: the daemon's dispatcher implements [`Handles`] once per
        /// operation (next to its use case), and a missing one is a compile error, not a
        /// runtime fallback.
        pub trait HandlesEvery<Out>: $( Handles<op::$variant, Out> + )* Sized {}

        impl<T, Out> HandlesEvery<Out> for T where T: $( Handles<op::$variant, Out> + )* Sized {}

        impl Operation {
            /// Hands the parameters to `handler`'s implementation for this operation.
            pub fn dispatch<Out, H: HandlesEvery<Out>>(self, handler: H) -> Out {
                match self {
                    $( Operation::$variant(params) => <H as Handles<op::$variant, Out>>::handle(handler, params), )*
                }
            }
        }
    };
}

/// A group of operations: the words before an operation's own (`storage cookies` of
/// `storage.cookies.list`), with its one-line summary for `--help`.
#[derive(Clone, Copy, Debug)]
pub struct Resource {
    pub path: &'static str,
    pub about: &'static str,
}

/// Every resource, in the order `cdt --help` lists them.
pub const RESOURCES: &[Resource] = &[
    Resource {
        path: "session",
        about: "Start, inspect and stop this context's browser session",
    },
    Resource {
        path: "page",
        about: "Open, list, switch, close and navigate pages",
    },
    Resource {
        path: "capture",
        about: "Look at the page: accessibility snapshot with stable uids, screenshots, PDF",
    },
    Resource {
        path: "element",
        about: "Act on elements by uid (or selector/text); every action reports what it caused",
    },
    Resource {
        path: "input",
        about: "Keyboard and mouse by keys and coordinates",
    },
    Resource {
        path: "dialog",
        about: "JavaScript dialogs (alert, confirm, prompt): status and handling",
    },
    Resource {
        path: "runtime",
        about: "Evaluate JavaScript in the page",
    },
    Resource {
        path: "observe",
        about: "Cheap page state and actionable targets for agent loops",
    },
    Resource {
        path: "console",
        about: "Console messages, exceptions and browser log entries of the context's pages",
    },
    Resource {
        path: "network",
        about: "Network requests of the context's pages: list, inspect, bodies, waits, HAR",
    },
    Resource {
        path: "events",
        about: "The raw normalized event stream, read by offset, with server-side filters",
    },
    Resource {
        path: "events.filters",
        about: "Get or set the buffer's server-side filters",
    },
    Resource {
        path: "emulation",
        about: "Emulate a device, network, CPU, place, colour scheme, timezone or locale",
    },
    Resource {
        path: "trace",
        about: "Performance traces and the insights cdt computes from them (LCP, CLS, INP, …)",
    },
    Resource {
        path: "storage",
        about: "Cookies, local/session storage, and save/load of a logged-in state",
    },
    Resource {
        path: "storage.cookies",
        about: "The context's cookies",
    },
    Resource {
        path: "storage.local",
        about: "An origin's localStorage (a frame of it must be open in the page)",
    },
    Resource {
        path: "storage.session",
        about: "An origin's sessionStorage in the page (per tab)",
    },
    Resource {
        path: "daemon",
        about: "Inspect or stop the background daemon",
    },
];

/// For `#[serde(skip_serializing_if = "is_false")]` on a switch: off is the default, and a
/// switch the command line did not give leaves `--input-file`'s value alone.
pub fn is_false(on: &bool) -> bool {
    !on
}

/// An operation, as a type: its parameters and wire name.
pub trait Op {
    type Params;
    const NAME: &'static str;
}

/// Runs operation `O`, producing `Out` (for the daemon: the future of its reply).
pub trait Handles<O: Op, Out> {
    fn handle(self, params: O::Params) -> Out;
}

const S5: u64 = 5_000;
const S10: u64 = 10_000;
const S30: u64 = 30_000;

operations! {
    /// Launch this context's browser (or attach to a running one)
    SessionStart = "session.start" (SessionStartParams, session::args::StartArgs), S30, [BrowserLaunchFailed, SecurityBlocked, SessionAlreadyRunning, SlotLimitReached, CdpDisconnected],
        ["cdt session start --headless", "cdt session start", "cdt session start --headed --viewport 1280x800", "cdt session start --browser-url http://127.0.0.1:9222", "cdt session start --chrome-arg=--lang=de --chrome-arg=--force-dark-mode"];
    /// Show the broker, this context (and how it was resolved) and its browser
    SessionStatus = "session.status" (VerboseParams, cli::NoArgs), S5, [],
        ["cdt session status --verbose", "cdt session status", "cdt session status --verbose   # lease, owner, memory"];
    /// Stop this context's browser (an attached browser is detached, not killed)
    SessionStop = "session.stop" (NoParams, cli::NoArgs), S10, [SessionNotFound],
        ["cdt session stop", "cdt session stop --context-id ctx_0123456789ab"];
    /// Stop and start again, keeping the previous settings unless flags change them
    SessionRestart = "session.restart" (SessionStartParams, session::args::StartArgs), S30, [BrowserLaunchFailed, SecurityBlocked, SlotLimitReached, CdpDisconnected],
        ["cdt session restart", "cdt session restart --headed"];
    /// List every running session of this daemon (operator view)
    SessionList = "session.list" (NoParams, cli::NoArgs), S5, [],
        ["cdt session list", "cdt session list --fields sessions.context,sessions.pages"];
    /// Open a URL in a new page, which becomes current (starts the browser if needed)
    PageOpen = "page.open" (PageOpenParams, page::args::OpenArgs), S30, [NavigationFailed, BrowserLaunchFailed, SlotLimitReached, CdpDisconnected],
        ["cdt page open https://example.com", "cdt page open http://127.0.0.1:8080/app --wait-until networkidle", "cdt page open https://example.com/docs --background", "cdt page open --url https://example.com --fields id,title"];
    /// List this context's pages: id, url, title, and which is current
    PageList = "page.list" (NoParams, cli::NoArgs), S5, [BrowserLaunchFailed, SlotLimitReached, CdpDisconnected],
        ["cdt page list", "cdt page list --output text", "cdt page list | jq '.data.pages[] | select(.current)'"];
    /// Make a page current (ids come from `cdt page list`)
    PageUse = "page.use" (PageUseParams, page::args::UseArgs), S5, [PageNotFound, BrowserLaunchFailed, CdpDisconnected],
        ["cdt page use 2", "cdt page use --page 2"];
    /// Close a page (default: the current one)
    PageClose = "page.close" (PageCloseParams, page::args::CloseArgs), S10, [PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected],
        ["cdt page close 2", "cdt page close", "cdt page close 3"];
    /// Load a URL in the current page (or --page N); waits for `load` by default
    PageNavigate = "page.navigate" (PageNavigateParams, page::args::NavigateArgs), S30, [PageNotFound, NoCurrentPage, NavigationFailed, DialogBlocking, BrowserLaunchFailed, CdpDisconnected],
        ["cdt page navigate https://example.com --wait-until domcontentloaded", "cdt page navigate https://example.com/next", "cdt page navigate http://127.0.0.1:8080/ --page 2 --wait-until domcontentloaded", "cdt page navigate https://example.com --timeout 5000"];
    /// Go back one entry in the page's history
    PageBack = "page.back" (HistoryParams, page::args::HistoryArgs), S30, [PageNotFound, NoCurrentPage, DialogBlocking, CdpDisconnected],
        ["cdt page back", "cdt page back --wait-until domcontentloaded"];
    /// Go forward one entry in the page's history
    PageForward = "page.forward" (HistoryParams, page::args::HistoryArgs), S30, [PageNotFound, NoCurrentPage, DialogBlocking, CdpDisconnected],
        ["cdt page forward"];
    /// Reload the page
    PageReload = "page.reload" (ReloadParams, page::args::ReloadArgs), S30, [PageNotFound, NoCurrentPage, DialogBlocking, CdpDisconnected],
        ["cdt page reload --ignore-cache", "cdt page reload"];
    /// Set the page's viewport size in CSS pixels
    PageResize = "page.resize" (ResizeParams, page::args::ResizeArgs), S5, [PageNotFound, NoCurrentPage, DialogBlocking, CdpDisconnected],
        ["cdt page resize 1280 800"];
    /// Wait until any of the texts appears on the page
    PageWaitText = "page.wait-text" (WaitTextParams, page::args::WaitTextArgs), S10, [PageNotFound, NoCurrentPage, DialogBlocking, CdpDisconnected],
        ["cdt page wait-text 'Welcome' 'Signed in'", "cdt page wait-text 'Welcome'", "cdt page wait-text 'Signed in' 'Wrong password' --timeout 5000"];
    /// Wait until a CSS selector is visible (or hidden, or attached)
    PageWaitSelector = "page.wait-selector" (WaitSelectorParams, page::args::WaitSelectorArgs), S10, [PageNotFound, NoCurrentPage, DialogBlocking, CdpDisconnected],
        ["cdt page wait-selector '#results li' --state visible", "cdt page wait-selector '#results li'", "cdt page wait-selector .spinner --state hidden"];
    /// Wait until the whole URL matches a glob (or a regular expression with --regex)
    PageWaitUrl = "page.wait-url" (WaitUrlParams, page::args::WaitUrlArgs), S10, [PageNotFound, NoCurrentPage, CdpDisconnected],
        ["cdt page wait-url '*/dashboard*'", "cdt page wait-url 'https://example.com/step-?'", "cdt page wait-url --regex 'step-[0-9]+$'"];
    /// Wait until the page's network has been quiet for a while
    PageWaitIdle = "page.wait-idle" (WaitIdleParams, page::args::WaitIdleArgs), S10, [PageNotFound, NoCurrentPage, CdpDisconnected],
        ["cdt page wait-idle --idle-ms 500", "cdt page wait-idle", "cdt page wait-idle --idle-ms 1000"];
    /// The readable text of the page, or of one element
    PageText = "page.text" (ReadParams, page::args::ReadArgs), S5, [PageNotFound, NoCurrentPage, ElementNotFound, UidStale, DialogBlocking, CdpDisconnected],
        ["cdt page text --uid e12", "cdt page text", "cdt page text --uid e40", "cdt page text --selector main --output text"];
    /// The HTML of the page, or of one element
    PageHtml = "page.html" (ReadParams, page::args::ReadArgs), S5, [PageNotFound, NoCurrentPage, ElementNotFound, UidStale, DialogBlocking, CdpDisconnected],
        ["cdt page html --selector main", "cdt page html --selector form"];
    /// The page as compact text with stable uids (see docs/snapshot-format.md)
    CaptureSnapshot = "capture.snapshot" (SnapshotParams, capture::args::SnapshotArgs), S10, [PageNotFound, NoCurrentPage, ElementNotFound, UidStale, DialogBlocking, IoError, CdpDisconnected],
        ["cdt capture snapshot --interactive", "cdt capture snapshot", "cdt capture snapshot --interactive          # actionable nodes and headings only", "cdt capture snapshot --root e40 --depth 2", "cdt capture snapshot --output text          # just the snapshot text"];
    /// A PNG/JPEG/WebP of the viewport, the full page or one element
    CaptureScreenshot = "capture.screenshot" (ScreenshotParams, capture::args::ScreenshotArgs), S30, [PageNotFound, NoCurrentPage, ElementNotFound, UidStale, DialogBlocking, IoError, CdpDisconnected],
        ["cdt capture screenshot --full-page", "cdt capture screenshot", "cdt capture screenshot --full-page --format jpeg --quality 70", "cdt capture screenshot --uid e12 --file ./button.png"];
    /// Print the page to PDF
    CapturePdf = "capture.pdf" (PdfParams, capture::args::PdfArgs), S30, [PageNotFound, NoCurrentPage, DialogBlocking, IoError, CdpDisconnected],
        ["cdt capture pdf page.pdf", "cdt capture pdf ./page.pdf"];
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
        ["cdt element find 'Sign in'"];
    /// Press a key or chord: Enter, Tab, Escape, Control+A, Shift+Tab, F5, a, …
    InputKey = "input.key" (KeyParams, input::args::KeyArgs), S10, [DialogBlocking, PageNotFound, CdpDisconnected],
        ["cdt input key Control+A", "cdt input key Enter"];
    /// Type text into the focused element (any script), optionally pressing a key after
    InputType = "input.type" (TypeParams, input::args::TypeArgs), S10, [DialogBlocking, PageNotFound, CdpDisconnected],
        ["cdt input type 'hello world' --submit Enter", "cdt input type 'hello world'", "cdt input type 'Zoë' --submit Enter"];
    /// Move the mouse to x y (CSS pixels of the viewport)
    InputMouseMove = "input.mouse-move" (PointParams, input::args::PointArgs), S10, [DialogBlocking, PageNotFound, CdpDisconnected],
        ["cdt input mouse-move 200 300"];
    /// Click at x y
    InputClick = "input.click" (PointParams, input::args::PointArgs), S10, [DialogBlocking, PageNotFound, CdpDisconnected],
        ["cdt input click 200 300", "cdt input click 200 300 --button right"];
    /// Press a mouse button at x y
    InputMouseDown = "input.mouse-down" (PointParams, input::args::PointArgs), S10, [DialogBlocking, PageNotFound, CdpDisconnected],
        ["cdt input mouse-down 200 300"];
    /// Release a mouse button at x y
    InputMouseUp = "input.mouse-up" (PointParams, input::args::PointArgs), S10, [DialogBlocking, PageNotFound, CdpDisconnected],
        ["cdt input mouse-up 200 300"];
    /// Drag from x1 y1 to x2 y2
    InputDrag = "input.drag" (PointDragParams, input::args::DragArgs), S10, [DialogBlocking, PageNotFound, CdpDisconnected],
        ["cdt input drag 10 10 300 200"];
    /// Scroll with the mouse wheel
    InputScroll = "input.scroll" (ScrollParams, input::args::ScrollArgs), S10, [DialogBlocking, PageNotFound, CdpDisconnected],
        ["cdt input scroll --dy 800", "cdt input scroll --dx 200 --at 400,300"];
    /// Accept or dismiss the open JavaScript dialog (alert, confirm, prompt, beforeunload)
    DialogHandle = "dialog.handle" (DialogHandleParams, dialog::args::HandleArgs), S5, [DialogNotOpen, PageNotFound, CdpDisconnected],
        ["cdt dialog handle accept --text 'my answer'", "cdt dialog handle accept", "cdt dialog handle dismiss", "cdt dialog handle accept --text 'my answer'   # a prompt()"];
    /// Whether a dialog is open, with its type and message
    DialogStatus = "dialog.status" (PageParams, page::args::PageArg), S5, [PageNotFound, CdpDisconnected],
        ["cdt dialog status"];
    /// Evaluate JavaScript in the page (on its own session; terminated past --timeout)
    RuntimeEval = "runtime.eval" (EvalParams, runtime::args::EvalArgs), S10, [EvalException, UidStale, DialogBlocking, ResultTooLarge, PageNotFound, CdpDisconnected],
        ["cdt runtime eval 'document.title'", "cdt runtime eval '(el) => el.value' --arg e5", "cdt runtime eval 'fetch(\"/api\").then(r => r.status)' --await", "cdt runtime eval 'while (true) {}' --timeout 500      # TIMEOUT; the page stays usable"];
    /// url, title, viewport, scroll, focus, dialog, loading, network idle, DOM stable
    ObserveState = "observe.state" (PageParams, page::args::PageArg), S5, [DialogBlocking, PageNotFound, NoCurrentPage, CdpDisconnected],
        ["cdt observe state"];
    /// Actionable elements with uid, role, name, box, visibility and a selector
    ObserveTargets = "observe.targets" (PageParams, page::args::PageArg), S5, [DialogBlocking, PageNotFound, NoCurrentPage, CdpDisconnected],
        ["cdt observe targets", "cdt observe targets --fields targets.uid,targets.name,targets.bbox"];
    /// Console messages of a page since its last navigation (logs, exceptions, browser errors)
    ConsoleList = "console.list" (ConsoleListParams, console::args::ListArgs), S5, [PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected],
        ["cdt console list --type error,warn --limit 20", "cdt console list", "cdt console list --preserved --since 40 --page 2"];
    /// One message with its arguments and stack
    ConsoleGet = "console.get" (IdParams, console::args::IdArg), S5, [ConsoleMessageNotFound, BrowserLaunchFailed, CdpDisconnected],
        ["cdt console get 3"];
    /// Wait for the first new message whose text matches a regular expression
    ConsoleWait = "console.wait" (ConsoleWaitParams, console::args::WaitArgs), S10, [PageNotFound, BrowserLaunchFailed, CdpDisconnected],
        ["cdt console wait --pattern 'ready|loaded' --type log --timeout 5000", "cdt console wait --pattern 'ready'", "cdt console wait --pattern 'Error|failed' --type error,exception --timeout 5000"];
    /// Forget recorded messages (of one page, or all)
    ConsoleClear = "console.clear" (PageScopeParams, console::args::PageScopeArgs), S5, [PageNotFound, BrowserLaunchFailed, CdpDisconnected],
        ["cdt console clear", "cdt console clear --page 2"];
    /// Requests of a page since its last navigation (iframes and workers included)
    NetworkList = "network.list" (NetworkListParams, network::args::ListArgs), S5, [PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected],
        ["cdt network list --type xhr,fetch --status 4xx", "cdt network list", "cdt network list --method POST --url-includes /api/ --limit 10", "cdt network list --failed --preserved"];
    /// One request: headers, timing, redirects, failure, body previews
    NetworkGet = "network.get" (IdParams, network::args::GetArgs), S5, [NetworkRequestNotFound, BrowserLaunchFailed, CdpDisconnected],
        ["cdt network get 7", "cdt network get 7 --include-secrets"];
    /// The full response (or request) body; base64 for binary
    NetworkBody = "network.body" (NetworkBodyParams, network::args::BodyArgs), S10, [NetworkRequestNotFound, BodyNotAvailable, ResultTooLarge, IoError, BrowserLaunchFailed, CdpDisconnected],
        ["cdt network body 7 --file out.json", "cdt network body 7", "cdt network body 7 --file ./response.json", "cdt network body 9 --request"];
    /// Wait for the first new request that matches, once it has finished (or failed)
    NetworkWait = "network.wait" (NetworkWaitParams, network::args::WaitArgs), S10, [PageNotFound, BrowserLaunchFailed, CdpDisconnected],
        ["cdt network wait --url-includes /api/login --method POST --status 2xx", "cdt network wait --url-includes /api/login --method POST", "cdt network wait --url-includes .json --status 2xx --timeout 5000"];
    /// Write the page's requests as a HAR 1.2 file
    NetworkHar = "network.har" (NetworkHarParams, network::args::HarArgs), 15_000, [PageNotFound, NoCurrentPage, IoError, BrowserLaunchFailed, CdpDisconnected],
        ["cdt network har session.har", "cdt network har ./session.har", "cdt network har /tmp/p2.har --page 2"];
    /// Forget recorded requests (of one page, or all)
    NetworkClear = "network.clear" (PageScopeParams, console::args::PageScopeArgs), S5, [PageNotFound, BrowserLaunchFailed, CdpDisconnected],
        ["cdt network clear"];
    /// Read normalized events from an offset; pass the returned nextOffset to continue
    EventsRead = "events.read" (EventsReadParams, events::args::ReadArgs), S5, [BrowserLaunchFailed, CdpDisconnected],
        ["cdt events read --offset 0 --limit 200 --kinds request,response", "cdt events read", "cdt events read --offset 1200 --limit 200 --kinds request,response", "cdt events read --kinds console,log --url-includes app.js", "cdt events read --page 2 --tail --limit 20"]
        "Each reply carries `nextOffset` (poll again from it: nothing is missed or repeated) and\n`dropped` (events that left the buffer before they were read).";
    /// Show the active filters
    EventsFiltersGet = "events.filters.get" (NoParams, cli::NoArgs), S5, [BrowserLaunchFailed, CdpDisconnected],
        ["cdt events filters get"];
    /// Change the filters (options not given keep their value). They apply to events from the returned `appliesFromOffset` on; events already buffered stay as they are
    EventsFiltersSet = "events.filters.set" (EventFiltersSetParams, events::args::FiltersSetArgs), S5, [BrowserLaunchFailed, CdpDisconnected],
        ["cdt events filters set --kinds request,response --url-block analytics", "cdt events filters set --kinds network --url-block analytics,ads", "cdt events filters set --url-allow /api/ --max-body-bytes 16000", "cdt events filters set --kinds ''   # all kinds again"];
    // parity: emulation, trace, storage
    /// Emulate a device, network, CPU, place, colour scheme, timezone or locale. Only the settings given change; the others stay. Applies to every page of the context (new ones too) and survives navigation
    EmulationSet = "emulation.set" (EmulationSetParams, emulation::args::SetArgs), S10, [BrowserLaunchFailed, CdpDisconnected, DialogBlocking],
        ["cdt emulation set --viewport 390x844x3,mobile,touch --network slow-4g --cpu 4", "cdt emulation set --viewport 390x844x3,mobile,touch --user-agent 'Mozilla/5.0 (iPhone) cdt'", "cdt emulation set --network slow-3g --cpu 4", "cdt emulation set --network 300/1600/750        # latency ms / down kbit/s / up kbit/s", "cdt emulation set --geolocation 48.8566,2.3522 --timezone Europe/Paris --locale fr-FR", "cdt emulation set --color-scheme dark --headers '{\"X-Test\":\"1\"}'"]
        "While CPU or network throttling is on, commands run without --timeout get a longer\ndefault budget (see docs/emulation.md).";
    /// Stop emulating: everything, or only some kinds (--only)
    EmulationReset = "emulation.reset" (EmulationResetParams, emulation::args::ResetArgs), S10, [BrowserLaunchFailed, CdpDisconnected, DialogBlocking],
        ["cdt emulation reset", "cdt emulation reset --only network,cpu"];
    /// Show what is emulated now (and the budget scale it implies)
    EmulationShow = "emulation.show" (NoParams, cli::NoArgs), S5, [BrowserLaunchFailed, CdpDisconnected],
        ["cdt emulation show", "cdt emulation show --output text"];
    /// Start recording a performance trace of the page (--reload: of a fresh page load)
    TraceStart = "trace.start" (TraceStartParams, trace::args::StartArgs), S30, [PageNotFound, NoCurrentPage, TraceAlreadyRunning, DialogBlocking, BrowserLaunchFailed, CdpDisconnected],
        ["cdt trace start --reload", "cdt trace start --page 2 --screenshots", "cdt trace start --categories devtools.timeline,loading,blink.user_timing", "cdt trace start --reload --auto-stop --file /tmp/load.json.gz"];
    /// Stop recording and write the trace (Chrome JSON; gzipped when the name ends in .gz) for DevTools' Performance panel or Perfetto; prints a one-line summary per insight
    TraceStop = "trace.stop" (TraceStopParams, trace::args::StopArgs), S30, [TraceNotRunning, IoError, BrowserLaunchFailed, CdpDisconnected],
        ["cdt trace stop --file /tmp/load.json.gz", "cdt trace stop", "cdt trace stop --file ./load.json"]
        "Default file: <CDT_HOME>/contexts/<hash>/trace/trace-<time>.json.gz";
    /// Insights computed by cdt from the last trace (or --file): LCP and its breakdown, CLS and the shifted nodes, INP, long tasks, render-blocking requests, document latency, DOM size, third parties. See docs/insights.md for inputs, formulas and thresholds
    TraceInsight = "trace.insight" (TraceInsightParams, trace::args::InsightArgs), S10, [TraceNotFound, IoError, BrowserLaunchFailed],
        ["cdt trace insight lcp", "cdt trace insight", "cdt trace insight long-tasks --file /tmp/load.json.gz", "cdt trace insight --fields insights.name,insights.summary"];
    /// List cookies (values included: they are secrets, handle the output with care)
    StorageCookiesList = "storage.cookies.list" (CookieListParams, storage::args::CookieFilterArgs), S5, [BrowserLaunchFailed, CdpDisconnected],
        ["cdt storage cookies list --domain example.com", "cdt storage cookies list", "cdt storage cookies list --domain example.com --name session"];
    /// Set a cookie
    StorageCookiesSet = "storage.cookies.set" (CookieSetParams, storage::args::CookieSetArgs), S5, [BrowserLaunchFailed, CdpDisconnected],
        ["cdt storage cookies set session abc123 --url https://example.com", "cdt storage cookies set session abc123 --url http://127.0.0.1:8080/", "cdt storage cookies set theme dark --domain example.com --path / --same-site lax --expires 1893456000"];
    /// Delete cookies: all, or those matching --domain / --name
    StorageCookiesClear = "storage.cookies.clear" (CookieClearParams, storage::args::CookieFilterArgs), S5, [BrowserLaunchFailed, CdpDisconnected],
        ["cdt storage cookies clear --domain example.com", "cdt storage cookies clear"];
    /// All items, or one key's value
    StorageLocalGet = "storage.local.get" (WebStorageParams, storage::args::KeyArgs), S5, [OriginNotOpen, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected, DialogBlocking],
        ["cdt storage local get token", "cdt storage local get", "cdt storage local get token --origin http://127.0.0.1:8080"];
    /// Set one item
    StorageLocalSet = "storage.local.set" (WebStorageParams, storage::args::KeyValueArgs), S5, [OriginNotOpen, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected, DialogBlocking],
        ["cdt storage local set token abc123", "cdt storage local set theme dark --page 2"];
    /// Remove one key, or every item
    StorageLocalClear = "storage.local.clear" (WebStorageParams, storage::args::KeyArgs), S5, [OriginNotOpen, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected, DialogBlocking],
        ["cdt storage local clear", "cdt storage local clear token"];
    /// All items, or one key's value
    StorageSessionGet = "storage.session.get" (WebStorageParams, storage::args::KeyArgs), S5, [OriginNotOpen, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected, DialogBlocking],
        ["cdt storage session get --origin http://127.0.0.1:8080", "cdt storage session get", "cdt storage session get step --page 2"];
    /// Set one item
    StorageSessionSet = "storage.session.set" (WebStorageParams, storage::args::KeyValueArgs), S5, [OriginNotOpen, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected, DialogBlocking],
        ["cdt storage session set step 2", "cdt storage session set step 2 --page 2"];
    /// Remove one key, or every item
    StorageSessionClear = "storage.session.clear" (WebStorageParams, storage::args::KeyArgs), S5, [OriginNotOpen, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected, DialogBlocking],
        ["cdt storage session clear", "cdt storage session clear step"];
    /// Write cookies and every open origin's local and session storage to a file (mode 0600: it holds secrets)
    StorageSave = "storage.save" (StorageFileParams, storage::args::FileArgs), S10, [IoError, SecurityBlocked, BrowserLaunchFailed, CdpDisconnected],
        ["cdt storage save ~/state.json", "CDT_CONTEXT_ID=other cdt storage load ~/state.json"];
    /// Load a file written by `storage save` into this context: cookies, local storage of each origin, and session storage of origins the page shows. Refuses a file other users can write, and symbolic links
    StorageLoad = "storage.load" (StorageFileParams, storage::args::FileArgs), S30, [IoError, SecurityBlocked, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected],
        ["cdt storage load ~/state.json", "cdt storage load /tmp/state.json --page 2"];
    // observer (seed 002): the ring per page
    /// Remove events from the buffer: one page's, or all (offsets go on from where they were)
    EventsClear = "events.clear" (PageScopeParams, console::args::PageScopeArgs), S5, [PageNotFound, BrowserLaunchFailed, CdpDisconnected],
        ["cdt events clear --page 2", "cdt events clear"];
    /// Let a page's events into the buffer again (every page is observed from its start)
    EventsObserve = "events.observe" (EventsObserveParams, events::args::ObserveArgs), S5, [PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected],
        ["cdt events observe --url-includes /checkout", "cdt events observe --page 2"];
    /// Keep a page's events out of the buffer (console and network lists are unaffected)
    EventsUnobserve = "events.unobserve" (EventsUnobserveParams, events::args::UnobserveArgs), S5, [PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected],
        ["cdt events unobserve --page 2 --drop-buffer", "cdt events unobserve --page 2", "cdt events unobserve --drop-buffer"];
    /// Show whether the daemon runs, its pid, socket, slots and (with --verbose) metrics
    DaemonStatus = "daemon.status" (VerboseParams, cli::NoArgs), S5, [],
        ["cdt daemon status --verbose", "cdt daemon status", "cdt daemon status --verbose | jq .data.metrics"];
    /// Stop the daemon and every browser it runs
    DaemonStop = "daemon.stop" (NoParams, cli::NoArgs), 15_000, [],
        ["cdt daemon stop"];
}

impl Operation {
    pub fn spec(&self) -> &'static OpSpec {
        op_spec(self.name()).unwrap_or(&OP_SPECS[0])
    }
}

pub fn op_spec(name: &str) -> Option<&'static OpSpec> {
    OP_SPECS.iter().find(|spec| spec.name == name)
}

/// Codes every operation can return.
pub fn common_errors() -> &'static [ErrorCode] {
    &COMMON
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_op_has_a_spec_and_schema() {
        for spec in OP_SPECS {
            assert!(
                params_schema(spec.name).is_some(),
                "{} has no schema",
                spec.name
            );
            assert!(spec.errors.contains(&ErrorCode::Timeout));
        }
    }

    /// Every variant of [`Operation`] (read from its schema) has a spec and a params schema.
    #[test]
    fn every_operation_variant_is_registered() {
        let schema = serde_json::to_value(schemars::schema_for!(Operation)).unwrap_or_default();
        let text = schema.to_string();
        let mut names = Vec::new();
        for variant in schema["oneOf"].as_array().into_iter().flatten() {
            if let Some(name) = variant["properties"]["op"]["const"]
                .as_str()
                .or_else(|| variant["properties"]["op"]["enum"][0].as_str())
            {
                names.push(name.to_string());
            }
        }
        assert!(
            names.len() >= 25,
            "could not read the op names from the schema: {text}"
        );
        for name in names {
            assert!(op_spec(&name).is_some(), "{name} has no OpSpec");
            assert!(
                params_schema(&name).is_some(),
                "{name} has no params schema"
            );
        }
    }

    #[test]
    fn operation_wire_form() {
        let op = Operation::PageUse(PageUseParams { id: 3 });
        let json = serde_json::to_string(&op).unwrap_or_default();
        assert_eq!(json, r#"{"op":"page.use","params":{"id":3}}"#);
        assert_eq!(op.spec().name, "page.use");
        let unknown: Result<Operation, _> =
            serde_json::from_str(r#"{"op":"page.explode","params":{}}"#);
        assert!(unknown.is_err());
    }
}
