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
