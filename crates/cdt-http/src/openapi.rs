//! `GET /openapi.json`: an OpenAPI 3.1 document of every endpoint, generated from the same
//! schemas the daemon validates against (the operations' parameters) and from seed 003's table,
//! so a client generator or a validator sees exactly what the server takes.

use std::collections::BTreeMap;

use cdt_domain::ErrorCode;
use cdt_domain::ops::{OP_SPECS, params_schema, reply_schema};
use serde_json::{Map, Value, json};

use crate::seed::ENDPOINTS;

/// Moves `schema`'s `$defs` into `components` (renamed when another definition already has
/// that name) and points its references there; returns the schema without them.
fn hoist(mut schema: Value, components: &mut BTreeMap<String, Value>) -> Value {
    let definitions = schema
        .as_object_mut()
        .and_then(|object| {
            object.remove("$schema");
            object.remove("$defs")
        })
        .and_then(|defs| match defs {
            Value::Object(map) => Some(map),
            _ => None,
        })
        .unwrap_or_default();
    let mut renamed = BTreeMap::new();
    for (name, definition) in &definitions {
        let mut unique = name.clone();
        let mut n = 2;
        while components
            .get(&unique)
            .is_some_and(|existing| existing != definition)
        {
            unique = format!("{name}{n}");
            n += 1;
        }
        renamed.insert(name.clone(), unique);
    }
    let point = |value: &mut Value| repoint(value, &renamed);
    for (name, mut definition) in definitions {
        point(&mut definition);
        components.insert(renamed[&name].clone(), definition);
    }
    point(&mut schema);
    schema
}

fn repoint(value: &mut Value, renamed: &BTreeMap<String, String>) {
    match value {
        Value::Object(object) => {
            if let Some(Value::String(reference)) = object.get_mut("$ref")
                && let Some(name) = reference.strip_prefix("#/$defs/")
            {
                let name = renamed
                    .get(name)
                    .cloned()
                    .unwrap_or_else(|| name.to_string());
                *reference = format!("#/components/schemas/{name}");
            }
            object
                .values_mut()
                .for_each(|child| repoint(child, renamed));
        }
        Value::Array(items) => items.iter_mut().for_each(|child| repoint(child, renamed)),
        _ => {}
    }
}

fn envelope_schemas(components: &mut BTreeMap<String, Value>) {
    let codes: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    components.insert(
        "Meta".into(),
        json!({
            "type": "object",
            "properties": {
                "requestId": { "type": "string" },
                "durationMs": { "type": "integer" },
                "context": { "type": "string", "description": "The context key the request ran in (ctx_…)." },
                "warnings": { "type": "array", "items": { "type": "object" } },
                "retryable": { "type": "boolean" }
            },
            "required": ["requestId", "durationMs"]
        }),
    );
    components.insert(
        "Success".into(),
        json!({
            "type": "object",
            "properties": { "ok": { "const": true }, "data": {}, "meta": { "$ref": "#/components/schemas/Meta" } },
            "required": ["ok", "data", "meta"]
        }),
    );
    components.insert(
        "Failure".into(),
        json!({
            "type": "object",
            "properties": {
                "ok": { "const": false },
                "error": {
                    "type": "object",
                    "properties": {
                        "code": { "enum": codes },
                        "message": { "type": "string" },
                        "details": {},
                        "suggestions": { "type": "array", "items": { "type": "string" } }
                    },
                    "required": ["code", "message"]
                },
                "meta": { "$ref": "#/components/schemas/Meta" }
            },
            "required": ["ok", "error", "meta"]
        }),
    );
}

/// An operation's responses: the success envelope (with its `data`'s schema when the reply is
/// typed), or a failure.
fn op_responses(name: &str, components: &mut BTreeMap<String, Value>) -> Value {
    let mut out = responses();
    if let Some(reply) = reply_schema(name) {
        let reply_name = format!("reply.{name}");
        let hoisted = hoist(reply, components);
        components.insert(reply_name.clone(), hoisted);
        out["200"]["content"]["application/json"]["schema"] = json!({ "allOf": [
            { "$ref": "#/components/schemas/Success" },
            { "type": "object", "properties": { "data": { "$ref": format!("#/components/schemas/{reply_name}") } } }
        ] });
    }
    out
}

fn responses() -> Value {
    json!({
        "200": { "description": "The operation's data.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Success" } } } },
        "default": { "description": "A failure: 400 usage, 401 no token, 403 refused, 404 not found, 409 conflict, 413 body too large, 500 internal, 502 dependency, 503 retry, 504 timeout.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Failure" } } } }
    })
}

fn context_parameters() -> Vec<Value> {
    vec![
        json!({ "$ref": "#/components/parameters/Context" }),
        json!({ "$ref": "#/components/parameters/ShareGroup" }),
    ]
}

/// The document, for a server on `port`.
pub fn document(port: u16) -> Value {
    let mut components = BTreeMap::new();
    envelope_schemas(&mut components);
    let mut paths = Map::new();
    for spec in OP_SPECS {
        let schema = hoist(
            params_schema(spec.name).unwrap_or_default(),
            &mut components,
        );
        let name = format!("params.{}", spec.name);
        components.insert(name.clone(), schema);
        let mut parameters = context_parameters();
        parameters.push(json!({ "$ref": "#/components/parameters/Timeout" }));
        paths.insert(
            format!("/op/{}", spec.name),
            json!({ "post": {
                "operationId": spec.tool_name(),
                "summary": spec.summary,
                "description": format!("cdt {} (example: {})", spec.name.replace('.', " "), spec.example()),
                "tags": [spec.name.split('.').next().unwrap_or_default()],
                "parameters": parameters,
                "requestBody": { "required": false, "content": { "application/json": { "schema": { "$ref": format!("#/components/schemas/{name}") } } } },
                "responses": op_responses(spec.name, &mut components),
            } }),
        );
    }
    for endpoint in ENDPOINTS {
        let mut parameters = context_parameters();
        parameters.extend(endpoint.params.iter().map(|param| {
            json!({ "name": param.name, "in": "query", "required": param.required,
                    "description": param.about, "schema": { "type": param.kind } })
        }));
        let operation = json!({
            "operationId": format!("seed{}", endpoint.path.replace('/', "_")),
            "summary": endpoint.summary,
            "description": format!("Seed 003's endpoint; sends {}.", endpoint.op),
            "tags": ["seed 003"],
            "parameters": parameters,
            "responses": responses(),
        });
        paths.insert(
            endpoint.path.into(),
            json!({ endpoint.method.as_str(): operation }),
        );
    }
    for (path, id, summary) in [
        (
            "/ops",
            "list_ops",
            "Every operation with its input schema, example, budget and error codes",
        ),
        ("/openapi.json", "openapi", "This document"),
    ] {
        paths.insert(
            path.into(),
            json!({ "get": { "operationId": id, "summary": summary, "tags": ["meta"],
                "responses": { "200": { "description": summary, "content": { "application/json": { "schema": {} } } },
                               "default": { "description": "A failure.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Failure" } } } } } } }),
        );
    }
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "cdt",
            "version": cdt_domain::CDT_VERSION,
            "description": "Chromium for agents and scripts: every cdt operation over loopback HTTP (docs/http.md). Every request needs `Authorization: Bearer <token>` (`cdt http --print-token`)."
        },
        "servers": [{ "url": format!("http://127.0.0.1:{port}") }],
        "security": [{ "bearer": [] }],
        "paths": paths,
        "components": {
            "securitySchemes": { "bearer": { "type": "http", "scheme": "bearer" } },
            "parameters": {
                "Timeout": { "name": "timeout", "in": "query", "required": false, "description": "Budget in ms (default: the operation's).", "schema": { "type": "integer", "minimum": 1, "maximum": 3_600_000 } },
                "Context": { "name": "X-CDT-Context", "in": "header", "required": false, "description": "The context, as CDT_CONTEXT_ID (default: the server's own).", "schema": { "type": "string" } },
                "ShareGroup": { "name": "X-CDT-Share-Group", "in": "header", "required": false, "description": "A share group, as --share-group.", "schema": { "type": "string" } }
            },
            "schemas": components,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_and_seed_endpoint_is_in_the_document_and_nothing_dangles() {
        let document = document(8765);
        for spec in OP_SPECS {
            assert!(
                document["paths"][format!("/op/{}", spec.name)]["post"].is_object(),
                "{}",
                spec.name
            );
        }
        for endpoint in ENDPOINTS {
            assert!(document["paths"][endpoint.path][endpoint.method.as_str()].is_object());
        }
        let text = document.to_string();
        assert!(!text.contains("#/$defs/"), "a reference into $defs is left");
        let schemas = &document["components"]["schemas"];
        for (at, _) in text.match_indices("#/components/schemas/") {
            let name: String = text[at + "#/components/schemas/".len()..]
                .chars()
                .take_while(|c| *c != '"')
                .collect();
            assert!(schemas[&name].is_object(), "dangling reference to {name}");
        }
    }
}
