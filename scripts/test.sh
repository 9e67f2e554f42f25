#!/usr/bin/env bash
# The whole test suite, from a fresh machine: installs Chromium when missing, builds every
# binary, runs unit, integration and end-to-end tests (real daemon, socket and Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
cargo build --workspace --bins --locked
cargo test --workspace --locked -- --test-threads "${CDT_TEST_THREADS:-4}"
# The debate simulator's UI tests need Node for its front end; cdt's own tests above do not.
bash scripts/test-debate.sh
