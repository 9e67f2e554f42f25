#!/usr/bin/env bash
# Fuzzing (issue 20.4): the property tests of the IPC framing and request parser, the MCP entry
# (every tool, any arguments), the REPL line grammar and aliases, `--fields`, and the endpoint
# guard, each with CDT_FUZZ_CASES random cases (default 1,000,000) after the committed corpus
# (tests/fuzz-corpus); then the daemon itself over its socket (bench/fuzz_socket.py, as many
# hostile connections, CDT_FUZZ_SOCKET_CONNECTIONS). Prints each target's cases, time and
# result. `cargo test` runs the same property targets with 256 cases as a smoke.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export CDT_FUZZ_CASES="${CDT_FUZZ_CASES:-1000000}"
run() {
  local name=$1; shift
  local started=$SECONDS
  if cargo test --release --quiet "$@" >/tmp/cdt-fuzz.log 2>&1; then
    echo "$name: $CDT_FUZZ_CASES cases per property, $((SECONDS - started)) s, 0 failures"
  else
    echo "$name: FAILED after $((SECONDS - started)) s"; tail -30 /tmp/cdt-fuzz.log; exit 1
  fi
}
cargo build --release --quiet --tests -p cdt-ipc -p cdt-mcp -p cdt -p cdt-cdp
run "ipc framing and request parser" -p cdt-ipc --test fuzz
run "MCP tools (any arguments)" -p cdt-mcp --test fuzz
run "REPL grammar, aliases and --fields" -p cdt --lib fuzz
run "endpoint guard" -p cdt-cdp --test fuzz

# The daemon itself, over its real socket: hostile connections (garbage, mistyped JSON, cut
# lines, malformed requests after a good hello) interleaved with good requests.
CONNECTIONS="${CDT_FUZZ_SOCKET_CONNECTIONS:-$CDT_FUZZ_CASES}"
cargo build --release --quiet -p cdt -p cdt-daemon
export CDT_HOME
CDT_HOME=$(mktemp -d /tmp/cdt-fuzz.XXXX)
trap 'target/release/cdt daemon stop >/dev/null 2>&1 || true; rm -rf "$CDT_HOME"' EXIT
target/release/cdt page list >/dev/null  # starts the daemon (no browser)
python3 bench/fuzz_socket.py target/release/cdt "$CONNECTIONS"
