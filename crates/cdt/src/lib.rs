//! The `cdt` command line: parse, collect the caller's context, send one request to the daemon
//! (starting it if needed), print one envelope, exit with the code the contract names.
//!
//! This is the hot path of every agent step, so it stays synchronous and small: no async
//! runtime, no browser code, one socket round-trip.

pub mod args;
pub mod cli;
#[cfg(test)]
mod cli_tests;
pub mod commands;
pub mod describe;
#[cfg(test)]
mod docs;
pub mod execute;
#[cfg(test)]
mod module_graph;
pub mod output;
pub mod render;
pub mod repl;
pub mod servers;

use std::process::ExitCode;
use std::time::Instant;

use cdt_client::request_id;
use cdt_domain::ErrorCode;

use crate::args::OutputFormat;
use crate::cli::{Cli, Command, LocalCommand};
use crate::execute::{dispatch, explicit_output, usage_failure};
use crate::output::{Meta, Printer};
use crate::servers::Server;

pub use crate::execute::Outcome;

fn exit(code: i32) -> ExitCode {
    ExitCode::from(u8::try_from(code).unwrap_or(11))
}

pub fn run() -> ExitCode {
    let started = Instant::now();
    let args: Vec<String> = std::env::args().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(error) => return usage_error(&error, &args, started),
    };
    if let Command::Local(LocalCommand::Repl(repl_args)) = &cli.command
        && !cli.global.describe
    {
        return repl::run(&cli.global, repl_args, explicit_output(&args));
    }
    let printer = Printer {
        format: cli.global.output,
        fields: cli.global.fields.clone(),
    };
    let server = match &cli.command {
        Command::Local(LocalCommand::Mcp(args)) => Some((Server::Mcp, servers::mcp_flags(args))),
        Command::Local(LocalCommand::Http(args)) => Some((Server::Http, servers::http_flags(args))),
        _ => None,
    };
    if let Some((server, flags)) = server
        && !cli.global.describe
    {
        // Returns only if the server could not be started.
        let error = servers::exec(server, &cli.global, &flags);
        let meta = Meta {
            request_id: request_id(),
            duration_ms: started.elapsed().as_millis() as u64,
            context: None,
            warnings: Vec::new(),
        };
        printer.failure(&error, &meta);
        return exit(error.exit_code().as_i32());
    }
    let outcome = dispatch(&cli, &args, started);
    exit(outcome.print(&printer, cli.global.debug))
}

fn usage_error(error: &clap::Error, args: &[String], started: Instant) -> ExitCode {
    let error = match usage_failure(error, args) {
        Ok(help) => {
            Printer::raw(&help);
            return ExitCode::SUCCESS;
        }
        Err(error) => error,
    };
    // Words that read as a short form of the command (the REPL's `scroll bottom`): what the
    // CLI takes instead, first.
    let error = repl::with_short_form(error, args);
    let format = explicit_output(args).unwrap_or(OutputFormat::Json);
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
