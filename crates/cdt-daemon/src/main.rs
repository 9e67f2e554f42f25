//! `cdt-daemon`: the broker process. All wiring lives in the library.

fn main() -> std::process::ExitCode {
    cdt_daemon::main()
}
