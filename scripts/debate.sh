#!/usr/bin/env bash
# Builds and starts the debate simulator (seed 004): the front end (Node from Debian's packages
# when missing) and the cdt-debate server, which serves it on 127.0.0.1.
#
#   bash scripts/debate.sh                    # .env and logs/ in the current directory, port 8787
#   bash scripts/debate.sh --root DIR --port 0
#
# The agents' commands come from ROOT/.env (see crates/debate/.env.example and docs/debate.md).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
bash "$here/scripts/debate-ui.sh"
cargo build --manifest-path "$here/Cargo.toml" -p cdt-debate --bin cdt-debate >&2
exec "$here/target/debug/cdt-debate" --ui-dir "$here/crates/debate/web/dist" "$@"
