//! The one table of the REPL's short commands (seed 003): each expands to the words of a CLI
//! command, which then goes through the CLI's own parser and execution, or is one of the few
//! built-ins that only the REPL has (variables, output mode, help, quit). `help` prints this
//! table.
//!
//! An alias never holds browser logic: it only rewrites words.

pub use cdt_domain::ops::Form;
use cdt_domain::ops::{Effect, OP_SPECS, OpSpec};

/// A command only the REPL has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    Set,
    Vars,
    Json,
    Help,
    /// Leaves and stops this context's browser.
    Quit,
    /// Leaves; the browser stays for later commands.
    Exit,
}

#[derive(Clone, Debug)]
pub enum Action {
    /// Runs the CLI command `words` (+ the arguments in `form`), which is operation `op`.
    Cli {
        words: Vec<&'static str>,
        op: &'static str,
        form: Form,
        /// What the REPL waits for after it (seed 003's wait strategy).
        settle: Settle,
    },
    Builtin(Builtin),
}

/// What the REPL waits for after a command (seed 003: every interactive command waits for
/// the network to be idle, at most 3 s, unless `--force`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settle {
    /// Nothing more than the command itself does.
    Nothing,
    /// Network idle, at most [`SETTLE_MS`]; past that the reply is the page as it is, with a
    /// `NETWORK_BUSY` warning.
    NetworkIdle,
}

/// How long the REPL waits for the network to go idle after an interactive command.
pub const SETTLE_MS: u64 = 3_000;

/// A short command: an operation's (declared in its `OpSpec::aliases`) or a built-in.
#[derive(Clone, Debug)]
pub struct Alias {
    pub names: &'static [&'static str],
    pub usage: &'static str,
    pub about: &'static str,
    /// An example line, also used by the test that pins every alias to an operation.
    pub example: &'static str,
    pub action: Action,
}

const fn builtin(
    names: &'static [&'static str],
    usage: &'static str,
    about: &'static str,
    example: &'static str,
    builtin: Builtin,
) -> (
    &'static [&'static str],
    &'static str,
    &'static str,
    &'static str,
    Builtin,
) {
    (names, usage, about, example, builtin)
}

/// The commands only the REPL has.
#[rustfmt::skip]
const BUILTINS: &[(&[&str], &str, &str, &str, Builtin)] = &[
    builtin(&["set"], "set <name> <value>", "set $name for later lines", "set email ada@example.com", Builtin::Set),
    builtin(&["vars"], "vars", "list the variables", "vars", Builtin::Vars),
    builtin(&["json"], "json on|off", "print JSON envelopes instead of text", "json on", Builtin::Json),
    builtin(&["help"], "help [command]", "this table, or a command's flags", "help page open", Builtin::Help),
    builtin(&["quit"], "quit", "leave and stop this context's browser", "quit", Builtin::Quit),
    builtin(&["exit"], "exit", "leave (the browser stays for later commands)", "exit", Builtin::Exit),
];

/// An operation's short form: its command's words, then the alias's own.
fn of_operation(spec: &'static OpSpec, alias: &'static cdt_domain::ops::Alias) -> Alias {
    let mut words: Vec<&'static str> = spec.name.split('.').collect();
    words.extend(alias.words);
    Alias {
        names: alias.names,
        usage: alias.usage,
        about: alias.about,
        example: alias.example,
        action: Action::Cli {
            words,
            op: spec.name,
            form: alias.form,
            // Seed 003: interactive commands wait for the network to go idle after them.
            settle: if spec.effect == Effect::Acts {
                Settle::NetworkIdle
            } else {
                Settle::Nothing
            },
        },
    }
}

/// Every short command: the operations' (in the table's order), then the built-ins. Names never
/// shadow a CLI resource (pinned by a test).
pub fn aliases() -> &'static [Alias] {
    static TABLE: std::sync::OnceLock<Vec<Alias>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: Vec<Alias> = OP_SPECS
            .iter()
            .flat_map(|spec| {
                spec.aliases
                    .iter()
                    .map(move |alias| of_operation(spec, alias))
            })
            .collect();
        table.extend(
            BUILTINS
                .iter()
                .map(|&(names, usage, about, example, builtin)| Alias {
                    names,
                    usage,
                    about,
                    example,
                    action: Action::Builtin(builtin),
                }),
        );
        table
    })
}

pub fn find(name: &str) -> Option<&'static Alias> {
    aliases().iter().find(|alias| alias.names.contains(&name))
}

/// The table as `help` prints it.
pub fn table() -> String {
    let mut out = String::from(
        "Short commands (every cdt command also works without `cdt`: page open <url>, element click e3, …):\n",
    );
    for alias in aliases() {
        let also = match alias.names {
            [_, others @ ..] if !others.is_empty() => format!(" (also: {})", others.join(", ")),
            _ => String::new(),
        };
        let runs = match &alias.action {
            Action::Cli { words, .. } if !words.iter().any(|w| w.contains(' ')) => {
                format!("  → {}", words.join(" "))
            }
            Action::Cli { op, .. } => format!("  → {op}"),
            Action::Builtin(_) => String::new(),
        };
        out.push_str(&format!(
            "  {:<30} {}{also}{runs}\n",
            alias.usage, alias.about
        ));
    }
    out.push_str("`a ; b` and `a && b` run in order and stop at a failure; $name is a variable; # starts a comment;\n");
    out.push_str("Tab completes commands, flags and uids; Up recalls earlier lines. help <command> shows its flags.\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Cli;
    use crate::commands::Invocation;
    use crate::repl::expand::tests::expanded;

    /// Every alias runs an operation that exists, through the CLI's own parser.
    #[test]
    fn every_alias_maps_to_an_existing_op() {
        for alias in aliases() {
            let Action::Cli { op, .. } = alias.action else {
                continue;
            };
            assert!(
                cdt_domain::ops::op_spec(op).is_some(),
                "{op} is no operation"
            );
            let mut argv = vec!["cdt".to_string()];
            argv.extend(expanded(alias.example));
            let cli = Cli::try_parse_from(&argv)
                .unwrap_or_else(|e| panic!("{}: {argv:?} does not parse: {e}", alias.example));
            match crate::cli::invocation(&cli.command, false) {
                Invocation::Remote { op: parsed, .. } => assert_eq!(parsed, op, "{argv:?}"),
                _ => panic!("{argv:?} is not a daemon operation"),
            }
        }
    }

    #[test]
    fn no_alias_shadows_a_cli_command() {
        let tree = crate::cli::command_tree();
        for alias in aliases() {
            for name in alias.names {
                assert!(
                    tree.find_subcommand(name).is_none(),
                    "{name} shadows cdt {name}"
                );
            }
        }
    }

    #[test]
    fn help_prints_every_name() {
        let text = table();
        for alias in aliases() {
            for name in alias.names {
                assert!(text.contains(name), "{name}");
            }
        }
    }
}
