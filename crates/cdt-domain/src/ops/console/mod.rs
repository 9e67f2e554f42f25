//! `console …`: the console messages of the context's pages (SPEC §8).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

resource_operations! { $ console_operations(console);
    ConsoleList = list,
    ConsoleGet = get,
    ConsoleWait = wait,
    ConsoleClear = clear,
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
pub struct PageScopeParams {
    /// The page (default: every page of the context).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

/// The flags several `console` commands share.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use crate::ops::cli::{given_as_is, is_false};
    use clap::Args;
    use serde::Serialize;

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

    given_as_is!(ListArgs, WaitArgs, PageScopeArgs);
}

/// `console list`'s reply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ConsoleListReply {
    pub page: crate::page::PageId,
    /// The messages, oldest first (`console get <id>` has the arguments and stack).
    pub messages: Vec<ConsoleSummary>,
    /// Messages that matched, before `--limit`.
    pub total: usize,
    /// Messages the context's table dropped (bounded memory).
    pub dropped: u64,
}

/// `console clear`'s (and `network clear`'s) reply: how many records were removed.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ClearedReply {
    pub cleared: usize,
}

/// A console message as `console list` shows it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ConsoleSummary {
    pub id: u64,
    pub page: Option<u32>,
    /// `log`, `info`, `warn`, `error`, `debug`, `exception`, …
    #[serde(rename = "type")]
    pub kind: String,
    pub text: String,
    /// Where it came from when not `console.*` (`javascript`, `network`, `deprecation`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The kind of target when not the page (`worker`, `iframe`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// Parts were left out to keep it bounded (each cut is marked in place).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cut: bool,
}

/// A console message as `console get|wait` show it: with its arguments and stack.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ConsoleDetail {
    #[serde(flatten)]
    pub summary: ConsoleSummary,
    pub args: Vec<ConsoleArg>,
    /// The stack trace as the browser reported it (none when it gave none).
    pub stack: serde_json::Value,
    pub column: Option<u64>,
    /// Milliseconds since the epoch.
    pub timestamp: u64,
    /// Which document of the page it came from (1, 2, … after each navigation).
    pub navigation: u32,
}

/// One argument of a console call.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ConsoleArg {
    /// The JavaScript type (`string`, `number`, `object`, …).
    #[serde(rename = "type")]
    pub kind: serde_json::Value,
    /// `array`, `null`, `node`, `error`, … for objects.
    pub subtype: serde_json::Value,
    /// How it prints.
    pub text: String,
}
