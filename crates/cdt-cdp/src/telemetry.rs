//! The telemetry collector: observes every page, iframe and worker of a browser through
//! flattened auto-attach, on sessions of its own (separate from the sessions actions use), and
//! forwards every event of those sessions to the sink — known or not. Response bodies up to the
//! sink's cap are fetched eagerly at `loadingFinished`, so they outlive Chrome's cache.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use cdt_domain::telemetry::{RESPONSE_BODY_EVENT, RawEvent, TelemetrySink};
use cdt_domain::time::now_unix_ms;
use serde_json::{Value, json};
use tokio::sync::Notify;

use crate::emulation::{Step, is_frame};
pub use crate::observed::{Observed, ObservedSessions};
use crate::support::str_field;
use crate::target_setup::TargetSetup;
use crate::transport::{CdpConnection, CdpEvent};

const OBSERVED_TYPES: &[&str] = &[
    "page",
    "iframe",
    "worker",
    "shared_worker",
    "service_worker",
];
/// Top-level targets, attached from the browser session.
const BROWSER_LEVEL: &[&str] = &["page", "shared_worker", "service_worker"];
/// Children of a page (or of an iframe or worker), attached from that target's session, so
/// they are always known with the page they belong to.
const CHILD_LEVEL: &[&str] = &["iframe", "worker"];

fn auto_attach_params(types: &[&str]) -> Value {
    let mut filter: Vec<Value> = types
        .iter()
        .map(|t| json!({ "type": t, "exclude": false }))
        .collect();
    filter.push(json!({ "exclude": true }));
    json!({ "autoAttach": true, "waitForDebuggerOnStart": true, "flatten": true, "filter": filter })
}

/// Targets whose observer is fully set up, so callers can wait for the ones that already
/// existed (they are not held at start like new ones are).
#[derive(Default)]
struct Ready {
    targets: Mutex<HashSet<String>>,
    changed: Notify,
}

/// How long `start` waits for the observers of already-open pages.
const READY_WAIT: Duration = Duration::from_secs(5);

/// Starts observing; returns once browser-level auto-attach is on and every page that already
/// existed is observed (new ones are held by the browser until their observer is ready).
pub async fn start(
    connection: CdpConnection,
    sink: Arc<dyn TelemetrySink>,
    sessions: ObservedSessions,
    setup: Arc<TargetSetup>,
) -> Result<(), cdt_domain::CdtError> {
    let mut events = connection.subscribe();
    let ready: Arc<Ready> = Arc::default();
    let (task_connection, task_ready) = (connection.clone(), ready.clone());
    tokio::spawn(async move {
        while let Some(event) = events.recv().await {
            route(
                &task_connection,
                &sessions,
                &sink,
                &task_ready,
                &setup,
                &event,
            );
        }
    });
    connection
        .call(
            "Target.setAutoAttach",
            auto_attach_params(BROWSER_LEVEL),
            None,
        )
        .await?;
    let listed = connection
        .call("Target.getTargets", json!({}), None)
        .await?;
    let pages: Vec<String> = listed["targetInfos"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|t| t["type"] == "page")
        .map(|t| str_field(t, "targetId").to_string())
        .collect();
    let all_ready = async {
        loop {
            let changed = ready.changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            if ready
                .targets
                .lock()
                .is_ok_and(|r| pages.iter().all(|p| r.contains(p)))
            {
                return;
            }
            changed.await;
        }
    };
    if tokio::time::timeout(READY_WAIT, all_ready).await.is_err() {
        tracing::warn!(
            "some open pages were not observed in time; their first events may be missing"
        );
    }
    Ok(())
}

fn route(
    connection: &CdpConnection,
    sessions: &Mutex<HashMap<String, Observed>>,
    sink: &Arc<dyn TelemetrySink>,
    ready: &Arc<Ready>,
    setup: &Arc<TargetSetup>,
    event: &Arc<CdpEvent>,
) {
    let parent = event.session_id.as_deref();
    let observed_parent = parent.and_then(|p| sessions.lock().ok()?.get(p).cloned());
    match event.method.as_str() {
        // Attachments made by us: at browser level (no parent) or by one of our sessions.
        "Target.attachedToTarget" if parent.is_none() || observed_parent.is_some() => {
            let info = &event.params["targetInfo"];
            let session = str_field(&event.params, "sessionId").to_string();
            let target_type = str_field(info, "type").to_string();
            let target_id = str_field(info, "targetId").to_string();
            // Our own explicit attachments (the sessions actions use) announce themselves the
            // same way; one observer per target is enough, and the auto-attached one comes first.
            let already_observed = sessions
                .lock()
                .is_ok_and(|s| s.values().any(|o| o.target_id == target_id));
            if already_observed || !OBSERVED_TYPES.contains(&target_type.as_str()) {
                // Never leave a target paused on our account.
                if event.params["waitingForDebugger"] == true {
                    let connection = connection.clone();
                    tokio::spawn(async move {
                        let _ = connection
                            .call("Runtime.runIfWaitingForDebugger", json!({}), Some(&session))
                            .await;
                    });
                }
                return;
            }
            let page_target_id: String = match (&observed_parent, target_type.as_str()) {
                (_, "page") => target_id.clone(),
                (Some(parent), _) => parent.page_target_id.clone(),
                (None, _) => String::new(),
            };
            if let Ok(mut sessions) = sessions.lock() {
                sessions.insert(
                    session.clone(),
                    Observed {
                        target_id,
                        target_type: target_type.clone(),
                        page_target_id: page_target_id.clone(),
                    },
                );
            }
            let connection = connection.clone();
            let (ready, target_id) = (ready.clone(), str_field(info, "targetId").to_string());
            let setup = setup.clone();
            tokio::spawn(async move {
                observe(&connection, &session, &target_type, &page_target_id, &setup).await;
                if let Ok(mut targets) = ready.targets.lock() {
                    targets.insert(target_id.clone());
                }
                ready.changed.notify_waiters();
                setup.mark_ready(&target_id);
            });
        }
        "Target.detachedFromTarget" => {
            let session = str_field(&event.params, "sessionId");
            if let Ok(mut sessions) = sessions.lock() {
                sessions.remove(session);
            }
        }
        _ => {}
    }
    let Some(session) = parent else { return };
    let Some(observed) = observed_parent else {
        return;
    };
    // A heap snapshot's chunks and a recording's frames (megabytes) go to whoever asked for
    // them, not to the event ring.
    if event.method.starts_with("HeapProfiler.") || event.method == "Page.screencastFrame" {
        return;
    }
    if event.method == "Fetch.requestPaused" {
        let interceptor = setup.interception.current();
        crate::intercept::on_paused(connection, session, &observed, interceptor, &event.params);
        return;
    }
    if event.method == "Network.loadingFinished" {
        let length = event.params["encodedDataLength"].as_f64().unwrap_or(0.0);
        if length <= sink.max_body_bytes() as f64 {
            let request_id = str_field(&event.params, "requestId").to_string();
            fetch_body(
                connection.clone(),
                sink.clone(),
                session.to_string(),
                observed.clone(),
                request_id,
            );
        }
    }
    sink.push(RawEvent {
        at_ms: now_unix_ms(),
        session_id: session.to_string(),
        target_id: observed.target_id,
        target_type: observed.target_type,
        page_target_id: observed.page_target_id,
        method: event.method.clone(),
        params: event.params.clone(),
    });
}

/// Enables the domains telemetry needs on a new session, extends auto-attach to its children,
/// applies the context's emulation and init scripts (`TargetSetup`), then lets the target run.
/// Errors are logged, never fatal: a worker lacks some domains.
async fn observe(
    connection: &CdpConnection,
    session: &str,
    target_type: &str,
    page_target_id: &str,
    setup: &TargetSetup,
) {
    let is_frame = is_frame(target_type);
    let mut steps = vec![
        ("Runtime.enable", json!({})),
        ("Log.enable", json!({})),
        ("Network.enable", json!({ "maxPostDataSize": 65_536 })),
    ];
    if is_frame {
        steps.push(("Page.enable", json!({})));
    }
    steps.push(("Target.setAutoAttach", auto_attach_params(CHILD_LEVEL)));
    let mut steps: Vec<Step> = steps
        .into_iter()
        .map(|(method, params)| Step::new(method, params))
        .collect();
    steps.extend(setup.steps_for_new_target(target_type, page_target_id));
    steps.push(Step::new("Runtime.runIfWaitingForDebugger", json!({})));
    // Pipelined: every command is sent before any reply is awaited. A target held at start may
    // not answer an enable until it runs, so waiting for each reply before resuming it would
    // leave it (and a page needing a new renderer) stuck. The session applies them in order.
    let calls = steps.into_iter().map(|step| async move {
        match connection
            .call(step.method, step.params, Some(session))
            .await
        {
            Ok(reply) => {
                if let Some(script) = step.script {
                    setup.note_script(script, session, &reply);
                }
            }
            Err(error) => {
                let method = step.method;
                tracing::debug!(method, target_type, %error, "telemetry domain unavailable");
            }
        }
    });
    futures_util::future::join_all(calls).await;
}

fn fetch_body(
    connection: CdpConnection,
    sink: Arc<dyn TelemetrySink>,
    session: String,
    observed: Observed,
    request_id: String,
) {
    tokio::spawn(async move {
        let Ok(reply) = connection
            .call(
                "Network.getResponseBody",
                json!({ "requestId": request_id }),
                Some(&session),
            )
            .await
        else {
            return;
        };
        sink.push(RawEvent {
            at_ms: now_unix_ms(),
            session_id: session,
            target_id: observed.target_id,
            target_type: observed.target_type,
            page_target_id: observed.page_target_id,
            method: RESPONSE_BODY_EVENT.to_string(),
            params: json!({ "requestId": request_id, "body": reply["body"], "base64Encoded": reply["base64Encoded"] }),
        });
    });
}
