#!/usr/bin/env bash
# Soak (issue 20.5): `bench/soak.sh [MINUTES]` (default 30) runs an agent loop — navigate,
# snapshot (whole and --diff), click, fill, read console, network and events — on a page that
# logs and fetches continuously (every SOAK_TICK_MS, default 100; 20 fills the tables within
# 5 minutes, for the steady state), and samples the daemon every SOAK_SAMPLE_SECS (default 60):
# its RSS, open file descriptors, the context's telemetry counts (ring events and bytes, console
# and network records and bytes), Chromium processes and temp files. Prints the curve, then
# RSS and descriptors at the end against the 5-minute mark (or the first sample of a shorter
# run), and what leaked after `daemon stop`.
#
# Local server on 127.0.0.1 and a private CDT_HOME, both removed on exit. No thresholds.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
MINUTES="${1:-30}"
cargo build --release --quiet -p cdt -p cdt-daemon
bash scripts/ensure-deps.sh
export CDT_HOME
CDT_HOME=$(mktemp -d /tmp/cdt-soak.XXXX)
export CDT_CONTEXT_ID=soak
trap 'target/release/cdt daemon stop >/dev/null 2>&1 || true; rm -rf "$CDT_HOME"' EXIT

python3 - "$PWD/target/release/cdt" "$MINUTES" "$CDT_HOME" <<'PY'
import glob, http.server, json, os, socketserver, subprocess, sys, threading, time

CDT, MINUTES, HOME = sys.argv[1], float(sys.argv[2]), sys.argv[3]
SAMPLE = float(os.environ.get("SOAK_SAMPLE_SECS", "60"))
TICK = int(os.environ.get("SOAK_TICK_MS", "100"))

PAGE = (b"""<title>Soak</title><h1>Soak</h1><input aria-label="Name"><button onclick="n.textContent = +n.textContent + 1">More</button>
<p id=n>0</p><ul id=l></ul>
<script>
let i = 0;
setInterval(() => { console.log('tick ' + (i++) + ' ' + 'x'.repeat(200)); fetch('/api?' + i); }, TICK);
setInterval(() => { const li = document.createElement('li'); li.textContent = 'row ' + i; l.prepend(li); if (l.children.length > 50) l.lastChild.remove(); }, 500);
</script>""").replace(b"TICK", str(TICK).encode())

class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass
    def do_GET(self):
        body = b'{"ok":true}' if self.path.startswith("/api") else PAGE
        self.send_response(200)
        self.send_header("Content-Type", "application/json" if self.path.startswith("/api") else "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
server.handle_error = lambda *args: None  # a page navigated away mid-fetch: not news
threading.Thread(target=server.serve_forever, daemon=True).start()
url = f"http://127.0.0.1:{server.server_address[1]}/soak.html"

def cdt(*args):
    out = subprocess.run([CDT, *args], capture_output=True, text=True)
    try:
        return json.loads(out.stdout)
    except ValueError:
        return {"ok": False, "error": {"code": "UNPARSEABLE"}}

def daemon_pid():
    return cdt("daemon", "status").get("data", {}).get("pid")

def rss_kib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0

def chromium():
    return int(subprocess.run(["pgrep", "-fc", "--", f"--user-data-dir={HOME}/"], capture_output=True, text=True).stdout.strip() or 0)

def temp_files():
    return len(glob.glob("/tmp/.org.chromium.*")) + len(glob.glob("/tmp/cdt-*tmp*"))

cdt("page", "open", url)
errors, steps = {}, 0
samples = []
started = time.time()
next_sample = started
while time.time() - started < MINUTES * 60:
    for args in (["page", "navigate", url], ["capture", "snapshot"], ["element", "click", "--selector", "button"],
                 ["element", "fill", "--selector", "input", "soak"], ["capture", "snapshot", "--diff"],
                 ["console", "list", "--limit", "20"], ["network", "list", "--limit", "20"], ["events", "read", "--limit", "50"]):
        reply = cdt(*args)
        steps += 1
        if not reply.get("ok"):
            code = reply.get("error", {}).get("code", "?")
            errors[code] = errors.get(code, 0) + 1
    if time.time() >= next_sample:
        pid = daemon_pid()
        status = cdt("session", "status", "--verbose").get("data", {})
        telemetry = status.get("telemetry") or status.get("session", {}).get("telemetry") or {}
        samples.append({
            "minute": (time.time() - started) / 60, "rss": rss_kib(pid) if pid else 0,
            "fds": len(os.listdir(f"/proc/{pid}/fd")) if pid else 0, "steps": steps,
            "ring": telemetry.get("eventsBuffered"), "ringBytes": telemetry.get("ringBytes"),
            "console": telemetry.get("consoleMessages"), "consoleBytes": telemetry.get("consoleBytes"),
            "network": telemetry.get("networkRequests"), "networkBytes": telemetry.get("networkBytes"),
            "chromium": chromium(),
        })
        next_sample += SAMPLE

print(f"soak: {MINUTES:g} min, {steps} commands, errors: {errors or 0}")
print(" min   RSS MiB  fds  ring(ev/MiB)     console(n/MiB)   network(n/MiB)  chromium procs")
mib = lambda b: (b or 0) / (1 << 20)
for s in samples:
    print(f"{s['minute']:4.1f}  {s['rss'] / 1024:7.1f}  {s['fds']:3}  {s['ring'] or 0:6}/{mib(s['ringBytes']):5.1f}  "
          f"{s['console'] or 0:6}/{mib(s['consoleBytes']):5.1f}  {s['network'] or 0:6}/{mib(s['networkBytes']):5.1f}  {s['chromium']:4}")
if len(samples) >= 2:
    mark = next((s for s in samples if s["minute"] >= 5), samples[0])
    last = samples[-1]
    print(f"RSS at the end vs minute {mark['minute']:.1f}: {last['rss'] / max(mark['rss'], 1):.2f}×; fds {last['fds']} vs {mark['fds']}")
before = temp_files()
cdt("daemon", "stop")
time.sleep(1)
print(f"after daemon stop: {chromium()} Chromium processes of this home, {temp_files() - before:+d} temp files")
PY
