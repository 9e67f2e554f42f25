//! The server's `.env`: read once at start-up, validated whole (every problem is reported, not
//! just the first), and turned into [`Settings`]. The four agent commands are required; the
//! debate defaults may be overridden. The UI can never change any of it (seed §2.7).
//!
//! This module must never read the process environment for these keys: the `.env` file is the
//! one source, so what runs is what the file says.

use std::path::Path;

use regex_lite::Regex;

use crate::error::{DebateError, ErrorCode};
use crate::template::{CommandTemplate, TemplateKind};
use crate::types::AgentName;

pub const DEFAULT_MAX_ROUNDS: u32 = 6;
pub const DEFAULT_TURN_TIMEOUT_MS: u64 = 120_000;
pub const DEFAULT_CONSENSUS_REGEX: &str = "(합의|동의|consensus|agreed)";
pub const MAX_ROUNDS_LIMIT: u32 = 100;

/// Keys the server reads.
pub const GEMINI_START_CMD: &str = "GEMINI_START_CMD";
pub const GEMINI_RESUME_CMD: &str = "GEMINI_RESUME_CMD";
pub const CODEX_START_CMD: &str = "CODEX_START_CMD";
pub const CODEX_RESUME_CMD: &str = "CODEX_RESUME_CMD";
pub const DEBATE_CONSENSUS_REGEX: &str = "DEBATE_CONSENSUS_REGEX";
pub const DEBATE_MAX_ROUNDS: &str = "DEBATE_MAX_ROUNDS";
pub const DEBATE_TURN_TIMEOUT_MS: &str = "DEBATE_TURN_TIMEOUT_MS";

const KNOWN_KEYS: [&str; 7] = [
    GEMINI_START_CMD,
    GEMINI_RESUME_CMD,
    CODEX_START_CMD,
    CODEX_RESUME_CMD,
    DEBATE_CONSENSUS_REGEX,
    DEBATE_MAX_ROUNDS,
    DEBATE_TURN_TIMEOUT_MS,
];

/// An agent's two commands.
#[derive(Debug, Clone)]
pub struct AgentCommands {
    pub start: CommandTemplate,
    pub resume: CommandTemplate,
}

/// Everything `.env` decides.
#[derive(Debug, Clone)]
pub struct Settings {
    pub gemini: AgentCommands,
    pub codex: AgentCommands,
    /// The pattern as written (without the case-insensitive flag).
    pub consensus_regex: String,
    pub consensus: Regex,
    pub max_rounds: u32,
    pub turn_timeout_ms: u64,
}

impl Settings {
    pub fn commands(&self, agent: AgentName) -> &AgentCommands {
        match agent {
            AgentName::Gemini => &self.gemini,
            AgentName::Codex => &self.codex,
        }
    }

    pub fn load(path: &Path) -> Result<Settings, DebateError> {
        let text = std::fs::read_to_string(path).map_err(|error| {
            DebateError::new(
                ErrorCode::ConfigInvalid,
                format!("cannot read {}: {error}", path.display()),
                format!(
                    "create {} with GEMINI_START_CMD, GEMINI_RESUME_CMD, CODEX_START_CMD and \
                     CODEX_RESUME_CMD (example: crates/debate/.env.example)",
                    path.display()
                ),
            )
        })?;
        Settings::parse(&text).map_err(|problems| {
            DebateError::new(
                ErrorCode::ConfigInvalid,
                format!(
                    "{} is not valid ({} problem(s))",
                    path.display(),
                    problems.len()
                ),
                "fix the lines named in the detail; crates/debate/.env.example shows every key",
            )
            .with_detail(problems.join("\n"))
        })
    }

    /// Parses `.env` text; the error lists every problem found.
    pub fn parse(text: &str) -> Result<Settings, Vec<String>> {
        let mut problems = Vec::new();
        let pairs = parse_env(text, &mut problems);
        let get = |key: &str| {
            pairs
                .iter()
                .rev()
                .find(|(name, _)| name == key)
                .map(|(_, value)| value.as_str())
        };
        for (key, _) in &pairs {
            let ours = ["GEMINI_", "CODEX_", "DEBATE_"]
                .iter()
                .any(|prefix| key.starts_with(prefix));
            if ours && !KNOWN_KEYS.contains(&key.as_str()) {
                problems.push(format!(
                    "{key}: unknown key (known: {})",
                    KNOWN_KEYS.join(", ")
                ));
            }
        }
        let mut command = |key: &str, kind| match get(key) {
            None => {
                problems.push(format!("{key}: missing"));
                None
            }
            Some(value) => CommandTemplate::parse(value, kind)
                .map_err(|error| problems.push(format!("{key}: {error}")))
                .ok(),
        };
        let gemini_start = command(GEMINI_START_CMD, TemplateKind::Start);
        let gemini_resume = command(GEMINI_RESUME_CMD, TemplateKind::Resume);
        let codex_start = command(CODEX_START_CMD, TemplateKind::Start);
        let codex_resume = command(CODEX_RESUME_CMD, TemplateKind::Resume);

        let consensus_regex = get(DEBATE_CONSENSUS_REGEX)
            .unwrap_or(DEFAULT_CONSENSUS_REGEX)
            .to_string();
        let consensus = match compile_consensus(&consensus_regex) {
            Ok(regex) => Some(regex),
            Err(error) => {
                problems.push(format!("{DEBATE_CONSENSUS_REGEX}: {error}"));
                None
            }
        };
        let max_rounds = number(
            get(DEBATE_MAX_ROUNDS),
            DEBATE_MAX_ROUNDS,
            DEFAULT_MAX_ROUNDS,
            1..=MAX_ROUNDS_LIMIT,
            &mut problems,
        );
        let turn_timeout_ms = number(
            get(DEBATE_TURN_TIMEOUT_MS),
            DEBATE_TURN_TIMEOUT_MS,
            DEFAULT_TURN_TIMEOUT_MS,
            100..=3_600_000,
            &mut problems,
        );
        match (
            gemini_start,
            gemini_resume,
            codex_start,
            codex_resume,
            consensus,
        ) {
            (
                Some(gemini_start),
                Some(gemini_resume),
                Some(codex_start),
                Some(codex_resume),
                Some(consensus),
            ) if problems.is_empty() => Ok(Settings {
                gemini: AgentCommands {
                    start: gemini_start,
                    resume: gemini_resume,
                },
                codex: AgentCommands {
                    start: codex_start,
                    resume: codex_resume,
                },
                consensus_regex,
                consensus,
                max_rounds,
                turn_timeout_ms,
            }),
            _ => Err(problems),
        }
    }
}

/// The consensus pattern, matched case-insensitively.
pub fn compile_consensus(pattern: &str) -> Result<Regex, String> {
    if pattern.trim().is_empty() {
        return Err("the pattern is empty".into());
    }
    Regex::new(&format!("(?i){pattern}")).map_err(|error| error.to_string())
}

fn number<T>(
    value: Option<&str>,
    key: &str,
    default: T,
    range: std::ops::RangeInclusive<T>,
    problems: &mut Vec<String>,
) -> T
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    let Some(text) = value else { return default };
    match text.trim().parse::<T>() {
        Ok(number) if range.contains(&number) => number,
        _ => {
            problems.push(format!(
                "{key}: `{text}` is not a whole number from {} to {}",
                range.start(),
                range.end()
            ));
            default
        }
    }
}

/// `KEY=value` lines: `#` comments, optional `export `, values bare, `'single-quoted'`
/// (literal) or `"double-quoted"` (`\"`, `\\`, `\n` escapes). A quoted value may span lines.
pub fn parse_env(text: &str, problems: &mut Vec<String>) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((index, line)) = lines.next() {
        let number = index + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let trimmed = trimmed.strip_prefix("export ").unwrap_or(trimmed);
        let Some((key, rest)) = trimmed.split_once('=') else {
            problems.push(format!("line {number}: expected KEY=value"));
            continue;
        };
        let key = key.trim();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            problems.push(format!("line {number}: `{key}` is not a valid key"));
            continue;
        }
        let rest = rest.trim_start();
        let value = match rest.chars().next() {
            Some(quote @ ('\'' | '"')) => {
                let mut body = rest[1..].to_string();
                // A quoted value continues on the next lines until its closing quote.
                loop {
                    match closed_value(&body, quote) {
                        Some(Ok(value)) => break Some(value),
                        Some(Err(after)) => {
                            problems.push(format!(
                                "line {number}: {key}: unexpected `{after}` after the closing {quote} quote"
                            ));
                            break None;
                        }
                        None => {}
                    }
                    match lines.next() {
                        Some((_, next)) => {
                            body.push('\n');
                            body.push_str(next);
                        }
                        None => {
                            problems.push(format!(
                                "line {number}: {key}: the {quote} quote is not closed"
                            ));
                            break None;
                        }
                    }
                }
            }
            _ => Some(match rest.find(" #") {
                Some(comment) => rest[..comment].trim_end().to_string(),
                None => rest.trim_end().to_string(),
            }),
        };
        if let Some(value) = value {
            pairs.push((key.to_string(), value));
        }
    }
    pairs
}

/// The value of a quoted body once its closing quote is present: `Err` holds what follows the
/// quote when that is not a comment; `None` while the quote is still open.
fn closed_value(body: &str, quote: char) -> Option<Result<String, String>> {
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c == quote {
            let after: String = chars.collect();
            let after = after.trim();
            if after.is_empty() || after.starts_with('#') {
                return Some(Ok(value));
            }
            return Some(Err(after.to_string()));
        }
        if quote == '"' && c == '\\' {
            match chars.next() {
                Some('n') => value.push('\n'),
                Some(next) => value.push(next),
                None => return None,
            }
            continue;
        }
        value.push(c);
    }
    None
}

#[cfg(test)]
#[path = "config_tests.rs"]
mod tests;
