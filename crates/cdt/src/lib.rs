//! The `cdt` command line: parse, collect the caller's context, send one request to the daemon
//! (starting it if needed), print one envelope, exit with the code the contract names.
//!
//! This is the hot path of every agent step, so it stays synchronous and small: no async
//! runtime, no browser code, one socket round-trip.

pub mod cli;
pub mod commands;
pub mod describe;
pub mod mcp;
pub mod output;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use cdt_domain::ops::{Operation, op_spec};
use cdt_domain::time::{CLIENT_HEADROOM_MS, now_unix_ms};
use cdt_domain::{CdtError, Deadline, ErrorCode};
use cdt_ipc::Request;
use cdt_store::StatePaths;
use clap::Parser;
use clap::error::ErrorKind;
use serde_json::{Map, Value, json};

use crate::cli::{Cli, Command, GlobalArgs, OutputFormat};
use crate::commands::Invocation;
use crate::output::{Meta, Printer};

const MAX_TIMEOUT_MS: u64 = 3_600_000;

fn exit(code: i32) -> ExitCode {
    ExitCode::from(u8::try_from(code).unwrap_or(11))
}

use cdt_client::{caller, daemon as client, request_id};

/// `page open` from the leading words of argv, for messages about a command that did not parse.
fn command_words(args: &[String]) -> String {
    args.iter()
        .skip(1)
        .take_while(|a| !a.starts_with('-'))
        .take(2)
        .cloned()
        .collect::<Vec<_>>()
        .join(" ")
}

fn command_path(command: &Command) -> String {
    let args: Vec<String> = std::env::args().collect();
    match command {
        Command::Errors => "errors".into(),
        Command::Mcp => "mcp".into(),
        _ => command_words(&args),
    }
}

pub fn run() -> ExitCode {
    let started = Instant::now();
    let args: Vec<String> = std::env::args().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(error) => return usage_error(&error, &args, started),
    };
    let printer = Printer {
        format: cli.global.output,
        fields: cli.global.fields.clone(),
    };
    let invocation = commands::invocation(&cli.command, cli.global.verbose);
    let path = command_path(&cli.command);
    let mut meta = Meta {
        request_id: request_id(),
        duration_ms: 0,
        context: None,
        warnings: Vec::new(),
    };
    if cli.global.describe {
        printer.success("describe", describe::describe(&path, &invocation), &meta);
        return ExitCode::SUCCESS;
    }
    if let Invocation::Mcp = invocation {
        // Returns only if the server could not be started.
        let error = mcp::exec(&cli.global);
        printer.failure(&error, &meta);
        return exit(error.exit_code().as_i32());
    }
    let op = match &invocation {
        Invocation::Remote { op, .. } => *op,
        Invocation::DaemonLogs { .. } => "daemon.logs",
        _ => "local",
    };
    let result = execute(&cli.global, invocation, &meta.request_id);
    meta.duration_ms = started.elapsed().as_millis() as u64;
    match result {
        Ok((data, reply_meta)) => {
            meta.context = reply_meta.context;
            meta.warnings = reply_meta.warnings;
            printer.success(op, data, &meta);
            ExitCode::SUCCESS
        }
        Err((error, reply_meta)) => {
            meta.context = reply_meta.context;
            let error = error.ensure_suggestion();
            if cli.global.debug {
                Printer::stderr(&format!(
                    "cdt: {op} failed after {} ms: {error:?}\n",
                    meta.duration_ms
                ));
            }
            printer.failure(&error, &meta);
            exit(error.exit_code().as_i32())
        }
    }
}

fn usage_error(error: &clap::Error, args: &[String], started: Instant) -> ExitCode {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let text = error.render().to_string();
            let mut stdout = std::io::stdout().lock();
            let _ = std::io::Write::write_all(&mut stdout, text.as_bytes());
            return ExitCode::SUCCESS;
        }
        _ => {}
    }
    let words = command_words(args);
    let rendered = error.render().to_string();
    if error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        Printer::stderr(&rendered);
    }
    let message = rendered
        .lines()
        .next()
        .unwrap_or("invalid arguments")
        .trim_start_matches("error: ")
        .to_string();
    let help = if words.is_empty() {
        "cdt --help".to_string()
    } else {
        format!("cdt {words} --help")
    };
    let error = CdtError::new(ErrorCode::ValidationError, message)
        .with_details(json!({ "usage": rendered.lines().filter(|l| l.trim_start().starts_with("Usage:")).collect::<Vec<_>>() }))
        .hinted(format!("Run: {help}"));
    let format = if args
        .windows(2)
        .any(|w| w[0] == "--output" && w[1] == "text")
        || args.iter().any(|a| a == "--output=text")
    {
        OutputFormat::Text
    } else {
        OutputFormat::Json
    };
    let meta = Meta {
        request_id: request_id(),
        duration_ms: started.elapsed().as_millis() as u64,
        context: None,
        warnings: Vec::new(),
    };
    Printer {
        format,
        fields: None,
    }
    .failure(&error, &meta);
    exit(ErrorCode::ValidationError.exit_code().as_i32())
}

type Executed = Result<(Value, cdt_ipc::ReplyMeta), (CdtError, cdt_ipc::ReplyMeta)>;

fn local(result: Result<Value, CdtError>) -> Executed {
    result
        .map(|data| (data, Default::default()))
        .map_err(|error| (error, Default::default()))
}

fn read_input_file(source: &str) -> Result<Map<String, Value>, CdtError> {
    let text = if source == "-" {
        std::io::read_to_string(std::io::stdin())
    } else {
        std::fs::read_to_string(source)
    }
    .map_err(|error| {
        CdtError::validation(format!("cannot read --input-file {source}: {error}"))
            .hinted("Pass an existing JSON file, or - for stdin")
    })?;
    match serde_json::from_str::<Value>(&text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(
            CdtError::validation("--input-file must hold a JSON object of parameters")
                .hinted("Run the command with --describe to see its parameters"),
        ),
        Err(error) => Err(
            CdtError::validation(format!("--input-file is not valid JSON: {error}"))
                .hinted("Check the file with: jq . <file>"),
        ),
    }
}

/// Parameters that name files the daemon reads or writes. The daemon has its own working
/// directory, so a relative path from `--input-file` is resolved here, against the caller's,
/// exactly as the flags' paths are (`commands::network::absolute`).
const PATH_PARAMS: &[&str] = &["file", "files"];

fn resolve_paths(params: &mut Map<String, Value>) {
    let absolute = |value: &mut Value| {
        if let Some(path) = value.as_str()
            && let Ok(resolved) = std::path::absolute(path)
        {
            *value = Value::String(resolved.display().to_string());
        }
    };
    for key in PATH_PARAMS {
        match params.get_mut(*key) {
            Some(Value::Array(list)) => list.iter_mut().for_each(absolute),
            Some(value) => absolute(value),
            None => {}
        }
    }
}

fn budget(global: &GlobalArgs, op: &str) -> Result<u64, CdtError> {
    match global.timeout {
        Some(0) => Err(CdtError::validation("--timeout must be at least 1 ms")
            .hinted("Use e.g. --timeout 5000")),
        Some(ms) if ms > MAX_TIMEOUT_MS => Err(CdtError::validation(format!(
            "--timeout is capped at {MAX_TIMEOUT_MS} ms"
        ))
        .hinted("Use e.g. --timeout 60000")),
        Some(ms) => Ok(ms),
        None => Ok(op_spec(op)
            .map(|spec| spec.default_timeout_ms)
            .unwrap_or(10_000)),
    }
}

fn build_operation(
    global: &GlobalArgs,
    op: &str,
    flags: Map<String, Value>,
) -> Result<Operation, CdtError> {
    let mut params = match &global.input_file {
        Some(source) => read_input_file(source)?,
        None => Map::new(),
    };
    resolve_paths(&mut params);
    params.extend(flags);
    serde_json::from_value(json!({ "op": op, "params": params })).map_err(|error| {
        let words = op.replace('.', " ");
        let example = op_spec(op).map(|spec| spec.example).unwrap_or_default();
        CdtError::validation(format!("invalid arguments for cdt {words}: {error}"))
            .hinted(format!("Example: {example}"))
            .hinted(format!("Run: cdt {words} --help"))
    })
}

fn execute(global: &GlobalArgs, invocation: Invocation, request_id: &str) -> Executed {
    let paths = match StatePaths::from_env() {
        Ok(paths) => paths,
        Err(error) => return local(Err(error)),
    };
    match invocation {
        Invocation::ErrorTable => local(Ok(commands::errors::table())),
        Invocation::Mcp => local(Err(CdtError::internal(
            "cdt mcp is a server, not a one-shot command",
        ))),
        Invocation::DaemonLogs { lines } => local(daemon_logs(&paths, lines)),
        Invocation::DaemonStatus { verbose } => {
            let mut params = Map::new();
            params.insert("verbose".into(), json!(verbose));
            remote_if_running(global, &paths, "daemon.status", params, request_id)
        }
        Invocation::DaemonStop => {
            let result = remote_if_running(global, &paths, "daemon.stop", Map::new(), request_id);
            // A daemon of another protocol cannot be asked; this explicit stop is the one place
            // it is stopped by its pid (SIGTERM stops its browsers first, then SIGKILL).
            if let Err((error, _)) = &result
                && error.code == ErrorCode::DaemonUnavailable
                && error.details["incompatible"] == true
                && let Some(pid) = error.details["pid"]
                    .as_u64()
                    .and_then(|p| u32::try_from(p).ok())
            {
                let deadline = Instant::now()
                    + Duration::from_millis(budget(global, "daemon.stop").unwrap_or(15_000));
                return local(
                    client::stop_pid(&paths, pid, deadline)
                        .map(|()| json!({ "running": true, "stopped": true, "otherBuild": true })),
                );
            }
            if let Ok((data, _)) = &result
                && data["stopping"] == true
            {
                let budget = budget(global, "daemon.stop").unwrap_or(15_000);
                let exited =
                    client::wait_for_exit(&paths, Instant::now() + Duration::from_millis(budget));
                return result.map(|(mut data, meta)| {
                    data["stopped"] = json!(exited);
                    (data, meta)
                });
            }
            result
        }
        Invocation::Remote { op, params } => {
            let result = (|| {
                let operation = build_operation(global, op, params)?;
                let caller = caller::collect(global.share_group.clone(), global.context_id.clone());
                let budget = budget(global, op)?;
                if global.debug {
                    Printer::stderr(&format!("cdt: sending {op} (budget {budget} ms)\n"));
                }
                cdt_client::send(&paths, operation, caller, budget, request_id)
            })();
            match result {
                Ok(reply) => reply.into_result(),
                Err(error) => Err((error, Default::default())),
            }
        }
    }
}

/// Sends a daemon op only if a daemon runs; otherwise reports `running: false`.
fn remote_if_running(
    global: &GlobalArgs,
    paths: &StatePaths,
    op: &'static str,
    params: Map<String, Value>,
    request_id: &str,
) -> Executed {
    let budget = match budget(global, op) {
        Ok(budget) => budget,
        Err(error) => return local(Err(error)),
    };
    let deadline = Instant::now() + Duration::from_millis(budget);
    let connection = match client::connect_existing(paths, deadline) {
        Ok(Some(connection)) => connection,
        Ok(None) => {
            return local(Ok(
                json!({ "running": false, "home": paths.root(), "socket": paths.socket() }),
            ));
        }
        Err(error) => return local(Err(error)),
    };
    let operation = match build_operation(global, op, params) {
        Ok(operation) => operation,
        Err(error) => return local(Err(error)),
    };
    let caller = caller::collect(global.share_group.clone(), global.context_id.clone());
    let request = Request {
        id: request_id.to_string(),
        operation,
        caller,
        deadline: Deadline::new(now_unix_ms(), budget),
    };
    match connection.call(
        &request,
        deadline + Duration::from_millis(CLIENT_HEADROOM_MS),
    ) {
        Ok(reply) => reply.into_result().map(|(mut data, meta)| {
            data["running"] = json!(true);
            (data, meta)
        }),
        Err(error) => Err((error, Default::default())),
    }
}

fn daemon_logs(paths: &StatePaths, lines: usize) -> Result<Value, CdtError> {
    let path = paths.daemon_log();
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(error) => {
            return Err(CdtError::new(
                ErrorCode::IoError,
                format!("cannot read {}: {error}", path.display()),
            )
            .hinted(format!("Check permissions: ls -l {}", path.display())));
        }
    };
    let all: Vec<&str> = text.lines().collect();
    let tail = &all[all.len().saturating_sub(lines)..];
    Ok(json!({ "path": path, "lines": tail }))
}
