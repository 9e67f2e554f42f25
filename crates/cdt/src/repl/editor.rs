//! The line editor's helper: Tab completion of commands (short ones and the CLI's), flags and
//! their values (read from the clap tree, so they always match the CLI), and the uids of the
//! last snapshot. Built only when `cdt repl` runs on a terminal.

use rustyline::completion::{Completer, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};

use super::aliases::{Action, Builtin, aliases};

pub struct ReplHelper {
    tree: clap::Command,
    /// `(uid, description)` from the session, refreshed after every line.
    pub uids: Vec<(String, String)>,
}

impl ReplHelper {
    pub fn new() -> ReplHelper {
        let mut tree = crate::cli::command_tree();
        tree.build();
        ReplHelper {
            tree,
            uids: Vec::new(),
        }
    }

    fn commands(&self, prefix: &str) -> Vec<Pair> {
        let short = aliases()
            .iter()
            .flat_map(|alias| alias.names.iter().copied());
        let long = visible_subcommands(&self.tree);
        let mut names: Vec<&str> = short
            .chain(long)
            .filter(|n| n.starts_with(prefix))
            .collect();
        names.sort_unstable();
        names.dedup();
        names.into_iter().map(|name| word(name, name)).collect()
    }

    /// The clap command the words before the cursor name, and whether a subcommand may follow.
    fn command_for<'a>(&'a self, prior: &[&str]) -> (&'a clap::Command, bool) {
        let mut command = &self.tree;
        let mut words = prior;
        if let Some(first) = prior.first()
            && let Some(alias) = aliases().iter().find(|a| a.names.contains(first))
        {
            if let Action::Cli {
                words: expansion, ..
            } = &alias.action
            {
                for word in expansion.iter().take(2) {
                    if let Some(sub) = command.find_subcommand(word) {
                        command = sub;
                    }
                }
            }
            return (command, false);
        }
        while let Some((first, rest)) = words.split_first() {
            match command.find_subcommand(first) {
                Some(sub) => {
                    command = sub;
                    words = rest;
                }
                None => return (command, false),
            }
        }
        (command, command.has_subcommands())
    }

    /// Candidates for the word that ends at the cursor; `prior` are the words before it.
    pub fn candidates(&self, prior: &[&str], current: &str) -> Vec<Pair> {
        let prior = match prior.first() {
            Some(&"cdt") => &prior[1..],
            _ => prior,
        };
        if prior.is_empty() {
            return self.commands(current);
        }
        if is_help(prior[0]) {
            let (command, more) = self.command_for(&prior[1..]);
            return if prior.len() == 1 {
                self.commands(current)
            } else if more {
                subcommands(command, current)
            } else {
                Vec::new()
            };
        }
        let (command, more) = self.command_for(prior);
        if current.starts_with('-') {
            return flags(command, current);
        }
        if let Some(values) = prior
            .last()
            .and_then(|flag| flag_values(command, flag, current))
        {
            return values;
        }
        if more {
            return subcommands(command, current);
        }
        if current.is_empty() || current.starts_with('e') {
            return self
                .uids
                .iter()
                .filter(|(uid, _)| uid.starts_with(current))
                .map(|(uid, description)| word(uid, &format!("{uid} {description}")))
                .collect();
        }
        Vec::new()
    }
}

fn is_help(name: &str) -> bool {
    aliases()
        .iter()
        .any(|a| a.names.contains(&name) && matches!(a.action, Action::Builtin(Builtin::Help)))
}

/// A candidate that inserts `replacement` and a space.
fn word(replacement: &str, display: &str) -> Pair {
    Pair {
        display: display.to_string(),
        replacement: format!("{replacement} "),
    }
}

fn visible_subcommands(command: &clap::Command) -> impl Iterator<Item = &str> {
    command
        .get_subcommands()
        .filter(|sub| !sub.is_hide_set())
        .map(clap::Command::get_name)
}

fn subcommands(command: &clap::Command, prefix: &str) -> Vec<Pair> {
    visible_subcommands(command)
        .filter(|name| name.starts_with(prefix))
        .map(|name| word(name, name))
        .collect()
}

fn flags(command: &clap::Command, prefix: &str) -> Vec<Pair> {
    let mut names: Vec<String> = command
        .get_arguments()
        .filter(|arg| !arg.is_hide_set())
        .filter_map(|arg| arg.get_long())
        .map(|long| format!("--{long}"))
        .chain(["--help".to_string()])
        .filter(|flag| flag.starts_with(prefix))
        .collect();
    names.sort_unstable();
    names.dedup();
    names.iter().map(|flag| word(flag, flag)).collect()
}

/// The values of `flag` when it takes one from a fixed set (`--wait-until load|…`).
fn flag_values(command: &clap::Command, flag: &str, prefix: &str) -> Option<Vec<Pair>> {
    let long = flag.strip_prefix("--")?;
    let arg = command
        .get_arguments()
        .find(|arg| arg.get_long() == Some(long))?;
    let values = arg.get_possible_values();
    if values.is_empty() || !arg.get_action().takes_values() {
        return None;
    }
    Some(
        values
            .iter()
            .filter(|value| !value.is_hide_set() && value.get_name().starts_with(prefix))
            .map(|value| word(value.get_name(), value.get_name()))
            .collect(),
    )
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let before = line.get(..pos).unwrap_or(line);
        let command_start = [";", "&&"]
            .iter()
            .filter_map(|separator| before.rfind(separator).map(|i| i + separator.len()))
            .max()
            .unwrap_or(0);
        let command = &before[command_start..];
        let word_start = command
            .rfind(char::is_whitespace)
            .map(|i| i + 1)
            .unwrap_or(0);
        let prior: Vec<&str> = command[..word_start].split_whitespace().collect();
        let current = &command[word_start..];
        Ok((command_start + word_start, self.candidates(&prior, current)))
    }
}

impl Hinter for ReplHelper {
    type Hint = String;
}

impl Highlighter for ReplHelper {}

impl Validator for ReplHelper {}

impl Helper for ReplHelper {}

#[cfg(test)]
mod tests {
    use super::*;

    fn replacements(helper: &ReplHelper, prior: &[&str], current: &str) -> Vec<String> {
        helper
            .candidates(prior, current)
            .into_iter()
            .map(|pair| pair.replacement.trim_end().to_string())
            .collect()
    }

    #[test]
    fn completes_commands_subcommands_flags_values_and_uids() {
        let mut helper = ReplHelper::new();
        helper.uids = vec![
            ("e2".into(), "link \"Next\"".into()),
            ("e31".into(), "button \"Go\"".into()),
        ];
        let first = replacements(&helper, &[], "e");
        assert!(
            first.contains(&"elements".to_string()) && first.contains(&"element".to_string()),
            "{first:?}"
        );
        assert_eq!(replacements(&helper, &["page"], "na"), ["navigate"]);
        assert!(
            replacements(&helper, &["page", "navigate"], "--wa")
                .contains(&"--wait-until".to_string())
        );
        assert!(replacements(&helper, &["g"], "--ti").contains(&"--timeout".to_string()));
        assert_eq!(
            replacements(&helper, &["page", "navigate", "x", "--wait-until"], "dom"),
            ["domcontentloaded"]
        );
        assert_eq!(replacements(&helper, &["c"], "e3"), ["e31"]);
        assert_eq!(
            replacements(&helper, &["element", "click"], ""),
            ["e2", "e31"]
        );
        assert_eq!(replacements(&helper, &["help", "page"], "op"), ["open"]);
        assert_eq!(
            replacements(&helper, &["cdt", "page"], "li"),
            ["list", "links"]
        );
        assert_eq!(replacements(&helper, &["cdt", "page"], "lis"), ["list"]);
    }
}
