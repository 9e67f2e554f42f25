//! Parameters of the page operations: open, use, close, navigate (SPEC §6.2).

use crate::page::WaitUntil;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ops::NoParams;

resource_operations! { $ page_operations(page);
    PageOpen = open,
    PageList = list,
    PageUse = r#use,
    PageClose = close,
    PageNavigate = navigate,
    PageBack = back,
    PageForward = forward,
    PageReload = reload,
    PageResize = resize,
    PageWaitText = wait_text,
    PageWaitSelector = wait_selector,
    PageWaitUrl = wait_url,
    PageWaitIdle = wait_idle,
    PageWaitDownload = wait_download,
    PageText = text,
    PageHtml = html,
    PageLinks = links,
    PageForms = forms,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PageParams {
    /// The page (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HistoryParams {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    #[serde(default)]
    pub wait_until: WaitUntil,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReadParams {
    /// Only this element (uid).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    /// Only this element (CSS selector).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// The flags several `page` commands share.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use crate::ops::cli::{given_as_is, is_false};
    use crate::page::WaitUntil;
    use clap::Args;
    use serde::Serialize;

    /// `--page`: the page a command acts on.
    #[derive(Debug, Args, Serialize)]
    pub struct PageArg {
        /// The page (default: the current page).
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    /// `--init-script <file|js>` and `--persist`, shared by open and navigate.
    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct InitScriptArgs {
        /// JavaScript (or a file of it) run before any page script, in every frame of the loaded
        /// document.
        #[arg(long, value_name = "FILE|JS", value_parser = init_script)]
        pub init_script: Option<String>,
        /// Keep the init script for the page's later documents too.
        #[arg(long, requires = "init_script")]
        #[serde(skip_serializing_if = "is_false")]
        pub persist: bool,
    }

    /// The script itself: the file's content when the argument names a file, else the text.
    fn init_script(text: &str) -> Result<String, String> {
        let path = std::path::Path::new(text);
        let looks_like_path = !text.contains(['(', ';', '=', '{', '\n'])
            && (text.ends_with(".js") || text.contains('/'));
        if path.is_file() {
            std::fs::read_to_string(path).map_err(|e| format!("cannot read {text}: {e}"))
        } else if looks_like_path && !text.contains(' ') {
            Err(format!(
                "{text} is not a readable file (pass inline JS, e.g. --init-script 'window.__x = 1')"
            ))
        } else {
            Ok(text.to_string())
        }
    }

    /// The page id of `page use` (required) and `page close` (default: the current page).
    #[derive(Debug, Args, Serialize)]
    pub struct PageIdArgs {
        /// The page id (from `cdt page list`; `page close` without one closes the current page).
        #[arg(value_name = "ID")]
        #[serde(skip_serializing_if = "Option::is_none")]
        pub id: Option<u32>,
        /// The page id (same as the positional argument).
        #[arg(
            long = "id",
            visible_alias = "page",
            value_name = "ID",
            conflicts_with = "id"
        )]
        #[serde(rename = "id", skip_serializing_if = "Option::is_none")]
        pub id_flag: Option<u32>,
    }

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct HistoryArgs {
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
        #[arg(long, value_enum, value_name = "EVENT")]
        pub wait_until: Option<WaitUntil>,
    }

    #[derive(Debug, Args, Serialize)]
    pub struct ReadArgs {
        /// Only this element.
        #[arg(long, value_name = "UID")]
        pub uid: Option<String>,
        /// Only the element matching this CSS selector.
        #[arg(long, value_name = "CSS")]
        pub selector: Option<String>,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    given_as_is!(PageArg, PageIdArgs, HistoryArgs, ReadArgs);
}

/// `page open|navigate|back|forward|reload`'s reply: the page, where it is now.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NavigatedReply {
    #[serde(flatten)]
    pub page: crate::page::PageInfo,
    /// The HTTP status of the document loaded, as Chromium tells it (none without a response:
    /// the back/forward cache, `--wait-until none`). 4xx and 5xx are warned of too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// The script that ran before the page's own (`--init-script`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub init_script: Option<InitScriptUsed>,
    /// `HTTP_ERROR_STATUS`, carried to the envelope's `meta.warnings`.
    #[serde(rename = "__warnings", default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(skip)]
    pub warnings: Vec<crate::warning::Warning>,
}

impl NavigatedReply {
    /// The reply of a navigation of page `id` (the current page or not) that reached `outcome`:
    /// an error status is warned of (the page shows the server's error page, which an agent
    /// reading only the title could take for the page it asked for).
    pub fn reached(
        id: crate::page::PageId,
        outcome: crate::ports::NavigationOutcome,
        current: bool,
    ) -> NavigatedReply {
        use crate::warning::{Warning, WarningCode};
        let page = crate::page::PageInfo {
            id,
            url: outcome.url,
            title: outcome.title,
            current,
        };
        let status = outcome.status;
        let warnings = status
            .filter(|status| *status >= 400)
            .map(|status| {
                Warning::new(
                    WarningCode::HttpErrorStatus,
                    format!("the server answered {} with HTTP {status}", page.url),
                )
                .with_details(serde_json::json!({ "status": status, "url": page.url }))
            })
            .into_iter()
            .collect();
        NavigatedReply {
            page,
            status,
            init_script: None,
            warnings,
        }
    }
}

/// An `--init-script` a navigation ran.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct InitScriptUsed {
    pub bytes: usize,
    /// It stays for the page's later documents too.
    pub persist: bool,
}

/// `page resize`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct PageResizeReply {
    pub page: crate::page::PageId,
    pub width: u32,
    pub height: u32,
}

/// `page wait-text`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct WaitTextReply {
    pub page: crate::page::PageId,
    /// The first of the texts that appeared.
    pub found: String,
}

/// `page wait-selector`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct WaitSelectorReply {
    pub page: crate::page::PageId,
    pub selector: String,
    /// The state waited for.
    pub state: SelectorState,
    /// The element matched (none once it is detached or hidden).
    pub uid: Option<String>,
}

/// `page wait-url`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct WaitUrlReply {
    pub page: crate::page::PageId,
    /// The URL that matched.
    pub url: String,
}

/// `page wait-idle`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaitIdleReply {
    pub page: crate::page::PageId,
    /// How long the network had to stay quiet.
    pub idle_ms: u64,
    /// How long it took.
    pub waited_ms: u64,
}

/// `page text|html`'s reply: the page's (or one element's) visible text, its main content as
/// Markdown (`--markdown`), or its HTML.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct PageReadReply {
    pub page: crate::page::PageId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub markdown: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub html: Option<String>,
    /// Set when the string was cut to fit one reply.
    #[serde(flatten, default)]
    pub cut: Option<crate::ops::Cut>,
    /// Carried to the envelope's `meta.warnings`.
    #[serde(rename = "__warnings", default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(skip)]
    pub warnings: Vec<crate::warning::Warning>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::warning::WarningCode;

    #[test]
    fn an_error_status_is_warned_of_and_others_are_not() {
        let reached = |url: &str, status| {
            let outcome = crate::ports::NavigationOutcome {
                url: url.into(),
                title: "Error response".into(),
                status,
            };
            NavigatedReply::reached(crate::page::PageId(1), outcome, true)
        };
        let missing = reached("http://127.0.0.1:9/gone", Some(404));
        assert_eq!(missing.warnings.len(), 1);
        assert_eq!(missing.warnings[0].code, WarningCode::HttpErrorStatus);
        assert_eq!(missing.warnings[0].details["status"], 404);
        let wire = serde_json::to_value(&missing).unwrap_or_default();
        assert_eq!(wire["status"], 404);
        for status in [Some(200), Some(304), None] {
            let reply = reached("http://127.0.0.1:9/", status);
            assert!(reply.warnings.is_empty(), "{status:?}");
        }
    }
}
