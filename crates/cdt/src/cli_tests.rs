//! The command tree against the operation table: every op has its command, and every op's
//! example parses to that op with parameters the daemon accepts.

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
    let root = crate::cli::command_tree();
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
/// Every command, groups included (`cdt downloads`, `cdt capture video`), has a summary for
/// `--help` and the docs: a resource added without its line in `RESOURCES` fails here.
#[test]
fn every_command_has_a_summary() {
    fn walk(command: &clap::Command, path: &mut Vec<String>, missing: &mut Vec<String>) {
        for sub in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
            path.push(sub.get_name().to_string());
            if sub
                .get_about()
                .is_none_or(|about| about.to_string().trim().is_empty())
            {
                missing.push(path.join(" "));
            }
            walk(sub, path, missing);
            path.pop();
        }
    }
    let mut missing = Vec::new();
    walk(&crate::cli::command_tree(), &mut Vec::new(), &mut missing);
    assert!(
        missing.is_empty(),
        "commands without a summary: {missing:?}"
    );
}

fn request(invocation: Invocation) -> Option<(&'static str, Map<String, Value>)> {
    match invocation {
        Invocation::Remote { op, params } => Some((op, params)),
        Invocation::DaemonStatus { verbose } => Some((
            "daemon.status",
            Map::from_iter([("verbose".into(), json!(verbose))]),
        )),
        Invocation::DaemonStop => Some(("daemon.stop", Map::new())),
        Invocation::Listen { params } => Some(("cdp.listen", params)),
        _ => None,
    }
}

/// The command line of an example: without a trailing `# comment`; `None` for one that is
/// not a plain `cdt …` line (a pipe into cdt, an environment prefix).
fn example_line(example: &str) -> Option<&str> {
    let line = example.split("  #").next().unwrap_or(example).trim();
    (line.starts_with("cdt ") && !line.contains(" | ")).then_some(line)
}

/// What is wrong with `example` of `spec`, if anything: it must go through the real parser,
/// land on that op, at the command its wire name spells, and carry parameters the daemon
/// accepts.
fn example_failure(spec: &cdt_domain::ops::OpSpec, example: &str) -> Option<String> {
    let argv = match words(example, &Variables::new()) {
        Ok(argv) => argv,
        Err(error) => return Some(format!("{example}: cannot split: {}", error.message)),
    };
    let path: Vec<String> = spec.name.split('.').map(str::to_string).collect();
    if argv.get(1..=path.len()) != Some(&path[..]) {
        return Some(format!("{example}: is not `cdt {}`", path.join(" ")));
    }
    let cli = match Cli::try_parse_from(&argv) {
        Ok(cli) => cli,
        Err(error) => return Some(format!("{example}: does not parse: {error}")),
    };
    let Some((op, params)) = request(crate::cli::invocation(&cli.command, cli.global.verbose))
    else {
        return Some(format!("{example}: runs locally, not {}", spec.name));
    };
    if op != spec.name {
        return Some(format!("{example}: sends {op}, not {}", spec.name));
    }
    let wire = json!({ "op": op, "params": params });
    serde_json::from_value::<cdt_domain::ops::Operation>(wire.clone())
        .err()
        .map(|error| format!("{example}: the daemon refuses {wire}: {error}"))
}

/// Every example of every op (`--describe`'s, the hint of its validation errors, and those
/// `--help` prints) is a command that works: run through the real parser to that op with
/// parameters the daemon accepts.
#[test]
fn every_operation_example_parses_to_that_operation() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for spec in cdt_domain::ops::OP_SPECS {
        if example_line(spec.example()).is_none() {
            failures.push(format!(
                "{}: --describe's example is not a plain cdt line",
                spec.name
            ));
        }
        for example in spec.examples.iter().filter_map(|e| example_line(e)) {
            checked += 1;
            failures.extend(example_failure(spec, example));
        }
    }
    assert!(checked > 150, "only {checked} examples checked");
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
