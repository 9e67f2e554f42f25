//! The one table of the REPL's short commands (seed 003): each expands to the words of a CLI
//! command, which then goes through the CLI's own parser and execution, or is one of the few
//! built-ins that only the REPL has (variables, output mode, help, quit). `help` prints this
//! table.
//!
//! An alias never holds browser logic: it only rewrites words.

/// How the words after an alias become CLI arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// Appended as they are: `b --wait-until none` → `page back --wait-until none`.
    Append,
    /// An element: a uid (`e12`), a CSS selector (`#id`, `.class`, `a[href]`, `css=button`)
    /// or else its visible text (`Sign in`, `text=…`); `--flags` after it are appended.
    Element,
    /// An optional uid or CSS selector to read from (`--uid` / `--selector`).
    Read,
    /// An element, then the text to type into it (the rest of the words).
    ElementValue,
    /// The rest of the line as one argument (a selector or text keeps its quotes).
    Rest,
    /// The rest of the line as JavaScript: as typed, and a `$x` that is no variable stays.
    Script,
    /// `NAME <js>`: evaluates the rest of the line and stores the value in `$NAME`.
    Variable,
    /// `<n>s` or `<n>ms` waits here; anything else is a CSS selector to wait for.
    WaitFor,
    /// `top|bottom|up|down`, `<uid|selector> into view` or `x=<n> y=<n>`.
    Scroll,
}

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

#[derive(Clone, Copy, Debug)]
pub enum Action {
    /// Runs the CLI command `words` (+ the arguments in `form`), which is operation `op`.
    Cli {
        words: &'static [&'static str],
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

pub struct Alias {
    pub names: &'static [&'static str],
    pub usage: &'static str,
    pub about: &'static str,
    /// An example line, also used by the test that pins every alias to an operation.
    pub example: &'static str,
    pub action: Action,
}

const LINKS_JS: &str = "[...document.links].map(a => ({ text: (a.innerText || a.title || '').trim().slice(0, 80), href: a.href }))";
const FORMS_JS: &str = "[...document.forms].map((f, i) => ({ form: f.id || f.name || i, method: f.method, action: f.action, fields: [...f.elements].filter(e => e.type !== 'hidden').map(e => ({ name: e.name || e.id, label: ((e.labels && e.labels[0] && e.labels[0].innerText) || e.getAttribute('aria-label') || e.innerText || '').trim().slice(0, 80), type: e.type, value: e.type === 'password' ? '***' : e.value })) }))";

const fn cli(words: &'static [&'static str], op: &'static str, form: Form) -> Action {
    Action::Cli {
        words,
        op,
        form,
        settle: Settle::Nothing,
    }
}

/// An interactive command: after it, the REPL waits for the network to go idle.
const fn act(words: &'static [&'static str], op: &'static str, form: Form) -> Action {
    Action::Cli {
        words,
        op,
        form,
        settle: Settle::NetworkIdle,
    }
}

/// Every short command. Names never shadow a CLI resource (pinned by a test).
#[rustfmt::skip]
pub const ALIASES: &[Alias] = &[
    Alias { names: &["g", "goto"], usage: "g <url>", about: "load a URL in the current page", example: "g http://127.0.0.1:8080/", action: act(&["page", "navigate"], "page.navigate", Form::Append) },
    Alias { names: &["b", "back"], usage: "b", about: "go back", example: "b", action: act(&["page", "back"], "page.back", Form::Append) },
    Alias { names: &["f", "forward"], usage: "f", about: "go forward", example: "f", action: act(&["page", "forward"], "page.forward", Form::Append) },
    Alias { names: &["r", "reload"], usage: "r", about: "reload the page", example: "r --ignore-cache", action: act(&["page", "reload"], "page.reload", Form::Append) },
    Alias { names: &["c", "click"], usage: "c <uid|selector|text> [--force]", about: "click an element (--force: do not wait for what it causes)", example: "c e3", action: act(&["element", "click"], "element.click", Form::Element) },
    Alias { names: &["t", "type"], usage: "t <uid|selector> <text>", about: "fill a field with text", example: "t #email ada@example.com", action: act(&["element", "fill"], "element.fill", Form::ElementValue) },
    Alias { names: &["dblclick"], usage: "dblclick <uid|selector|text>", about: "double-click an element", example: "dblclick e3", action: act(&["element", "dblclick"], "element.dblclick", Form::Element) },
    Alias { names: &["rightclick"], usage: "rightclick <uid|selector|text>", about: "right-click an element (its context menu)", example: "rightclick e3", action: act(&["element", "click", "--button", "right"], "element.click", Form::Element) },
    Alias { names: &["clear"], usage: "clear <uid|selector|text>", about: "empty a field (alone: clear the screen)", example: "clear #email", action: act(&["element", "clear"], "element.clear", Form::Element) },
    Alias { names: &["scroll"], usage: "scroll top|bottom|up|down | scroll <uid|selector> into view | scroll x=<n> y=<n>", about: "scroll the page, or an element into view", example: "scroll bottom", action: act(&["input", "scroll"], "input.scroll", Form::Scroll) },
    Alias { names: &["hover"], usage: "hover <uid|selector|text>", about: "move the mouse over an element", example: "hover Menu", action: act(&["element", "hover"], "element.hover", Form::Element) },
    Alias { names: &["key"], usage: "key <key>", about: "press a key or chord (Enter, Control+A)", example: "key Enter", action: act(&["input", "key"], "input.key", Form::Append) },
    Alias { names: &["elements"], usage: "elements", about: "actionable elements with their uids", example: "elements", action: cli(&["capture", "snapshot", "--interactive"], "capture.snapshot", Form::Append) },
    Alias { names: &["snapshot"], usage: "snapshot", about: "the whole page as text with uids", example: "snapshot --depth 3", action: cli(&["capture", "snapshot"], "capture.snapshot", Form::Append) },
    Alias { names: &["text"], usage: "text [uid|selector]", about: "the page's readable text", example: "text main", action: cli(&["page", "text"], "page.text", Form::Read) },
    Alias { names: &["html"], usage: "html [uid|selector]", about: "the page's HTML", example: "html e4", action: cli(&["page", "html"], "page.html", Form::Read) },
    Alias { names: &["links"], usage: "links", about: "every link: text and URL", example: "links", action: cli(&["runtime", "eval", LINKS_JS], "runtime.eval", Form::Append) },
    Alias { names: &["forms"], usage: "forms", about: "every form and its fields", example: "forms", action: cli(&["runtime", "eval", FORMS_JS], "runtime.eval", Form::Append) },
    Alias { names: &["url"], usage: "url", about: "the current URL", example: "url", action: cli(&["observe", "state", "--fields", "url"], "observe.state", Form::Append) },
    Alias { names: &["title"], usage: "title", about: "the page title", example: "title", action: cli(&["observe", "state", "--fields", "title"], "observe.state", Form::Append) },
    Alias { names: &["state"], usage: "state", about: "url, title, loading, network idle, dialog, focus, scroll", example: "state", action: cli(&["observe", "state"], "observe.state", Form::Append) },
    Alias { names: &["find"], usage: "find <text>", about: "elements whose name or value contains the text", example: "find Sign in", action: cli(&["element", "find"], "element.find", Form::Rest) },
    Alias { names: &["findall"], usage: "findall <text>", about: "every element whose name or value contains the text", example: "findall Add to cart", action: cli(&["element", "find", "--limit", "1000"], "element.find", Form::Rest) },
    Alias { names: &["inspect"], usage: "inspect <uid|selector|text>", about: "details of one element", example: "inspect e3", action: cli(&["element", "inspect"], "element.inspect", Form::Element) },
    Alias { names: &["wait"], usage: "wait <selector> | wait <n>s", about: "wait for a selector to be visible, or n seconds", example: "wait #results", action: cli(&["page", "wait-selector"], "page.wait-selector", Form::WaitFor) },
    Alias { names: &["screenshot"], usage: "screenshot [--file PATH]", about: "a PNG of the viewport", example: "screenshot --full-page", action: cli(&["capture", "screenshot"], "capture.screenshot", Form::Append) },
    Alias { names: &["eval", "evaluate"], usage: "eval <js>", about: "evaluate JavaScript, print the value", example: "eval document.title", action: cli(&["runtime", "eval"], "runtime.eval", Form::Script) },
    Alias { names: &["get"], usage: "get [name] <js>", about: "evaluate JavaScript (with a name: store the value in $name)", example: "get heading document.querySelector('h1').textContent", action: cli(&["runtime", "eval"], "runtime.eval", Form::Variable) },
    Alias { names: &["set"], usage: "set <name> <value>", about: "set $name for later lines", example: "set email ada@example.com", action: Action::Builtin(Builtin::Set) },
    Alias { names: &["vars"], usage: "vars", about: "list the variables", example: "vars", action: Action::Builtin(Builtin::Vars) },
    Alias { names: &["json"], usage: "json on|off", about: "print JSON envelopes instead of text", example: "json on", action: Action::Builtin(Builtin::Json) },
    Alias { names: &["help"], usage: "help [command]", about: "this table, or a command's flags", example: "help page open", action: Action::Builtin(Builtin::Help) },
    Alias { names: &["quit"], usage: "quit", about: "leave and stop this context's browser", example: "quit", action: Action::Builtin(Builtin::Quit) },
    Alias { names: &["exit"], usage: "exit", about: "leave (the browser stays for later commands)", example: "exit", action: Action::Builtin(Builtin::Exit) },
];

pub fn find(name: &str) -> Option<&'static Alias> {
    ALIASES.iter().find(|alias| alias.names.contains(&name))
}

/// The table as `help` prints it.
pub fn table() -> String {
    let mut out = String::from(
        "Short commands (every cdt command also works without `cdt`: page open <url>, element click e3, …):\n",
    );
    for alias in ALIASES {
        let also = match alias.names {
            [_, others @ ..] if !others.is_empty() => format!(" (also: {})", others.join(", ")),
            _ => String::new(),
        };
        let runs = match alias.action {
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
        for alias in ALIASES {
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
        for alias in ALIASES {
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
        for alias in ALIASES {
            for name in alias.names {
                assert!(text.contains(name), "{name}");
            }
        }
    }
}
