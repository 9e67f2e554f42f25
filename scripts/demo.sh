#!/usr/bin/env bash
# The main job, from a fresh machine: build cdt, make sure Chromium is there, serve a local
# page, and run the agent loop on it — open → snapshot → fill → click → read the feedback →
# console and network summary — then the same steps as one line of `cdt repl`.
# Usage: scripts/demo.sh [URL]   (with a URL: open it, print its snapshot and what it logged)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
cargo build --release --quiet -p cdt -p cdt-daemon
CDT=target/release/cdt
export CDT_CONTEXT_ID="${CDT_CONTEXT_ID:-cdt-demo}"

step() { printf '\n\033[1m$ cdt %s\033[0m\n' "$*" >&2; "$CDT" "$@"; }
# The uid on the line of a text snapshot that contains $1 (e.g. 'textbox "Email"').
uid_of() { grep -F "$1" | head -n1 | awk '{print $1}'; }

url="${1:-}"
if [ -z "$url" ]; then
  site=$(mktemp -d)
  cat > "$site/index.html" <<'HTML'
<!doctype html><html><head><meta charset="utf-8"><title>cdt demo</title><link rel="icon" href="data:,"></head>
<body><h1>Hello from cdt</h1>
<form id="signin"><label>Email <input name="email" type="email"></label>
<button type="submit">Sign in</button></form>
<script>
document.getElementById('signin').addEventListener('submit', async (event) => {
  event.preventDefault();
  const email = event.target.email.value;
  console.log('signing in', email);
  const reply = await fetch('api/hello.json').then((r) => r.json());
  const heading = document.createElement('h2');
  heading.textContent = reply.greeting + ', ' + email;
  document.body.append(heading);
  console.warn('demo: this greeting came from the network');
});
</script></body></html>
HTML
  mkdir -p "$site/api"
  echo '{"greeting":"Welcome back"}' > "$site/api/hello.json"
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" >/dev/null 2>&1 &
  server=$!
  trap 'kill $server 2>/dev/null; rm -rf "$site"' EXIT
  for _ in $(seq 50); do (echo > /dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.1; done
  url="http://127.0.0.1:$port/index.html"
  own_page=1
fi

step page open "$url" --output text
snapshot=$("$CDT" capture snapshot --output text)
# The snapshot is the demo's output (stdout); the narrative around it goes to stderr.
printf '\n\033[1m$ cdt capture snapshot --output text\033[0m\n' >&2
echo "$snapshot"

if [ -n "${own_page:-}" ]; then
  email=$(echo "$snapshot" | uid_of 'textbox "Email"')
  button=$(echo "$snapshot" | uid_of 'button "Sign in"')
  # Each action prints what it caused: navigation, dialog, new pages, changed elements.
  step element fill "$email" ada@example.com --output text
  step element click "$button" --output text
fi

step console list --output text
step network list --output text

if [ -n "${own_page:-}" ]; then
  # The same loop in the REPL's short forms (`cdt repl` alone is interactive).
  step repl --exec "g $url ; elements ; t input[name=email] grace@example.com ; c Sign in ; text h2"
fi
