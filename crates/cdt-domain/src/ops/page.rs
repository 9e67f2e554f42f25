//! Parameters of the page operations: open, use, close, navigate (SPEC §6.2).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::page::WaitUntil;

/// The `page` operations: their entries in the operation table (see `ops::operations!`).
macro_rules! page_operations {
    ($then:ident [$($table:tt)*] $($rest:ident)*) => {
        $then! { [$($table)*
        /// Open a URL in a new page, which becomes current (starts the browser if needed)
        PageOpen = "page.open" (PageOpenParams, page::args::OpenArgs), S30, [NavigationFailed, BrowserLaunchFailed, SlotLimitReached, CdpDisconnected],
            ["cdt page open https://example.com", "cdt page open http://127.0.0.1:8080/app --wait-until networkidle", "cdt page open https://example.com/docs --background", "cdt page open --url https://example.com --fields id,title"] => TextForm::PageReached;
        /// List this context's pages: id, url, title, and which is current
        PageList = "page.list" (NoParams, cli::NoArgs), S5, [BrowserLaunchFailed, SlotLimitReached, CdpDisconnected],
            ["cdt page list", "cdt page list --output text", "cdt page list | jq '.data.pages[] | select(.current)'"];
        /// Make a page current (ids come from `cdt page list`)
        PageUse = "page.use" (PageUseParams, page::args::PageIdArgs), S5, [PageNotFound, BrowserLaunchFailed, CdpDisconnected],
            ["cdt page use 2", "cdt page use --page 2"];
        /// Close a page (default: the current one)
        PageClose = "page.close" (PageCloseParams, page::args::PageIdArgs), S10, [PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected],
            ["cdt page close 2", "cdt page close", "cdt page close 3"];
        /// Load a URL in the current page (or --page N); waits for `load` by default
        PageNavigate = "page.navigate" (PageNavigateParams, page::args::NavigateArgs), S30, [PageNotFound, NoCurrentPage, NavigationFailed, DialogBlocking, BrowserLaunchFailed, CdpDisconnected],
            ["cdt page navigate https://example.com --wait-until domcontentloaded", "cdt page navigate https://example.com/next", "cdt page navigate http://127.0.0.1:8080/ --page 2 --wait-until domcontentloaded", "cdt page navigate https://example.com --timeout 5000"] => TextForm::PageReached;
        /// Go back one entry in the page's history
        PageBack = "page.back" (HistoryParams, page::args::HistoryArgs), S30, [PageNotFound, NoCurrentPage, DialogBlocking, CdpDisconnected],
            ["cdt page back", "cdt page back --wait-until domcontentloaded"] => TextForm::PageReached;
        /// Go forward one entry in the page's history
        PageForward = "page.forward" (HistoryParams, page::args::HistoryArgs), S30, [PageNotFound, NoCurrentPage, DialogBlocking, CdpDisconnected],
            ["cdt page forward"] => TextForm::PageReached;
        /// Reload the page
        PageReload = "page.reload" (ReloadParams, page::args::ReloadArgs), S30, [PageNotFound, NoCurrentPage, DialogBlocking, CdpDisconnected],
            ["cdt page reload --ignore-cache", "cdt page reload"] => TextForm::PageReached;
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
            ["cdt page text --uid e12", "cdt page text", "cdt page text --uid e40", "cdt page text --selector main --output text"] => TextForm::Field("text");
        /// The HTML of the page, or of one element
        PageHtml = "page.html" (ReadParams, page::args::ReadArgs), S5, [PageNotFound, NoCurrentPage, ElementNotFound, UidStale, DialogBlocking, CdpDisconnected],
            ["cdt page html --selector main", "cdt page html --selector form"] => TextForm::Field("html");
        ] $($rest)* }
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PageOpenParams {
    /// The URL to open (`https://…`, `http://127.0.0.1:8080/x.html`, `about:blank`, `file:///…`).
    pub url: String,
    /// Open without making it the current page.
    #[serde(default)]
    pub background: bool,
    /// What to wait for before returning.
    #[serde(default)]
    pub wait_until: WaitUntil,
    /// JavaScript run before any page script, in every frame of the loaded document
    /// (`--init-script <file|js>`; the CLI reads a file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub init_script: Option<String>,
    /// Keep the init script for later documents of the page too (default: removed after this
    /// navigation).
    #[serde(default)]
    pub persist: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PageUseParams {
    /// The page id (from `cdt page list`).
    pub id: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PageCloseParams {
    /// The page id to close (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PageNavigateParams {
    /// The URL to load.
    pub url: String,
    /// The page to navigate (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// What to wait for before returning.
    #[serde(default)]
    pub wait_until: WaitUntil,
    /// JavaScript run before any page script, in every frame of the loaded document
    /// (`--init-script <file|js>`; the CLI reads a file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub init_script: Option<String>,
    /// Keep the init script for later documents of the page too (default: removed after this
    /// navigation).
    #[serde(default)]
    pub persist: bool,
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
pub struct ReloadParams {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// Bypass the cache.
    #[serde(default)]
    pub ignore_cache: bool,
    #[serde(default)]
    pub wait_until: WaitUntil,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ResizeParams {
    pub width: u32,
    pub height: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WaitTextParams {
    /// Returns when any of these texts is on the page.
    pub texts: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WaitSelectorParams {
    pub selector: String,
    /// `visible` (default), `hidden` or `attached`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WaitUrlParams {
    /// A glob matched against the whole URL (`*` any run of characters, `?` one character),
    /// or with `regex` a regular expression searched for in the URL.
    pub pattern: String,
    /// Treat `pattern` as a regular expression.
    #[serde(default)]
    pub regex: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WaitIdleParams {
    /// How long the network must stay quiet, in ms (default 500).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub idle_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
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

/// The flags of `cdt page …` (and the `--page` of commands on one page).
#[cfg(feature = "cli")]
pub(crate) mod args {
    use clap::Args;
    use serde::Serialize;

    use crate::ops::cli::{given_as_is, is_false};
    use crate::page::WaitUntil;

    /// `--page`: the page a command acts on.
    #[derive(Debug, Args, Serialize)]
    pub struct PageArg {
        /// The page (default: the current page).
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct OpenArgs {
        /// The URL to open.
        #[arg(value_name = "URL")]
        pub url: Option<String>,
        /// The URL to open (same as the positional argument).
        #[arg(long = "url", value_name = "URL", conflicts_with = "url")]
        #[serde(rename = "url", skip_serializing_if = "Option::is_none")]
        pub url_flag: Option<String>,
        /// Open without making it the current page.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub background: bool,
        /// What to wait for before returning.
        #[arg(long, value_enum, value_name = "EVENT")]
        pub wait_until: Option<WaitUntil>,
        #[command(flatten)]
        #[serde(flatten)]
        pub init: InitScriptArgs,
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
    pub struct NavigateArgs {
        /// The URL to load.
        #[arg(value_name = "URL")]
        #[serde(skip_serializing_if = "Option::is_none")]
        pub url: Option<String>,
        /// The URL to load (same as the positional argument).
        #[arg(long = "url", value_name = "URL", conflicts_with = "url")]
        #[serde(rename = "url", skip_serializing_if = "Option::is_none")]
        pub url_flag: Option<String>,
        /// The page to navigate (default: the current page).
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
        /// What to wait for before returning.
        #[arg(long, value_enum, value_name = "EVENT")]
        pub wait_until: Option<WaitUntil>,
        #[command(flatten)]
        #[serde(flatten)]
        pub init: InitScriptArgs,
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
    #[serde(rename_all = "camelCase")]
    pub struct ReloadArgs {
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
        /// Bypass the cache.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub ignore_cache: bool,
        #[arg(long, value_enum, value_name = "EVENT")]
        pub wait_until: Option<WaitUntil>,
    }

    #[derive(Debug, Args, Serialize)]
    pub struct ResizeArgs {
        #[arg(value_name = "WIDTH")]
        pub width: Option<u32>,
        #[arg(value_name = "HEIGHT")]
        pub height: Option<u32>,
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    #[derive(Debug, Args, Serialize)]
    pub struct WaitTextArgs {
        /// Texts to wait for (any of them).
        #[arg(value_name = "TEXT")]
        pub texts: Vec<String>,
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    #[derive(Debug, Args, Serialize)]
    pub struct WaitSelectorArgs {
        #[arg(value_name = "CSS")]
        pub selector: Option<String>,
        /// visible (default), hidden or attached.
        #[arg(long)]
        pub state: Option<String>,
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    #[derive(Debug, Args, Serialize)]
    pub struct WaitUrlArgs {
        /// A glob matched against the whole URL (`*` any run of characters, `?` one character).
        #[arg(value_name = "PATTERN")]
        pub pattern: Option<String>,
        /// Treat PATTERN as a regular expression searched for in the URL.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub regex: bool,
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct WaitIdleArgs {
        /// How long the network must stay quiet (ms, default 500).
        #[arg(long, value_name = "MS")]
        pub idle_ms: Option<u64>,
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    #[derive(Debug, Args, Serialize)]
    pub struct ReadArgs {
        /// Only this element.
        #[arg(long, value_name = "UID")]
        pub uid: Option<String>,
        /// Only the element matching this CSS selector.
        #[arg(long, value_name = "CSS")]
        pub selector: Option<String>,
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    given_as_is!(
        PageArg,
        OpenArgs,
        PageIdArgs,
        NavigateArgs,
        HistoryArgs,
        ReloadArgs,
        ResizeArgs,
        WaitTextArgs,
        WaitSelectorArgs,
        WaitUrlArgs,
        WaitIdleArgs,
        ReadArgs,
    );
}
