//! `cdt events filters set`: change the filters (options not given keep their value). They apply to events from the returned `appliesFromOffset` on; events already buffered stay as they are.

use super::*;
use crate::ops::prelude::*;

/// `events.filters.set`: the operation (its [`OpSpec`] below).
pub struct EventsFiltersSet;

impl Op for EventsFiltersSet {
    type Params = EventFiltersSetParams;
    type Reply = EventFiltersSetReply;
    const SPEC: OpSpec = OpSpec {
        name: "events.filters.set",
        summary: "Change the filters (options not given keep their value). They apply to events from the returned `appliesFromOffset` on; events already buffered stay as they are",
        default_timeout_ms: S5,
        effect: Effect::Changes,
        errors: &[E::TargetNotFound, E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &[
            "cdt events filters set --kinds request,response --url-block analytics",
            "cdt events filters set --kinds network --url-block analytics,ads",
            "cdt events filters set --url-allow /api/ --max-body-bytes 16000",
            "cdt events filters set --kinds ''   # all kinds again",
        ],
        tools: &[Tool::of::<SetFilters>("cdp_set_filters", ToolFamily::Observer, "Set a target's (or every) buffer filters.")],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::FiltersSetArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventFiltersSetParams {
    /// Only for this CDP target (default: the context's filters, which every target without
    /// its own follows).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kinds: Option<Vec<crate::telemetry::KindFilter>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url_allow: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url_block: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_body_bytes: Option<u64>,
}

/// `cdp_set_filters` (seed 002 §3.2.7), with its names (`urlAllowlist`, `urlBlocklist`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetFilters {
    #[serde(flatten)]
    pub browser: ObservedBrowser,
    /// Default: every target's.
    #[serde(default)]
    pub target_id: Option<String>,
    /// console, log, network, or single kinds (empty: all).
    #[serde(default)]
    pub kinds: Option<Vec<crate::telemetry::KindFilter>>,
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

impl ToolShape for SetFilters {
    fn operation(self) -> Result<Operation, CdtError> {
        Ok(Operation::EventsFiltersSet(EventFiltersSetParams {
            target_id: self.target_id,
            kinds: self.kinds,
            url_allow: self.url_allowlist,
            url_block: self.url_blocklist,
            max_body_bytes: self.max_body_bytes,
        }))
    }
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    
    use crate::ops::cli::CliArgs;
    #[allow(unused_imports)]
    use crate::ops::events::args::*;

#[derive(Debug, Args)]
    pub struct FiltersSetArgs {
        /// Only for this CDP target (default: the context's filters).
        #[arg(long, value_name = "TARGET_ID")]
        pub target_id: Option<String>,
        /// Kinds kept in the buffer (empty: all).
        #[arg(long, value_delimiter = ',', num_args = 0..=1, value_name = "KINDS")]
        pub kinds: Option<Vec<String>>,
        /// Keep only events whose URL contains one of these.
        #[arg(long, value_delimiter = ',', num_args = 0..=1, value_name = "TEXTS")]
        pub url_allow: Option<Vec<String>>,
        /// Drop events whose URL contains one of these.
        #[arg(long, value_delimiter = ',', num_args = 0..=1, value_name = "TEXTS")]
        pub url_block: Option<Vec<String>>,
        /// Cut bodies and payloads to this size (default 64000).
        #[arg(long, value_name = "BYTES")]
        pub max_body_bytes: Option<u64>,
    }

impl CliArgs for FiltersSetArgs {
        type Given = FiltersGiven;
        fn given(self) -> FiltersGiven {
            FiltersGiven {
                target_id: self.target_id,
                kinds: non_empty(self.kinds),
                url_allow: non_empty(self.url_allow),
                url_block: non_empty(self.url_block),
                max_body_bytes: self.max_body_bytes,
            }
        }
    }

}
