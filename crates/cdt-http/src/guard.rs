//! Who may talk to `cdt http`: the server listens on loopback only (another address needs
//! `--allow-remote`), and every request must carry the server's bearer token (a random
//! 256-bit value in a 0600 file under `CDT_HOME`), name this server in `Host` (no DNS
//! rebinding: a page of `evil.example` resolving to 127.0.0.1 sends `Host: evil.example`), and
//! come from no other web origin (no cross-site form posts). Bodies are capped. Each refusal is
//! an envelope with a code and the fix.

use std::io::Read;
use std::net::IpAddr;
use std::path::PathBuf;

use cdt_domain::{CdtError, ErrorCode};
use cdt_store::{StatePaths, ensure_private_dir, write_atomic};

/// The largest request body accepted (the daemon's own line limit).
pub const MAX_BODY_BYTES: usize = 8 << 20;

/// Where the token of the server on `port` is kept.
pub fn token_file(paths: &StatePaths, port: u16) -> PathBuf {
    paths.root().join("http").join(format!("{port}.token"))
}

/// A fresh token for the server on `port`, written (0600) where `--print-token` reads it.
pub fn new_token(paths: &StatePaths, port: u16) -> Result<String, CdtError> {
    let mut bytes = [0u8; 32];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut random| random.read_exact(&mut bytes))
        .map_err(|error| CdtError::internal(format!("cannot read /dev/urandom: {error}")))?;
    let token: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let file = token_file(paths, port);
    if let Some(dir) = file.parent() {
        ensure_private_dir(dir)?;
    }
    write_atomic(&file, token.as_bytes()).map_err(|error| {
        CdtError::new(
            ErrorCode::IoError,
            format!("cannot write the token to {}: {error}", file.display()),
        )
    })?;
    Ok(token)
}

/// The token of the server running on `port`.
pub fn read_token(paths: &StatePaths, port: u16) -> Result<String, CdtError> {
    let file = token_file(paths, port);
    std::fs::read_to_string(&file)
        .map(|token| token.trim().to_string())
        .map_err(|error| {
            CdtError::new(
                ErrorCode::IoError,
                format!(
                    "no cdt http server token for port {port} ({}: {error})",
                    file.display()
                ),
            )
            .hinted(format!("Start the server first: cdt http --port {port}"))
        })
}

/// Refuses to listen beyond loopback without `--allow-remote`.
pub fn check_bind(bind: IpAddr, allow_remote: bool) -> Result<(), CdtError> {
    if bind.is_loopback() || allow_remote {
        return Ok(());
    }
    Err(CdtError::new(
        ErrorCode::SecurityBlocked,
        format!("cdt http listens on loopback only; {bind} is not a loopback address"),
    )
    .hinted("Use --bind 127.0.0.1 (the default)")
    .hinted("Or, knowingly, --allow-remote (every request still needs the token)"))
}

/// The checks every request passes.
#[derive(Clone, Debug)]
pub struct Guard {
    token: String,
    /// The `Host` values that name this server.
    hosts: Vec<String>,
    port: u16,
}

/// A refusal: its HTTP status and the error.
#[derive(Debug)]
pub struct Refusal {
    pub status: u16,
    pub error: CdtError,
}

impl Guard {
    pub fn new(token: String, bind: IpAddr, port: u16) -> Guard {
        let mut hosts = vec![
            format!("127.0.0.1:{port}"),
            format!("localhost:{port}"),
            format!("[::1]:{port}"),
        ];
        let own = match bind {
            IpAddr::V4(ip) => format!("{ip}:{port}"),
            IpAddr::V6(ip) => format!("[{ip}]:{port}"),
        };
        if !hosts.contains(&own) && !bind.is_unspecified() {
            hosts.push(own);
        }
        Guard { token, hosts, port }
    }

    /// The port the server listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Checks `Host`, `Origin` and `Authorization` (as the request carries them).
    pub fn check(
        &self,
        host: Option<&str>,
        origin: Option<&str>,
        authorization: Option<&str>,
    ) -> Result<(), Refusal> {
        let host = host.unwrap_or_default().to_ascii_lowercase();
        if !self.hosts.contains(&host) {
            return Err(Refusal {
                status: 403,
                error: CdtError::new(
                    ErrorCode::SecurityBlocked,
                    format!("Host {host:?} does not name this server"),
                )
                .with_details(serde_json::json!({ "accepted": self.hosts }))
                .hinted(format!("Call it as http://127.0.0.1:{}/", self.port)),
            });
        }
        if let Some(origin) = origin
            && !self
                .hosts
                .iter()
                .any(|host| origin.eq_ignore_ascii_case(&format!("http://{host}")))
        {
            return Err(Refusal {
                status: 403,
                error: CdtError::new(
                    ErrorCode::SecurityBlocked,
                    format!("requests from the web origin {origin} are refused"),
                )
                .hinted("Call cdt http from a program, not from a web page of another site"),
            });
        }
        let given = authorization
            .and_then(|value| value.strip_prefix("Bearer "))
            .map(str::trim)
            .unwrap_or_default();
        if !same(given.as_bytes(), self.token.as_bytes()) {
            return Err(Refusal {
                status: 401,
                error: CdtError::new(
                    ErrorCode::SecurityBlocked,
                    if given.is_empty() {
                        "the request has no bearer token".to_string()
                    } else {
                        "the bearer token is not this server's".to_string()
                    },
                )
                .hinted(format!(
                    "Send the header: Authorization: Bearer $(cdt http --print-token --port {})",
                    self.port
                )),
            });
        }
        Ok(())
    }
}

/// Equal, in time that does not depend on where they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_need_this_host_no_foreign_origin_and_the_token() {
        let guard = Guard::new("secret".into(), IpAddr::from([127, 0, 0, 1]), 8765);
        let ok = |host, origin, auth| guard.check(host, origin, auth).map_err(|r| r.status);
        assert_eq!(
            ok(Some("127.0.0.1:8765"), None, Some("Bearer secret")),
            Ok(())
        );
        assert_eq!(
            ok(
                Some("localhost:8765"),
                Some("http://localhost:8765"),
                Some("Bearer secret")
            ),
            Ok(())
        );
        assert_eq!(
            ok(Some("evil.example:8765"), None, Some("Bearer secret")),
            Err(403)
        );
        assert_eq!(ok(None, None, Some("Bearer secret")), Err(403));
        assert_eq!(
            ok(
                Some("127.0.0.1:8765"),
                Some("http://evil.example"),
                Some("Bearer secret")
            ),
            Err(403)
        );
        assert_eq!(ok(Some("127.0.0.1:8765"), None, None), Err(401));
        assert_eq!(
            ok(Some("127.0.0.1:8765"), None, Some("Bearer secreT")),
            Err(401)
        );
        assert_eq!(ok(Some("127.0.0.1:8765"), None, Some("secret")), Err(401));
    }

    #[test]
    fn only_loopback_binds_without_allow_remote() {
        assert!(check_bind(IpAddr::from([127, 0, 0, 1]), false).is_ok());
        assert!(check_bind("::1".parse().unwrap_or(IpAddr::from([0; 4])), false).is_ok());
        let refused = check_bind(IpAddr::from([0, 0, 0, 0]), false)
            .err()
            .map(|e| e.code);
        assert_eq!(refused, Some(ErrorCode::SecurityBlocked));
        assert!(check_bind(IpAddr::from([10, 0, 0, 2]), true).is_ok());
    }
}
