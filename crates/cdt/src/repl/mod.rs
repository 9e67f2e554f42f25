//! `cdt repl` (seed 003, SPEC §11): an interactive shell over the same daemon, in the caller's
//! context. On a terminal it reads lines with an editor (history per context under
//! `$CDT_HOME/repl/`, Tab completion); with `--exec` or piped input it runs the lines as a
//! script and exits with the first failure's exit code.
//!
//! It adds no browser logic: every command becomes the CLI's own words, parsed by the CLI's
//! clap tree and run by [`crate::execute::dispatch`]. Nothing here runs on the one-shot CLI path; the
//! line editor is created only when `cdt repl` reads a terminal.

pub mod aliases;
mod editor;
mod expand;

pub use expand::with_short_form;
#[cfg(test)]
mod fuzz;
mod interrupt;
pub mod line;
pub mod session;
mod uids;

use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;

use cdt_client::{caller, request_id};
use cdt_domain::ops::{Operation, VerboseParams};
use cdt_domain::{CdtError, ContextKey, ErrorCode};
use cdt_store::{StatePaths, ensure_private_dir};
use rustyline::error::ReadlineError;
use rustyline::history::FileHistory;
use rustyline::{CompletionType, Config, Editor};

use crate::args::{GlobalArgs, OutputFormat};
use crate::commands::repl::ReplArgs;
use crate::output::Printer;
use editor::ReplHelper;
use session::{Flow, Session};

fn exit(code: i32) -> ExitCode {
    ExitCode::from(u8::try_from(code).unwrap_or(11))
}

/// Runs the REPL. Text output unless `--output json` was given (`json on` switches later).
pub fn run(global: &GlobalArgs, args: &ReplArgs, output: Option<OutputFormat>) -> ExitCode {
    let mut session = Session::new(global.clone(), output == Some(OutputFormat::Json));
    session.keep_going = args.keep_going;
    if let Some(exec) = &args.exec {
        return exit(script(&mut session, [Ok(exec.clone())]));
    }
    if std::io::stdin().is_terminal() {
        return exit(interactive(session));
    }
    exit(script(&mut session, std::io::stdin().lock().lines()))
}

/// Runs lines until the first failure (or all of them with `--keep-going`), or `quit`.
fn script(session: &mut Session, lines: impl IntoIterator<Item = std::io::Result<String>>) -> i32 {
    let mut first_failure = 0;
    for line in lines {
        let line = match line {
            Ok(line) => line,
            Err(error) => {
                let error =
                    CdtError::new(ErrorCode::IoError, format!("cannot read a line: {error}"))
                        .hinted("Feed the REPL UTF-8 text, one command per line");
                Printer {
                    format: if session.json {
                        OutputFormat::Json
                    } else {
                        OutputFormat::Text
                    },
                    fields: None,
                }
                .failure(
                    &error,
                    &crate::output::Meta {
                        request_id: request_id(),
                        duration_ms: 0,
                        context: None,
                        warnings: Vec::new(),
                    },
                );
                return if first_failure == 0 {
                    error.exit_code().as_i32()
                } else {
                    first_failure
                };
            }
        };
        let (code, quit) = match session.run_line(&line) {
            Flow::Next(code) => (code, false),
            Flow::Quit(code) => (code, true),
        };
        if first_failure == 0 {
            first_failure = code;
        }
        if quit || (code != 0 && !session.keep_going) {
            break;
        }
    }
    first_failure
}

/// The history file of the caller's context, asked of the daemon (`session status`), so the
/// key is the one the daemon resolves for every command of this REPL.
fn history_file(session: &Session) -> Result<(std::path::PathBuf, String), CdtError> {
    let paths = StatePaths::from_env()?;
    let global = session.global();
    let reply = cdt_client::send(
        &paths,
        Operation::SessionStatus(VerboseParams::default()),
        caller::collect(global.share_group.clone(), global.context_id.clone()),
        global.timeout.unwrap_or(10_000),
        &request_id(),
    )?;
    let (_, meta) = reply.into_result().map_err(|(error, _)| error)?;
    let key = meta
        .context
        .as_deref()
        .and_then(ContextKey::parse)
        .ok_or_else(|| CdtError::new(ErrorCode::ProtocolError, "the daemon named no context"))?;
    ensure_private_dir(&paths.repl_dir())?;
    Ok((
        paths.repl_dir().join(format!("{}.history", key.hash())),
        key.to_string(),
    ))
}

fn interactive(mut session: Session) -> i32 {
    let config = Config::builder()
        .max_history_size(1000)
        .and_then(|c| c.history_ignore_dups(true))
        .map(|c| {
            c.completion_type(CompletionType::List)
                .auto_add_history(false)
                .build()
        });
    let editor = config.and_then(Editor::<ReplHelper, FileHistory>::with_config);
    let mut editor = match editor {
        Ok(editor) => editor,
        Err(error) => {
            Printer::stderr(&format!(
                "cdt repl: cannot start the line editor: {error}\n"
            ));
            return ErrorCode::InternalError.exit_code().as_i32();
        }
    };
    editor.set_helper(Some(ReplHelper::new()));
    let history = match history_file(&session) {
        Ok((path, context)) => {
            if path.exists()
                && let Err(error) = editor.load_history(&path)
            {
                Printer::stderr(&format!("cdt repl: history not loaded: {error}\n"));
            }
            Printer::stderr(&format!(
                "cdt repl — context {context}. `help` lists the short commands, Tab completes, `quit` leaves.\n"
            ));
            Some(path)
        }
        Err(error) => {
            Printer::stderr(&format!(
                "cdt repl: no saved history ({}). `help` lists the short commands.\n",
                error.message
            ));
            None
        }
    };
    interrupt::install();
    loop {
        match editor.readline("cdt> ") {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                    if let Some(path) = &history
                        && let Err(error) = editor.append_history(path)
                    {
                        Printer::stderr(&format!("cdt repl: history not saved: {error}\n"));
                    }
                }
                let flow = session.run_line(&line);
                if let Some(helper) = editor.helper_mut() {
                    helper.uids = session.uids.matching("");
                }
                if let Flow::Quit(_) = flow {
                    return 0;
                }
            }
            Err(ReadlineError::Interrupted) => {}
            Err(ReadlineError::Eof) => return 0,
            Err(error) => {
                Printer::stderr(&format!("cdt repl: {error}\n"));
                return ErrorCode::IoError.exit_code().as_i32();
            }
        }
    }
}
