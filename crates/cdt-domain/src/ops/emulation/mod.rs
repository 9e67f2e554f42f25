//! Parameters of `emulation set|reset` (SPEC §6.8).

use crate::emulation::{Emulation, EmulationField, NetworkSetting};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ops::NoParams;

resource_operations! { $ emulation_operations(emulation);
    EmulationSet = set,
    EmulationReset = reset,
    EmulationShow = show,
}

/// `emulation set`: only the settings given change; the others stay as they are.
pub type EmulationSetParams = Emulation<NetworkSetting>;

/// The flags several `emulation` commands share.
#[cfg(feature = "cli")]
pub(crate) mod args {
    use std::collections::BTreeMap;

    use crate::emulation::{EmulationField, Geolocation, NetworkSetting, Viewport};
    use serde_json::Value;

    pub(crate) fn viewport(text: &str) -> Result<Viewport, String> {
        text.parse().map_err(|e: crate::CdtError| e.message)
    }

    pub(crate) fn network(text: &str) -> Result<NetworkSetting, String> {
        text.parse()
            .map_err(|e: crate::CdtError| format!("{} (e.g. slow-3g, or 300/1600/750)", e.message))
    }

    pub(crate) fn geolocation(text: &str) -> Result<Geolocation, String> {
        text.parse()
            .map_err(|e: crate::CdtError| format!("{} (e.g. 48.8566,2.3522)", e.message))
    }

    pub(crate) fn headers(text: &str) -> Result<BTreeMap<String, String>, String> {
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

    pub(crate) fn field(text: &str) -> Result<EmulationField, String> {
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
}

/// `emulation set|reset|show`'s reply (and `network offline`'s).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmulationReply {
    /// Every setting in effect now.
    pub emulation: crate::emulation::EmulationSettings,
    /// The kinds set.
    pub active: Vec<EmulationField>,
    /// The kinds this command changed.
    pub changed: Vec<EmulationField>,
    /// The factor by which default budgets grow under this throttling.
    pub budget_scale: f64,
    /// `network offline`: whether the network is now offline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offline: Option<bool>,
}
