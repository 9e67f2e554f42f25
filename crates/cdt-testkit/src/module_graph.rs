//! The module import graph of a crate, for guard tests that its modules import each other
//! without a cycle. It reads every `src/**/*.rs`, takes each `crate::<module>` reference
//! outside comments and strings (`use crate::{a, b}` included) as an edge from the file's
//! top-level module, and finds a cycle if there is one.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

pub type Graph = BTreeMap<String, BTreeSet<String>>;

pub(crate) fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// `line` without the contents of its string literals (a `crate::` in a message is no import).
fn code_of(line: &str) -> String {
    let mut code = String::with_capacity(line.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in line.chars() {
        match (in_string, escaped, c) {
            (true, false, '\\') => escaped = true,
            (true, true, _) => escaped = false,
            (_, false, '"') => {
                in_string = !in_string;
                code.push(c);
            }
            (true, false, _) => {}
            (false, _, _) => code.push(c),
        }
    }
    code
}

/// The first path segments after each `crate::` in `line`: `crate::a::b` names `a`,
/// `crate::{a, b::c}` names `a` and `b`.
fn referenced(line: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("crate::") {
        let preceded_by_ident = rest[..at]
            .chars()
            .next_back()
            .is_some_and(|c| is_ident(c) || c == '$');
        rest = &rest[at + "crate::".len()..];
        if preceded_by_ident {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            // Only the group's own items: `a::{b, c}` inside it names `a`.
            let mut outer = String::new();
            let mut depth = 0_usize;
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    _ if depth == 0 => outer.push(c),
                    _ => {}
                }
            }
            for item in outer.split(',') {
                let name: String = item.trim().chars().take_while(|c| is_ident(*c)).collect();
                if !name.is_empty() {
                    names.push(name);
                }
            }
        } else {
            let name: String = rest.chars().take_while(|c| is_ident(*c)).collect();
            if !name.is_empty() {
                names.push(name);
            }
        }
    }
    names
}

/// The module import graph of the crate rooted at `src`.
pub fn graph(src: &Path) -> Graph {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let module_of = |path: &Path| -> Option<String> {
        let relative = path.strip_prefix(src).ok()?;
        let first = relative.components().next()?.as_os_str().to_str()?;
        Some(first.trim_end_matches(".rs").to_string())
    };
    let modules: BTreeSet<String> = files
        .iter()
        .filter_map(|f| module_of(f))
        .filter(|m| m != "lib")
        .collect();
    let mut graph = Graph::new();
    for file in &files {
        let Some(module) = module_of(file).filter(|m| m != "lib") else {
            continue;
        };
        let text = fs::read_to_string(file).unwrap_or_default();
        let edges = graph.entry(module.clone()).or_default();
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for name in referenced(&code_of(line)) {
                assert!(
                    modules.contains(&name),
                    "{}: `crate::{name}` is not a module; name the module that defines it",
                    file.display()
                );
                if name != module {
                    edges.insert(name);
                }
            }
        }
    }
    graph
}

/// A cycle in `graph`, as the modules along it, if there is one.
pub fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &Graph,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

/// Fails (naming the cycle) when the modules of the crate rooted at `src` import each other in
/// a cycle; prints the graph (`-- --nocapture`). `min_modules` guards against reading nothing.
#[allow(clippy::print_stdout)] // the graph is the guard test's report
pub fn assert_acyclic(crate_name: &str, src: &Path, min_modules: usize) {
    let graph = graph(src);
    assert!(
        graph.len() >= min_modules,
        "too few modules read from {}",
        src.display()
    );
    for (module, edges) in &graph {
        let targets: Vec<&str> = edges.iter().map(String::as_str).collect();
        println!("{module} -> {}", targets.join(", "));
    }
    if let Some(cycle) = find_cycle(&graph) {
        panic!(
            "the modules of {crate_name} import each other in a cycle: {}",
            cycle.join(" -> ")
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_read_from_paths_and_groups() {
        assert_eq!(
            referenced("use crate::{dialogs, pages::Pages, support::{lock, str_field}};"),
            ["dialogs", "pages", "support"]
        );
        assert_eq!(
            referenced("let x = crate::eval::run(a); $crate::no; mycrate::no"),
            ["eval"]
        );
    }

    #[test]
    fn string_contents_are_not_code() {
        assert_eq!(
            code_of("panic!(\"crate::x \\\" crate::y\"); crate::z"),
            "panic!(\"\"); crate::z"
        );
    }

    #[test]
    fn a_cycle_is_found_and_named() {
        let edges = |list: &[(&str, &[&str])]| -> Graph {
            list.iter()
                .map(|(from, to)| (from.to_string(), to.iter().map(|t| t.to_string()).collect()))
                .collect()
        };
        let acyclic = edges(&[("a", &["b", "c"]), ("b", &["c"]), ("c", &[])]);
        assert_eq!(find_cycle(&acyclic), None);
        let cyclic = edges(&[("a", &["b"]), ("b", &["c"]), ("c", &["a"])]);
        assert_eq!(
            find_cycle(&cyclic),
            Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
        );
    }
}
