//! Who is calling: what the CLI observes about its caller ([`CallerContext`]) and what the
//! daemon's resolver makes of it ([`ResolvedContext`]). The resolution rule itself lives in
//! `cdt-app` (`ContextResolver`) and is documented in `docs/context-resolution.md`.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The process that owns a context when the context comes from the process fingerprint: the
/// nearest ancestor of `cdt` that is not a shell or wrapper. `start_time` (clock ticks after
/// boot, `/proc/<pid>/stat` field 22) makes a reused pid a different caller.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProcessFingerprint {
    pub pid: u32,
    pub start_time: u64,
    pub name: String,
    /// Controlling terminal device number (`/proc/<pid>/stat` field 7); 0 when none.
    pub tty: u64,
}

/// Everything the CLI knows about its caller, sent with every request.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallerContext {
    /// `--context-id`: operator override (a `ctx_…` key, or any name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context_override: Option<String>,
    /// `CDT_CONTEXT_ID` from the environment (injected by agent runtimes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context_id: Option<String>,
    /// `--share-group` given as a flag: deliberate sharing, so it outranks `CDT_CONTEXT_ID`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub share_group: Option<String>,
    /// `CDT_SHARE_GROUP` from the environment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub share_group_env: Option<String>,
    /// The owning process, when it could be read from `/proc`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub process: Option<ProcessFingerprint>,
    /// Why `process` is missing, when it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub process_error: Option<String>,
    /// The pid of the `cdt` client itself.
    #[serde(default)]
    pub client_pid: u32,
    /// `CDT_BROWSER_MODE` from the environment, as given (checked when a browser starts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub browser_mode: Option<String>,
}

/// How a context key was obtained, in priority order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum ContextSource {
    Override,
    Env,
    ShareGroup,
    Process,
    Temporary,
}

impl ContextSource {
    /// Ephemeral contexts lose their profile directory when their slot is cleaned up.
    pub fn is_ephemeral(self) -> bool {
        matches!(self, ContextSource::Process | ContextSource::Temporary)
    }
}

/// A context key: `ctx_` and 12 hex digits of a sha256 over the resolved identity.
#[derive(
    Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(transparent)]
pub struct ContextKey(String);

impl ContextKey {
    pub const PREFIX: &'static str = "ctx_";
    pub const HEX_LEN: usize = 12;

    /// Accepts only the canonical form, so a key can never name a path outside the state dir.
    pub fn parse(text: &str) -> Option<ContextKey> {
        let hex = text.strip_prefix(Self::PREFIX)?;
        let valid = hex.len() == Self::HEX_LEN
            && hex
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        valid.then(|| ContextKey(text.to_string()))
    }

    /// Builds a key from the hex digest of its identity (at least 12 lowercase hex digits).
    pub fn from_digest_hex(hex: &str) -> Option<ContextKey> {
        ContextKey::parse(&format!("{}{}", Self::PREFIX, hex.get(..Self::HEX_LEN)?))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The hex part, used for file names (`locks/context-<hash>.lock`, `contexts/<hash>/`).
    pub fn hash(&self) -> &str {
        &self.0[Self::PREFIX.len()..]
    }
}

impl fmt::Display for ContextKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The outcome of context resolution.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResolvedContext {
    pub key: ContextKey,
    pub source: ContextSource,
    /// Human-readable identity, e.g. `env CDT_CONTEXT_ID=a` or `process python3 (pid 41, tty 0)`.
    pub identity: String,
    /// The process whose death ends a process-keyed context.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<ProcessFingerprint>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warning: Option<crate::warning::Warning>,
    /// `CDT_BROWSER_MODE` as the caller gave it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub browser_mode: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn context_key_accepts_only_canonical_form() {
        assert!(ContextKey::parse("ctx_0123456789ab").is_some());
        assert!(ContextKey::parse("ctx_0123456789AB").is_none());
        assert!(ContextKey::parse("ctx_0123456789a").is_none());
        assert!(ContextKey::parse("ctx_../../etc/x").is_none());
        assert!(ContextKey::parse("0123456789ab").is_none());
        let key = ContextKey::from_digest_hex("abcdef0123456789ffff").map(|k| k.hash().to_string());
        assert_eq!(key.as_deref(), Some("abcdef012345"));
    }
}

/// How a request touches its context.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Access {
    /// A command: it may start the context's browser and counts as the context's activity
    /// (its lease stays alive).
    #[default]
    Active,
    /// A background read (an MCP resource watch polling for new events): it never starts a
    /// browser and leaves the lease alone, so an idle context still times out.
    Passive,
}
