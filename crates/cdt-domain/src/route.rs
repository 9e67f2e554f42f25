//! Request interception (issue 21.1): what a route does to the requests it matches, and the
//! port through which the browser adapter asks the application what to do with a paused
//! request. The adapter owns the mechanism (the Fetch domain on every target); the
//! application owns the rules (`cdt-app`'s route table).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What a route does to a request it matches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum RouteAction {
    /// Let it through unchanged (to count matches, or after a delay).
    #[default]
    Continue,
    /// Fail it with a network error (`reason`).
    Block,
    /// Answer it without the network (status, headers, body).
    Fulfill,
    /// Send it on with another URL, post data or headers.
    Modify,
    /// Hold it `delayMs`, then let it through.
    Delay,
}

impl RouteAction {
    pub fn as_str(self) -> &'static str {
        match self {
            RouteAction::Continue => "continue",
            RouteAction::Block => "block",
            RouteAction::Fulfill => "fulfill",
            RouteAction::Modify => "modify",
            RouteAction::Delay => "delay",
        }
    }
}

/// The network error a blocked request fails with (CDP's `Network.ErrorReason`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(
    feature = "cli",
    derive(clap::ValueEnum),
    value(rename_all = "PascalCase")
)]
pub enum BlockReason {
    Failed,
    Aborted,
    TimedOut,
    AccessDenied,
    ConnectionClosed,
    ConnectionReset,
    ConnectionRefused,
    ConnectionAborted,
    ConnectionFailed,
    NameNotResolved,
    InternetDisconnected,
    AddressUnreachable,
    #[default]
    BlockedByClient,
    BlockedByResponse,
}

impl BlockReason {
    /// The CDP spelling (`Network.ErrorReason`).
    pub fn as_cdp(self) -> &'static str {
        match self {
            BlockReason::Failed => "Failed",
            BlockReason::Aborted => "Aborted",
            BlockReason::TimedOut => "TimedOut",
            BlockReason::AccessDenied => "AccessDenied",
            BlockReason::ConnectionClosed => "ConnectionClosed",
            BlockReason::ConnectionReset => "ConnectionReset",
            BlockReason::ConnectionRefused => "ConnectionRefused",
            BlockReason::ConnectionAborted => "ConnectionAborted",
            BlockReason::ConnectionFailed => "ConnectionFailed",
            BlockReason::NameNotResolved => "NameNotResolved",
            BlockReason::InternetDisconnected => "InternetDisconnected",
            BlockReason::AddressUnreachable => "AddressUnreachable",
            BlockReason::BlockedByClient => "BlockedByClient",
            BlockReason::BlockedByResponse => "BlockedByResponse",
        }
    }
}

/// A request the browser holds until the application decides.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PausedRequest {
    pub url: String,
    pub method: String,
    /// CDP's resource type, lower-cased (`document`, `xhr`, `fetch`, `image`, `script`, …).
    pub resource_type: String,
    /// The page the request belongs to (its frame's or worker's page target).
    pub page_target_id: String,
    /// The request's headers, as sent.
    pub headers: Vec<(String, String)>,
    pub post_data: Option<String>,
}

/// What to do with a paused request. Every paused request gets exactly one decision.
#[derive(Clone, Debug, PartialEq)]
pub enum RouteDecision {
    /// Send it on, changed where a field is `Some`.
    Continue {
        url: Option<String>,
        post_data: Option<String>,
        /// The whole header list to send (the request's own, with the route's set over them).
        headers: Option<Vec<(String, String)>>,
        delay_ms: u64,
    },
    Fail {
        reason: BlockReason,
        delay_ms: u64,
    },
    Fulfill {
        status: u16,
        headers: Vec<(String, String)>,
        body: Vec<u8>,
        delay_ms: u64,
    },
}

impl RouteDecision {
    /// Let it through untouched, now.
    pub fn pass() -> RouteDecision {
        RouteDecision::Continue {
            url: None,
            post_data: None,
            headers: None,
            delay_ms: 0,
        }
    }

    pub fn delay_ms(&self) -> u64 {
        match self {
            RouteDecision::Continue { delay_ms, .. }
            | RouteDecision::Fail { delay_ms, .. }
            | RouteDecision::Fulfill { delay_ms, .. } => *delay_ms,
        }
    }
}

/// Decides what happens to each request the browser pauses (implemented by the application's
/// route table; the browser adapter calls it from its event loop, so it must not block).
pub trait RequestInterceptor: Send + Sync {
    fn decide(&self, request: &PausedRequest) -> RouteDecision;
}

/// `Name: value` → `(Name, value)`; `None` when there is no colon or no name.
pub fn parse_header(line: &str) -> Option<(String, String)> {
    let (name, value) = line.split_once(':')?;
    let name = name.trim();
    (!name.is_empty()).then(|| (name.to_string(), value.trim().to_string()))
}

/// `base` with `overrides` set over it: a header of the same name (any case) is replaced, a new
/// one added; an override with an empty value removes the header.
pub fn merge_headers(
    base: &[(String, String)],
    overrides: &[(String, String)],
) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = base
        .iter()
        .filter(|(name, _)| {
            !overrides
                .iter()
                .any(|(other, _)| other.eq_ignore_ascii_case(name))
        })
        .cloned()
        .collect();
    out.extend(
        overrides
            .iter()
            .filter(|(_, value)| !value.is_empty())
            .cloned(),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_parse_and_merge_case_blind_with_removal() {
        assert_eq!(
            parse_header("X-Test:  yes "),
            Some(("X-Test".into(), "yes".into()))
        );
        assert_eq!(parse_header("no colon"), None);
        assert_eq!(parse_header(": empty name"), None);
        let base = vec![
            ("Accept".to_string(), "*/*".to_string()),
            ("Cookie".to_string(), "a=1".to_string()),
        ];
        let merged = merge_headers(
            &base,
            &[
                ("accept".into(), "text/html".into()),
                ("cookie".into(), String::new()),
                ("X-New".into(), "1".into()),
            ],
        );
        assert_eq!(
            merged,
            vec![
                ("accept".to_string(), "text/html".to_string()),
                ("X-New".to_string(), "1".to_string())
            ]
        );
    }
}
