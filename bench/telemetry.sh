#!/usr/bin/env bash
# Telemetry benchmark for cdt (issue 4).
#
# Prints:
#   1. capture rate: a page logs BENCH_LOGS console messages in a tight loop (and fires
#      BENCH_FETCHES fetches); every message must be read back exactly once through
#      `cdt events read` paging — the rate is messages per second between the first and last
#      event's receive time;
#   2. memory: the daemon's resident memory growth per buffered event, after a page has filled
#      the ring with BENCH_RING_EVENTS events, and the figure per 10,000 events.
#
# Runs against a private CDT_HOME and a local server on 127.0.0.1; both are removed on exit.
# No thresholds. Exits non-zero if a message is lost or repeated.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo build --release --quiet -p cdt -p cdt-daemon
bash scripts/ensure-deps.sh
export CDT_HOME
CDT_HOME=$(mktemp -d /tmp/cdt-tbench.XXXX)
export CDT_EVENTS_CAPACITY=${BENCH_RING_CAPACITY:-250000}
unset CDT_CONTEXT_ID CDT_SHARE_GROUP
trap 'target/release/cdt daemon stop >/dev/null 2>&1 || true; rm -rf "$CDT_HOME"' EXIT

python3 - "$PWD/target/release/cdt" <<'PY'
import http.server, json, os, socketserver, subprocess, sys, threading, time

CDT = sys.argv[1]
LOGS = int(os.environ.get("BENCH_LOGS", "50000"))
FETCHES = int(os.environ.get("BENCH_FETCHES", "500"))
RING = int(os.environ.get("BENCH_RING_EVENTS", "100000"))

PAGES = {
    "/storm.html": f"<title>storm</title><script>for (let i = 0; i < {FETCHES}; i++) fetch('/data.json?' + i);"
                   f"for (let i = 0; i < {LOGS}; i++) console.log('m' + i)</script>",
    "/fill.html": f"<title>fill</title><script>for (let i = 0; i < {RING}; i++) console.log('f' + i)</script>",
    "/data.json": '{"ok":true}',
}

class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = PAGES.get(self.path.split("?")[0], "not found").encode()
        self.send_response(200 if self.path.split("?")[0] in PAGES else 404)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass

server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
threading.Thread(target=server.serve_forever, daemon=True).start()
base = f"http://127.0.0.1:{server.server_address[1]}"

def cdt(context, *args):
    out = subprocess.run([CDT, *args], capture_output=True, text=True, env={**os.environ, "CDT_CONTEXT_ID": context})
    reply = json.loads(out.stdout)
    if not reply["ok"]:
        sys.exit(f"cdt {' '.join(args)} failed: {reply['error']}")
    return reply["data"]

def daemon_cpu_s():
    pid = open(os.path.join(os.environ["CDT_HOME"], "broker/daemon.pid")).read().strip()
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

def daemon_rss_kib():
    pid = open(os.path.join(os.environ["CDT_HOME"], "broker/daemon.pid")).read().strip()
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])

# 1. memory per buffered event, measured first, on a fresh daemon
cdt("fill", "session", "start")
time.sleep(0.5)
before = daemon_rss_kib()
cdt("fill", "page", "open", f"{base}/fill.html", "--wait-until", "none")
deadline = time.time() + 120
while time.time() < deadline:
    data = cdt("fill", "events", "read", "--offset", str(RING), "--limit", "1")
    if data["nextOffset"] >= RING:
        break
    time.sleep(0.2)
time.sleep(0.5)
after = daemon_rss_kib()
per_event = (after - before) * 1024 / RING

# 2. capture rate without loss
cdt("storm", "session", "start")
cpu_before, wall_before = daemon_cpu_s(), time.time()
cdt("storm", "page", "open", f"{base}/storm.html", "--wait-until", "none")
seen, offset, first_ts, last_ts = set(), 0, None, None
deadline = time.time() + 120
while len(seen) < LOGS and time.time() < deadline:
    data = cdt("storm", "events", "read", "--offset", str(offset), "--limit", "10000", "--kinds", "console")
    for event in data["events"]:
        text = event["text"]
        if text.startswith("m"):
            if text in seen:
                sys.exit(f"message {text} read twice")
            seen.add(text)
            first_ts = event["ts"] if first_ts is None else first_ts
            last_ts = event["ts"]
    if data["dropped"]:
        sys.exit(f"{data['dropped']} events dropped (raise BENCH_RING_CAPACITY)")
    offset = data["nextOffset"]
    if not data["events"]:
        time.sleep(0.05)
if len(seen) != LOGS:
    sys.exit(f"lost messages: read {len(seen)} of {LOGS}")
cpu_share = (daemon_cpu_s() - cpu_before) / (time.time() - wall_before)
fetched = cdt("storm", "network", "list", "--url-includes", "data.json")["total"]
span_ms = max(last_ts - first_ts, 1)
rate = LOGS / (span_ms / 1000)

print(f"console messages captured          {LOGS} of {LOGS} (each read exactly once), {fetched} of {FETCHES} fetches recorded")
print(f"capture rate                       {rate:,.0f} events/s  (first→last receive: {span_ms} ms; "
      f"daemon CPU {cpu_share * 100:.0f}% of one core meanwhile, polling included)")
print(f"daemon memory per buffered event   {per_event:,.0f} bytes  (~{per_event * 10000 / 1048576:.1f} MiB per 10,000; "
      f"RSS {before} → {after} KiB over {RING} events)")
PY
