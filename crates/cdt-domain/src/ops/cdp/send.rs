//! `cdt cdp send`: send one CDP method to the page's session (or, with --browser, a read-only
//! one to the browser).

use serde_json::Value;

use crate::ops::prelude::*;

/// `cdp.send`: the operation (its [`OpSpec`] below).
pub struct CdpSend;

impl Op for CdpSend {
    type Params = CdpSendParams;
    type Reply = CdpSendReply;
    const SPEC: OpSpec = OpSpec {
        name: "cdp.send",
        summary: "Send a raw CDP method to the page (or, with --browser, a read-only one to the browser)",
        default_timeout_ms: S10,
        effect: Effect::Changes,
        errors: &[E::SecurityBlocked, E::ProtocolError, E::PageNotFound, E::NoCurrentPage, E::CdpDisconnected],
        examples: &[
            "cdt cdp send Runtime.evaluate '{\"expression\":\"1+1\"}'",
            "cdt cdp send Performance.getMetrics",
            "cdt cdp send Browser.getVersion --browser",
            "cdt cdp send DOM.getDocument '{\"depth\":1}' --page 2",
        ],
        note: "Refused (SECURITY_BLOCKED, with the cdt command to use): methods that would break cdt's bookkeeping (Target.*, Page.close, *.disable of the domains cdt listens to, Fetch.*, Tracing.*) and, on the browser, anything but a few read-only methods. Events of methods you enable arrive in `cdt cdp listen`.",
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::SendArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CdpSendParams {
    /// `Domain.method`, e.g. `Runtime.evaluate`.
    pub method: String,
    /// Its parameters (default `{}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub params: Option<Value>,
    /// To the browser itself instead of the page (read-only methods only).
    #[serde(default)]
    pub browser: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
}

#[cfg(feature = "cli")]
mod args {
    use clap::Args;
    use serde::Serialize;
    use serde_json::Value;

    use crate::ops::cli::{given_as_is, is_false};
    use crate::ops::page::args::PageArg;

    #[derive(Debug, Args, Serialize)]
    pub struct SendArgs {
        /// Domain.method, e.g. Runtime.evaluate.
        #[arg(value_name = "METHOD")]
        pub method: Option<String>,
        /// Its parameters as a JSON object.
        #[arg(value_name = "JSON", value_parser = object)]
        pub params: Option<Value>,
        /// Send it to the browser itself (read-only methods only).
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub browser: bool,
        #[command(flatten)]
        #[serde(flatten)]
        pub page: PageArg,
    }

    fn object(text: &str) -> Result<Value, String> {
        match serde_json::from_str(text) {
            Ok(value @ Value::Object(_)) => Ok(value),
            Ok(_) => Err("the parameters must be a JSON object, e.g. '{\"expression\":\"1\"}'".into()),
            Err(error) => Err(format!("not JSON: {error}")),
        }
    }

    given_as_is!(SendArgs);
}

/// `cdp send`'s reply: the method's result as the browser gave it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct CdpSendReply {
    /// The page it was sent to (none with `--browser`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<crate::page::PageId>,
    pub method: String,
    /// Sent to the browser rather than a page.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub browser: bool,
    pub result: serde_json::Value,
}
