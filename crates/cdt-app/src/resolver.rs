//! ContextResolver (SPEC §4.1): turns a [`CallerContext`] into a context key. Priority:
//! `--context-id` → `--share-group` flag → `CDT_CONTEXT_ID` → `CDT_SHARE_GROUP` → process
//! fingerprint → temporary key. A flag outranks the environment: an agent whose runtime injects
//! `CDT_CONTEXT_ID` can still join a group on purpose.
//! The key is `ctx_` + the first 12 hex digits of sha256 over a tagged identity string, so the
//! same identity always maps to the same key, and identities of different kinds never collide.
//! See `docs/context-resolution.md`.

use cdt_domain::{
    CallerContext, CdtError, ContextKey, ContextSource, ErrorCode, ResolvedContext, Warning,
    WarningCode,
};
use sha2::{Digest, Sha256};

const MAX_NAME_LEN: usize = 256;

#[derive(Clone, Copy, Debug, Default)]
pub struct ContextResolver;

fn key_of(identity: &str) -> ContextKey {
    let digest = Sha256::digest(identity.as_bytes());
    let hex: String = digest.iter().take(6).map(|b| format!("{b:02x}")).collect();
    // 12 lowercase hex digits always form a valid key.
    ContextKey::from_digest_hex(&hex).unwrap_or_else(unreachable_key)
}

#[allow(clippy::unwrap_used)]
fn unreachable_key() -> ContextKey {
    ContextKey::parse("ctx_000000000000").unwrap()
}

fn check_name(what: &str, flag: &str, value: &str) -> Result<(), CdtError> {
    let bad = value.is_empty() || value.len() > MAX_NAME_LEN || value.chars().any(char::is_control);
    if bad {
        return Err(CdtError::new(
            ErrorCode::ContextResolutionFailed,
            format!("{what} must be 1–{MAX_NAME_LEN} printable characters"),
        )
        .with_details(serde_json::json!({ "value": value }))
        .hinted(format!("Use a short name, e.g. {flag} agent-1")));
    }
    Ok(())
}

impl ContextResolver {
    pub fn resolve(
        &self,
        caller: &CallerContext,
        now_unix_ms: u64,
    ) -> Result<ResolvedContext, CdtError> {
        let mut context = self.key_for(caller, now_unix_ms)?;
        context.browser_mode.clone_from(&caller.browser_mode);
        Ok(context)
    }

    fn key_for(
        &self,
        caller: &CallerContext,
        now_unix_ms: u64,
    ) -> Result<ResolvedContext, CdtError> {
        if let Some(value) = &caller.context_override {
            check_name("--context-id", "--context-id", value)?;
            let key = ContextKey::parse(value).unwrap_or_else(|| key_of(&format!("id:{value}")));
            return Ok(resolved(
                key,
                ContextSource::Override,
                format!("--context-id {value}"),
                None,
                None,
            ));
        }
        if let Some(group) = &caller.share_group {
            return share_group(group, "--share-group");
        }
        if let Some(value) = &caller.context_id {
            check_name("CDT_CONTEXT_ID", "CDT_CONTEXT_ID=", value)?;
            return Ok(resolved(
                key_of(&format!("id:{value}")),
                ContextSource::Env,
                format!("CDT_CONTEXT_ID={value}"),
                None,
                None,
            ));
        }
        if let Some(group) = &caller.share_group_env {
            return share_group(group, "CDT_SHARE_GROUP");
        }
        if let Some(process) = &caller.process {
            let identity = format!(
                "proc:{}:{}:{}",
                process.pid, process.start_time, process.tty
            );
            let description = format!(
                "process {} (pid {}, started at tick {}, tty {})",
                process.name, process.pid, process.start_time, process.tty
            );
            return Ok(resolved(
                key_of(&identity),
                ContextSource::Process,
                description,
                Some(process.clone()),
                None,
            ));
        }
        let why = caller
            .process_error
            .as_deref()
            .unwrap_or("the caller's process could not be identified");
        let warning = Warning::new(
            WarningCode::TemporaryContext,
            format!(
                "temporary context: {why}; set CDT_CONTEXT_ID=<name> to keep one browser across calls"
            ),
        );
        let key = key_of(&format!("tmp:{}:{now_unix_ms}", caller.client_pid));
        Ok(resolved(
            key,
            ContextSource::Temporary,
            format!("temporary (cdt pid {})", caller.client_pid),
            None,
            Some(warning),
        ))
    }
}

fn share_group(group: &str, from: &str) -> Result<ResolvedContext, CdtError> {
    check_name("the share group", "--share-group", group)?;
    Ok(resolved(
        key_of(&format!("group:{group}")),
        ContextSource::ShareGroup,
        format!("share group {group} ({from})"),
        None,
        None,
    ))
}

fn resolved(
    key: ContextKey,
    source: ContextSource,
    identity: String,
    owner: Option<cdt_domain::ProcessFingerprint>,
    warning: Option<Warning>,
) -> ResolvedContext {
    ResolvedContext {
        key,
        source,
        identity,
        owner,
        warning,
        browser_mode: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cdt_domain::ProcessFingerprint;

    fn process(pid: u32, start_time: u64) -> ProcessFingerprint {
        ProcessFingerprint {
            pid,
            start_time,
            name: "agent".into(),
            tty: 0,
        }
    }

    fn key(caller: &CallerContext) -> Option<(ContextKey, ContextSource)> {
        ContextResolver
            .resolve(caller, 1)
            .ok()
            .map(|r| (r.key, r.source))
    }

    #[test]
    fn priority_is_override_group_flag_env_group_env_process_temporary() {
        let full = CallerContext {
            context_override: Some("op".into()),
            share_group: Some("g".into()),
            context_id: Some("a".into()),
            share_group_env: Some("h".into()),
            process: Some(process(10, 100)),
            ..Default::default()
        };
        assert_eq!(key(&full).map(|k| k.1), Some(ContextSource::Override));
        let no_override = CallerContext {
            context_override: None,
            ..full
        };
        assert_eq!(
            key(&no_override).map(|k| k.1),
            Some(ContextSource::ShareGroup)
        );
        let env = CallerContext {
            share_group: None,
            ..no_override.clone()
        };
        assert_eq!(key(&env).map(|k| k.1), Some(ContextSource::Env));
        let group = CallerContext {
            context_id: None,
            ..env
        };
        assert_eq!(key(&group).map(|k| k.1), Some(ContextSource::ShareGroup));
        assert_ne!(
            key(&group).map(|k| k.0),
            key(&no_override).map(|k| k.0),
            "groups g and h differ"
        );
        let proc_only = CallerContext {
            share_group_env: None,
            ..group
        };
        assert_eq!(key(&proc_only).map(|k| k.1), Some(ContextSource::Process));
        let nothing = CallerContext {
            client_pid: 5,
            ..Default::default()
        };
        let temporary = ContextResolver.resolve(&nothing, 1).ok();
        assert_eq!(
            temporary.as_ref().map(|r| r.source),
            Some(ContextSource::Temporary)
        );
        assert!(temporary.is_some_and(|r| r.warning.is_some()));
    }

    #[test]
    fn two_context_ids_in_one_share_group_share_a_key() {
        let a = CallerContext {
            context_id: Some("a".into()),
            share_group: Some("g".into()),
            ..Default::default()
        };
        let b = CallerContext {
            context_id: Some("b".into()),
            share_group: Some("g".into()),
            ..Default::default()
        };
        assert_eq!(key(&a), key(&b));
    }

    #[test]
    fn same_agent_same_key_other_agent_or_reused_pid_other_key() {
        let agent = CallerContext {
            process: Some(process(10, 100)),
            ..Default::default()
        };
        let again = CallerContext {
            process: Some(process(10, 100)),
            client_pid: 999,
            ..Default::default()
        };
        let other_agent = CallerContext {
            process: Some(process(11, 100)),
            ..Default::default()
        };
        let reused_pid = CallerContext {
            process: Some(process(10, 555)),
            ..Default::default()
        };
        assert_eq!(key(&agent), key(&again));
        assert_ne!(key(&agent), key(&other_agent));
        assert_ne!(key(&agent), key(&reused_pid));
    }

    #[test]
    fn context_id_and_override_of_the_same_name_share_a_key_and_groups_do_not() {
        let env = CallerContext {
            context_id: Some("a".into()),
            ..Default::default()
        };
        let flag = CallerContext {
            context_override: Some("a".into()),
            ..Default::default()
        };
        let group = CallerContext {
            share_group: Some("a".into()),
            ..Default::default()
        };
        assert_eq!(key(&env).map(|k| k.0), key(&flag).map(|k| k.0));
        assert_ne!(key(&env).map(|k| k.0), key(&group).map(|k| k.0));
        let by_key = CallerContext {
            context_override: key(&env).map(|k| k.0.to_string()),
            ..Default::default()
        };
        assert_eq!(key(&by_key).map(|k| k.0), key(&env).map(|k| k.0));
    }

    #[test]
    fn empty_or_control_names_are_refused() {
        let empty = CallerContext {
            context_id: Some(String::new()),
            ..Default::default()
        };
        let error = ContextResolver.resolve(&empty, 1).err();
        assert_eq!(
            error.map(|e| e.code),
            Some(ErrorCode::ContextResolutionFailed)
        );
        let control = CallerContext {
            share_group: Some("a\nb".into()),
            ..Default::default()
        };
        assert!(ContextResolver.resolve(&control, 1).is_err());
    }
}
