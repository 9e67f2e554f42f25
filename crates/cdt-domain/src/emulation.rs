//! Emulation settings (SPEC §6.8): what a context's pages pretend to be — viewport and device,
//! user agent, network and CPU throttling, geolocation, colour scheme, timezone, locale and
//! extra request headers — and the rule that stretches default budgets under throttling.
//!
//! Pure data and parsing; applying settings to targets is the browser adapter's job. Never
//! put protocol details (CDP method names) here.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::error::CdtError;

/// A device viewport: `WxH[xDPR][,mobile][,touch][,landscape]` on the command line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Viewport {
    /// Width in CSS pixels (100–10000).
    pub width: u32,
    /// Height in CSS pixels (100–10000).
    pub height: u32,
    /// Device pixel ratio (default 1; 0.5–10).
    #[serde(default = "one")]
    pub device_scale_factor: f64,
    /// Emulate a mobile device (meta viewport honoured, overlay scrollbars).
    #[serde(default)]
    pub mobile: bool,
    /// Emulate a touch screen (`pointer: coarse`, `navigator.maxTouchPoints`).
    #[serde(default)]
    pub touch: bool,
    /// Landscape orientation (width and height are taken as given).
    #[serde(default)]
    pub landscape: bool,
}

fn one() -> f64 {
    1.0
}

impl FromStr for Viewport {
    type Err = CdtError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = |why: &str| {
            CdtError::validation(format!("--viewport {text:?}: {why}"))
                .hinted("Use e.g. --viewport 390x844x3,mobile,touch or --viewport 1280x800")
        };
        let mut parts = text.split(',').map(str::trim);
        let size = parts.next().unwrap_or_default();
        let numbers: Vec<&str> = size.split(['x', 'X']).collect();
        if !(2..=3).contains(&numbers.len()) {
            return Err(bad("expected WIDTHxHEIGHT or WIDTHxHEIGHTxDPR"));
        }
        let dimension = |s: &str| {
            s.parse::<u32>()
                .ok()
                .filter(|n| (100..=10_000).contains(n))
                .ok_or_else(|| bad("width and height must be whole numbers from 100 to 10000"))
        };
        let mut viewport = Viewport {
            width: dimension(numbers[0])?,
            height: dimension(numbers[1])?,
            device_scale_factor: 1.0,
            mobile: false,
            touch: false,
            landscape: false,
        };
        if let Some(dpr) = numbers.get(2) {
            viewport.device_scale_factor = dpr
                .parse::<f64>()
                .ok()
                .filter(|d| (0.5..=10.0).contains(d))
                .ok_or_else(|| bad("the device pixel ratio must be a number from 0.5 to 10"))?;
        }
        for flag in parts {
            match flag {
                "mobile" => viewport.mobile = true,
                "touch" => viewport.touch = true,
                "landscape" => viewport.landscape = true,
                other => {
                    return Err(bad(&format!(
                        "unknown flag {other:?} (mobile, touch, landscape)"
                    )));
                }
            }
        }
        Ok(viewport)
    }
}

impl Viewport {
    /// Checks the ranges (for parameters that did not come through [`FromStr`]).
    pub fn validate(&self) -> Result<(), CdtError> {
        let ok = (100..=10_000).contains(&self.width)
            && (100..=10_000).contains(&self.height)
            && (0.5..=10.0).contains(&self.device_scale_factor);
        if ok {
            Ok(())
        } else {
            Err(CdtError::validation(
                "viewport width/height must be 100–10000 and deviceScaleFactor 0.5–10",
            )
            .hinted("Use e.g. --viewport 390x844x3,mobile,touch"))
        }
    }
}

/// Network throttling presets, as in the DevTools network panel (and Puppeteer's
/// `PredefinedNetworkConditions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum NetworkPreset {
    /// No connection at all.
    #[serde(rename = "offline")]
    Offline,
    /// 2000 ms latency, 400 kbit/s down and up.
    #[serde(rename = "slow-3g")]
    Slow3g,
    /// DevTools' former "Fast 3G": 562.5 ms, 1.44 Mbit/s down, 675 kbit/s up.
    #[serde(rename = "fast-3g")]
    Fast3g,
    /// The same conditions as `fast-3g` (renamed by DevTools in 2024).
    #[serde(rename = "slow-4g")]
    Slow4g,
    /// 165 ms latency, 8.1 Mbit/s down, 1.35 Mbit/s up.
    #[serde(rename = "fast-4g")]
    Fast4g,
}

impl NetworkPreset {
    pub const ALL: [NetworkPreset; 5] = [
        NetworkPreset::Offline,
        NetworkPreset::Slow3g,
        NetworkPreset::Fast3g,
        NetworkPreset::Slow4g,
        NetworkPreset::Fast4g,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            NetworkPreset::Offline => "offline",
            NetworkPreset::Slow3g => "slow-3g",
            NetworkPreset::Fast3g => "fast-3g",
            NetworkPreset::Slow4g => "slow-4g",
            NetworkPreset::Fast4g => "fast-4g",
        }
    }

    /// The conditions of the preset (numbers from DevTools' `NetworkManager` presets).
    pub fn conditions(self) -> NetworkConditions {
        let kbps = |bytes_per_second: f64| bytes_per_second * 8.0 / 1000.0;
        let (latency_ms, down, up) = match self {
            NetworkPreset::Offline => (0.0, 0.0, 0.0),
            NetworkPreset::Slow3g => (
                2000.0,
                500.0 * 1000.0 / 8.0 * 0.8,
                500.0 * 1000.0 / 8.0 * 0.8,
            ),
            NetworkPreset::Fast3g | NetworkPreset::Slow4g => (
                562.5,
                1.6 * 1000.0 * 1000.0 / 8.0 * 0.9,
                750.0 * 1000.0 / 8.0 * 0.9,
            ),
            NetworkPreset::Fast4g => (
                165.0,
                9.0 * 1000.0 * 1000.0 / 8.0 * 0.9,
                1.5 * 1000.0 * 1000.0 / 8.0 * 0.9,
            ),
        };
        NetworkConditions {
            preset: Some(self),
            offline: self == NetworkPreset::Offline,
            latency_ms,
            download_kbps: kbps(down),
            upload_kbps: kbps(up),
        }
    }
}

impl fmt::Display for NetworkPreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Network throttling in effect.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NetworkConditions {
    /// The preset these conditions come from, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<NetworkPreset>,
    pub offline: bool,
    /// Added round-trip latency, milliseconds.
    pub latency_ms: f64,
    /// Download throughput, kbit/s (0 = unthrottled).
    pub download_kbps: f64,
    /// Upload throughput, kbit/s (0 = unthrottled).
    pub upload_kbps: f64,
}

/// Custom network throttling: `LATENCY_MS/DOWN_KBPS/UP_KBPS` on the command line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CustomNetwork {
    /// Added round-trip latency, milliseconds (0–60000).
    pub latency_ms: f64,
    /// Download throughput, kbit/s (0 = unthrottled).
    pub download_kbps: f64,
    /// Upload throughput, kbit/s (0 = unthrottled).
    pub upload_kbps: f64,
}

/// `--network`: a preset or custom numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum NetworkSetting {
    Preset(NetworkPreset),
    Custom(CustomNetwork),
}

impl FromStr for NetworkSetting {
    type Err = CdtError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        if let Some(preset) = NetworkPreset::ALL.iter().find(|p| p.as_str() == text) {
            return Ok(NetworkSetting::Preset(*preset));
        }
        let numbers: Vec<Option<f64>> = text.split('/').map(|n| n.trim().parse().ok()).collect();
        match numbers.as_slice() {
            [Some(latency_ms), Some(download_kbps), Some(upload_kbps)] => {
                let custom = CustomNetwork {
                    latency_ms: *latency_ms,
                    download_kbps: *download_kbps,
                    upload_kbps: *upload_kbps,
                };
                custom.conditions().map(|_| NetworkSetting::Custom(custom))
            }
            _ => Err(CdtError::validation(format!(
                "--network {text:?} is neither a preset nor LATENCY_MS/DOWN_KBPS/UP_KBPS"
            ))
            .hinted("Use one of: offline, slow-3g, fast-3g, slow-4g, fast-4g")
            .hinted("Or custom numbers, e.g. --network 300/1600/750")),
        }
    }
}

impl CustomNetwork {
    pub fn conditions(&self) -> Result<NetworkConditions, CdtError> {
        let finite = [self.latency_ms, self.download_kbps, self.upload_kbps]
            .iter()
            .all(|n| n.is_finite() && *n >= 0.0);
        if !finite || self.latency_ms > 60_000.0 {
            return Err(CdtError::validation(
                "custom network numbers must be ≥ 0 (latency at most 60000 ms)",
            )
            .hinted("Use e.g. --network 300/1600/750 (latency ms / down kbit/s / up kbit/s)"));
        }
        Ok(NetworkConditions {
            preset: None,
            offline: false,
            latency_ms: self.latency_ms,
            download_kbps: self.download_kbps,
            upload_kbps: self.upload_kbps,
        })
    }
}

impl NetworkSetting {
    pub fn conditions(&self) -> Result<NetworkConditions, CdtError> {
        match self {
            NetworkSetting::Preset(preset) => Ok(preset.conditions()),
            NetworkSetting::Custom(custom) => custom.conditions(),
        }
    }
}

/// `prefers-color-scheme`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum ColorScheme {
    Dark,
    Light,
}

impl ColorScheme {
    pub fn as_str(self) -> &'static str {
        match self {
            ColorScheme::Dark => "dark",
            ColorScheme::Light => "light",
        }
    }
}

/// A position: `LAT,LON` on the command line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Geolocation {
    /// Degrees, −90 to 90.
    pub latitude: f64,
    /// Degrees, −180 to 180.
    pub longitude: f64,
    /// Metres (default 1).
    #[serde(default = "one")]
    pub accuracy: f64,
}

impl FromStr for Geolocation {
    type Err = CdtError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let numbers: Vec<Option<f64>> = text.split(',').map(|n| n.trim().parse().ok()).collect();
        let geolocation = match numbers.as_slice() {
            [Some(latitude), Some(longitude)] => Geolocation {
                latitude: *latitude,
                longitude: *longitude,
                accuracy: 1.0,
            },
            [Some(latitude), Some(longitude), Some(accuracy)] => Geolocation {
                latitude: *latitude,
                longitude: *longitude,
                accuracy: *accuracy,
            },
            _ => {
                return Err(
                    CdtError::validation(format!("--geolocation {text:?} is not LAT,LON"))
                        .hinted("Use e.g. --geolocation 48.8566,2.3522"),
                );
            }
        };
        geolocation.validate().map(|()| geolocation)
    }
}

impl Geolocation {
    pub fn validate(&self) -> Result<(), CdtError> {
        if (-90.0..=90.0).contains(&self.latitude)
            && (-180.0..=180.0).contains(&self.longitude)
            && self.accuracy.is_finite()
            && self.accuracy >= 0.0
        {
            Ok(())
        } else {
            Err(
                CdtError::validation("latitude must be −90…90, longitude −180…180, accuracy ≥ 0")
                    .hinted("Use e.g. --geolocation 48.8566,2.3522"),
            )
        }
    }
}

/// One kind of emulation, to clear selectively.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum EmulationField {
    Viewport,
    UserAgent,
    Network,
    Cpu,
    Geolocation,
    ColorScheme,
    Timezone,
    Locale,
    Headers,
}

impl EmulationField {
    pub const ALL: [EmulationField; 9] = [
        EmulationField::Viewport,
        EmulationField::UserAgent,
        EmulationField::Network,
        EmulationField::Cpu,
        EmulationField::Geolocation,
        EmulationField::ColorScheme,
        EmulationField::Timezone,
        EmulationField::Locale,
        EmulationField::Headers,
    ];
}

/// The emulated settings, declared once for both of their uses: what a request asks for
/// (`emulation set`, the network named as a [`NetworkSetting`]: a preset or numbers) and what
/// is in effect ([`EmulationSettings`], the network resolved to [`NetworkConditions`]).
/// `None` (absent) means "as the browser is" in effect, and "leave as it is" in a request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(
    rename_all = "camelCase",
    deny_unknown_fields,
    bound(deserialize = "Network: Deserialize<'de>")
)]
pub struct Emulation<Network> {
    /// Device viewport (`--viewport 390x844x3,mobile,touch`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub viewport: Option<Viewport>,
    /// The `User-Agent` header and `navigator.userAgent`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_agent: Option<String>,
    /// A preset (`offline`, `slow-3g`, `fast-3g`, `slow-4g`, `fast-4g`) or custom numbers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network: Option<Network>,
    /// CPU slowdown factor, 1 (none) to 20.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu: Option<f64>,
    /// What `navigator.geolocation` reports (permission is granted to every origin).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub geolocation: Option<Geolocation>,
    /// `prefers-color-scheme`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color_scheme: Option<ColorScheme>,
    /// IANA timezone id, e.g. `Asia/Tokyo`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timezone: Option<String>,
    /// BCP 47 locale, e.g. `de-DE` (Intl, `navigator.language`, `Accept-Language`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locale: Option<String>,
    /// Extra HTTP headers sent with every request (replaces the previous set).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub headers: Option<BTreeMap<String, String>>,
}

impl<Network> Default for Emulation<Network> {
    fn default() -> Self {
        Emulation {
            viewport: None,
            user_agent: None,
            network: None,
            cpu: None,
            geolocation: None,
            color_scheme: None,
            timezone: None,
            locale: None,
            headers: None,
        }
    }
}

/// What is emulated now.
pub type EmulationSettings = Emulation<NetworkConditions>;

/// Largest factor by which default budgets grow under throttling.
pub const MAX_BUDGET_SCALE: f64 = 10.0;

impl EmulationSettings {
    pub fn is_empty(&self) -> bool {
        *self == EmulationSettings::default()
    }

    /// Which kinds are set.
    pub fn fields(&self) -> Vec<EmulationField> {
        EmulationField::ALL
            .into_iter()
            .filter(|field| self.has(*field))
            .collect()
    }

    pub fn has(&self, field: EmulationField) -> bool {
        match field {
            EmulationField::Viewport => self.viewport.is_some(),
            EmulationField::UserAgent => self.user_agent.is_some(),
            EmulationField::Network => self.network.is_some(),
            EmulationField::Cpu => self.cpu.is_some(),
            EmulationField::Geolocation => self.geolocation.is_some(),
            EmulationField::ColorScheme => self.color_scheme.is_some(),
            EmulationField::Timezone => self.timezone.is_some(),
            EmulationField::Locale => self.locale.is_some(),
            EmulationField::Headers => self.headers.is_some(),
        }
    }

    pub fn clear(&mut self, field: EmulationField) {
        match field {
            EmulationField::Viewport => self.viewport = None,
            EmulationField::UserAgent => self.user_agent = None,
            EmulationField::Network => self.network = None,
            EmulationField::Cpu => self.cpu = None,
            EmulationField::Geolocation => self.geolocation = None,
            EmulationField::ColorScheme => self.color_scheme = None,
            EmulationField::Timezone => self.timezone = None,
            EmulationField::Locale => self.locale = None,
            EmulationField::Headers => self.headers = None,
        }
    }

    /// The factor by which default budgets grow (documented in `docs/emulation.md`):
    /// `min(10, cpuPart × networkPart)` with `cpuPart = max(1, cpu / 2)` and
    /// `networkPart = min(5, 1 + latencyMs / 500 + 1000 / downloadKbps)` (the last term only
    /// when the download is throttled; offline counts as 1: nothing would arrive anyway).
    pub fn budget_scale(&self) -> f64 {
        let cpu_part = self.cpu.map_or(1.0, |rate| (rate / 2.0).max(1.0));
        let network_part = match &self.network {
            Some(network) if !network.offline => {
                let throughput = if network.download_kbps > 0.0 {
                    1000.0 / network.download_kbps
                } else {
                    0.0
                };
                (1.0 + network.latency_ms / 500.0 + throughput).min(5.0)
            }
            _ => 1.0,
        };
        (cpu_part * network_part).clamp(1.0, MAX_BUDGET_SCALE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn viewports_parse_with_flags_and_refuse_nonsense() {
        let v: Viewport = "390x844x3,mobile,touch".parse().unwrap_or(Viewport {
            width: 0,
            height: 0,
            device_scale_factor: 0.0,
            mobile: false,
            touch: false,
            landscape: false,
        });
        assert_eq!((v.width, v.height, v.device_scale_factor), (390, 844, 3.0));
        assert!(v.mobile && v.touch && !v.landscape);
        assert!("1280x800".parse::<Viewport>().is_ok());
        for bad in ["1280", "12x8", "800x600x99", "800x600,tablet", "axb"] {
            assert!(bad.parse::<Viewport>().is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn network_presets_and_custom_numbers() {
        let slow: NetworkSetting = "slow-3g"
            .parse()
            .unwrap_or(NetworkSetting::Preset(NetworkPreset::Offline));
        let conditions = slow.conditions().ok();
        assert_eq!(conditions.as_ref().map(|c| c.latency_ms), Some(2000.0));
        assert_eq!(conditions.map(|c| c.download_kbps.round()), Some(400.0));
        assert!(matches!(
            "300/1600/750".parse::<NetworkSetting>(),
            Ok(NetworkSetting::Custom(_))
        ));
        assert!("3g".parse::<NetworkSetting>().is_err());
        assert!("-1/2/3".parse::<NetworkSetting>().is_err());
        let json = serde_json::to_string(&NetworkSetting::Preset(NetworkPreset::Fast4g))
            .unwrap_or_default();
        assert_eq!(json, "\"fast-4g\"");
    }

    #[test]
    fn geolocation_parses_and_checks_ranges() {
        assert!("48.85,2.35".parse::<Geolocation>().is_ok());
        assert!("95,2".parse::<Geolocation>().is_err());
        assert!("north".parse::<Geolocation>().is_err());
    }

    #[test]
    fn budgets_scale_with_throttling_within_bounds() {
        let mut settings = EmulationSettings::default();
        assert_eq!(settings.budget_scale(), 1.0);
        settings.cpu = Some(4.0);
        assert_eq!(settings.budget_scale(), 2.0);
        settings.network = Some(NetworkPreset::Slow3g.conditions());
        assert_eq!(settings.budget_scale(), 10.0);
        settings.cpu = None;
        assert_eq!(settings.budget_scale(), 5.0);
        settings.network = Some(NetworkPreset::Offline.conditions());
        assert_eq!(settings.budget_scale(), 1.0);
        settings.network = Some(NetworkPreset::Fast4g.conditions());
        let fast = settings.budget_scale();
        assert!(fast > 1.0 && fast < 2.0, "{fast}");
    }
}
