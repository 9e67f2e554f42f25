#!/usr/bin/env bash
# The main job, from a fresh machine: build cdt, make sure Chromium is there, serve a local
# page, open it with cdt, and print what cdt sees. Usage: scripts/demo.sh [URL]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
cargo build --release --quiet -p cdt -p cdt-daemon
CDT=target/release/cdt
export CDT_CONTEXT_ID="${CDT_CONTEXT_ID:-cdt-demo}"

url="${1:-}"
if [ -z "$url" ]; then
  site=$(mktemp -d)
  cat > "$site/index.html" <<'HTML'
<!doctype html><html><head><title>cdt demo</title></head>
<body><h1>Hello from cdt</h1><form><label>Email <input name=email></label><button>Sign in</button></form></body></html>
HTML
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" >/dev/null 2>&1 &
  server=$!
  trap 'kill $server 2>/dev/null; rm -rf "$site"' EXIT
  for _ in $(seq 50); do (echo > /dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.1; done
  url="http://127.0.0.1:$port/index.html"
fi

echo "\$ cdt page open $url" >&2
"$CDT" page open "$url"
echo "\$ cdt page list --output text" >&2
"$CDT" page list --output text
echo "\$ cdt session status" >&2
"$CDT" session status --fields context,session.browser.pid,session.pages
