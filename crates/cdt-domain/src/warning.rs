//! Warnings: what went right but deserves attention, reported in the envelope's `meta.warnings`
//! as `{code, message}` (SPEC §3.5). A fixed enum like error codes, so callers can branch on
//! them; never an error in disguise.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Every warning code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum WarningCode {
    /// An action changed nothing observable (no navigation, dialog, new page or DOM change).
    ActionNoEffect,
    /// The caller could not be identified; this command ran in a throw-away context.
    TemporaryContext,
    /// The context's browser died since the caller's last command and was started again;
    /// its pages were lost.
    BrowserRestarted,
    /// A navigation is pending; the reply describes the document still on screen.
    NavigationPending,
    /// Part of the result was cut to keep the reply bounded.
    Truncated,
    /// The context's lease had expired; a new browser was started for this command.
    ContextLeaseExpired,
    /// The daemon that answered is another build of cdt speaking the same protocol; it keeps
    /// serving (`cdt daemon stop` switches to this build, stopping its browsers).
    DaemonOtherBuild,
    /// A daemon of another protocol ran no browser; it exited and this build's daemon took
    /// its place.
    DaemonReplaced,
    /// `storage load` could not restore some origins' session storage (it is per tab).
    SessionStorageSkipped,
    /// The REPL waited for the network to go idle after an interactive command and it did
    /// not within 3 s; the reply is the page as it is now.
    NetworkBusy,
    /// `capture snapshot --since N` named a version the daemon no longer keeps (or of another
    /// document or view): the reply is the whole snapshot.
    SnapshotVersionUnknown,
    /// `--text` matched other elements as well as the one acted on (the first in page order of
    /// the best matches): a uid chooses.
    AmbiguousTarget,
    /// The server answered the page's document with an error status (4xx, 5xx): the page shows
    /// its error page (`status` in the reply).
    HttpErrorStatus,
}

impl WarningCode {
    /// Every code (docs/ipc-protocol.md lists them; a test checks it).
    pub const ALL: &'static [WarningCode] = &[
        WarningCode::ActionNoEffect,
        WarningCode::TemporaryContext,
        WarningCode::BrowserRestarted,
        WarningCode::NavigationPending,
        WarningCode::Truncated,
        WarningCode::ContextLeaseExpired,
        WarningCode::DaemonOtherBuild,
        WarningCode::DaemonReplaced,
        WarningCode::SessionStorageSkipped,
        WarningCode::NetworkBusy,
        WarningCode::SnapshotVersionUnknown,
        WarningCode::AmbiguousTarget,
        WarningCode::HttpErrorStatus,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            WarningCode::ActionNoEffect => "ACTION_NO_EFFECT",
            WarningCode::TemporaryContext => "TEMPORARY_CONTEXT",
            WarningCode::BrowserRestarted => "BROWSER_RESTARTED",
            WarningCode::NavigationPending => "NAVIGATION_PENDING",
            WarningCode::Truncated => "TRUNCATED",
            WarningCode::ContextLeaseExpired => "CONTEXT_LEASE_EXPIRED",
            WarningCode::DaemonOtherBuild => "DAEMON_OTHER_BUILD",
            WarningCode::DaemonReplaced => "DAEMON_REPLACED",
            WarningCode::SessionStorageSkipped => "SESSION_STORAGE_SKIPPED",
            WarningCode::NetworkBusy => "NETWORK_BUSY",
            WarningCode::SnapshotVersionUnknown => "SNAPSHOT_VERSION_UNKNOWN",
            WarningCode::AmbiguousTarget => "AMBIGUOUS_TARGET",
            WarningCode::HttpErrorStatus => "HTTP_ERROR_STATUS",
        }
    }
}

/// One warning of a reply.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Warning {
    pub code: WarningCode,
    pub message: String,
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub details: Value,
}

/// The key under which a use case hands warnings to the broker inside its `data`; the broker
/// moves them to `meta.warnings`.
pub const WARNINGS_KEY: &str = "__warnings";

impl Warning {
    pub fn new(code: WarningCode, message: impl Into<String>) -> Self {
        Warning {
            code,
            message: message.into(),
            details: Value::Null,
        }
    }

    pub fn with_details(mut self, details: Value) -> Self {
        self.details = details;
        self
    }

    /// Adds this warning to a use case's result (see [`WARNINGS_KEY`]).
    pub fn attach(self, data: &mut Value) {
        let Some(object) = data.as_object_mut() else {
            return;
        };
        let entry = object
            .entry(WARNINGS_KEY)
            .or_insert_with(|| Value::Array(Vec::new()));
        if let (Value::Array(list), Ok(value)) = (entry, serde_json::to_value(&self)) {
            list.push(value);
        }
    }

    /// Takes the warnings a use case attached to `data` out of it.
    pub fn take_from(data: &mut Value) -> Vec<Warning> {
        match data.as_object_mut().and_then(|o| o.remove(WARNINGS_KEY)) {
            Some(Value::Array(list)) => list
                .into_iter()
                .filter_map(|w| serde_json::from_value(w).ok())
                .collect(),
            _ => Vec::new(),
        }
    }
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn attach_then_take_round_trips() {
        let mut data = json!({ "a": 1 });
        Warning::new(WarningCode::ActionNoEffect, "nothing").attach(&mut data);
        Warning::new(WarningCode::Truncated, "cut").attach(&mut data);
        let taken = Warning::take_from(&mut data);
        assert_eq!(data, json!({ "a": 1 }));
        assert_eq!(taken.len(), 2);
        assert_eq!(taken[0].code, WarningCode::ActionNoEffect);
        assert_eq!(
            serde_json::to_value(&taken[1]).unwrap_or_default(),
            json!({ "code": "TRUNCATED", "message": "cut" })
        );
    }

    #[test]
    fn codes_serialize_as_their_names_and_the_protocol_doc_lists_them() {
        let doc = include_str!("../../../docs/ipc-protocol.md");
        for &code in WarningCode::ALL {
            assert_eq!(
                serde_json::to_value(code).unwrap_or_default(),
                json!(code.as_str())
            );
            assert!(
                doc.contains(&format!("`{}`", code.as_str())),
                "docs/ipc-protocol.md does not list {}",
                code.as_str()
            );
            // Every variant is in ALL: its match arm below has no wildcard.
            match code {
                WarningCode::ActionNoEffect
                | WarningCode::TemporaryContext
                | WarningCode::BrowserRestarted
                | WarningCode::NavigationPending
                | WarningCode::Truncated
                | WarningCode::ContextLeaseExpired
                | WarningCode::DaemonOtherBuild
                | WarningCode::DaemonReplaced
                | WarningCode::SessionStorageSkipped
                | WarningCode::NetworkBusy
                | WarningCode::SnapshotVersionUnknown
                | WarningCode::AmbiguousTarget
                | WarningCode::HttpErrorStatus => {}
            }
        }
        assert_eq!(WarningCode::ALL.len(), 13);
    }
}
