//! One parsed command, run: `--describe`, a local action, or one request to the daemon within
//! its budget, turned into an [`Outcome`] that the one-shot CLI and the REPL print with the one
//! printer. Also the usage failure for arguments clap refused.

use std::time::{Duration, Instant};

use cdt_domain::ops::{OP_SPECS, Op, OpSpec, Operation, op, op_spec};
use cdt_domain::time::{CLIENT_HEADROOM_MS, now_unix_ms};
use cdt_domain::{CdtError, Deadline, ErrorCode, RunHint, Suggestion};
use cdt_ipc::Request;
use cdt_store::StatePaths;
use clap::ValueEnum;
use clap::error::ErrorKind;
use serde_json::{Map, Value, json};

use crate::args::{GlobalArgs, OutputFormat};
use crate::cli::{self, Cli, Command, LocalCommand};
use crate::commands::{self, Invocation};
use crate::describe;
use crate::output::{Meta, Printer};
use crate::render;

const MAX_TIMEOUT_MS: u64 = 3_600_000;

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

fn command_path(command: &Command, args: &[String]) -> String {
    match command {
        Command::Local(LocalCommand::Errors) => "errors".into(),
        Command::Local(LocalCommand::Mcp(_)) => "mcp".into(),
        Command::Local(LocalCommand::Http(_)) => "http".into(),
        _ => command_words(args),
    }
}

/// The `--output` (`-o`) format named on the command line, if any (the REPL defaults to text).
pub(crate) fn explicit_output(args: &[String]) -> Option<OutputFormat> {
    args.iter().enumerate().find_map(|(index, arg)| {
        let named = arg
            .strip_prefix("--output")
            .or_else(|| arg.strip_prefix("-o"));
        let value = match named {
            Some("") => args.get(index + 1)?.as_str(),
            Some(rest) if arg.starts_with("-o") => rest.strip_prefix('=').unwrap_or(rest),
            Some(rest) => rest.strip_prefix('=')?,
            None => return None,
        };
        OutputFormat::from_str(value, true).ok()
    })
}

/// What one command produced, not yet printed.
pub struct Outcome {
    /// The operation's wire name (`page.open`), or a local name (`local`, `daemon.logs`).
    pub op: &'static str,
    pub meta: Meta,
    pub result: Result<Value, CdtError>,
    /// Text printed as is instead of an envelope (`completions`, `man`).
    pub raw: Option<String>,
}

impl Outcome {
    /// Prints the envelope (or the text form, or the raw text) and returns the exit code.
    pub fn print(self, printer: &Printer, debug: bool) -> i32 {
        if let Some(raw) = &self.raw {
            Printer::raw(raw);
            return 0;
        }
        match self.result {
            Ok(data) => match printer.select(data) {
                Ok(data) => {
                    printer.success(self.op, &data, &self.meta);
                    0
                }
                Err(error) => {
                    printer.failure(&error, &self.meta);
                    error.exit_code().as_i32()
                }
            },
            Err(error) => {
                // A failure that carries a report (the doctor's checks) shows it in text too.
                if printer.format == OutputFormat::Text
                    && let Some(report) = render::compact(self.op, &error.details)
                {
                    Printer::raw(&report);
                }
                if debug {
                    Printer::stderr(&format!(
                        "cdt: {} failed after {} ms: {error:?}\n",
                        self.op, self.meta.duration_ms
                    ));
                }
                printer.failure(&error, &self.meta);
                error.exit_code().as_i32()
            }
        }
    }
}

/// Runs one parsed command: `--describe`, a local action or one daemon request. Prints
/// nothing; the one-shot CLI and the REPL both print the [`Outcome`] with the one printer.
/// `args` are the words the command was parsed from (`cdt page open …`).
pub fn dispatch(cli: &Cli, args: &[String], started: Instant) -> Outcome {
    let invocation = cli::invocation(&cli.command, cli.global.verbose);
    let path = command_path(&cli.command, args);
    let mut meta = Meta {
        request_id: request_id(),
        duration_ms: 0,
        context: None,
        warnings: Vec::new(),
    };
    if cli.global.describe {
        return Outcome {
            op: "describe",
            result: Ok(describe::describe(&path, &invocation)),
            meta,
            raw: None,
        };
    }
    if let Invocation::Listen { params } = &invocation {
        let result = listen(&cli.global, params, &meta.request_id);
        meta.duration_ms = started.elapsed().as_millis() as u64;
        return Outcome {
            op: <op::CdpListen as Op>::NAME,
            meta,
            // The events were printed as they came: nothing more on success.
            raw: result.is_ok().then(String::new),
            result: result.map(|()| Value::Null),
        };
    }
    let op = match &invocation {
        Invocation::Remote { op, .. } => *op,
        Invocation::DaemonLogs { .. } => "daemon.logs",
        Invocation::Doctor => "doctor",
        _ => "local",
    };
    let raw = match &invocation {
        Invocation::Completions(shell) => Some(Ok(commands::completions::script(
            *shell,
            cli::command_tree(),
        ))),
        Invocation::Man { dir: None } => Some(commands::man::page(cli::command_tree())),
        _ => None,
    };
    if let Some(raw) = raw {
        meta.duration_ms = started.elapsed().as_millis() as u64;
        let (raw, result) = match raw {
            Ok(text) => (Some(text), Ok(Value::Null)),
            Err(error) => (None, Err(error)),
        };
        return Outcome {
            op,
            meta,
            result,
            raw,
        };
    }
    let result = execute(&cli.global, invocation, &meta.request_id);
    meta.duration_ms = started.elapsed().as_millis() as u64;
    let result = match result {
        Ok((data, reply_meta)) => {
            // The context a reply ran in is told when something may be off (a warning, or a
            // failure below) or asked for (`--verbose`): every other reply is shorter by it,
            // and `cdt session status` always tells it.
            let tell = cli.global.verbose || !reply_meta.warnings.is_empty();
            meta.context = reply_meta.context.filter(|_| tell);
            meta.warnings = reply_meta.warnings;
            Ok(data)
        }
        Err((error, reply_meta)) => {
            meta.context = reply_meta.context;
            Err(error.ensure_suggestion())
        }
    };
    Outcome {
        op,
        meta,
        result,
        raw: None,
    }
}

/// The envelope for arguments clap refused: `Ok(help text)` for `--help`/`--version`, else the
/// `VALIDATION_ERROR` naming the command's `--help`.
pub fn usage_failure(error: &clap::Error, args: &[String]) -> Result<String, CdtError> {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            return Ok(error.render().to_string());
        }
        _ => {}
    }
    let mut words = command_words(args);
    let mut near = Vec::new();
    // An unknown subcommand's help is its parent's (`cdt input --help`, not `cdt input press
    // --help`).
    if let Some(clap::error::ContextValue::String(unknown)) =
        error.get(clap::error::ContextKind::InvalidSubcommand)
    {
        // The group is the words before it (`cdt click e5`: none, not `e5`).
        let kept: Vec<&str> = words.split(' ').take_while(|w| w != unknown).collect();
        words = kept.join(" ");
        let spelt = match error.get(clap::error::ContextKind::SuggestedSubcommand) {
            Some(clap::error::ContextValue::String(word)) => vec![word.clone()],
            Some(clap::error::ContextValue::Strings(words)) => words.clone(),
            _ => Vec::new(),
        };
        near = commands_near(&words, unknown, &spelt);
    }
    // A flag the command does not take names the commands that take it (`element fill
    // --submit` → `input type`).
    if let Some(clap::error::ContextValue::String(flag)) =
        error.get(clap::error::ContextKind::InvalidArg)
        && error.kind() == ErrorKind::UnknownArgument
    {
        near = commands_taking(flag, &words);
    }
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
    let mut error = CdtError::new(ErrorCode::ValidationError, message)
        .with_details(json!({ "usage": rendered.lines().filter(|l| l.trim_start().starts_with("Usage:")).collect::<Vec<_>>() }));
    error.suggestions.extend(near);
    Err(error.hinted(format!("Run: {help}")))
}

/// The commands an agent may have meant by `unknown` under `group` (`element`, or none at the
/// top), each with what it does: the same word under another group (`element type` → `input
/// type`) and the command a REPL short form of that name runs (`goto` → `page navigate`, `type`
/// → `element fill`); failing those, the group's command clap finds spelt nearly so (`clik` →
/// `click`).
fn commands_near(group: &str, unknown: &str, spelt: &[String]) -> Vec<Suggestion> {
    let words = |spec: &OpSpec| match spec.name.rsplit_once('.') {
        Some((path, last)) => (path.replace('.', " "), last),
        None => (String::new(), spec.name),
    };
    let elsewhere = |spec: &&OpSpec| {
        let (path, last) = words(spec);
        (path != group && last == unknown)
            || (unknown.len() > 1
                && spec
                    .aliases
                    .iter()
                    .any(|alias| alias.names.contains(&unknown)))
    };
    let spelt_so = |spec: &&OpSpec| {
        let (path, last) = words(spec);
        path == group && spelt.iter().any(|word| word == last)
    };
    let mut near: Vec<&OpSpec> = OP_SPECS.iter().filter(elsewhere).collect();
    if near.is_empty() {
        near = OP_SPECS.iter().filter(spelt_so).collect();
    }
    near.into_iter()
        .map(|spec| {
            Suggestion::Run(RunHint {
                op: spec.name.to_string(),
                args: String::new(),
                rest: format!(" — {}", spec.summary),
            })
        })
        .collect()
}

/// The commands other than `command` that take `flag` (`--submit`, `--submit=Enter`), each with
/// what it does; three at most.
fn commands_taking(flag: &str, command: &str) -> Vec<Suggestion> {
    let Some(long) = flag.strip_prefix("--") else {
        return Vec::new();
    };
    let long = long.split('=').next().unwrap_or(long);
    let tree = cli::command_tree();
    let takes = |spec: &&OpSpec| {
        let mut at = &tree;
        for word in spec.name.split('.') {
            match at.find_subcommand(word) {
                Some(sub) => at = sub,
                None => return false,
            }
        }
        at.get_arguments().any(|arg| arg.get_long() == Some(long))
    };
    OP_SPECS
        .iter()
        .filter(|spec| spec.name.replace('.', " ") != command)
        .filter(takes)
        .take(3)
        .map(|spec| {
            Suggestion::Run(RunHint {
                op: spec.name.to_string(),
                args: String::new(),
                rest: format!(" — takes --{long}: {}", spec.summary),
            })
        })
        .collect()
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
/// directory, so a relative path, from a flag or from `--input-file`, is resolved here,
/// against the caller's.
const PATH_PARAMS: &[&str] = &["file", "files", "bodyFile", "compare", "dir"];

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
    params.extend(flags);
    resolve_paths(&mut params);
    serde_json::from_value(json!({ "op": op, "params": params })).map_err(|error| {
        let words = op.replace('.', " ");
        let example = op_spec(op).map(|spec| spec.example()).unwrap_or_default();
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
        Invocation::Server => local(Err(CdtError::validation(
            "cdt mcp and cdt http are servers, not commands to run here",
        )
        .hinted("Run them from a shell (or an MCP client's config): cdt mcp, cdt http"))),
        Invocation::Doctor => local(commands::doctor::run(global, &paths)),
        Invocation::Man { dir: Some(dir) } => {
            local(commands::man::write_pages(&dir, cli::command_tree()))
        }
        Invocation::Repl => local(Err(CdtError::validation("the REPL is already running")
            .hinted("Type a command without the cdt prefix, e.g. page list"))),
        // Printed as text by `dispatch` before anything is executed.
        Invocation::Man { dir: None } | Invocation::Completions(_) => local(Ok(Value::Null)),
        Invocation::DaemonLogs { lines } => local(daemon_logs(&paths, lines)),
        Invocation::DaemonStatus { verbose } => {
            let mut params = Map::new();
            params.insert("verbose".into(), json!(verbose));
            // This build's protocol, beside the running daemon's: what a raw client sends.
            remote_if_running(global, &paths, "daemon.status", params, request_id).map(
                |(mut data, meta)| {
                    data["clientProtocol"] = json!(cdt_domain::PROTOCOL_VERSION);
                    (data, meta)
                },
            )
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
        // Run by `dispatch` before anything else.
        Invocation::Listen { .. } => {
            local(Err(CdtError::internal("cdp listen is run by dispatch")))
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

/// `cdt cdp listen`: starts a listener, then polls it, printing each event as one JSON line as
/// it comes, until its count or time is reached (Ctrl-C ends it too; the daemon drops a listener
/// nobody polls).
fn listen(
    global: &GlobalArgs,
    params: &Map<String, Value>,
    request_id: &str,
) -> Result<(), CdtError> {
    let paths = StatePaths::from_env()?;
    let caller = caller::collect(global.share_group.clone(), global.context_id.clone());
    let name = <op::CdpListen as Op>::NAME;
    let mut next = params.clone();
    loop {
        let operation = build_operation(global, name, next.clone())?;
        let budget = budget(global, name)?;
        let reply = cdt_client::send(&paths, operation, caller.clone(), budget, request_id)?;
        let (data, meta) = reply.into_result().map_err(|(error, _)| error)?;
        for warning in meta.warnings {
            Printer::stderr(&format!("warning: {warning}\n"));
        }
        for event in data["events"].as_array().into_iter().flatten() {
            Printer::raw(&format!("{event}\n"));
        }
        if data["dropped"].as_u64().is_some_and(|n| n > 0) {
            Printer::stderr(&format!(
                "warning: {} events dropped (the listener's buffer was full)\n",
                data["dropped"]
            ));
        }
        if data["done"] == true {
            return Ok(());
        }
        next = Map::new();
        next.insert("listener".into(), data["listener"].clone());
        if let Some(page) = params.get("page") {
            next.insert("page".into(), page.clone());
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
        passive: false,
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
