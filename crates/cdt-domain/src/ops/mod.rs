//! Request schemas: every operation the daemon performs, its parameters (with JSON schemas for
//! `--describe`), its default budget and the error codes it can return.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::error::ErrorCode;
mod agent_loop;
mod emulation;
mod page;
mod session;
mod storage;
mod telemetry;
mod trace;

pub use agent_loop::*;
pub use emulation::*;
pub use page::*;
pub use session::*;
pub use storage::*;
pub use telemetry::*;
pub use trace::*;

/// Static facts about an operation, shared by `--describe`, `--help` and the daemon.
#[derive(Clone, Copy, Debug)]
pub struct OpSpec {
    pub name: &'static str,
    /// Budget used when `--timeout` is not given.
    pub default_timeout_ms: u64,
    pub errors: &'static [ErrorCode],
    pub example: &'static str,
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

/// One line per operation: its variant, wire name, parameters, default budget, the error codes
/// it can return beyond the common ones, and an example. Everything else is generated from it,
/// so an operation can never lack a spec or a schema.
macro_rules! operations {
    ($( $variant:ident = $name:literal ($params:ty), $timeout:expr, [$($code:ident),*], $example:literal; )*) => {
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
            $( OpSpec { name: $name, default_timeout_ms: $timeout, errors: errors!($($code),*), example: $example }, )*
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
    SessionStart = "session.start" (SessionStartParams), S30, [BrowserLaunchFailed, SecurityBlocked, SessionAlreadyRunning, SlotLimitReached, CdpDisconnected], "cdt session start --headless";
    SessionStatus = "session.status" (VerboseParams), S5, [], "cdt session status --verbose";
    SessionStop = "session.stop" (NoParams), S10, [SessionNotFound], "cdt session stop";
    SessionRestart = "session.restart" (SessionStartParams), S30, [BrowserLaunchFailed, SecurityBlocked, SlotLimitReached, CdpDisconnected], "cdt session restart";
    SessionList = "session.list" (NoParams), S5, [], "cdt session list";
    PageOpen = "page.open" (PageOpenParams), S30, [NavigationFailed, BrowserLaunchFailed, SlotLimitReached, CdpDisconnected], "cdt page open https://example.com";
    PageList = "page.list" (NoParams), S5, [BrowserLaunchFailed, SlotLimitReached, CdpDisconnected], "cdt page list";
    PageUse = "page.use" (PageUseParams), S5, [PageNotFound, BrowserLaunchFailed, CdpDisconnected], "cdt page use 2";
    PageClose = "page.close" (PageCloseParams), S10, [PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected], "cdt page close 2";
    PageNavigate = "page.navigate" (PageNavigateParams), S30, [PageNotFound, NoCurrentPage, NavigationFailed, DialogBlocking, BrowserLaunchFailed, CdpDisconnected], "cdt page navigate https://example.com --wait-until domcontentloaded";
    PageBack = "page.back" (HistoryParams), S30, [PageNotFound, NoCurrentPage, DialogBlocking, CdpDisconnected], "cdt page back";
    PageForward = "page.forward" (HistoryParams), S30, [PageNotFound, NoCurrentPage, DialogBlocking, CdpDisconnected], "cdt page forward";
    PageReload = "page.reload" (ReloadParams), S30, [PageNotFound, NoCurrentPage, DialogBlocking, CdpDisconnected], "cdt page reload --ignore-cache";
    PageResize = "page.resize" (ResizeParams), S5, [PageNotFound, NoCurrentPage, DialogBlocking, CdpDisconnected], "cdt page resize 1280 800";
    PageWaitText = "page.wait-text" (WaitTextParams), S10, [PageNotFound, NoCurrentPage, DialogBlocking, CdpDisconnected], "cdt page wait-text 'Welcome' 'Signed in'";
    PageWaitSelector = "page.wait-selector" (WaitSelectorParams), S10, [PageNotFound, NoCurrentPage, DialogBlocking, CdpDisconnected], "cdt page wait-selector '#results li' --state visible";
    PageWaitUrl = "page.wait-url" (WaitUrlParams), S10, [PageNotFound, NoCurrentPage, CdpDisconnected], "cdt page wait-url '*/dashboard*'";
    PageWaitIdle = "page.wait-idle" (WaitIdleParams), S10, [PageNotFound, NoCurrentPage, CdpDisconnected], "cdt page wait-idle --idle-ms 500";
    PageText = "page.text" (ReadParams), S5, [PageNotFound, NoCurrentPage, ElementNotFound, UidStale, DialogBlocking, CdpDisconnected], "cdt page text --uid e12";
    PageHtml = "page.html" (ReadParams), S5, [PageNotFound, NoCurrentPage, ElementNotFound, UidStale, DialogBlocking, CdpDisconnected], "cdt page html --selector main";
    CaptureSnapshot = "capture.snapshot" (SnapshotParams), S10, [PageNotFound, NoCurrentPage, ElementNotFound, UidStale, DialogBlocking, IoError, CdpDisconnected], "cdt capture snapshot --interactive";
    CaptureScreenshot = "capture.screenshot" (ScreenshotParams), S30, [PageNotFound, NoCurrentPage, ElementNotFound, UidStale, DialogBlocking, IoError, CdpDisconnected], "cdt capture screenshot --full-page";
    CapturePdf = "capture.pdf" (PdfParams), S30, [PageNotFound, NoCurrentPage, DialogBlocking, IoError, CdpDisconnected], "cdt capture pdf page.pdf";
    ElementClick = "element.click" (ClickParams), S10, [ElementNotFound, UidStale, TargetObscured, TargetNotInteractable, TargetOutOfView, DialogBlocking, PageNotFound, NoCurrentPage, CdpDisconnected], "cdt element click e12";
    ElementDblclick = "element.dblclick" (ElementActionParams), S10, [ElementNotFound, UidStale, TargetObscured, TargetNotInteractable, TargetOutOfView, DialogBlocking, PageNotFound, CdpDisconnected], "cdt element dblclick e12";
    ElementHover = "element.hover" (ElementActionParams), S10, [ElementNotFound, UidStale, TargetObscured, TargetNotInteractable, TargetOutOfView, DialogBlocking, PageNotFound, CdpDisconnected], "cdt element hover e7";
    ElementDrag = "element.drag" (DragParams), S10, [ElementNotFound, UidStale, TargetObscured, TargetNotInteractable, DialogBlocking, PageNotFound, CdpDisconnected], "cdt element drag e4 e9";
    ElementFill = "element.fill" (FillParams), S10, [ElementNotFound, UidStale, TargetNotInteractable, DialogBlocking, PageNotFound, CdpDisconnected], "cdt element fill e5 'ada@example.com'";
    ElementFillForm = "element.fill-form" (FillFormParams), S30, [ElementNotFound, UidStale, TargetNotInteractable, DialogBlocking, PageNotFound, CdpDisconnected], "cdt element fill-form --field e5=ada --field e6=secret";
    ElementSelect = "element.select" (FillParams), S10, [ElementNotFound, UidStale, TargetNotInteractable, DialogBlocking, PageNotFound, CdpDisconnected], "cdt element select e8 'Germany'";
    ElementCheck = "element.check" (CheckParams), S10, [ElementNotFound, UidStale, TargetObscured, TargetNotInteractable, DialogBlocking, PageNotFound, CdpDisconnected], "cdt element check e9 --checked false";
    ElementUpload = "element.upload" (UploadParams), S10, [ElementNotFound, UidStale, TargetNotInteractable, IoError, DialogBlocking, PageNotFound, CdpDisconnected], "cdt element upload e11 ./cv.pdf";
    ElementClear = "element.clear" (ElementActionParams), S10, [ElementNotFound, UidStale, TargetNotInteractable, DialogBlocking, PageNotFound, CdpDisconnected], "cdt element clear e5";
    ElementFocus = "element.focus" (ElementActionParams), S10, [ElementNotFound, UidStale, DialogBlocking, PageNotFound, CdpDisconnected], "cdt element focus e5";
    ElementScrollIntoView = "element.scroll-into-view" (ElementActionParams), S10, [ElementNotFound, UidStale, DialogBlocking, PageNotFound, CdpDisconnected], "cdt element scroll-into-view e40";
    ElementInspect = "element.inspect" (ElementActionParams), S5, [ElementNotFound, UidStale, DialogBlocking, PageNotFound, CdpDisconnected], "cdt element inspect e12";
    ElementFind = "element.find" (FindParams), S5, [DialogBlocking, PageNotFound, CdpDisconnected], "cdt element find 'Sign in'";
    InputKey = "input.key" (KeyParams), S10, [DialogBlocking, PageNotFound, CdpDisconnected], "cdt input key Control+A";
    InputType = "input.type" (TypeParams), S10, [DialogBlocking, PageNotFound, CdpDisconnected], "cdt input type 'hello world' --submit Enter";
    InputMouseMove = "input.mouse-move" (PointParams), S10, [DialogBlocking, PageNotFound, CdpDisconnected], "cdt input mouse-move 200 300";
    InputClick = "input.click" (PointParams), S10, [DialogBlocking, PageNotFound, CdpDisconnected], "cdt input click 200 300";
    InputMouseDown = "input.mouse-down" (PointParams), S10, [DialogBlocking, PageNotFound, CdpDisconnected], "cdt input mouse-down 200 300";
    InputMouseUp = "input.mouse-up" (PointParams), S10, [DialogBlocking, PageNotFound, CdpDisconnected], "cdt input mouse-up 200 300";
    InputDrag = "input.drag" (PointDragParams), S10, [DialogBlocking, PageNotFound, CdpDisconnected], "cdt input drag 10 10 300 200";
    InputScroll = "input.scroll" (ScrollParams), S10, [DialogBlocking, PageNotFound, CdpDisconnected], "cdt input scroll --dy 800";
    DialogHandle = "dialog.handle" (DialogHandleParams), S5, [DialogNotOpen, PageNotFound, CdpDisconnected], "cdt dialog handle accept --text 'my answer'";
    DialogStatus = "dialog.status" (PageParams), S5, [PageNotFound, CdpDisconnected], "cdt dialog status";
    RuntimeEval = "runtime.eval" (EvalParams), S10, [EvalException, UidStale, DialogBlocking, ResultTooLarge, PageNotFound, CdpDisconnected], "cdt runtime eval 'document.title'";
    ObserveState = "observe.state" (PageParams), S5, [DialogBlocking, PageNotFound, NoCurrentPage, CdpDisconnected], "cdt observe state";
    ObserveTargets = "observe.targets" (PageParams), S5, [DialogBlocking, PageNotFound, NoCurrentPage, CdpDisconnected], "cdt observe targets";
    ConsoleList = "console.list" (ConsoleListParams), S5, [PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected], "cdt console list --type error,warn --limit 20";
    ConsoleGet = "console.get" (IdParams), S5, [ConsoleMessageNotFound, BrowserLaunchFailed, CdpDisconnected], "cdt console get 3";
    ConsoleWait = "console.wait" (ConsoleWaitParams), S10, [PageNotFound, BrowserLaunchFailed, CdpDisconnected], "cdt console wait --pattern 'ready|loaded' --type log --timeout 5000";
    ConsoleClear = "console.clear" (PageScopeParams), S5, [PageNotFound, BrowserLaunchFailed, CdpDisconnected], "cdt console clear";
    NetworkList = "network.list" (NetworkListParams), S5, [PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected], "cdt network list --type xhr,fetch --status 4xx";
    NetworkGet = "network.get" (IdParams), S5, [NetworkRequestNotFound, BrowserLaunchFailed, CdpDisconnected], "cdt network get 7";
    NetworkBody = "network.body" (NetworkBodyParams), S10, [NetworkRequestNotFound, BodyNotAvailable, ResultTooLarge, IoError, BrowserLaunchFailed, CdpDisconnected], "cdt network body 7 --file out.json";
    NetworkWait = "network.wait" (NetworkWaitParams), S10, [PageNotFound, BrowserLaunchFailed, CdpDisconnected], "cdt network wait --url-includes /api/login --method POST --status 2xx";
    NetworkHar = "network.har" (NetworkHarParams), 15_000, [PageNotFound, NoCurrentPage, IoError, BrowserLaunchFailed, CdpDisconnected], "cdt network har session.har";
    NetworkClear = "network.clear" (PageScopeParams), S5, [PageNotFound, BrowserLaunchFailed, CdpDisconnected], "cdt network clear";
    EventsRead = "events.read" (EventsReadParams), S5, [BrowserLaunchFailed, CdpDisconnected], "cdt events read --offset 0 --limit 200 --kinds request,response";
    EventsFiltersGet = "events.filters.get" (NoParams), S5, [BrowserLaunchFailed, CdpDisconnected], "cdt events filters get";
    EventsFiltersSet = "events.filters.set" (EventFiltersSetParams), S5, [BrowserLaunchFailed, CdpDisconnected], "cdt events filters set --kinds request,response --url-block analytics";
    // parity: emulation, trace, storage
    EmulationSet = "emulation.set" (EmulationSetParams), S10, [BrowserLaunchFailed, CdpDisconnected, DialogBlocking], "cdt emulation set --viewport 390x844x3,mobile,touch --network slow-4g --cpu 4";
    EmulationReset = "emulation.reset" (EmulationResetParams), S10, [BrowserLaunchFailed, CdpDisconnected, DialogBlocking], "cdt emulation reset";
    EmulationShow = "emulation.show" (NoParams), S5, [BrowserLaunchFailed, CdpDisconnected], "cdt emulation show";
    TraceStart = "trace.start" (TraceStartParams), S30, [PageNotFound, NoCurrentPage, TraceAlreadyRunning, DialogBlocking, BrowserLaunchFailed, CdpDisconnected], "cdt trace start --reload";
    TraceStop = "trace.stop" (TraceStopParams), S30, [TraceNotRunning, IoError, BrowserLaunchFailed, CdpDisconnected], "cdt trace stop --file /tmp/load.json.gz";
    TraceInsight = "trace.insight" (TraceInsightParams), S10, [TraceNotFound, IoError, BrowserLaunchFailed], "cdt trace insight lcp";
    StorageCookiesList = "storage.cookies.list" (CookieListParams), S5, [BrowserLaunchFailed, CdpDisconnected], "cdt storage cookies list --domain example.com";
    StorageCookiesSet = "storage.cookies.set" (CookieSetParams), S5, [BrowserLaunchFailed, CdpDisconnected], "cdt storage cookies set session abc123 --url https://example.com";
    StorageCookiesClear = "storage.cookies.clear" (CookieClearParams), S5, [BrowserLaunchFailed, CdpDisconnected], "cdt storage cookies clear --domain example.com";
    StorageLocalGet = "storage.local.get" (WebStorageParams), S5, [OriginNotOpen, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected, DialogBlocking], "cdt storage local get token";
    StorageLocalSet = "storage.local.set" (WebStorageParams), S5, [OriginNotOpen, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected, DialogBlocking], "cdt storage local set token abc123";
    StorageLocalClear = "storage.local.clear" (WebStorageParams), S5, [OriginNotOpen, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected, DialogBlocking], "cdt storage local clear";
    StorageSessionGet = "storage.session.get" (WebStorageParams), S5, [OriginNotOpen, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected, DialogBlocking], "cdt storage session get --origin http://127.0.0.1:8080";
    StorageSessionSet = "storage.session.set" (WebStorageParams), S5, [OriginNotOpen, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected, DialogBlocking], "cdt storage session set step 2";
    StorageSessionClear = "storage.session.clear" (WebStorageParams), S5, [OriginNotOpen, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected, DialogBlocking], "cdt storage session clear";
    StorageSave = "storage.save" (StorageFileParams), S10, [IoError, SecurityBlocked, BrowserLaunchFailed, CdpDisconnected], "cdt storage save ~/state.json";
    StorageLoad = "storage.load" (StorageFileParams), S30, [IoError, SecurityBlocked, PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected], "cdt storage load ~/state.json";
    // observer (seed 002): the ring per page
    EventsClear = "events.clear" (PageScopeParams), S5, [PageNotFound, BrowserLaunchFailed, CdpDisconnected], "cdt events clear --page 2";
    EventsObserve = "events.observe" (EventsObserveParams), S5, [PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected], "cdt events observe --url-includes /checkout";
    EventsUnobserve = "events.unobserve" (EventsUnobserveParams), S5, [PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected], "cdt events unobserve --page 2 --drop-buffer";
    DaemonStatus = "daemon.status" (VerboseParams), S5, [], "cdt daemon status --verbose";
    DaemonStop = "daemon.stop" (NoParams), 15_000, [], "cdt daemon stop";
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
