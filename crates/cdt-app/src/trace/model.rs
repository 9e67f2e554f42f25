//! A Chrome trace read into what the insights need: the events (typed where the insights look,
//! `args` kept as JSON), the renderer main threads, the page's navigation, its network requests
//! and labels for DOM nodes. Pure: fed bytes, no browser, no disk.

use std::collections::{BTreeMap, HashMap, HashSet};

use cdt_domain::{CdtError, ErrorCode};
use serde::Deserialize;
use serde_json::{Map, Value};

/// One trace event (Trace Event Format). Timestamps are microseconds.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct TraceEvent {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub cat: String,
    #[serde(default)]
    pub ph: String,
    #[serde(default)]
    pub ts: f64,
    #[serde(default)]
    pub dur: Option<f64>,
    #[serde(default)]
    pub pid: i64,
    #[serde(default)]
    pub tid: i64,
    #[serde(default)]
    pub args: Value,
}

impl TraceEvent {
    pub fn data(&self) -> &Value {
        &self.args["data"]
    }

    pub fn end(&self) -> f64 {
        self.ts + self.dur.unwrap_or(0.0)
    }

    pub fn thread(&self) -> (i64, i64) {
        (self.pid, self.tid)
    }
}

#[derive(Deserialize)]
struct Document {
    #[serde(rename = "traceEvents")]
    trace_events: Vec<TraceEvent>,
    #[serde(default)]
    metadata: Map<String, Value>,
}

/// The main-frame navigation the page-load insights are measured from.
#[derive(Clone, Debug, Default)]
pub struct Navigation {
    pub ts: f64,
    pub id: String,
    pub frame: String,
    pub url: String,
}

/// A network request, from its `Resource*` events.
#[derive(Clone, Debug, Default)]
pub struct Request {
    pub id: String,
    pub url: String,
    /// Redirect hops before the final request.
    pub redirects: usize,
    /// Time spent in redirects (µs): from the first hop's start to the last hop's start.
    pub redirect_us: f64,
    /// Browser-side starts of each hop (`ResourceWillSendRequest`).
    pub hops: Vec<f64>,
    sends: usize,
    pub resource_type: String,
    pub frame: String,
    pub render_blocking: String,
    pub start: f64,
    /// Response headers start (µs), from the timing when present.
    pub response_start: Option<f64>,
    pub finish: Option<f64>,
    pub status: Option<i64>,
    pub mime: String,
    pub headers: Vec<(String, String)>,
    pub encoded_bytes: f64,
    pub decoded_bytes: f64,
    pub from_cache: bool,
    pub failed: bool,
    /// `timing` of the response (ms offsets from `requestTime`).
    pub timing: Value,
}

impl Request {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

pub struct TraceModel {
    /// Every event, ordered by start time.
    pub events: Vec<TraceEvent>,
    /// Renderer main threads (`CrRendererMain`).
    pub main_threads: HashSet<(i64, i64)>,
    pub navigation: Option<Navigation>,
    pub requests: Vec<Request>,
    /// Labels of DOM nodes by backend node id (`cdtNodes` metadata, then names in events).
    pub nodes: BTreeMap<i64, String>,
    /// Origin of the measurement: the navigation, else the first event.
    pub origin_ts: f64,
}

fn text(value: &Value, key: &str) -> String {
    value
        .get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

impl TraceModel {
    pub fn parse(bytes: &[u8]) -> Result<TraceModel, CdtError> {
        let document: Document = serde_json::from_slice(bytes).map_err(|error| {
            CdtError::new(
                ErrorCode::ValidationError,
                format!("not a Chrome trace (JSON object with traceEvents): {error}"),
            )
            .hinted("Pass a file written by: cdt trace stop --file <path>")
        })?;
        Ok(TraceModel::from_events(
            document.trace_events,
            &document.metadata,
        ))
    }

    pub fn from_events(mut events: Vec<TraceEvent>, metadata: &Map<String, Value>) -> TraceModel {
        events.sort_by(|a, b| a.ts.total_cmp(&b.ts));
        let main_threads = events
            .iter()
            .filter(|e| e.name == "thread_name" && e.args["name"] == "CrRendererMain")
            .map(TraceEvent::thread)
            .collect();
        let navigation = events
            .iter()
            .rfind(|e| {
                e.name == "navigationStart"
                    && e.data()["isOutermostMainFrame"] == true
                    && text(e.data(), "documentLoaderURL").starts_with("http")
            })
            .map(|e| Navigation {
                ts: e.ts,
                id: text(e.data(), "navigationId"),
                frame: text(&e.args, "frame"),
                url: text(e.data(), "documentLoaderURL"),
            });
        let origin_ts = navigation
            .as_ref()
            .map(|n| n.ts)
            .or_else(|| events.iter().find(|e| e.ts > 0.0).map(|e| e.ts))
            .unwrap_or(0.0);
        let requests = requests(&events);
        let mut nodes: BTreeMap<i64, String> = metadata
            .get("cdtNodes")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .filter_map(|(id, label)| Some((id.parse().ok()?, label.as_str()?.to_string())))
            .collect();
        for event in &events {
            let data = event.data();
            for (id_key, name_key) in [("nodeId", "nodeName"), ("DOMNodeId", "nodeName")] {
                if let (Some(id), Some(name)) = (data[id_key].as_i64(), data[name_key].as_str()) {
                    nodes.entry(id).or_insert_with(|| name.to_string());
                }
            }
        }
        TraceModel {
            events,
            main_threads,
            navigation,
            requests,
            nodes,
            origin_ts,
        }
    }

    /// Milliseconds from the measurement origin.
    pub fn ms(&self, ts: f64) -> f64 {
        round((ts - self.origin_ts) / 1000.0)
    }

    pub fn label(&self, node: i64) -> String {
        self.nodes
            .get(&node)
            .cloned()
            .unwrap_or_else(|| format!("node {node}"))
    }

    /// Events of the measured navigation (or all events when there is none).
    pub fn of_navigation<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a TraceEvent> {
        let navigation = self.navigation.as_ref().map(|n| n.id.clone());
        self.events.iter().filter(move |e| {
            e.name == name
                && navigation
                    .as_ref()
                    .is_none_or(|id| e.data()["navigationId"].as_str().is_none_or(|n| n == id))
        })
    }

    /// The main document request of the navigation.
    pub fn document(&self) -> Option<&Request> {
        let navigation = self.navigation.as_ref()?;
        self.requests
            .iter()
            .find(|r| r.id == navigation.id)
            .or_else(|| {
                self.requests
                    .iter()
                    .find(|r| r.resource_type == "Document" && r.frame == navigation.frame)
            })
    }

    /// First contentful paint of the navigation (µs).
    pub fn fcp(&self) -> Option<f64> {
        self.of_navigation("firstContentfulPaint")
            .find(|e| e.ts >= self.origin_ts)
            .map(|e| e.ts)
    }
}

pub fn round(value: f64) -> f64 {
    (value * 10.0).round() / 10.0
}

fn requests(events: &[TraceEvent]) -> Vec<Request> {
    let mut order: Vec<String> = Vec::new();
    let mut by_id: HashMap<String, Request> = HashMap::new();
    let mut hops: HashMap<String, Vec<f64>> = HashMap::new();
    for event in events {
        let data = event.data();
        let id = text(data, "requestId");
        if id.is_empty() || !event.name.starts_with("Resource") {
            continue;
        }
        match event.name.as_str() {
            "ResourceWillSendRequest" => hops.entry(id).or_default().push(event.ts),
            "ResourceSendRequest" => {
                let request = by_id.entry(id.clone()).or_insert_with(|| {
                    order.push(id.clone());
                    Request {
                        id: id.clone(),
                        start: event.ts,
                        ..Request::default()
                    }
                });
                // A second send of the same request id is a redirect hop.
                request.sends += 1;
                request.url = text(data, "url");
                request.resource_type = text(data, "resourceType");
                request.frame = text(data, "frame");
                request.render_blocking = text(data, "renderBlocking");
            }
            "ResourceReceiveResponse" => {
                if let Some(request) = by_id.get_mut(&id) {
                    request.status = data["statusCode"].as_i64();
                    request.mime = text(data, "mimeType");
                    request.from_cache = data["fromCache"] == true;
                    request.headers = data["headers"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|h| (text(h, "name"), text(h, "value")))
                        .collect();
                    request.timing = data["timing"].clone();
                    let timing = &request.timing;
                    request.response_start = match (
                        timing["requestTime"].as_f64(),
                        timing["receiveHeadersStart"]
                            .as_f64()
                            .or_else(|| timing["receiveHeadersEnd"].as_f64()),
                    ) {
                        (Some(base), Some(offset)) if base > 0.0 && offset >= 0.0 => {
                            Some(base * 1_000_000.0 + offset * 1000.0)
                        }
                        _ => Some(event.ts),
                    };
                }
            }
            "ResourceFinish" => {
                if let Some(request) = by_id.get_mut(&id) {
                    request.failed = data["didFail"] == true;
                    request.encoded_bytes = data["encodedDataLength"].as_f64().unwrap_or(0.0);
                    request.decoded_bytes = data["decodedBodyLength"].as_f64().unwrap_or(0.0);
                    request.finish = data["finishTime"]
                        .as_f64()
                        .filter(|t| *t > 0.0)
                        .map(|t| t * 1_000_000.0)
                        .or(Some(event.ts));
                }
            }
            _ => {}
        }
    }
    order
        .into_iter()
        .filter_map(|id| by_id.remove(&id))
        .map(|mut request| {
            request.hops = hops.remove(&request.id).unwrap_or_default();
            request.redirects = request.hops.len().max(request.sends).saturating_sub(1);
            if let (Some(first), Some(last)) = (request.hops.first(), request.hops.last()) {
                request.redirect_us = last - first;
            }
            request
        })
        .collect()
}

/// `scheme://host[:port]` of a URL (empty when it has none).
pub fn origin_of(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return String::new();
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    format!("{scheme}://{host}")
}

/// The site of a URL for first/third-party grouping: the host's last two labels (the whole
/// host for IP addresses and single-label names such as `localhost`).
pub fn site_of(url: &str) -> String {
    let origin = origin_of(url);
    let host = origin
        .split_once("://")
        .map(|(_, h)| h)
        .unwrap_or_default()
        .rsplit_once(':')
        .filter(|(_, port)| port.bytes().all(|b| b.is_ascii_digit()))
        .map_or_else(
            || origin.split_once("://").map(|(_, h)| h).unwrap_or_default(),
            |(h, _)| h,
        );
    let is_ip = host.bytes().all(|b| b.is_ascii_digit() || b == b'.') || host.starts_with('[');
    let labels: Vec<&str> = host.split('.').collect();
    if is_ip || labels.len() <= 2 {
        host.to_string()
    } else {
        labels[labels.len() - 2..].join(".")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sites_group_subdomains_but_not_ips() {
        assert_eq!(site_of("https://cdn.example.com/a.js"), "example.com");
        assert_eq!(site_of("http://127.0.0.1:8080/x"), "127.0.0.1");
        assert_eq!(site_of("http://localhost:9/x"), "localhost");
        assert_eq!(origin_of("http://localhost:9/x?y"), "http://localhost:9");
        assert_eq!(site_of("data:text/html,hi"), "");
    }

    #[test]
    fn not_a_trace_is_a_validation_error() {
        let error = TraceModel::parse(b"[1,2]").err().map(|e| e.code);
        assert_eq!(error, Some(ErrorCode::ValidationError));
    }
}
