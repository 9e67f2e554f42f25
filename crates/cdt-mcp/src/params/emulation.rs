//! `emulate`: DevTools' throttling presets and colour schemes.

use super::*;

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

impl Emulate {
    /// Settings to set become `emulation.set`; settings to clear (`No emulation`, CPU 1, null
    /// geolocation, `auto`, "") become `emulation.reset` of those only. Every setting not
    /// named stays as it is, as in the DevTools server.
    pub fn op(self) -> Result<Operation, CdtError> {
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
