//! [`BrowserProcess`]: a browser process cdt launched, killed with its whole process group.

use std::process::Child;
use std::sync::Mutex;

/// A browser process cdt launched (leader of its own process group).
pub struct BrowserProcess {
    child: Mutex<Option<Child>>,
    pid: u32,
}

impl BrowserProcess {
    pub fn new(child: Child) -> Self {
        let pid = child.id();
        BrowserProcess {
            child: Mutex::new(Some(child)),
            pid,
        }
    }

    /// SIGKILLs the whole process group and reaps the leader off-thread.
    pub fn kill(&self) {
        self.kill_then(|| {});
    }

    /// SIGKILLs the whole process group, then runs `after` once the leader is reaped, off-thread
    /// (at once if it was reaped already): files the browser wrote to can be removed then.
    #[allow(unsafe_code)]
    pub fn kill_then(&self, after: impl FnOnce() + Send + 'static) {
        let Ok(pid) = i32::try_from(self.pid) else {
            after();
            return;
        };
        // SAFETY: kill(2) takes plain integers; the group is the browser's own (setpgid at spawn).
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
            libc::kill(pid, libc::SIGKILL);
        }
        match self.child.lock().ok().and_then(|mut c| c.take()) {
            Some(mut child) => {
                std::thread::spawn(move || {
                    let _ = child.wait();
                    after();
                });
            }
            None => after(),
        }
    }

    pub(crate) fn has_exited(&self) -> bool {
        self.child
            .lock()
            .ok()
            .and_then(|mut c| {
                c.as_mut()
                    .map(|child| matches!(child.try_wait(), Ok(Some(_))))
            })
            .unwrap_or(true)
    }
}
