#!/usr/bin/env bash
# Stress (issue 20.2): BENCH_AGENTS agents (default 10) × BENCH_COMMANDS mixed commands each
# (default 50) at once — open, snapshot, click, fill, eval, console and network reads,
# screenshot — 70 % in contexts of their own and the rest in one `--share-group`. Each agent
# checks what it sees is its own: its pages' URLs carry its name, its cookie is the only one
# it reads (isolated agents), its console and network lists name only its pages. Prints
# errors by code, leaks, and p50 / p99 per operation.
#
# Local server on 127.0.0.1 and a private CDT_HOME, both removed on exit. No thresholds.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo build --release --quiet -p cdt -p cdt-daemon
bash scripts/ensure-deps.sh
export CDT_HOME
CDT_HOME=$(mktemp -d /tmp/cdt-stress.XXXX)
trap 'target/release/cdt daemon stop >/dev/null 2>&1 || true; rm -rf "$CDT_HOME"' EXIT

python3 - "$PWD/target/release/cdt" <<'PY'
import collections, http.server, json, os, random, socketserver, subprocess, sys, threading, time
sys.path.insert(0, os.path.join(os.getcwd(), "bench"))
from benchkit import pct  # noqa: E402

CDT = sys.argv[1]
AGENTS = int(os.environ.get("BENCH_AGENTS", "10"))
COMMANDS = int(os.environ.get("BENCH_COMMANDS", "50"))
SHARED = max(1, AGENTS * 3 // 10)

class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass
    def do_GET(self):
        agent = self.path.strip("/").split("/")[0].split("?")[0]
        if self.path.endswith("/api"):
            body = json.dumps({"agent": agent}).encode()
            kind = "application/json"
        else:
            body = f"""<title>{agent}</title><h1>{agent}</h1>
<input aria-label="Name"><button onclick="document.querySelector('h1').textContent = '{agent} clicked'">Go</button>
<script>document.cookie = 'owner={agent}; path=/'; console.log('page of {agent}'); fetch('/{agent}/api')</script>""".encode()
            kind = "text/html"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
threading.Thread(target=server.serve_forever, daemon=True).start()
base = f"http://127.0.0.1:{server.server_address[1]}"

times = collections.defaultdict(list)
errors = collections.Counter()
leaks = []
lock = threading.Lock()

def run(env, op, *args):
    started = time.perf_counter()
    out = subprocess.run([CDT, *args], capture_output=True, text=True, env=env)
    elapsed = (time.perf_counter() - started) * 1000
    try:
        reply = json.loads(out.stdout)
    except ValueError:
        reply = {"ok": False, "error": {"code": "UNPARSEABLE"}}
    with lock:
        times[op].append(elapsed)
        if not reply.get("ok"):
            errors[(op, reply["error"]["code"])] += 1
    return reply.get("data") or {}

def agent(n):
    name = f"agent{n}"
    env = dict(os.environ)
    shared = n < SHARED
    if shared:
        env["CDT_SHARE_GROUP"] = "stress"
    env["CDT_CONTEXT_ID"] = name
    rng = random.Random(n)
    page = run(env, "page open", "page", "open", f"{base}/{name}/index.html").get("id")
    for _ in range(COMMANDS):
        op = rng.choice(["snapshot", "click", "fill", "eval", "console", "network", "screenshot", "list"])
        if op == "snapshot":
            run(env, op, "capture", "snapshot", "--interactive", "--page", str(page))
        elif op == "click":
            run(env, op, "element", "click", "--selector", "button", "--page", str(page))
        elif op == "fill":
            run(env, op, "element", "fill", "--selector", "input", "--page", str(page), name)
        elif op == "eval":
            value = run(env, op, "runtime", "eval", "document.title", "--page", str(page)).get("value")
            if value is not None and value != name:
                leaks.append(f"{name} read the title {value!r}")
        elif op == "console":
            for message in run(env, op, "console", "list").get("messages", []):
                owner = message.get("text", "").removeprefix("page of ")
                if message.get("text", "").startswith("page of ") and owner != name and not shared:
                    leaks.append(f"{name} saw console of {owner}")
        elif op == "network":
            for request in run(env, op, "network", "list").get("requests", []):
                url = request.get("url", "")
                if not shared and base in url and f"/{name}/" not in url and not url.endswith("/favicon.ico"):
                    leaks.append(f"{name} saw request {url}")
        elif op == "screenshot":
            run(env, op, "capture", "screenshot", "--page", str(page), "--file", f"/tmp/stress-{name}.png")
        else:
            for p in run(env, op, "page", "list").get("pages", []):
                if not shared and f"/{name}/" not in p.get("url", ""):
                    leaks.append(f"{name} saw page {p.get('url')}")
    if not shared:
        cookie = run(env, "eval", "runtime", "eval", "document.cookie", "--page", str(page)).get("value", "")
        if cookie != f"owner={name}":
            leaks.append(f"{name} reads cookies {cookie!r}")

started = time.perf_counter()
threads = [threading.Thread(target=agent, args=(n,)) for n in range(AGENTS)]
for t in threads:
    t.start()
for t in threads:
    t.join()
wall = time.perf_counter() - started


print(f"{AGENTS} agents × {COMMANDS} commands ({AGENTS - SHARED} isolated, {SHARED} in one share group) in {wall:.1f} s")
for op in sorted(times):
    print(f"  {op:<12} n={len(times[op]):>4}  p50 {pct(times[op], .5):8.1f} ms  p99 {pct(times[op], .99):8.1f} ms")
print(f"errors: {sum(errors.values())}" + "".join(f"\n  {op}: {code} ×{count}" for (op, code), count in sorted(errors.items())))
print(f"cross-context leaks: {len(leaks)}" + "".join(f"\n  {leak}" for leak in leaks[:20]))
PY
