//! The dispatcher: one operation → its use case, with the narrow context that use case needs.

use std::sync::Arc;

use cdt_domain::ops::Operation;
use cdt_domain::storage::StorageArea;
use cdt_domain::{CdtError, ResolvedContext};
use serde_json::Value;
use tokio::time::Instant;

use crate::interact::{capture, dialog, element, eval, input, observe, reading, snapshot};
use crate::runtime::Runtime;
use crate::{console, daemon, emulation, events, network, page, session, storage, trace};

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
        Operation::PageOpen(params) => page::open(runtime, context, &params, until).await,
        Operation::PageList(_) => page::list(runtime, context, until).await,
        Operation::PageUse(params) => page::use_page(runtime, context, params.id, until).await,
        Operation::PageClose(params) => page::close(runtime, context, params.id, until).await,
        Operation::PageNavigate(params) => page::navigate(runtime, context, &params, until).await,
        Operation::PageBack(params) => reading::history(runtime, context, &params, -1, until).await,
        Operation::PageForward(params) => {
            reading::history(runtime, context, &params, 1, until).await
        }
        Operation::PageReload(params) => reading::reload(runtime, context, &params, until).await,
        Operation::PageResize(params) => reading::resize(runtime, context, &params, until).await,
        Operation::PageWaitText(params) => {
            reading::wait_text(runtime, context, &params, until).await
        }
        Operation::PageWaitSelector(params) => {
            reading::wait_selector(runtime, context, &params, until).await
        }
        Operation::PageWaitUrl(params) => reading::wait_url(runtime, context, &params, until).await,
        Operation::PageWaitIdle(params) => {
            reading::wait_idle(runtime, context, &params, until).await
        }
        Operation::PageText(params) => {
            reading::read(runtime, context, &params, "readText", until).await
        }
        Operation::PageHtml(params) => {
            reading::read(runtime, context, &params, "readHtml", until).await
        }
        Operation::CaptureSnapshot(params) => {
            snapshot::capture(runtime, context, &params, until).await
        }
        Operation::CaptureScreenshot(params) => {
            capture::screenshot(runtime, context, &params, until).await
        }
        Operation::CapturePdf(params) => capture::pdf(runtime, context, &params, until).await,
        Operation::ElementClick(params) => {
            element::pointer(runtime, context, &params, "click", until).await
        }
        Operation::ElementDblclick(params) => {
            element::pointer(runtime, context, &params, "dblclick", until).await
        }
        Operation::ElementHover(params) => {
            element::pointer(runtime, context, &params, "hover", until).await
        }
        Operation::ElementDrag(params) => element::drag(runtime, context, &params, until).await,
        Operation::ElementFill(params) => {
            element::fill(runtime, context, &params, "fill", until).await
        }
        Operation::ElementFillForm(params) => {
            element::fill_form(runtime, context, &params, until).await
        }
        Operation::ElementSelect(params) => {
            element::fill(runtime, context, &params, "select", until).await
        }
        Operation::ElementCheck(params) => element::check(runtime, context, &params, until).await,
        Operation::ElementUpload(params) => element::upload(runtime, context, &params, until).await,
        Operation::ElementClear(params) => {
            element::simple(runtime, context, &params, "clear", until).await
        }
        Operation::ElementFocus(params) => {
            element::simple(runtime, context, &params, "focus", until).await
        }
        Operation::ElementScrollIntoView(params) => {
            element::simple(runtime, context, &params, "scrollIntoView", until).await
        }
        Operation::ElementInspect(params) => {
            element::simple(runtime, context, &params, "inspect", until).await
        }
        Operation::ElementFind(params) => element::find(runtime, context, &params, until).await,
        Operation::InputKey(params) => input::key(runtime, context, &params, until).await,
        Operation::InputType(params) => input::type_text(runtime, context, &params, until).await,
        Operation::InputMouseMove(params) => {
            input::mouse(runtime, context, &params, "mouse-move", until).await
        }
        Operation::InputClick(params) => {
            input::mouse(runtime, context, &params, "click", until).await
        }
        Operation::InputMouseDown(params) => {
            input::mouse(runtime, context, &params, "mouse-down", until).await
        }
        Operation::InputMouseUp(params) => {
            input::mouse(runtime, context, &params, "mouse-up", until).await
        }
        Operation::InputDrag(params) => input::drag(runtime, context, &params, until).await,
        Operation::InputScroll(params) => input::scroll(runtime, context, &params, until).await,
        Operation::DialogHandle(params) => dialog::handle(runtime, context, &params, until).await,
        Operation::DialogStatus(params) => dialog::status(runtime, context, &params, until).await,
        Operation::RuntimeEval(params) => eval::eval(runtime, context, &params, until).await,
        Operation::ObserveState(params) => observe::state(runtime, context, &params, until).await,
        Operation::ObserveTargets(params) => {
            observe::targets(runtime, context, &params, until).await
        }
        Operation::ConsoleList(params) => console::list(runtime, context, &params, until).await,
        Operation::ConsoleGet(params) => console::get(runtime, context, params.id, until).await,
        Operation::ConsoleWait(params) => console::wait(runtime, context, &params, until).await,
        Operation::ConsoleClear(params) => {
            console::clear(runtime, context, params.page, until).await
        }
        Operation::NetworkList(params) => network::list(runtime, context, &params, until).await,
        Operation::NetworkGet(params) => network::get(runtime, context, &params, until).await,
        Operation::NetworkBody(params) => network::body(runtime, context, &params, until).await,
        Operation::NetworkWait(params) => network::wait(runtime, context, &params, until).await,
        Operation::NetworkHar(params) => network::har(runtime, context, &params, until).await,
        Operation::NetworkClear(params) => {
            network::clear(runtime, context, params.page, until).await
        }
        Operation::EventsRead(params) => events::read(runtime, context, &params, until).await,
        Operation::EventsFiltersGet(_) => events::filters_get(runtime, context, until).await,
        Operation::EventsFiltersSet(params) => {
            events::filters_set(runtime, context, params, until).await
        }
        Operation::EmulationSet(params) => emulation::set(runtime, context, &params, until).await,
        Operation::EmulationReset(params) => {
            emulation::reset(runtime, context, &params, until).await
        }
        Operation::EmulationShow(_) => emulation::show(runtime, context, until).await,
        Operation::TraceStart(params) => trace::start(runtime, context, &params, until).await,
        Operation::TraceStop(params) => trace::stop(runtime, context, &params, until).await,
        Operation::TraceInsight(params) => trace::insight(runtime, context, &params, until).await,
        Operation::StorageCookiesList(params) => {
            storage::cookies_list(runtime, context, &params, until).await
        }
        Operation::StorageCookiesSet(params) => {
            storage::cookies_set(runtime, context, &params, until).await
        }
        Operation::StorageCookiesClear(params) => {
            storage::cookies_clear(runtime, context, &params, until).await
        }
        Operation::StorageLocalGet(params) => {
            storage::web_get(runtime, context, &params, StorageArea::Local, until).await
        }
        Operation::StorageLocalSet(params) => {
            storage::web_set(runtime, context, &params, StorageArea::Local, until).await
        }
        Operation::StorageLocalClear(params) => {
            storage::web_clear(runtime, context, &params, StorageArea::Local, until).await
        }
        Operation::StorageSessionGet(params) => {
            storage::web_get(runtime, context, &params, StorageArea::Session, until).await
        }
        Operation::StorageSessionSet(params) => {
            storage::web_set(runtime, context, &params, StorageArea::Session, until).await
        }
        Operation::StorageSessionClear(params) => {
            storage::web_clear(runtime, context, &params, StorageArea::Session, until).await
        }
        Operation::StorageSave(params) => storage::save(runtime, context, &params, until).await,
        Operation::StorageLoad(params) => storage::load(runtime, context, &params, until).await,
        Operation::DaemonStatus(params) => Ok(daemon::status(runtime, params.verbose).await),
        Operation::EventsClear(params) => events::clear(runtime, context, params.page, until).await,
        Operation::EventsObserve(params) => events::observe(runtime, context, &params, until).await,
        Operation::EventsUnobserve(params) => {
            events::unobserve(runtime, context, &params, until).await
        }
        Operation::DaemonStop(_) => Ok(daemon::stop(runtime).await),
    }
}
