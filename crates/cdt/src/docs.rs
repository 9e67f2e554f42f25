//! The command tables of README.md and docs/mcp.md, generated from the code that defines what
//! they list: the clap tree (commands and their about texts), `OP_SPECS` (default budgets, the
//! REPL's short forms, the MCP tools each operation declares) through the REPL's and the MCP
//! server's own tables.
//!
//! Each table sits between two marker comments in its document; a test fails when the text
//! between them differs from what is rendered here, and `CDT_UPDATE_DOCS=1 cargo test -p cdt
//! docs` rewrites it. Only the text between markers is ever written, never the prose around it.
//! Test-only: the `cdt` binary does not carry the MCP tool table.

use std::path::PathBuf;

use cdt_domain::ops::op_spec;
use cdt_mcp::tools::{McpTool, catalog, families};

use crate::cli::{command_paths, command_tree};
use crate::repl::aliases::{Action, aliases};

/// Set to `1` to rewrite the generated blocks instead of checking them.
const UPDATE_VARIABLE: &str = "CDT_UPDATE_DOCS";
const REGENERATE: &str = "CDT_UPDATE_DOCS=1 cargo test -p cdt docs";

/// One generated block: which document, which markers, what goes between them.
struct Block {
    file: &'static str,
    name: &'static str,
    render: fn() -> String,
}

const BLOCKS: &[Block] = &[
    Block {
        file: "README.md",
        name: "commands",
        render: commands_table,
    },
    Block {
        file: "README.md",
        name: "mcp-tools",
        render: readme_tools_table,
    },
    Block {
        file: "docs/mcp.md",
        name: "mcp-tools",
        render: mcp_tools_table,
    },
];

/// Text for a table cell: one line, no column separators, and a `<select>` outside code spans
/// shown as text rather than taken for HTML.
fn cell(text: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for c in text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
    {
        match c {
            '`' => {
                in_code = !in_code;
                out.push(c);
            }
            '|' => out.push_str("\\|"),
            '<' if !in_code => out.push_str("&lt;"),
            _ => out.push(c),
        }
    }
    out
}

fn budget(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{ms} ms")
    }
}

/// `page.wait-text` → `` `cdt page wait-text` `` (the path every op's command sits at, pinned
/// by `cli::tests::every_operation_has_a_cli_command`).
fn command_of(op: &str) -> String {
    format!("`cdt {}`", op.replace('.', " "))
}

/// Every leaf command: its help line, its default budget (or "—" when it runs locally) and
/// the REPL short forms that run it.
fn commands_table() -> String {
    let root = command_tree();
    let mut out = String::from(
        "| command | what it does | default budget | REPL short form |\n|---|---|---|---|\n",
    );
    for path in command_paths() {
        let Some(command) = path
            .iter()
            .try_fold(&root, |command, word| command.find_subcommand(word))
        else {
            continue;
        };
        if path.is_empty() || command.has_subcommands() {
            continue;
        }
        let op = path.join(".");
        let budget =
            op_spec(&op).map_or_else(|| "—".to_string(), |spec| budget(spec.default_timeout_ms));
        let about = command
            .get_about()
            .map(ToString::to_string)
            .unwrap_or_default();
        let short: Vec<String> = aliases()
            .iter()
            .filter(|alias| matches!(alias.action, Action::Cli { op: runs, .. } if runs == op))
            .map(|alias| {
                alias
                    .names
                    .iter()
                    .map(|name| format!("`{name}`"))
                    .collect::<Vec<_>>()
                    .join(" / ")
            })
            .collect();
        out.push_str(&format!(
            "| `cdt {}` | {} | {budget} | {} |\n",
            path.join(" "),
            cell(&about),
            short.join(" · ")
        ));
    }
    out
}

/// The tools `cdt mcp` lists by default (the DevTools and observer tools and `cdt`).
fn listed_tools() -> impl Iterator<Item = &'static McpTool> {
    let defaults = families("default").unwrap_or_default();
    catalog()
        .iter()
        .filter(move |tool| defaults.contains(&tool.family))
}

/// What a tool's operations are, as cells: every op for the shaped tools, "any" for `cdt`.
fn ops_of(tool: &McpTool) -> (Vec<String>, Vec<String>) {
    if !tool.kind_is_shaped() {
        return (
            vec!["any (`op`)".to_string()],
            vec!["every `cdt` command".to_string()],
        );
    }
    let ops = tool.ops();
    (
        ops.iter().map(|op| format!("`{op}`")).collect(),
        ops.iter().map(|op| command_of(op)).collect(),
    )
}

/// The README's short map: every listed MCP tool and the commands of the ops it may send.
fn readme_tools_table() -> String {
    let mut out = String::from("| MCP tool | cdt command |\n|---|---|\n");
    for tool in listed_tools() {
        let (_, commands) = ops_of(tool);
        out.push_str(&format!("| `{}` | {} |\n", tool.name, commands.join(" · ")));
    }
    out
}

/// docs/mcp.md's table: every listed tool, its ops and commands, its description as
/// `tools/list` sends it, and its own arguments (the shared `page` and `timeout` are described
/// once).
fn mcp_tools_table() -> String {
    let mut out = String::from(
        "| tool | cdt op(s) | CLI | what it does | arguments |\n|---|---|---|---|---|\n",
    );
    for tool in listed_tools() {
        let (ops, commands) = ops_of(tool);
        let schema = tool.schema();
        let arguments: Vec<String> = schema
            .get("properties")
            .and_then(|properties| properties.as_object())
            .into_iter()
            .flat_map(|properties| properties.keys())
            .filter(|name| !matches!(name.as_str(), "page" | "timeout"))
            .map(|name| format!("`{name}`"))
            .collect();
        let description = if tool.kind_is_shaped() {
            tool.description.as_str()
        } else {
            "Run any cdt operation by its dotted name, with its parameters; `describe: true` returns its input and reply schemas and an example."
        };
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} |\n",
            tool.name,
            ops.join(" · "),
            commands.join(" · "),
            cell(description),
            arguments.join(", ")
        ));
    }
    out
}

fn begin_marker(name: &str) -> String {
    format!("<!-- generated:{name} begin; regenerate: {REGENERATE} -->\n")
}

fn end_marker(name: &str) -> String {
    format!("<!-- generated:{name} end -->")
}

/// `text` with the block `name` replaced by `content`; an error when its markers are missing.
fn replace_block(text: &str, name: &str, content: &str) -> Result<String, String> {
    let begin = begin_marker(name);
    let end = end_marker(name);
    let start = text
        .find(&begin)
        .map(|at| at + begin.len())
        .ok_or_else(|| format!("no line {begin:?}"))?;
    let stop = text[start..]
        .find(&end)
        .map(|at| start + at)
        .ok_or_else(|| format!("no {end:?} after {begin:?}"))?;
    Ok(format!("{}{content}{}", &text[..start], &text[stop..]))
}

fn document(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed tables are the ones the code renders now.
    #[test]
    fn generated_docs_tables_are_current() {
        let update = std::env::var(UPDATE_VARIABLE).is_ok_and(|value| value == "1");
        let mut stale = Vec::new();
        let mut files: Vec<&str> = BLOCKS.iter().map(|block| block.file).collect();
        files.dedup();
        for file in files {
            let path = document(file);
            let committed = match std::fs::read_to_string(&path) {
                Ok(text) => text,
                Err(error) => panic!("cannot read {}: {error}", path.display()),
            };
            let mut generated = committed.clone();
            for block in BLOCKS.iter().filter(|block| block.file == file) {
                generated = match replace_block(&generated, block.name, &(block.render)()) {
                    Ok(text) => text,
                    Err(error) => panic!("{file}: {error}"),
                };
            }
            if generated == committed {
                continue;
            }
            if update {
                if let Err(error) = std::fs::write(&path, &generated) {
                    panic!("cannot write {}: {error}", path.display());
                }
                continue;
            }
            let first = committed
                .lines()
                .zip(generated.lines())
                .find(|(old, new)| old != new)
                .map(|(old, new)| format!("\n  committed: {old}\n  generated: {new}"))
                .unwrap_or_default();
            stale.push(format!("{file}{first}"));
        }
        assert!(
            stale.is_empty(),
            "generated tables differ from the code in:\n{}\nRegenerate them with: {REGENERATE}",
            stale.join("\n")
        );
    }

    #[test]
    fn a_block_is_replaced_between_its_markers_only() {
        let text = format!(
            "prose\n{}old\n{}\nmore prose\n",
            begin_marker("x"),
            end_marker("x")
        );
        let replaced = replace_block(&text, "x", "new\n");
        assert_eq!(
            replaced,
            Ok(format!(
                "prose\n{}new\n{}\nmore prose\n",
                begin_marker("x"),
                end_marker("x")
            ))
        );
        assert!(replace_block("no markers", "x", "new\n").is_err());
    }

    #[test]
    fn a_cell_is_one_line_of_plain_text() {
        assert_eq!(
            cell("Fill a <select> or `<input>`\n  a|b"),
            "Fill a &lt;select> or `<input>` a\\|b"
        );
    }

    /// Every leaf command has a row, the ones the hand-kept list forgot included.
    #[test]
    fn the_commands_table_has_every_leaf_command() {
        let table = commands_table();
        for row in [
            "| `cdt storage session get` |",
            "| `cdt page open` | Open a URL in a new page",
            "| `cdt errors` |",
        ] {
            assert!(table.contains(row), "{row} missing from:\n{table}");
        }
        assert!(
            table.contains("| 30 s | `g` / `goto` |"),
            "page navigate's budget and short form: {table}"
        );
    }
}
