//! The page probe's script and the Rust enums that name its commands and failures agree: every
//! [`ProbeCommand`] is in the script's command table and nothing else is, and every failure
//! the script reports is a [`ProbeFailure`] the daemon maps to an error code.

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use cdt_domain::probe::{FillKind, ProbeCommand, ProbeFailure};

    const PROBE: &str = include_str!("js/probe.js");
    const SCRIPTS: [&str; 3] = [
        PROBE,
        include_str!("js/snapshot.js"),
        include_str!("js/accname.js"),
    ];

    /// The names in the script's `const commands = { … };` table.
    fn script_commands() -> BTreeSet<String> {
        let start = PROBE
            .find("const commands = {")
            .map(|i| i + "const commands = {".len());
        let table = start
            .and_then(|start| {
                PROBE[start..]
                    .find('}')
                    .map(|end| &PROBE[start..start + end])
            })
            .unwrap_or_default();
        table
            .split(',')
            .map(|name| name.trim().to_string())
            .filter(|name| !name.is_empty())
            .collect()
    }

    /// Every `error: '…'` the scripts answer with.
    fn script_failures() -> BTreeSet<String> {
        let mut found = BTreeSet::new();
        for script in SCRIPTS {
            for (at, _) in script.match_indices("error: '") {
                let rest = &script[at + "error: '".len()..];
                if let Some(end) = rest.find('\'') {
                    found.insert(rest[..end].to_string());
                }
            }
        }
        found
    }

    #[test]
    fn the_script_answers_exactly_the_commands_rust_sends() {
        let script = script_commands();
        assert!(
            script.len() >= 10,
            "could not read the command table: {script:?}"
        );
        let rust: BTreeSet<String> = ProbeCommand::ALL
            .iter()
            .map(|command| command.name().to_string())
            .collect();
        assert_eq!(
            script, rust,
            "js/probe.js's `commands` and ProbeCommand differ"
        );
    }

    #[test]
    fn every_failure_the_script_reports_is_a_probe_failure() {
        let failures = script_failures();
        assert!(
            failures.len() >= 10,
            "could not read the failures: {failures:?}"
        );
        for failure in &failures {
            assert!(
                ProbeFailure::from_name(failure).is_some(),
                "the probe answers error {failure:?}, which ProbeFailure does not name"
            );
        }
        for failure in ProbeFailure::ALL {
            assert!(
                failures.contains(failure.name()),
                "ProbeFailure::{failure:?} is never reported by the probe"
            );
        }
    }

    /// Every `kind: '…'` the probe prepares a field as is a [`FillKind`], and each is used.
    #[test]
    fn the_fill_kinds_the_script_answers_are_the_ones_rust_knows() {
        let mut script = BTreeSet::new();
        for (at, _) in PROBE.match_indices("kind: '") {
            let rest = &PROBE[at + "kind: '".len()..];
            if let Some(end) = rest.find('\'') {
                script.insert(rest[..end].to_string());
            }
        }
        let rust: BTreeSet<String> = FillKind::ALL.iter().map(|k| k.name().to_string()).collect();
        assert_eq!(script, rust);
    }
}
