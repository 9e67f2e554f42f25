//! Storage use cases (SPEC §6.10): cookies of the context, an origin's local or session
//! storage, and the state file that moves a logged-in state to another context.
//!
//! Cookie and storage values are secrets: they go into replies the caller asked for and into
//! the 0600 state file, never into logs or error messages.

use std::path::PathBuf;
use std::sync::Arc;

use cdt_domain::ops::op;
use cdt_domain::ops::{
    CookieClearParams, CookieListParams, CookieName, CookieSetParams, CookieSetReply,
    CookiesClearReply, CookiesListReply, OriginCounts, SameSite, StorageFileParams,
    StorageLoadReply, StorageSaveReply, WebClearReply, WebGetReply, WebItems, WebSetReply,
    WebStorageParams, WebValue,
};
use cdt_domain::ports::BrowserPort;
use cdt_domain::storage::{
    Cookie, OriginStorage, STORAGE_STATE_VERSION, StorageArea, StorageState, normalize_origin,
};
use cdt_domain::{CdtError, ErrorCode, Warning, WarningCode};
use tokio::time::Instant;

use crate::context::Scope;
use crate::context::resolve_page;
use crate::dispatch::use_case;

use_case!(StorageCookiesList, |scope, params, until| cookies_list(
    scope, &params, until
)
.await);
use_case!(StorageCookiesSet, |scope, params, until| cookies_set(
    scope, &params, until
)
.await);
use_case!(StorageCookiesClear, |scope, params, until| cookies_clear(
    scope, &params, until
)
.await);
use_case!(StorageLocalGet, |scope, params, until| web_get(
    scope,
    &params,
    StorageArea::Local,
    until
)
.await);
use_case!(StorageLocalSet, |scope, params, until| web_set(
    scope,
    &params,
    StorageArea::Local,
    until
)
.await);
use_case!(StorageLocalClear, |scope, params, until| web_clear(
    scope,
    &params,
    StorageArea::Local,
    until
)
.await);
use_case!(StorageSessionGet, |scope, params, until| web_get(
    scope,
    &params,
    StorageArea::Session,
    until
)
.await);
use_case!(StorageSessionSet, |scope, params, until| web_set(
    scope,
    &params,
    StorageArea::Session,
    until
)
.await);
use_case!(StorageSessionClear, |scope, params, until| web_clear(
    scope,
    &params,
    StorageArea::Session,
    until
)
.await);
use_case!(StorageSave, |scope, params, until| save(
    scope, &params, until
)
.await);
use_case!(StorageLoad, |scope, params, until| load(
    scope, &params, until
)
.await);

async fn browser_of(scope: &Scope<'_>, until: Instant) -> Result<Arc<dyn BrowserPort>, CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    slot.live_browser()
}

fn domain_matches(cookie: &Cookie, domain: Option<&str>) -> bool {
    domain.is_none_or(|d| {
        let d = d.trim_start_matches('.').to_ascii_lowercase();
        let have = cookie.domain.trim_start_matches('.').to_ascii_lowercase();
        have == d || have.ends_with(&format!(".{d}"))
    })
}

fn selected<'a>(
    cookies: &'a [Cookie],
    domain: Option<&'a str>,
    name: Option<&'a str>,
) -> impl Iterator<Item = &'a Cookie> {
    cookies
        .iter()
        .filter(move |c| domain_matches(c, domain) && name.is_none_or(|n| c.name == n))
}

pub async fn cookies_list(
    scope: &Scope<'_>,
    params: &CookieListParams,
    until: Instant,
) -> Result<CookiesListReply, CdtError> {
    let browser = browser_of(scope, until).await?;
    let all = browser.cookies().await?;
    let cookies: Vec<Cookie> = selected(&all, params.domain.as_deref(), params.name.as_deref())
        .cloned()
        .collect();
    Ok(CookiesListReply {
        count: cookies.len(),
        cookies,
    })
}

/// The cookie a `cookies set` describes (checked, without touching the browser).
pub fn cookie_from(params: &CookieSetParams) -> Result<Cookie, CdtError> {
    if params.name.is_empty() || params.name.contains([';', '=', ' ', '\r', '\n']) {
        return Err(CdtError::validation(
            "a cookie name must be a non-empty token without ; = or spaces",
        )
        .hinted("Example: cdt storage cookies set session abc123 --url https://example.com"));
    }
    if params.value.contains([';', '\r', '\n']) {
        return Err(
            CdtError::validation("a cookie value cannot contain ; or line breaks")
                .hinted("Encode the value first (e.g. base64 or URL encoding)"),
        );
    }
    let (domain, secure) = match (&params.url, &params.domain) {
        (_, Some(domain)) => (domain.clone(), params.secure),
        (Some(url), None) => {
            let origin = normalize_origin(url).ok_or_else(|| {
                CdtError::validation(format!("--url {url:?} is not an http(s) URL"))
                    .hinted("Example: --url https://example.com/")
            })?;
            let (scheme, host) = origin.split_once("://").unwrap_or_default();
            let host = host.rsplit_once(':').map_or(host, |(h, _)| h).to_string();
            (host, params.secure || scheme == "https")
        }
        (None, None) => {
            return Err(
                CdtError::validation("say where the cookie belongs: --url or --domain").hinted(
                    "Example: cdt storage cookies set session abc123 --url https://example.com",
                ),
            );
        }
    };
    if params.expires.is_some_and(|e| !e.is_finite() || e < 0.0) {
        return Err(
            CdtError::validation("--expires is seconds since the Unix epoch (≥ 0)")
                .hinted("Example: --expires 1893456000"),
        );
    }
    Ok(Cookie {
        name: params.name.clone(),
        value: params.value.clone(),
        domain,
        path: params.path.clone().unwrap_or_else(|| "/".into()),
        expires: params.expires.unwrap_or(-1.0),
        http_only: params.http_only,
        secure,
        same_site: params.same_site.map(|s| {
            match s {
                SameSite::Strict => "Strict",
                SameSite::Lax => "Lax",
                SameSite::None => "None",
            }
            .to_string()
        }),
        partition_key: None,
    })
}

pub async fn cookies_set(
    scope: &Scope<'_>,
    params: &CookieSetParams,
    until: Instant,
) -> Result<CookieSetReply, CdtError> {
    let cookie = cookie_from(params)?;
    let browser = browser_of(scope, until).await?;
    browser.set_cookies(std::slice::from_ref(&cookie)).await?;
    Ok(CookieSetReply {
        set: CookieName {
            name: cookie.name,
            domain: cookie.domain,
            path: cookie.path,
        },
    })
}

pub async fn cookies_clear(
    scope: &Scope<'_>,
    params: &CookieClearParams,
    until: Instant,
) -> Result<CookiesClearReply, CdtError> {
    let browser = browser_of(scope, until).await?;
    let all = browser.cookies().await?;
    let doomed: Vec<Cookie> = selected(&all, params.domain.as_deref(), params.name.as_deref())
        .cloned()
        .collect();
    browser.delete_cookies(&doomed).await?;
    Ok(CookiesClearReply {
        cleared: doomed.len(),
    })
}

/// The page and origin a Web Storage command acts on.
async fn storage_target(
    scope: &Scope<'_>,
    params: &WebStorageParams,
    until: Instant,
) -> Result<(Arc<dyn BrowserPort>, String, String), CdtError> {
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let (page, target) = resolve_page(&slot, params.page)?;
    let browser = slot.live_browser()?;
    // A page frozen by a dialog never answers for its storage.
    crate::mutation::check_dialog(browser.as_ref(), page, &target)?;
    let origin = match &params.origin {
        Some(origin) => normalize_origin(origin).ok_or_else(|| {
            CdtError::validation(format!("--origin {origin:?} is not scheme://host[:port]"))
                .hinted("Example: --origin http://127.0.0.1:8080")
        })?,
        None => browser
            .frame_origins(&target)
            .await?
            .into_iter()
            .next()
            .ok_or_else(|| {
                CdtError::new(
                    ErrorCode::OriginNotOpen,
                    "the page has no http(s) origin (e.g. about:blank)",
                )
                .run_then::<op::PageNavigate>("<url>", ", or pass --origin")
            })?,
    };
    Ok((browser, target, origin))
}

pub async fn web_get(
    scope: &Scope<'_>,
    params: &WebStorageParams,
    area: StorageArea,
    until: Instant,
) -> Result<WebGetReply, CdtError> {
    let (browser, target, origin) = storage_target(scope, params, until).await?;
    let items = browser.storage_items(&target, &origin, area).await?;
    match &params.key {
        Some(key) => {
            let value = items
                .iter()
                .find(|i| &i.name == key)
                .map(|i| i.value.clone());
            Ok(WebGetReply::One(WebValue {
                origin,
                area,
                key: key.clone(),
                found: value.is_some(),
                value,
            }))
        }
        None => Ok(WebGetReply::All(WebItems {
            origin,
            area,
            count: items.len(),
            items,
        })),
    }
}

pub async fn web_set(
    scope: &Scope<'_>,
    params: &WebStorageParams,
    area: StorageArea,
    until: Instant,
) -> Result<WebSetReply, CdtError> {
    let (Some(key), Some(value)) = (&params.key, &params.value) else {
        return Err(
            CdtError::validation("give a key and a value").hinted(format!(
                "Example: cdt storage {} set token abc123",
                area.as_str()
            )),
        );
    };
    let (browser, target, origin) = storage_target(scope, params, until).await?;
    browser
        .update_storage(
            &target,
            &origin,
            area,
            &[(key.clone(), Some(value.clone()))],
        )
        .await?;
    Ok(WebSetReply {
        origin,
        area,
        set: key.clone(),
    })
}

pub async fn web_clear(
    scope: &Scope<'_>,
    params: &WebStorageParams,
    area: StorageArea,
    until: Instant,
) -> Result<WebClearReply, CdtError> {
    let (browser, target, origin) = storage_target(scope, params, until).await?;
    match &params.key {
        Some(key) => {
            browser
                .update_storage(&target, &origin, area, &[(key.clone(), None)])
                .await?
        }
        None => browser.clear_storage(&target, &origin, area).await?,
    }
    Ok(WebClearReply {
        origin,
        area,
        cleared: params.key.clone().unwrap_or_else(|| "all".into()),
    })
}

fn state_file(file: &str) -> Result<PathBuf, CdtError> {
    let path = PathBuf::from(file);
    if !path.is_absolute() {
        return Err(CdtError::validation(format!(
            "the state file {file:?} must be an absolute path"
        ))
        .hinted(format!("Use e.g. /tmp/{}", path.display())));
    }
    Ok(path)
}

pub async fn save(
    scope: &Scope<'_>,
    params: &StorageFileParams,
    until: Instant,
) -> Result<StorageSaveReply, CdtError> {
    let path = state_file(&params.file)?;
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let browser = slot.live_browser()?;
    let cookies = browser.cookies().await?;
    let targets: Vec<String> = {
        let pages = slot.pages();
        pages
            .list()
            .iter()
            .filter_map(|p| pages.target_of(p.id))
            .collect()
    };
    let mut origins: Vec<OriginStorage> = Vec::new();
    for target in targets {
        for origin in browser.frame_origins(&target).await.unwrap_or_default() {
            let mut entry = OriginStorage {
                origin: origin.clone(),
                ..OriginStorage::default()
            };
            entry.local_storage = browser
                .storage_items(&target, &origin, StorageArea::Local)
                .await
                .unwrap_or_default();
            entry.session_storage = browser
                .storage_items(&target, &origin, StorageArea::Session)
                .await
                .unwrap_or_default();
            match origins.iter_mut().find(|o| o.origin == origin) {
                // Two pages of one origin share local storage; keep every session item.
                Some(existing) => {
                    for item in entry.session_storage {
                        if !existing.session_storage.iter().any(|i| i.name == item.name) {
                            existing.session_storage.push(item);
                        }
                    }
                }
                None => origins.push(entry),
            }
        }
    }
    let state = StorageState {
        version: STORAGE_STATE_VERSION,
        cookies,
        origins,
    };
    let bytes = serde_json::to_vec_pretty(&state).map_err(|e| CdtError::internal(e.to_string()))?;
    let (store, target) = (scope.store().clone(), path.clone());
    crate::blocking::run(move || store.write_secret_file(&target, &bytes)).await?;
    Ok(StorageSaveReply {
        file: path.display().to_string(),
        mode: "0600".into(),
        cookies: state.cookies.len(),
        origins: state
            .origins
            .iter()
            .map(|o| OriginCounts {
                origin: o.origin.clone(),
                local_storage: o.local_storage.len(),
                session_storage: o.session_storage.len(),
            })
            .collect(),
    })
}

/// Parses a state file's bytes, with errors that never quote its content.
pub fn parse_state(bytes: &[u8]) -> Result<StorageState, CdtError> {
    let state: StorageState = serde_json::from_slice(bytes).map_err(|error| {
        CdtError::validation(format!(
            "the state file is not a cdt storage state (line {}, column {}: {})",
            error.line(),
            error.column(),
            match error.classify() {
                serde_json::error::Category::Syntax | serde_json::error::Category::Eof =>
                    "invalid JSON",
                _ => "unexpected structure",
            }
        ))
        .hinted("Write one with: cdt storage save <file>")
    })?;
    if state.version != STORAGE_STATE_VERSION {
        return Err(CdtError::validation(format!(
            "state file version {} is not supported (expected {STORAGE_STATE_VERSION})",
            state.version
        ))
        .hinted("Write it again with this cdt: cdt storage save <file>"));
    }
    for origin in &state.origins {
        if normalize_origin(&origin.origin).as_deref() != Some(origin.origin.as_str()) {
            return Err(CdtError::validation(format!(
                "the state file names an invalid origin {:?}",
                origin.origin
            ))
            .hinted("Origins look like http://127.0.0.1:8080 (scheme://host[:port])"));
        }
    }
    Ok(state)
}

pub async fn load(
    scope: &Scope<'_>,
    params: &StorageFileParams,
    until: Instant,
) -> Result<StorageLoadReply, CdtError> {
    let path = state_file(&params.file)?;
    let (store, source) = (scope.store().clone(), path.clone());
    let state = parse_state(&crate::blocking::run(move || store.read_secret_file(&source)).await?)?;
    let (slot, _in_flight) = scope.ensure_running(until).await?;
    let browser = slot.live_browser()?;
    if !state.cookies.is_empty() {
        browser.set_cookies(&state.cookies).await?;
    }
    let target = resolve_page(&slot, params.page)
        .ok()
        .map(|(_, target)| target);
    let open = match &target {
        Some(target) => browser.frame_origins(target).await.unwrap_or_default(),
        None => Vec::new(),
    };
    let mut restored = Vec::new();
    let mut skipped = Vec::new();
    for origin in &state.origins {
        if !origin.local_storage.is_empty() {
            browser
                .seed_local_storage(&origin.origin, &origin.local_storage)
                .await?;
        }
        let session_items = &origin.session_storage;
        let session_restored = match (&target, session_items.is_empty()) {
            (_, true) => true,
            (Some(target), false) if open.contains(&origin.origin) => {
                let changes: Vec<(String, Option<String>)> = session_items
                    .iter()
                    .map(|i| (i.name.clone(), Some(i.value.clone())))
                    .collect();
                browser
                    .update_storage(target, &origin.origin, StorageArea::Session, &changes)
                    .await?;
                true
            }
            _ => false,
        };
        if !session_restored {
            skipped.push(origin.origin.clone());
        }
        restored.push(OriginCounts {
            origin: origin.origin.clone(),
            local_storage: origin.local_storage.len(),
            session_storage: if session_restored {
                session_items.len()
            } else {
                0
            },
        });
    }
    let warnings = if skipped.is_empty() {
        Vec::new()
    } else {
        vec![Warning::new(
            WarningCode::SessionStorageSkipped,
            format!(
                "session storage is per tab: it was restored only where the page shows its origin; open {} in the page and run storage load again",
                skipped.join(", ")
            ),
        )]
    };
    Ok(StorageLoadReply {
        file: path.display().to_string(),
        cookies: state.cookies.len(),
        origins: restored,
        session_storage_skipped: skipped,
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_need_a_place_and_clean_names() {
        let base = CookieSetParams {
            name: "sid".into(),
            value: "v".into(),
            ..Default::default()
        };
        assert!(cookie_from(&base).is_err());
        let with_url = CookieSetParams {
            url: Some("https://Example.com:443/x".into()),
            ..base.clone()
        };
        let cookie = cookie_from(&with_url).unwrap_or_default();
        assert_eq!(
            (cookie.domain.as_str(), cookie.secure, cookie.path.as_str()),
            ("example.com", true, "/")
        );
        let local = CookieSetParams {
            url: Some("http://127.0.0.1:8080/".into()),
            ..base.clone()
        };
        assert_eq!(cookie_from(&local).unwrap_or_default().domain, "127.0.0.1");
        assert!(
            cookie_from(&CookieSetParams {
                name: "a b".into(),
                domain: Some("x".into()),
                ..base
            })
            .is_err()
        );
    }

    #[test]
    fn state_files_are_checked_without_quoting_them() {
        let error =
            parse_state(b"{\"version\":1,\"cookies\":[{\"name\":\"s\",\"value\":\"SECRET\"").err();
        let message = error.map(|e| e.message).unwrap_or_default();
        assert!(
            message.contains("invalid JSON") && !message.contains("SECRET"),
            "{message}"
        );
        assert!(parse_state(br#"{"version":2}"#).is_err());
        assert!(parse_state(br#"{"version":1,"origins":[{"origin":"nope"}]}"#).is_err());
        assert!(parse_state(br#"{"version":1,"cookies":[],"origins":[]}"#).is_ok());
    }
}
