#!/usr/bin/env bash
# `cdt mcp` benchmark (issue 8). Prints, measured from a client speaking JSON-RPC over the
# server's stdin/stdout pipes (as MCP clients do):
#   - spawn of `cdt mcp` → `initialize` answered                    (BENCH_SPAWNS, default 20)
#   - `tools/list`: tool count and bytes (the result, and the whole JSON-RPC line)
#   - warm `tools/call list_pages` round trip                        (BENCH_RUNS, default 200)
#   - warm `tools/call take_snapshot` on the shared form page         (BENCH_SNAPSHOTS, default 50)
#   - for reference, a warm one-shot `cdt page list` (exec per call)  (BENCH_CLI_RUNS, default 50)
#
# Release build, private CDT_HOME, pages served on 127.0.0.1; all removed on exit. No thresholds.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo build --release --quiet -p cdt -p cdt-daemon -p cdt-mcp
bash scripts/ensure-deps.sh
export CDT_HOME
CDT_HOME=$(mktemp -d /tmp/cdt-mbench.XXXX)
export CDT_CONTEXT_ID=mcp-bench
trap 'target/release/cdt daemon stop >/dev/null 2>&1 || true; rm -rf "$CDT_HOME"' EXIT

python3 - "$PWD/target/release/cdt" /work/shared/bench-pages <<'PY'
import json, os, subprocess, sys, time
sys.path.insert(0, os.path.join(os.getcwd(), "bench"))
from benchkit import pct, serve_dir  # noqa: E402

CDT, PAGES = sys.argv[1], sys.argv[2]
SPAWNS = int(os.environ.get("BENCH_SPAWNS", "20"))
RUNS = int(os.environ.get("BENCH_RUNS", "200"))
SNAPSHOTS = int(os.environ.get("BENCH_SNAPSHOTS", "50"))
CLI_RUNS = int(os.environ.get("BENCH_CLI_RUNS", "50"))

base = serve_dir(PAGES)
FORM = f"{base}/form.html"


def row(label, values):
    print(f"{label:<44} p50 {pct(values, .5):7.2f} ms   p90 {pct(values, .9):7.2f} ms   (n={len(values)})")

class Server:
    def __init__(self):
        self.proc = subprocess.Popen([CDT, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.next_id = 0

    def send(self, message):
        self.proc.stdin.write((json.dumps(message) + "\n").encode())

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit(f"cdt mcp closed stdout during {method}")
            reply = json.loads(line)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    sys.exit(f"{method} failed: {reply['error']}")
                return reply, len(line)

    def initialize(self):
        reply = self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return reply

    def call(self, name, arguments):
        reply, _ = self.request("tools/call", {"name": name, "arguments": arguments})
        result = reply["result"]
        if result.get("isError"):
            sys.exit(f"{name} failed: {result['content'][0]['text']}")
        return result

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)

# The daemon and browser are warm before anything is timed.
subprocess.run([CDT, "session", "start"], check=True, capture_output=True)

spawns = []
for _ in range(SPAWNS):
    started = time.perf_counter()
    server_ = Server()
    server_.initialize()
    spawns.append((time.perf_counter() - started) * 1000)
    server_.close()

mcp = Server()
mcp.initialize()
listed, line_bytes = mcp.request("tools/list", {})
tools = listed["result"]["tools"]
result_bytes = len(json.dumps(listed["result"], separators=(",", ":"), ensure_ascii=False).encode())

for _ in range(20):
    mcp.call("list_pages", {})
lists = []
for _ in range(RUNS):
    started = time.perf_counter()
    mcp.call("list_pages", {})
    lists.append((time.perf_counter() - started) * 1000)

mcp.call("new_page", {"url": FORM})
for _ in range(5):
    mcp.call("take_snapshot", {})
snapshots = []
for _ in range(SNAPSHOTS):
    started = time.perf_counter()
    result = mcp.call("take_snapshot", {})
    snapshots.append((time.perf_counter() - started) * 1000)
snapshot_text = result["content"][0]["text"]
mcp.close()

cli = []
for _ in range(CLI_RUNS):
    started = time.perf_counter()
    out = subprocess.run([CDT, "page", "list"], capture_output=True)
    cli.append((time.perf_counter() - started) * 1000)
    if b'"ok":true' not in out.stdout:
        sys.exit(f"cdt page list failed: {out.stdout!r}")

print(f"tools/list: {len(tools)} tools, {result_bytes:,} bytes (result), {line_bytes:,} bytes (JSON-RPC line)")
row("spawn cdt mcp → initialize answered", spawns)
row("warm tools/call list_pages (round trip)", lists)
row(f"warm tools/call take_snapshot form.html", snapshots)
print(f"{'':<44} snapshot text {len(snapshot_text.encode()):,} bytes")
row("reference: warm one-shot `cdt page list`", cli)
PY
