//! `cdt network body`: the full response (or request) body; base64 for binary.

use super::*;
use crate::ops::prelude::*;

/// `network.body`: the operation (its [`OpSpec`] below).
pub struct NetworkBody;

impl Op for NetworkBody {
    type Params = NetworkBodyParams;
    type Reply = crate::ops::NetworkBodyReply;
    const SPEC: OpSpec = OpSpec {
        name: "network.body",
        summary: "The full response (or request) body; base64 for binary",
        default_timeout_ms: S10,
        effect: Effect::Reads,
        errors: &[E::NetworkRequestNotFound, E::BodyNotAvailable, E::ResultTooLarge, E::IoError, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt network body 7 --file out.json",
            "cdt network body 7",
            "cdt network body 7 --file ./response.json",
            "cdt network body 9 --request",
        ],
        tools: &[Tool::of::<GetResponseBody>("cdp_get_response_body", ToolFamily::Observer, "A response body by requestId.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::BodyArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NetworkBodyParams {
    /// The request id (from `cdt network list`); or name it by `requestId`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    /// The request by its CDP `requestId` (as in `events read`, seed 002).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// With `requestId`: the CDP target the request belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_id: Option<String>,
    /// Return the body base64-encoded even when it is text (binary bodies always are).
    #[serde(default, skip_serializing_if = "crate::ops::is_false")]
    pub base64: bool,
    /// The request body instead of the response body.
    #[serde(default)]
    pub request: bool,
    /// Write the body to this file (absolute path) instead of returning it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

/// `cdp_get_response_body` (seed 002 §3.2.6).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GetResponseBody {
    #[serde(flatten)]
    pub browser: ObservedBrowser,
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

impl ToolShape for GetResponseBody {
    fn operation(self) -> Result<Operation, CdtError> {
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

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    use serde::Serialize;
    use crate::ops::cli::{given_as_is, is_false};
    #[allow(unused_imports)]
    use crate::ops::network::args::*;

#[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct BodyArgs {
        /// The request id.
        #[arg(value_name = "ID")]
        pub id: Option<u64>,
        /// The request by its CDP requestId (as `cdt events read` shows it) instead.
        #[arg(long, value_name = "REQUEST_ID", conflicts_with = "id")]
        pub request_id: Option<String>,
        /// With --request-id: the CDP target it belongs to.
        #[arg(long, value_name = "TARGET_ID")]
        pub target_id: Option<String>,
        /// Return the body base64-encoded even when it is text.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub base64: bool,
        /// The request body instead of the response body.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub request: bool,
        /// Write the body to this file instead of printing it.
        #[arg(long, value_name = "PATH")]
        pub file: Option<String>,
    }

    given_as_is!(BodyArgs);
}
