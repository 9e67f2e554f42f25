//! Emulation use cases (SPEC §6.8): `set` merges the named settings into what is active (the
//! others stay), `reset` clears all or some, `show` reports them; `network offline on|off` is
//! the network setting by another name. The browser adapter applies
//! the result to every page, iframe and worker of the context, now and later.
//!
//! Also the budget rule: a command run with its default budget gets it stretched by
//! [`EmulationSettings::budget_scale`] while throttling is on.

use std::sync::Arc;

use cdt_domain::CdtError;
use cdt_domain::emulation::{EmulationField, EmulationSettings, NetworkPreset, NetworkSetting};
use cdt_domain::ops::{EmulationReply, EmulationResetParams, EmulationSetParams};
use cdt_domain::ports::BrowserPort;

use tokio::time::Instant;

use crate::context::Scope;
use crate::dispatch::use_case;
use crate::slot::Slot;

use_case!(EmulationSet, |scope, params, until| set(
    scope, &params, until
)
.await);
use_case!(EmulationReset, |scope, params, until| reset(
    scope, &params, until
)
.await);
use_case!(EmulationShow, |scope, _, until| show(scope, until).await);
use_case!(NetworkOffline, |scope, params, until| offline(
    scope,
    params.offline,
    until
)
.await);

fn check_text(what: &str, value: &str, example: &str) -> Result<(), CdtError> {
    if value.trim().is_empty() || value.contains(['\r', '\n', '\0']) {
        return Err(
            CdtError::validation(format!("the {what} must be non-empty text on one line"))
                .hinted(format!("Use e.g. {example}")),
        );
    }
    Ok(())
}

fn is_header_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

/// Checks the parameters and merges them into `current`. Pure.
pub fn merge(
    current: &EmulationSettings,
    params: &EmulationSetParams,
) -> Result<EmulationSettings, CdtError> {
    if *params == EmulationSetParams::default() {
        return Err(CdtError::validation("name at least one setting to emulate")
            .hinted("Example: cdt emulation set --viewport 390x844x3,mobile,touch")
            .hinted("See what is active: cdt emulation show"));
    }
    let mut next = current.clone();
    if let Some(viewport) = &params.viewport {
        viewport.validate()?;
        next.viewport = Some(viewport.clone());
    }
    if let Some(agent) = &params.user_agent {
        check_text(
            "user agent",
            agent,
            "--user-agent 'Mozilla/5.0 (iPhone) cdt-test'",
        )?;
        next.user_agent = Some(agent.clone());
    }
    if let Some(network) = &params.network {
        next.network = Some(network.conditions()?);
    }
    if let Some(rate) = params.cpu {
        if !(1.0..=20.0).contains(&rate) {
            return Err(CdtError::validation(format!(
                "--cpu {rate} is outside 1–20 (1 = no slowdown)"
            ))
            .hinted("Use e.g. --cpu 4 (a mid-range phone)"));
        }
        next.cpu = (rate > 1.0).then_some(rate);
    }
    if let Some(geolocation) = &params.geolocation {
        geolocation.validate()?;
        next.geolocation = Some(geolocation.clone());
    }
    if let Some(scheme) = params.color_scheme {
        next.color_scheme = Some(scheme);
    }
    if let Some(timezone) = &params.timezone {
        check_text("timezone", timezone, "--timezone Asia/Tokyo")?;
        next.timezone = Some(timezone.clone());
    }
    if let Some(locale) = &params.locale {
        let shaped = locale.len() <= 35
            && locale.split(['-', '_']).all(|part| {
                !part.is_empty()
                    && part.len() <= 8
                    && part.bytes().all(|b| b.is_ascii_alphanumeric())
            });
        if !shaped {
            return Err(CdtError::validation(format!(
                "--locale {locale:?} is not a BCP 47 language tag"
            ))
            .hinted("Use e.g. --locale de-DE"));
        }
        next.locale = Some(locale.clone());
    }
    if let Some(headers) = &params.headers {
        for (name, value) in headers {
            if !is_header_name(name) || value.contains(['\r', '\n', '\0']) {
                return Err(CdtError::validation(format!(
                    "header {name:?} is not a valid HTTP header name/value"
                ))
                .hinted("Use e.g. --headers '{\"X-Test\":\"1\"}'"));
            }
        }
        next.headers = (!headers.is_empty()).then(|| headers.clone());
    }
    Ok(next)
}

fn report(settings: &EmulationSettings, changed: Vec<EmulationField>) -> EmulationReply {
    EmulationReply {
        emulation: settings.clone(),
        active: settings.fields(),
        changed,
        budget_scale: settings.budget_scale(),
        offline: None,
    }
}

async fn apply(
    slot: &Slot,
    browser: &Arc<dyn BrowserPort>,
    next: EmulationSettings,
) -> Result<EmulationReply, CdtError> {
    let current = browser.emulation();
    let changed: Vec<EmulationField> = EmulationField::ALL
        .into_iter()
        .filter(|field| {
            let (mut a, mut b) = (current.clone(), next.clone());
            // Two settings differ in `field` when clearing every other kind leaves them unequal.
            for other in EmulationField::ALL.into_iter().filter(|f| f != field) {
                a.clear(other);
                b.clear(other);
            }
            a != b
        })
        .collect();
    if !changed.is_empty() {
        crate::mutation::check_no_dialog(slot, browser.as_ref())?;
        browser.set_emulation(&next).await?;
    }
    Ok(report(&next, changed))
}

pub async fn set(
    scope: &Scope<'_>,
    params: &EmulationSetParams,
    until: Instant,
) -> Result<EmulationReply, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let _changing = slot.emulation_lock.lock().await;
    let browser = slot.live_browser()?;
    let next = merge(&browser.emulation(), params)?;
    apply(&slot, &browser, next).await
}

pub async fn reset(
    scope: &Scope<'_>,
    params: &EmulationResetParams,
    until: Instant,
) -> Result<EmulationReply, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let _changing = slot.emulation_lock.lock().await;
    let browser = slot.live_browser()?;
    let mut next = browser.emulation();
    if params.only.is_empty() {
        next = EmulationSettings::default();
    } else {
        for field in &params.only {
            next.clear(*field);
        }
    }
    apply(&slot, &browser, next).await
}

/// `network offline on|off`: the network emulation set to `offline`, or cleared.
pub async fn offline(
    scope: &Scope<'_>,
    offline: bool,
    until: Instant,
) -> Result<EmulationReply, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let _changing = slot.emulation_lock.lock().await;
    let browser = slot.live_browser()?;
    let mut next = browser.emulation();
    if offline {
        let params = EmulationSetParams {
            network: Some(NetworkSetting::Preset(NetworkPreset::Offline)),
            ..EmulationSetParams::default()
        };
        next = merge(&next, &params)?;
    } else {
        next.clear(EmulationField::Network);
    }
    let mut reply = apply(&slot, &browser, next).await?;
    reply.offline = Some(offline);
    Ok(reply)
}

pub async fn show(scope: &Scope<'_>, until: Instant) -> Result<EmulationReply, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let browser = slot.live_browser()?;
    Ok(report(&browser.emulation(), Vec::new()))
}

/// The factor by which a default budget grows for this caller's context (1 without a browser
/// or without throttling).
pub fn budget_scale(slot: Option<&Slot>) -> f64 {
    slot.and_then(Slot::browser)
        .map_or(1.0, |browser| browser.emulation().budget_scale())
}

#[cfg(test)]
mod tests {
    use super::*;
    use cdt_domain::ErrorCode;
    use cdt_domain::emulation::{ColorScheme, NetworkPreset, NetworkSetting};

    #[test]
    fn set_is_additive_and_checks_every_value() {
        let first = merge(
            &EmulationSettings::default(),
            &EmulationSetParams {
                color_scheme: Some(ColorScheme::Dark),
                ..Default::default()
            },
        )
        .unwrap_or_default();
        let second = merge(
            &first,
            &EmulationSetParams {
                network: Some(NetworkSetting::Preset(NetworkPreset::Slow3g)),
                cpu: Some(4.0),
                ..Default::default()
            },
        )
        .unwrap_or_default();
        assert_eq!(second.color_scheme, Some(ColorScheme::Dark));
        assert_eq!(second.cpu, Some(4.0));
        assert!(second.network.is_some());
        let bad = |params: EmulationSetParams| merge(&second, &params).err().map(|e| e.code);
        assert_eq!(
            bad(EmulationSetParams::default()),
            Some(ErrorCode::ValidationError)
        );
        assert_eq!(
            bad(EmulationSetParams {
                cpu: Some(25.0),
                ..Default::default()
            }),
            Some(ErrorCode::ValidationError)
        );
        assert_eq!(
            bad(EmulationSetParams {
                locale: Some("de DE".into()),
                ..Default::default()
            }),
            Some(ErrorCode::ValidationError)
        );
        let headers = [("Bad Name".to_string(), "x".to_string())]
            .into_iter()
            .collect();
        assert_eq!(
            bad(EmulationSetParams {
                headers: Some(headers),
                ..Default::default()
            }),
            Some(ErrorCode::ValidationError)
        );
        let cpu_off = merge(
            &second,
            &EmulationSetParams {
                cpu: Some(1.0),
                ..Default::default()
            },
        );
        assert_eq!(cpu_off.ok().and_then(|s| s.cpu), None);
    }
}
