//! The version of the wire protocol between `cdt` (and every other client: `cdt mcp`, the
//! REPL) and `cdt-daemon`: a fingerprint of the operation table (every operation's name and the
//! schemas of its parameters and of its reply) and of the envelope around it. A client whose
//! table differs from the daemon's (an operation added, renamed, a parameter or a reply's shape
//! changed: a snapshot diff's kinds of change) speaks another protocol, so it never sends a
//! daemon an operation it lacks nor reads a reply it would misunderstand; the handshake refuses
//! the mismatch.
//!
//! [`PROTOCOL_VERSION`] is generated: a test recomputes the fingerprint and fails when the
//! committed number is stale; `CDT_UPDATE_DOCS=1 cargo test -p cdt-domain protocol` rewrites
//! it. Changes of the envelope itself (hello, request, reply) bump [`ENVELOPE`] by hand.

/// The shape of the envelope (`hello`, request, reply) around the operations.
pub const ENVELOPE: u32 = 4;

/// The fingerprint of [`ENVELOPE`] and the operation table (generated, see the module docs).
pub const PROTOCOL_VERSION: u32 = 402086450;

/// FNV-1a over `bytes`, continuing from `hash`.
fn fnv1a(mut hash: u32, bytes: &[u8]) -> u32 {
    for byte in bytes {
        hash ^= u32::from(*byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    hash
}

/// The fingerprint of the envelope and the operation table as this build has them.
pub fn fingerprint() -> u32 {
    let mut hash = fnv1a(0x811c_9dc5, format!("envelope {ENVELOPE}\n").as_bytes());
    for spec in crate::ops::OP_SPECS {
        let params = crate::ops::params_schema(spec.name).unwrap_or_default();
        let reply = crate::ops::reply_schema(spec.name).unwrap_or_default();
        hash = fnv1a(hash, format!("{} {params} {reply}\n", spec.name).as_bytes());
    }
    // Never 0: that is what an unset constant reads.
    hash.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed version is the fingerprint of this build's operation table.
    #[test]
    fn protocol_version_is_the_fingerprint_of_the_operation_table() {
        let current = fingerprint();
        if current == PROTOCOL_VERSION {
            return;
        }
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/protocol.rs");
        if std::env::var("CDT_UPDATE_DOCS").is_ok_and(|v| v == "1") {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let old = format!("pub const PROTOCOL_VERSION: u32 = {PROTOCOL_VERSION};");
            let new = format!("pub const PROTOCOL_VERSION: u32 = {current};");
            assert!(text.contains(&old), "no line {old:?} in {}", path.display());
            if let Err(error) = std::fs::write(&path, text.replace(&old, &new)) {
                panic!("cannot write {}: {error}", path.display());
            }
            return;
        }
        panic!(
            "the operation table changed: PROTOCOL_VERSION is {PROTOCOL_VERSION}, the table's fingerprint {current}; regenerate it with: CDT_UPDATE_DOCS=1 cargo test -p cdt-domain protocol"
        );
    }

    #[test]
    fn the_fingerprint_sees_a_parameter_change() {
        let before = fingerprint();
        let mut hash = fnv1a(0x811c_9dc5, b"envelope 3\n");
        hash = fnv1a(hash, b"page.open {}\n");
        assert_ne!(before, hash);
        assert_ne!(fnv1a(1, b"a"), fnv1a(1, b"b"));
    }
}
