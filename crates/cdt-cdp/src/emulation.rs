//! Emulation settings turned into protocol commands: which commands take a target of a given
//! type from one set of settings to another, and how a refusal reads. Pure, so it is tested
//! without a browser; [`crate::target_setup`] sends the commands.
//!
//! This module never decides what is emulated (that is the application's job); it only turns
//! settings into protocol commands.

use cdt_domain::CdtError;
use cdt_domain::emulation::{EmulationSettings, NetworkConditions};
use serde_json::{Value, json};

/// One command to send on a target's session while setting it up.
pub struct Step {
    pub method: &'static str,
    pub params: Value,
    /// For `Page.addScriptToEvaluateOnNewDocument`: the (page, script) it installs, so the
    /// identifier in the reply can be recorded for removal.
    pub script: Option<(String, u64)>,
}

impl Step {
    pub fn new(method: &'static str, params: Value) -> Step {
        Step {
            method,
            params,
            script: None,
        }
    }
}

pub(crate) fn is_frame(target_type: &str) -> bool {
    matches!(target_type, "page" | "iframe")
}

fn is_worker(target_type: &str) -> bool {
    matches!(target_type, "worker" | "shared_worker" | "service_worker")
}

fn network_params(network: Option<&NetworkConditions>) -> Value {
    let bytes_per_second = |kbps: f64| {
        if kbps > 0.0 {
            kbps * 1000.0 / 8.0
        } else {
            -1.0
        }
    };
    match network {
        Some(network) => json!({
            "offline": network.offline,
            "latency": network.latency_ms,
            "downloadThroughput": bytes_per_second(network.download_kbps),
            "uploadThroughput": bytes_per_second(network.upload_kbps),
        }),
        None => json!({
            "offline": false, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1
        }),
    }
}

/// The commands that take a target of `target_type` from emulating `old` to emulating `new`
/// (only the kinds that differ). Pure, so it is tested without a browser.
pub fn emulation_steps(
    old: &EmulationSettings,
    new: &EmulationSettings,
    target_type: &str,
    default_user_agent: &str,
) -> Vec<Step> {
    let mut steps = Vec::new();
    let frame = is_frame(target_type);
    if target_type == "page" && old.viewport != new.viewport {
        match &new.viewport {
            Some(v) => {
                let orientation = if v.landscape {
                    json!({ "type": "landscapePrimary", "angle": 90 })
                } else {
                    json!({ "type": "portraitPrimary", "angle": 0 })
                };
                steps.push(Step::new(
                    "Emulation.setDeviceMetricsOverride",
                    json!({
                        "width": v.width, "height": v.height,
                        "deviceScaleFactor": v.device_scale_factor, "mobile": v.mobile,
                        "screenWidth": v.width, "screenHeight": v.height,
                        "screenOrientation": orientation,
                    }),
                ));
            }
            None => steps.push(Step::new("Emulation.clearDeviceMetricsOverride", json!({}))),
        }
    }
    let touch = |s: &EmulationSettings| s.viewport.as_ref().is_some_and(|v| v.touch);
    if frame && touch(old) != touch(new) {
        let params = if touch(new) {
            json!({ "enabled": true, "maxTouchPoints": 5 })
        } else {
            json!({ "enabled": false })
        };
        steps.push(Step::new("Emulation.setTouchEmulationEnabled", params));
    }
    if frame && (old.user_agent != new.user_agent || old.locale != new.locale) {
        let params = match (&new.user_agent, &new.locale) {
            (None, None) => json!({ "userAgent": "" }),
            (agent, locale) => {
                let mut params = json!({
                    "userAgent": agent.as_deref().unwrap_or(default_user_agent)
                });
                if let Some(locale) = locale {
                    params["acceptLanguage"] = json!(locale);
                }
                params
            }
        };
        steps.push(Step::new("Emulation.setUserAgentOverride", params));
    }
    if frame && old.locale != new.locale {
        let params = match &new.locale {
            Some(locale) => json!({ "locale": locale }),
            None => json!({}),
        };
        steps.push(Step::new("Emulation.setLocaleOverride", params));
    }
    if (frame || is_worker(target_type)) && old.network != new.network {
        steps.push(Step::new(
            "Network.emulateNetworkConditions",
            network_params(new.network.as_ref()),
        ));
    }
    if (frame || is_worker(target_type)) && old.headers != new.headers {
        let headers = new.headers.clone().unwrap_or_default();
        steps.push(Step::new(
            "Network.setExtraHTTPHeaders",
            json!({ "headers": headers }),
        ));
    }
    if frame && old.cpu != new.cpu {
        steps.push(Step::new(
            "Emulation.setCPUThrottlingRate",
            json!({ "rate": new.cpu.unwrap_or(1.0) }),
        ));
    }
    if frame && old.geolocation != new.geolocation {
        match &new.geolocation {
            Some(g) => steps.push(Step::new(
                "Emulation.setGeolocationOverride",
                json!({ "latitude": g.latitude, "longitude": g.longitude, "accuracy": g.accuracy }),
            )),
            None => steps.push(Step::new("Emulation.clearGeolocationOverride", json!({}))),
        }
    }
    if frame && old.color_scheme != new.color_scheme {
        let value = new.color_scheme.map(|c| c.as_str()).unwrap_or("");
        steps.push(Step::new(
            "Emulation.setEmulatedMedia",
            json!({ "features": [{ "name": "prefers-color-scheme", "value": value }] }),
        ));
    }
    if frame && old.timezone != new.timezone {
        steps.push(Step::new(
            "Emulation.setTimezoneOverride",
            json!({ "timezoneId": new.timezone.clone().unwrap_or_default() }),
        ));
    }
    steps
}

/// Maps a refusal of the browser to a validation error naming the setting.
pub(crate) fn refused(error: CdtError, method: &str) -> CdtError {
    let message = error.details["cdpMessage"]
        .as_str()
        .unwrap_or("")
        .to_string();
    let (what, hint) = match method {
        "Emulation.setTimezoneOverride" => (
            "timezone",
            "Use an IANA timezone id, e.g. --timezone Europe/Berlin",
        ),
        "Emulation.setLocaleOverride" => ("locale", "Use a BCP 47 locale, e.g. --locale de-DE"),
        "Network.setExtraHTTPHeaders" => (
            "headers",
            "Use header names and values without newlines, e.g. --headers '{\"X-Test\":\"1\"}'",
        ),
        "Emulation.setUserAgentOverride" => ("user agent", "Use e.g. --user-agent 'MyBot/1.0'"),
        _ => return error,
    };
    CdtError::validation(format!("the browser refused the {what}: {message}"))
        .with_details(json!({ "method": method, "cdpMessage": message }))
        .hinted(hint)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cdt_domain::emulation::{ColorScheme, NetworkPreset, Viewport};

    fn methods(steps: &[Step]) -> Vec<&str> {
        steps.iter().map(|s| s.method).collect()
    }

    #[test]
    fn only_changed_kinds_are_sent_and_cleared() {
        let old = EmulationSettings::default();
        let mut new = EmulationSettings {
            color_scheme: Some(ColorScheme::Dark),
            network: Some(NetworkPreset::Slow3g.conditions()),
            ..Default::default()
        };
        let steps = emulation_steps(&old, &new, "page", "UA");
        assert_eq!(
            methods(&steps),
            [
                "Network.emulateNetworkConditions",
                "Emulation.setEmulatedMedia"
            ]
        );
        assert_eq!(steps[0].params["latency"], 2000.0);
        assert_eq!(steps[0].params["downloadThroughput"], 50_000.0);
        let cleared = emulation_steps(&new, &old, "page", "UA");
        assert_eq!(cleared[0].params["downloadThroughput"], -1);
        assert_eq!(cleared[1].params["features"][0]["value"], "");
        new.locale = Some("de-DE".into());
        let steps = emulation_steps(&old, &new, "worker", "UA");
        assert_eq!(methods(&steps), ["Network.emulateNetworkConditions"]);
    }

    #[test]
    fn viewport_is_top_level_only_and_locale_keeps_the_browser_agent() {
        let new = EmulationSettings {
            viewport: Some(Viewport {
                width: 390,
                height: 844,
                device_scale_factor: 3.0,
                mobile: true,
                touch: true,
                landscape: false,
            }),
            locale: Some("fr-FR".into()),
            ..Default::default()
        };
        let old = EmulationSettings::default();
        let page = emulation_steps(&old, &new, "page", "Chrome/1");
        assert_eq!(
            methods(&page),
            [
                "Emulation.setDeviceMetricsOverride",
                "Emulation.setTouchEmulationEnabled",
                "Emulation.setUserAgentOverride",
                "Emulation.setLocaleOverride"
            ]
        );
        assert_eq!(page[2].params["userAgent"], "Chrome/1");
        assert_eq!(page[2].params["acceptLanguage"], "fr-FR");
        let iframe = emulation_steps(&old, &new, "iframe", "Chrome/1");
        assert!(!methods(&iframe).contains(&"Emulation.setDeviceMetricsOverride"));
    }
}
