//! `cdt`: the thin client. All logic lives in the library.

fn main() -> std::process::ExitCode {
    cdt::run()
}
