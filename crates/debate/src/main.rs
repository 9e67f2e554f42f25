//! `cdt-debate`: the debate simulator's server. All wiring lives in the library.

fn main() -> std::process::ExitCode {
    cdt_debate::main()
}
