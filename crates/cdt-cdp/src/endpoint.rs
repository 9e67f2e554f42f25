//! Attach endpoints: parsed once (the `url` crate, WHATWG rules), vetted (no user-info, no
//! unspecified address, loopback only unless `--allow-remote`), resolved, and connected to by
//! the very address that was vetted — the host name is never looked up a second time.
//!
//! `http://host:port` is asked for its `webSocketDebuggerUrl` (`GET /json/version`); a `ws://`
//! URL is used as is. Only the path of the browser's answer is kept: the connection always goes
//! to the vetted address. This module must never connect to an address it did not vet.

use std::net::{IpAddr, SocketAddr};

use cdt_domain::{CdtError, ErrorCode};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use url::{Host, Url};

/// How the endpoint is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// Ask `GET /json/version` for the WebSocket path first.
    Http,
    /// The browser's WebSocket URL itself.
    Ws,
}

/// An endpoint that passed the checks: every address it may connect to is listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VettedEndpoint {
    pub scheme: Scheme,
    /// The addresses the host resolved to (one for a literal address), in resolver order.
    pub addresses: Vec<SocketAddr>,
    /// Path and query of a `ws://` URL (`/devtools/browser/…`).
    pub path: String,
}

fn blocked(message: impl Into<String>, host: &str) -> CdtError {
    CdtError::new(ErrorCode::SecurityBlocked, message).with_details(json!({ "host": host }))
}

fn remote_hints(error: CdtError) -> CdtError {
    error
        .hinted("Attach over loopback: --browser-url http://127.0.0.1:9222 (tunnel a remote browser with: ssh -L 9222:127.0.0.1:9222 <host>)")
        .hinted("Or, if you trust the network path to that browser: add --allow-remote")
}

fn bad_url(endpoint: &str, why: impl std::fmt::Display) -> CdtError {
    CdtError::validation(format!("{endpoint:?} is not an attach endpoint: {why}"))
        .hinted("Use e.g. --browser-url http://127.0.0.1:9222 or --ws-endpoint ws://127.0.0.1:9222/devtools/browser/<id>")
}

/// Parses an endpoint; refuses other schemes, user-info and a missing host.
pub fn parse(endpoint: &str) -> Result<(Scheme, Url), CdtError> {
    let url = Url::parse(endpoint).map_err(|error| bad_url(endpoint, error))?;
    let scheme = match url.scheme() {
        "http" => Scheme::Http,
        "ws" => Scheme::Ws,
        other => {
            return Err(bad_url(
                endpoint,
                format!("scheme {other:?} is not supported (use http:// or ws://)"),
            ));
        }
    };
    let host = url.host_str().unwrap_or_default().to_string();
    if !url.username().is_empty() || url.password().is_some() {
        return Err(remote_hints(blocked(
            format!(
                "{endpoint:?} carries user-info (`user@`); an attach endpoint never does, and it hides which host is reached"
            ),
            &host,
        )));
    }
    if host.is_empty() {
        return Err(bad_url(endpoint, "no host"));
    }
    Ok((scheme, url))
}

/// Loopback, including an IPv4-mapped IPv6 loopback address.
fn is_loopback(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_loopback(),
        IpAddr::V6(v6) => {
            v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback())
        }
    }
}

fn is_unspecified(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_unspecified(),
        IpAddr::V6(v6) => {
            v6.is_unspecified() || v6.to_ipv4_mapped().is_some_and(|v4| v4.is_unspecified())
        }
    }
}

/// Parses, resolves and checks an endpoint. Without `allow_remote` only a literal loopback
/// address, or `localhost` resolving to loopback addresses only, passes; an unspecified address
/// (`0.0.0.0`, `::`) never does.
pub async fn vet(endpoint: &str, allow_remote: bool) -> Result<VettedEndpoint, CdtError> {
    let (scheme, url) = parse(endpoint)?;
    let port = url
        .port_or_known_default()
        .ok_or_else(|| bad_url(endpoint, "no port"))?;
    let host_text = url.host_str().unwrap_or_default().to_string();
    let (literal, addresses): (bool, Vec<SocketAddr>) = match url.host() {
        Some(Host::Ipv4(ip)) => (true, vec![SocketAddr::new(IpAddr::V4(ip), port)]),
        Some(Host::Ipv6(ip)) => (true, vec![SocketAddr::new(IpAddr::V6(ip), port)]),
        Some(Host::Domain(name)) => {
            if !allow_remote && name != "localhost" {
                return Err(remote_hints(blocked(
                    format!(
                        "{name:?} is a host name, not a loopback address; without --allow-remote only 127.0.0.0/8, [::1] and localhost are accepted"
                    ),
                    name,
                )));
            }
            let found = tokio::net::lookup_host((name, port))
                .await
                .map_err(|error| {
                    CdtError::new(
                        ErrorCode::CdpDisconnected,
                        format!("cannot resolve {name:?}: {error}"),
                    )
                    .with_details(json!({ "host": name }))
                    .hinted(
                        "Use the browser's address instead: --browser-url http://127.0.0.1:9222",
                    )
                })?;
            (false, found.collect())
        }
        None => return Err(bad_url(endpoint, "no host")),
    };
    if addresses.is_empty() {
        return Err(CdtError::new(
            ErrorCode::CdpDisconnected,
            format!("{host_text:?} resolved to no address"),
        )
        .hinted("Use the browser's address instead: --browser-url http://127.0.0.1:9222"));
    }
    if let Some(address) = addresses.iter().find(|a| is_unspecified(a.ip())) {
        return Err(blocked(
            format!(
                "{} is not an address to connect to (it means every interface)",
                address.ip()
            ),
            &host_text,
        )
        .hinted("Use the loopback address: --browser-url http://127.0.0.1:9222"));
    }
    if !allow_remote && let Some(address) = addresses.iter().find(|a| !is_loopback(a.ip())) {
        let what = if literal {
            format!("{} is not a loopback address", address.ip())
        } else {
            format!(
                "{host_text} resolves to {}, which is not a loopback address",
                address.ip()
            )
        };
        return Err(remote_hints(blocked(
            format!("{what}; a remote CDP endpoint gives full control of that browser"),
            &host_text,
        )));
    }
    let mut path = url.path().to_string();
    if let Some(query) = url.query() {
        path.push('?');
        path.push_str(query);
    }
    Ok(VettedEndpoint {
        scheme,
        addresses,
        path,
    })
}

fn failed(endpoint: &str, why: impl std::fmt::Display) -> CdtError {
    CdtError::new(ErrorCode::BrowserUnreachable, format!("cannot reach the browser at {endpoint}: {why}"))
        .with_details(json!({ "endpoint": endpoint }))
        .hinted("Start the browser with --remote-debugging-port=9222, then: cdt session start --browser-url http://127.0.0.1:9222")
}

/// Connects to the first vetted address that accepts.
async fn connect_any(
    endpoint: &str,
    vetted: &VettedEndpoint,
) -> Result<(TcpStream, SocketAddr), CdtError> {
    let mut last = None;
    for address in &vetted.addresses {
        match TcpStream::connect(address).await {
            Ok(stream) => return Ok((stream, *address)),
            Err(error) => last = Some(error),
        }
    }
    Err(failed(
        endpoint,
        last.map(|e| e.to_string())
            .unwrap_or_else(|| "no address".into()),
    ))
}

/// Reads one HTTP response body, by `Content-Length` (Chrome keeps the connection open).
async fn read_http_body(stream: &mut TcpStream) -> Result<Vec<u8>, String> {
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let read = stream.read(&mut chunk).await.map_err(|e| e.to_string())?;
        if read == 0 {
            break;
        }
        buffer.extend_from_slice(&chunk[..read]);
        if buffer.len() > 1 << 20 {
            return Err("response over 1 MiB".into());
        }
        let Some(end) = buffer.windows(4).position(|w| w == b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&buffer[..end]).to_ascii_lowercase();
        let length = head
            .lines()
            .find_map(|line| line.strip_prefix("content-length:"))
            .and_then(|v| v.trim().parse::<usize>().ok());
        if let Some(length) = length
            && buffer.len() >= end + 4 + length
        {
            return Ok(buffer[end + 4..end + 4 + length].to_vec());
        }
    }
    let end = buffer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or("no HTTP response")?;
    Ok(buffer[end + 4..].to_vec())
}

/// The WebSocket path the browser's HTTP endpoint names (`GET /json/version`).
async fn ask_ws_path(
    endpoint: &str,
    stream: &mut TcpStream,
    address: SocketAddr,
) -> Result<String, CdtError> {
    tracing::debug!(%address, "asking for /json/version");
    let request =
        format!("GET /json/version HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|e| failed(endpoint, e))?;
    let body = read_http_body(stream)
        .await
        .map_err(|e| failed(endpoint, e))?;
    let version: serde_json::Value = serde_json::from_slice(&body)
        .map_err(|e| failed(endpoint, format!("bad /json/version reply: {e}")))?;
    let ws = version
        .get("webSocketDebuggerUrl")
        .and_then(serde_json::Value::as_str)
        .ok_or_else(|| failed(endpoint, "no webSocketDebuggerUrl in /json/version"))?;
    // Only the path is taken from the answer: the host is the one that was vetted.
    let url =
        Url::parse(ws).map_err(|e| failed(endpoint, format!("bad webSocketDebuggerUrl: {e}")))?;
    Ok(url.path().to_string())
}

/// Vets an endpoint and finds the browser's WebSocket behind it: `(address, ws URL)`, the URL
/// naming the vetted address literally.
pub async fn resolve_ws_endpoint(
    endpoint: &str,
    allow_remote: bool,
) -> Result<(SocketAddr, String), CdtError> {
    let vetted = vet(endpoint, allow_remote).await?;
    let (mut stream, address) = connect_any(endpoint, &vetted).await?;
    let path = match vetted.scheme {
        Scheme::Ws => vetted.path.clone(),
        Scheme::Http => ask_ws_path(endpoint, &mut stream, address).await?,
    };
    drop(stream);
    Ok((address, format!("ws://{address}{path}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(result: Result<VettedEndpoint, CdtError>) -> Option<ErrorCode> {
        result.err().map(|e| e.code)
    }

    #[tokio::test]
    async fn loopback_literals_and_localhost_pass() {
        let v = vet("http://127.0.0.1:9222", false).await.ok();
        assert_eq!(
            v.map(|v| v.addresses),
            Some(vec![SocketAddr::from(([127, 0, 0, 1], 9222))])
        );
        assert!(vet("ws://[::1]:9/devtools/browser/x", false).await.is_ok());
        // WHATWG normalizes the short and hex forms to a literal address.
        assert!(vet("http://127.1:9222", false).await.is_ok());
        assert!(vet("http://0x7f.0.0.1:9222", false).await.is_ok());
        let local = vet("ws://localhost:9222/devtools/browser/x?a=1", false).await;
        let local = local.ok();
        assert!(
            local
                .as_ref()
                .is_some_and(|v| v.addresses.iter().all(|a| a.ip().is_loopback()))
        );
        assert_eq!(
            local.map(|v| v.path),
            Some("/devtools/browser/x?a=1".to_string())
        );
    }

    #[tokio::test]
    async fn regression_host_name_starting_with_127_is_not_loopback() {
        assert_eq!(
            code(vet("http://127.evil.example:9222", false).await),
            Some(ErrorCode::SecurityBlocked)
        );
        assert_eq!(
            code(vet("http://127.0.0.1.nip.io:9222", false).await),
            Some(ErrorCode::SecurityBlocked)
        );
    }

    #[tokio::test]
    async fn regression_user_info_is_refused_even_with_allow_remote() {
        for url in [
            "ws://127.0.0.1:1@other-host:9222/devtools/browser/x",
            "http://user@127.0.0.1:9222",
            "http://:pw@127.0.0.1:9222",
        ] {
            assert_eq!(
                code(vet(url, true).await),
                Some(ErrorCode::SecurityBlocked),
                "{url}"
            );
        }
    }

    #[tokio::test]
    async fn remote_and_unspecified_addresses() {
        assert_eq!(
            code(vet("http://10.0.0.5:9222", false).await),
            Some(ErrorCode::SecurityBlocked)
        );
        assert!(vet("http://10.0.0.5:9222", true).await.is_ok());
        assert_eq!(
            code(vet("http://0.0.0.0:9222", true).await),
            Some(ErrorCode::SecurityBlocked)
        );
        assert_eq!(
            code(vet("http://[::]:9222", true).await),
            Some(ErrorCode::SecurityBlocked)
        );
        assert_eq!(
            code(vet("http://[::ffff:0.0.0.0]:9222", true).await),
            Some(ErrorCode::SecurityBlocked)
        );
        assert!(vet("http://[::ffff:127.0.0.1]:9222", false).await.is_ok());
    }

    #[tokio::test]
    async fn malformed_endpoints_are_validation_errors() {
        for url in [
            "nonsense",
            "https://127.0.0.1:9222",
            "ftp://127.0.0.1/",
            "http://",
        ] {
            assert_eq!(
                code(vet(url, false).await),
                Some(ErrorCode::ValidationError),
                "{url}"
            );
        }
    }
}
