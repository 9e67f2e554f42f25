//! `cdt emulation set`: emulate a device, network, CPU, place, colour scheme, timezone or locale. Only the settings given change; the others stay. Applies to every page of the context (new ones too) and survives navigation.

use super::*;
use crate::ops::prelude::*;

/// `emulation.set`: the operation (its [`OpSpec`] below).
pub struct EmulationSet;

impl Op for EmulationSet {
    type Params = EmulationSetParams;
    const SPEC: OpSpec = OpSpec {
        name: "emulation.set",
        summary: "Emulate a device, network, CPU, place, colour scheme, timezone or locale. Only the settings given change; the others stay. Applies to every page of the context (new ones too) and survives navigation",
        default_timeout_ms: S10,
        effect: Effect::Changes,
        errors: &[E::BrowserLaunchFailed, E::CdpDisconnected, E::DialogBlocking],
        examples: &[
            "cdt emulation set --viewport 390x844x3,mobile,touch --network slow-4g --cpu 4",
            "cdt emulation set --viewport 390x844x3,mobile,touch --user-agent 'Mozilla/5.0 (iPhone) cdt'",
            "cdt emulation set --network slow-3g --cpu 4",
            "cdt emulation set --network 300/1600/750        # latency ms / down kbit/s / up kbit/s",
            "cdt emulation set --geolocation 48.8566,2.3522 --timezone Europe/Paris --locale fr-FR",
            "cdt emulation set --color-scheme dark --headers '{\"X-Test\":\"1\"}'",
        ],
        note: "While CPU or network throttling is on, commands run without --timeout get a longer\ndefault budget (see docs/emulation.md).",
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::SetArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[cfg(feature = "cli")]
mod args {
    
    use std::collections::BTreeMap;
    use clap::Args;
    use serde::Serialize;
    
    use crate::emulation::{ColorScheme, Geolocation, NetworkSetting, Viewport};
    use crate::ops::cli::given_as_is;
    #[allow(unused_imports)]
    use crate::ops::emulation::args::*;

#[derive(Debug, Args, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct SetArgs {
        /// WIDTHxHEIGHT[xDPR][,mobile][,touch][,landscape], e.g. 390x844x3,mobile,touch.
        #[arg(long, value_name = "WxH[xDPR][,FLAGS]", value_parser = viewport)]
        pub viewport: Option<Viewport>,
        /// User-Agent header and navigator.userAgent.
        #[arg(long, value_name = "TEXT")]
        pub user_agent: Option<String>,
        /// offline | slow-3g | fast-3g | slow-4g | fast-4g | LATENCY_MS/DOWN_KBPS/UP_KBPS.
        #[arg(long, value_name = "PRESET|L/D/U", value_parser = network)]
        pub network: Option<NetworkSetting>,
        /// CPU slowdown factor, 1 (none) to 20.
        #[arg(long, value_name = "RATE")]
        pub cpu: Option<f64>,
        /// LAT,LON[,ACCURACY] reported by navigator.geolocation (permission granted).
        #[arg(long, value_name = "LAT,LON", value_parser = geolocation, allow_hyphen_values = true)]
        pub geolocation: Option<Geolocation>,
        /// prefers-color-scheme.
        #[arg(long, value_enum)]
        pub color_scheme: Option<ColorScheme>,
        /// IANA timezone, e.g. Asia/Tokyo.
        #[arg(long, value_name = "TZ")]
        pub timezone: Option<String>,
        /// BCP 47 locale, e.g. de-DE (Intl, navigator.language, Accept-Language).
        #[arg(long, value_name = "LOCALE")]
        pub locale: Option<String>,
        /// Extra request headers as a JSON object (replaces the previous set).
        #[arg(long, value_name = "JSON", value_parser = headers)]
        pub headers: Option<BTreeMap<String, String>>,
    }

    given_as_is!(SetArgs);
}
