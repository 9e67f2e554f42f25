//! `cdt emulation reset`: stop emulating: everything, or only some kinds (--only).

use super::*;
use crate::ops::prelude::*;

/// `emulation.reset`: the operation (its [`OpSpec`] below).
pub struct EmulationReset;

impl Op for EmulationReset {
    type Params = EmulationResetParams;
    type Reply = EmulationReply;
    const SPEC: OpSpec = OpSpec {
        name: "emulation.reset",
        summary: "Stop emulating: everything, or only some kinds (--only)",
        default_timeout_ms: S10,
        effect: Effect::Changes,
        errors: &[E::BrowserLaunchFailed, E::CdpDisconnected, E::DialogBlocking],
        examples: &[
            "cdt emulation reset",
            "cdt emulation reset --only network,cpu",
        ],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::ResetArgs>(),
        ..OpSpec::DEFAULTS
    };
}

/// `emulation reset`: clears every setting, or only the ones named.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EmulationResetParams {
    /// Clear only these (default: all).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only: Vec<EmulationField>,
}

#[cfg(feature = "cli")]
mod args {
    
    
    use clap::Args;
    use serde::Serialize;
    
    use crate::emulation::EmulationField;
    use crate::ops::cli::given_as_is;
    #[allow(unused_imports)]
    use crate::ops::emulation::args::*;

#[derive(Debug, Args, Serialize)]
    pub struct ResetArgs {
        /// Clear only these kinds (comma-separated).
        #[arg(long, value_delimiter = ',', value_name = "KINDS", value_parser = field)]
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub only: Vec<EmulationField>,
    }

    given_as_is!(ResetArgs);
}
