#!/usr/bin/env bash
# Installs what cdt's tests need when it is missing: Chromium from Debian (never a downloaded
# build), and a Python venv with the official MCP SDK from PyPI for the `cdt mcp` e2e test
# (target/mcp-venv, or $CDT_MCP_VENV). cdt itself needs neither Python nor Node.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/lib/chromium/chromium ] && [ -z "${CDT_CHROME_PATH:-}" ]; then
  echo "cdt: installing Chromium (apt-get install -y chromium)…" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >&2
fi

MCP_SDK_VERSION=2.3.0
VENV=${CDT_MCP_VENV:-target/mcp-venv}
if ! "$VENV/bin/python" -c "import mcp, importlib.metadata as m; assert m.version('mcp') == '$MCP_SDK_VERSION'" >/dev/null 2>&1; then
  echo "cdt: installing the MCP Python SDK $MCP_SDK_VERSION into $VENV…" >&2
  python3 -m venv "$VENV" >&2
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "mcp==$MCP_SDK_VERSION" >&2
fi
