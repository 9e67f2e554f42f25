//! `cdt emulation set`: emulate a device, network, CPU, place, colour scheme, timezone or locale. Only the settings given change; the others stay. Applies to every page of the context (new ones too) and survives navigation.

use super::*;
use crate::emulation::{ColorScheme, Geolocation, NetworkPreset};
use crate::ops::prelude::*;

/// `emulation.set`: the operation (its [`OpSpec`] below).
pub struct EmulationSet;

impl Op for EmulationSet {
    type Params = EmulationSetParams;
    type Reply = EmulationReply;
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
        tools: &[Tool::of::<Emulate>("emulate", ToolFamily::DevTools, "Emulate network, CPU, geolocation, user agent, colour scheme, viewport for every page; unnamed settings stay.").also_sends(&["emulation.reset"])],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::SetArgs>(),
        ..OpSpec::DEFAULTS
    };
}

// DevTools' network throttling presets (no doc comment: it would repeat in the schema).
#[derive(Clone, Copy, Debug, Deserialize, JsonSchema)]
pub enum NetworkConditions {
    #[serde(rename = "No emulation")]
    NoEmulation,
    Offline,
    #[serde(rename = "Slow 3G")]
    Slow3g,
    #[serde(rename = "Fast 3G")]
    Fast3g,
    #[serde(rename = "Slow 4G")]
    Slow4g,
    #[serde(rename = "Fast 4G")]
    Fast4g,
}

#[derive(Clone, Copy, Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SchemeChoice {
    Dark,
    Light,
    // The browser's own: clears the emulation.
    Auto,
}

/// `Some(None)` for an explicit `null` (clear), `None` when absent.
fn nullable<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Emulate {
    #[serde(default)]
    pub network_conditions: Option<NetworkConditions>,
    /// CPU slowdown, 1 (none) to 20.
    #[serde(default)]
    pub cpu_throttling_rate: Option<f64>,
    /// null clears it.
    #[serde(default, deserialize_with = "nullable")]
    pub geolocation: Option<Option<Geolocation>>,
    /// "" clears it.
    #[serde(default)]
    pub user_agent: Option<String>,
    #[serde(default)]
    pub color_scheme: Option<SchemeChoice>,
    /// `WxH[xDPR][,mobile][,touch][,landscape]`; "" clears it.
    #[serde(default)]
    pub viewport: Option<String>,
}

impl ToolShape for Emulate {
    /// Settings to set become `emulation.set`; settings to clear (`No emulation`, CPU 1, null
    /// geolocation, `auto`, "") become `emulation.reset` of those only. Every setting not
    /// named stays as it is, as in the DevTools server.
    fn operation(self) -> Result<Operation, CdtError> {
        let mut set = EmulationSetParams::default();
        let mut clear = Vec::new();
        match self.network_conditions {
            None => {}
            Some(NetworkConditions::NoEmulation) => clear.push(EmulationField::Network),
            Some(preset) => {
                set.network = Some(NetworkSetting::Preset(match preset {
                    NetworkConditions::Offline => NetworkPreset::Offline,
                    NetworkConditions::Slow3g => NetworkPreset::Slow3g,
                    NetworkConditions::Fast3g => NetworkPreset::Fast3g,
                    NetworkConditions::Slow4g => NetworkPreset::Slow4g,
                    _ => NetworkPreset::Fast4g,
                }))
            }
        }
        match self.cpu_throttling_rate {
            Some(1.0) => clear.push(EmulationField::Cpu),
            rate => set.cpu = rate,
        }
        match self.geolocation {
            Some(None) => clear.push(EmulationField::Geolocation),
            Some(position) => set.geolocation = position,
            None => {}
        }
        match self.user_agent {
            Some(agent) if agent.is_empty() => clear.push(EmulationField::UserAgent),
            agent => set.user_agent = agent,
        }
        match self.color_scheme {
            Some(SchemeChoice::Auto) => clear.push(EmulationField::ColorScheme),
            Some(SchemeChoice::Dark) => set.color_scheme = Some(ColorScheme::Dark),
            Some(SchemeChoice::Light) => set.color_scheme = Some(ColorScheme::Light),
            None => {}
        }
        match self.viewport.as_deref() {
            Some("") => clear.push(EmulationField::Viewport),
            Some(text) => set.viewport = Some(text.parse()?),
            None => {}
        }
        let setting = set != EmulationSetParams::default();
        match (setting, clear.is_empty()) {
            (true, true) => Ok(Operation::EmulationSet(set)),
            (false, false) => Ok(Operation::EmulationReset(EmulationResetParams {
                only: clear,
            })),
            (true, false) => Err(CdtError::validation(
                "emulate sets some settings and clears others in one call",
            )
            .hinted("Call emulate twice: once with the settings to clear, once with the new ones")),
            (false, true) => Err(CdtError::validation("emulate was given nothing to emulate")
                .hinted("Pass e.g. {\"networkConditions\":\"Slow 4G\",\"cpuThrottlingRate\":4}")),
        }
    }
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
