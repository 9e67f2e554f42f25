//! Parameters of `emulation set|reset` (SPEC §6.8).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::emulation::{Emulation, EmulationField, NetworkSetting};

/// The `emulation` operations: their entries in the operation table (see `ops::operations!`).
macro_rules! emulation_operations {
    ($then:ident [$($table:tt)*] $($rest:ident)*) => {
        $then! { [$($table)*
        /// Emulate a device, network, CPU, place, colour scheme, timezone or locale. Only the settings given change; the others stay. Applies to every page of the context (new ones too) and survives navigation
        EmulationSet = "emulation.set" (EmulationSetParams, emulation::args::SetArgs), S10, [BrowserLaunchFailed, CdpDisconnected, DialogBlocking],
            ["cdt emulation set --viewport 390x844x3,mobile,touch --network slow-4g --cpu 4", "cdt emulation set --viewport 390x844x3,mobile,touch --user-agent 'Mozilla/5.0 (iPhone) cdt'", "cdt emulation set --network slow-3g --cpu 4", "cdt emulation set --network 300/1600/750        # latency ms / down kbit/s / up kbit/s", "cdt emulation set --geolocation 48.8566,2.3522 --timezone Europe/Paris --locale fr-FR", "cdt emulation set --color-scheme dark --headers '{\"X-Test\":\"1\"}'"]
            "While CPU or network throttling is on, commands run without --timeout get a longer\ndefault budget (see docs/emulation.md).";
        /// Stop emulating: everything, or only some kinds (--only)
        EmulationReset = "emulation.reset" (EmulationResetParams, emulation::args::ResetArgs), S10, [BrowserLaunchFailed, CdpDisconnected, DialogBlocking],
            ["cdt emulation reset", "cdt emulation reset --only network,cpu"];
        /// Show what is emulated now (and the budget scale it implies)
        EmulationShow = "emulation.show" (NoParams, cli::NoArgs), S5, [BrowserLaunchFailed, CdpDisconnected],
            ["cdt emulation show", "cdt emulation show --output text"];
        ] $($rest)* }
    };
}

/// `emulation set`: only the settings given change; the others stay as they are.
pub type EmulationSetParams = Emulation<NetworkSetting>;

/// `emulation reset`: clears every setting, or only the ones named.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EmulationResetParams {
    /// Clear only these (default: all).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only: Vec<EmulationField>,
}

/// The flags of `cdt emulation set|reset`.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use std::collections::BTreeMap;

    use clap::Args;
    use serde::Serialize;
    use serde_json::Value;

    use crate::emulation::{ColorScheme, EmulationField, Geolocation, NetworkSetting, Viewport};
    use crate::ops::cli::given_as_is;

    fn viewport(text: &str) -> Result<Viewport, String> {
        text.parse().map_err(|e: crate::CdtError| e.message)
    }

    fn network(text: &str) -> Result<NetworkSetting, String> {
        text.parse()
            .map_err(|e: crate::CdtError| format!("{} (e.g. slow-3g, or 300/1600/750)", e.message))
    }

    fn geolocation(text: &str) -> Result<Geolocation, String> {
        text.parse()
            .map_err(|e: crate::CdtError| format!("{} (e.g. 48.8566,2.3522)", e.message))
    }

    fn headers(text: &str) -> Result<BTreeMap<String, String>, String> {
        let parsed: BTreeMap<String, Value> = serde_json::from_str(text).map_err(|e| {
            format!("--headers must be a JSON object of strings ({e}), e.g. '{{\"X-Test\":\"1\"}}'")
        })?;
        parsed
            .into_iter()
            .map(|(name, value)| match value {
                Value::String(value) => Ok((name, value)),
                other => Err(format!("header {name:?} must be a string, not {other}")),
            })
            .collect()
    }

    fn field(text: &str) -> Result<EmulationField, String> {
        let wanted = text.trim().replace('-', "").to_ascii_lowercase();
        EmulationField::ALL
            .iter()
            .copied()
            .find(|f| {
                serde_json::to_value(f)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_ascii_lowercase))
                    == Some(wanted.clone())
            })
            .ok_or_else(|| format!("{text:?} is not one of viewport, user-agent, network, cpu, geolocation, color-scheme, timezone, locale, headers"))
    }

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

    #[derive(Debug, Args, Serialize)]
    pub struct ResetArgs {
        /// Clear only these kinds (comma-separated).
        #[arg(long, value_delimiter = ',', value_name = "KINDS", value_parser = field)]
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub only: Vec<EmulationField>,
    }

    given_as_is!(SetArgs, ResetArgs);
}
