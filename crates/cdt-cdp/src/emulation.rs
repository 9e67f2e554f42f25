//! Emulation and init scripts on every target of a browser.
//!
//! Per-target settings live on the telemetry collector's session of each target (one session
//! per target, so single-owner overrides such as the timezone never clash): [`TargetSetup`]
//! holds what is in effect, hands the collector the steps a new page, iframe or worker needs
//! before it runs, and [`CdpBrowser::apply_emulation`] sends the difference to every target
//! that already exists. Out-of-process iframes get their own copy where CDP keeps the setting
//! per target (network, headers, CPU, media, timezone, locale, geolocation, user agent).
//!
//! This module never decides what is emulated (that is the application's job); it only turns
//! settings into protocol commands.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use cdt_domain::emulation::{EmulationSettings, NetworkConditions};
use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};
use tokio::sync::Notify;

use crate::browser::{CdpBrowser, str_field};

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// One command to send on a target's session while setting it up.
pub struct Step {
    pub method: &'static str,
    pub params: Value,
    /// For `Page.addScriptToEvaluateOnNewDocument`: the (page, script) it installs, so the
    /// identifier in the reply can be recorded for removal.
    pub script: Option<(String, u64)>,
}

impl Step {
    fn new(method: &'static str, params: Value) -> Step {
        Step {
            method,
            params,
            script: None,
        }
    }
}

/// An init script installed on one session.
struct Applied {
    page: String,
    script: u64,
    session: String,
    identifier: String,
}

/// What every new target must be given before it runs, and what was given to which session.
#[derive(Default)]
pub struct TargetSetup {
    emulation: Mutex<EmulationSettings>,
    /// The browser's own user agent (needed to change only the language).
    default_user_agent: Mutex<String>,
    /// Init scripts by page target.
    scripts: Mutex<HashMap<String, Vec<(u64, String)>>>,
    applied: Mutex<Vec<Applied>>,
    next_script: AtomicU64,
    /// Targets whose set-up steps have all been answered.
    ready: Mutex<HashSet<String>>,
    changed: Notify,
}

fn is_frame(target_type: &str) -> bool {
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

impl TargetSetup {
    pub fn emulation(&self) -> EmulationSettings {
        lock(&self.emulation).clone()
    }

    pub fn set_default_user_agent(&self, agent: &str) {
        *lock(&self.default_user_agent) = agent.to_string();
    }

    /// What a target that was just attached needs before it may run.
    pub fn steps_for_new_target(&self, target_type: &str, page_target_id: &str) -> Vec<Step> {
        let agent = lock(&self.default_user_agent).clone();
        let mut steps = emulation_steps(
            &EmulationSettings::default(),
            &lock(&self.emulation),
            target_type,
            &agent,
        );
        if is_frame(target_type) {
            for (script, source) in lock(&self.scripts)
                .get(page_target_id)
                .into_iter()
                .flatten()
            {
                steps.push(Step {
                    method: "Page.addScriptToEvaluateOnNewDocument",
                    params: json!({ "source": source }),
                    script: Some((page_target_id.to_string(), *script)),
                });
            }
        }
        steps
    }

    /// Records the identifier Chromium gave an init script on a session.
    pub fn note_script(&self, (page, script): (String, u64), session: &str, reply: &Value) {
        let identifier = str_field(reply, "identifier").to_string();
        if identifier.is_empty() {
            return;
        }
        let still_wanted = lock(&self.scripts)
            .get(&page)
            .is_some_and(|scripts| scripts.iter().any(|(s, _)| *s == script));
        if still_wanted {
            lock(&self.applied).push(Applied {
                page,
                script,
                session: session.to_string(),
                identifier,
            });
        }
    }

    /// Marks a target's set-up as answered.
    pub fn mark_ready(&self, target_id: &str) {
        lock(&self.ready).insert(target_id.to_string());
        self.changed.notify_waiters();
    }

    /// Waits (at most `limit`) until a target's set-up steps were answered.
    pub async fn wait_ready(&self, target_id: &str, limit: Duration) {
        let wait = async {
            loop {
                let changed = self.changed.notified();
                tokio::pin!(changed);
                changed.as_mut().enable();
                if lock(&self.ready).contains(target_id) {
                    return;
                }
                changed.await;
            }
        };
        let _ = tokio::time::timeout(limit, wait).await;
    }
}

/// Maps a refusal of the browser to a validation error naming the setting.
fn refused(error: CdtError, method: &str) -> CdtError {
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

impl CdpBrowser {
    /// Sessions of the collector with their target type and page, for targets that may carry
    /// per-target settings.
    fn setup_sessions(&self) -> Vec<(String, String, String)> {
        self.page_state
            .observed
            .lock()
            .map(|observed| {
                observed
                    .iter()
                    .map(|(session, o)| {
                        (
                            session.clone(),
                            o.target_type.clone(),
                            o.page_target_id.clone(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Sends `old → new` to every target; `Err` if a page refused a setting.
    async fn send_emulation(
        &self,
        old: &EmulationSettings,
        new: &EmulationSettings,
    ) -> Result<(), CdtError> {
        let agent = lock(&self.setup.default_user_agent).clone();
        let mut calls = Vec::new();
        for (session, target_type, _) in self.setup_sessions() {
            for step in emulation_steps(old, new, &target_type, &agent) {
                let (connection, session, target_type) = (
                    self.connection.clone(),
                    session.clone(),
                    target_type.clone(),
                );
                calls.push(async move {
                    let result = connection
                        .call(step.method, step.params, Some(&session))
                        .await;
                    (target_type, step.method, result)
                });
            }
        }
        let mut first_error = None;
        for (target_type, method, result) in futures_util::future::join_all(calls).await {
            match result {
                // Iframes and workers lack some domains; only a page's refusal matters.
                Err(error) if target_type == "page" && error.code == ErrorCode::ProtocolError => {
                    first_error.get_or_insert(refused(error, method));
                }
                Err(error) if error.code != ErrorCode::ProtocolError => {
                    first_error.get_or_insert(error);
                }
                _ => {}
            }
        }
        if old.geolocation.is_none() && new.geolocation.is_some() {
            self.connection
                .call(
                    "Browser.grantPermissions",
                    json!({ "permissions": ["geolocation"] }),
                    None,
                )
                .await?;
        } else if old.geolocation.is_some() && new.geolocation.is_none() {
            self.connection
                .call("Browser.resetPermissions", json!({}), None)
                .await?;
        }
        first_error.map_or(Ok(()), Err)
    }

    /// Makes `new` the emulation of every target; on a refusal the previous settings are put
    /// back everywhere and the refusal returned.
    pub(crate) async fn apply_emulation(&self, new: &EmulationSettings) -> Result<(), CdtError> {
        let old = std::mem::replace(&mut *lock(&self.setup.emulation), new.clone());
        if let Err(error) = self.send_emulation(&old, new).await {
            *lock(&self.setup.emulation) = old.clone();
            let _ = self.send_emulation(new, &old).await;
            return Err(error);
        }
        Ok(())
    }

    /// Installs an init script on the page and its out-of-process iframes (and on iframes
    /// that appear later); returns its handle.
    pub(crate) async fn install_init_script(
        &self,
        page: &str,
        source: &str,
    ) -> Result<u64, CdtError> {
        let script = self.setup.next_script.fetch_add(1, Ordering::SeqCst) + 1;
        lock(&self.setup.scripts)
            .entry(page.to_string())
            .or_default()
            .push((script, source.to_string()));
        let frame_sessions = || -> Vec<String> {
            self.setup_sessions()
                .into_iter()
                .filter(|(_, target_type, of)| of == page && is_frame(target_type))
                .map(|(session, _, _)| session)
                .collect()
        };
        let mut sessions = frame_sessions();
        if sessions.is_empty() {
            // A page created a moment ago may not be observed yet.
            self.setup.wait_ready(page, Duration::from_secs(2)).await;
            sessions = frame_sessions();
        }
        if sessions.is_empty() {
            return Err(CdtError::new(
                ErrorCode::CdpDisconnected,
                "the page is not observed yet; its init script cannot be installed",
            )
            .hinted("Retry: cdt page navigate <url> --init-script <file>"));
        }
        for session in sessions {
            let reply = self
                .connection
                .call(
                    "Page.addScriptToEvaluateOnNewDocument",
                    json!({ "source": source }),
                    Some(&session),
                )
                .await?;
            self.setup
                .note_script((page.to_string(), script), &session, &reply);
        }
        Ok(script)
    }

    pub(crate) async fn uninstall_init_script(
        &self,
        page: &str,
        script: u64,
    ) -> Result<(), CdtError> {
        if let Some(scripts) = lock(&self.setup.scripts).get_mut(page) {
            scripts.retain(|(s, _)| *s != script);
        }
        let removed: Vec<Applied> = {
            let mut applied = lock(&self.setup.applied);
            let (gone, kept) = std::mem::take(&mut *applied)
                .into_iter()
                .partition(|a| a.page == page && a.script == script);
            *applied = kept;
            gone
        };
        for applied in removed {
            // A session whose iframe went away has nothing left to remove.
            let _ = self
                .connection
                .call(
                    "Page.removeScriptToEvaluateOnNewDocument",
                    json!({ "identifier": applied.identifier }),
                    Some(&applied.session),
                )
                .await;
        }
        Ok(())
    }
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
