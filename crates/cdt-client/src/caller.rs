//! Collects the [`CallerContext`]: overrides and environment, and the process fingerprint —
//! the nearest ancestor of `cdt` that is not a shell or wrapper (docs/context-resolution.md).

use cdt_domain::{CallerContext, env};
use cdt_store::ProcStat;

/// Programs that only pass a command on; the caller is whoever runs them.
const WRAPPERS: &[&str] = &[
    "sh", "bash", "zsh", "dash", "fish", "ksh", "mksh", "tcsh", "csh", "ash", "busybox", "env",
    "timeout", "nice", "ionice", "nohup", "xargs", "stdbuf", "time", "setsid", "flock", "chrt",
    "taskset", "script", "sudo", "su", "doas", "cdt",
];

fn is_wrapper(name: &str) -> bool {
    WRAPPERS.contains(&name.trim_start_matches('-'))
}

fn non_empty(value: Option<String>) -> Option<String> {
    value.filter(|v| !v.is_empty())
}

/// Walks up from our parent to the first process that is not a wrapper. When the chain ends
/// in wrappers only (a shell started by init), the outermost wrapper is the owner.
pub fn find_owner(start: u32, read: impl Fn(u32) -> Option<ProcStat>) -> Result<ProcStat, String> {
    let mut pid = start;
    let mut last = None;
    for _ in 0..64 {
        let Some(stat) = read(pid) else {
            return last.ok_or_else(|| format!("cannot read /proc/{pid}/stat"));
        };
        if !is_wrapper(&stat.name) || stat.ppid <= 1 {
            return Ok(stat);
        }
        pid = stat.ppid;
        last = Some(stat);
    }
    last.ok_or_else(|| "process chain too deep".to_string())
}

pub fn collect(
    share_group_flag: Option<String>,
    context_override: Option<String>,
) -> CallerContext {
    let parent = std::os::unix::process::parent_id();
    let (process, process_error) = match find_owner(parent, ProcStat::read) {
        Ok(stat) => (Some(stat.fingerprint()), None),
        Err(error) => (None, Some(error)),
    };
    CallerContext {
        context_override,
        context_id: non_empty(std::env::var(env::CDT_CONTEXT_ID).ok()),
        share_group: share_group_flag,
        share_group_env: non_empty(std::env::var(env::CDT_SHARE_GROUP).ok()),
        process,
        process_error,
        client_pid: std::process::id(),
        browser_mode: non_empty(std::env::var(env::CDT_BROWSER_MODE).ok()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stat(pid: u32, name: &str, ppid: u32) -> ProcStat {
        ProcStat {
            pid,
            name: name.into(),
            state: 'S',
            ppid,
            pgrp: pid,
            tty: 0,
            start_time: u64::from(pid) * 10,
        }
    }

    fn table(entries: &[ProcStat]) -> impl Fn(u32) -> Option<ProcStat> + '_ {
        move |pid| entries.iter().find(|s| s.pid == pid).cloned()
    }

    #[test]
    fn skips_shells_and_wrappers_to_the_agent() {
        let procs = [
            stat(50, "python3", 1),
            stat(60, "bash", 50),
            stat(70, "timeout", 60),
            stat(80, "-zsh", 70),
        ];
        assert_eq!(find_owner(80, table(&procs)).map(|s| s.pid), Ok(50));
        // Another short-lived shell of the same agent finds the same owner.
        let procs2 = [stat(50, "python3", 1), stat(90, "sh", 50)];
        assert_eq!(find_owner(90, table(&procs2)).map(|s| s.pid), Ok(50));
    }

    #[test]
    fn a_chain_of_only_shells_ends_at_the_outermost() {
        let procs = [stat(10, "bash", 1), stat(20, "sh", 10)];
        assert_eq!(find_owner(20, table(&procs)).map(|s| s.pid), Ok(10));
    }

    #[test]
    fn real_process_table_yields_an_owner() {
        let owner = find_owner(std::os::unix::process::parent_id(), ProcStat::read);
        assert!(owner.is_ok());
    }
}
