//! JavaScript dialogs of a page: work raced against a dialog opening (a page's scripts stop
//! while a dialog is open, so whatever the work waits for would never come), the error that
//! says a dialog blocks the page, and answering a dialog.

use cdt_domain::interact::DialogInfo;
use cdt_domain::ops::op;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};

use crate::pages::{Pages, dialog_from, opens_dialog};
use crate::support::{browser_gone, lock};

/// The error for a dialog that blocks the page.
pub fn dialog_blocking(dialog: &DialogInfo) -> CdtError {
    CdtError::new(
        ErrorCode::DialogBlocking,
        format!(
            "a JavaScript {} dialog blocks the page: {:?}",
            dialog.kind, dialog.message
        ),
    )
    .with_details(json!({ "dialog": dialog }))
    .run::<op::DialogHandle>("accept")
    .hinted("Or: cdt dialog handle dismiss")
}

/// Runs `work`, but answers `DIALOG_BLOCKING` as soon as a dialog opens on `page` (a page's
/// scripts stop while a dialog is open, so whatever `work` waits for would never come).
pub(crate) async fn until_dialog<T>(
    pages: &Pages,
    page: &str,
    work: impl std::future::Future<Output = Result<T, CdtError>>,
) -> Result<T, CdtError> {
    let mut events = pages.connection.subscribe();
    if let Some((dialog, _)) = lock(&pages.state.dialogs).get(page) {
        return Err(dialog_blocking(dialog));
    }
    tokio::pin!(work);
    loop {
        tokio::select! {
            result = &mut work => return result,
            event = events.recv() => match event {
                Some(event) if opens_dialog(&event) => {
                    let session = event.session_id.clone().unwrap_or_default();
                    if pages.page_of(&session).as_deref() == Some(page) {
                        return Err(dialog_blocking(&record_dialog(pages, page, &session, &event.params)));
                    }
                }
                Some(_) => {}
                None => return Err(browser_gone()),
            },
        }
    }
}

/// A dialog seen while racing work against dialogs, recorded in the page's dialog state at
/// once: the tracker sees the same event on its own channel, maybe later, and the next
/// command (which may take the page lock the moment this one returns) must find it.
pub(crate) fn record_dialog(
    pages: &Pages,
    page: &str,
    session: &str,
    params: &Value,
) -> DialogInfo {
    let dialog = dialog_from(params);
    lock(&pages.state.dialogs).insert(page.to_string(), (dialog.clone(), session.to_string()));
    dialog
}

/// Accepts or dismisses the dialog open on `page`, on the session that reported it.
pub(crate) async fn answer_dialog(
    pages: &Pages,
    page: &str,
    accept: bool,
    prompt_text: Option<&str>,
) -> Result<(), CdtError> {
    let reported = lock(&pages.state.dialogs)
        .get(page)
        .map(|(_, session)| session.clone());
    let session = match reported {
        Some(session) => session,
        None => pages.session_for(page).await?,
    };
    let mut params = json!({ "accept": accept });
    if let Some(text) = prompt_text {
        params["promptText"] = json!(text);
    }
    pages
        .connection
        .call("Page.handleJavaScriptDialog", params, Some(&session))
        .await?;
    lock(&pages.state.dialogs).remove(page);
    Ok(())
}
