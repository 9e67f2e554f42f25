//! Starts browser processes so they die with the daemon.
//!
//! `PR_SET_PDEATHSIG` fires when the *thread* that forked the child exits, not the process. A
//! tokio blocking-pool thread may exit after idling, which would kill the browser; so every
//! browser is forked from one dedicated thread that lives as long as the daemon.

use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::{Mutex, OnceLock, mpsc};

type SpawnJob = (Command, mpsc::Sender<std::io::Result<Child>>);

static SPAWNER: OnceLock<Mutex<mpsc::Sender<SpawnJob>>> = OnceLock::new();

fn spawner() -> std::io::Result<mpsc::Sender<SpawnJob>> {
    let sender = SPAWNER.get_or_init(|| {
        let (sender, jobs) = mpsc::channel::<SpawnJob>();
        let started = std::thread::Builder::new()
            .name("cdt-spawner".into())
            .spawn(move || {
                for (mut command, reply) in jobs {
                    let _ = reply.send(command.spawn());
                }
            });
        if let Err(error) = started {
            tracing::error!(%error, "cannot start the spawner thread");
        }
        Mutex::new(sender)
    });
    sender
        .lock()
        .map(|s| s.clone())
        .map_err(|_| std::io::Error::other("spawner poisoned"))
}

/// Spawns `command` as the leader of a new process group that receives SIGKILL when the daemon
/// dies (even by `kill -9`).
pub fn spawn_tied_to_daemon(command: Command) -> std::io::Result<Child> {
    spawn_with_fds(command, [])
}

/// As [`spawn_tied_to_daemon`], with the child's file descriptor `to` made a copy of the
/// daemon's `from` for each `(from, to)` (the `--remote-debugging-pipe` pair: 3 and 4).
pub fn spawn_with_fds<const N: usize>(
    mut command: Command,
    fds: [(std::os::fd::RawFd, std::os::fd::RawFd); N],
) -> std::io::Result<Child> {
    let parent = std::process::id();
    #[allow(unsafe_code)]
    // SAFETY: the closure runs between fork and exec and only makes async-signal-safe calls
    // (setpgid, prctl, getppid, fcntl, dup2, close, _exit) on descriptors it was given.
    unsafe {
        command.pre_exec(move || {
            libc::setpgid(0, 0);
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            // The daemon may have died between fork and prctl; then nobody would kill us.
            if libc::getppid() as u32 != parent {
                libc::_exit(1);
            }
            // Moved above the targets first, so one mapping cannot overwrite another's source.
            let mut moved = [(0, 0); N];
            for (slot, (from, to)) in moved.iter_mut().zip(fds) {
                let high = libc::fcntl(from, libc::F_DUPFD, 10);
                if high < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                *slot = (high, to);
            }
            for (high, to) in moved {
                // dup2 leaves the copy without close-on-exec: the browser inherits it.
                if libc::dup2(high, to) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                libc::close(high);
            }
            Ok(())
        });
    }
    let (reply, result) = mpsc::channel();
    spawner()?
        .send((command, reply))
        .map_err(|_| std::io::Error::other("spawner thread is gone"))?;
    result
        .recv()
        .map_err(|_| std::io::Error::other("spawner thread is gone"))?
}
