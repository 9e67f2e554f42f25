use std::collections::BTreeSet;

use super::*;

#[test]
fn every_op_has_a_spec_schema_summary_and_example() {
    let mut names = BTreeSet::new();
    for spec in OP_SPECS {
        assert!(names.insert(spec.name), "{} is declared twice", spec.name);
        assert!(
            params_schema(spec.name).is_some(),
            "{} has no schema",
            spec.name
        );
        assert!(!spec.summary.is_empty(), "{} has no summary", spec.name);
        assert!(
            spec.example().starts_with("cdt "),
            "{} has no example",
            spec.name
        );
        assert!(spec.error_codes().contains(&ErrorCode::Timeout));
        assert!(
            spec.name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '.' || c == '-'),
            "{}: wire names are lowercase words joined by dots",
            spec.name
        );
    }
    assert_eq!(every_operation().len(), OP_SPECS.len());
}

/// An operation's file is named after its command (`page/wait_text.rs` is `page.wait-text`),
/// so a newcomer finds it from the command line.
#[test]
fn every_operation_lives_in_the_file_its_command_names() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ops");
    for spec in OP_SPECS {
        // A one-word command (`audit`) lives in `<word>/<word>.rs`.
        let (resource, rest) = spec.name.split_once('.').unwrap_or((spec.name, spec.name));
        let file = root
            .join(resource)
            .join(format!("{}.rs", rest.replace(['.', '-'], "_")));
        let text = std::fs::read_to_string(&file)
            .unwrap_or_else(|_| panic!("{} has no file {}", spec.name, file.display()));
        assert!(
            text.contains(&format!("name: \"{}\"", spec.name)),
            "{} does not declare {}",
            file.display(),
            spec.name
        );
    }
}

#[test]
fn operation_wire_form() {
    let op = Operation::PageUse(PageUseParams { id: 3 });
    let json = serde_json::to_string(&op).unwrap_or_default();
    assert_eq!(json, r#"{"op":"page.use","params":{"id":3}}"#);
    assert_eq!(op.spec().name, "page.use");
    let back: Operation = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, op);
    let unknown: Result<Operation, _> =
        serde_json::from_str(r#"{"op":"page.explode","params":{}}"#);
    assert!(unknown.is_err_and(|e| e.to_string().contains("page.explode")));
    let bad: Result<Operation, _> = serde_json::from_str(r#"{"op":"page.use","params":{"idd":3}}"#);
    assert!(bad.is_err_and(|e| e.to_string().contains("idd")));
    // No params is the same as empty ones.
    let bare: Operation =
        serde_json::from_str(r#"{"op":"page.list"}"#).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(bare.name(), "page.list");
}

#[test]
fn every_operation_round_trips_on_the_wire() {
    for operation in every_operation() {
        let json = serde_json::to_value(&operation).unwrap_or_default();
        let back: Operation =
            serde_json::from_value(json.clone()).unwrap_or_else(|e| panic!("{json}: {e}"));
        assert_eq!(back, operation);
    }
}

#[test]
fn every_operation_publishes_its_reply_schema() {
    for spec in OP_SPECS {
        let schema = reply_schema(spec.name).unwrap_or_default();
        let described = schema["type"] == "object" || schema.get("anyOf").is_some();
        assert!(described, "{} has no reply schema: {schema}", spec.name);
    }
    let page_list = reply_schema("page.list").unwrap_or_default();
    assert!(page_list["properties"]["pages"].is_object(), "{page_list}");
    let close = reply_schema("page.close").unwrap_or_default();
    assert!(close["properties"]["currentPage"].is_object(), "{close}");
    assert!(reply_schema("no.such.op").is_none());
}

#[test]
fn an_action_had_no_effect_only_when_nothing_at_all_happened() {
    assert!(ActionReply::default().no_effect());
    let changed = ActionReply {
        dom_changed: true,
        ..ActionReply::default()
    };
    assert!(!changed.no_effect());
    let download: crate::download::DownloadReport = crate::download::DownloadReport {
        download: crate::download::Download::default(),
        mime: "text/csv".into(),
    };
    let downloaded = ActionReply {
        downloads: vec![download],
        ..ActionReply::default()
    };
    assert!(!downloaded.no_effect());
    // What serializes is the contract's shape: the two flags always, the rest only when there
    // is something to say (SPEC §3.3: minimal payloads).
    let json = serde_json::to_value(&downloaded).expect("serializes");
    assert_eq!(
        (&json["navigated"], &json["domChanged"]),
        (&false.into(), &false.into())
    );
    assert!(json.get("dialog").is_none() && json.get("newPages").is_none());
    assert!(json.get("changes").is_none() && json.get("waited").is_none());
    assert_eq!(json["downloads"][0]["mime"], "text/csv");
}
