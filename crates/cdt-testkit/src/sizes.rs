//! Guard helpers for the house's size rules (STYLE, issue 16): no source file over 600 lines,
//! no function over 120, tests apart.

use std::path::{Path, PathBuf};

use crate::module_graph::rust_files;

/// Source files of the workspace's crates (tests apart: `tests.rs`, `tests/`) longer than
/// `max` lines, with their length: a file that grew past it holds more than one concept.
pub fn files_longer_than(crates: &Path, max: usize) -> Vec<(String, usize)> {
    sources(crates)
        .into_iter()
        .filter_map(|path| {
            let lines = std::fs::read_to_string(&path).ok()?.lines().count();
            (lines > max).then(|| (path.display().to_string(), lines))
        })
        .collect()
}

/// Functions (tests apart: `tests.rs`, `tests/`, items under `#[cfg(test)]`) longer than `max`
/// lines, as `(file, function, lines)`: a function is counted from its `fn` line to the brace
/// that closes it at the same indent, as rustfmt lays it out.
pub fn functions_longer_than(crates: &Path, max: usize) -> Vec<(String, String, usize)> {
    let mut long = Vec::new();
    for path in sources(crates) {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let lines: Vec<&str> = text.lines().collect();
        let indent = |line: &str| line.len() - line.trim_start().len();
        // The line that closes the item opened at line `at` (its indent, a `}` first).
        let close = |at: usize| {
            let depth = indent(lines[at]);
            (at + 1..lines.len())
                .find(|&i| indent(lines[i]) == depth && lines[i].trim_start().starts_with('}'))
        };
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i].trim_start();
            if line == "#[cfg(test)]" {
                // The test item that follows: a `mod tests;` line, or a block.
                let next = i + 1;
                i = match lines.get(next) {
                    Some(item) if item.trim_end().ends_with(';') => next + 1,
                    Some(_) => close(next).map_or(lines.len(), |end| end + 1),
                    None => next,
                };
                continue;
            }
            if let Some(name) = function_name(line) {
                // Its signature: up to the `{` of a body (a `;` first: a declaration).
                let body = (i..lines.len())
                    .find(|&j| {
                        let end = lines[j].trim_end();
                        end.ends_with('{') || end.ends_with(';')
                    })
                    .filter(|&j| lines[j].trim_end().ends_with('{'));
                if let Some(end) = body.and_then(|_| close(i))
                    && end - i + 1 > max
                {
                    long.push((path.display().to_string(), name, end - i + 1));
                }
            }
            i += 1;
        }
    }
    long.sort();
    long
}

/// The name `line` declares a function of (`pub(crate) async fn name(`), if it does.
fn function_name(line: &str) -> Option<String> {
    let mut words = line.split_whitespace().peekable();
    while let Some(word) = words.peek() {
        if word.starts_with("pub") || matches!(*word, "async" | "const" | "unsafe" | "extern") {
            words.next();
        } else {
            break;
        }
    }
    if words.next()? != "fn" {
        return None;
    }
    let name: String = words
        .next()?
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// The workspace's source files under `crates`, tests apart (`tests.rs`, `tests/`), build
/// output and front-end packages too.
fn sources(crates: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    rust_files(crates, &mut found);
    let apart = ["tests", "target", "node_modules"];
    found.retain(|path| {
        path.file_name().is_some_and(|name| name != "tests.rs")
            && !path
                .strip_prefix(crates)
                .unwrap_or(path)
                .components()
                .any(|part| apart.iter().any(|dir| part.as_os_str() == *dir))
    });
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    /// The house rule (STYLE, issue 16): no source file over 600 lines.
    #[test]
    fn no_source_file_of_the_workspace_is_over_600_lines() {
        let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let long = super::files_longer_than(&crates, 600);
        assert!(long.is_empty(), "split these by concept: {long:?}");
    }

    /// The house rule (STYLE, issue 16): no function over 120 lines, tests apart.
    #[test]
    fn no_function_of_the_workspace_is_over_120_lines() {
        let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let long = super::functions_longer_than(&crates, 120);
        assert!(long.is_empty(), "split these: {long:?}");
    }
}
