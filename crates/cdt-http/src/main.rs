//! `cdt-http`: see the library.

fn main() -> std::process::ExitCode {
    cdt_http::main()
}
