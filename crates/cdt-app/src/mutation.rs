//! The one place where a page's mutation lock is taken (SPEC §2: mutating commands on one page
//! are serialized). Every mutating use case — navigations, history, reload, close, resize,
//! input, element actions, `runtime eval` — goes through [`lock_page`], which waits for the lock
//! in arrival order (within the request's budget, since it runs inside the budgeted future) and
//! only then checks for a JavaScript dialog, so a dialog opened by the command that held the
//! lock before is seen.
//!
//! Reads never come here: they must not wait behind a slow navigation.

use cdt_domain::ops::op;
use cdt_domain::ports::BrowserPort;
use cdt_domain::{CdtError, ErrorCode, PageId};
use serde_json::json;
use tokio::sync::OwnedMutexGuard;

use crate::slot::Slot;

/// Whether an open dialog refuses the mutation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialogs {
    /// The command would act on the page's document: refused with `DIALOG_BLOCKING`.
    Refuse,
    /// The command works whatever the page shows (closing the page).
    Ignore,
}

/// Held while a page is being mutated; dropping it lets the next mutation in.
pub struct PageMutation(#[allow(dead_code)] OwnedMutexGuard<()>);

/// `DIALOG_BLOCKING` if a JavaScript dialog is open on the page.
pub fn check_dialog(browser: &dyn BrowserPort, page: PageId, target: &str) -> Result<(), CdtError> {
    match browser.dialog(target) {
        Some(dialog) => Err(CdtError::new(
            ErrorCode::DialogBlocking,
            format!(
                "a JavaScript {} dialog blocks the page: {:?}",
                dialog.kind, dialog.message
            ),
        )
        .with_details(json!({ "dialog": dialog, "page": page }))
        .run::<op::DialogHandle>("accept")
        .hinted("Or: cdt dialog handle dismiss")),
        None => Ok(()),
    }
}

/// `DIALOG_BLOCKING` if a JavaScript dialog is open on any page of the slot: for settings the
/// browser applies to every page (emulation), which a page frozen by a dialog never answers.
pub fn check_no_dialog(slot: &Slot, browser: &dyn BrowserPort) -> Result<(), CdtError> {
    let pages: Vec<(PageId, Option<String>)> = {
        let table = slot.pages();
        table
            .list()
            .into_iter()
            .map(|page| (page.id, table.target_of(page.id)))
            .collect()
    };
    for (page, target) in pages {
        if let Some(target) = target {
            check_dialog(browser, page, &target)?;
        }
    }
    Ok(())
}

/// Takes the page's mutation lock, then (with [`Dialogs::Refuse`]) checks for a dialog.
pub async fn lock_page(
    slot: &Slot,
    browser: &dyn BrowserPort,
    page: PageId,
    target: &str,
    dialogs: Dialogs,
) -> Result<PageMutation, CdtError> {
    let guard = slot.page_lock(page).lock_owned().await;
    if dialogs == Dialogs::Refuse {
        check_dialog(browser, page, target)?;
    }
    Ok(PageMutation(guard))
}
