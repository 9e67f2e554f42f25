//! Expanding a short command into CLI words: a target word read as a uid, a CSS selector or a
//! visible text; the rest of a line kept as JavaScript; `wait <n>s` as a pause. It only
//! rewrites words; what they mean is the CLI's business.

use std::time::Duration;

use cdt_domain::CdtError;

use super::aliases::{Action, Alias, Form, Settle, aliases};
use super::line::{self, Variables};

/// What an alias line turned into.
#[derive(Debug, PartialEq)]
pub enum Expansion {
    /// CLI words (without `cdt`), a variable to store the eval result in, and what to wait
    /// for after the command.
    Words {
        words: Vec<String>,
        store: Option<String>,
        settle: Settle,
    },
    /// `wait <n>s`: a pause, nothing sent.
    Sleep(Duration),
    /// `clear` alone: clears the screen, nothing sent.
    ClearScreen,
}

/// `scroll top|bottom|up|down`, `scroll <uid|selector> into view`, `scroll x=<n> y=<n>`: the
/// wheel for directions (with an action's feedback), the element command for `into view`, and
/// `window.scrollTo` for a position (at once, whatever the page's `scroll-behavior`), answering
/// where the page came to rest.
fn scroll_words(alias: &Alias, rest: &str, variables: &Variables) -> Result<Vec<String>, CdtError> {
    let (what, flags) = line::split_flags(rest);
    let what = line::rest(what, variables, true)?;
    let flags = line::words(flags, variables)?;
    let wheel = |dy: &str| -> Vec<String> {
        let mut words: Vec<String> = ["input", "scroll", "--dy", dy].map(String::from).to_vec();
        words.extend(flags.iter().cloned());
        words
    };
    let words = match what.as_str() {
        "top" => wheel("-1000000"),
        "bottom" => wheel("1000000"),
        "up" => wheel("-600"),
        "down" => wheel("600"),
        _ => {
            if let Some(target) = what.strip_suffix(" into view").map(str::trim) {
                if target.is_empty() {
                    return Err(usage(alias));
                }
                let mut words: Vec<String> =
                    ["element", "scroll-into-view"].map(String::from).to_vec();
                element_words(classify(target), &mut words);
                words.extend(flags);
                return Ok(words);
            }
            let mut position = what.split_whitespace().filter_map(|part| {
                let (axis, value) = part.split_once('=')?;
                Some((
                    axis.to_string(),
                    value.parse::<f64>().ok().filter(|v| v.is_finite())?,
                ))
            });
            match (position.next(), position.next(), position.next()) {
                (Some((x_axis, x)), Some((y_axis, y)), None) if x_axis == "x" && y_axis == "y" => {
                    let mut words: Vec<String> = vec![
                        "runtime".into(),
                        "eval".into(),
                        format!(
                            "window.scrollTo({{ left: {x}, top: {y}, behavior: 'instant' }}), ({{ x: scrollX, y: scrollY }})"
                        ),
                    ];
                    words.extend(flags);
                    words
                }
                _ => return Err(usage(alias)),
            }
        }
    };
    Ok(words)
}

/// A line's element and the words after it. A quoted target may hold spaces (`t "Your name"
/// Ada`); an unquoted one is the first word as typed, so a selector keeps its own quotes.
fn target_then_words(rest: &str, variables: &Variables) -> Result<(String, Vec<String>), CdtError> {
    if rest.starts_with(['\'', '"']) {
        let mut parts = line::words(rest, variables)?.into_iter();
        return Ok((parts.next().unwrap_or_default(), parts.collect()));
    }
    let (target, after) = line::first_word(rest);
    Ok((
        line::rest(target, variables, true)?,
        line::words(after, variables)?,
    ))
}

fn usage(alias: &Alias) -> CdtError {
    CdtError::validation(format!("usage: {}", alias.usage))
        .hinted(format!("Example: {}", alias.example))
        .hinted(format!("Run: help {}", alias.names[0]))
}

fn is_uid(word: &str) -> bool {
    word.len() > 1 && word.starts_with('e') && word[1..].chars().all(|c| c.is_ascii_digit())
}

/// How a target word reads: uid, CSS selector or visible text.
enum Target {
    Uid(String),
    Selector(String),
    Text(String),
}

fn classify(word: &str) -> Target {
    if let Some(css) = word.strip_prefix("css=") {
        return Target::Selector(css.into());
    }
    if let Some(text) = word.strip_prefix("text=") {
        return Target::Text(text.into());
    }
    if is_uid(word) {
        return Target::Uid(word.into());
    }
    let css_like = word.starts_with(['#', '.', '['])
        || (!word.contains(char::is_whitespace) && word.contains(['[', '>', '#', ':', '=', '*']));
    if css_like {
        Target::Selector(word.into())
    } else {
        Target::Text(word.into())
    }
}

fn element_words(target: Target, out: &mut Vec<String>) {
    match target {
        Target::Uid(uid) => out.push(uid),
        Target::Selector(css) => out.extend(["--selector".into(), css]),
        Target::Text(text) => out.extend(["--text".into(), text]),
    }
}

fn duration(word: &str) -> Option<Duration> {
    let (number, millis) = match word.strip_suffix("ms") {
        Some(number) => (number, true),
        None => (word.strip_suffix('s')?, false),
    };
    let value: f64 = number
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite() && *v >= 0.0)?;
    let ms = if millis { value } else { value * 1000.0 };
    (ms <= 3_600_000.0).then(|| Duration::from_millis(ms as u64))
}

/// What the CLI takes for a command line that clap refused but that reads as a short form of
/// its operation (`cdt input scroll bottom` is the REPL's `scroll bottom`: `input scroll --dy
/// 1000000`; `cdt element fill e3 hello world --output text` is `fill e3 hello world` with its
/// flag): the words after `cdt`, none when no short form reads it so or when what it reads
/// would be refused too (a flag the command does not take is not made part of a value).
fn as_short_form(args: &[String]) -> Option<Vec<String>> {
    let given: Vec<&str> = args.iter().skip(1).map(String::as_str).collect();
    aliases().iter().find_map(|alias| {
        let Action::Cli { op, .. } = &alias.action else {
            return None;
        };
        let path: Vec<&str> = op.split('.').collect();
        if given.len() <= path.len() || given[..path.len()] != path[..] {
            return None;
        }
        let rest = &given[path.len()..];
        // Read whole, or up to the flags after its first word (they stay flags).
        let flags_at = (1..rest.len())
            .find(|&at| is_flag(rest[at]))
            .unwrap_or(rest.len());
        [rest.len(), flags_at].into_iter().find_map(|at| {
            let (short, flags) = rest.split_at(at);
            let Ok(Expansion::Words { mut words, .. }) =
                expand(alias, &line_of(short), &Variables::new())
            else {
                return None;
            };
            words.extend(flags.iter().map(|flag| flag.to_string()));
            let kept = |flag: &&str| !is_flag(flag) || words.iter().any(|w| w == flag);
            let parsed = crate::cli::Cli::try_parse_from(
                std::iter::once("cdt").chain(words.iter().map(String::as_str)),
            );
            (words[..] != given[..] && rest.iter().all(kept) && parsed.is_ok()).then_some(words)
        })
    })
}

/// Whether a word on a command line is a flag (`--output`, `-o`), not a value (`-5`, `-`).
fn is_flag(word: &str) -> bool {
    word.starts_with("--")
        || (word.len() > 1
            && word.starts_with('-')
            && word[1..].starts_with(|c: char| c.is_ascii_alphabetic()))
}

/// `error` (clap refused `args`) with, first, what the CLI takes for words that read as a short
/// form of the command ([`as_short_form`]).
pub fn with_short_form(mut error: CdtError, args: &[String]) -> CdtError {
    if let Some(words) = as_short_form(args) {
        error.suggestions.insert(
            0,
            cdt_domain::Suggestion::Text(format!("Run: cdt {}", line_of(&words))),
        );
    }
    error
}

/// `words` as one line the REPL reads back as them (a word with spaces in quotes).
fn line_of(words: &[impl AsRef<str>]) -> String {
    let quoted: Vec<String> = words
        .iter()
        .map(|word| {
            let word = word.as_ref();
            if word.contains(char::is_whitespace) {
                format!("{word:?}")
            } else {
                word.to_string()
            }
        })
        .collect();
    quoted.join(" ")
}

/// Expands `alias` with the raw text after its name.
pub fn expand(alias: &Alias, rest: &str, variables: &Variables) -> Result<Expansion, CdtError> {
    let Action::Cli {
        words: base,
        form,
        settle,
        ..
    } = &alias.action
    else {
        return Err(CdtError::internal(format!(
            "{} is a built-in",
            alias.names[0]
        )));
    };
    let (form, settle) = (*form, *settle);
    let mut words: Vec<String> = base.iter().map(|w| (*w).to_string()).collect();
    let mut store = None;
    match form {
        Form::Append => words.extend(line::words(rest, variables)?),
        Form::Scroll => words = scroll_words(alias, rest, variables)?,
        Form::Element | Form::Read => {
            let (target, flags) = line::split_flags(rest);
            let target = line::rest(target, variables, true)?;
            if target.is_empty() && flags.is_empty() && alias.names.contains(&"clear") {
                return Ok(Expansion::ClearScreen);
            }
            match (form, target.is_empty()) {
                (Form::Element, true) if flags.is_empty() => return Err(usage(alias)),
                (Form::Element, true) => {}
                (Form::Element, false) => element_words(classify(&target), &mut words),
                (_, true) => {}
                (_, false) => match classify(&target) {
                    Target::Uid(uid) => words.extend(["--uid".into(), uid]),
                    Target::Selector(css) | Target::Text(css) => {
                        words.extend(["--selector".into(), css]);
                    }
                },
            }
            // Seed 003's `--force`: act at once, without waiting for what the action causes.
            words.extend(line::words(flags, variables)?.into_iter().map(|flag| {
                if flag == "--force" {
                    "--no-wait".into()
                } else {
                    flag
                }
            }));
        }
        Form::ElementValue | Form::ElementFiles => {
            let (target, after) = target_then_words(rest, variables)?;
            if target.is_empty() || after.is_empty() {
                return Err(usage(alias));
            }
            element_words(classify(&target), &mut words);
            if form == Form::ElementFiles {
                words.extend(after);
            } else {
                words.push(format!("--value={}", after.join(" ")));
            }
        }
        Form::Rest | Form::Script => {
            let text = line::rest(rest, variables, form == Form::Rest)?;
            if text.is_empty() {
                return Err(usage(alias));
            }
            words.push(text);
        }
        Form::Variable => {
            // `get <name> <js>` stores the value in `$name`; seed 003's `get <js>` prints it.
            let (name, expression) = line::first_word(rest);
            if line::is_variable_name(name) && !expression.is_empty() {
                store = Some(name.to_string());
                words.push(line::rest(expression, variables, false)?);
            } else {
                let expression = line::rest(rest, variables, false)?;
                if expression.is_empty() {
                    return Err(usage(alias));
                }
                words.push(expression);
            }
        }
        Form::WaitFor => {
            let (target, flags) = line::split_flags(rest);
            let target = line::rest(target, variables, true)?;
            if let Some(pause) = duration(&target).filter(|_| flags.is_empty()) {
                return Ok(Expansion::Sleep(pause));
            }
            if target.is_empty() {
                return Err(usage(alias));
            }
            words.push(target);
            words.extend(line::words(flags, variables)?);
        }
    }
    // `--force` (now `--no-wait`): act at once, and wait for nothing after either.
    let settle = if words.iter().any(|w| w == "--no-wait") {
        Settle::Nothing
    } else {
        settle
    };
    Ok(Expansion::Words {
        words,
        store,
        settle,
    })
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::repl::aliases::find;

    pub(in crate::repl) fn expanded(line: &str) -> Vec<String> {
        let (name, rest) = line::first_word(line);
        let alias = find(name).unwrap_or_else(|| panic!("no alias {name}"));
        match expand(alias, rest, &Variables::new()) {
            Ok(Expansion::Words { words, .. }) => words,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn targets_read_as_uid_selector_or_text() {
        let cases: &[(&str, &[&str])] = &[
            ("c e12", &["element", "click", "e12"]),
            ("c #go", &["element", "click", "--selector", "#go"]),
            (
                "c a[href='/x']",
                &["element", "click", "--selector", "a[href='/x']"],
            ),
            ("c 'Sign in'", &["element", "click", "--text", "Sign in"]),
            (
                "c Sign in --no-wait",
                &["element", "click", "--text", "Sign in", "--no-wait"],
            ),
            (
                "c css=button",
                &["element", "click", "--selector", "button"],
            ),
            (
                "t e3 hello world",
                &["element", "fill", "e3", "--value=hello world"],
            ),
            (
                "t #email -5",
                &["element", "fill", "--selector", "#email", "--value=-5"],
            ),
            (
                "t \"Your name\" Ada  Lovelace",
                &[
                    "element",
                    "fill",
                    "--text",
                    "Your name",
                    "--value=Ada Lovelace",
                ],
            ),
            (
                "t input[name='q'] x",
                &[
                    "element",
                    "fill",
                    "--selector",
                    "input[name='q']",
                    "--value=x",
                ],
            ),
            ("text", &["page", "text"]),
            ("text e4", &["page", "text", "--uid", "e4"]),
            ("html main", &["page", "html", "--selector", "main"]),
            ("eval 1 + 2", &["runtime", "eval", "1 + 2"]),
            (
                "wait .done --state hidden",
                &["page", "wait-selector", ".done", "--state", "hidden"],
            ),
        ];
        for (line, words) in cases {
            assert_eq!(expanded(line), *words, "{line}");
        }
    }

    /// Seed 003's scroll, findall, clear and `--force` forms.
    #[test]
    fn seed_003_scroll_findall_clear_and_force() {
        let words = |line: &str| expanded(line).join(" ");
        assert_eq!(words("scroll top"), "input scroll --dy -1000000");
        assert_eq!(words("scroll bottom"), "input scroll --dy 1000000");
        assert_eq!(words("scroll up"), "input scroll --dy -600");
        assert_eq!(
            words("scroll down --page 2"),
            "input scroll --dy 600 --page 2"
        );
        assert_eq!(
            words("scroll #footer into view"),
            "element scroll-into-view --selector #footer"
        );
        assert_eq!(
            words("scroll e40 into view"),
            "element scroll-into-view e40"
        );
        assert_eq!(
            words("scroll x=0 y=1200"),
            "runtime eval window.scrollTo({ left: 0, top: 1200, behavior: 'instant' }), ({ x: scrollX, y: scrollY })"
        );
        assert_eq!(
            words("findall Add to cart"),
            "element find --limit 1000 Add to cart"
        );
        assert_eq!(words("c e3 --force"), "element click e3 --no-wait");
        assert_eq!(
            words("rightclick #menu"),
            "element click --button right --selector #menu"
        );
        assert_eq!(words("clear #email"), "element clear --selector #email");
        assert_eq!(
            words("evaluate document.title"),
            "runtime eval document.title"
        );
        let none = Variables::new();
        let clear = find("clear").map(|a| expand(a, "", &none).ok());
        assert_eq!(clear, Some(Some(Expansion::ClearScreen)));
        for bad in [
            "scroll",
            "scroll sideways",
            "scroll x=1",
            "scroll x=a y=2",
            "scroll into view",
        ] {
            let (name, rest) = line::first_word(bad);
            let error = find(name).map(|a| expand(a, rest, &none).err().map(|e| e.code));
            assert_eq!(
                error,
                Some(Some(cdt_domain::ErrorCode::ValidationError)),
                "{bad}"
            );
        }
    }

    #[test]
    fn waits_get_and_usage_errors() {
        let none = Variables::new();
        let wait = find("wait").map(|a| expand(a, "2.5s", &none).ok());
        assert_eq!(
            wait,
            Some(Some(Expansion::Sleep(Duration::from_millis(2500))))
        );
        let wait = find("wait").map(|a| expand(a, "300ms", &none).ok());
        assert_eq!(
            wait,
            Some(Some(Expansion::Sleep(Duration::from_millis(300))))
        );
        let get = find("get").map(|a| expand(a, "h document.title", &none).ok());
        assert_eq!(
            get,
            Some(Some(Expansion::Words {
                words: vec!["runtime".into(), "eval".into(), "document.title".into()],
                store: Some("h".into()),
                settle: Settle::Nothing,
            }))
        );
        let seed = find("get").map(|a| expand(a, "document.title", &none).ok());
        assert_eq!(
            seed,
            Some(Some(Expansion::Words {
                words: vec!["runtime".into(), "eval".into(), "document.title".into()],
                store: None,
                settle: Settle::Nothing,
            })),
            "seed 003's get <expr>"
        );
        for line in ["c", "t e3", "get", "eval", "wait"] {
            let (name, rest) = line::first_word(line);
            let error = find(name).map(|a| expand(a, rest, &none).err().map(|e| e.code));
            assert_eq!(
                error,
                Some(Some(cdt_domain::ErrorCode::ValidationError)),
                "{line}"
            );
        }
    }
}
