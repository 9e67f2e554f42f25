//! `cdt http`: cdt over loopback HTTP (seed 003's "API 协议"), so a program in any language can
//! drive it with an HTTP client instead of the socket's framing and the context rules.
//!
//! Every operation is `POST /op/<name>` with its parameters as the JSON body, answering cdt's
//! envelope (`{ok, data|error, meta}`) with an HTTP status from the error's exit-code class;
//! `GET /ops` lists them with their schemas and `GET /openapi.json` describes them all. Seed
//! 003's endpoints (`POST /cmd/goto?url=…`, `GET /elements`, …) map onto operations. Nothing
//! here holds browser logic: a request becomes one operation for the daemon, like a CLI call.
//!
//! It is its own binary (`cdt http` execs it), so the one-shot CLI never carries a server.
//! Security: loopback only unless `--allow-remote`; a random bearer token in a 0600 file,
//! required on every request; `Host` and `Origin` checked; bodies capped (see [`guard`]).

mod daemon;
mod endpoints;
mod envelope;
pub mod guard;
mod openapi;
mod routes;
mod seed;

use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;

use cdt_domain::CdtError;
use cdt_store::StatePaths;

/// Who the server acts for by default, and where it listens.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub port: u16,
    pub bind: IpAddr,
    pub allow_remote: bool,
    /// Print the token of the server on this port (for scripts) and exit.
    pub print_token: bool,
    pub share_group: Option<String>,
    pub context_id: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            port: DEFAULT_PORT,
            bind: IpAddr::from([127, 0, 0, 1]),
            allow_remote: false,
            print_token: false,
            share_group: None,
            context_id: None,
        }
    }
}

/// Seed 003's server port.
pub const DEFAULT_PORT: u16 = 8765;

const USAGE: &str = "usage: cdt-http [--port PORT] [--bind ADDR] [--allow-remote] [--print-token]
                [--share-group NAME] [--context-id ID]
Serves every cdt operation over HTTP on ADDR:PORT (default 127.0.0.1:8765; usually started as
`cdt http`). Every request needs `Authorization: Bearer <token>`; --print-token prints it.
See docs/http.md.";

/// Parses the flags (also `--flag=value`).
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut options = Options::default();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) => (flag, Some(value.to_string())),
            None => (arg.as_str(), None),
        };
        match flag {
            "-h" | "--help" => return Err(USAGE.to_string()),
            "--allow-remote" => {
                options.allow_remote = true;
                continue;
            }
            "--print-token" => {
                options.print_token = true;
                continue;
            }
            "--port" | "--bind" | "--share-group" | "--context-id" => {}
            _ => return Err(format!("unexpected argument {arg:?}\n{USAGE}")),
        }
        let value = inline
            .or_else(|| args.next().cloned())
            .filter(|v| !v.is_empty())
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        match flag {
            "--port" => {
                options.port = value
                    .parse()
                    .map_err(|_| format!("--port needs a port number, not {value:?}\n{USAGE}"))?;
            }
            "--bind" => {
                options.bind = value.parse().map_err(|_| {
                    format!("--bind needs an IP address (e.g. 127.0.0.1), not {value:?}\n{USAGE}")
                })?;
            }
            "--share-group" => options.share_group = Some(value),
            _ => options.context_id = Some(value),
        }
    }
    Ok(options)
}

/// The `cdt-http` binary: arguments, then [`run`].
pub fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match parse_args(&args) {
        Ok(options) => run(&options),
        Err(message) => {
            report(&message);
            let help = args.iter().any(|a| a == "-h" || a == "--help");
            ExitCode::from(if help { 0 } else { 2 })
        }
    }
}

/// Serves until interrupted; `--print-token` prints the token instead. Errors are printed as
/// cdt's envelope on stdout, with the exit code of their class.
pub fn run(options: &Options) -> ExitCode {
    let result = StatePaths::from_env().and_then(|paths| {
        if options.print_token {
            let token = guard::read_token(&paths, options.port)?;
            print_line(&token);
            return Ok(());
        }
        serve(options, paths)
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            print_line(&envelope::failure_body(&error, &envelope::Meta::default()).to_string());
            ExitCode::from(u8::try_from(error.exit_code().as_i32()).unwrap_or(11))
        }
    }
}

fn serve(options: &Options, paths: StatePaths) -> Result<(), CdtError> {
    guard::check_bind(options.bind, options.allow_remote)?;
    let caller =
        cdt_client::caller::collect(options.share_group.clone(), options.context_id.clone());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|error| CdtError::internal(format!("cannot start the runtime: {error}")))?;
    runtime.block_on(async move {
        let address = SocketAddr::new(options.bind, options.port);
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|error| {
                CdtError::new(
                    cdt_domain::ErrorCode::IoError,
                    format!("cannot listen on {address}: {error}"),
                )
                .hinted(format!(
                    "Choose another port: cdt http --port {}",
                    options.port.wrapping_add(1)
                ))
            })?;
        let port = listener
            .local_addr()
            .map(|a| a.port())
            .unwrap_or(options.port);
        let token = guard::new_token(&paths, port)?;
        let state = routes::State::new(
            paths.clone(),
            caller,
            guard::Guard::new(token, options.bind, port),
        );
        let file = guard::token_file(&paths, port);
        report(&format!(
            "cdt http: serving every cdt operation on http://{address} (token in {}; docs/http.md)",
            file.display()
        ));
        let app = routes::router(state.clone());
        axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    () = state.stopped() => {}
                }
            })
            .await
            .map_err(|error| CdtError::internal(format!("the HTTP server failed: {error}")))?;
        // The token is of no use once the server is gone.
        let _ = std::fs::remove_file(&file);
        Ok(())
    })
}

#[allow(clippy::print_stdout)]
fn print_line(text: &str) {
    println!("{text}");
}

#[allow(clippy::print_stderr)]
fn report(message: &str) {
    eprintln!("{message}");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn arguments() {
        let options = parse_args(&args(&["--port", "9000", "--bind=::1", "--print-token"]))
            .unwrap_or_default();
        assert_eq!(options.port, 9000);
        assert_eq!(
            options.bind,
            "::1".parse::<IpAddr>().unwrap_or(options.bind)
        );
        assert!(options.print_token);
        assert_eq!(parse_args(&[]).ok(), Some(Options::default()));
        assert!(parse_args(&args(&["--port", "x"])).is_err());
        assert!(parse_args(&args(&["--bind", "localhost"])).is_err());
        assert!(parse_args(&args(&["--verbose"])).is_err());
    }
}
