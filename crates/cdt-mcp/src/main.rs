//! `cdt-mcp`: the MCP server that `cdt mcp` becomes. All logic lives in the library.

fn main() -> std::process::ExitCode {
    cdt_mcp::main()
}
