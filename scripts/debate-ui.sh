#!/usr/bin/env bash
# Builds the debate simulator's front end (crates/debate/web → dist/), which cdt-debate serves.
# Installs Node.js and npm from Debian's packages when they are missing (never a downloaded
# Node), installs the locked npm packages when node_modules is missing or older than the lock
# file, then runs the type check and the Vite build. cdt itself never needs any of this.
set -euo pipefail
cd "$(dirname "$0")/.."
web=crates/debate/web

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "debate: installing Node.js and npm (apt-get install -y nodejs npm)…" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nodejs npm >&2
fi
echo "debate: node $(node --version), npm $(npm --version)" >&2

if [ ! -f "$web/node_modules/.package-lock.json" ] \
  || [ "$web/package-lock.json" -nt "$web/node_modules/.package-lock.json" ]; then
  (cd "$web" && npm ci --no-audit --no-fund >&2)
fi
(cd "$web" && npm run build >&2)
test -f "$web/dist/index.html"
echo "debate: UI built in $web/dist" >&2
