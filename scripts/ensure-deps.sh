#!/usr/bin/env bash
# Installs what cdt's tests need when it is missing: Chromium (and curl, for the `cdt http`
# tests) from Debian (never a downloaded browser build), and a Python venv with the official MCP
# SDK and the OpenAPI validator from PyPI for the `cdt mcp` / `cdt http` e2e tests
# (target/mcp-venv, or $CDT_MCP_VENV). cdt itself needs neither Python nor Node.
set -euo pipefail
cd "$(dirname "$0")/.."
MISSING=""
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/lib/chromium/chromium ] && [ -z "${CDT_CHROME_PATH:-}" ]; then
  MISSING="chromium"
fi
if ! command -v curl >/dev/null 2>&1; then
  MISSING="$MISSING curl"
fi
if [ -n "$MISSING" ]; then
  echo "cdt: installing$MISSING (apt-get install -y$MISSING)…" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq >&2
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $MISSING >&2
fi

MCP_SDK_VERSION=2.3.0
OPENAPI_VALIDATOR_VERSION=0.8.5
VENV=${CDT_MCP_VENV:-target/mcp-venv}
if ! "$VENV/bin/python" -c "import mcp, openapi_spec_validator, importlib.metadata as m; assert m.version('mcp') == '$MCP_SDK_VERSION' and m.version('openapi-spec-validator') == '$OPENAPI_VALIDATOR_VERSION'" >/dev/null 2>&1; then
  echo "cdt: installing the MCP Python SDK $MCP_SDK_VERSION and openapi-spec-validator $OPENAPI_VALIDATOR_VERSION into $VENV…" >&2
  python3 -m venv "$VENV" >&2
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "mcp==$MCP_SDK_VERSION" "openapi-spec-validator==$OPENAPI_VALIDATOR_VERSION" >&2
fi
