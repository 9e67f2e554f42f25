//! Performance traces: `Tracing.start` on a page's session (the browser records every process
//! of the page, out-of-process iframes included), the trace streamed back through `IO.read`,
//! and short descriptions of the DOM nodes a trace names.
//!
//! The trace document is returned as Chromium wrote it; reading it is the application's job.

use std::collections::BTreeMap;
use std::sync::Mutex;

use base64::Engine;
use cdt_domain::ops::op;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};

use crate::pages::Pages;
use crate::support::str_field;
use crate::transport::CdpConnection;

/// Bytes asked for per `IO.read`.
const CHUNK: u64 = 8 * 1024 * 1024;

fn not_running() -> CdtError {
    CdtError::new(
        ErrorCode::TraceNotRunning,
        "no trace is being recorded in this context",
    )
    .run::<op::TraceStart>("--reload")
}

/// `tag#id.class1.class2 src=…` from `DOM.describeNode`'s node.
pub fn node_label(node: &Value) -> String {
    let name = str_field(node, "localName");
    let name = if name.is_empty() {
        str_field(node, "nodeName").to_ascii_lowercase()
    } else {
        name.to_string()
    };
    let attributes: Vec<&str> = node["attributes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let attribute = |key: &str| {
        attributes
            .chunks(2)
            .find(|pair| pair.first() == Some(&key))
            .and_then(|pair| pair.get(1).copied())
    };
    let mut label = name;
    if let Some(id) = attribute("id").filter(|id| !id.is_empty()) {
        label.push('#');
        label.push_str(id);
    }
    for class in attribute("class")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
    {
        label.push('.');
        label.push_str(class);
    }
    if let Some(src) = attribute("src").filter(|s| !s.is_empty()) {
        let short: String = src.chars().take(120).collect();
        label.push_str(&format!(" src={short}"));
    }
    label
}

/// The trace being recorded in a browser, if any: (session, page target).
#[derive(Default)]
pub(crate) struct Recording(Mutex<Option<(String, String)>>);

impl Recording {
    pub(crate) async fn begin(
        &self,
        pages: &Pages,
        target_id: &str,
        categories: &[String],
    ) -> Result<(), CdtError> {
        if self.0.lock().map(|t| t.is_some()).unwrap_or(false) {
            return Err(CdtError::new(
                ErrorCode::TraceAlreadyRunning,
                "a trace is already being recorded in this context",
            )
            .run::<op::TraceStop>(""));
        }
        let session = pages.session_for(target_id).await?;
        let included: Vec<&str> = categories
            .iter()
            .map(String::as_str)
            .filter(|c| *c != "-*")
            .collect();
        pages
            .connection
            .call(
                "Tracing.start",
                json!({
                    "transferMode": "ReturnAsStream",
                    "streamFormat": "json",
                    "traceConfig": {
                        "recordMode": "recordAsMuchAsPossible",
                        "includedCategories": included,
                        "excludedCategories": ["*"],
                    },
                }),
                Some(&session),
            )
            .await
            .map_err(|error| {
                if error.message.contains("already been started") {
                    // Chromium records one trace at a time per browser: in a shared browser,
                    // another context's.
                    CdtError::new(
                        ErrorCode::TraceAlreadyRunning,
                        "the browser is already recording a trace (another context shares it)",
                    )
                    .with_details(json!({ "retryAfterMs": 1000 }))
                    .hinted("Retry once it ends, or trace in a browser of its own: cdt session restart --browser-mode dedicated")
                } else {
                    error
                }
            })?;
        if let Ok(mut trace) = self.0.lock() {
            *trace = Some((session, target_id.to_string()));
        }
        Ok(())
    }

    pub(crate) fn page(&self) -> Option<String> {
        self.0.lock().ok()?.as_ref().map(|(_, page)| page.clone())
    }

    pub(crate) async fn end(&self, connection: &CdpConnection) -> Result<Vec<u8>, CdtError> {
        let (session, _) = self
            .0
            .lock()
            .ok()
            .and_then(|mut t| t.take())
            .ok_or_else(not_running)?;
        let mut events = connection.subscribe();
        connection
            .call("Tracing.end", json!({}), Some(&session))
            .await?;
        let complete = loop {
            let event = events.recv().await.ok_or_else(|| {
                CdtError::new(
                    ErrorCode::CdpDisconnected,
                    "the browser went away while tracing",
                )
                .run::<op::SessionRestart>("")
            })?;
            if event.method == "Tracing.tracingComplete"
                && event.session_id.as_deref() == Some(session.as_str())
            {
                break event.params.clone();
            }
        };
        let stream = str_field(&complete, "stream").to_string();
        if stream.is_empty() {
            return Err(CdtError::new(
                ErrorCode::ProtocolError,
                "the browser finished the trace without a stream",
            )
            .hinted("Retry: cdt trace start, then cdt trace stop"));
        }
        let mut bytes = Vec::new();
        loop {
            let chunk = connection
                .call(
                    "IO.read",
                    json!({ "handle": stream, "size": CHUNK }),
                    Some(&session),
                )
                .await?;
            let data = str_field(&chunk, "data");
            if chunk["base64Encoded"] == true {
                let decoded = base64::engine::general_purpose::STANDARD
                    .decode(data)
                    .map_err(|error| {
                        CdtError::new(
                            ErrorCode::ProtocolError,
                            format!("bad trace chunk: {error}"),
                        )
                        .hinted("Retry: cdt trace start, then cdt trace stop")
                    })?;
                bytes.extend_from_slice(&decoded);
            } else {
                bytes.extend_from_slice(data.as_bytes());
            }
            if chunk["eof"] == true {
                break;
            }
        }
        let _ = connection
            .call("IO.close", json!({ "handle": stream }), Some(&session))
            .await;
        Ok(bytes)
    }
}

/// Short labels ([`node_label`]) of the DOM nodes a trace names, by backendNodeId.
pub(crate) async fn node_labels(
    pages: &Pages,
    target_id: &str,
    nodes: &[i64],
) -> Result<BTreeMap<i64, String>, CdtError> {
    let session = pages.session_for(target_id).await?;
    let calls = nodes.iter().map(|node| {
        let session = session.clone();
        async move {
            let reply = pages
                .connection
                .call(
                    "DOM.describeNode",
                    json!({ "backendNodeId": node }),
                    Some(&session),
                )
                .await;
            (*node, reply)
        }
    });
    Ok(futures_util::future::join_all(calls)
        .await
        .into_iter()
        .filter_map(|(node, reply)| Some((node, node_label(&reply.ok()?["node"]))))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_are_labelled_by_tag_id_classes_and_source() {
        let node = json!({
            "nodeName": "IMG", "localName": "img",
            "attributes": ["id", "hero", "class", "wide  banner", "src", "/hero.png"]
        });
        assert_eq!(node_label(&node), "img#hero.wide.banner src=/hero.png");
        assert_eq!(node_label(&json!({ "nodeName": "#text" })), "#text");
    }
}
