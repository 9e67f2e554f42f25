//! Agent command templates (`GEMINI_START_CMD` …): parsed once at start-up into argv words with
//! `{prompt}` / `{session_id}` slots, and rendered per call into an argv that is executed
//! directly, never through a shell. A substituted value always lands inside exactly one argv
//! element, whatever it contains (quotes, `;`, `$()`, newlines), which is what the seed's
//! "single-quote every value" rule is for; `shell_line` shows the same argv with each value
//! single-quoted, for people to read or paste.
//!
//! This module must never hand a string to a shell, and never let a value change the number or
//! order of argv elements.

use std::fmt;

/// Which of an agent's two commands a template is: they need different placeholders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TemplateKind {
    /// Starts a new session: needs `{prompt}`, must not use `{session_id}`.
    Start,
    /// Continues a session: needs `{prompt}` and `{session_id}`.
    Resume,
}

/// A piece of one argv word.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    Literal(String),
    Prompt,
    SessionId,
}

/// A parsed command template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandTemplate {
    words: Vec<Vec<Segment>>,
}

/// Why a template was refused; the message names the problem, the config layer names the key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateError(pub String);

impl fmt::Display for TemplateError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.0)
    }
}

/// The values substituted into a template for one call.
#[derive(Debug, Clone, Copy)]
pub struct Values<'a> {
    pub prompt: &'a str,
    pub session_id: Option<&'a str>,
}

const SHELLS: [&str; 7] = ["sh", "bash", "dash", "zsh", "ksh", "fish", "busybox"];

impl CommandTemplate {
    pub fn parse(text: &str, kind: TemplateKind) -> Result<CommandTemplate, TemplateError> {
        let words = tokenize(text)?;
        let template = CommandTemplate { words };
        template.validate(kind)?;
        Ok(template)
    }

    fn validate(&self, kind: TemplateKind) -> Result<(), TemplateError> {
        let Some(program) = self.words.first() else {
            return Err(TemplateError("the command is empty".into()));
        };
        if program
            .iter()
            .any(|segment| !matches!(segment, Segment::Literal(_)))
        {
            return Err(TemplateError(
                "the program (first word) must not be a placeholder".into(),
            ));
        }
        let has = |wanted: &Segment| self.words.iter().flatten().any(|s| s == wanted);
        if !has(&Segment::Prompt) {
            return Err(TemplateError("the {prompt} placeholder is missing".into()));
        }
        match kind {
            TemplateKind::Start if has(&Segment::SessionId) => {
                return Err(TemplateError(
                    "a start command has no session yet: remove {session_id}".into(),
                ));
            }
            TemplateKind::Resume if !has(&Segment::SessionId) => {
                return Err(TemplateError(
                    "the {session_id} placeholder is missing".into(),
                ));
            }
            _ => {}
        }
        self.refuse_shell_script()
    }

    /// A placeholder inside a `sh -c` script would be parsed by that shell: refuse it.
    fn refuse_shell_script(&self) -> Result<(), TemplateError> {
        let literal = |word: &Vec<Segment>| -> Option<String> {
            match word.as_slice() {
                [Segment::Literal(text)] => Some(text.clone()),
                _ => None,
            }
        };
        let mut shell_seen = false;
        let mut script_follows = false;
        for word in &self.words {
            if script_follows && word.iter().any(|s| !matches!(s, Segment::Literal(_))) {
                return Err(TemplateError(
                    "a placeholder inside a shell's -c script would be run by that shell; \
                     call the agent's CLI directly"
                        .into(),
                ));
            }
            let Some(text) = literal(word) else { continue };
            let base = text.rsplit('/').next().unwrap_or(&text);
            if SHELLS.contains(&base) {
                shell_seen = true;
            } else if shell_seen
                && text.starts_with('-')
                && !text.starts_with("--")
                && text.contains('c')
            {
                script_follows = true;
            }
        }
        Ok(())
    }

    /// The argv for one call. A value never splits or joins argv elements.
    pub fn render(&self, values: Values<'_>) -> Result<Vec<String>, TemplateError> {
        if values.prompt.contains('\0') {
            return Err(TemplateError("the prompt contains a NUL byte".into()));
        }
        let mut argv = Vec::with_capacity(self.words.len());
        for word in &self.words {
            let mut arg = String::new();
            for segment in word {
                match segment {
                    Segment::Literal(text) => arg.push_str(text),
                    Segment::Prompt => arg.push_str(values.prompt),
                    Segment::SessionId => match values.session_id {
                        Some(id) => arg.push_str(id),
                        None => {
                            return Err(TemplateError(
                                "no session id to put in {session_id}".into(),
                            ));
                        }
                    },
                }
            }
            argv.push(arg);
        }
        Ok(argv)
    }
}

/// Splits a template into words, shell-style quoting but no expansion; refuses shell syntax
/// that would silently mean something else without a shell.
fn tokenize(text: &str) -> Result<Vec<Vec<Segment>>, TemplateError> {
    let mut words = Vec::new();
    let mut word: Vec<Segment> = Vec::new();
    let mut literal = String::new();
    let mut in_word = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' | '\r' => {
                if in_word {
                    flush(&mut word, &mut literal);
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                let mut closed = false;
                for c in chars.by_ref() {
                    if c == '\'' {
                        closed = true;
                        break;
                    }
                    literal.push(c);
                    take_placeholder(&mut word, &mut literal)?;
                }
                if !closed {
                    return Err(TemplateError("a single quote is not closed".into()));
                }
            }
            '"' => {
                in_word = true;
                let mut closed = false;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => {
                            closed = true;
                            break;
                        }
                        '\\' => match chars.next() {
                            Some(next @ ('"' | '\\' | '$' | '`')) => literal.push(next),
                            Some(next) => {
                                literal.push('\\');
                                literal.push(next);
                            }
                            None => break,
                        },
                        '$' | '`' => {
                            return Err(TemplateError(format!(
                                "`{c}` inside double quotes would be expanded by a shell, and \
                                 this command runs without one; use single quotes for a literal"
                            )));
                        }
                        _ => literal.push(c),
                    }
                    take_placeholder(&mut word, &mut literal)?;
                }
                if !closed {
                    return Err(TemplateError("a double quote is not closed".into()));
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(next) => literal.push(next),
                    None => return Err(TemplateError("the command ends with a backslash".into())),
                }
            }
            '|' | '&' | ';' | '<' | '>' | '(' | ')' | '$' | '`' => {
                return Err(TemplateError(format!(
                    "`{c}` is shell syntax, and this command runs without a shell; \
                     quote it if you mean a literal argument"
                )));
            }
            '~' | '#' if !in_word => {
                return Err(TemplateError(format!(
                    "a word starting with `{c}` means something to a shell, and this command \
                     runs without one; write the full path or quote it"
                )));
            }
            _ => {
                in_word = true;
                literal.push(c);
            }
        }
        // Placeholders are recognised after each character, inside quotes too.
        take_placeholder(&mut word, &mut literal)?;
    }
    if in_word {
        flush(&mut word, &mut literal);
        words.push(word);
    }
    Ok(words)
}

/// When the literal buffer ends with `{name}`, turns it into a placeholder segment.
fn take_placeholder(word: &mut Vec<Segment>, literal: &mut String) -> Result<(), TemplateError> {
    if !literal.ends_with('}') {
        return Ok(());
    }
    let Some(open) = literal.rfind('{') else {
        return Ok(());
    };
    let name = &literal[open + 1..literal.len() - 1];
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
        return Ok(());
    }
    let segment = match name {
        "prompt" => Segment::Prompt,
        "session_id" => Segment::SessionId,
        other => {
            return Err(TemplateError(format!(
                "unknown placeholder {{{other}}}: only {{prompt}} and {{session_id}} exist"
            )));
        }
    };
    literal.truncate(open);
    flush(word, literal);
    word.push(segment);
    Ok(())
}

fn flush(word: &mut Vec<Segment>, literal: &mut String) {
    if !literal.is_empty() {
        word.push(Segment::Literal(std::mem::take(literal)));
    }
}

/// The argv as one line a POSIX shell would run identically: plain words stay bare, anything
/// else is single-quoted (a `'` inside becomes `'\''`). Arguments longer than `max_chars`
/// characters are shortened with `…` (then the line is for reading only).
pub fn shell_line(argv: &[String], max_chars: usize) -> String {
    argv.iter()
        .map(|arg| {
            let shown: String = if arg.chars().count() > max_chars {
                let mut short: String = arg.chars().take(max_chars).collect();
                short.push('…');
                short
            } else {
                arg.clone()
            };
            shell_quote(&shown)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// One argument, quoted for a POSIX shell.
pub fn shell_quote(arg: &str) -> String {
    let plain = !arg.is_empty()
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_./:=@%+,-".contains(c));
    if plain {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
#[path = "template_tests.rs"]
mod tests;
