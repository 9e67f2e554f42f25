//! One REPL session: its variables, output mode and the uids it has seen, and running a line.
//! A command is either a built-in (`set`, `vars`, `json`, `help`, `quit`), or CLI words — an
//! alias expanded, or a CLI command typed without `cdt` — which go through the CLI's own parser
//! ([`Cli::try_parse_from`]) and [`crate::execute::dispatch`], and are printed by the one printer.

use std::time::Instant;

use cdt_client::request_id;
use cdt_domain::{CdtError, ErrorCode, Warning, WarningCode};
use serde_json::{Value, json};

use super::aliases::{self, Action, Builtin, SETTLE_MS, Settle};
use super::expand::{self, Expansion};
use super::line::{self, Variables};
use super::uids::Uids;
use crate::args::{GlobalArgs, OutputFormat};
use crate::cli::{Cli, Command, LocalCommand};
use crate::output::{Meta, Printer};

/// The exit code of a command cancelled with Ctrl-C (128 + SIGINT, as shells report it).
const INTERRUPTED_EXIT: i32 = 130;

/// What to do after a line.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on; the exit code of the line's first failure (0 when all succeeded).
    Next(i32),
    /// `quit`, with the exit code of an earlier failure on the same line.
    Quit(i32),
}

pub struct Session {
    /// Options given to `cdt repl` (context, share group, timeout), used by every command.
    global: GlobalArgs,
    /// JSON envelopes (`json on`) instead of text.
    pub json: bool,
    /// Run every command of a line even after one failed.
    pub keep_going: bool,
    pub variables: Variables,
    pub uids: Uids,
}

fn meta(started: Instant) -> Meta {
    Meta {
        request_id: request_id(),
        duration_ms: started.elapsed().as_millis() as u64,
        context: None,
        warnings: Vec::new(),
    }
}

impl Session {
    pub fn new(global: GlobalArgs, json: bool) -> Session {
        Session {
            global,
            json,
            keep_going: false,
            variables: Variables::new(),
            uids: Uids::default(),
        }
    }

    /// The options every command inherits.
    pub fn global(&self) -> &GlobalArgs {
        &self.global
    }

    fn format(&self) -> OutputFormat {
        if self.json {
            OutputFormat::Json
        } else {
            OutputFormat::Text
        }
    }

    /// Runs a line's commands in order; stops at the first failure unless `keep_going`.
    pub fn run_line(&mut self, text: &str) -> Flow {
        let commands = match line::split_commands(text) {
            Ok(commands) => commands,
            Err(error) => return Flow::Next(self.fail(&error, Instant::now())),
        };
        let mut first_failure = 0;
        for command in commands {
            let (code, quit) = self.run_command(&command);
            if first_failure == 0 {
                first_failure = code;
            }
            if quit {
                return Flow::Quit(first_failure);
            }
            if code != 0 && !self.keep_going {
                break;
            }
        }
        Flow::Next(first_failure)
    }

    /// Runs one command; returns its exit code and whether to quit.
    fn run_command(&mut self, command: &str) -> (i32, bool) {
        let started = Instant::now();
        let (name, rest) = line::first_word(command);
        let (command, name, rest) = if name == "cdt" {
            let (name, after) = line::first_word(rest);
            (rest, name, after)
        } else {
            (command, name, rest)
        };
        if let Some(alias) = aliases::find(name) {
            return match alias.action {
                Action::Builtin(Builtin::Exit) => (0, true),
                // `quit` stops this context's browser too (`exit` keeps it).
                Action::Builtin(Builtin::Quit) => (self.quit(started), true),
                Action::Builtin(builtin) => (self.builtin(builtin, rest, started), false),
                Action::Cli { .. } => match expand::expand(alias, rest, &self.variables) {
                    Ok(Expansion::Sleep(pause)) => {
                        std::thread::sleep(pause);
                        let ms = pause.as_millis() as u64;
                        let text = format!("waited {ms} ms\n");
                        (
                            self.local("repl.wait", &json!({ "waitedMs": ms }), &text, started),
                            false,
                        )
                    }
                    Ok(Expansion::ClearScreen) => {
                        if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
                            Printer::raw("\x1b[H\x1b[2J");
                        }
                        (0, false)
                    }
                    Ok(Expansion::Words {
                        words,
                        store,
                        settle,
                    }) => (
                        self.run_words(words, store.as_deref(), settle, started),
                        false,
                    ),
                    Err(error) => (self.fail(&error, started), false),
                },
            };
        }
        match line::words(command, &self.variables) {
            Ok(words) => (self.run_words(words, None, Settle::Nothing, started), false),
            Err(error) => (self.fail(&error, started), false),
        }
    }

    /// Parses CLI words with the CLI's parser and runs them as the CLI would. Ctrl-C while it
    /// runs cancels it (exit code 130, as a shell reports an interrupted command).
    /// `quit`: stops this context's browser (`session stop`); with none running there is
    /// nothing to stop, and leaving is still a success.
    fn quit(&mut self, started: Instant) -> i32 {
        let argv: Vec<String> = ["cdt", "session", "stop"].map(String::from).to_vec();
        let mut cli = match Cli::try_parse_from(&argv) {
            Ok(cli) => cli,
            Err(error) => return self.fail(&CdtError::internal(error.to_string()), started),
        };
        self.inherit(&mut cli.global);
        let outcome = crate::execute::dispatch(&cli, &argv, started);
        if let Err(error) = &outcome.result
            && error.code == ErrorCode::SessionNotFound
        {
            let data = json!({ "stopped": false });
            return self.local("repl.quit", &data, "no browser to stop\n", started);
        }
        let printer = Printer {
            format: self.format(),
            fields: None,
        };
        outcome.print(&printer, cli.global.debug)
    }

    fn run_words(
        &mut self,
        words: Vec<String>,
        store: Option<&str>,
        settle: Settle,
        started: Instant,
    ) -> i32 {
        let mut argv = vec!["cdt".to_string()];
        argv.extend(words);
        let mut cli = match Cli::try_parse_from(&argv) {
            Ok(cli) => cli,
            Err(error) => {
                return match crate::execute::usage_failure(&error, &argv) {
                    Ok(help) => {
                        Printer::raw(&help);
                        0
                    }
                    Err(error) => self.fail(&super::expand::with_short_form(error, &argv), started),
                };
            }
        };
        if matches!(cli.command, Command::Local(LocalCommand::Repl(_))) {
            let error = CdtError::validation("the REPL is already running")
                .hinted("Type a command without the cdt prefix, e.g. page list");
            return self.fail(&error, started);
        }
        if cli.global.input_file.as_deref() == Some("-") {
            let error = CdtError::validation("--input-file - would read the REPL's own input")
                .hinted("Pass a file: --input-file params.json");
            return self.fail(&error, started);
        }
        self.inherit(&mut cli.global);
        let printer = Printer {
            format: crate::execute::explicit_output(&argv).unwrap_or(self.format()),
            fields: cli.global.fields.clone(),
        };
        super::interrupt::take();
        let mut outcome = crate::execute::dispatch(&cli, &argv, started);
        if outcome.result.is_ok() && settle == Settle::NetworkIdle {
            self.settle(&cli.global, &mut outcome);
        }
        if super::interrupt::take() {
            let op = outcome.op;
            Printer::stderr(&format!(
                "^C cancelled {op} (the daemon stops it; the page keeps whatever it had done)\n"
            ));
            return INTERRUPTED_EXIT;
        }
        if let Ok(data) = &outcome.result {
            self.uids.learn(outcome.op, data);
            if let Some(name) = store {
                let value = match &data["value"] {
                    Value::String(text) => text.clone(),
                    Value::Null => String::new(),
                    other => other.to_string(),
                };
                self.variables.insert(name.to_string(), value.clone());
                if printer.format == OutputFormat::Text {
                    Printer::raw(&format!("${name} = {value}\n"));
                    return 0;
                }
            }
        }
        outcome.print(&printer, cli.global.debug)
    }

    /// Seed 003's wait after an interactive command: the network idle, at most
    /// [`SETTLE_MS`]. Past that the reply stands as it is, with a `NETWORK_BUSY` warning, and
    /// the agent decides.
    fn settle(&self, global: &GlobalArgs, outcome: &mut crate::execute::Outcome) {
        let argv: Vec<String> = ["cdt", "page", "wait-idle", "--timeout"]
            .map(String::from)
            .into_iter()
            .chain([SETTLE_MS.to_string()])
            .collect();
        let Ok(mut wait) = Cli::try_parse_from(&argv) else {
            return;
        };
        wait.global.share_group = global.share_group.clone();
        wait.global.context_id = global.context_id.clone();
        let waited = crate::execute::dispatch(&wait, &argv, Instant::now());
        if let Err(error) = waited.result
            && error.code == ErrorCode::Timeout
        {
            outcome.meta.warnings.push(Warning::new(
                WarningCode::NetworkBusy,
                format!(
                    "the network was not idle within {} s; this is the page as it is now (add --force to skip the wait)",
                    SETTLE_MS / 1000
                ),
            ));
        }
    }

    /// A command's own options win; those given to `cdt repl` fill the gaps.
    fn inherit(&self, line: &mut GlobalArgs) {
        let session = &self.global;
        line.timeout = line.timeout.or(session.timeout);
        line.share_group = line.share_group.take().or(session.share_group.clone());
        line.context_id = line.context_id.take().or(session.context_id.clone());
        line.fields = line.fields.take().or(session.fields.clone());
        line.verbose |= session.verbose;
        line.debug |= session.debug;
    }

    fn builtin(&mut self, builtin: Builtin, rest: &str, started: Instant) -> i32 {
        match builtin {
            Builtin::Set => {
                let (name, value) = line::first_word(rest);
                let value = line::rest(value, &self.variables, true);
                match value {
                    Ok(value) if line::is_variable_name(name) => {
                        self.variables.insert(name.to_string(), value.clone());
                        let text = format!("${name} = {value}\n");
                        self.local(
                            "repl.set",
                            &json!({ "name": name, "value": value }),
                            &text,
                            started,
                        )
                    }
                    Ok(_) => {
                        let error = CdtError::validation(format!(
                            "`{name}` is not a variable name (letters, digits, _)"
                        ))
                        .hinted("Example: set email ada@example.com");
                        self.fail(&error, started)
                    }
                    Err(error) => self.fail(&error, started),
                }
            }
            Builtin::Vars => {
                let text: String = self
                    .variables
                    .iter()
                    .map(|(name, value)| format!("${name} = {value}\n"))
                    .collect();
                let data = json!({ "variables": self.variables });
                self.local("repl.vars", &data, &text, started)
            }
            Builtin::Json => {
                match rest.trim() {
                    "on" => self.json = true,
                    "off" => self.json = false,
                    "" => {}
                    other => {
                        let error =
                            CdtError::validation(format!("json takes on or off, not `{other}`"))
                                .hinted("Run: json on");
                        return self.fail(&error, started);
                    }
                }
                let mode = if self.json { "on" } else { "off" };
                self.local(
                    "repl.json",
                    &json!({ "json": self.json }),
                    &format!("json {mode}\n"),
                    started,
                )
            }
            Builtin::Help => self.help(rest, started),
            Builtin::Quit | Builtin::Exit => 0,
        }
    }

    fn help(&mut self, topic: &str, started: Instant) -> i32 {
        let topic = topic.trim();
        if topic.is_empty() {
            let data: Vec<Value> = aliases::aliases()
                .iter()
                .map(|alias| {
                    let runs = match &alias.action {
                        Action::Cli { words, op, .. } => json!({ "words": words, "op": op }),
                        Action::Builtin(_) => Value::Null,
                    };
                    json!({ "names": alias.names, "usage": alias.usage, "about": alias.about, "runs": runs })
                })
                .collect();
            return self.local(
                "repl.help",
                &json!({ "aliases": data }),
                &aliases::table(),
                started,
            );
        }
        let (name, _) = line::first_word(topic);
        let mut words: Vec<String> = match aliases::find(name).map(|alias| (alias, &alias.action)) {
            Some((alias, Action::Cli { words, .. })) => {
                Printer::raw(&format!(
                    "{}: {} (runs: cdt {})\n\n",
                    alias.usage,
                    alias.about,
                    words.iter().take(2).copied().collect::<Vec<_>>().join(" ")
                ));
                words.iter().take(2).map(|w| (*w).to_string()).collect()
            }
            Some((alias, Action::Builtin(_))) => {
                let text = format!("{}: {}\n", alias.usage, alias.about);
                return self.local(
                    "repl.help",
                    &json!({ "usage": alias.usage, "about": alias.about }),
                    &text,
                    started,
                );
            }
            None => match line::words(topic, &self.variables) {
                Ok(words) => words,
                Err(error) => return self.fail(&error, started),
            },
        };
        words.push("--help".into());
        self.run_words(words, None, Settle::Nothing, started)
    }

    /// Prints a built-in's result: an envelope with `json on`, else `text`.
    fn local(&self, op: &str, data: &Value, text: &str, started: Instant) -> i32 {
        if self.json {
            let printer = Printer {
                format: OutputFormat::Json,
                fields: None,
            };
            printer.success(op, data, &meta(started));
        } else if !text.is_empty() {
            Printer::raw(text);
        }
        0
    }

    /// Prints an error found before anything ran; returns its exit code.
    fn fail(&self, error: &CdtError, started: Instant) -> i32 {
        let printer = Printer {
            format: self.format(),
            fields: None,
        };
        printer.failure(error, &meta(started));
        error.exit_code().as_i32()
    }
}
