//! A pseudo-terminal for driving an interactive program (`cdt repl`) as a person would: keys
//! go in, the screen's text comes out. The program gets the terminal as its controlling tty,
//! so it sees a real TTY (line editing, Tab, arrows), not a pipe.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Keys as a terminal sends them.
pub const UP: &str = "\x1b[A";
pub const TAB: &str = "\t";
pub const ENTER: &str = "\r";
/// Ctrl-U: erase the line typed so far.
pub const KILL_LINE: &str = "\x15";

pub struct Pty {
    master: File,
    output: Arc<Mutex<Vec<u8>>>,
    /// Where the next [`Pty::expect`] starts looking.
    cursor: usize,
    child: Child,
}

#[allow(unsafe_code)]
fn open() -> (OwnedFd, OwnedFd) {
    let (mut master, mut slave) = (0, 0);
    let size = libc::winsize {
        ws_row: 50,
        ws_col: 200,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty writes two descriptors into the given integers; the name and termios
    // pointers may be null.
    let rc = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        )
    };
    assert_eq!(rc, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: both descriptors were just opened for us and are owned by nothing else.
    unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) }
}

impl Pty {
    /// Starts `command` on a new terminal of 200×50.
    #[allow(unsafe_code)]
    pub fn spawn(mut command: Command) -> Pty {
        let (master, slave) = open();
        command
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave));
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            command.pre_exec(|| {
                if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn().unwrap();
        drop(command);
        let master = File::from(master);
        let output = Arc::new(Mutex::new(Vec::new()));
        let mut reader = master.try_clone().unwrap();
        let sink = output.clone();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            // Ends with EIO once the program and every holder of the terminal are gone.
            while let Ok(n) = reader.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().extend_from_slice(&buffer[..n]);
            }
        });
        Pty {
            master,
            output,
            cursor: 0,
            child,
        }
    }

    /// Types `keys`.
    pub fn send(&mut self, keys: &str) {
        self.master.write_all(keys.as_bytes()).unwrap();
        self.master.flush().unwrap();
    }

    /// Types a line and presses Enter.
    pub fn line(&mut self, text: &str) {
        self.send(text);
        self.send(ENTER);
    }

    /// Everything the program wrote so far.
    pub fn screen(&self) -> String {
        String::from_utf8_lossy(&self.output.lock().unwrap()).into_owned()
    }

    /// Waits (up to `limit`) until `needle` appears after the previous match, and moves past
    /// it. Panics with the screen when it never does.
    pub fn expect(&mut self, needle: &str, limit: Duration) {
        let until = Instant::now() + limit;
        loop {
            {
                let output = self.output.lock().unwrap();
                let text =
                    String::from_utf8_lossy(&output[self.cursor.min(output.len())..]).into_owned();
                if let Some(at) = text.find(needle) {
                    self.cursor += text[..at + needle.len()].len();
                    return;
                }
            }
            if Instant::now() >= until {
                panic!(
                    "{needle:?} did not appear; screen after the last match:\n{}",
                    String::from_utf8_lossy(&self.output.lock().unwrap()[self.cursor..])
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits (up to `limit`) for the program to exit.
    pub fn wait(&mut self, limit: Duration) -> Option<ExitStatus> {
        let until = Instant::now() + limit;
        while Instant::now() < until {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
