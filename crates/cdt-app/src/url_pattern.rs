//! URL patterns as `page wait-url` and `network route` take them: a glob over the whole URL
//! (`*` any run of characters, `/` included; `?` one character; anything else itself), or a
//! regular expression searched for anywhere in it. A leaf: both use cases share it.

use cdt_domain::CdtError;
use regex_lite::Regex;

/// A compiled pattern.
#[derive(Clone, Debug)]
pub enum UrlPattern {
    Glob(String),
    Regex(Regex),
}

impl UrlPattern {
    /// `pattern` as a glob, or as a regular expression when `regex` (a bad one is a
    /// `VALIDATION_ERROR` saying why).
    pub fn new(pattern: &str, regex: bool) -> Result<UrlPattern, CdtError> {
        if !regex {
            return Ok(UrlPattern::Glob(pattern.to_string()));
        }
        Regex::new(pattern).map(UrlPattern::Regex).map_err(|error| {
            CdtError::validation(format!("{pattern:?} is not a regular expression: {error}"))
        })
    }

    pub fn matches(&self, url: &str) -> bool {
        match self {
            UrlPattern::Glob(glob) => glob_match(glob, url),
            UrlPattern::Regex(regex) => regex.is_match(url),
        }
    }
}

/// Whether `text` matches the glob `pattern` as a whole: `*` is any run of characters
/// (including `/`), `?` exactly one, anything else itself.
pub fn glob_match(pattern: &str, text: &str) -> bool {
    let (pattern, text): (Vec<char>, Vec<char>) =
        (pattern.chars().collect(), text.chars().collect());
    let (mut p, mut t) = (0, 0);
    // Where the last `*` was, and the text position it is currently taken to end at.
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        match pattern.get(p) {
            Some('*') => {
                star = Some((p, t));
                p += 1;
            }
            Some(c) if *c == '?' || *c == text[t] => {
                p += 1;
                t += 1;
            }
            _ => match star {
                Some((star_p, star_t)) => {
                    p = star_p + 1;
                    t = star_t + 1;
                    star = Some((star_p, star_t + 1));
                }
                None => return false,
            },
        }
    }
    pattern[p..].iter().all(|c| *c == '*')
}

#[cfg(test)]
mod tests {
    use super::glob_match;

    #[test]
    fn globs_match_the_whole_url() {
        let url = "http://127.0.0.1:8080/step-3?x=1";
        assert!(glob_match("*/step-?*", url));
        assert!(glob_match("http://127.0.0.1:*/step-3?x=1", url));
        assert!(glob_match("*", url));
        assert!(
            !glob_match("/step-3", url),
            "a glob is anchored, not a substring"
        );
        assert!(!glob_match("*/step-4*", url));
        // Regex syntax means nothing special in a glob.
        assert!(!glob_match("*/step-[0-9]*", url));
        assert!(glob_match("*/step-[0-9]", "http://x/step-[0-9]"));
        assert!(glob_match("a*b*c", "aXXbYYc"));
        assert!(!glob_match("a*b*c", "aXXbYY"));
    }
}
