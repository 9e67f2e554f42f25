//! `cdt network route`: intercept the context's requests that match a URL pattern — block,
//! fulfill, modify, delay or just count them — on every page, iframe and worker, now and later.

use crate::ops::prelude::*;
use crate::route::{BlockReason, RouteAction};

/// `network.route`: the operation (its [`OpSpec`] below).
pub struct NetworkRoute;

impl Op for NetworkRoute {
    type Params = NetworkRouteParams;
    type Reply = crate::ops::NetworkRouteReply;
    const SPEC: OpSpec = OpSpec {
        name: "network.route",
        summary: "Intercept matching requests: block, fulfill, modify, delay or count them",
        default_timeout_ms: S10,
        effect: Effect::Changes,
        errors: &[E::BrowserLaunchFailed, E::CdpDisconnected, E::IoError],
        examples: &[
            "cdt network route '*/api/user' --body '{\"name\":\"Ada\"}' --content-type application/json",
            "cdt network route '*.png' --action block --reason BlockedByClient",
            "cdt network route '^https?://[^/]+/ads/' --regex --action block",
            "cdt network route '*/api/*' --method POST --header 'X-Test: 1'",
            "cdt network route '*/slow/*' --delay 2000",
            "cdt network route '*' --type image,font",
        ],
        note: "A glob matches the whole URL (`*` any run of characters, `?` one); --regex takes a regular expression that may match anywhere. The action, when not given, follows from the flags: a body, body file or status fulfills, a reason blocks, --set-url, --post-data or --header modify, --delay delays; else the route only counts. The newest route that matches decides. Routes last until removed (`cdt network unroute`), survive navigations and reach new pages, iframes and workers; `cdt network routes` lists them with what each matched.",
        tools: &[Tool::of::<RouteTool>("route", ToolFamily::Cdt, "Intercept requests matching a URL glob: fulfill (body/status), block (reason), modify (headers) or delay them; counts matches.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::RouteArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NetworkRouteParams {
    /// URL pattern: a glob over the whole URL (`*` any run of characters, `?` one), or a
    /// regular expression with `regex`.
    pub url: String,
    /// `url` is a regular expression (matched anywhere in the URL).
    #[serde(default)]
    pub regex: bool,
    /// Only these resource types: document, stylesheet, image, media, font, script, xhr,
    /// fetch, eventsource, websocket, manifest, ping, other.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resource_types: Vec<String>,
    /// Only this HTTP method.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// What to do (default: follows from the other fields; see the note).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<RouteAction>,
    /// The network error of `block` (default `BlockedByClient`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<BlockReason>,
    /// The status of `fulfill` (default 200).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// `Name: value` headers: the response's for `fulfill`, set over the request's for `modify`
    /// (an empty value removes one).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub headers: Vec<String>,
    /// The body of `fulfill`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    /// The body of `fulfill`, read from this absolute path when the route is added.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body_file: Option<String>,
    /// The `Content-Type` of `fulfill` (else guessed from the body file's name, else none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
    /// The URL `modify` sends the request to instead (same scheme).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_url: Option<String>,
    /// The post data `modify` sends instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub post_data: Option<String>,
    /// Hold each matched request this long first (any action; `delay` alone then continues).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delay_ms: Option<u64>,
    /// Remove the route once it has matched this many requests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub times: Option<u64>,
}

/// `route`: the common part of `network route` in a few arguments (every field: the
/// `network_route` tool, or `cdt` with `op: network.route`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RouteTool {
    /// URL glob (`*` any run, `?` one character).
    pub url: String,
    /// block, fulfill, modify, delay or continue (default: from the other arguments).
    #[serde(default)]
    pub action: Option<String>,
    /// Fulfill with this body.
    #[serde(default)]
    pub body: Option<String>,
    #[serde(default)]
    pub content_type: Option<String>,
    #[serde(default)]
    pub status: Option<u16>,
    /// Block with this network error (e.g. BlockedByClient, AccessDenied).
    #[serde(default)]
    pub reason: Option<String>,
    /// `Name: value` headers.
    #[serde(default)]
    pub headers: Vec<String>,
    #[serde(default)]
    pub delay_ms: Option<u64>,
}

/// A `route` argument read as its enum, or a `VALIDATION_ERROR` naming the tool's field.
fn read<T: serde::de::DeserializeOwned>(field: &str, value: Option<String>) -> Result<Option<T>, CdtError> {
    value
        .map(|text| {
            serde_json::from_value(serde_json::Value::String(text.clone())).map_err(|_| {
                CdtError::validation(format!("route: {field} {text:?} is not one cdt knows"))
                    .hinted("Describe the choices: the cdt tool with {\"op\":\"network.route\",\"describe\":true}")
            })
        })
        .transpose()
}

impl ToolShape for RouteTool {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::NetworkRoute(NetworkRouteParams {
            url: self.url,
            action: read("action", self.action)?,
            body: self.body,
            content_type: self.content_type,
            status: self.status,
            reason: read("reason", self.reason)?,
            headers: self.headers,
            delay_ms: self.delay_ms,
            ..NetworkRouteParams::default()
        }))
    }
}

impl NetworkRouteParams {
    /// The action given, or the one its other fields imply.
    pub fn effective_action(&self) -> RouteAction {
        if let Some(action) = self.action {
            return action;
        }
        if self.body.is_some() || self.body_file.is_some() || self.status.is_some() {
            RouteAction::Fulfill
        } else if self.reason.is_some() {
            RouteAction::Block
        } else if self.set_url.is_some() || self.post_data.is_some() || !self.headers.is_empty() {
            RouteAction::Modify
        } else if self.delay_ms.is_some() {
            RouteAction::Delay
        } else {
            RouteAction::Continue
        }
    }
}

#[cfg(feature = "cli")]
mod args {
    use clap::Args;
    use serde::Serialize;

    use crate::ops::cli::{given_as_is, is_false};
    use crate::route::{BlockReason, RouteAction};

    #[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct RouteArgs {
        /// URL glob (`*` any run, `?` one character) or, with --regex, a regular expression.
        #[arg(value_name = "URL")]
        pub url: Option<String>,
        /// The pattern is a regular expression (matched anywhere in the URL).
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub regex: bool,
        /// Only these resource types (document, image, script, xhr, fetch, font, …).
        #[arg(long = "type", value_delimiter = ',', value_name = "TYPES")]
        #[serde(rename = "resourceTypes", skip_serializing_if = "Vec::is_empty")]
        pub types: Vec<String>,
        /// Only this HTTP method.
        #[arg(long)]
        pub method: Option<String>,
        /// block, fulfill, modify, delay or continue (default: follows from the other flags).
        #[arg(long, value_enum)]
        pub action: Option<RouteAction>,
        /// The network error of a block (default BlockedByClient).
        #[arg(long, value_enum)]
        pub reason: Option<BlockReason>,
        /// The status of a fulfilled response (default 200).
        #[arg(long)]
        pub status: Option<u16>,
        /// `Name: value` (repeatable): response headers of a fulfill, request headers of a modify.
        #[arg(long = "header", value_name = "NAME: VALUE")]
        #[serde(rename = "headers", skip_serializing_if = "Vec::is_empty")]
        pub headers: Vec<String>,
        /// The body of a fulfilled response.
        #[arg(long, conflicts_with = "body_file")]
        pub body: Option<String>,
        /// The body of a fulfilled response, from a file (absolute path).
        #[arg(long, value_name = "PATH")]
        pub body_file: Option<String>,
        /// The Content-Type of a fulfilled response.
        #[arg(long, value_name = "MIME")]
        pub content_type: Option<String>,
        /// Send the request to this URL instead.
        #[arg(long, value_name = "URL")]
        pub set_url: Option<String>,
        /// Send this post data instead.
        #[arg(long, value_name = "DATA")]
        pub post_data: Option<String>,
        /// Hold each matched request this many milliseconds first.
        #[arg(long = "delay", value_name = "MS")]
        #[serde(rename = "delayMs")]
        pub delay_ms: Option<u64>,
        /// Remove the route after this many matches.
        #[arg(long)]
        pub times: Option<u64>,
    }

    given_as_is!(RouteArgs);
}
