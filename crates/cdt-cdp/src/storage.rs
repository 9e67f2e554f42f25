//! Cookies and Web Storage of a browser context: cookies through the browser-level `Storage`
//! domain; an origin's local or session storage through `DOMStorage` on a session whose page
//! has a frame of that origin; and seeding an origin's local storage from a hidden page whose
//! document cdt serves itself (`Fetch.fulfillRequest`), so no request leaves the machine.
//!
//! Values are secrets: nothing here logs them.

use base64::Engine;
use cdt_domain::ops::op;
use cdt_domain::storage::{Cookie, StorageArea, StorageItem};
use cdt_domain::{CdtError, ErrorCode};
use serde_json::{Value, json};

use crate::pages::{Pages, attach};
use crate::support::{browser_gone, str_field};
use crate::transport::CdpConnection;

fn origin_not_open(origin: &str) -> CdtError {
    CdtError::new(
        ErrorCode::OriginNotOpen,
        format!("no frame of {origin} is open in the page"),
    )
    .with_details(json!({ "origin": origin }))
    .run_then::<op::PageOpen>(&format!("{origin}/"), " (then retry)")
    .hinted("Or omit --origin to use the page's own origin")
}

fn storage_id(origin: &str, area: StorageArea) -> Value {
    json!({ "securityOrigin": origin, "isLocalStorage": area == StorageArea::Local })
}

fn is_missing_frame(error: &CdtError) -> bool {
    error.code == ErrorCode::ProtocolError
        && error.details["cdpMessage"]
            .as_str()
            .is_some_and(|m| m.contains("Frame not found"))
}

fn collect_origins(tree: &Value, origins: &mut Vec<String>) {
    let origin = str_field(&tree["frame"], "securityOrigin");
    if origin.starts_with("http") && !origins.iter().any(|o| o == origin) {
        origins.push(origin.to_string());
    }
    for child in tree["childFrames"].as_array().into_iter().flatten() {
        collect_origins(child, origins);
    }
}

/// The document served at an origin while its storage is seeded.
const SEED_DOCUMENT: &str = "<!doctype html><title>cdt storage</title>";

pub(crate) async fn all_cookies(connection: &CdpConnection) -> Result<Vec<Cookie>, CdtError> {
    let reply = connection
        .call("Storage.getCookies", json!({}), None)
        .await?;
    Ok(reply["cookies"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| serde_json::from_value::<Cookie>(c.clone()).ok())
        .collect())
}

pub(crate) async fn put_cookies(
    connection: &CdpConnection,
    cookies: &[Cookie],
) -> Result<(), CdtError> {
    let params: Vec<Value> = cookies
        .iter()
        .map(|c| {
            let mut cookie = json!({
                "name": c.name, "value": c.value, "domain": c.domain, "path": c.path,
                "secure": c.secure, "httpOnly": c.http_only,
            });
            if c.expires >= 0.0 {
                cookie["expires"] = json!(c.expires);
            }
            if let Some(same_site) = &c.same_site {
                cookie["sameSite"] = json!(same_site);
            }
            if let Some(key) = &c.partition_key {
                cookie["partitionKey"] = key.clone();
            }
            cookie
        })
        .collect();
    connection
        .call("Storage.setCookies", json!({ "cookies": params }), None)
        .await
        .map(drop)
        .map_err(|error| {
            let message = error.details["cdpMessage"].as_str().unwrap_or("").to_string();
            CdtError::validation(format!("the browser refused the cookie: {message}"))
                .hinted("Give --url https://host/ or --domain host, e.g. cdt storage cookies set sid abc --url https://example.com")
        })
}

pub(crate) async fn drop_cookies(
    connection: &CdpConnection,
    cookies: &[Cookie],
) -> Result<(), CdtError> {
    // Setting a cookie that expired in the past deletes it, at browser level.
    let expired: Vec<Cookie> = cookies
        .iter()
        .map(|c| Cookie {
            value: String::new(),
            expires: 1.0,
            ..c.clone()
        })
        .collect();
    if expired.is_empty() {
        return Ok(());
    }
    put_cookies(connection, &expired).await
}

pub(crate) async fn origins_of(pages: &Pages, target_id: &str) -> Result<Vec<String>, CdtError> {
    let session = pages.session_for(target_id).await?;
    let tree = pages
        .connection
        .call("Page.getFrameTree", json!({}), Some(&session))
        .await?;
    let mut origins = Vec::new();
    collect_origins(&tree["frameTree"], &mut origins);
    Ok(origins)
}

/// Sessions that may reach an origin's storage: the page's, then its iframes'.
fn storage_sessions(pages: &Pages, target_id: &str, page_session: String) -> Vec<String> {
    let mut sessions = vec![page_session];
    if let Ok(observed) = pages.state.observed.lock() {
        sessions.extend(
            observed
                .iter()
                .filter(|(_, o)| o.page_target_id == target_id && o.target_type == "iframe")
                .map(|(s, _)| s.clone()),
        );
    }
    sessions
}

/// Runs `method` on the first session whose page has a frame of `origin`.
async fn on_origin(
    pages: &Pages,
    target_id: &str,
    origin: &str,
    method: &str,
    params: Value,
) -> Result<Value, CdtError> {
    let page_session = pages.session_for(target_id).await?;
    for session in storage_sessions(pages, target_id, page_session) {
        let _ = pages
            .connection
            .call("DOMStorage.enable", json!({}), Some(&session))
            .await;
        match pages
            .connection
            .call(method, params.clone(), Some(&session))
            .await
        {
            Err(error) if is_missing_frame(&error) => continue,
            other => return other,
        }
    }
    Err(origin_not_open(origin))
}

pub(crate) async fn read_storage(
    pages: &Pages,
    target_id: &str,
    origin: &str,
    area: StorageArea,
) -> Result<Vec<StorageItem>, CdtError> {
    let reply = on_origin(
        pages,
        target_id,
        origin,
        "DOMStorage.getDOMStorageItems",
        json!({ "storageId": storage_id(origin, area) }),
    )
    .await?;
    Ok(reply["entries"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|entry| {
            Some(StorageItem {
                name: entry.get(0)?.as_str()?.to_string(),
                value: entry.get(1)?.as_str()?.to_string(),
            })
        })
        .collect())
}

pub(crate) async fn write_storage(
    pages: &Pages,
    target_id: &str,
    origin: &str,
    area: StorageArea,
    changes: &[(String, Option<String>)],
) -> Result<(), CdtError> {
    for (key, value) in changes {
        let (method, params) = match value {
            Some(value) => (
                "DOMStorage.setDOMStorageItem",
                json!({ "storageId": storage_id(origin, area), "key": key, "value": value }),
            ),
            None => (
                "DOMStorage.removeDOMStorageItem",
                json!({ "storageId": storage_id(origin, area), "key": key }),
            ),
        };
        on_origin(pages, target_id, origin, method, params).await?;
    }
    Ok(())
}

pub(crate) async fn empty_storage(
    pages: &Pages,
    target_id: &str,
    origin: &str,
    area: StorageArea,
) -> Result<(), CdtError> {
    on_origin(
        pages,
        target_id,
        origin,
        "DOMStorage.clear",
        json!({ "storageId": storage_id(origin, area) }),
    )
    .await
    .map(drop)
}

/// Opens a hidden page at `origin` whose document cdt serves, writes the items, closes it.
pub(crate) async fn seed_origin(
    connection: &CdpConnection,
    origin: &str,
    items: &[StorageItem],
) -> Result<(), CdtError> {
    let created = connection
        .call(
            "Target.createTarget",
            json!({ "url": "about:blank", "background": true }),
            None,
        )
        .await?;
    let target = str_field(&created, "targetId").to_string();
    let result = seed_in(connection, &target, origin, items).await;
    let _ = connection
        .call("Target.closeTarget", json!({ "targetId": target }), None)
        .await;
    result
}

async fn seed_in(
    connection: &CdpConnection,
    target: &str,
    origin: &str,
    items: &[StorageItem],
) -> Result<(), CdtError> {
    let session = attach(connection, target).await?;
    let mut events = connection.subscribe();
    connection
        .call(
            "Fetch.enable",
            json!({ "patterns": [{ "urlPattern": "*", "requestStage": "Request" }] }),
            Some(&session),
        )
        .await?;
    let body = base64::engine::general_purpose::STANDARD.encode(SEED_DOCUMENT);
    let fulfil = async {
        while let Some(event) = events.recv().await {
            if event.method != "Fetch.requestPaused"
                || event.session_id.as_deref() != Some(session.as_str())
            {
                continue;
            }
            let request = str_field(&event.params, "requestId").to_string();
            let _ = connection
                .call(
                    "Fetch.fulfillRequest",
                    json!({
                        "requestId": request, "responseCode": 200, "body": body,
                        "responseHeaders": [{ "name": "Content-Type", "value": "text/html" }],
                    }),
                    Some(&session),
                )
                .await;
        }
    };
    let navigate = connection.call(
        "Page.navigate",
        json!({ "url": format!("{origin}/") }),
        Some(&session),
    );
    let navigated = tokio::select! {
        result = navigate => result?,
        () = fulfil => return Err(browser_gone()),
    };
    if !str_field(&navigated, "errorText").is_empty() {
        return Err(CdtError::new(
            ErrorCode::NavigationFailed,
            format!("could not open {origin} to restore its storage"),
        )
        .hinted("Check the origin in the state file (scheme://host[:port])"));
    }
    connection
        .call("DOMStorage.enable", json!({}), Some(&session))
        .await?;
    for item in items {
        connection
            .call(
                "DOMStorage.setDOMStorageItem",
                json!({
                    "storageId": storage_id(origin, StorageArea::Local),
                    "key": item.name, "value": item.value,
                }),
                Some(&session),
            )
            .await?;
    }
    Ok(())
}
