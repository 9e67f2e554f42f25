#!/usr/bin/env bash
# Fuzzing (issue 20.4): the property tests of the IPC framing and request parser, the MCP entry
# (every tool, any arguments), the REPL line grammar and aliases, `--fields`, and the endpoint
# guard, each with CDT_FUZZ_CASES random cases (default 1,000,000) after the committed corpus
# (tests/fuzz-corpus). Prints each target's cases, time and result. `cargo test` runs the same
# targets with 256 cases as a smoke.
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
