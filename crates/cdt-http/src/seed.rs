//! Seed 003's endpoints, exactly as printed ("API 协议"), each mapped onto one operation: the
//! query names the seed's parameters, interactive ones wait for the network to go idle after
//! acting (3 s at most, unless `force=true`), and `/wait`'s `timeout` is in seconds, as the
//! seed says. The table drives the router and the OpenAPI document alike.

use cdt_domain::CdtError;
use cdt_domain::ops::{
    ClickParams, ElementActionParams, ElementTarget, FillParams, HistoryParams, NoParams,
    Operation, PageNavigateParams, PageParams, ReadParams, ReloadParams, ScreenshotParams,
    SelectorState, SnapshotParams, TextParams, WaitIdleParams, WaitSelectorParams,
};

pub use crate::endpoints::{Action, ENDPOINTS, Endpoint, Method};

/// A seed call: the operation, its budget, and whether to wait for the network after it.
#[derive(Debug)]
pub struct Call {
    pub operation: Operation,
    pub budget_ms: Option<u64>,
    pub settle: bool,
    pub page: Option<u32>,
    /// `/shutdown?server=true`.
    pub stop_server: bool,
}

/// The query, read.
pub struct Query(Vec<(String, String)>);

impl Query {
    pub fn parse(text: &str) -> Query {
        Query(
            url::form_urlencoded::parse(text.as_bytes())
                .into_owned()
                .collect(),
        )
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    fn required(&self, endpoint: &Endpoint, name: &str) -> Result<String, CdtError> {
        self.get(name)
            .filter(|value| !value.is_empty())
            .map(str::to_string)
            .ok_or_else(|| {
                CdtError::validation(format!("{} needs ?{name}=…", endpoint.path))
                    .hinted(example(endpoint))
            })
    }

    fn number<T: std::str::FromStr>(
        &self,
        endpoint: &Endpoint,
        name: &str,
    ) -> Result<Option<T>, CdtError> {
        self.get(name)
            .map(|value| {
                value.parse().map_err(|_| {
                    CdtError::validation(format!("{name}={value:?} is not a number"))
                        .hinted(example(endpoint))
                })
            })
            .transpose()
    }

    fn flag(&self, endpoint: &Endpoint, name: &str) -> Result<bool, CdtError> {
        match self.get(name) {
            None | Some("false" | "0" | "no") => Ok(false),
            Some("" | "true" | "1" | "yes") => Ok(true),
            Some(other) => Err(CdtError::validation(format!(
                "{name}={other:?} is not true or false"
            ))
            .hinted(example(endpoint))),
        }
    }

    /// Refuses a parameter the endpoint does not take: a typo never passes silently.
    fn known_only(&self, endpoint: &Endpoint) -> Result<(), CdtError> {
        match self
            .0
            .iter()
            .find(|(key, _)| !endpoint.params.iter().any(|p| p.name == key))
        {
            None => Ok(()),
            Some((key, _)) => {
                let known: Vec<&str> = endpoint.params.iter().map(|p| p.name).collect();
                Err(
                    CdtError::validation(format!("{} takes no parameter {key:?}", endpoint.path))
                        .with_details(serde_json::json!({ "known": known }))
                        .hinted(format!("Use only: {}", known.join(", "))),
                )
            }
        }
    }
}

/// A call of `endpoint` as a curl line, for hints.
fn example(endpoint: &Endpoint) -> String {
    let query: Vec<String> = endpoint
        .params
        .iter()
        .filter(|p| p.required)
        .map(|p| format!("{}=…", p.name))
        .collect();
    let query = if query.is_empty() {
        String::new()
    } else {
        format!("?{}", query.join("&"))
    };
    format!(
        "Example: curl -X {} -H \"Authorization: Bearer $TOKEN\" 'http://127.0.0.1:8765{}{query}'",
        endpoint.method.as_str().to_ascii_uppercase(),
        endpoint.path
    )
}

fn is_uid(word: &str) -> bool {
    let rest = word
        .strip_prefix('f')
        .and_then(|r| r.split_once('e'))
        .map_or(word.strip_prefix('e'), |(frame, rest)| {
            frame.chars().all(|c| c.is_ascii_digit()).then_some(rest)
        });
    rest.is_some_and(|r| !r.is_empty() && r.chars().all(|c| c.is_ascii_digit()))
}

/// The element `selector`, `uid` or `target_text` names (a `selector` that reads as a uid is
/// one).
fn target(
    query: &Query,
    endpoint: &Endpoint,
    page: Option<u32>,
) -> Result<ElementTarget, CdtError> {
    let mut target = ElementTarget {
        page,
        ..ElementTarget::default()
    };
    match (
        query.get("selector"),
        query.get("uid"),
        query.get("target_text"),
    ) {
        (Some(selector), None, None) if is_uid(selector) => target.uid = Some(selector.into()),
        (Some(selector), None, None) => target.selector = Some(selector.into()),
        (None, Some(uid), None) => target.uid = Some(uid.into()),
        (None, None, Some(text)) => target.text = Some(text.into()),
        _ => {
            return Err(CdtError::validation(format!(
                "{} needs one of selector, uid or target_text",
                endpoint.path
            ))
            .hinted(example(endpoint)));
        }
    }
    Ok(target)
}

/// Seconds as seed 003 gives them (`timeout=5`, `timeout=0.5`), as a budget in ms.
fn seconds(value: Option<f64>, endpoint: &Endpoint) -> Result<Option<u64>, CdtError> {
    match value {
        None => Ok(Some(10_000)),
        Some(s) if s.is_finite() && s > 0.0 && s <= 3600.0 => Ok(Some((s * 1000.0).round() as u64)),
        Some(s) => Err(
            CdtError::validation(format!("timeout={s} is not 0–3600 seconds"))
                .hinted(example(endpoint)),
        ),
    }
}

/// The call `endpoint` makes with `query`.
pub fn call(endpoint: &Endpoint, query: &Query) -> Result<Call, CdtError> {
    query.known_only(endpoint)?;
    let page: Option<u32> = query.number(endpoint, "page")?;
    let budget_ms: Option<u64> = match endpoint.action {
        Action::Wait | Action::WaitIdle => seconds(query.number(endpoint, "timeout")?, endpoint)?,
        _ => query.number(endpoint, "timeout")?,
    };
    let force =
        endpoint.params.iter().any(|p| p.name == "force") && query.flag(endpoint, "force")?;
    let (operation, acts) = operation_of(endpoint, query, page, force)?;
    if endpoint.action == Action::Type && query.get("text").is_none() {
        return Err(CdtError::validation("/cmd/type needs ?text=…").hinted(example(endpoint)));
    }
    Ok(Call {
        operation,
        budget_ms,
        settle: acts && !force,
        page,
        stop_server: endpoint.action == Action::Shutdown && query.flag(endpoint, "server")?,
    })
}

/// The operation an endpoint's call becomes, and whether it acts on the page (then the call
/// waits for the network to settle, unless `force`).
fn operation_of(
    endpoint: &Endpoint,
    query: &Query,
    page: Option<u32>,
    force: bool,
) -> Result<(Operation, bool), CdtError> {
    let history = HistoryParams {
        page,
        ..HistoryParams::default()
    };
    let read = || -> Result<ReadParams, CdtError> {
        let (selector, uid) = match (query.get("selector"), query.get("uid")) {
            (Some(s), None) if is_uid(s) => (None, Some(s.to_string())),
            (selector, uid) => (selector.map(str::to_string), uid.map(str::to_string)),
        };
        Ok(ReadParams {
            uid,
            selector,
            page,
        })
    };
    Ok(match endpoint.action {
        Action::Goto => (
            Operation::PageNavigate(PageNavigateParams {
                url: query.required(endpoint, "url")?,
                page,
                ..PageNavigateParams::default()
            }),
            true,
        ),
        Action::Back => (Operation::PageBack(history), true),
        Action::Forward => (Operation::PageForward(history), true),
        Action::Reload => (
            Operation::PageReload(ReloadParams {
                page,
                ..ReloadParams::default()
            }),
            true,
        ),
        Action::Click => (
            Operation::ElementClick(ClickParams {
                target: target(query, endpoint, page)?,
                no_wait: force,
                button: None,
            }),
            true,
        ),
        Action::Type => (
            Operation::ElementFill(FillParams {
                target: target(query, endpoint, page)?,
                value: query.get("text").unwrap_or_default().to_string(),
                no_wait: force,
            }),
            true,
        ),
        Action::Clear => (
            Operation::ElementClear(ElementActionParams {
                target: target(query, endpoint, page)?,
                no_wait: force,
            }),
            true,
        ),
        Action::Wait => (
            Operation::PageWaitSelector(WaitSelectorParams {
                selector: query.required(endpoint, "selector")?,
                state: SelectorState::Visible,
                page,
            }),
            false,
        ),
        Action::WaitIdle => (
            Operation::PageWaitIdle(WaitIdleParams {
                idle_ms: None,
                page,
            }),
            false,
        ),
        Action::Elements => (
            Operation::CaptureSnapshot(SnapshotParams {
                interactive: true,
                page,
                ..SnapshotParams::default()
            }),
            false,
        ),
        Action::Text => {
            let ReadParams {
                uid,
                selector,
                page,
            } = read()?;
            let text = TextParams {
                uid,
                selector,
                page,
                markdown: query.flag(endpoint, "markdown")?,
            };
            (Operation::PageText(text), false)
        }
        Action::Html => (Operation::PageHtml(read()?), false),
        Action::Screenshot => (
            Operation::CaptureScreenshot(ScreenshotParams {
                full_page: query.flag(endpoint, "full_page")?,
                inline: true,
                page,
                ..ScreenshotParams::default()
            }),
            false,
        ),
        Action::State => (Operation::ObserveState(PageParams { page }), false),
        Action::Shutdown => (Operation::SessionStop(NoParams {}), false),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed(path: &str, query: &str) -> Result<Call, CdtError> {
        let endpoint = ENDPOINTS
            .iter()
            .find(|e| e.path == path)
            .unwrap_or_else(|| panic!("no {path}"));
        call(endpoint, &Query::parse(query))
    }

    #[test]
    fn every_endpoint_sends_the_operation_it_declares() {
        let queries = [
            ("/cmd/goto", "url=http://127.0.0.1/"),
            ("/cmd/click", "selector=%23go"),
            ("/cmd/type", "selector=%23q&text=hi"),
            ("/cmd/clear", "selector=%23q"),
            ("/wait", "selector=%23done"),
        ];
        for endpoint in ENDPOINTS {
            let query = queries
                .iter()
                .find(|(path, _)| *path == endpoint.path)
                .map_or("", |(_, q)| q);
            let call = call(endpoint, &Query::parse(query))
                .unwrap_or_else(|e| panic!("{}: {e:?}", endpoint.path));
            assert_eq!(call.operation.name(), endpoint.op, "{}", endpoint.path);
            assert!(cdt_domain::ops::op_spec(endpoint.op).is_some());
        }
    }

    #[test]
    fn the_seeds_parameters_mean_what_it_says() {
        let click =
            seed("/cmd/click", "selector=%23go&force=true").unwrap_or_else(|e| panic!("{e:?}"));
        assert!(!click.settle, "force waits for nothing");
        assert!(
            matches!(click.operation, Operation::ElementClick(ref p) if p.no_wait && p.target.selector.as_deref() == Some("#go"))
        );
        let by_uid = seed("/cmd/click", "selector=e12").unwrap_or_else(|e| panic!("{e:?}"));
        assert!(
            matches!(by_uid.operation, Operation::ElementClick(ref p) if p.target.uid.as_deref() == Some("e12"))
        );
        assert!(seed("/cmd/goto", "url=http://x/").is_ok_and(|c| c.settle));
        assert_eq!(
            seed("/wait", "selector=x&timeout=2.5")
                .ok()
                .and_then(|c| c.budget_ms),
            Some(2500)
        );
        assert_eq!(
            seed("/wait/idle", "").ok().and_then(|c| c.budget_ms),
            Some(10_000)
        );
        assert_eq!(
            seed("/cmd/back", "timeout=700")
                .ok()
                .and_then(|c| c.budget_ms),
            Some(700)
        );
        for (path, query) in [
            ("/cmd/goto", ""),
            ("/cmd/click", ""),
            ("/cmd/type", "selector=x"),
            ("/cmd/click", "selectr=x"),
            ("/wait", "selector=x&timeout=-1"),
            ("/cmd/click", "selector=x&force=maybe"),
        ] {
            let error = seed(path, query)
                .err()
                .map(|e| (e.code, e.suggestions.is_empty()));
            assert_eq!(
                error,
                Some((cdt_domain::ErrorCode::ValidationError, false)),
                "{path}?{query}"
            );
        }
        assert!(seed("/shutdown", "server=true").is_ok_and(|c| c.stop_server));
    }
}
