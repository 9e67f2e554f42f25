//! The host's process table, read from `/proc`: process identity (pid + start time), parentage
//! for the caller fingerprint, memory, and killing leftover browsers.

use std::fs;

use cdt_domain::ProcessFingerprint;
use cdt_domain::ports::ProcessTable;

/// The fields of `/proc/<pid>/stat` cdt uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProcStat {
    pub pid: u32,
    /// The executable name (`comm`), at most 15 bytes.
    pub name: String,
    pub state: char,
    pub ppid: u32,
    pub pgrp: u32,
    pub tty: u64,
    /// Clock ticks after boot.
    pub start_time: u64,
}

impl ProcStat {
    pub fn read(pid: u32) -> Option<ProcStat> {
        let text = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        Self::parse(pid, &text)
    }

    /// Parses a stat line. `comm` may contain spaces and parentheses, so split at the last `)`.
    pub fn parse(pid: u32, text: &str) -> Option<ProcStat> {
        let open = text.find('(')?;
        let close = text.rfind(')')?;
        let name = text.get(open + 1..close)?.to_string();
        let rest: Vec<&str> = text.get(close + 1..)?.split_whitespace().collect();
        // rest[0] is field 3 (state); field N is rest[N - 3].
        let field = |n: usize| rest.get(n - 3).copied();
        Some(ProcStat {
            pid,
            name,
            state: field(3)?.chars().next()?,
            ppid: field(4)?.parse().ok()?,
            pgrp: field(5)?.parse().ok()?,
            tty: field(7)?.parse().ok()?,
            start_time: field(22)?.parse().ok()?,
        })
    }

    pub fn fingerprint(&self) -> ProcessFingerprint {
        ProcessFingerprint {
            pid: self.pid,
            start_time: self.start_time,
            name: self.name.clone(),
            tty: self.tty,
        }
    }

    /// A zombie has exited; only its parent has not collected it yet.
    pub fn is_running(&self) -> bool {
        !matches!(self.state, 'Z' | 'X')
    }
}

/// `/proc`-backed [`ProcessTable`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ProcTable;

impl ProcTable {
    /// Parent → children of every process, from one pass over `/proc` (each `stat` read once).
    fn children_map() -> std::collections::HashMap<u32, Vec<u32>> {
        let mut map: std::collections::HashMap<u32, Vec<u32>> = std::collections::HashMap::new();
        let Ok(entries) = fs::read_dir("/proc") else {
            return map;
        };
        for pid in entries.filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        {
            if let Some(stat) = ProcStat::read(pid) {
                map.entry(stat.ppid).or_default().push(pid);
            }
        }
        map
    }

    /// `Pss:` of `/proc/<pid>/smaps_rollup`: the process's share of every page it maps.
    fn own_pss_kib(pid: u32) -> Option<u64> {
        let rollup = fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).ok()?;
        rollup
            .lines()
            .find_map(|line| line.strip_prefix("Pss:"))
            .and_then(|value| value.split_whitespace().next()?.parse().ok())
    }

    #[allow(unsafe_code)]
    fn signal_group(pgid: u32, signal: i32) -> bool {
        let Ok(pgid) = i32::try_from(pgid) else {
            return false;
        };
        if pgid <= 1 {
            return false;
        }
        // SAFETY: kill(2) with a negative pid signals a process group; no memory is involved.
        unsafe { libc::kill(-pgid, signal) == 0 }
    }
}

impl ProcessTable for ProcTable {
    fn is_alive(&self, process: &ProcessFingerprint) -> bool {
        ProcStat::read(process.pid)
            .is_some_and(|stat| stat.start_time == process.start_time && stat.is_running())
    }

    fn start_time(&self, pid: u32) -> Option<u64> {
        ProcStat::read(pid)
            .filter(ProcStat::is_running)
            .map(|stat| stat.start_time)
    }

    fn pss_kib(&self, pid: u32) -> Option<u64> {
        Self::own_pss_kib(pid)
    }

    fn tree_pss_kib(&self, pid: u32) -> Option<u64> {
        let mut total = Self::own_pss_kib(pid)?;
        let children = Self::children_map();
        let mut stack: Vec<u32> = children.get(&pid).cloned().unwrap_or_default();
        while let Some(child) = stack.pop() {
            total += Self::own_pss_kib(child).unwrap_or(0);
            stack.extend(children.get(&child).into_iter().flatten());
        }
        Some(total)
    }

    fn kill_group(&self, pid: u32, start_time: u64) -> bool {
        match ProcStat::read(pid) {
            // The browser leads its own process group (it is started with setpgid(0, 0)).
            Some(stat) if stat.start_time == start_time && stat.pgrp == pid => {
                Self::signal_group(pid, libc::SIGKILL)
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_with_spaces_and_parens() {
        let line = "4242 (my (odd) name) S 1 4242 4242 34817 4242 4194560 1 0 0 0 0 0 0 0 20 0 1 0 987654 1000 100";
        let stat = ProcStat::parse(4242, line);
        assert_eq!(
            stat.as_ref().map(|s| s.name.as_str()),
            Some("my (odd) name")
        );
        assert_eq!(
            stat.as_ref().map(|s| (s.ppid, s.pgrp, s.tty, s.start_time)),
            Some((1, 4242, 34817, 987654))
        );
    }

    #[test]
    fn own_process_is_alive_and_a_changed_start_time_is_not() {
        let me = ProcStat::read(std::process::id()).map(|s| s.fingerprint());
        assert!(me.as_ref().is_some_and(|fp| ProcTable.is_alive(fp)));
        let reused = me.map(|fp| ProcessFingerprint {
            start_time: fp.start_time + 1,
            ..fp
        });
        assert!(reused.is_some_and(|fp| !ProcTable.is_alive(&fp)));
    }
}
