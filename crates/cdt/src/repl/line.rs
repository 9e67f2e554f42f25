//! The REPL's line grammar: a line holds commands separated by `;` or `&&`; a command is
//! words split like a shell does (single quotes literal, double quotes with `\"`, `\\`, `\$`,
//! backslash escapes), with `$name` / `${name}` replaced by the REPL's variables. A line whose
//! first character is `#` is a comment.
//!
//! It only turns text into words; it never decides what a command means.

use std::collections::BTreeMap;

use cdt_domain::CdtError;

/// The REPL's variables (`set name value`, `get name <js>`).
pub type Variables = BTreeMap<String, String>;

fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// A valid variable name: a letter or `_`, then letters, digits or `_`.
pub fn is_variable_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(is_name_start) && chars.all(is_name_char)
}

fn unterminated(quote: char) -> CdtError {
    CdtError::validation(format!("unterminated {quote} quote"))
        .hinted(format!("Close the quote: … {quote}text{quote}"))
}

/// Splits a line into its commands at `;` and `&&` outside quotes. Empty commands and a
/// comment line (`# …`) yield nothing.
pub fn split_commands(line: &str) -> Result<Vec<String>, CdtError> {
    if line.trim_start().starts_with('#') {
        return Ok(Vec::new());
    }
    let mut commands = Vec::new();
    let mut current = String::new();
    let mut quote: Option<char> = None;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => {
                quote = None;
                current.push(c);
            }
            (Some('"'), '\\') | (None, '\\') => {
                current.push(c);
                if let Some(next) = chars.next() {
                    current.push(next);
                }
            }
            (Some(_), c) => current.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                current.push(c);
            }
            (None, ';') => commands.push(std::mem::take(&mut current)),
            (None, '&') if chars.peek() == Some(&'&') => {
                chars.next();
                commands.push(std::mem::take(&mut current));
            }
            (None, c) => current.push(c),
        }
    }
    if let Some(q) = quote {
        return Err(unterminated(q));
    }
    commands.push(current);
    Ok(commands
        .into_iter()
        .map(|c| c.trim().to_string())
        .filter(|c| !c.is_empty())
        .collect())
}

/// The first word of a command (unquoted) and the raw text after it.
pub fn first_word(command: &str) -> (&str, &str) {
    let command = command.trim_start();
    match command.find(char::is_whitespace) {
        Some(end) => (&command[..end], command[end..].trim()),
        None => (command, ""),
    }
}

/// Reads `$name` or `${name}` after a `$`; `None` when what follows is no variable reference
/// (the `$` is then literal).
fn reference(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> Option<String> {
    let braced = chars.peek() == Some(&'{');
    let mut probe = chars.clone();
    if braced {
        probe.next();
    }
    let mut name = String::new();
    while let Some(&c) = probe.peek() {
        if (name.is_empty() && is_name_start(c)) || (!name.is_empty() && is_name_char(c)) {
            name.push(c);
            probe.next();
        } else {
            break;
        }
    }
    if name.is_empty() || (braced && probe.next() != Some('}')) {
        return None;
    }
    *chars = probe;
    Some(name)
}

fn unset(name: &str) -> CdtError {
    CdtError::validation(format!("${name} is not set"))
        .hinted(format!("Set it first: set {name} VALUE"))
        .hinted("Write a literal dollar as \\$ or inside 'single quotes'")
}

fn lookup(name: &str, variables: &Variables) -> Result<String, CdtError> {
    variables.get(name).cloned().ok_or_else(|| unset(name))
}

/// Splits a command into words as a shell would, replacing variables (an unknown one is an
/// error).
pub fn words(command: &str, variables: &Variables) -> Result<Vec<String>, CdtError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut started = false;
    let mut chars = command.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            '\'' => {
                started = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(unterminated('\'')),
                    }
                }
            }
            '"' => {
                started = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(unterminated('"')),
                        },
                        Some('$') => match reference(&mut chars) {
                            Some(name) => word.push_str(&lookup(&name, variables)?),
                            None => word.push('$'),
                        },
                        Some(c) => word.push(c),
                        None => return Err(unterminated('"')),
                    }
                }
            }
            '\\' => {
                started = true;
                if let Some(next) = chars.next() {
                    word.push(next);
                }
            }
            '$' => {
                started = true;
                match reference(&mut chars) {
                    Some(name) => word.push_str(&lookup(&name, variables)?),
                    None => word.push('$'),
                }
            }
            c => {
                started = true;
                word.push(c);
            }
        }
    }
    if started {
        words.push(word);
    }
    Ok(words)
}

/// The rest of a command taken as one argument (JavaScript, a selector, a text to find): a
/// single quoted word loses its quotes; otherwise the text stays as typed (so JavaScript and
/// CSS keep their own quotes) with the variables replaced. A `$x` that is not set is an error
/// when `strict`, else it stays (JavaScript may mean it).
pub fn rest(text: &str, variables: &Variables, strict: bool) -> Result<String, CdtError> {
    let text = text.trim();
    if text.starts_with('\'') || text.starts_with('"') {
        let quoted = words(text, variables);
        if let Ok(parts) = &quoted
            && parts.len() == 1
            && whole_word_is_quoted(text)
        {
            return Ok(parts[0].clone());
        }
    }
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '$' {
            out.push(c);
            continue;
        }
        let mut probe = chars.clone();
        match reference(&mut probe) {
            Some(name) if variables.contains_key(&name) => {
                out.push_str(&variables[&name]);
                chars = probe;
            }
            Some(name) if strict => return Err(unset(&name)),
            _ => out.push('$'),
        }
    }
    Ok(out)
}

/// Splits raw text before the first ` --flag` outside quotes: (the target, the flags).
pub fn split_flags(text: &str) -> (&str, &str) {
    let mut quote: Option<char> = None;
    let mut previous = ' ';
    for (index, c) in text.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '"' => quote = Some(c),
            None if c == '-' && previous.is_whitespace() && text[index..].starts_with("--") => {
                return (text[..index].trim(), &text[index..]);
            }
            None => {}
        }
        previous = c;
    }
    (text.trim(), "")
}

/// `'…'` or `"…"` spanning the whole text (not `'a' + 'b'`).
fn whole_word_is_quoted(text: &str) -> bool {
    let Some(quote) = text.chars().next() else {
        return false;
    };
    let mut escaped = false;
    for (index, c) in text.char_indices().skip(1) {
        if escaped {
            escaped = false;
        } else if c == '\\' && quote == '"' {
            escaped = true;
        } else if c == quote {
            return index + c.len_utf8() == text.len();
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars() -> Variables {
        [("email".to_string(), "ada@example.com".to_string())]
            .into_iter()
            .collect()
    }

    #[test]
    fn splits_at_separators_outside_quotes() {
        assert_eq!(
            split_commands("g http://x/a;b ; elements && eval 'a; b' && t e1 \"x && y\"")
                .unwrap_or_default(),
            vec![
                "g http://x/a",
                "b",
                "elements",
                "eval 'a; b'",
                "t e1 \"x && y\""
            ]
        );
        assert!(
            split_commands("# a comment; b")
                .unwrap_or_default()
                .is_empty()
        );
        assert!(split_commands("eval 'open").is_err());
    }

    #[test]
    fn words_follow_shell_quoting_and_variables() {
        let v = vars();
        assert_eq!(
            words(r#"t e3 $email "a b" 'c $d' e\ f ${email}x \$y"#, &v).unwrap_or_default(),
            vec![
                "t",
                "e3",
                "ada@example.com",
                "a b",
                "c $d",
                "e f",
                "ada@example.comx",
                "$y"
            ]
        );
        assert_eq!(words("a '' b", &v).unwrap_or_default(), vec!["a", "", "b"]);
        assert_eq!(words("cost $5", &v).unwrap_or_default(), vec!["cost", "$5"]);
        let error = words("t e3 $missing", &v).err().map(|e| e.code);
        assert_eq!(error, Some(cdt_domain::ErrorCode::ValidationError));
    }

    #[test]
    fn rest_keeps_javascript_quotes_and_replaces_known_variables() {
        let v = vars();
        assert_eq!(
            rest(r#"document.querySelector("h1").textContent"#, &v, false).unwrap_or_default(),
            r#"document.querySelector("h1").textContent"#
        );
        assert_eq!(
            rest("'document.title'", &v, false).unwrap_or_default(),
            "document.title"
        );
        assert_eq!(
            rest("'a' + 'b'", &v, false).unwrap_or_default(),
            "'a' + 'b'"
        );
        assert_eq!(
            rest("\"$email\".length + $('x')", &v, false).unwrap_or_default(),
            "\"ada@example.com\".length + $('x')"
        );
        assert_eq!(
            rest("$notset + 1", &v, false).unwrap_or_default(),
            "$notset + 1"
        );
        assert!(rest("$notset", &v, true).is_err());
        assert_eq!(
            split_flags("a[x='--y'] b --no-wait"),
            ("a[x='--y'] b", "--no-wait")
        );
        assert_eq!(split_flags("Sign-in--x"), ("Sign-in--x", ""));
    }

    #[test]
    fn first_word_and_names() {
        assert_eq!(first_word("  eval  1 + 2 "), ("eval", "1 + 2"));
        assert_eq!(first_word("b"), ("b", ""));
        assert!(is_variable_name("user_1") && !is_variable_name("1x") && !is_variable_name(""));
    }
}
