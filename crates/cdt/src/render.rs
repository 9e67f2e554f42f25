//! Compact text forms of replies, for `--output text` and the REPL: an action's feedback in one
//! or two lines, a page read as its own text, an eval result as its value, a navigation as the
//! page it reached, the doctor's checks.
//!
//! It only formats what the daemon returned; it never adds a fact of its own. Replies it has
//! no compact form for fall back to the generic key/value rendering in `output.rs`.

use cdt_domain::ops::{TextForm, op_spec};
use cdt_domain::snapshot_change::{self, Change};
use serde_json::Value;

/// A compact rendering of `data`, when `op` has one: an action's feedback, the form the
/// operation table names for it ([`TextForm`]), or the doctor's checks.
pub fn compact(op: &str, data: &Value) -> Option<String> {
    if is_feedback(data) {
        return Some(feedback(op, data));
    }
    if op == "doctor" {
        return data
            .get("checks")
            .and_then(Value::as_array)
            .map(|c| checks(c));
    }
    match op_spec(op)?.text {
        TextForm::Generic => None,
        TextForm::PageReached => page_line(data),
        TextForm::Field(fields) => fields
            .iter()
            .find_map(|field| data.get(*field).and_then(Value::as_str))
            .map(line),
        TextForm::Value => data.get("value").map(value_text),
        TextForm::Snapshot => snapshot(data),
        TextForm::Matches => data.get("matches").and_then(Value::as_array).map(|m| {
            m.iter()
                .map(|node| {
                    line(&format!(
                        "{} {} {}",
                        text(&node["uid"]),
                        text(&node["role"]),
                        quoted(&node["name"])
                    ))
                })
                .collect()
        }),
        TextForm::Links => data.get("links").and_then(Value::as_array).map(|links| {
            if links.is_empty() {
                return "no links\n".to_string();
            }
            links.iter().map(link_line).collect()
        }),
        TextForm::Forms => forms(data),
    }
}

/// `e12 "Home" https://…` (` hidden` when it is not shown).
fn link_line(link: &Value) -> String {
    let hidden = if link["hidden"] == true {
        " hidden"
    } else {
        ""
    };
    line(&format!(
        "{} {} {}{hidden}",
        text(&link["uid"]),
        quoted(&link["name"]),
        text(&link["url"])
    ))
}

/// Field types a form's text form leaves out: the role says them.
const TYPES_THE_ROLE_TELLS: &[&str] = &[
    "text",
    "textarea",
    "select-one",
    "select-multiple",
    "checkbox",
    "radio",
    "button",
    "submit",
    "reset",
    "search",
];

/// Each form's line (`form e3 "Sign in" POST https://…/login`), its fields indented under it
/// (`e4 textbox "Email" field=email value="ada@example.com" required`), then the fields outside
/// any form.
fn forms(data: &Value) -> Option<String> {
    let field = |field: &Value| {
        let mut out = format!(
            "  {} {} {}",
            text(&field["uid"]),
            text(&field["role"]),
            quoted(&field["name"])
        );
        if let Some(name) = field["field"].as_str().filter(|f| !f.is_empty()) {
            out.push_str(&format!(" field={name}"));
        }
        // The input's type where its role does not tell it (a file input is a `button`).
        if let Some(kind) = field["type"]
            .as_str()
            .filter(|t| !t.is_empty() && !TYPES_THE_ROLE_TELLS.contains(t))
        {
            out.push_str(&format!(" type={kind}"));
        }
        if let Some(value) = field.get("value").filter(|v| !v.is_null()) {
            out.push_str(&format!(" value={}", quoted(value)));
        }
        for (key, word) in [
            ("checked", "checked"),
            ("required", "required"),
            ("disabled", "disabled"),
            ("hidden", "hidden"),
        ] {
            if field[key] == true {
                out.push_str(&format!(" {word}"));
            }
        }
        line(&out)
    };
    let mut out = String::new();
    for form in data.get("forms")?.as_array()? {
        out.push_str(&line(&format!(
            "form {} {} {} {}",
            text(&form["uid"]),
            quoted(&form["name"]),
            text(&form["method"]).to_uppercase(),
            text(&form["action"])
        )));
        for each in form["fields"].as_array().into_iter().flatten() {
            out.push_str(&field(each));
        }
    }
    let loose = data
        .get("fields")
        .and_then(Value::as_array)
        .filter(|f| !f.is_empty());
    if let Some(loose) = loose {
        out.push_str("outside any form\n");
        for each in loose {
            out.push_str(&field(each));
        }
    }
    if out.is_empty() {
        out.push_str("no forms or fields\n");
    }
    Some(out)
}

/// An action's reply carries the feedback contract's fields (SPEC §6.4).
fn is_feedback(data: &Value) -> bool {
    data.get("navigated").is_some() && data.get("domChanged").is_some()
}

/// A snapshot's text, or its changes under `version N (since M)` (nothing for another reply,
/// e.g. an error's details).
fn snapshot(data: &Value) -> Option<String> {
    if let Some(text) = data.get("snapshot").and_then(Value::as_str) {
        return Some(line(text));
    }
    if !data.get("changes").is_some_and(Value::is_array) {
        return None;
    }
    let changes = changes_of(data);
    let version = text(&data["version"]);
    if changes.is_empty() {
        return Some(format!("version {version}: unchanged\n"));
    }
    Some(format!(
        "version {version} (since {}): {} {}\n{}",
        text(&data["base"]),
        changes.len(),
        if changes.len() == 1 {
            "change"
        } else {
            "changes"
        },
        snapshot_change::text(&changes)
    ))
}

/// The reply's `changes` (a snapshot diff's or an action's feedback), if any.
fn changes_of(data: &Value) -> Vec<Change> {
    data.get("changes")
        .and_then(|c| serde_json::from_value(c.clone()).ok())
        .unwrap_or_default()
}

fn line(text: &str) -> String {
    if text.ends_with('\n') {
        text.to_string()
    } else {
        format!("{text}\n")
    }
}

fn text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn quoted(value: &Value) -> String {
    format!("{:?}", text(value))
}

fn value_text(value: &Value) -> String {
    match value {
        Value::String(text) => line(text),
        Value::Object(_) | Value::Array(_) => {
            line(&serde_json::to_string_pretty(value).unwrap_or_default())
        }
        other => line(&other.to_string()),
    }
}

fn page_line(data: &Value) -> Option<String> {
    let id = data.get("id")?;
    Some(line(&format!(
        "page {}: {} {}",
        text(id),
        quoted(&data["title"]),
        text(&data["url"])
    )))
}

/// `click e2 → navigated to "Next" http://…/next` and, when elements changed, a second line
/// naming them.
fn feedback(op: &str, data: &Value) -> String {
    let action = data
        .get("action")
        .and_then(Value::as_str)
        .unwrap_or_else(|| op.rsplit('.').next().unwrap_or(op));
    let target = ["uid", "selector", "text"]
        .iter()
        .find_map(|key| data.get(*key).and_then(Value::as_str))
        .map(|t| format!(" {t}"))
        .unwrap_or_default();
    let mut effects = Vec::new();
    if let Some(dialog) = data.get("dialog").filter(|d| !d.is_null()) {
        let page = dialog
            .get("page")
            .map(|p| format!(" on page {}", text(p)))
            .unwrap_or_default();
        effects.push(format!(
            "{} dialog {}{page} is open (answer: dialog handle accept|dismiss)",
            text(&dialog["type"]),
            quoted(&dialog["message"])
        ));
    }
    if data["navigated"] == true {
        // No title: the page kept the one it had, a navigation within the document, so on the
        // same origin: its path on (`/app#/active`).
        effects.push(match data.get("title") {
            Some(title) => format!("navigated to {} {}", quoted(title), text(&data["url"])),
            None => format!("navigated to {}", on_origin(&text(&data["url"]))),
        });
    }
    if let Some(pages) = data["newPages"].as_array().filter(|p| !p.is_empty()) {
        let ids: Vec<String> = pages.iter().map(text).collect();
        effects.push(format!(
            "opened page {} (switch: page use {})",
            ids.join(", "),
            ids[0]
        ));
    }
    if data["closed"] == true {
        effects.push(match data.get("current") {
            Some(page) => format!("the page closed itself; page {} is current", text(page)),
            None => "the page closed itself; no page is open".to_string(),
        });
    }
    if data["pageUnresponsive"] == true {
        effects.push("the page stopped answering".into());
    }
    if let Some(result) = data.get("result").and_then(Value::as_str) {
        effects.push(result.to_string());
    }
    if data["waited"] == false {
        effects.push("not waited for (--no-wait)".into());
    }
    match data.get("scrolled").and_then(Value::as_str) {
        Some("page") => effects.push(format!(
            "scrolled the page to y={} of {}",
            text(&data["scroll"]["y"]),
            text(&data["scroll"]["maxY"])
        )),
        Some(element) => effects.push(format!("scrolled {element}")),
        None => {}
    }
    let changes = changed_elements(data);
    let diff = changes_of(data);
    if effects.is_empty() {
        effects.push(match (diff.len(), changes.len()) {
            // The page back exactly as it was before what covered it (a dialog that closed).
            (0, 0) if data["earlier"] == true => {
                format!(
                    "the page is back as it was at version {}",
                    text(&data["base"])
                )
            }
            // The DOM changed where no snapshot line shows it (a class, a style).
            (0, 0) if data["domChanged"] == true => {
                "the page changed, not what the snapshot shows".to_string()
            }
            (0, 0) => "no visible change".to_string(),
            // The page back as it was before what covered it: the changes from then.
            (1, _) if data["earlier"] == true => {
                format!("1 change from the page at version {}", text(&data["base"]))
            }
            (n, _) if n > 0 && data["earlier"] == true => {
                format!(
                    "{n} changes from the page at version {}",
                    text(&data["base"])
                )
            }
            (1, _) => "1 change".to_string(),
            // The whole page, as most of it changed.
            (0, 1) => "most of the page changed; its 1 line below".to_string(),
            (0, n) => format!("most of the page changed; its {n} lines below"),
            (n, _) => format!("{n} changes"),
        });
    }
    let mut out = format!("{action}{target} → {}\n", effects.join("; "));
    if !diff.is_empty() {
        // The changes whole, as `capture snapshot --diff` prints them (a row's text is on the
        // lines below its uid line), up to a bound.
        let block = snapshot_change::text(&diff);
        let command = format!("cdt capture snapshot --since {}", text(&data["base"]));
        let lines: Vec<&str> = block.lines().collect();
        bounded(&mut out, &lines, &command);
    } else if let Some(snapshot) = data.get("snapshot").and_then(Value::as_str) {
        // A whole new snapshot (after a navigation, or when most of the page changed).
        let lines: Vec<&str> = snapshot.lines().filter(|l| !l.trim().is_empty()).collect();
        bounded(&mut out, &lines, "cdt capture snapshot");
    }
    out
}

/// A URL without its scheme and host (`http://h:1/app#/x` → `/app#/x`); one without a host
/// (`about:blank#x`) as it is.
fn on_origin(url: &str) -> &str {
    url.split_once("://")
        .and_then(|(_, rest)| rest.find('/').map(|at| &rest[at..]))
        .unwrap_or(url)
}

/// Appends up to [`FEEDBACK_LINES`] of `lines`, then how many more there are and the command
/// that shows them all.
fn bounded(out: &mut String, lines: &[&str], command: &str) {
    for line in lines.iter().take(FEEDBACK_LINES) {
        out.push_str(line);
        out.push('\n');
    }
    if lines.len() > FEEDBACK_LINES {
        let more = lines.len() - FEEDBACK_LINES;
        out.push_str(&format!("… {more} more lines ({command} shows them all)\n"));
    }
}

/// The most lines of changes or of a whole new snapshot an action's text form shows: a page of
/// a few hundred lines shows whole; thousands (a big listing after a navigation) are cut,
/// saying which command shows the rest.
const FEEDBACK_LINES: usize = 200;

/// The element lines of a whole snapshot in the feedback (after a navigation or a large
/// change).
fn changed_elements(data: &Value) -> Vec<String> {
    data.get("snapshot")
        .and_then(Value::as_str)
        .map(|snapshot| {
            snapshot
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(String::from)
                .collect()
        })
        .unwrap_or_default()
}

fn checks(checks: &[Value]) -> String {
    let mut out = String::new();
    for check in checks {
        let mark = match check["status"].as_str() {
            Some("ok") => "ok  ",
            Some("warn") => "warn",
            Some("skip") => "skip",
            _ => "FAIL",
        };
        out.push_str(&format!(
            "{mark} {:<10} {}\n",
            text(&check["name"]),
            text(&check["detail"])
        ));
        for fix in check["fixes"].as_array().into_iter().flatten() {
            out.push_str(&format!("     {:<10} fix: {}\n", "", text(fix)));
        }
    }
    out
}

#[cfg(test)]
mod tests;
