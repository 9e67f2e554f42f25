#!/usr/bin/env bash
# The debate simulator's UI tests: a real headless Chromium driven by cdt itself (this
# workspace's cdt and cdt-daemon), against the real cdt-debate serving the built front end.
# Installs Chromium and Node.js from Debian's packages when missing, builds the UI, then runs
# the tests that `cargo test` leaves out (they need the built UI). scripts/test.sh runs this.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bash scripts/debate-ui.sh
cargo build --workspace --bins --locked
cargo test -p cdt-debate --locked --test ui -- --ignored --test-threads "${CDT_TEST_THREADS:-2}"
