//! Raw CDP (`cdt cdp send`, `cdt cdp listen`) for what cdt has no command for, and what it
//! refuses: methods that would break cdt's own bookkeeping (its sessions, targets, telemetry,
//! uids, traces) or reach outside the caller's context. Each refusal is `SECURITY_BLOCKED`
//! naming the cdt command that does the job.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::{CdtError, ErrorCode};

/// Where a raw command goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RawTarget {
    /// A page's session (cdt's observer session of it, where its events come from).
    Page,
    /// The browser itself (`--browser`).
    Browser,
}

/// A CDP event as `cdt cdp listen` passes it on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RawCdpEvent {
    pub method: String,
    pub params: Value,
    /// The session it came on (`""` for the browser's own).
    pub session_id: String,
    /// The target it belongs to (a page, one of its iframes or workers).
    pub target_id: String,
}

/// Methods refused on a page, with why and what to use instead (`""`: nothing in cdt).
const REFUSED: &[(&str, &str, &str)] = &[
    (
        "Target.",
        "cdt tracks targets and sessions itself",
        "cdt page open|close|use, cdt events targets",
    ),
    (
        "Browser.",
        "it acts on the whole browser, beyond this page",
        "cdt cdp send … --browser (read-only methods), cdt session stop",
    ),
    ("Page.close", "cdt tracks its pages", "cdt page close"),
    ("Page.crash", "it would take the page down", ""),
    ("Page.disable", "cdt's telemetry and page probe need it", ""),
    (
        "Page.setLifecycleEventsEnabled",
        "cdt's navigation waits need it",
        "",
    ),
    (
        "Runtime.disable",
        "cdt's console telemetry and page probe need it",
        "",
    ),
    (
        "Network.disable",
        "cdt's network telemetry needs it",
        "cdt events filters set",
    ),
    (
        "Log.disable",
        "cdt's console telemetry needs it",
        "cdt events filters set",
    ),
    ("DOM.disable", "cdt's uids need it", ""),
    (
        "Fetch.",
        "paused requests would hang the page",
        "cdt network route (interception)",
    ),
    (
        "Tracing.",
        "cdt records traces itself",
        "cdt trace start|stop",
    ),
    ("Inspector.", "cdt's connection relies on it", ""),
];

/// Methods allowed on the browser itself: they read, and stay within what this context sees.
const BROWSER_ALLOWED: &[&str] = &[
    "Browser.getVersion",
    "Browser.getHistograms",
    "Browser.getHistogram",
    "SystemInfo.getInfo",
    "SystemInfo.getProcessInfo",
    "SystemInfo.getFeatureState",
    "Target.getTargets",
    "Target.getTargetInfo",
];

fn valid_name(method: &str) -> bool {
    let mut parts = method.split('.');
    matches!(
        (parts.next(), parts.next(), parts.next()),
        (Some(domain), Some(name), None)
            if domain.chars().next().is_some_and(|c| c.is_ascii_uppercase())
                && domain.chars().all(|c| c.is_ascii_alphanumeric())
                && !name.is_empty()
                && name.chars().all(|c| c.is_ascii_alphanumeric())
    )
}

/// Whether `method` may be sent to `target`.
pub fn check(method: &str, target: RawTarget) -> Result<(), CdtError> {
    if !valid_name(method) {
        return Err(CdtError::validation(format!(
            "{method:?} is not a CDP method (Domain.method, e.g. Runtime.evaluate)"
        ))
        .hinted("See https://chromedevtools.github.io/devtools-protocol/ for the methods"));
    }
    if target == RawTarget::Browser {
        if BROWSER_ALLOWED.contains(&method) {
            return Ok(());
        }
        return Err(CdtError::new(
            ErrorCode::SecurityBlocked,
            format!("{method} is not sent to the browser itself: it could act beyond this context"),
        )
        .with_details(serde_json::json!({ "allowed": BROWSER_ALLOWED }))
        .hinted("Send it to the page instead (without --browser)"));
    }
    let Some((prefix, why, instead)) = REFUSED.iter().find(|(prefix, _, _)| {
        method == *prefix || (prefix.ends_with('.') && method.starts_with(prefix))
    }) else {
        return Ok(());
    };
    let allowed_read = *prefix == "Target." && method == "Target.getTargetInfo";
    if allowed_read {
        return Ok(());
    }
    let error = CdtError::new(
        ErrorCode::SecurityBlocked,
        format!("cdt does not send {method}: {why}"),
    )
    .with_details(serde_json::json!({ "method": method }));
    Err(if instead.is_empty() {
        error.hinted("cdt's own commands cover what it is used for: cdt --help")
    } else {
        error.hinted(format!("Use instead: {instead}"))
    })
}

/// Whether an event name pattern (`Network.requestWillBeSent`, `Network.*`) is well formed.
pub fn check_event_pattern(pattern: &str) -> Result<(), CdtError> {
    let name = pattern
        .strip_suffix(".*")
        .map_or(pattern.to_string(), |domain| format!("{domain}.x"));
    if valid_name(&name) {
        Ok(())
    } else {
        Err(CdtError::validation(format!(
            "{pattern:?} is not a CDP event (Domain.event, or Domain.* for a whole domain)"
        ))
        .hinted("e.g. cdt cdp listen Network.requestWillBeSent Page.*"))
    }
}

/// Whether `method` is one of the events `patterns` name.
pub fn matches(patterns: &[String], method: &str) -> bool {
    patterns
        .iter()
        .any(|pattern| match pattern.strip_suffix('*') {
            Some(domain) => method.starts_with(domain),
            None => pattern == method,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bookkeeping_and_out_of_context_methods_are_refused_with_the_command_to_use() {
        assert!(check("Runtime.evaluate", RawTarget::Page).is_ok());
        assert!(check("Animation.enable", RawTarget::Page).is_ok());
        assert!(check("Target.getTargetInfo", RawTarget::Page).is_ok());
        for (method, hint) in [
            ("Target.closeTarget", "cdt page"),
            ("Page.close", "cdt page close"),
            ("Fetch.enable", "cdt network route"),
            ("Tracing.start", "cdt trace"),
            ("Browser.close", "cdt session stop"),
            ("Network.disable", "filters"),
        ] {
            let error = check(method, RawTarget::Page).err();
            assert_eq!(
                error.as_ref().map(|e| e.code),
                Some(ErrorCode::SecurityBlocked),
                "{method}"
            );
            assert!(
                error.is_some_and(|e| e.suggestions[0].to_string().contains(hint)),
                "{method}"
            );
        }
        assert!(check("Browser.getVersion", RawTarget::Browser).is_ok());
        assert!(check("Storage.clearDataForOrigin", RawTarget::Browser).is_err());
        for bad in [
            "evaluate",
            "Runtime",
            "Runtime.",
            "runtime.evaluate",
            "A.b.c",
            "Runtime.eval uate",
        ] {
            assert_eq!(
                check(bad, RawTarget::Page).err().map(|e| e.code),
                Some(ErrorCode::ValidationError),
                "{bad}"
            );
        }
    }

    #[test]
    fn event_patterns() {
        let patterns = vec!["Network.*".to_string(), "Page.loadEventFired".into()];
        assert!(matches(&patterns, "Network.requestWillBeSent"));
        assert!(matches(&patterns, "Page.loadEventFired"));
        assert!(!matches(&patterns, "Page.frameNavigated"));
        assert!(check_event_pattern("Network.*").is_ok());
        assert!(check_event_pattern("Network.requestWillBeSent").is_ok());
        assert!(check_event_pattern("*").is_err());
        assert!(check_event_pattern("network.x").is_err());
    }
}
