//! The feedback contract (SPEC §6.4): every action says what it caused — a navigation, a
//! dialog, new pages, and what changed in the page's snapshot since the last one, exactly as
//! `capture snapshot --diff` answers it (the whole snapshot when more than half changed).

mod closed;
mod late;

use std::time::Duration;

use cdt_domain::interact::{DialogInfo, DispatchOutcome};
use cdt_domain::ops::{ActionDialog, ActionReply};
use cdt_domain::probe::ProbeCommand;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};

use super::snapshot;
use crate::context::PageCtx;
use crate::snapshot_diff::{Against, Compared, FULL_ABOVE, Touched};
use crate::telemetry::network::NetworkRequest;
use late::{LATE_CAP, LATE_WAIT, look_later};

/// What was true before the action.
pub struct Before {
    document: Value,
    url: String,
    title: String,
    pages: Vec<u32>,
    /// The newest download then (downloads after it are the action's).
    downloads: u64,
    /// The newest request then (requests after it are the action's).
    requests: u64,
    /// The action is known to start a download (it clicks a link that saves its target).
    saves: bool,
    /// How the feedback waits for the page to be quiet before it looks.
    quiet: Quiet,
    /// The focused element offers suggestions as one types into it.
    focus_suggests: bool,
    /// How many DOM mutations the page's probe had seen (none known: `None`).
    mutations: Option<u64>,
    /// The action activates something (a click, Enter, Space, a hover): when nothing came of
    /// it at once, the page is watched [`LATE_WAIT`] more for what a timer of its draws.
    activates: bool,
}

/// How the feedback waits for the page to be quiet (no DOM change) after an action.
#[derive(Clone, Copy)]
enum Quiet {
    /// 100 ms since the last change, the action's or one before it.
    AfterChanges,
    /// 600 ms since the feedback began at the earliest (700 after the last key), then 100 ms
    /// since the last change: what typing into a field that offers suggestions brings is
    /// drawn once typing pauses (a 300 ms debounce is common, rustdoc's search waits 500 ms),
    /// and what that asks of the server is waited for then.
    AfterTyping,
    /// 100 ms since the page's requests were answered at the earliest: what they bring is
    /// drawn a frame or two later (a framework's scheduled render).
    AfterAnswers,
    /// The first DOM change past `after` mutations (what a page timer draws: a "Load more"
    /// behind a fake latency), waited for [`LATE_WAIT`] at most, then 100 ms of quiet. A
    /// submission validation blocked ends the wait: nothing is coming.
    Late { after: u64 },
}

impl Quiet {
    /// The probe's `settle` arguments, with its cap.
    fn settle_args(self, cap: Duration) -> Value {
        let cap = cap.as_millis() as u64;
        match self {
            Quiet::AfterChanges => json!({ "quiet": 100, "cap": cap }),
            Quiet::AfterTyping => {
                json!({ "quiet": 100, "fromStart": true, "atLeast": 600, "cap": cap })
            }
            Quiet::AfterAnswers => json!({ "quiet": 100, "fromStart": true, "cap": cap }),
            Quiet::Late { after } => json!({
                "quiet": 100,
                "cap": cap,
                "after": after,
                "wait": LATE_WAIT.as_millis() as u64,
            }),
        }
    }
}

impl Before {
    /// The page at `document` (`null`: not known), `url` and `title`, with the slot's pages,
    /// downloads and requests now.
    fn at(ctx: &PageCtx, document: Value, url: &str, title: &str) -> Before {
        Before {
            document,
            url: url.to_string(),
            title: title.to_string(),
            pages: ctx.slot.pages().ids(),
            downloads: crate::downloads::last_seq(&ctx.slot),
            requests: ctx.slot.telemetry.last_request_id(),
            saves: false,
            quiet: Quiet::AfterChanges,
            focus_suggests: false,
            mutations: None,
            activates: false,
        }
    }

    /// The action activates something (a click, Enter, Space, a hover): what it sets off may
    /// come after a page timer.
    pub fn activating(&mut self) {
        self.activates = true;
    }

    /// The action starts a download: the feedback waits for it to begin.
    pub fn expect_download(&mut self) {
        self.saves = true;
    }

    /// The action typed into a field that offers suggestions (jQuery UI's autocomplete, Tom
    /// Select): the feedback waits as [`Quiet::AfterTyping`] says.
    pub fn expect_suggestions(&mut self) {
        self.quiet = Quiet::AfterTyping;
    }

    /// The action types into whatever has the focus: as [`Before::expect_suggestions`] when
    /// that is a field offering suggestions.
    pub fn typing_into_focus(&mut self) {
        if self.focus_suggests {
            self.expect_suggestions();
        }
    }
}

pub async fn before(ctx: &PageCtx) -> Before {
    // `acting`: the page's probe sets apart from here the changes the page makes on its own.
    let state = ctx
        .probe("", ProbeCommand::State, json!({ "acting": true }))
        .await
        .unwrap_or(Value::Null);
    let mut before = Before::at(
        ctx,
        state["timeOrigin"].clone(),
        state["url"].as_str().unwrap_or_default(),
        state["title"].as_str().unwrap_or_default(),
    );
    before.focus_suggests = state["focusSuggests"] == true;
    before.mutations = state["mutations"].as_u64();
    before
}

/// What was true before a dialog on the page is answered, known without asking the page (its
/// scripts wait for the answer): its URL and title as the browser has them. Its document is
/// not known (a snapshot's may be of a document left since): a navigation is told by its URL,
/// and a reload of the same URL by the whole new snapshot.
pub fn before_answer(ctx: &PageCtx) -> Before {
    let info = ctx
        .browser
        .pages()
        .into_iter()
        .find(|page| page.target_id == ctx.target)
        .unwrap_or_default();
    Before::at(ctx, Value::Null, &info.url, &info.title)
}

/// The page's state, retried while a navigation replaces the document.
async fn state_after(ctx: &PageCtx) -> Value {
    for _ in 0..100 {
        if ctx.browser.dialog(&ctx.target).is_some() || closed::page_closed(ctx) {
            return Value::Null;
        }
        match ctx.probe("", ProbeCommand::State, json!({})).await {
            Ok(state) if state["readyState"] != "loading" => return state,
            // A dialog opened while we looked: the caller reports it from the error.
            Err(error) if error.code == ErrorCode::DialogBlocking => {
                return json!({ "__dialog": error.details["dialog"] });
            }
            Ok(_)
            | Err(CdtError {
                code:
                    ErrorCode::ProtocolError
                    | ErrorCode::NavigationInterrupted
                    | ErrorCode::InternalError,
                ..
            }) => tokio::time::sleep(Duration::from_millis(50)).await,
            Err(_) => return Value::Null,
        }
    }
    Value::Null
}

/// Waits for what the action set off (unless `no_wait`), then reports it (`action` and `uid`
/// are the caller's to fill in).
pub async fn after(
    ctx: &PageCtx,
    before: Before,
    outcome: DispatchOutcome,
    no_wait: bool,
) -> ActionReply {
    let mut out = ActionReply::default();
    if let Some(dialog) = outcome.dialog.or_else(|| ctx.browser.dialog(&ctx.target)) {
        out.dialog = Some(ActionDialog { dialog, page: None });
        return out;
    }
    if no_wait {
        return out;
    }
    // A navigation the action caused starts within ~100 ms.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let observed = match tokio::time::timeout(OBSERVE_CAP, observe(ctx, &before, out.clone())).await
    {
        Ok(observed) => observed,
        Err(_) if closed::page_closed(ctx) => return closed::reply(ctx, &before).await,
        Err(_) => return frozen(ctx, &before.pages, out),
    };
    let reply = match observed {
        (first, Some(base))
            if before.activates && first.no_effect() && !closed::page_closed(ctx) =>
        {
            let later = look_later(ctx, &before, base, first.clone());
            tokio::time::timeout(LATE_CAP, later).await.unwrap_or(first)
        }
        (first, _) => first,
    };
    // (Closed at once, or a moment after the action: a popup that says "done" first.)
    if closed::page_closed(ctx) {
        return closed::reply(ctx, &before).await;
    }
    reply
}

/// How long feedback waits for a download the action started to finish (it is reported as it
/// is then; `page wait-download` waits longer).
const DOWNLOAD_WAIT: Duration = Duration::from_secs(1);

/// How long feedback waits, at most, for a navigation the action started to commit after its
/// first look.
const NAVIGATION_WAIT: Duration = Duration::from_millis(800);

/// Whether the page shows another document (when the one before is known) or URL than before
/// the action.
fn landed(state: &Value, before: &Before) -> bool {
    !state.is_null()
        && ((!before.document.is_null() && state["timeOrigin"] != before.document)
            || state["url"].as_str() != Some(before.url.as_str()))
}

/// The action navigated: to the document `state` describes. Its title is told when it is new
/// (another document, or one the page retitled), as a `--diff` reply tells it.
fn report_landing(out: &mut ActionReply, state: &Value, before: &Before) {
    out.navigated = true;
    out.url = state["url"].as_str().map(str::to_string);
    let title = state["title"].as_str().unwrap_or_default();
    out.title = (state["timeOrigin"] != before.document || title != before.title)
        .then(|| title.to_string());
}

/// The documents the page requested since request `after` (the navigations the action began).
fn documents_requested(ctx: &PageCtx, after: u64) -> Vec<NetworkRequest> {
    ctx.slot.telemetry.requests_after(after, |r| {
        r.page_target_id == ctx.target && r.resource_type == "document"
    })
}

/// Whether one of them may still become a download: under way, or called off (as the browser
/// calls off a navigation whose response it saves instead of showing).
fn navigation_may_save(documents: &[NetworkRequest]) -> bool {
    documents
        .iter()
        .any(|r| (!r.finished && !r.failed) || r.aborted())
}

/// How long feedback waits, at most from its start, for what the action asked of the server
/// to be answered (inside [`OBSERVE_CAP`], with room for the page to draw it).
const ANSWER_WAIT: Duration = Duration::from_millis(2000);

/// The page's probe waits for the page to be quiet as `quiet` says, at most `cap`.
async fn settle(ctx: &PageCtx, quiet: Quiet, cap: Duration) -> Settled {
    ctx.probe("", ProbeCommand::Settle, quiet.settle_args(cap))
        .await
        .map(|reply| Settled::read(&reply))
        .unwrap_or_default()
}

/// Waits, until `until`, for the requests the page made since request `after` that bring what
/// it draws (fetch, XHR, script) to be answered; whether there were any.
async fn answered(ctx: &PageCtx, after: u64, until: tokio::time::Instant) -> bool {
    let asked = |pending_only: bool| {
        ctx.slot.telemetry.requests_after(after, |r| {
            r.page_target_id == ctx.target
                && matches!(r.resource_type.as_str(), "fetch" | "xhr" | "script")
                && (!pending_only || (!r.finished && !r.failed))
        })
    };
    if asked(false).is_empty() {
        return false;
    }
    let all_answered = ctx
        .slot
        .telemetry
        .wait_for(|| asked(true).is_empty().then_some(()));
    let _ = tokio::time::timeout_at(until, all_answered).await;
    true
}

/// How long feedback may watch the page before reporting it unresponsive.
const OBSERVE_CAP: Duration = Duration::from_secs(3);

/// The page stopped answering (its scripts are frozen, e.g. by a dialog in a popup sharing its
/// process): report the new pages and any dialog open on them instead of waiting on.
fn frozen(ctx: &PageCtx, pages_before: &[u32], mut out: ActionReply) -> ActionReply {
    let pages = ctx.slot.pages();
    out.new_pages = pages
        .ids()
        .into_iter()
        .filter(|id| !pages_before.contains(id))
        .collect();
    out.page_unresponsive = true;
    for id in pages.ids() {
        if let Some(dialog) = pages
            .target_of(cdt_domain::PageId(id))
            .and_then(|target| ctx.browser.dialog(&target))
        {
            out.dialog = Some(ActionDialog {
                dialog,
                page: Some(id),
            });
        }
    }
    out
}

async fn observe(
    ctx: &PageCtx,
    before: &Before,
    mut out: ActionReply,
) -> (ActionReply, Option<u64>) {
    let observing = tokio::time::Instant::now();
    let state = state_after(ctx).await;
    let reported = state
        .get("__dialog")
        .and_then(|dialog| serde_json::from_value::<DialogInfo>(dialog.clone()).ok());
    if let Some(dialog) = reported.or_else(|| ctx.browser.dialog(&ctx.target)) {
        out.dialog = Some(ActionDialog { dialog, page: None });
        return (out, None);
    }
    let navigated = landed(&state, before);
    // Once quiet, the DOM mutations the page's probe had seen then (compared below with
    // those before the action), and whether the page changes on its own. A page the action
    // navigated to is looked at once drawn too (a search page that loads its index, then
    // lists the results; an app's route that fetches its data).
    let quiet = if navigated {
        Quiet::AfterChanges
    } else {
        before.quiet
    };
    let mut settled = drawn(ctx, before, quiet, observing).await;
    if navigated {
        // (Its title and URL as drawn: a page retitles itself, or goes on at once.)
        let now = state_after(ctx).await;
        report_landing(
            &mut out,
            if landed(&now, before) { &now } else { &state },
            before,
        );
    }
    // Downloads the action started, once finished (a moment at most). One begins only once its
    // response's headers arrive: a link that saves, or a navigation that brought no new
    // document, is waited for until it begins.
    let expected = || {
        before.saves
            || (!navigated && navigation_may_save(&documents_requested(ctx, before.requests)))
    };
    out.downloads =
        crate::downloads::started_since(&ctx.slot, before.downloads, DOWNLOAD_WAIT, expected).await;
    // A navigation the action started may land after the first look (a slow server, a busy
    // machine): when it brought no download, look again once it has committed.
    if !navigated
        && out.downloads.is_empty()
        && !documents_requested(ctx, before.requests).is_empty()
    {
        let again = committed_state(ctx).await;
        if landed(&again, before) {
            settled = drawn(ctx, before, Quiet::AfterChanges, observing).await;
            report_landing(&mut out, &again, before);
        }
    }
    out.new_pages = new_pages(ctx, before);
    let base = look(ctx, before, &settled, Against::PageBefore, &mut out).await;
    (out, base)
}

/// Waits for the page to be quiet as `quiet` says, and for what the action asked of the server
/// (a search's fetch, a chunk of script it loads; a new document's scripts) to be answered and
/// drawn, as a user waits for results ([`ANSWER_WAIT`] from `observing` at most).
async fn drawn(
    ctx: &PageCtx,
    before: &Before,
    quiet: Quiet,
    observing: tokio::time::Instant,
) -> Settled {
    let settled = settle(ctx, quiet, Duration::from_secs(1)).await;
    if answered(ctx, before.requests, observing + ANSWER_WAIT).await {
        return settle(ctx, Quiet::AfterAnswers, Duration::from_millis(500)).await;
    }
    settled
}

/// The page's state once a navigation under way has committed ([`NAVIGATION_WAIT`] at most).
async fn committed_state(ctx: &PageCtx) -> Value {
    let until = tokio::time::Instant::now() + NAVIGATION_WAIT;
    while ctx.browser.navigation_pending(&ctx.target) && tokio::time::Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    state_after(ctx).await
}

/// The slot's pages that were not there before the action.
fn new_pages(ctx: &PageCtx, before: &Before) -> Vec<u32> {
    ctx.slot
        .pages()
        .ids()
        .into_iter()
        .filter(|id| !before.pages.contains(id))
        .collect()
}

/// Looks at the page: its snapshot in the view the caller last took the whole page in (the
/// default if never), compared with the version `against` names as `capture snapshot --diff`
/// would, becomes the newest version; `out` tells what changed. Returns the version it was
/// compared with, when it was compared (not answered whole).
async fn look(
    ctx: &PageCtx,
    before: &Before,
    settled: &Settled,
    against: Against,
    out: &mut ActionReply,
) -> Option<u64> {
    let view = ctx.slot.versions.feedback_view(&ctx.target);
    let mut compared_with = None;
    if let Ok(current) = snapshot::take(ctx, &view).await {
        let (compared, _) = ctx.slot.versions.record(
            &ctx.target,
            &view,
            &current.time_origin,
            &current.text,
            against,
            FULL_ABOVE,
        );
        match compared {
            Compared::Full { version } => {
                out.version = Some(version);
                out.dom_changed = true;
                out.snapshot = Some(current.text);
                out.base = None;
                out.changes = Vec::new();
            }
            Compared::Diff {
                version,
                base,
                changes,
                touched,
                earlier,
            } => {
                compared_with = Some(base);
                out.version = Some(version);
                // On a page that changes on its own, with no DOM change of the action's, the
                // words that changed (a clock) and the elements that churn (a carousel's
                // bullets) are the page's doing, not the action's.
                let page_alone = settled.churning && settled.mutations == before.mutations;
                out.dom_changed = match touched {
                    Touched::Nothing | Touched::Focus => false,
                    Touched::Words => !page_alone,
                    Touched::Elements { changed, placed } => {
                        !page_alone || !all_churn(ctx, changed, placed).await
                    }
                };
                // (A page back exactly as it was earlier names that version, changes or none.)
                out.base = (earlier || !changes.is_empty()).then_some(base);
                out.earlier = earlier;
                out.changes = changes;
            }
        }
    }
    // The DOM may have changed where no snapshot line shows it (a class or an attribute: a
    // toolbar button's active state, a style): that is an effect too, not nothing.
    if !out.dom_changed {
        out.dom_changed = settled
            .mutations
            .zip(before.mutations)
            .is_some_and(|(now, then)| now > then);
    }
    compared_with
}

/// Whether the page's own churn, as its probe has seen it, accounts for every element whose
/// line `changed` and every segment `placed` (added, removed or moved), by uid.
async fn all_churn(ctx: &PageCtx, changed: Vec<String>, placed: Vec<String>) -> bool {
    let asked = changed.len() + placed.len();
    let churning = ctx
        .probe(
            "",
            ProbeCommand::Churning,
            json!({ "changed": changed, "placed": placed }),
        )
        .await
        .ok()
        .and_then(|reply| reply["uids"].as_array().map(Vec::len));
    churning == Some(asked)
}

/// What the page's probe said once the page was quiet after an action.
#[derive(Default)]
struct Settled {
    /// The DOM mutations it had seen (none known: `None`); those of nodes that change on their
    /// own are not counted while an action is under way.
    mutations: Option<u64>,
    /// Some node of the page changes on its own, over and over.
    churning: bool,
}

impl Settled {
    fn read(reply: &Value) -> Settled {
        Settled {
            mutations: reply["mutations"].as_u64(),
            churning: reply["churning"] == true,
        }
    }
}
