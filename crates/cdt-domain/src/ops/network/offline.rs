//! `cdt network offline`: take every page of the context offline, or back online.

use crate::ops::prelude::*;

/// `network.offline`: the operation (its [`OpSpec`] below).
pub struct NetworkOffline;

impl Op for NetworkOffline {
    type Params = NetworkOfflineParams;
    type Reply = crate::ops::EmulationReply;
    const SPEC: OpSpec = OpSpec {
        name: "network.offline",
        summary: "Take the context's pages offline (on) or back online (off)",
        default_timeout_ms: S10,
        effect: Effect::Changes,
        errors: &[E::BrowserLaunchFailed, E::CdpDisconnected],
        examples: &["cdt network offline on", "cdt network offline off"],
        note: "The same setting as `cdt emulation set --network offline` (and `emulation reset --network`): `off` clears any network emulation.",
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::OfflineArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NetworkOfflineParams {
    /// `true`: offline; `false`: online again.
    pub offline: bool,
}

#[cfg(feature = "cli")]
mod args {
    use clap::{Args, ValueEnum};
    use serde::{Serialize, Serializer};

    use crate::ops::cli::CliArgs;

    #[derive(Clone, Copy, Debug, ValueEnum)]
    pub enum Switch {
        On,
        Off,
    }

    #[derive(Debug, Args, Serialize)]
    pub struct OfflineArgs {
        /// on (offline) or off (online again).
        #[arg(value_enum, value_name = "on|off")]
        #[serde(serialize_with = "as_bool")]
        pub offline: Option<Switch>,
    }

    fn as_bool<S: Serializer>(switch: &Option<Switch>, s: S) -> Result<S::Ok, S::Error> {
        match switch {
            Some(Switch::On) => s.serialize_bool(true),
            Some(Switch::Off) => s.serialize_bool(false),
            None => s.serialize_none(),
        }
    }

    impl CliArgs for OfflineArgs {
        type Given = Self;
        fn given(self) -> Self {
            self
        }
    }
}
