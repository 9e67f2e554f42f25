//! The web app's TypeScript types, generated from the Rust types the server puts on the wire
//! (their `schemars` JSON schemas, as serialized), so the UI never keeps a copy by hand. The
//! output is committed as `web/src/generated/types.ts`; a test fails when it differs from what
//! [`generate`] produces now, and says how to regenerate it.
//!
//! The converter understands the schema shapes these types produce (objects, string enums,
//! internally tagged enums, options, arrays, maps) and refuses any other shape rather than
//! guess. A property that is neither required nor always present (`Option` with
//! `skip_serializing_if`) is optional in TypeScript (`name?: T`), without `null`.

use std::fmt::Write as _;

use schemars::JsonSchema;
use schemars::generate::{SchemaGenerator, SchemaSettings};
use serde_json::{Map, Value};

use crate::events::{Event, StateSnapshot};
use crate::run_log_store::RunRecord;

/// Where the generated file lives, relative to the crate.
pub const GENERATED_PATH: &str = "web/src/generated/types.ts";
/// The command that rewrites [`GENERATED_PATH`].
pub const REGENERATE: &str = "UPDATE_TS_TYPES=1 cargo test -p cdt-debate --lib typescript";

/// The roots: everything the API and the WebSocket send is reachable from these.
fn add_roots(generator: &mut SchemaGenerator) {
    fn add<T: JsonSchema>(generator: &mut SchemaGenerator) {
        let _ = generator.subschema_for::<T>();
    }
    add::<Event>(generator);
    add::<StateSnapshot>(generator);
    add::<RunRecord>(generator);
}

/// The whole `.ts` file.
pub fn generate() -> Result<String, String> {
    let mut generator = SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    add_roots(&mut generator);
    let mut definitions: Vec<(&String, &Value)> = generator.definitions().iter().collect();
    definitions.sort_by(|a, b| a.0.cmp(b.0));
    let mut out = format!(
        "// Generated from the server's Rust types by crates/debate/src/typescript.rs; do not edit.\n\
         // Regenerate: {REGENERATE}\n"
    );
    for (name, schema) in definitions {
        out.push('\n');
        out.push_str(&declaration(name, schema)?);
    }
    Ok(out)
}

fn declaration(name: &str, schema: &Value) -> Result<String, String> {
    let mut out = doc_comment(schema, "");
    if schema.get("properties").is_some() && schema.get("$ref").is_none() {
        let _ = writeln!(out, "export interface {name} {{");
        out.push_str(&members(schema, "  ")?);
        out.push_str("}\n");
        return Ok(out);
    }
    let alternatives = schema
        .get("oneOf")
        .or_else(|| schema.get("anyOf"))
        .and_then(Value::as_array);
    if let Some(alternatives) = alternatives {
        let _ = writeln!(out, "export type {name} =");
        for alternative in alternatives {
            out.push_str(&doc_comment(alternative, "  "));
            let _ = writeln!(out, "  | {}", member_type(alternative)?);
        }
        out.pop();
        out.push_str(";\n");
        return Ok(out);
    }
    let ty = ts_type(schema)?;
    if ty.len() > 80 && schema.get("enum").is_some() {
        let _ = writeln!(out, "export type {name} =");
        for alternative in ty.split(" | ") {
            let _ = writeln!(out, "  | {alternative}");
        }
        out.pop();
        out.push_str(";\n");
    } else {
        let _ = writeln!(out, "export type {name} = {ty};");
    }
    Ok(out)
}

/// The properties of an object schema, one per line, in name order.
fn members(schema: &Value, indent: &str) -> Result<String, String> {
    let empty = Map::new();
    let properties = schema
        .get("properties")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let required = required(schema);
    let mut names: Vec<&String> = properties.keys().collect();
    names.sort();
    let mut out = String::new();
    for name in names {
        let property = &properties[name];
        let optional = !required.contains(&name.as_str());
        let mut ty = ts_type(property)?;
        if optional {
            ty = without_null(&ty);
        }
        out.push_str(&doc_comment(property, indent));
        let mark = if optional { "?" } else { "" };
        let _ = writeln!(out, "{indent}{name}{mark}: {ty};");
    }
    Ok(out)
}

fn required(schema: &Value) -> Vec<&str> {
    schema
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

fn without_null(ty: &str) -> String {
    let kept: Vec<&str> = ty.split(" | ").filter(|part| *part != "null").collect();
    kept.join(" | ")
}

/// One alternative of a union: a tagged variant is its tag object joined with its payload.
fn member_type(schema: &Value) -> Result<String, String> {
    match (schema.get("$ref"), schema.get("properties")) {
        (Some(reference), Some(_)) => Ok(format!(
            "({{ {} }} & {})",
            inline_members(schema)?,
            reference_name(reference)?
        )),
        _ => ts_type(schema),
    }
}

/// `a: T; b?: U` on one line.
fn inline_members(schema: &Value) -> Result<String, String> {
    let lines = members(&strip_docs(schema), "")?;
    Ok(lines
        .lines()
        .collect::<Vec<_>>()
        .join(" ")
        .trim_end_matches(';')
        .to_string())
}

fn strip_docs(schema: &Value) -> Value {
    let mut copy = schema.clone();
    if let Some(properties) = copy.get_mut("properties").and_then(Value::as_object_mut) {
        for property in properties.values_mut() {
            if let Some(object) = property.as_object_mut() {
                object.remove("description");
            }
        }
    }
    copy
}

fn reference_name(reference: &Value) -> Result<String, String> {
    reference
        .as_str()
        .and_then(|reference| reference.strip_prefix("#/$defs/"))
        .map(str::to_string)
        .ok_or_else(|| format!("unsupported $ref {reference}"))
}

fn ts_type(schema: &Value) -> Result<String, String> {
    if let Some(reference) = schema.get("$ref") {
        if schema.get("properties").is_some() {
            return member_type(schema);
        }
        return reference_name(reference);
    }
    if let Some(constant) = schema.get("const") {
        return Ok(constant.to_string());
    }
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        let literals: Vec<String> = values.iter().map(Value::to_string).collect();
        return Ok(literals.join(" | "));
    }
    let alternatives = schema
        .get("oneOf")
        .or_else(|| schema.get("anyOf"))
        .and_then(Value::as_array);
    if let Some(alternatives) = alternatives {
        let types = alternatives
            .iter()
            .map(member_type)
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(types.join(" | "));
    }
    match schema.get("type") {
        Some(Value::String(name)) => primitive(name, schema),
        Some(Value::Array(names)) => {
            let types = names
                .iter()
                .map(|name| match name.as_str() {
                    Some(name) => primitive(name, schema),
                    None => Err(format!("unsupported type list {names:?}")),
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(types.join(" | "))
        }
        _ => Err(format!("unsupported schema {schema}")),
    }
}

fn primitive(name: &str, schema: &Value) -> Result<String, String> {
    match name {
        "string" => Ok("string".into()),
        "integer" | "number" => Ok("number".into()),
        "boolean" => Ok("boolean".into()),
        "null" => Ok("null".into()),
        "array" => {
            let items = schema.get("items").ok_or("an array without items")?;
            let item = ts_type(items)?;
            Ok(if item.contains(' ') {
                format!("({item})[]")
            } else {
                format!("{item}[]")
            })
        }
        "object" if schema.get("properties").is_some() => {
            Ok(format!("{{ {} }}", inline_members(schema)?))
        }
        "object" => match schema.get("additionalProperties") {
            Some(values @ Value::Object(_)) => Ok(format!("Record<string, {}>", ts_type(values)?)),
            _ => Ok("Record<string, never>".into()),
        },
        other => Err(format!("unsupported type {other}")),
    }
}

/// A `/** … */` comment from the schema's description, if it has one.
fn doc_comment(schema: &Value, indent: &str) -> String {
    let Some(text) = schema.get("description").and_then(Value::as_str) else {
        return String::new();
    };
    let text = text.replace("*/", "*\\/");
    let lines: Vec<&str> = text.lines().collect();
    if let [line] = lines.as_slice() {
        return format!("{indent}/** {line} */\n");
    }
    let mut out = format!("{indent}/**\n");
    for line in lines {
        let _ = writeln!(out, "{}", format!("{indent} * {line}").trim_end());
    }
    let _ = writeln!(out, "{indent} */");
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::path::Path;

    use super::*;

    #[test]
    fn the_committed_typescript_is_generated_from_the_rust_types() {
        let generated = generate().unwrap();
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(GENERATED_PATH);
        if std::env::var_os("UPDATE_TS_TYPES").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &generated).unwrap();
            return;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == generated,
            "crates/debate/{GENERATED_PATH} is not what the Rust types generate now; \
             regenerate it with `{REGENERATE}` and commit it"
        );
    }

    /// How the converter maps the shapes our types produce.
    #[test]
    fn shapes_map_to_typescript() {
        let generated = generate().unwrap();
        for expected in [
            // A string enum.
            "export type AgentName = \"gemini\" | \"codex\";",
            // Option + skip_serializing_if: optional, without null.
            "  sessionId?: string;",
            // Option always serialized: present, maybe null.
            "  exitCode: number | null;",
            "  reason: EndReason | null;",
            // Vec.
            "  actions: UserAction[];",
            // Internally tagged enum: the tag joined with the payload.
            "  | ({ type: \"agent_status\" } & AgentStatusView)",
            "  | ({ type: \"panel_output\" } & PanelLine)",
            // A map keyed by an enum.
            "  sessions: { codex?: string; gemini?: string };",
            // Doc comments carry over.
            "/** One of the two debating CLIs. */",
        ] {
            assert!(
                generated.contains(expected),
                "missing `{expected}` in:\n{generated}"
            );
        }
    }
}
