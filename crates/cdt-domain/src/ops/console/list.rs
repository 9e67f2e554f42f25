//! `cdt console list`: console messages of a page since its last navigation (logs, exceptions, browser errors).

use super::*;
use crate::ops::prelude::*;

/// `console.list`: the operation (its [`OpSpec`] below).
pub struct ConsoleList;

impl Op for ConsoleList {
    type Params = ConsoleListParams;
    type Reply = ConsoleListReply;
    const SPEC: OpSpec = OpSpec {
        name: "console.list",
        summary: "Console messages of a page since its last navigation (logs, exceptions, browser errors)",
        default_timeout_ms: S5,
        effect: Effect::Reads,
        errors: &[E::PageNotFound, E::NoCurrentPage, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt console list --type error,warn --limit 20",
            "cdt console list",
            "cdt console list --preserved --since 40 --page 2",
        ],
        tools: &[Tool::of::<ListConsoleMessages>("list_console_messages", ToolFamily::DevTools, "Console messages and exceptions of the page since its last navigation.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<super::args::ListArgs>(),
        ..OpSpec::DEFAULTS
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

/// `list_console_messages`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ListConsoleMessages {
    /// E.g. `error`, `warn`, `log`, `exception`.
    #[serde(default)]
    pub types: Vec<String>,
    /// At most this many, the newest.
    #[serde(default)]
    pub page_size: Option<usize>,
    /// Also those before the last navigation.
    #[serde(default)]
    pub include_preserved_messages: bool,
    #[serde(default)]
    pub page: Option<u32>,
}

impl ToolShape for ListConsoleMessages {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::ConsoleList(ConsoleListParams {
            page: self.page,
            types: self.types,
            limit: self.page_size,
            since: None,
            preserved: self.include_preserved_messages,
        }))
    }
}
