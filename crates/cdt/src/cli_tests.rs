//! The command tree against the operation table: every op has its command, and every op's
//! example parses to that op with parameters the daemon accepts.

use clap::{CommandFactory, Parser};
use serde_json::{Map, Value, json};

use crate::cli::Cli;
use crate::commands::Invocation;
use crate::repl::line::{Variables, words};

/// Every operation the daemon serves has its CLI command, at the path its wire name spells
/// (`page.wait-text` → `cdt page wait-text`), so an op is never reachable only from MCP or
/// the REPL. That this command really sends the op is shown by its example
/// (`every_operation_example_parses_to_that_operation`).
#[test]
fn every_operation_has_a_cli_command() {
    let root = Cli::command();
    let missing: Vec<&str> = cdt_domain::ops::OP_SPECS
        .iter()
        .map(|spec| spec.name)
        .filter(|name| {
            let mut command = &root;
            for word in name.split('.') {
                match command.find_subcommand(word) {
                    Some(sub) => command = sub,
                    None => return true,
                }
            }
            command.has_subcommands()
        })
        .collect();
    assert!(missing.is_empty(), "ops without a CLI command: {missing:?}");
}

/// The operation a parsed command sends the daemon and its parameters from flags, as
/// `execute` builds them; `None` for a local action.
fn request(invocation: Invocation) -> Option<(&'static str, Map<String, Value>)> {
    match invocation {
        Invocation::Remote { op, params } => Some((op, params)),
        Invocation::DaemonStatus { verbose } => Some((
            "daemon.status",
            Map::from_iter([("verbose".into(), json!(verbose))]),
        )),
        Invocation::DaemonStop => Some(("daemon.stop", Map::new())),
        _ => None,
    }
}

/// Every op's `--describe` example (also the hint of its validation errors) goes through
/// the real parser, lands on that op, at the command its wire name spells, and carries
/// parameters the daemon accepts.
#[test]
fn every_operation_example_parses_to_that_operation() {
    let mut failures = Vec::new();
    for spec in cdt_domain::ops::OP_SPECS {
        let argv = match words(spec.example, &Variables::new()) {
            Ok(argv) => argv,
            Err(error) => {
                failures.push(format!("{}: cannot split: {}", spec.example, error.message));
                continue;
            }
        };
        if argv.first().map(String::as_str) != Some("cdt") {
            failures.push(format!("{}: does not start with cdt", spec.example));
            continue;
        }
        let path: Vec<&str> = spec.name.split('.').collect();
        if argv.get(1..=path.len())
            != Some(&path.iter().map(|w| w.to_string()).collect::<Vec<_>>()[..])
        {
            failures.push(format!("{}: is not `cdt {}`", spec.example, path.join(" ")));
            continue;
        }
        let cli = match Cli::try_parse_from(&argv) {
            Ok(cli) => cli,
            Err(error) => {
                failures.push(format!("{}: does not parse: {error}", spec.example));
                continue;
            }
        };
        let Some((op, params)) = request(crate::cli::invocation(&cli.command, cli.global.verbose))
        else {
            failures.push(format!("{}: runs locally, not {}", spec.example, spec.name));
            continue;
        };
        if op != spec.name {
            failures.push(format!("{}: sends {op}, not {}", spec.example, spec.name));
            continue;
        }
        let wire = json!({ "op": op, "params": params });
        if let Err(error) = serde_json::from_value::<cdt_domain::ops::Operation>(wire.clone()) {
            failures.push(format!(
                "{}: the daemon refuses {wire}: {error}",
                spec.example
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "examples that are wrong:\n{}",
        failures.join("\n")
    );
}

/// The real tree's completion scripts and man page name its commands.
#[test]
fn completions_and_the_man_page_cover_the_real_tree() {
    use crate::commands::completions::{Shell, script};
    for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
        let text = script(shell, crate::cli::command_tree());
        assert!(
            text.contains("navigate") && text.contains("wait-until"),
            "{shell:?}"
        );
    }
    let page = crate::commands::man::page(crate::cli::command_tree()).unwrap_or_default();
    assert!(page.contains("repl") && page.contains("doctor"));
}

/// Regression: `fill-form --field` shared the id `fields` with the global `--fields`, so its
/// values were also taken as the output projection (and the reply's `data` came back empty).
#[test]
fn regression_fill_form_field_is_not_the_global_fields() {
    let cli = Cli::try_parse_from(["cdt", "element", "fill-form", "--field", "e1=ada"]);
    let cli = cli.unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(cli.global.fields, None);
    let invocation = crate::cli::invocation(&cli.command, false);
    let Invocation::Remote { params, .. } = invocation else {
        panic!("fill-form is a daemon operation");
    };
    assert_eq!(params["fields"], json!([{ "uid": "e1", "value": "ada" }]));
}
