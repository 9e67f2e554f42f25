//! Resolving an attach endpoint: `http://host:port` is asked for its `webSocketDebuggerUrl`
//! (`GET /json/version`); a `ws://` URL is used as is.

use cdt_domain::{CdtError, ErrorCode};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn failed(endpoint: &str, why: impl std::fmt::Display) -> CdtError {
    CdtError::new(ErrorCode::CdpDisconnected, format!("cannot reach the browser at {endpoint}: {why}"))
        .hinted("Start the browser with --remote-debugging-port=9222, then: cdt session start --browser-url http://127.0.0.1:9222")
}

/// `(host, port, rest)` of `scheme://host:port/rest`.
pub fn split_authority(url: &str) -> Option<(&str, &str, u16, &str)> {
    let (scheme, rest) = url.split_once("://")?;
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let (host, port) = if let Some(stripped) = authority.strip_prefix('[') {
        let (host, after) = stripped.split_once(']')?;
        (host, after.strip_prefix(':'))
    } else {
        match authority.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        }
    };
    let default = if matches!(scheme, "https" | "wss") {
        443
    } else {
        80
    };
    let port = match port {
        Some(port) => port.parse().ok()?,
        None => default,
    };
    Some((scheme, host, port, path))
}

/// Reads one HTTP response body, by `Content-Length` (Chrome keeps the connection open).
async fn read_http_body(stream: &mut tokio::net::TcpStream) -> Result<Vec<u8>, String> {
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

/// Turns an attach endpoint into a WebSocket URL.
pub async fn resolve_ws_endpoint(endpoint: &str) -> Result<String, CdtError> {
    let Some((scheme, host, port, _)) = split_authority(endpoint) else {
        return Err(CdtError::validation(format!("{endpoint:?} is not a URL"))
            .hinted("Use e.g. --browser-url http://127.0.0.1:9222"));
    };
    match scheme {
        "ws" => return Ok(endpoint.to_string()),
        "http" => {}
        other => {
            return Err(CdtError::validation(format!(
                "unsupported scheme {other:?} (use http:// or ws://)"
            ))
            .hinted("Use e.g. --browser-url http://127.0.0.1:9222"));
        }
    }
    let address = if host.contains(':') {
        format!("[{host}]:{port}")
    } else {
        format!("{host}:{port}")
    };
    let mut stream = tokio::net::TcpStream::connect(&address)
        .await
        .map_err(|e| failed(endpoint, e))?;
    tracing::debug!(%address, "asking for /json/version");
    let request =
        format!("GET /json/version HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|e| failed(endpoint, e))?;
    let body = read_http_body(&mut stream)
        .await
        .map_err(|e| failed(endpoint, e))?;
    let version: serde_json::Value = serde_json::from_slice(&body)
        .map_err(|e| failed(endpoint, format!("bad /json/version reply: {e}")))?;
    let ws = version
        .get("webSocketDebuggerUrl")
        .and_then(serde_json::Value::as_str)
        .ok_or_else(|| failed(endpoint, "no webSocketDebuggerUrl in /json/version"))?;
    // Keep the host the caller named (and was checked); Chrome echoes whatever Host it was sent.
    let path = split_authority(ws)
        .map(|(_, _, _, path)| path)
        .unwrap_or("/");
    Ok(format!("ws://{address}{path}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_hosts_ports_and_paths() {
        assert_eq!(
            split_authority("http://127.0.0.1:9222"),
            Some(("http", "127.0.0.1", 9222, ""))
        );
        assert_eq!(
            split_authority("ws://[::1]:9/devtools/browser/x"),
            Some(("ws", "::1", 9, "/devtools/browser/x"))
        );
        assert_eq!(
            split_authority("http://localhost/json"),
            Some(("http", "localhost", 80, "/json"))
        );
        assert_eq!(split_authority("nonsense"), None);
    }
}
