//! The dispatcher: one operation → its use case, with the narrow context that use case needs.

use std::sync::Arc;

use cdt_domain::ops::Operation;
use cdt_domain::storage::StorageArea;
use cdt_domain::{CdtError, ResolvedContext};
use serde_json::Value;
use tokio::time::Instant;

use crate::context::Scope;
use crate::interact::element::{ElementCommand, FillAction, PointerAction};
use crate::interact::input::MouseAction;
use crate::interact::read::ReadKind;
use crate::interact::{
    capture, dialog, element, eval, input, navigation, observe, read, snapshot, wait,
};
use crate::runtime::Runtime;
use crate::{console, daemon, emulation, events, network, page, session, storage, trace};

/// Runs `operation` for the caller. The slot lifecycle and daemon-wide operations work on the
/// runtime; every other use case gets the caller's [`Scope`] only.
pub async fn run(
    runtime: &Arc<Runtime>,
    operation: Operation,
    context: &ResolvedContext,
    until: Instant,
) -> Result<Value, CdtError> {
    match operation {
        Operation::SessionStart(params) => session::start(runtime, context, &params, until).await,
        Operation::SessionStatus(params) => {
            Ok(session::status(runtime, context, params.verbose).await)
        }
        Operation::SessionStop(_) => session::stop(runtime, context).await,
        Operation::SessionRestart(params) => {
            session::restart(runtime, context, &params, until).await
        }
        Operation::SessionList(_) => Ok(session::list(runtime)),
        Operation::DaemonStatus(params) => Ok(daemon::status(runtime, params.verbose).await),
        Operation::DaemonStop(_) => Ok(daemon::stop(runtime).await),
        operation => {
            let scope = Scope::new(runtime, context);
            agent_loop(&scope, operation, until).await
        }
    }
}

/// Pages, captures, element and input actions, dialogs, evaluation, observation.
async fn agent_loop(
    scope: &Scope<'_>,
    operation: Operation,
    until: Instant,
) -> Result<Value, CdtError> {
    match operation {
        Operation::PageOpen(params) => page::open(scope, &params, until).await,
        Operation::PageList(_) => page::list(scope, until).await,
        Operation::PageUse(params) => page::use_page(scope, params.id, until).await,
        Operation::PageClose(params) => page::close(scope, params.id, until).await,
        Operation::PageNavigate(params) => page::navigate(scope, &params, until).await,
        Operation::PageBack(params) => navigation::history(scope, &params, -1, until).await,
        Operation::PageForward(params) => navigation::history(scope, &params, 1, until).await,
        Operation::PageReload(params) => navigation::reload(scope, &params, until).await,
        Operation::PageResize(params) => navigation::resize(scope, &params, until).await,
        Operation::PageWaitText(params) => wait::wait_text(scope, &params, until).await,
        Operation::PageWaitSelector(params) => wait::wait_selector(scope, &params, until).await,
        Operation::PageWaitUrl(params) => wait::wait_url(scope, &params, until).await,
        Operation::PageWaitIdle(params) => wait::wait_idle(scope, &params, until).await,
        Operation::PageText(params) => read::read(scope, &params, ReadKind::Text, until).await,
        Operation::PageHtml(params) => read::read(scope, &params, ReadKind::Html, until).await,
        Operation::CaptureSnapshot(params) => snapshot::capture(scope, &params, until).await,
        Operation::CaptureScreenshot(params) => capture::screenshot(scope, &params, until).await,
        Operation::CapturePdf(params) => capture::pdf(scope, &params, until).await,
        Operation::ElementClick(params) => element::click(scope, &params, until).await,
        Operation::ElementDblclick(params) => {
            element::pointer(scope, &params, PointerAction::DoubleClick, until).await
        }
        Operation::ElementHover(params) => {
            element::pointer(scope, &params, PointerAction::Hover, until).await
        }
        Operation::ElementDrag(params) => element::drag(scope, &params, until).await,
        Operation::ElementFill(params) => {
            element::fill(scope, &params, FillAction::Fill, until).await
        }
        Operation::ElementFillForm(params) => element::fill_form(scope, &params, until).await,
        Operation::ElementSelect(params) => {
            element::fill(scope, &params, FillAction::Select, until).await
        }
        Operation::ElementCheck(params) => element::check(scope, &params, until).await,
        Operation::ElementUpload(params) => element::upload(scope, &params, until).await,
        Operation::ElementClear(params) => {
            element::simple(scope, &params, ElementCommand::Clear, until).await
        }
        Operation::ElementFocus(params) => {
            element::simple(scope, &params, ElementCommand::Focus, until).await
        }
        Operation::ElementScrollIntoView(params) => {
            element::simple(scope, &params, ElementCommand::ScrollIntoView, until).await
        }
        Operation::ElementInspect(params) => {
            element::simple(scope, &params, ElementCommand::Inspect, until).await
        }
        Operation::ElementFind(params) => element::find(scope, &params, until).await,
        Operation::InputKey(params) => input::key(scope, &params, until).await,
        Operation::InputType(params) => input::type_text(scope, &params, until).await,
        Operation::InputMouseMove(params) => {
            input::mouse(scope, &params, MouseAction::Move, until).await
        }
        Operation::InputClick(params) => {
            input::mouse(scope, &params, MouseAction::Click, until).await
        }
        Operation::InputMouseDown(params) => {
            input::mouse(scope, &params, MouseAction::Down, until).await
        }
        Operation::InputMouseUp(params) => {
            input::mouse(scope, &params, MouseAction::Up, until).await
        }
        Operation::InputDrag(params) => input::drag(scope, &params, until).await,
        Operation::InputScroll(params) => input::scroll(scope, &params, until).await,
        Operation::DialogHandle(params) => dialog::handle(scope, &params, until).await,
        Operation::DialogStatus(params) => dialog::status(scope, &params, until).await,
        Operation::RuntimeEval(params) => eval::eval(scope, &params, until).await,
        Operation::ObserveState(params) => observe::state(scope, &params, until).await,
        Operation::ObserveTargets(params) => observe::targets(scope, &params, until).await,
        operation => telemetry_and_state(scope, operation, until).await,
    }
}

/// Console, network, events, emulation, traces and storage.
async fn telemetry_and_state(
    scope: &Scope<'_>,
    operation: Operation,
    until: Instant,
) -> Result<Value, CdtError> {
    match operation {
        Operation::ConsoleList(params) => console::list(scope, &params, until).await,
        Operation::ConsoleGet(params) => console::get(scope, params.id, until).await,
        Operation::ConsoleWait(params) => console::wait(scope, &params, until).await,
        Operation::ConsoleClear(params) => console::clear(scope, params.page, until).await,
        Operation::NetworkList(params) => network::list(scope, &params, until).await,
        Operation::NetworkGet(params) => network::get(scope, &params, until).await,
        Operation::NetworkBody(params) => network::body(scope, &params, until).await,
        Operation::NetworkWait(params) => network::wait(scope, &params, until).await,
        Operation::NetworkHar(params) => network::har(scope, &params, until).await,
        Operation::NetworkClear(params) => network::clear(scope, params.page, until).await,
        Operation::EventsRead(params) => events::read(scope, &params, until).await,
        Operation::EventsFiltersGet(_) => events::filters_get(scope, until).await,
        Operation::EventsFiltersSet(params) => events::filters_set(scope, params, until).await,
        Operation::EmulationSet(params) => emulation::set(scope, &params, until).await,
        Operation::EmulationReset(params) => emulation::reset(scope, &params, until).await,
        Operation::EmulationShow(_) => emulation::show(scope, until).await,
        Operation::TraceStart(params) => trace::start(scope, &params, until).await,
        Operation::TraceStop(params) => trace::stop(scope, &params, until).await,
        Operation::TraceInsight(params) => trace::insight(scope, &params, until).await,
        Operation::StorageCookiesList(params) => storage::cookies_list(scope, &params, until).await,
        Operation::StorageCookiesSet(params) => storage::cookies_set(scope, &params, until).await,
        Operation::StorageCookiesClear(params) => {
            storage::cookies_clear(scope, &params, until).await
        }
        Operation::StorageLocalGet(params) => {
            storage::web_get(scope, &params, StorageArea::Local, until).await
        }
        Operation::StorageLocalSet(params) => {
            storage::web_set(scope, &params, StorageArea::Local, until).await
        }
        Operation::StorageLocalClear(params) => {
            storage::web_clear(scope, &params, StorageArea::Local, until).await
        }
        Operation::StorageSessionGet(params) => {
            storage::web_get(scope, &params, StorageArea::Session, until).await
        }
        Operation::StorageSessionSet(params) => {
            storage::web_set(scope, &params, StorageArea::Session, until).await
        }
        Operation::StorageSessionClear(params) => {
            storage::web_clear(scope, &params, StorageArea::Session, until).await
        }
        Operation::StorageSave(params) => storage::save(scope, &params, until).await,
        Operation::StorageLoad(params) => storage::load(scope, &params, until).await,
        Operation::EventsClear(params) => events::clear(scope, params.page, until).await,
        Operation::EventsObserve(params) => events::observe(scope, &params, until).await,
        Operation::EventsUnobserve(params) => events::unobserve(scope, &params, until).await,
        // Dispatched by `run` and `agent_loop`; a test (`tests/routing.rs`) proves every op
        // reaches its use case.
        other => Err(CdtError::internal(format!(
            "{} has no use case in the dispatcher",
            other.name()
        ))),
    }
}
