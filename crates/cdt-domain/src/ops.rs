//! Request schemas: every operation the daemon performs, its parameters (with JSON schemas for
//! `--describe`), its default budget and the error codes it can return.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::error::ErrorCode;
use crate::page::WaitUntil;

/// No parameters.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoParams {}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SessionStartParams {
    /// Run Chromium without a window (default true).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub headless: Option<bool>,
    /// Initial window size, `WIDTHxHEIGHT` (e.g. `1280x800`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub viewport: Option<String>,
    /// Attach to a browser someone else launched, by its HTTP endpoint (`http://127.0.0.1:9222`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub browser_url: Option<String>,
    /// Attach by the browser's WebSocket endpoint (`ws://127.0.0.1:9222/devtools/browser/…`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ws_endpoint: Option<String>,
    /// Permit a non-loopback endpoint (never `0.0.0.0`).
    #[serde(default)]
    pub allow_remote: bool,
    /// Extra Chromium arguments.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chrome_args: Vec<String>,
    /// Chromium executable to launch (else `CDT_CHROME_PATH`, then discovery).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chrome_path: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VerboseParams {
    /// Add lease, telemetry and process details.
    #[serde(default)]
    pub verbose: bool,
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

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NetworkListParams {
    /// The page (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// Resource types (`document`, `xhr`, `fetch`, `script`, `image`, `stylesheet`, `websocket`, …).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<String>,
    /// HTTP method, e.g. `POST`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// Status code (`404`) or class (`4xx`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// Substring the URL must contain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url_includes: Option<String>,
    /// Only requests that failed (network error or blocked).
    #[serde(default)]
    pub failed: bool,
    /// At most this many (the newest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
    /// Only requests with a larger id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<u64>,
    /// Include requests from before the page's last navigation.
    #[serde(default)]
    pub preserved: bool,
    /// Show Authorization, Cookie and Set-Cookie values.
    #[serde(default)]
    pub include_secrets: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NetworkBodyParams {
    /// The request id (from `cdt network list`).
    pub id: u64,
    /// The request body instead of the response body.
    #[serde(default)]
    pub request: bool,
    /// Write the body to this file (absolute path) instead of returning it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NetworkWaitParams {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url_includes: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// Status code (`200`) or class (`2xx`); the request must have a response.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// The page (default: any page of the context).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NetworkHarParams {
    /// Where to write the HAR file (absolute path).
    pub file: String,
    /// The page (default: the current page).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// Keep Authorization, Cookie and Set-Cookie values.
    #[serde(default)]
    pub include_secrets: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventsReadParams {
    /// First sequence number to return (0 = from the start); pass the previous `nextOffset`.
    #[serde(default)]
    pub offset: u64,
    /// At most this many events (default 500, at most 10000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
    /// Only these kinds: console, log, request, response, loadingFinished, loadingFailed, websocket, other.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url_includes: Option<String>,
    /// HTTP method (network kinds only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventFilters {
    /// Kinds kept in the buffer (empty: all).
    #[serde(default)]
    pub kinds: Vec<String>,
    /// Keep only events whose URL contains one of these (empty: all).
    #[serde(default)]
    pub url_allow: Vec<String>,
    /// Drop events whose URL contains one of these.
    #[serde(default)]
    pub url_block: Vec<String>,
    /// Bodies and payloads are cut to this size; larger bodies are not fetched eagerly.
    #[serde(default = "default_max_body_bytes")]
    pub max_body_bytes: u64,
}

pub fn default_max_body_bytes() -> u64 {
    64_000
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventFiltersSetParams {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kinds: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url_allow: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url_block: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_body_bytes: Option<u64>,
}

/// Every operation, as sent on the wire: `{"op":"page.open","params":{…}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "op", content = "params")]
pub enum Operation {
    #[serde(rename = "session.start")]
    SessionStart(SessionStartParams),
    #[serde(rename = "session.status")]
    SessionStatus(VerboseParams),
    #[serde(rename = "session.stop")]
    SessionStop(NoParams),
    #[serde(rename = "session.restart")]
    SessionRestart(SessionStartParams),
    #[serde(rename = "session.list")]
    SessionList(NoParams),
    #[serde(rename = "page.open")]
    PageOpen(PageOpenParams),
    #[serde(rename = "page.list")]
    PageList(NoParams),
    #[serde(rename = "page.use")]
    PageUse(PageUseParams),
    #[serde(rename = "page.close")]
    PageClose(PageCloseParams),
    #[serde(rename = "page.navigate")]
    PageNavigate(PageNavigateParams),
    #[serde(rename = "console.list")]
    ConsoleList(ConsoleListParams),
    #[serde(rename = "console.get")]
    ConsoleGet(IdParams),
    #[serde(rename = "console.wait")]
    ConsoleWait(ConsoleWaitParams),
    #[serde(rename = "console.clear")]
    ConsoleClear(PageScopeParams),
    #[serde(rename = "network.list")]
    NetworkList(NetworkListParams),
    #[serde(rename = "network.get")]
    NetworkGet(IdParams),
    #[serde(rename = "network.body")]
    NetworkBody(NetworkBodyParams),
    #[serde(rename = "network.wait")]
    NetworkWait(NetworkWaitParams),
    #[serde(rename = "network.har")]
    NetworkHar(NetworkHarParams),
    #[serde(rename = "network.clear")]
    NetworkClear(PageScopeParams),
    #[serde(rename = "events.read")]
    EventsRead(EventsReadParams),
    #[serde(rename = "events.filters.get")]
    EventsFiltersGet(NoParams),
    #[serde(rename = "events.filters.set")]
    EventsFiltersSet(EventFiltersSetParams),
    #[serde(rename = "daemon.status")]
    DaemonStatus(VerboseParams),
    #[serde(rename = "daemon.stop")]
    DaemonStop(NoParams),
}

/// Static facts about an operation, shared by `--describe`, `--help` and the daemon.
#[derive(Clone, Copy, Debug)]
pub struct OpSpec {
    pub name: &'static str,
    /// Budget used when `--timeout` is not given.
    pub default_timeout_ms: u64,
    /// Whether the op needs (and auto-starts) the caller's browser slot.
    pub needs_slot: bool,
    pub errors: &'static [ErrorCode],
    pub example: &'static str,
}

use ErrorCode as E;

const COMMON: [ErrorCode; 5] = [
    E::ValidationError,
    E::Timeout,
    E::DaemonUnavailable,
    E::ProtocolError,
    E::InternalError,
];

macro_rules! errors {
    ($($code:ident),*) => {{
        const LIST: &[ErrorCode] = &[$(E::$code,)* E::ValidationError, E::Timeout, E::DaemonUnavailable, E::ProtocolError, E::InternalError];
        LIST
    }};
}

pub const OP_SPECS: &[OpSpec] = &[
    OpSpec {
        name: "session.start",
        default_timeout_ms: 30_000,
        needs_slot: false,
        errors: errors!(
            BrowserLaunchFailed,
            SecurityBlocked,
            SessionAlreadyRunning,
            SlotLimitReached,
            CdpDisconnected
        ),
        example: "cdt session start --headless",
    },
    OpSpec {
        name: "session.status",
        default_timeout_ms: 5_000,
        needs_slot: false,
        errors: errors!(),
        example: "cdt session status --verbose",
    },
    OpSpec {
        name: "session.stop",
        default_timeout_ms: 10_000,
        needs_slot: false,
        errors: errors!(SessionNotFound),
        example: "cdt session stop",
    },
    OpSpec {
        name: "session.restart",
        default_timeout_ms: 30_000,
        needs_slot: false,
        errors: errors!(
            BrowserLaunchFailed,
            SecurityBlocked,
            SlotLimitReached,
            CdpDisconnected
        ),
        example: "cdt session restart",
    },
    OpSpec {
        name: "session.list",
        default_timeout_ms: 5_000,
        needs_slot: false,
        errors: errors!(),
        example: "cdt session list",
    },
    OpSpec {
        name: "page.open",
        default_timeout_ms: 30_000,
        needs_slot: true,
        errors: errors!(
            NavigationFailed,
            BrowserLaunchFailed,
            SlotLimitReached,
            CdpDisconnected
        ),
        example: "cdt page open https://example.com",
    },
    OpSpec {
        name: "page.list",
        default_timeout_ms: 5_000,
        needs_slot: true,
        errors: errors!(BrowserLaunchFailed, SlotLimitReached, CdpDisconnected),
        example: "cdt page list",
    },
    OpSpec {
        name: "page.use",
        default_timeout_ms: 5_000,
        needs_slot: true,
        errors: errors!(PageNotFound, BrowserLaunchFailed, CdpDisconnected),
        example: "cdt page use 2",
    },
    OpSpec {
        name: "page.close",
        default_timeout_ms: 10_000,
        needs_slot: true,
        errors: errors!(
            PageNotFound,
            NoCurrentPage,
            BrowserLaunchFailed,
            CdpDisconnected
        ),
        example: "cdt page close 2",
    },
    OpSpec {
        name: "page.navigate",
        default_timeout_ms: 30_000,
        needs_slot: true,
        errors: errors!(
            PageNotFound,
            NoCurrentPage,
            NavigationFailed,
            BrowserLaunchFailed,
            CdpDisconnected
        ),
        example: "cdt page navigate https://example.com --wait-until domcontentloaded",
    },
    OpSpec {
        name: "console.list",
        default_timeout_ms: 5_000,
        needs_slot: true,
        errors: errors!(
            PageNotFound,
            NoCurrentPage,
            BrowserLaunchFailed,
            CdpDisconnected
        ),
        example: "cdt console list --type error,warn --limit 20",
    },
    OpSpec {
        name: "console.get",
        default_timeout_ms: 5_000,
        needs_slot: true,
        errors: errors!(ConsoleMessageNotFound, BrowserLaunchFailed, CdpDisconnected),
        example: "cdt console get 3",
    },
    OpSpec {
        name: "console.wait",
        default_timeout_ms: 10_000,
        needs_slot: true,
        errors: errors!(PageNotFound, BrowserLaunchFailed, CdpDisconnected),
        example: "cdt console wait --pattern 'ready|loaded' --type log --timeout 5000",
    },
    OpSpec {
        name: "console.clear",
        default_timeout_ms: 5_000,
        needs_slot: true,
        errors: errors!(PageNotFound, BrowserLaunchFailed, CdpDisconnected),
        example: "cdt console clear",
    },
    OpSpec {
        name: "network.list",
        default_timeout_ms: 5_000,
        needs_slot: true,
        errors: errors!(
            PageNotFound,
            NoCurrentPage,
            BrowserLaunchFailed,
            CdpDisconnected
        ),
        example: "cdt network list --type xhr,fetch --status 4xx",
    },
    OpSpec {
        name: "network.get",
        default_timeout_ms: 5_000,
        needs_slot: true,
        errors: errors!(NetworkRequestNotFound, BrowserLaunchFailed, CdpDisconnected),
        example: "cdt network get 7",
    },
    OpSpec {
        name: "network.body",
        default_timeout_ms: 10_000,
        needs_slot: true,
        errors: errors!(
            NetworkRequestNotFound,
            BodyNotAvailable,
            IoError,
            BrowserLaunchFailed,
            CdpDisconnected
        ),
        example: "cdt network body 7 --file out.json",
    },
    OpSpec {
        name: "network.wait",
        default_timeout_ms: 10_000,
        needs_slot: true,
        errors: errors!(PageNotFound, BrowserLaunchFailed, CdpDisconnected),
        example: "cdt network wait --url-includes /api/login --method POST --status 2xx",
    },
    OpSpec {
        name: "network.har",
        default_timeout_ms: 15_000,
        needs_slot: true,
        errors: errors!(
            PageNotFound,
            NoCurrentPage,
            IoError,
            BrowserLaunchFailed,
            CdpDisconnected
        ),
        example: "cdt network har session.har",
    },
    OpSpec {
        name: "network.clear",
        default_timeout_ms: 5_000,
        needs_slot: true,
        errors: errors!(PageNotFound, BrowserLaunchFailed, CdpDisconnected),
        example: "cdt network clear",
    },
    OpSpec {
        name: "events.read",
        default_timeout_ms: 5_000,
        needs_slot: true,
        errors: errors!(BrowserLaunchFailed, CdpDisconnected),
        example: "cdt events read --offset 0 --limit 200 --kinds request,response",
    },
    OpSpec {
        name: "events.filters.get",
        default_timeout_ms: 5_000,
        needs_slot: true,
        errors: errors!(BrowserLaunchFailed, CdpDisconnected),
        example: "cdt events filters get",
    },
    OpSpec {
        name: "events.filters.set",
        default_timeout_ms: 5_000,
        needs_slot: true,
        errors: errors!(BrowserLaunchFailed, CdpDisconnected),
        example: "cdt events filters set --kinds request,response --url-block analytics",
    },
    OpSpec {
        name: "daemon.status",
        default_timeout_ms: 5_000,
        needs_slot: false,
        errors: errors!(),
        example: "cdt daemon status --verbose",
    },
    OpSpec {
        name: "daemon.stop",
        default_timeout_ms: 15_000,
        needs_slot: false,
        errors: errors!(),
        example: "cdt daemon stop",
    },
];

impl Operation {
    pub fn name(&self) -> &'static str {
        match self {
            Operation::SessionStart(_) => "session.start",
            Operation::SessionStatus(_) => "session.status",
            Operation::SessionStop(_) => "session.stop",
            Operation::SessionRestart(_) => "session.restart",
            Operation::SessionList(_) => "session.list",
            Operation::PageOpen(_) => "page.open",
            Operation::PageList(_) => "page.list",
            Operation::PageUse(_) => "page.use",
            Operation::PageClose(_) => "page.close",
            Operation::PageNavigate(_) => "page.navigate",
            Operation::ConsoleList(_) => "console.list",
            Operation::ConsoleGet(_) => "console.get",
            Operation::ConsoleWait(_) => "console.wait",
            Operation::ConsoleClear(_) => "console.clear",
            Operation::NetworkList(_) => "network.list",
            Operation::NetworkGet(_) => "network.get",
            Operation::NetworkBody(_) => "network.body",
            Operation::NetworkWait(_) => "network.wait",
            Operation::NetworkHar(_) => "network.har",
            Operation::NetworkClear(_) => "network.clear",
            Operation::EventsRead(_) => "events.read",
            Operation::EventsFiltersGet(_) => "events.filters.get",
            Operation::EventsFiltersSet(_) => "events.filters.set",
            Operation::DaemonStatus(_) => "daemon.status",
            Operation::DaemonStop(_) => "daemon.stop",
        }
    }

    pub fn spec(&self) -> &'static OpSpec {
        op_spec(self.name()).unwrap_or(&OP_SPECS[0])
    }
}

pub fn op_spec(name: &str) -> Option<&'static OpSpec> {
    OP_SPECS.iter().find(|spec| spec.name == name)
}

/// The JSON schema of an operation's parameters, for `--describe`.
pub fn params_schema(name: &str) -> Option<serde_json::Value> {
    let schema = match name {
        "session.start" | "session.restart" => schemars::schema_for!(SessionStartParams),
        "session.status" | "daemon.status" => schemars::schema_for!(VerboseParams),
        "session.stop" | "session.list" | "page.list" | "daemon.stop" => {
            schemars::schema_for!(NoParams)
        }
        "page.open" => schemars::schema_for!(PageOpenParams),
        "page.use" => schemars::schema_for!(PageUseParams),
        "page.close" => schemars::schema_for!(PageCloseParams),
        "page.navigate" => schemars::schema_for!(PageNavigateParams),
        "console.list" => schemars::schema_for!(ConsoleListParams),
        "console.get" | "network.get" => schemars::schema_for!(IdParams),
        "console.wait" => schemars::schema_for!(ConsoleWaitParams),
        "console.clear" | "network.clear" => schemars::schema_for!(PageScopeParams),
        "network.list" => schemars::schema_for!(NetworkListParams),
        "network.body" => schemars::schema_for!(NetworkBodyParams),
        "network.wait" => schemars::schema_for!(NetworkWaitParams),
        "network.har" => schemars::schema_for!(NetworkHarParams),
        "events.read" => schemars::schema_for!(EventsReadParams),
        "events.filters.get" => schemars::schema_for!(NoParams),
        "events.filters.set" => schemars::schema_for!(EventFiltersSetParams),
        _ => return None,
    };
    serde_json::to_value(schema).ok()
}

/// Codes every operation can return.
pub fn common_errors() -> &'static [ErrorCode] {
    &COMMON
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_op_has_a_spec_and_schema() {
        for spec in OP_SPECS {
            assert!(
                params_schema(spec.name).is_some(),
                "{} has no schema",
                spec.name
            );
            assert!(spec.errors.contains(&ErrorCode::Timeout));
        }
    }

    /// Every variant of [`Operation`] (read from its schema) has a spec and a params schema.
    #[test]
    fn every_operation_variant_is_registered() {
        let schema = serde_json::to_value(schemars::schema_for!(Operation)).unwrap_or_default();
        let text = schema.to_string();
        let mut names = Vec::new();
        for variant in schema["oneOf"].as_array().into_iter().flatten() {
            if let Some(name) = variant["properties"]["op"]["const"]
                .as_str()
                .or_else(|| variant["properties"]["op"]["enum"][0].as_str())
            {
                names.push(name.to_string());
            }
        }
        assert!(
            names.len() >= 25,
            "could not read the op names from the schema: {text}"
        );
        for name in names {
            assert!(op_spec(&name).is_some(), "{name} has no OpSpec");
            assert!(
                params_schema(&name).is_some(),
                "{name} has no params schema"
            );
        }
    }

    #[test]
    fn operation_wire_form() {
        let op = Operation::PageUse(PageUseParams { id: 3 });
        let json = serde_json::to_string(&op).unwrap_or_default();
        assert_eq!(json, r#"{"op":"page.use","params":{"id":3}}"#);
        assert_eq!(op.spec().name, "page.use");
        let unknown: Result<Operation, _> =
            serde_json::from_str(r#"{"op":"page.explode","params":{}}"#);
        assert!(unknown.is_err());
    }
}
