//! Emulation and init scripts on every target of a browser.
//!
//! Per-target settings live on the telemetry collector's session of each target (one session
//! per target, so single-owner overrides such as the timezone never clash): [`TargetSetup`]
//! holds what is in effect, hands the collector the steps a new page, iframe or worker needs
//! before it runs, and [`TargetSetup::apply_emulation`] sends the difference to every target
//! that already exists. Out-of-process iframes get their own copy where CDP keeps the setting
//! per target (network, headers, CPU, media, timezone, locale, geolocation, user agent).
//!
//! This module never decides what is emulated (that is the application's job).

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use cdt_domain::emulation::EmulationSettings;
use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};
use tokio::sync::Notify;

use crate::emulation::{Step, emulation_steps, is_frame, refused};
use crate::intercept::Interception;
use crate::observed::Observed;
use crate::support::{lock, str_field};
use crate::transport::CdpConnection;

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
    /// Request interception: every target pauses its requests while an interceptor is set.
    pub interception: Interception,
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
        if let Some((method, params)) = self.interception.enable_step(target_type) {
            steps.push(Step::new(method, params));
        }
        if target_type == "page" {
            steps.push(Step::new(
                "Page.addScriptToEvaluateOnNewDocument",
                crate::world::probe_on_new_document(),
            ));
        }
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

    /// Sessions of the collector with their target type and page, for targets that may carry
    /// per-target settings.
    fn sessions(observed: &Mutex<HashMap<String, Observed>>) -> Vec<(String, String, String)> {
        observed
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
        connection: &CdpConnection,
        observed: &Mutex<HashMap<String, Observed>>,
        old: &EmulationSettings,
        new: &EmulationSettings,
    ) -> Result<(), CdtError> {
        let agent = lock(&self.default_user_agent).clone();
        let mut calls = Vec::new();
        for (session, target_type, _) in Self::sessions(observed) {
            for step in emulation_steps(old, new, &target_type, &agent) {
                let (connection, session, target_type) =
                    (connection.clone(), session.clone(), target_type.clone());
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
                // A frame's or a worker's navigation under the setting is theirs; a page's is
                // told as itself (retryable), not as a refusal.
                Err(error)
                    if error.code != ErrorCode::ProtocolError
                        && (target_type == "page"
                            || error.code != ErrorCode::NavigationInterrupted) =>
                {
                    first_error.get_or_insert(error);
                }
                _ => {}
            }
        }
        if old.geolocation.is_none() && new.geolocation.is_some() {
            connection
                .call(
                    "Browser.grantPermissions",
                    json!({ "permissions": ["geolocation"] }),
                    None,
                )
                .await?;
        } else if old.geolocation.is_some() && new.geolocation.is_none() {
            connection
                .call("Browser.resetPermissions", json!({}), None)
                .await?;
        }
        first_error.map_or(Ok(()), Err)
    }

    /// Makes `new` the emulation of every target; on a refusal the previous settings are put
    /// back everywhere and the refusal returned.
    pub(crate) async fn apply_emulation(
        &self,
        connection: &CdpConnection,
        observed: &Mutex<HashMap<String, Observed>>,
        new: &EmulationSettings,
    ) -> Result<(), CdtError> {
        let old = std::mem::replace(&mut *lock(&self.emulation), new.clone());
        if let Err(error) = self.send_emulation(connection, observed, &old, new).await {
            *lock(&self.emulation) = old.clone();
            let _ = self.send_emulation(connection, observed, new, &old).await;
            return Err(error);
        }
        Ok(())
    }

    /// Installs an init script on the page and its out-of-process iframes (and on iframes
    /// that appear later); returns its handle.
    pub(crate) async fn install_init_script(
        &self,
        connection: &CdpConnection,
        observed: &Mutex<HashMap<String, Observed>>,
        page: &str,
        source: &str,
    ) -> Result<u64, CdtError> {
        let script = self.next_script.fetch_add(1, Ordering::SeqCst) + 1;
        lock(&self.scripts)
            .entry(page.to_string())
            .or_default()
            .push((script, source.to_string()));
        let frame_sessions = || -> Vec<String> {
            Self::sessions(observed)
                .into_iter()
                .filter(|(_, target_type, of)| of == page && is_frame(target_type))
                .map(|(session, _, _)| session)
                .collect()
        };
        let mut sessions = frame_sessions();
        if sessions.is_empty() {
            // A page created a moment ago may not be observed yet.
            self.wait_ready(page, Duration::from_secs(2)).await;
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
            let reply = connection
                .call(
                    "Page.addScriptToEvaluateOnNewDocument",
                    json!({ "source": source }),
                    Some(&session),
                )
                .await?;
            self.note_script((page.to_string(), script), &session, &reply);
        }
        Ok(script)
    }

    pub(crate) async fn uninstall_init_script(
        &self,
        connection: &CdpConnection,
        page: &str,
        script: u64,
    ) -> Result<(), CdtError> {
        if let Some(scripts) = lock(&self.scripts).get_mut(page) {
            scripts.retain(|(s, _)| *s != script);
        }
        let removed: Vec<Applied> = {
            let mut applied = lock(&self.applied);
            let (gone, kept) = std::mem::take(&mut *applied)
                .into_iter()
                .partition(|a| a.page == page && a.script == script);
            *applied = kept;
            gone
        };
        for applied in removed {
            // A session whose iframe went away has nothing left to remove.
            let _ = connection
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
