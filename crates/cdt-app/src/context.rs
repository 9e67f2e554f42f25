//! What a use case works on. The dispatcher gives each use case a [`Scope`]: the caller's own
//! context — its slot (started on demand), its pages, its files and the clock — and nothing of
//! other contexts or of the daemon. Page commands then work on a [`PageCtx`]: one page of the
//! running browser, with its mutation lock and dialog check.
//!
//! A use case asks its scope for the slot or page only after checking its parameters, so a
//! request that is invalid fails at once and never launches a browser.

use std::collections::HashMap;
use std::sync::Arc;

use cdt_domain::ops::op;
use cdt_domain::ports::{BrowserPort, SessionStorePort};
use cdt_domain::probe::ProbeCommand;
use cdt_domain::{Access, CdtError, ContextKey, ErrorCode, PageId, ResolvedContext};
use serde_json::{Value, json};
use tokio::time::Instant;

use crate::lifecycle;
use crate::mutation::{Dialogs, PageMutation, check_dialog, lock_page};
use crate::runtime::Runtime;
use crate::slot::{InFlight, Slot};

/// One request's reach: the caller's context, and only that.
pub struct Scope<'a> {
    runtime: &'a Arc<Runtime>,
    context: &'a ResolvedContext,
    access: Access,
}

impl<'a> Scope<'a> {
    pub(crate) fn new(
        runtime: &'a Arc<Runtime>,
        context: &'a ResolvedContext,
        access: Access,
    ) -> Scope<'a> {
        Scope {
            runtime,
            context,
            access,
        }
    }

    pub fn key(&self) -> &ContextKey {
        &self.context.key
    }

    /// The caller's slot if it has one (nothing is started, the lease is left alone).
    pub fn existing_slot(&self) -> Option<Arc<Slot>> {
        self.runtime.registry.get(&self.context.key)
    }

    /// The caller's slot with a running browser, auto-started with default settings if needed
    /// (a passive read finds a running one or fails: it starts nothing).
    pub async fn ensure_running(&self, until: Instant) -> Result<(Arc<Slot>, InFlight), CdtError> {
        match self.access {
            Access::Active => lifecycle::ensure_running(self.runtime, self.context, until).await,
            Access::Passive => lifecycle::running(self.runtime, self.context),
        }
    }

    /// The caller's slot as it is (created without a browser if missing), counted in flight.
    pub fn route(&self) -> (Arc<Slot>, InFlight) {
        self.runtime.route_as(self.context, self.access)
    }

    /// The running slot, with the target of `page` when one is named (`None`: every page of
    /// the context) — what the telemetry commands filter by.
    pub async fn slot_and_target(
        &self,
        page: Option<u32>,
        until: Instant,
    ) -> Result<(Arc<Slot>, InFlight, Option<String>), CdtError> {
        let (slot, in_flight) = self.ensure_running(until).await?;
        let target = optional_page_target(&slot, page)?;
        Ok((slot, in_flight, target))
    }

    /// A page of the running browser (`None`: the current page).
    pub async fn page(&self, page: Option<u32>, until: Instant) -> Result<PageCtx, CdtError> {
        PageCtx::resolve(self, page, until).await
    }

    /// The page a read looks at: resolved, and refused if a JavaScript dialog blocks it.
    pub async fn page_to_read(
        &self,
        page: Option<u32>,
        until: Instant,
    ) -> Result<PageCtx, CdtError> {
        let ctx = self.page(page, until).await?;
        ctx.no_dialog()?;
        Ok(ctx)
    }

    /// The page an action acts on: resolved, with the page's mutation lock held (mutations of
    /// one page never interleave), then refused if a JavaScript dialog blocks it.
    pub async fn page_for_action(
        &self,
        page: Option<u32>,
        until: Instant,
    ) -> Result<(PageCtx, PageMutation), CdtError> {
        PageCtx::for_action(self, page, until).await
    }

    /// Where the context's files, artifacts and traces go.
    pub fn store(&self) -> &Arc<dyn SessionStorePort> {
        &self.runtime.deps.store
    }

    /// Wall-clock milliseconds since the epoch (the clock port's).
    pub fn now(&self) -> u64 {
        self.runtime.now()
    }

    /// Monotonic milliseconds (the clock port's): for measuring, never for showing.
    pub fn monotonic_ms(&self) -> u64 {
        self.runtime.monotonic_ms()
    }
}

/// A page to work on, with its browser, resolved for one request.
pub struct PageCtx {
    pub slot: Arc<Slot>,
    pub browser: Arc<dyn BrowserPort>,
    pub page: PageId,
    pub target: String,
    _in_flight: InFlight,
}

impl PageCtx {
    async fn resolve(
        scope: &Scope<'_>,
        page: Option<u32>,
        until: Instant,
    ) -> Result<PageCtx, CdtError> {
        let (slot, in_flight) = scope.ensure_running(until).await?;
        let (page, target) = resolve_page(&slot, page)?;
        let browser = slot.live_browser()?;
        Ok(PageCtx {
            slot,
            browser,
            page,
            target,
            _in_flight: in_flight,
        })
    }

    async fn for_action(
        scope: &Scope<'_>,
        page: Option<u32>,
        until: Instant,
    ) -> Result<(PageCtx, PageMutation), CdtError> {
        let ctx = PageCtx::resolve(scope, page, until).await?;
        ctx.to_front().await?;
        let mutating = lock_page(
            &ctx.slot,
            ctx.browser.as_ref(),
            ctx.page,
            &ctx.target,
            Dialogs::Refuse,
        )
        .await?;
        Ok((ctx, mutating))
    }

    /// The same context's page `page` (browser target `target`): what an action shows of a
    /// page other than its own (the opener a popup closed itself for).
    pub fn on(&self, page: PageId, target: String) -> PageCtx {
        PageCtx {
            slot: self.slot.clone(),
            browser: self.browser.clone(),
            page,
            target,
            _in_flight: self.slot.begin_passive(),
        }
    }

    /// Brings the page to the front of its window, for what needs its frames: actions, shots,
    /// video. A page in a background tab (another page opened over it, a `target=_blank` link
    /// it followed) is hidden, and Chromium paints it no frame: pointer input and screenshots,
    /// which wait for one, would wait out their budget, and animations would never end. A page
    /// already in front is left as it is.
    pub async fn to_front(&self) -> Result<(), CdtError> {
        self.browser.activate(&self.target).await
    }

    /// Refuses to go on while a JavaScript dialog blocks the page (for reads; mutations check
    /// under their lock through [`Scope::page_for_action`]).
    pub fn no_dialog(&self) -> Result<(), CdtError> {
        check_dialog(self.browser.as_ref(), self.page, &self.target)
    }

    /// Runs a page-probe command in the frame a uid belongs to (or the main frame).
    pub async fn probe(
        &self,
        frame: &str,
        command: ProbeCommand,
        args: Value,
    ) -> Result<Value, CdtError> {
        self.browser.probe(&self.target, frame, command, args).await
    }
}

/// Page ids by target id, for labelling telemetry records.
pub(crate) fn page_labels(slot: &Slot) -> HashMap<String, u32> {
    slot.pages().ids_by_target()
}

fn page_not_found(slot: &Slot, id: u32) -> CdtError {
    let known = slot.pages().ids();
    CdtError::new(
        ErrorCode::PageNotFound,
        format!("no page {id} in this context"),
    )
    .with_details(json!({ "page": id, "known": known }))
    .run::<op::PageList>("")
}

fn no_current_page() -> CdtError {
    CdtError::new(ErrorCode::NoCurrentPage, "this context has no open page")
        .run::<op::PageOpen>("<url>")
}

/// The target id of `id`, or of the current page.
pub(crate) fn resolve_page(slot: &Slot, id: Option<u32>) -> Result<(PageId, String), CdtError> {
    let pages = slot.pages();
    let id = match id {
        Some(id) => PageId(id),
        None => pages.current().ok_or_else(no_current_page)?,
    };
    let target = pages.target_of(id);
    drop(pages);
    target
        .map(|target| (id, target))
        .ok_or_else(|| page_not_found(slot, id.0))
}

/// The target of `page` when one is named; `None` means every page of the context.
pub(crate) fn optional_page_target(
    slot: &Slot,
    page: Option<u32>,
) -> Result<Option<String>, CdtError> {
    page.map(|id| resolve_page(slot, Some(id)).map(|(_, target)| target))
        .transpose()
}
