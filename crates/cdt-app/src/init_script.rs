//! `--init-script` of `page open` / `page navigate`: a script installed before the navigation
//! so it runs before any page script in every frame of the new document, and removed once the
//! navigation is over unless the caller asked to keep it (`--persist`).

use std::future::Future;

use cdt_domain::CdtError;
use cdt_domain::ops::{InitScriptUsed, NavigatedReply};
use cdt_domain::ports::BrowserPort;

/// Largest init script accepted (the whole request is bounded too).
const MAX_SCRIPT_BYTES: usize = 1024 * 1024;

/// Runs `navigation` with `source` installed on `target`; reports the script in the reply.
pub async fn around<F>(
    browser: &dyn BrowserPort,
    target: &str,
    source: Option<&str>,
    persist: bool,
    navigation: F,
) -> Result<NavigatedReply, CdtError>
where
    F: Future<Output = Result<NavigatedReply, CdtError>>,
{
    let Some(source) = source else {
        return navigation.await;
    };
    if source.trim().is_empty() || source.len() > MAX_SCRIPT_BYTES {
        return Err(
            CdtError::validation("the init script is empty or larger than 1 MiB")
                .hinted("Pass a script file or inline JS, e.g. --init-script 'window.__test = 1'"),
        );
    }
    let handle = browser.add_init_script(target, source).await?;
    let result = navigation.await;
    if !persist {
        // Removing is best effort: a failed navigation must still report its own error.
        let _ = browser.remove_init_script(target, handle).await;
    }
    Ok(NavigatedReply {
        init_script: Some(InitScriptUsed {
            bytes: source.len(),
            persist,
        }),
        ..result?
    })
}
