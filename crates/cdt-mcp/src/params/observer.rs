//! The CDP observer of seed 002, in its own shapes: `host`/`port` name the browser (default:
//! the server's `CDP_HOST`/`CDP_PORT`; the server reads them to route the call, see
//! `crate::observer`), `targetId` names a CDP target, `requestId` a CDP request. cdt's own
//! `page` ids work too.

use cdt_domain::ops::{
    EventFiltersSetParams, EventsObserveParams, EventsReadParams, EventsScopeParams,
    EventsTargetsParams, EventsUnobserveParams, NetworkBodyParams,
};

use super::*;

/// `cdp_list_targets`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ListTargets {
    /// Debugging host (default CDP_HOST, 127.0.0.1); every cdp_* tool takes host/port.
    #[serde(default)]
    #[allow(dead_code)] // read by the server's routing (crate::observer) before the conversion
    pub host: Option<String>,
    /// Debugging port (default CDP_PORT, 9222).
    #[serde(default)]
    #[allow(dead_code)] // as `host`
    pub port: Option<u16>,
    /// URL substring.
    #[serde(default)]
    pub filter_url_includes: Option<String>,
    /// e.g. ["page", "iframe"]; default all.
    #[serde(default)]
    pub types: Vec<String>,
}

impl ListTargets {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::EventsTargets(EventsTargetsParams {
            filter_url_includes: self.filter_url_includes,
            types: self.types,
        }))
    }
}

/// `cdp_observe`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Observe {
    #[serde(default)]
    #[allow(dead_code)] // read by the server's routing (crate::observer) before the conversion
    pub host: Option<String>,
    #[serde(default)]
    #[allow(dead_code)] // as `host`
    pub port: Option<u16>,
    /// From cdp_list_targets; wins over urlIncludes.
    #[serde(default)]
    pub target_id: Option<String>,
    /// Else the first page whose URL contains it.
    #[serde(default)]
    pub url_includes: Option<String>,
    /// Else a cdt page id.
    #[serde(default)]
    pub page: Option<u32>,
    /// Default true.
    #[serde(default)]
    pub include_workers: Option<bool>,
    /// Default true.
    #[serde(default)]
    pub include_iframes: Option<bool>,
    /// Events kept (default DEFAULT_BUFFER_SIZE, 10000).
    #[serde(default)]
    pub buffer_size: Option<usize>,
    /// Seconds without events before they go (default DEFAULT_TTL_SEC, 3600).
    #[serde(default)]
    pub ttl_sec: Option<u64>,
}

impl Observe {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::EventsObserve(EventsObserveParams {
            page: self.page,
            target_id: self.target_id,
            url_includes: self.url_includes,
            include_workers: self.include_workers,
            include_iframes: self.include_iframes,
            buffer_size: self.buffer_size,
            ttl_sec: self.ttl_sec,
        }))
    }
}

/// `cdp_stop_observe`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StopObserve {
    #[serde(default)]
    #[allow(dead_code)] // read by the server's routing (crate::observer) before the conversion
    pub host: Option<String>,
    #[serde(default)]
    #[allow(dead_code)] // as `host`
    pub port: Option<u16>,
    #[serde(default)]
    pub target_id: Option<String>,
    #[serde(default)]
    pub page: Option<u32>,
    /// Also forget its buffered events.
    #[serde(default)]
    pub drop_buffer: bool,
}

impl StopObserve {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::EventsUnobserve(EventsUnobserveParams {
            page: self.page,
            target_id: self.target_id,
            drop_buffer: self.drop_buffer,
        }))
    }
}

/// `cdp_read_events`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReadEvents {
    #[serde(default)]
    #[allow(dead_code)] // read by the server's routing (crate::observer) before the conversion
    pub host: Option<String>,
    #[serde(default)]
    #[allow(dead_code)] // as `host`
    pub port: Option<u16>,
    /// Its own events, seq from 0.
    #[serde(default)]
    pub target_id: Option<String>,
    /// Or a cdt page's (context numbering).
    #[serde(default)]
    pub page: Option<u32>,
    /// Pass the last nextOffset.
    #[serde(default)]
    pub offset: u64,
    /// Default 200.
    #[serde(default)]
    pub limit: Option<usize>,
    /// console, log, request, response, loadingFinished, loadingFailed, websocket, other.
    #[serde(default)]
    pub kinds: Vec<String>,
    #[serde(default)]
    pub url_includes: Option<String>,
    /// HTTP method.
    #[serde(default)]
    pub method: Option<String>,
    /// The newest `limit`.
    #[serde(default)]
    pub tail: bool,
}

impl ReadEvents {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::EventsRead(EventsReadParams {
            offset: self.offset,
            limit: Some(self.limit.unwrap_or(200)),
            kinds: self.kinds,
            url_includes: self.url_includes,
            method: self.method,
            page: self.page,
            target_id: self.target_id,
            tail: self.tail,
        }))
    }
}

/// `cdp_clear_events` and `cdp_get_filters`: a target, a page, or (neither) all.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TargetScope {
    #[serde(default)]
    #[allow(dead_code)] // read by the server's routing (crate::observer) before the conversion
    pub host: Option<String>,
    #[serde(default)]
    #[allow(dead_code)] // as `host`
    pub port: Option<u16>,
    #[serde(default)]
    pub target_id: Option<String>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl TargetScope {
    fn scope(self) -> EventsScopeParams {
        EventsScopeParams {
            page: self.page,
            target_id: self.target_id,
        }
    }

    pub fn clear(self) -> Result<Operation, CdtError> {
        Ok(Operation::EventsClear(self.scope()))
    }

    pub fn filters(self) -> Result<Operation, CdtError> {
        Ok(Operation::EventsFiltersGet(self.scope()))
    }
}

/// `cdp_get_response_body`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GetResponseBody {
    #[serde(default)]
    #[allow(dead_code)] // read by the server's routing (crate::observer) before the conversion
    pub host: Option<String>,
    #[serde(default)]
    #[allow(dead_code)] // as `host`
    pub port: Option<u16>,
    #[serde(default)]
    pub target_id: Option<String>,
    /// From the request's events.
    #[serde(default)]
    pub request_id: Option<String>,
    /// Or cdt's reqid.
    #[serde(default)]
    pub reqid: Option<u64>,
    /// Base64 even for text.
    #[serde(default)]
    pub base64: bool,
    /// The request's body.
    #[serde(default)]
    pub request: bool,
}

impl GetResponseBody {
    pub fn op(self) -> Result<Operation, CdtError> {
        if self.reqid.is_none() && self.request_id.is_none() {
            return Err(CdtError::validation(
                "cdp_get_response_body needs requestId (from cdp_read_events) or reqid",
            )
            .hinted("Pass e.g. {\"targetId\": \"…\", \"requestId\": \"1234.5\"}"));
        }
        Ok(Operation::NetworkBody(NetworkBodyParams {
            id: self.reqid,
            request_id: self.request_id,
            target_id: self.target_id,
            request: self.request,
            file: None,
            base64: self.base64,
        }))
    }
}

/// `cdp_set_filters`, with seed 002's names (`urlAllowlist`, `urlBlocklist`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SetFilters {
    #[serde(default)]
    #[allow(dead_code)] // read by the server's routing (crate::observer) before the conversion
    pub host: Option<String>,
    #[serde(default)]
    #[allow(dead_code)] // as `host`
    pub port: Option<u16>,
    /// Default: every target's.
    #[serde(default)]
    pub target_id: Option<String>,
    /// console, log, network, or single kinds (empty: all).
    #[serde(default)]
    pub kinds: Option<Vec<String>>,
    /// URL substrings to keep.
    #[serde(default)]
    pub url_allowlist: Option<Vec<String>>,
    /// URL substrings to drop (checked first).
    #[serde(default)]
    pub url_blocklist: Option<Vec<String>>,
    /// Default 64000.
    #[serde(default)]
    pub max_body_bytes: Option<u64>,
}

impl SetFilters {
    pub fn op(self) -> Result<Operation, CdtError> {
        Ok(Operation::EventsFiltersSet(EventFiltersSetParams {
            target_id: self.target_id,
            kinds: self.kinds,
            url_allow: self.url_allowlist,
            url_block: self.url_blocklist,
            max_body_bytes: self.max_body_bytes,
        }))
    }
}
