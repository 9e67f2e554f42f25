//! The MCP handler: `tools/list` and `tools/call` from the tool table, the events resource
//! template with `resources/read`, legacy `resources/subscribe`/`unsubscribe`, and
//! `subscriptions/listen` for clients of the 2026 protocol.

use cdt_domain::CdtError;
use cdt_domain::ops::{Op, op};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, Implementation, ListResourceTemplatesResult,
    ListToolsResult, PaginatedRequestParams, ReadResourceRequestParams, ReadResourceResponse,
    ServerCapabilities, ServerConfig, SubscribeRequestParams, SubscriptionFilter,
    UnsubscribeRequestParams,
};
use rmcp::service::{RequestContext, RoleServer, SubscriptionContext};
use rmcp::{ErrorData as McpError, ServerHandler};
use serde_json::{Map, Value};

use crate::daemon::Daemon;
use crate::observer::{Observer, ObserverConfig, Source};
use crate::resources::{self, Acknowledged, Notifier, Watches};
use crate::tools::{Call, Family};
use crate::{result, tools};

/// Longest budget a call may ask for, as on the command line.
const MAX_TIMEOUT_MS: u64 = 3_600_000;

const INSTRUCTIONS: &str = "cdt drives Chromium through the cdt daemon; `cdt` commands run in the same context (same CDT_CONTEXT_ID, share group or agent process) act on the same browser and pages.
Every tool takes `page` (a page id from list_pages; default: the selected page, or every page for cdp_read_events/cdp_clear_events) and `timeout` (budget in ms; default per tool).
Element tools take a uid from take_snapshot. Actions report what they caused (navigation, dialog, new pages, changed nodes).
Errors carry a code and runnable hints.
The cdp_* tools (seed 002's observer) also reach a Chrome started by hand with --remote-debugging-port: `host`/`port` in a call, else CDP_HOST/CDP_PORT, else 127.0.0.1:9222 when something listens there, else cdt's own browser. cdp_list_targets gives each target's `id`; cdp_observe, cdp_read_events, cdp_get_response_body take it as `targetId`. A target's events are the resource cdp://events/{targetId}: read it for the newest 200, subscribe to be notified of new ones.";

#[derive(Clone)]
pub struct CdtMcp {
    daemon: Daemon,
    observer: Observer,
    watches: Watches,
    acknowledged: Acknowledged,
    /// The tool families `tools/list` shows (any tool can be called).
    families: Vec<Family>,
}

impl CdtMcp {
    pub fn new(daemon: Daemon, observer: Observer, families: Vec<Family>) -> Self {
        CdtMcp {
            daemon,
            observer,
            watches: Watches::default(),
            acknowledged: Acknowledged::default(),
            families,
        }
    }

    fn failure(&self, error: CdtError) -> rmcp::model::CallToolResult {
        result::failure(error, &self.families)
    }

    /// The daemon handle a call goes through: the caller's own, or, for the observer tools,
    /// the browser they name (see `crate::observer`).
    async fn route(
        &self,
        tool: &tools::McpTool,
        args: &mut Map<String, Value>,
    ) -> Result<(Daemon, Option<Source>), CdtError> {
        if tool.family != Family::Observer {
            return Ok((self.daemon.clone(), None));
        }
        let source = self.observer.source(args).await?;
        if tool
            .spec
            .is_some_and(|spec| spec.name == <op::EventsObserve as Op>::NAME)
        {
            let config = self.observer.config();
            let defaults = ObserverConfig::default();
            if config.buffer_size != defaults.buffer_size {
                args.entry("bufferSize")
                    .or_insert(config.buffer_size.into());
            }
            if config.ttl_sec != defaults.ttl_sec {
                args.entry("ttlSec").or_insert(config.ttl_sec.into());
            }
        }
        let daemon = self.observer.daemon(&source).await?;
        Ok((daemon, Some(source)))
    }

    /// The daemon handle for a `cdp://events/…` resource: the browser its target came from.
    async fn resource_daemon(&self, uri: &str) -> Result<Daemon, CdtError> {
        match resources::events_of(uri)? {
            resources::Events::Target(target) => match self.observer.source_of(&target) {
                Some(source) => self.observer.daemon(&source).await,
                None => Ok(self.daemon.clone()),
            },
            resources::Events::Page(_) => Ok(self.daemon.clone()),
        }
    }

    /// The per-call budget: the `timeout` argument (0 or absent: the tool's default).
    fn budget(args: &mut Map<String, Value>) -> Result<Option<u64>, CdtError> {
        match args.remove("timeout") {
            None | Some(Value::Null) => Ok(None),
            Some(value) => match value.as_u64() {
                Some(0) => Ok(None),
                Some(ms) if ms <= MAX_TIMEOUT_MS => Ok(Some(ms)),
                _ => Err(CdtError::validation(format!(
                    "timeout must be an integer from 0 to {MAX_TIMEOUT_MS} (ms), not {value}"
                ))
                .hinted("Pass e.g. \"timeout\": 5000, or leave it out for the default")),
            },
        }
    }

    async fn call(
        &self,
        name: &str,
        mut args: Map<String, Value>,
    ) -> Result<rmcp::model::CallToolResult, McpError> {
        let Some(tool) = tools::find(name) else {
            return Err(McpError::invalid_params(
                format!("unknown tool {name:?}; see tools/list"),
                None,
            ));
        };
        let routed = match self.route(tool, &mut args).await {
            Ok(routed) => routed,
            Err(error) => return Ok(self.failure(error)),
        };
        let prepared =
            Self::budget(&mut args).and_then(|budget| tool.call(args).map(|call| (call, budget)));
        let ((daemon, source), (call, budget)) = match prepared {
            Ok(prepared) => (routed, prepared),
            Err(error) => return Ok(self.failure(error)),
        };
        let operation = match call {
            Call::Run(operation) => *operation,
            Call::Describe(description) => {
                return Ok(result::success("describe", description, &[]));
            }
        };
        let op = operation.name();
        Ok(match daemon.send(operation, budget).await {
            Ok((mut data, warnings)) => {
                if let Some(source) = &source {
                    self.observer.learn(source, &data);
                    result::seed_002_shape(op, &mut data);
                }
                result::success(op, data, &warnings)
            }
            Err(error) => self.failure(error),
        })
    }
}

fn resource_error(error: &CdtError) -> McpError {
    let data = serde_json::to_value(error.rendered()).ok();
    match error.code {
        cdt_domain::ErrorCode::PageNotFound
        | cdt_domain::ErrorCode::NoCurrentPage
        | cdt_domain::ErrorCode::TargetNotFound => {
            McpError::resource_not_found(format!("{}: {}", error.code, error.message), data)
        }
        cdt_domain::ErrorCode::ValidationError => {
            McpError::invalid_params(format!("{}: {}", error.code, error.message), data)
        }
        _ => McpError::internal_error(format!("{}: {}", error.code, error.message), data),
    }
}

impl ServerHandler for CdtMcp {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .enable_resources_subscribe()
            .build();
        ServerConfig::new(capabilities)
            .with_server_info(Implementation::new("cdt", cdt_domain::CDT_VERSION))
            .with_instructions(INSTRUCTIONS)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items(tools::list(&self.families)))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let args = request.arguments.unwrap_or_default();
        self.call(&request.name, args).await.map(Into::into)
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        Ok(ListResourceTemplatesResult::with_all_items(vec![
            resources::template(),
        ]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        let daemon = self
            .resource_daemon(&request.uri)
            .await
            .map_err(|e| resource_error(&e))?;
        resources::read(&daemon, &request.uri)
            .await
            .map(Into::into)
            .map_err(|e| resource_error(&e))
    }

    #[allow(deprecated)]
    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        let notifier = Notifier::Peer(context.peer.clone());
        let daemon = self
            .resource_daemon(&request.uri)
            .await
            .map_err(|e| resource_error(&e))?;
        let task = resources::watch(daemon, request.uri.clone(), notifier, None)
            .await
            .map_err(|e| resource_error(&e))?;
        self.watches.insert(&request.uri, task);
        Ok(())
    }

    #[allow(deprecated)]
    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.watches.remove(&request.uri);
        Ok(())
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        let uris: Vec<String> = requested
            .resource_subscriptions
            .iter()
            .flatten()
            .filter(|uri| resources::events_of(uri).is_ok())
            .cloned()
            .collect();
        for uri in &uris {
            self.acknowledged.record(uri);
        }
        let mut accepted = SubscriptionFilter::new();
        accepted.resource_subscriptions = Some(uris);
        Some(accepted)
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), McpError> {
        let watches = Watches::default();
        let uris = context.accepted().resource_subscriptions.clone();
        for uri in uris.into_iter().flatten() {
            let notifier = Notifier::Listen(context.sink().clone());
            let daemon = self
                .resource_daemon(&uri)
                .await
                .map_err(|e| resource_error(&e))?;
            let since = self.acknowledged.take(&uri);
            let task = resources::watch(daemon, uri.clone(), notifier, since)
                .await
                .map_err(|e| resource_error(&e))?;
            watches.insert(&uri, task);
        }
        context.cancelled().await;
        watches.stop_all();
        Ok(())
    }
}
