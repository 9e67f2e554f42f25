//! Which browser a `cdp_*` tool observes (seed 002 §2.2, §3.1, §8).
//!
//! A browser cdt did not launch (Chrome started by hand with `--remote-debugging-port`) is
//! reached as one more context of the daemon: the share group `cdp-<host>-<port>`, attached
//! to it with `session.start --browser-url http://<host>:<port>`, so every cdt operation
//! (targets, events, bodies, filters) works on it as on cdt's own browser, and the same guard
//! refuses a remote or `0.0.0.0` host (`SECURITY_BLOCKED`) unless `--no-localonly`. Every call
//! re-asserts the attachment first (a no-op while attached), so a reaped or restarted daemon
//! never answers from a browser of its own instead.
//!
//! The browser of a call: `host`/`port` in the call; else the browser that gave the call's
//! `targetId`; else the configured one (`CDP_HOST`/`CDP_PORT`, `--host`/`--port`); else, when
//! something listens at the default `127.0.0.1:9222`, that; else the caller's own (cdt's)
//! browser, whose pages and targets work the same way.

use std::collections::HashMap;
use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use cdt_domain::ops::{Operation, SessionStartParams};
use cdt_domain::{CallerContext, CdtError, ErrorCode};
use cdt_store::StatePaths;
use serde_json::{Map, Value};

use crate::daemon::Daemon;
use crate::sync::lock;

/// The observer's settings: seed 002 §8's environment, overridden by `cdt mcp`'s flags.
#[derive(Clone, Debug, PartialEq)]
pub struct ObserverConfig {
    pub host: String,
    pub port: u16,
    /// `CDP_HOST`/`CDP_PORT` or `--host`/`--port` were given: observer calls go there.
    pub explicit: bool,
    /// Refuse a non-loopback or `0.0.0.0` browser (`CDP_SECURITY_LOCALONLY`, default true).
    pub local_only: bool,
    /// Events kept per observed target unless `cdp_observe` says (`DEFAULT_BUFFER_SIZE`).
    pub buffer_size: usize,
    /// A target's events go when none came for this long (`DEFAULT_TTL_SEC`).
    pub ttl_sec: u64,
    /// `LOG_LEVEL`: `error`, `warn`, `info` (default) or `debug`; diagnostics on stderr.
    pub log_level: String,
}

impl Default for ObserverConfig {
    fn default() -> Self {
        ObserverConfig {
            host: "127.0.0.1".into(),
            port: 9222,
            explicit: false,
            local_only: true,
            buffer_size: 10_000,
            ttl_sec: 3600,
            log_level: "info".into(),
        }
    }
}

/// `cdt mcp --host --port --buffer-size --ttl-sec --no-localonly`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ObserverFlags {
    pub host: Option<String>,
    pub port: Option<u16>,
    pub buffer_size: Option<usize>,
    pub ttl_sec: Option<u64>,
    pub no_localonly: bool,
}

fn parsed<T: std::str::FromStr>(name: &str, value: Option<String>) -> Result<Option<T>, String> {
    value
        .filter(|v| !v.trim().is_empty())
        .map(|v| {
            v.trim()
                .parse()
                .map_err(|_| format!("{name}={v:?} is not a valid value"))
        })
        .transpose()
}

impl ObserverConfig {
    /// The settings from the environment (`env` reads one variable) and the flags.
    pub fn new(
        env: impl Fn(&str) -> Option<String>,
        flags: &ObserverFlags,
    ) -> Result<Self, String> {
        let defaults = ObserverConfig::default();
        let env_host = env("CDP_HOST").filter(|h| !h.trim().is_empty());
        let env_port: Option<u16> = parsed("CDP_PORT", env("CDP_PORT"))?;
        let local_only = match env("CDP_SECURITY_LOCALONLY").as_deref().map(str::trim) {
            None | Some("") => true,
            Some(v) if ["true", "1", "yes"].contains(&v.to_ascii_lowercase().as_str()) => true,
            Some(v) if ["false", "0", "no"].contains(&v.to_ascii_lowercase().as_str()) => false,
            Some(v) => return Err(format!("CDP_SECURITY_LOCALONLY={v:?} is not true or false")),
        };
        let log_level = env("LOG_LEVEL")
            .map(|l| l.trim().to_ascii_lowercase())
            .filter(|l| !l.is_empty())
            .unwrap_or(defaults.log_level);
        if !["error", "warn", "info", "debug", "trace"].contains(&log_level.as_str()) {
            return Err(format!(
                "LOG_LEVEL={log_level:?} is not one of error, warn, info, debug, trace"
            ));
        }
        let host = flags.host.clone().or(env_host);
        let port = flags.port.or(env_port);
        Ok(ObserverConfig {
            explicit: host.is_some() || port.is_some(),
            host: host.unwrap_or(defaults.host),
            port: port.unwrap_or(defaults.port),
            local_only: local_only && !flags.no_localonly,
            buffer_size: flags
                .buffer_size
                .or(parsed("DEFAULT_BUFFER_SIZE", env("DEFAULT_BUFFER_SIZE"))?)
                .unwrap_or(defaults.buffer_size),
            ttl_sec: flags
                .ttl_sec
                .or(parsed("DEFAULT_TTL_SEC", env("DEFAULT_TTL_SEC"))?)
                .unwrap_or(defaults.ttl_sec),
            log_level,
        })
    }
}

/// A browser a call goes to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The caller's own context (the browser cdt launched for it).
    Own,
    /// A browser at a debugging address.
    At { host: String, port: u16 },
}

impl Source {
    fn url(host: &str, port: u16) -> String {
        if host.contains(':') && !host.starts_with('[') {
            format!("http://[{host}]:{port}")
        } else {
            format!("http://{host}:{port}")
        }
    }
}

/// Routes the observer tools' calls to their browser.
#[derive(Clone)]
pub struct Observer {
    config: Arc<ObserverConfig>,
    own: Daemon,
    paths: StatePaths,
    client_pid: u32,
    /// Which browser gave each target id this server has seen (`cdp_list_targets`,
    /// `cdp_observe`), so a later call naming only the target reaches it.
    known: Arc<Mutex<HashMap<String, Source>>>,
}

/// Whether something accepts connections at `host:port` (50 ms at most).
fn listening(host: &str, port: u16) -> bool {
    let addresses: Vec<SocketAddr> = (host, port)
        .to_socket_addrs()
        .map(Iterator::collect)
        .unwrap_or_default();
    addresses
        .iter()
        .any(|address| TcpStream::connect_timeout(address, Duration::from_millis(50)).is_ok())
}

impl Observer {
    pub fn new(config: ObserverConfig, own: Daemon, paths: StatePaths) -> Self {
        Observer {
            config: Arc::new(config),
            own,
            paths,
            client_pid: std::process::id(),
            known: Arc::default(),
        }
    }

    pub fn config(&self) -> &ObserverConfig {
        &self.config
    }

    /// The browser of a call with these arguments (see the module's notes).
    pub async fn source(&self, args: &Map<String, Value>) -> Result<Source, CdtError> {
        let host = args.get("host").and_then(Value::as_str).map(str::to_string);
        let port = match args.get("port") {
            None | Some(Value::Null) => None,
            Some(value) => Some(
                value
                    .as_u64()
                    .and_then(|p| u16::try_from(p).ok())
                    .ok_or_else(|| {
                        CdtError::validation(format!("port must be 1–65535, not {value}"))
                            .hinted("Pass e.g. \"port\": 9222")
                    })?,
            ),
        };
        if host.is_some() || port.is_some() {
            return Ok(Source::At {
                host: host.unwrap_or_else(|| self.config.host.clone()),
                port: port.unwrap_or(self.config.port),
            });
        }
        if let Some(known) = args
            .get("targetId")
            .and_then(Value::as_str)
            .and_then(|target| lock(&self.known).get(target).cloned())
        {
            return Ok(known);
        }
        let configured = Source::At {
            host: self.config.host.clone(),
            port: self.config.port,
        };
        if self.config.explicit {
            return Ok(configured);
        }
        let (host, port) = (self.config.host.clone(), self.config.port);
        let answers = tokio::task::spawn_blocking(move || listening(&host, port))
            .await
            .unwrap_or(false);
        Ok(if answers { configured } else { Source::Own })
    }

    /// The daemon handle for `source`, attached to it first when it is a browser at an
    /// address.
    pub async fn daemon(&self, source: &Source) -> Result<Daemon, CdtError> {
        let Source::At { host, port } = source else {
            return Ok(self.own.clone());
        };
        let caller = CallerContext {
            share_group: Some(format!("cdp-{host}-{port}")),
            client_pid: self.client_pid,
            ..CallerContext::default()
        };
        let daemon = Daemon::new(self.paths.clone(), caller);
        let attach = Operation::SessionStart(SessionStartParams {
            browser_url: Some(Source::url(host, *port)),
            allow_remote: !self.config.local_only,
            ..SessionStartParams::default()
        });
        match daemon.send(attach, None).await {
            Ok(_) => Ok(daemon),
            // Attached already, with other flags (e.g. by `cdt session start` by hand).
            Err(error) if error.code == ErrorCode::SessionAlreadyRunning => Ok(daemon),
            Err(mut error) => {
                if let Value::Object(details) = &mut error.details {
                    details.insert("host".into(), host.clone().into());
                    details.insert("port".into(), (*port).into());
                } else {
                    error.details = serde_json::json!({ "host": host, "port": port });
                }
                Err(error)
            }
        }
    }

    /// Remembers which browser the targets of a reply (`targets[].id`, `targetId`) are in.
    pub fn learn(&self, source: &Source, data: &Value) {
        let mut known = lock(&self.known);
        let ids = data["targets"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|t| t["id"].as_str())
            .chain(data["targetId"].as_str());
        for id in ids {
            known.insert(id.to_string(), source.clone());
        }
    }

    /// The browser that gave `target_id`, if this server has seen it.
    pub fn source_of(&self, target_id: &str) -> Option<Source> {
        lock(&self.known).get(target_id).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |name| map.get(name).cloned()
    }

    #[test]
    fn the_environment_of_seed_002_and_the_flags_configure_it() {
        let config = ObserverConfig::new(env(&[]), &ObserverFlags::default());
        assert_eq!(config, Ok(ObserverConfig::default()));
        let config = ObserverConfig::new(
            env(&[
                ("CDP_HOST", "localhost"),
                ("CDP_PORT", "9333"),
                ("CDP_SECURITY_LOCALONLY", "false"),
                ("DEFAULT_BUFFER_SIZE", "500"),
                ("DEFAULT_TTL_SEC", "60"),
                ("LOG_LEVEL", "debug"),
            ]),
            &ObserverFlags::default(),
        )
        .unwrap_or_default();
        assert_eq!(
            (
                config.host.as_str(),
                config.port,
                config.explicit,
                config.local_only
            ),
            ("localhost", 9333, true, false)
        );
        assert_eq!((config.buffer_size, config.ttl_sec), (500, 60));
        // Flags win over the environment.
        let flags = ObserverFlags {
            port: Some(9444),
            buffer_size: Some(7),
            no_localonly: true,
            ..ObserverFlags::default()
        };
        let config = ObserverConfig::new(env(&[("CDP_PORT", "9333")]), &flags).unwrap_or_default();
        assert_eq!(
            (config.port, config.buffer_size, config.local_only),
            (9444, 7, false)
        );
        for bad in [
            ("CDP_PORT", "http"),
            ("CDP_SECURITY_LOCALONLY", "maybe"),
            ("LOG_LEVEL", "loud"),
        ] {
            assert!(
                ObserverConfig::new(env(&[bad]), &ObserverFlags::default()).is_err(),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn addresses_are_urls_ipv6_in_brackets() {
        assert_eq!(Source::url("127.0.0.1", 9222), "http://127.0.0.1:9222");
        assert_eq!(Source::url("::1", 9222), "http://[::1]:9222");
    }
}
