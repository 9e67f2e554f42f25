//! `cdt network unroute`: remove routes (one by id, those of a pattern, or all); requests they
//! hold are let through, never left paused.

use crate::ops::prelude::*;

/// `network.unroute`: the operation (its [`OpSpec`] below).
pub struct NetworkUnroute;

impl Op for NetworkUnroute {
    type Params = NetworkUnrouteParams;
    type Reply = crate::ops::NetworkUnrouteReply;
    const SPEC: OpSpec = OpSpec {
        name: "network.unroute",
        summary: "Remove routes (by id, by pattern, or all)",
        default_timeout_ms: S10,
        effect: Effect::Changes,
        errors: &[E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt network unroute --all",
            "cdt network unroute 2",
            "cdt network unroute --url '*.png'",
        ],
        tools: &[Tool::of::<UnrouteTool>("unroute", ToolFamily::Cdt, "Remove routes: by id, by URL pattern, or all (omit both).")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::UnrouteArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NetworkUnrouteParams {
    /// The route's id (from `network route` or `network routes`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    /// Every route added with exactly this pattern.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Every route.
    #[serde(default)]
    pub all: bool,
}

/// `unroute`: an id, a pattern, or (neither) every route.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UnrouteTool {
    #[serde(default)]
    pub id: Option<u64>,
    #[serde(default)]
    pub url: Option<String>,
}

impl ToolShape for UnrouteTool {
    fn operation(self) -> Result<Operation, CdtError> {
        let all = self.id.is_none() && self.url.is_none();
        Ok(Operation::NetworkUnroute(NetworkUnrouteParams {
            id: self.id,
            url: self.url,
            all,
        }))
    }
}

#[cfg(feature = "cli")]
mod args {
    use clap::Args;
    use serde::Serialize;

    use crate::ops::cli::{given_as_is, is_false};

    #[derive(Debug, Args, Serialize)]
    pub struct UnrouteArgs {
        /// The route's id.
        #[arg(value_name = "ID")]
        pub id: Option<u64>,
        /// Every route with exactly this pattern.
        #[arg(long, value_name = "PATTERN")]
        pub url: Option<String>,
        /// Every route.
        #[arg(long)]
        #[serde(skip_serializing_if = "is_false")]
        pub all: bool,
    }

    given_as_is!(UnrouteArgs);
}
