//! `console …`: the console messages of the context's pages (SPEC §8).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The `console` operations: their entries in the operation table (see `ops::operations!`).
macro_rules! console_operations {
    ($then:ident [$($table:tt)*] $($rest:ident)*) => {
        $then! { [$($table)*
        /// Console messages of a page since its last navigation (logs, exceptions, browser errors)
        ConsoleList = "console.list" (ConsoleListParams, console::args::ListArgs), S5, [PageNotFound, NoCurrentPage, BrowserLaunchFailed, CdpDisconnected],
            ["cdt console list --type error,warn --limit 20", "cdt console list", "cdt console list --preserved --since 40 --page 2"];
        /// One message with its arguments and stack
        ConsoleGet = "console.get" (IdParams, console::args::IdArg), S5, [ConsoleMessageNotFound, BrowserLaunchFailed, CdpDisconnected],
            ["cdt console get 3"];
        /// Wait for the first new message whose text matches a regular expression
        ConsoleWait = "console.wait" (ConsoleWaitParams, console::args::WaitArgs), S10, [PageNotFound, BrowserLaunchFailed, CdpDisconnected],
            ["cdt console wait --pattern 'ready|loaded' --type log --timeout 5000", "cdt console wait --pattern 'ready'", "cdt console wait --pattern 'Error|failed' --type error,exception --timeout 5000"];
        /// Forget recorded messages (of one page, or all)
        ConsoleClear = "console.clear" (PageScopeParams, console::args::PageScopeArgs), S5, [PageNotFound, BrowserLaunchFailed, CdpDisconnected],
            ["cdt console clear", "cdt console clear --page 2"];
        ] $($rest)* }
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConsoleListParams {
    /// The page (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// Only these types (`log`, `info`, `warn`, `error`, `debug`, `exception`, `trace`, …).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<String>,
    /// At most this many (the newest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
    /// Only messages with a larger id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<u64>,
    /// Include messages from before the page's last navigation.
    #[serde(default)]
    pub preserved: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IdParams {
    /// The id (from the matching `list`).
    pub id: u64,
    /// Show Authorization, Cookie and Set-Cookie values.
    #[serde(default)]
    pub include_secrets: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConsoleWaitParams {
    /// Regular expression the message text must match.
    pub pattern: String,
    /// Only these types.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<String>,
    /// The page (default: any page of the context).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PageScopeParams {
    /// The page (default: every page of the context).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// The flags of `cdt console …` (and the `--page` of the telemetry `clear` commands).
#[cfg(feature = "cli")]
pub(crate) mod args {
    use clap::Args;
    use serde::Serialize;

    use crate::ops::cli::{given_as_is, is_false};

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct ListArgs {
        /// Only these types: log, info, warn, error, debug, exception, trace, …
        #[arg(long = "type", value_delimiter = ',', value_name = "TYPES")]
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub types: Vec<String>,
        /// At most this many (the newest).
        #[arg(long)]
        pub limit: Option<usize>,
        /// Only messages with a larger id.
        #[arg(long, value_name = "ID")]
        pub since: Option<u64>,
        /// Include messages from before the last navigation.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub preserved: bool,
        /// The page (default: the current page).
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    #[derive(Debug, Args, Serialize)]
    pub struct IdArg {
        /// The message id (from `cdt console list`).
        #[arg(value_name = "ID")]
        #[serde(skip_serializing_if = "Option::is_none")]
        pub id: Option<u64>,
        #[arg(long = "id", value_name = "ID", conflicts_with = "id", hide = true)]
        #[serde(rename = "id", skip_serializing_if = "Option::is_none")]
        pub id_flag: Option<u64>,
    }

    #[derive(Debug, Args, Serialize)]
    pub struct WaitArgs {
        /// Regular expression the message text must match.
        #[arg(long)]
        pub pattern: Option<String>,
        /// Only these types.
        #[arg(long = "type", value_delimiter = ',', value_name = "TYPES")]
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub types: Vec<String>,
        /// The page (default: any page).
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    /// `--page` of a command on the context's telemetry (default: every page).
    #[derive(Debug, Args, Serialize)]
    pub struct PageScopeArgs {
        /// The page (default: every page).
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
    }

    given_as_is!(ListArgs, IdArg, WaitArgs, PageScopeArgs);
}
