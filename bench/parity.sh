#!/usr/bin/env bash
# Parity benchmark for cdt (issue 9).
#
# On the shared listing page (/work/shared/bench-pages/gen_listing.py, ~3,000 actionable
# elements) served from 127.0.0.1, prints:
#   - wall time of `trace start --reload` → `trace stop` → `trace insight` (all insights),
#     end to end through the CLI, p50 and max over BENCH_RUNS (goal ≤ 1.5 s);
#   - the size of the written trace as .json and as .json.gz;
#   - warm `emulation set` / `emulation reset` latency, p50 and p90 over 20 runs each, as the
#     CLI measures it (meta.durationMs) and as the daemon does (goal ≤ 20 ms).
#
# Private CDT_HOME and server, removed on exit. No thresholds: figures only.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo build --release --quiet -p cdt -p cdt-daemon
bash scripts/ensure-deps.sh
export CDT_HOME
CDT_HOME=$(mktemp -d /tmp/cdt-pbench.XXXX)
export CDT_CONTEXT_ID=bench
trap 'target/release/cdt daemon stop >/dev/null 2>&1 || true; rm -rf "$CDT_HOME"' EXIT
SHARED=${CDT_SHARED:-$(cd .. && pwd)/shared}
[ -f "$SHARED/bench-pages/gen_listing.py" ] || SHARED=/work/shared
python3 "$SHARED/bench-pages/gen_listing.py" "$CDT_HOME/listing.html" >/dev/null

python3 - "$PWD/target/release/cdt" "$CDT_HOME" <<'PY'
import http.server, json, os, socketserver, statistics, subprocess, sys, threading, time

CDT, HOME = sys.argv[1], sys.argv[2]
RUNS = int(os.environ.get("BENCH_RUNS", "5"))
os.chdir(HOME)

class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Quiet)
threading.Thread(target=server.serve_forever, daemon=True).start()
url = f"http://127.0.0.1:{server.server_address[1]}/listing.html"

def cdt(*args):
    started = time.perf_counter()
    out = subprocess.run([CDT, *args], capture_output=True, text=True)
    wall = (time.perf_counter() - started) * 1000
    reply = json.loads(out.stdout)
    if not reply.get("ok"):
        sys.exit(f"cdt {' '.join(args)} failed: {out.stdout}")
    return reply, wall

cdt("page", "open", url)
cdt("trace", "start", "--reload"); cdt("trace", "stop")  # warm up

totals, stops, insights = [], [], []
for run in range(RUNS):
    _, start_ms = cdt("trace", "start", "--reload")
    stopped, stop_ms = cdt("trace", "stop", "--file", f"{HOME}/run.json")
    _, insight_ms = cdt("trace", "insight")
    totals.append(start_ms + stop_ms + insight_ms); stops.append(stop_ms); insights.append(insight_ms)
print(f"trace start --reload → stop → insight (all), listing page, {RUNS} runs:")
print(f"  total p50 {statistics.median(totals):.0f} ms, max {max(totals):.0f} ms (goal ≤ 1500 ms)")
print(f"  of which stop p50 {statistics.median(stops):.0f} ms, insight p50 {statistics.median(insights):.0f} ms")
print(f"  events per trace: {stopped['data']['events']}")

cdt("trace", "start", "--reload")
gz, _ = cdt("trace", "stop", "--file", f"{HOME}/run.json.gz")
plain = os.path.getsize(f"{HOME}/run.json")
print(f"trace size: {plain/1e6:.2f} MB as .json, {gz['data']['bytes']/1e6:.2f} MB as .json.gz (the default)")

def pair(args, n=20):
    sets, resets = [], []
    for _ in range(n):
        sets.append(cdt("emulation", "set", *args)[0]["meta"]["durationMs"])
        resets.append(cdt("emulation", "reset")[0]["meta"]["durationMs"])
    sets.sort(); resets.sort()
    return sets[n // 2], sets[n * 9 // 10], resets[n // 2], resets[n * 9 // 10]

print("emulation set / reset, warm, listing page, 20 runs each (CLI end to end, process start included):")
for label, args in [
    ("network slow-4g", ["--network", "slow-4g"]),
    ("cpu 4", ["--cpu", "4"]),
    ("color-scheme + timezone + locale", ["--color-scheme", "dark", "--timezone", "Asia/Tokyo", "--locale", "de-DE"]),
    ("viewport 390x844x3,mobile,touch", ["--viewport", "390x844x3,mobile,touch"]),
]:
    s50, s90, r50, r90 = pair(args)
    print(f"  {label:34} set p50 {s50} ms p90 {s90} ms | reset p50 {r50} ms p90 {r90} ms (goal ≤ 20 ms)")
print("  (a viewport change waits for Chromium to lay the ~3,000-element page out again)")
PY
