//! Request interception through the Fetch domain (issue 21.1): the mechanism only. While an
//! interceptor is set, every observed target (page, iframe, worker, now and later) pauses each
//! request; the interceptor decides; this module carries the decision out. Every paused
//! request gets exactly one answer — a decision, or, when nothing can decide, a plain continue —
//! so none is ever left hanging.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use base64::Engine as _;
use cdt_domain::CdtError;
use cdt_domain::route::{PausedRequest, RequestInterceptor, RouteDecision};
use serde_json::{Value, json};

use crate::observed::Observed;
use crate::support::{lock, str_field};
use crate::transport::CdpConnection;

/// Target types that have the Fetch domain.
const INTERCEPTED_TYPES: &[&str] = &[
    "page",
    "iframe",
    "worker",
    "shared_worker",
    "service_worker",
];

/// The interceptor in effect for a browser (`None`: requests are not paused).
#[derive(Default)]
pub struct Interception {
    interceptor: Mutex<Option<Arc<dyn RequestInterceptor>>>,
}

impl Interception {
    pub fn current(&self) -> Option<Arc<dyn RequestInterceptor>> {
        lock(&self.interceptor).clone()
    }

    /// The command a new target of this type needs before it runs, when intercepting.
    pub fn enable_step(&self, target_type: &str) -> Option<(&'static str, Value)> {
        (lock(&self.interceptor).is_some() && INTERCEPTED_TYPES.contains(&target_type))
            .then(enable_params)
            .map(|params| ("Fetch.enable", params))
    }

    /// Sets (or clears) the interceptor and, when that turns pausing on or off, tells every
    /// observed target.
    pub async fn set(
        &self,
        connection: &CdpConnection,
        observed: &Mutex<HashMap<String, Observed>>,
        interceptor: Option<Arc<dyn RequestInterceptor>>,
    ) -> Result<(), CdtError> {
        let on = interceptor.is_some();
        let was_on = std::mem::replace(&mut *lock(&self.interceptor), interceptor).is_some();
        if on == was_on {
            // Pausing is already as wanted (targets attached meanwhile got it at attach).
            return Ok(());
        }
        let sessions: Vec<String> = lock(observed)
            .iter()
            .filter(|(_, o)| INTERCEPTED_TYPES.contains(&o.target_type.as_str()))
            .map(|(session, _)| session.clone())
            .collect();
        let calls = sessions.iter().map(|session| {
            let (method, params) = if on {
                ("Fetch.enable", enable_params())
            } else {
                // Requests still paused on this session continue when Fetch is disabled.
                ("Fetch.disable", json!({}))
            };
            connection.call(method, params, Some(session))
        });
        for result in futures_util::future::join_all(calls).await {
            // A target that went away meanwhile has nothing to pause; only a lost browser matters.
            if let Err(error) = result
                && error.code == cdt_domain::ErrorCode::CdpDisconnected
            {
                return Err(error);
            }
        }
        Ok(())
    }
}

fn enable_params() -> Value {
    json!({ "patterns": [{ "urlPattern": "*", "requestStage": "Request" }], "handleAuthRequests": false })
}

/// The request a `Fetch.requestPaused` event describes.
fn paused_request(params: &Value, observed: &Observed) -> PausedRequest {
    let request = &params["request"];
    let headers = request["headers"]
        .as_object()
        .map(|headers| {
            headers
                .iter()
                .map(|(name, value)| (name.clone(), value.as_str().unwrap_or_default().to_string()))
                .collect()
        })
        .unwrap_or_default();
    PausedRequest {
        // Without the fragment, which never reaches the network.
        url: str_field(request, "url").to_string(),
        method: str_field(request, "method").to_string(),
        resource_type: str_field(params, "resourceType").to_ascii_lowercase(),
        page_target_id: observed.page_target_id.clone(),
        headers,
        post_data: request["postData"].as_str().map(str::to_string),
    }
}

fn header_list(headers: &[(String, String)]) -> Value {
    headers
        .iter()
        .map(|(name, value)| json!({ "name": name, "value": value }))
        .collect()
}

/// The CDP command that carries a decision out.
fn command(request_id: &str, decision: &RouteDecision) -> (&'static str, Value) {
    let base64 = |bytes: &[u8]| base64::engine::general_purpose::STANDARD.encode(bytes);
    match decision {
        RouteDecision::Continue {
            url,
            post_data,
            headers,
            ..
        } => {
            let mut params = json!({ "requestId": request_id });
            if let Some(url) = url {
                params["url"] = json!(url);
            }
            if let Some(data) = post_data {
                params["postData"] = json!(base64(data.as_bytes()));
            }
            if let Some(headers) = headers {
                params["headers"] = header_list(headers);
            }
            ("Fetch.continueRequest", params)
        }
        RouteDecision::Fail { reason, .. } => (
            "Fetch.failRequest",
            json!({ "requestId": request_id, "errorReason": reason.as_cdp() }),
        ),
        RouteDecision::Fulfill {
            status,
            headers,
            body,
            ..
        } => (
            "Fetch.fulfillRequest",
            json!({
                "requestId": request_id, "responseCode": status,
                "responseHeaders": header_list(headers), "body": base64(body),
            }),
        ),
    }
}

/// Answers one `Fetch.requestPaused` (off the event loop: a delay must not hold other events).
pub fn on_paused(
    connection: &CdpConnection,
    session: &str,
    observed: &Observed,
    interceptor: Option<Arc<dyn RequestInterceptor>>,
    params: &Value,
) {
    let request_id = str_field(params, "requestId").to_string();
    let decision = match interceptor {
        Some(interceptor) => interceptor.decide(&paused_request(params, observed)),
        None => RouteDecision::pass(),
    };
    let (connection, session) = (connection.clone(), session.to_string());
    tokio::spawn(async move {
        let delay = decision.delay_ms();
        if delay > 0 {
            tokio::time::sleep(Duration::from_millis(delay)).await;
        }
        let (method, params) = command(&request_id, &decision);
        if let Err(error) = connection.call(method, params, Some(&session)).await {
            // Refused (a bad URL to continue to, say): the request must still go on.
            tracing::debug!(method, %error, "interception answer refused; continuing the request");
            let _ = connection
                .call(
                    "Fetch.continueRequest",
                    json!({ "requestId": request_id }),
                    Some(&session),
                )
                .await;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use cdt_domain::route::BlockReason;

    #[test]
    fn decisions_become_their_fetch_commands() {
        let (method, params) = command(
            "7",
            &RouteDecision::Fulfill {
                status: 201,
                headers: vec![("Content-Type".into(), "application/json".into())],
                body: b"{}".to_vec(),
                delay_ms: 0,
            },
        );
        assert_eq!(method, "Fetch.fulfillRequest");
        assert_eq!(params["responseCode"], 201);
        assert_eq!(params["body"], "e30=");
        assert_eq!(params["responseHeaders"][0]["name"], "Content-Type");
        let (method, params) = command(
            "7",
            &RouteDecision::Fail {
                reason: BlockReason::ConnectionRefused,
                delay_ms: 0,
            },
        );
        assert_eq!(
            (method, params["errorReason"].as_str()),
            ("Fetch.failRequest", Some("ConnectionRefused"))
        );
        let (method, params) = command(
            "7",
            &RouteDecision::Continue {
                url: None,
                post_data: Some("a=1".into()),
                headers: None,
                delay_ms: 5,
            },
        );
        assert_eq!(method, "Fetch.continueRequest");
        assert_eq!(params["postData"], "YT0x");
        assert!(params.get("url").is_none() && params.get("headers").is_none());
    }

    #[test]
    fn a_paused_event_reads_as_a_request_of_its_page() {
        let observed = Observed {
            target_id: "w".into(),
            target_type: "worker".into(),
            page_target_id: "P".into(),
        };
        let request = paused_request(
            &json!({"requestId": "1", "resourceType": "XHR",
                "request": {"url": "http://h/a", "urlFragment": "#x", "method": "POST",
                    "headers": {"Accept": "*/*"}, "postData": "q"}}),
            &observed,
        );
        assert_eq!(request.url, "http://h/a");
        assert_eq!(request.resource_type, "xhr");
        assert_eq!(request.page_target_id, "P");
        assert_eq!(request.headers, vec![("Accept".into(), "*/*".into())]);
        assert_eq!(request.post_data.as_deref(), Some("q"));
    }
}
