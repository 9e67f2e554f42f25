#!/usr/bin/env bash
# Installs what cdt needs when it is missing: Chromium from Debian (never a downloaded build).
set -euo pipefail
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/lib/chromium/chromium ] && [ -z "${CDT_CHROME_PATH:-}" ]; then
  echo "cdt: installing Chromium (apt-get install -y chromium)…" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >&2
fi
